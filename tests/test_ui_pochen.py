"""The Pochen board screen by keys: worked example P1, and snapshots of the board."""

from __future__ import annotations

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table_pochen import PochenTable
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

# P1 by keys: seats A=1 B=2 C=3 D=4, dealer A.
P1_CLAIMS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_CLAIMS += ["a", "3", "enter", *"king queen marriage", "enter"]
P1_POCH = ["o", "b", "3", "enter", "c", "f", "f"]
P1_SHOW = ["v", *"3=KD,KS 4=9C,9D,9S", "enter"]
P1_OUT = ["x", "2", "enter"]


def pochen_store(tmp_path, **options: str) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("pochen", ["A", "B", "C", "D"], {"stack": "50", **options}))
    return store


def board_of(screen: PochenTable) -> dict[str, int]:
    return dict(screen.state.board or {})


async def test_p1_by_keys(tmp_path):
    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PochenTable)
        await press_all(pilot, P1_CLAIMS)
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 53, "D": 41}
        assert "→ C" in str(screen.query_one("#pool-marriage").render())
        await press_all(pilot, P1_POCH + P1_SHOW)
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 50, "D": 48}
        await press_all(pilot, P1_OUT)
        assert dict(screen.state.scores) == {"A": 41, "B": 49, "C": 50, "D": 48}
        board = board_of(screen)
        assert {k: v for k, v in board.items() if v} == {"jack": 4, "ten": 4, "sequence": 4}
        assert "carried ×1" in str(screen.query_one("#pool-jack").render())
        await press_all(pilot, ["n"])  # the next deal, dealer B
        assert dict(screen.state.scores) == {"A": 32, "B": 40, "C": 41, "D": 39}
        board = board_of(screen)
        assert [board[p] for p in ("jack", "ten", "sequence")] == [8, 8, 8]
        assert all(board[p] == 4 for p in ("ace", "king", "queen", "marriage", "poch", "centre"))
    assert dict(load_session(store, 1).state.scores) == {"A": 32, "B": 40, "C": 41, "D": 39}


async def test_p1_with_card_payment(tmp_path):
    store = pochen_store(tmp_path, card_payment="true")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, P1_CLAIMS + P1_POCH + P1_SHOW)
        await press_all(pilot, ["x", "2", "enter", *"1=3 3=2 4=1", "enter"])
        assert dict(app.screen.state.scores) == {"A": 38, "B": 55, "C": 48, "D": 47}


async def test_refusals_on_the_board_change_nothing(tmp_path):
    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "p", *"2s", "enter"])  # no 2 in a 32-card deck
        assert "deck" in str(app.screen.query_one("#text-error").render())
        await press_all(pilot, ["escape"])
        assert screen.state.table.trump is None
        await press_all(pilot, ["g", *"diamonds", "enter", "a", "2", "enter", *"marriage", "enter"])
        assert "marriage" in str(app.screen.query_one("#text-error").render()).lower()
        await press_all(pilot, ["escape"])
        assert dict(screen.state.table.claimed) == {}


def test_board_snapshot_80x24(snap_compare, tmp_path):
    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    assert snap_compare(app, press=[*P1_CLAIMS, "o", "b", "3", "enter"], terminal_size=(80, 24))


def test_board_snapshot_120x40(snap_compare, tmp_path):
    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    keys = P1_CLAIMS + P1_POCH + P1_SHOW + P1_OUT
    assert snap_compare(app, press=keys, terminal_size=(120, 40))


async def test_claims_typed_in_japanese_or_short_in_the_box(tmp_path):
    from textual.widgets import Input

    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "p", *"8d", "enter", "a", "2", "enter", "A", "enter"])
        await press_all(pilot, ["a", "3", "enter"])
        app.screen.query_one(Input).value = "エーズ"  # not a pool: refused, and nothing changes
        await press_all(pilot, ["enter"])
        error = str(app.screen.query_one("#text-error").render())
        assert "'エーズ'" in error and "ace (A), king (K)" in error
        app.screen.query_one(Input).value = "キング、クイーン・ﾏﾘｯｼﾞ"
        await press_all(pilot, ["enter"])
        assert dict(screen.state.table.claimed) == {
            "ace": "B", "king": "C", "queen": "C", "marriage": "C"
        }  # fmt: skip
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 53, "D": 41}
    claims = [e.data["pools"] for e in load_session(store, 1).events if e.kind == "claim"]
    assert claims == [["ace"], ["king", "queen", "marriage"]]
