"""Finding the keys: help on ? and F1 for every kind of screen, confirm dialogs that name
their keys, the table footer at 80 columns, and keys typed ahead into the cards and export
dialogs (issue 14, point 2 and the rest of point 1).

Key labels are read when the screens are first imported, so the Japanese help is read in a
fresh process started in Japanese (as tests/test_ui_japanese.py does)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.cards import CardsDialog
from scorekeeper.ui.screens.dialogs import ConfirmDialog
from scorekeeper.ui.screens.export_dialog import ExportDialog
from scorekeeper.ui.screens.help import HelpScreen
from scorekeeper.ui.screens.new_session import NewSessionScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.key_bar import KeyBar
from tests.test_ui_pick import settled, type_ahead
from tests.ui_support import PLAYERS, fixed_clock, new_store, press_all

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.usefixtures("steady_screen")


def rows_of(app: ScorekeeperApp, group: str) -> list[tuple[str, str]]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return [(row.keys, row.words) for row in screen.rows if row.group == f"ui_help.group.{group}"]


def ours(app: ScorekeeperApp, group: str) -> list[tuple[str, str]]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return [
        (row.keys, row.words)
        for row in screen.rows
        if row.group == f"ui_help.group.{group}" and row.ours
    ]


EVERYWHERE = [
    ("f2", "日本語 / English"),
    ("^q", "Quit the app"),
    ("^p", "Command palette: every command by name"),
]
#: The switch of players' proposals (w), and the keys answering the first one waiting.
AUTO = "Players' proposals recorded at once, or confirmed by you (an entry)"
TABLE_VIEWS = [
    ("⏎", "Confirm"),
    ("X", "Refuse"),
    ("? / f1", "Help"),
    ("t", "Ranks"),
    ("i", "Log"),
    ("^e", "Export"),
    ("^r", "Correct"),
    ("esc", "Back"),
]


async def test_help_on_a_table_lists_every_key_and_which_are_legal_now(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["question_mark"])
        assert rows_of(app, "now") == [
            ("n", "Round: Start the next round"),
            ("m", "Note: Add a note to the log"),
            ("$", "Rate: Money per point or chip, for the settle-up"),
            ("h", "Book: Hand the record book to another player"),
            ("j", "Join: A new player sits down (between rounds)"),
            ("l", "Leave: A player leaves the rotation (between rounds)"),
            ("e", "End: End the session: the standings become final"),
        ]
        assert rows_of(app, "not_now") == [
            ("f", "Fold: A child folds and owes the current stake"),
            ("r", "Raise: The stake doubles"),
            ("s", "Showdown: Pick the winner of the showdown"),
            ("v", "Cards: Enter the cards shown and let the rules find the winner"),
            ("u", "Undo: Void the latest entry (the log keeps it)"),
            ("w", "Auto: " + AUTO),  # offered while the phones' page runs (issue 46)
        ]
        assert ours(app, "screen") == TABLE_VIEWS
        assert rows_of(app, "everywhere") == EVERYWHERE
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert all(row.translated for row in help_screen.rows)
        # Textual's own keys of the focused list are there too, in our words
        assert ("pgdn", "One page down") in rows_of(app, "field")
        await press_all(pilot, ["escape", "n", "f1"])  # in a round: other keys are legal
        now = [keys for keys, _ in rows_of(app, "now")]
        assert now == ["f", "r", "s", "v", "u", "m", "$", "h"]
        assert [keys for keys, _ in rows_of(app, "not_now")] == ["n", "j", "l", "e", "w"]


@pytest.mark.parametrize("close", ["escape", "question_mark", "f1", "q"])
async def test_help_opens_on_question_mark_and_f1_and_closes(tmp_path, close):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for opening in ("question_mark", "f1"):
            await press_all(pilot, [opening])
            assert isinstance(app.screen, HelpScreen)
            await press_all(pilot, [close])
            assert isinstance(app.screen, TableScreen)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert len(table.recording.session.events) == 0  # no key reached the table


def game_store(tmp_path: Path, game: str) -> Store:
    store = Store(tmp_path / "data")
    options = {"stack": "50"} if game in ("pochen", "indian-chips") else {}
    create_session(store, make_header(game, ["A", "B", "C", "D"], options))
    return store


@pytest.mark.parametrize(
    ("game", "entry_keys"),
    [
        ("indian-official", "frsvnumhjlew$"),
        ("indian-chips", "kbcrfdsvnumhjlyew$"),
        ("indian-lowest", "dvsnumhjlew$"),
        ("pochen", "pgaokbcrfvsxnumhjlyew$"),
    ],
)
async def test_help_lists_every_entry_key_of_each_game(tmp_path, game, entry_keys):
    app = ScorekeeperApp(game_store(tmp_path, game), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["f1"])
        entries = rows_of(app, "now") + rows_of(app, "not_now")
        assert sorted(keys for keys, _ in entries) == sorted(entry_keys)  # $: the rate
        assert ours(app, "screen") == TABLE_VIEWS
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert all(row.translated and row.words for row in help_screen.rows)


async def test_help_on_the_start_screen_and_the_screens_it_opens(tmp_path):
    store = new_store(tmp_path, PLAYERS)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["question_mark"])
        assert ours(app, "screen") == [
            ("n", "New"),
            ("a", "Same table"),
            ("d / del", "Delete"),
            ("s", "Stats"),
            ("space", "Mark"),
            ("$", "Settle"),
            ("q", "Quit"),
        ]
        assert ("⏎", "Resume") in rows_of(app, "field")
        assert rows_of(app, "everywhere") == [EVERYWHERE[0], ("? / f1", "Help"), *EVERYWHERE[1:]]
        await press_all(pilot, ["escape", "d", "f1"])  # the delete confirmation
        assert ours(app, "screen") == [
            ("f1 / ?", "Help"),
            ("y", "Yes"),
            ("n / esc", "No"),
        ]
        assert ("⏎", "Press the selected button") in rows_of(app, "field")
        assert rows_of(app, "everywhere") == EVERYWHERE[1:]
        await press_all(pilot, ["escape", "n"])
        assert isinstance(app.screen, ConfirmDialog) is False
        await press_all(pilot, ["s", "f1"])  # stats: the date box is not focused
        assert ours(app, "screen") == [("esc", "Back"), ("g", "Next game")]
        await press_all(pilot, ["escape", "escape", "n", "f1"])  # the new-session form
        assert ours(app, "screen") == [("^s", "Create"), ("esc", "Cancel")]
        assert ("f1", "Help") in rows_of(app, "everywhere")  # ? types into the name box
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert all(row.translated for row in help_screen.rows)


async def test_help_on_the_timeline_and_the_standings(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["i", "f1"])
        assert ours(app, "screen") == [
            ("a", "All"),
            ("s", "Stake"),
            ("r", "Round"),
            ("p", "Player"),
            ("g", "At time"),
            ("esc / i / q", "Back"),
        ]
        await press_all(pilot, ["escape", "escape", "t", "question_mark"])
        # the rate and the copy are listed (offered once the session has ended), and scrolling
        assert ours(app, "screen") == [
            ("esc / t / q", "Back"),
            ("$", "Rate"),
            ("c", "Copy"),
            ("pgdn", "Scroll"),
        ]


async def test_confirm_dialogs_name_their_keys(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "u"])
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert str(dialog.query_one("#confirm-keys").render()) == "y: Undo it · n / esc: Cancel"
        await press_all(pilot, ["n", "u", "y", "e"])  # the round undone: the session may end
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert str(dialog.query_one("#confirm-keys").render()) == "y: End · n / esc: Cancel"
        await press_all(pilot, ["escape", "escape", "d"])  # back on the start screen: delete
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        keys = str(dialog.query_one("#confirm-keys").render())
        assert keys == "y: Move to trash · n / esc: Cancel"


async def test_the_table_footer_keeps_the_legal_keys_help_and_the_palette_at_80(tmp_path):
    app = ScorekeeperApp(game_store(tmp_path, "indian-chips"), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        footer = app.screen.query_one(KeyBar)
        shown = [key for key, _ in footer.shown()]
        # between rounds eight entries are legal: they, help and the palette stay
        assert shown == ["n", "m", "h", "j", "l", "y", "e", "?", "esc", "^p"]
        await pilot.resize_terminal(120, 30)
        await pilot.pause(0.2)
        shown = [key for key, _ in footer.shown()]
        # $ (the rate) where there is room: at 80 it gives way (help names it)
        assert shown == ["n", "m", "$", "h", "j", "l", "y", "e", "?", "t", "i", "esc", "^p"]


async def test_cards_typed_ahead_reach_each_field_and_then_the_table(tmp_path):
    """The key that opens the cards dialog, every card with its Enter, and a note after it,
    all at machine speed: each card lands in its own field, the showdown is recorded, and
    the note gets exactly its own letters."""
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await press_all(pilot, ["n"])
        burst = ["v"]
        for card in ("AS", "2H", "KC", "QD", "3S"):
            burst += [*card, "enter"]
        burst += ["m", *"zz", "enter"]
        type_ahead(app, burst)
        await settled(pilot, app, lambda: len(table.recording.session.events) >= 3)
        events = [(e.kind, dict(e.data)) for e in table.recording.session.events]
        assert events[1] == (
            "showdown",
            {"cards": {"A": "AS", "B": "2H", "C": "KC", "D": "QD", "E": "3S"}},
        )
        assert events[2] == ("note", {"text": "zz"})
        assert len(events) == 3


async def test_a_refused_card_keeps_the_dialog_and_what_follows_reaches_it(tmp_path):
    """A duplicate card at machine speed: the dialog stays, the keys after the Enter reach
    it (not the table beneath), and Escape then closes it."""
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await press_all(pilot, ["n"])
        burst = ["v"]
        for card in ("AS", "AS", "KC", "QD", "3S"):
            burst += [*card, "enter"]
        burst += ["n", "e"]  # would start nothing and end the session if they leaked
        type_ahead(app, burst)
        for _ in range(200):  # until the burst is dealt with; the cap only stops a hang
            top = app.screen
            if isinstance(top, CardsDialog) and top._cards()["B"] == "ne":
                break
            await pilot.pause(0.05)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        # the refusal puts the cursor back on the repeated card, selected: what follows
        # replaces it
        assert dialog._cards()["B"] == "ne"
        assert dialog._cards()["E"] == "3S"
        assert len(table.recording.session.events) == 1


async def test_export_typed_ahead_writes_and_the_next_keys_reach_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))  # the dialog's own file name, under ~
    target = tmp_path / "scorekeeper-session-1.txt"
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        burst = ["ctrl+e", "enter", "enter", "m", *"ok", "enter"]
        type_ahead(app, burst)
        await settled(pilot, app, lambda: len(table.recording.session.events) >= 1)
        assert not isinstance(app.screen, ExportDialog)
        assert "\ngame indian-official\n" in target.read_text(encoding="utf-8")
        assert [dict(e.data) for e in table.recording.session.events] == [{"text": "ok"}]


JAPANESE = r"""
import asyncio, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, {root!r})
from scorekeeper.core.transcript import parse_transcript
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.key_bar import KeyBar
from tests.ui_support import fixed_clock, new_store

