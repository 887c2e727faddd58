"""The table screen by keys only: worked example O1, undo, refusals, resuming."""

from __future__ import annotations

import pytest

from scorekeeper.services.recording import load_session
from scorekeeper.storage import StorageError
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.players import PlayerTable
from tests.ui_support import fixed_clock, new_store, press_all, settled

O1_ROUNDS = [
    {"A": -40, "B": -10, "C": -20, "D": 90, "E": -20},
    {"A": -60, "B": 70, "C": -40, "D": 70, "E": -40},
    {"A": 740, "B": -90, "C": -360, "D": -90, "E": -200},
    {"A": 730, "B": -100, "C": -370, "D": -50, "E": -210},
]

# Worked example O1 as a recorder types it: seats are A=1 … E=5.
O1_KEYS = [
    ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"],
    ["n", "s", "2", "enter"],
    # raise ×4, D folds, then the cards in seat order of those still in: A B C E
    [
        *["n", "r", "r", "r", "r", "f", "4", "enter", "v"],
        *["k", "c", "enter", "q", "d", "enter", "a", "s", "enter", "2", "h", "enter"],
    ],
    ["n", "f", "5", "enter", "f", "1", "enter", "f", "2", "enter", "f", "3", "enter"],
]


pytestmark = pytest.mark.usefixtures("steady_screen")


def table(app: ScorekeeperApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), type(screen)
    return screen


def shown_scores(app: ScorekeeperApp) -> dict[str, int]:
    players = app.screen.query_one(PlayerTable)
    header = players.cells()[0]
    assert header[2] == "score"
    return {
        name: int(players.row_of(name)[2].replace("+", "")) for name in table(app).state.names()
    }


async def test_o1_by_keys_only(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for number, keys in enumerate(O1_KEYS):
            await press_all(pilot, keys)
            state = table(app).state
            assert dict(state.scores) == O1_ROUNDS[number], f"after round {number + 1}"
            assert shown_scores(app) == O1_ROUNDS[number]
        assert table(app).state.parent == "E"
        result = str(table(app).query_one("#result").render())
        assert "Round 4" in result and "every child folded" in result
    # every entry was stored: the session on disk folds to the same scores
    assert dict(load_session(store, 1).state.scores) == O1_ROUNDS[-1]


async def test_undo_by_keys_asks_and_restores_exactly(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "f", "2", "enter"])
        before = table(app).state
        await press_all(pilot, ["r"])
        assert table(app).state.table.stake == 20
        await press_all(pilot, ["u"])
        question = str(app.screen.query_one(".dialog-question").render())
        assert "stake 10 → 20" in question  # names what it will void
        await press_all(pilot, ["n"])  # no: nothing changes
        assert table(app).state.table.stake == 20
        await press_all(pilot, ["u", "y"])
        assert table(app).state == before
        log = str(table(app).query_one("#log").render())
        assert "voided by #4" in log
    session = load_session(store, 1)
    assert [e.kind for e in session.events] == ["round", "fold", "raise", "undo"]
    assert session.state == before


async def test_raise_at_the_cap_explains_and_changes_nothing(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "r", "r", "r", "r"])
        screen = table(app)
        assert screen.state.table.stake == 160
        assert screen.check_action("raise_stake", ()) is False  # not offered in the footer
        events_before, state_before = len(screen.recording.session.events), screen.state
        await press_all(pilot, ["r"])
        assert "the stake is at the cap (160)" in str(screen.query_one("#message").render())
        assert len(screen.recording.session.events) == events_before
        assert screen.state == state_before
    assert len(load_session(store, 1).events) == events_before


async def test_illegal_pick_is_explained_in_the_dialog(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "f", "1", "enter"])  # seat 1 is the parent
        error = str(app.screen.query_one("#pick-error").render())
        assert "parent may never fold" in error
        await press_all(pilot, ["escape"])
        assert len(table(app).recording.session.events) == 1


