"""Terminal-safe text (issue 12, point 6): a note is kept as typed, but no view passes its
control characters or bidi overrides on live: terminals and exports show them as escapes,
JSON as \\u escapes, and a transcript in $'…' quotes that read back identically."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.core.events import Event, frozen
from scorekeeper.core.header import make_header
from scorekeeper.messages.text import visible
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.log import LogPanel
from tests.cli_support import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
HOSTILE = "\x1b]0;OWNED\x07\x1b[8mhidden\u202eesrever"
SHOWN = "\\x1b]0;OWNED\\x07\\x1b[8mhidden\\u202eesrever"


def test_visible_escapes_controls_and_overrides_and_keeps_the_rest():
    assert visible(HOSTILE) == SHOWN
    assert visible("Aki 佐藤 👨\u200d👩\u200d👧") == "Aki 佐藤 👨\u200d👩\u200d👧"


def stored_with_an_old_note(home) -> Store:
    """A session stored before notes were checked, holding escapes in a note."""
    store = Store(home)
    header = make_header("indian-official", ["A", "B", "C"], {})
    note = Event(1, datetime(2026, 11, 29, 12, tzinfo=UTC), "A", "note", frozen({"text": HOSTILE}))
    create_session(store, header, [note])
    return store


def test_the_command_line_never_prints_a_live_escape(capsys, home):
    stored_with_an_old_note(home)
    code, out, _ = run(capsys, "timeline", "1")
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert out.rstrip().endswith(f"note: {SHOWN}")
    code, out, err = run(capsys, "record", "1", "fold \x1b[31mB")
    assert code == 2 and "\x1b" not in err
    assert err.startswith("1: fold \\x1b[31mB: ")


async def test_the_app_log_never_shows_a_live_escape(home):
    app = ScorekeeperApp(stored_with_an_old_note(home), 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one(LogPanel).render())
    assert "\x1b" not in shown and "\u202e" not in shown
    assert SHOWN in shown


LIVE = ("\x1b", "\x07", "\x9b", "\u202e")


def no_live_escape(text: str) -> bool:
    return not any(ch in text for ch in LIVE)


def test_a_transcript_export_writes_escapes_that_read_back_identically(capsys, home):
    stored_with_an_old_note(home)
    code, out, _ = run(capsys, "export", "1", "--format", "transcript")
    assert code == 0 and no_live_escape(out)
    assert out.rstrip().splitlines()[-1].endswith(f"note $'{SHOWN}'")
    path = home.parent / "back.txt"
    path.write_text(out, encoding="utf-8")
    code, _, err = run(capsys, "import", str(path))
    assert code == 0, err
    assert Store(home).read(2).events[-1]["data"]["text"] == HOSTILE
    code, again, _ = run(capsys, "export", "2", "--format", "transcript")
    assert again.splitlines()[1:] == out.splitlines()[1:]  # all but the receipt line


TYPED = "\x1b]0;OWNED\x07 \x9b2J\u202eesrever"
TYPED_SHOWN = "\\x1b]0;OWNED\\x07 \\x9b2J\\u202eesrever"


def test_a_typed_note_is_kept_and_every_view_shows_it_as_escapes(capsys, home):
    assert run(capsys, "import", str(EXAMPLES / "o1.txt"))[0] == 0
    code, out, err = run(capsys, "record", "1", f"note '{TYPED}'")
    assert code == 0 and no_live_escape(out + err) and TYPED_SHOWN in out
    assert Store(home).read(1).events[-1]["data"]["text"] == TYPED
    for command in (
        ["timeline", "1"],
        ["show", "1"],
        *(["export", "1", "--format", f] for f in ("transcript", "csv", "md", "html")),
    ):
        code, out, _ = run(capsys, *command)
        assert code == 0 and no_live_escape(out), command
        if command[0] == "timeline" or command[-1] == "transcript":  # the others: no notes
            assert TYPED_SHOWN in out or f"$'{TYPED_SHOWN}'" in out, command
    json_commands = (["timeline", "1", "--json"], ["export", "1", "--format", "json"])
    for command in (*json_commands, ["show", "1", "--json"]):
        code, out, _ = run(capsys, *command)
        assert code == 0 and no_live_escape(out), command
        assert command[0] == "show" or TYPED in strings_in(json.loads(out))


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return set().union(*map(strings_in, items))