async def footer_when_still(pilot, app, read):
    # what the footer shows once it has stopped changing (it fits itself after a refresh)
    last = None
    for _ in range(600):
        await pilot.pause(0.05)
        now = read(app.screen.query_one(KeyBar))
        if now == last:
            return now
        last = now
    return last

async def main():
    out = {{}}
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder), ["亜紀", "ベン", "千尋", "大", "恵美"]), 1,
                             clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            out["footer"] = await footer_when_still(
                pilot, app, lambda f: [key for key, _ in f.shown()]
            )
            await pilot.press("question_mark")
            await pilot.pause()
            out["help"] = [[r.group, r.keys, r.words, r.translated] for r in app.screen.rows]
            await pilot.press("escape")
            await pilot.press("n")
            await pilot.press("u")
            await pilot.pause()
            out["confirm"] = str(app.screen.query_one("#confirm-keys").render())
            await pilot.press("escape")
            await pilot.press("escape")  # the start screen
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            out["start"] = [[r.group, r.keys, r.words, r.translated] for r in app.screen.rows]
        app.finish_writing()  # the checkpoints it writes as it leaves, before the folder goes
    with tempfile.TemporaryDirectory() as folder:  # chips between rounds: the most keys
        transcript = parse_transcript((Path({root!r}) / "examples" / "c1.txt").read_text())
        store = Store(Path(folder) / "data")
        create_session(store, transcript.header)
        app = ScorekeeperApp(store, 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _, entry in transcript.entries:
                app.screen.record(entry)
            out["crowded"] = await footer_when_still(
                pilot, app, lambda f: [[key, words] for key, words in f.shown()]
            )
        app.finish_writing()
    print(json.dumps(out, ensure_ascii=False))

asyncio.run(main())
"""


def test_help_footer_and_confirm_keys_in_japanese():
    env = dict(os.environ, SCOREKEEPER_LANG="ja", TZ="UTC")
    script = JAPANESE.format(root=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script], check=True, env=env, capture_output=True, text=True
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["confirm"] == "y: 取り消す · n / esc: キャンセル"
    assert out["footer"] == ["n", "m", "h", "j", "l", "e", "?", "esc", "^p"]
    # eight legal entries in Japanese: ranks, log and back give way, then the palette's
    # word, then the hand-over; ctrl+r (a round has finished) stays
    assert out["crowded"] == [
        ["n", "ラウンド"],
        ["u", "取消"],
        ["m", "メモ"],
        ["j", "参加"],
        ["l", "離席"],
        ["y", "買い足し"],
        ["e", "終了"],
        ["?", "ヘルプ"],
        ["^r", "訂正"],
        ["^p", ""],
    ]
    rows = {(group.rsplit(".", 1)[1], keys): words for group, keys, words, _ in out["help"]}
    assert rows["now", "n"] == "ラウンド:次のラウンドを始める"
    assert rows["not_now", "f"].startswith("降りる:")
    assert rows["screen", "^e"] == "書き出し"
    assert rows["screen", "^r"] == "訂正"
    assert rows["screen", "? / f1"] == "ヘルプ"
    assert rows["everywhere", "^p"] == "コマンド一覧(名前で探して実行)"
    assert rows["everywhere", "^q"] == "アプリを終了"
    assert rows["field", "pgdn"] == "1画面下へ"
    assert all(translated for *_, translated in out["help"])
    start = [(keys, words) for group, keys, words, _ in out["start"] if group.endswith("screen")]
    assert start[:4] == [("n", "新規"), ("a", "同じ卓"), ("d / del", "削除"), ("s", "統計")]
    assert ("q", "終了") in start
    everywhere = [(k, w) for group, k, w, _ in out["start"] if group.endswith("everywhere")]
    assert everywhere == [
        ("f2", "English / 日本語"),
        ("? / f1", "ヘルプ"),
        ("^q", "アプリを終了"),
        ("^p", "コマンド一覧(名前で探して実行)"),
    ]
    assert all(translated for *_, translated in out["start"])


async def test_a_name_typed_right_after_n_reaches_the_new_session_form(tmp_path):
    """The start screen's n and the names after it, at machine speed: every letter lands
    in the name box (the first used to go to the game list) and each Enter seats one."""
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        type_ahead(app, ["n", *"Ann", "enter", *"Bob", "enter", *"Cy"])
        for _ in range(40):
            await pilot.pause(0.02)
        form = app.screen
        assert isinstance(form, NewSessionScreen)
        assert form.seats == ["Ann", "Bob"]
        assert form.query_one("#new-name", Input).value == "Cy"


async def test_keys_typed_after_closing_help_reach_the_table(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        type_ahead(app, ["question_mark", "escape", "m", *"zz", "enter"])
        type_ahead(app, ["f1", "q", "m", *"yy", "enter"])
        await settled(pilot, app, lambda: len(table.recording.session.events) >= 2)
        notes = [dict(e.data) for e in table.recording.session.events]
        assert notes == [{"text": "zz"}, {"text": "yy"}]


@pytest.mark.parametrize("view", ["i", "t"])
async def test_keys_typed_after_leaving_a_view_reach_the_table(tmp_path, view):
    """The timeline or the standings, closed and a note typed at once: the note's letters
    reach the note box, none is lost in the view that closes."""
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        type_ahead(app, [view, "escape", "m", *"zz", "enter"])
        await settled(pilot, app, lambda: len(table.recording.session.events) >= 1)
        assert [dict(e.data) for e in table.recording.session.events] == [{"text": "zz"}]


async def test_the_help_says_how_to_close_and_scroll_it(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["f1"])
        hint = str(app.screen.query_one("#help-close-hint").render())
        assert hint == "f1 / ? / esc / q: close · ↑ / ↓ / pgup / pgdn: scroll"


async def test_the_footer_is_painted_again_only_when_its_keys_change(tmp_path, monkeypatch):
    """A raise leaves the same keys legal: the key bar is not touched (Textual's footer
    made all its keys again, a third of a key's time); a new round and a showdown change
    them: painted again, and never laid out again."""
    asked: list[bool] = []
    real = KeyBar.refresh

    def refresh(self, *regions, **kwargs):
        asked.append(bool(kwargs.get("layout")))
        return real(self, *regions, **kwargs)

    monkeypatch.setattr(KeyBar, "refresh", refresh)
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause(0.2)
        footer = app.screen.query_one(KeyBar)
        between = footer.shown()
        await press_all(pilot, ["n"])
        await pilot.pause(0.2)
        during = footer.shown()
        assert ("r", "Raise") in during and all(key != "n" for key, _ in during)
        asked.clear()
        await press_all(pilot, ["r", "r"])
        await pilot.pause(0.2)
        assert asked == []  # the same keys: not painted again
        await press_all(pilot, ["s", "2", "enter"])
        await pilot.pause(0.2)
        after = footer.shown()
        assert asked and not any(asked)  # painted again, laid out never
        assert after[0] == between[0] == ("n", "Round") and ("u", "Undo") in after
        assert all(key != "r" for key, _ in after)


async def test_footers_have_their_keys_in_the_first_frame(tmp_path, monkeypatch):
    """Textual's footer made no key until the screen's bindings were reported, then made
    them all in a later frame (CI once painted a table with an empty footer). The key bar
    reads them as it paints: the first line painted on the start screen and at the table
    has its keys."""
    first: dict[str, str] = {}
    real = KeyBar.render_line

    def render_line(self, y):
        line = real(self, y)
        kind = "table" if isinstance(self.screen, TableScreen) else type(self.screen).__name__
        first.setdefault(kind, line.text)
        return line

    monkeypatch.setattr(KeyBar, "render_line", render_line)
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), clock=fixed_clock())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause(0.2)
        assert " q Quit " in first["StartScreen"]
        await press_all(pilot, ["enter"])  # the table of session 1
        await pilot.pause(0.2)
        assert "n Round" in first["table"]