async def test_a_storage_failure_records_nothing(tmp_path, monkeypatch):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n"])
        screen = table(app)
        writer = screen.recording._writer

        def full_disk(event):
            raise StorageError("storage.write_failed", path="1.journal", reason="disk full")

        monkeypatch.setattr(writer, "append", full_disk)
        await press_all(pilot, ["r"])
        assert screen.state.table.stake == 10
        assert len(screen.recording.session.events) == 1
        message = str(screen.query_one("#message").render())
        assert "disk full" in message
        assert "stake 10 → 20" not in str(screen.query_one("#log").render())


async def test_close_and_reopen_resumes_the_same_state(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, O1_KEYS[0] + ["n", "r", "f", "3", "enter"])
        state = table(app).state
        await press_all(pilot, ["escape"])
        assert not isinstance(app.screen, TableScreen)
    again = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert table(again).state == state
        await press_all(pilot, ["s", "1", "enter"])  # and recording goes on
        assert table(again).state.round == 2 and not table(again).state.in_round


async def test_footer_offers_exactly_the_legal_actions(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = table(app)

        def offered() -> set[str]:
            return {a for a in ("fold", "raise_stake", "showdown", "showdown_cards",
                                "new_round", "undo", "join", "leave", "end")
                    if screen.check_action(a, ())}  # fmt: skip

        assert offered() == {"new_round", "join", "leave", "end"}
        await press_all(pilot, ["n"])
        assert offered() == {"fold", "raise_stake", "showdown", "showdown_cards", "undo"}


async def test_second_app_on_the_same_session_is_refused(tmp_path):
    store = new_store(tmp_path)
    first = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        second = ScorekeeperApp(store, None)
        async with second.run_test(size=(80, 24)) as other:
            await other.pause()
            assert second.open_session(1) is False
            assert not isinstance(second.screen, TableScreen)


async def test_note_recorder_join_leave_and_end_by_keys(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["m", *"dealer swap", "enter"])
        await press_all(pilot, ["h", "3", "enter"])  # the book goes to C
        await press_all(pilot, ["j", *"Fumi", "enter", "2", "enter"])  # Fumi sits after B
        await press_all(pilot, ["l", "4", "enter"])  # D (still number 4: issue 35) leaves
        state = table(app).state
        assert state.recorder == "C"
        assert state.names() == ("A", "B", "Fumi", "C", "D", "E")
        assert state.seated() == ("A", "B", "Fumi", "C", "E")
        await press_all(pilot, ["e", "y"])
        assert table_state_finished(app)
    session = load_session(store, 1)
    kinds = [e.kind for e in session.events]
    assert kinds == ["note", "recorder", "join", "leave", "end"]
    assert session.events[0].data["text"] == "dealer swap"
    assert session.events[2].recorder == "C"  # entered by the new recorder


def table_state_finished(app: ScorekeeperApp) -> bool:
    from scorekeeper.ui.screens.standings import StandingsScreen

    screen = app.screen
    assert isinstance(screen, StandingsScreen)
    title = str(screen.query_one("#standings-title").render())
    return screen.session.state.finished and "Final standings" in title


async def test_command_palette_offers_the_legal_actions(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = {command.title for command in table(app).palette_commands()}
        assert {
            "Start the next round",
            "A new player sits down (between rounds)",
            "A player leaves the rotation (between rounds)",
            "End the session: the standings become final",
            "Totals, ranks and what each player did",
        } <= titles
        assert "The stake doubles" not in titles
        await press_all(pilot, ["ctrl+p", *"start the next round"])
        await until(pilot, lambda: palette_offers(app, "Start the next round"))
        await press_all(pilot, ["enter"])
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert table(app).state.in_round


async def until(pilot, done, seconds: float = 5.0) -> None:
    """Pause until *done()* holds (the palette searches in the background)."""
    for _ in range(int(seconds * 20)):
        if done():
            return
        await pilot.pause(0.05)
    assert done()


def palette_offers(app: ScorekeeperApp, title: str) -> bool:
    """The command palette is open with *title* as its highlighted (first) command."""
    from textual.command import CommandList

    lists = app.screen.query(CommandList)
    if not lists:
        return False
    found = lists.first()
    index = found.highlighted
    return index is not None and title in str(found.get_option_at_index(index).prompt)


# Correcting a past round by keys: tests/test_ui_correcting.py (the round played again).


def painted(players: PlayerTable) -> list[tuple[object, ...]]:
    """Every line the players' table paints: its stripe, and each cell's words and spans."""
    return [
        (line.style, *((cell.plain, cell.spans) for cell in line.cells)) for line in players._lines
    ]


async def test_the_players_table_is_made_again_only_when_a_row_changed(tmp_path, monkeypatch):
    """A raise changes no row of the players' table: nothing is made again. A new round,
    a fold, a showdown change rows: made again. After each key the table is exactly the
    one made from scratch for the same state."""
    made: list[int] = []
    real_lay_out = PlayerTable._lay_out

    def lay_out(self, *args):
        made.append(1)
        return real_lay_out(self, *args)

    monkeypatch.setattr(PlayerTable, "_lay_out", lay_out)
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = app.screen.query_one(PlayerTable)
        steps = [["n"], ["r"], ["r"], ["s", "2", "enter"], ["n"], ["s", "2", "enter"], ["n"]]
        steps += [["s", "3", "enter"], ["n"], ["f", "3", "enter"], ["s", "1", "enter"]]
        changed = 0
        for keys in steps:
            before = len(made)
            await press_all(pilot, keys)
            await pilot.pause()
            if keys == ["r"]:
                assert len(made) == before
            else:
                changed += len(made) > before
            shown = players.cells(), painted(players)
            players._made = None  # as if never shown: the lines made anew
            table(app).refresh_view()
            await pilot.pause()
            assert (players.cells(), painted(players)) == shown, keys
        assert changed == len(steps) - 2  # every other key changed a row: made again


async def test_more_players_than_lines_scroll_under_a_heading_that_stays(tmp_path):
    """30 players at 80x24: the rows scroll by the arrow keys (the table has the focus
    when the screen opens); the heading stays on top and the last seat can be reached."""
    from scorekeeper.core.header import make_header
    from scorekeeper.services.recording import create_session
    from scorekeeper.storage import Store

    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", [f"P{i}" for i in range(1, 31)]))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = app.screen.query_one(PlayerTable)
        assert app.focused is players
        height = players.size.height
        assert height < 31  # the heading and 30 rows do not fit

        def shown() -> list[str]:
            return [players.render_line(y).text.split()[1] for y in range(height)]

        assert shown()[:2] == ["player", "P1"]
        await press_all(pilot, ["end"])
        # the scroll is drawn after a refresh or two: on a loaded machine, after the wait
        assert await settled(pilot, lambda: shown()[-1] == "P30"), shown()
        assert shown()[0] == "player"
        assert shown()[1] == f"P{31 - height + 1}"  # every line a row, none skipped


async def test_the_rules_are_asked_what_is_legal_once_per_entry(tmp_path, monkeypatch):
    """The footer asks, for each of its keys, whether the rules allow it: once per entry
    the rules are asked, not once per key of the footer (two dozen times a key)."""
    from scorekeeper.core.ledger import Ledger

    asked: list[int] = []
    real = Ledger.legal

    def legal(self: Ledger) -> object:
        asked.append(self.next_seq)
        return real(self)

    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.1)
        monkeypatch.setattr(Ledger, "legal", legal)
        for key in ("n", "r", "r"):
            await press_all(pilot, [key])
            await pilot.pause(0.05)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert len(screen.recording.session.events) == 3  # each key an entry
        assert sorted(set(asked)) == [2, 3, 4]  # the ledger after each entry was asked
        assert len(asked) == 3  # and only once
