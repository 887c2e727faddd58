"""Terminal-safe text (issue 12, point 6): no user text reaches a terminal with its control
characters or bidi overrides live; they are shown as escapes, in the CLI and in the app."""

from __future__ import annotations

from datetime import UTC, datetime

from scorekeeper.core.events import Event, frozen
from scorekeeper.core.header import make_header
from scorekeeper.core.text import visible
from scorekeeper.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.log import LogPanel
from tests.cli_support import run

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


def test_a_transcript_export_never_carries_a_live_escape(capsys, home):
    stored_with_an_old_note(home)
    code, out, _ = run(capsys, "export", "1", "--format", "transcript")
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert out.rstrip().splitlines()[-1].endswith(f"note '{SHOWN}'")
    # and it reads back: the note as it is shown (such notes can no longer be typed)
    path = home.parent / "back.txt"
    path.write_text(out, encoding="utf-8")
    code, _, err = run(capsys, "import", str(path))
    assert code == 0, err
