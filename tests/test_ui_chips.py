"""The chip and lowest-card table screens by keys: C1, C2's side pot, L1."""

from __future__ import annotations

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table_chips import ChipsTable
from scorekeeper.ui.screens.table_lowest import LowestTable
from scorekeeper.ui.widgets.players import PlayerTable
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

C1_KEYS = ["n", "k", "b", "r", "f", "c", "c", "v"]
C1_KEYS += ["k", "s", "enter", "k", "h", "enter", "9", "c", "enter"]  # B=KS C=KH D=9C


def chips_store(tmp_path, stacks=None, parent=None) -> Store:
    store = Store(tmp_path / "data")
    header = make_header(
        "indian-chips", ["A", "B", "C", "D"], {"stack": "20"}, stacks=stacks, parent=parent
    )
    create_session(store, header)
    return store


def lowest_store(tmp_path, **options: str) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-lowest", ["A", "B", "C", "D"], options))
    return store


async def test_c1_by_keys(tmp_path):
    store = chips_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChipsTable)
        await press_all(pilot, C1_KEYS[:1])
        assert screen.state.table.pot == 4
        assert "B to act" in str(screen.query_one("#pot-turn").render())
        await press_all(pilot, C1_KEYS[1:7])
        assert screen.state.table.pot == 28
        assert screen.state.table.betting.turn(screen.state) is None
        assert screen.check_action("call", ()) is False
        await press_all(pilot, C1_KEYS[7:])
        assert dict(screen.state.scores) == {"A": 19, "B": 25, "C": 25, "D": 11}
    assert dict(load_session(store, 1).state.scores) == {"A": 19, "B": 25, "C": 25, "D": 11}


async def test_c2_side_pot_and_ranking_by_seat_numbers(tmp_path):
    store = chips_store(tmp_path, stacks={"A": 5}, parent="D")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "b", "r", "c", "r", "c", "f"])
        layers = str(screen.query_one("#pot-layers").render())
        assert "main pot 20: A B D" in layers and "side pot 20: B D" in layers
        await press_all(pilot, ["s", *"1 > 4 > 2", "enter"])  # A > D > B by seats
        assert dict(screen.state.scores) == {"A": 20, "B": 7, "C": 11, "D": 27}


LONG = ["Christopher Robinson", "Alexandra Montgomery-Smith", "千尋", "Dai"]


async def test_long_names_take_seat_numbers_in_the_pot_and_wrap_in_the_seats(tmp_path):
    """Names too long for the pot panel are given by seat there (the lines under them
    would be cut otherwise); in the seats table they wrap. Taller, the names come back."""
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-chips", LONG, {"stack": "20"}))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "b", "r", "c", "r"])
        layers = str(screen.query_one("#pot-layers").render())
        # nobody is all-in: one pot, whatever the calls still to come (no side pot yet)
        assert layers.splitlines()[:2] == [
            "main pot 32: seats 1 2 3 4",
            "not called yet 4: seats 1",
        ]
        table = screen.query_one("#players", PlayerTable)
        assert table.name_width is not None
        assert table.name_width < max(len(name) for name in LONG)
        assert sum(table.column_widths) <= table.scrollable_content_region.width
        assert table.row_heights == (2, 2, 1, 1)
        assert [row[1] for row in table.cells()[1:]] == [f"{LONG[0]} dealer ✎", *LONG[1:]]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        layers = str(screen.query_one("#pot-layers").render())
        assert "main pot 32: Christopher Robinson Alexandra Montgomery-Smith 千尋 Dai" in (
            " ".join(layers.split())
        )
        assert table.row_heights == (1, 1, 1, 1)
        assert table.name_width is None


async def test_out_of_turn_and_check_facing_a_bet_explain(tmp_path):
    store = chips_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "b"])  # B bets
        before = screen.state
        await press_all(pilot, ["k"])  # C may not check facing a bet
        message = str(screen.query_one("#message").render())
        assert "C cannot check facing a bet" in message
        assert screen.state == before
        await press_all(pilot, ["s"])  # no showdown while betting is open
        assert "it is C's turn" in str(screen.query_one("#message").render())


async def test_a_betting_key_once_the_betting_has_closed_says_why_in_the_rules_words(tmp_path):
    """The key is explained by the core's predicate of its entry (Session.why_not), the one
    that keeps it off the footer, not by an entry made up with nobody in it."""
    app = ScorekeeperApp(chips_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "k", "k", "k", "k"])  # everyone checks: betting closes
        assert screen.check_action("bet", ()) is False
        before = screen.state
        await press_all(pilot, ["b"])
        message = str(screen.query_one("#message").render())
        assert "betting has closed: enter the showdown" in message
        assert "no player" not in message
        assert screen.state == before


async def test_l1_by_keys(tmp_path):
    store = lowest_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LowestTable)
        await press_all(pilot, ["n", "d", "2", "enter"])  # B redraws
        assert screen.state.table.redraws == frozenset({"B"})
        await press_all(pilot, ["d", "2", "enter"])  # a second redraw is refused in the dialog
        assert "already redrawn" in str(app.screen.query_one("#pick-error").render())
        await press_all(pilot, ["escape", "v"])
        await press_all(pilot, [*"3h", "enter", *"2c", "enter", *"kd", "enter", *"2s", "enter"])
        assert dict(screen.state.scores) == {"A": 0, "B": 1, "C": 0, "D": 1}
        await press_all(pilot, ["n", "s", *"3", "enter"])  # C loses round 2
        assert dict(screen.state.scores) == {"A": 0, "B": 1, "C": 1, "D": 1}


def test_chips_snapshot(snap_compare, tmp_path):
    app = ScorekeeperApp(chips_store(tmp_path, stacks={"A": 5}, parent="D"), 1, clock=fixed_clock())
    assert snap_compare(app, press=["n", "b", "r", "c", "r"], terminal_size=(80, 24))


def test_lowest_snapshot(snap_compare, tmp_path):
    app = ScorekeeperApp(lowest_store(tmp_path), 1, clock=fixed_clock())
    keys = ["n", "s", "2", "enter", "n", "d", "3", "enter"]
    assert snap_compare(app, press=keys, terminal_size=(80, 24))


async def test_new_chips_session_with_its_own_stacks(tmp_path):
    from textual.widgets import Input, Select

    from scorekeeper.ui.screens.new_session import NewSessionScreen
    from tests.ui_support import app_recording_opens, mounted, on_top, settled

    store = Store(tmp_path / "data")
    app, opened = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_all(pilot, ["n"])
        form = await on_top(pilot, NewSessionScreen, "#new-game")
        form.query_one("#new-game", Select).value = "indian-chips"
        assert await settled(pilot, lambda: mounted(form, "#opt-stacks"))
        form.query_one("#new-name", Input).focus()
        for name in ("A", "B", "C"):
            await press_all(pilot, [*name.lower(), "enter"])
        form.query_one("#opt-stacks", Input).value = "a5"
        await press_all(pilot, ["ctrl+s"])
        assert "'a5' should be a player and chips joined by =" in str(
            form.query_one("#error-stacks").render()
        )
        assert opened == []
        form.query_one("#opt-stacks", Input).value = "a=5"
        await press_all(pilot, ["ctrl+s"])
        assert opened == [1]
    session = load_session(store, 1)
    assert session.header.game == "indian-chips"
    assert dict(session.header.stacks) == {"a": 5}
    assert dict(session.state.scores) == {"a": 5, "b": 100, "c": 100}
