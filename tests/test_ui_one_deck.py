"""Issue 17 in the app: the deck's refusals said in the dialogs (nothing recorded), the
sets after everyone passed (all_pass best_set), the redraw key of indian-chips, and a
returning player offered their old seat."""

from __future__ import annotations

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

# P1's claims by keys: seats A=1 B=2 C=3 D=4, dealer A; trump ♦ (8♦ turned).
P1_CLAIMS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_CLAIMS += ["a", "3", "enter", *"king queen marriage", "enter"]
ALL_PASS = ["o", "o", "o", "o"]


def store_of(tmp_path, game: str, **options: str) -> Store:
    store = Store(tmp_path / "data")
    header = make_header(game, ["A", "B", "C", "D"], {"stack": "50", **options})
    create_session(store, header)
    return store


def error_text(app: ScorekeeperApp, widget: str = "#text-error") -> str:
    return str(app.screen.query_one(widget).render())


async def test_a_claimed_card_shown_by_another_is_refused_in_the_dialog(tmp_path):
    store = store_of(tmp_path, "pochen")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, [*P1_CLAIMS, "o", "b", "3", "enter", "c", "f", "f"])
        # C claimed king and queen: D cannot show Q♦
        await press_all(pilot, ["v", *"3=KD,KS 4=QD,QS", "enter"])
        assert error_text(app) == "Q♦ was claimed by C (queen); D cannot show it too"
        await press_all(pilot, ["escape"])
        assert not screen.state.table.settled
        await press_all(pilot, ["v", *"4=8D,8S", "enter"])
        assert error_text(app) == "8♦ is the turned card, in nobody's hand: D cannot show it"
        await press_all(pilot, ["escape"])
        assert not screen.state.table.settled
    kinds = [e.kind for e in load_session(store, 1).events]
    assert "show" not in kinds


async def test_a_sixth_card_claimed_and_a_sixth_card_paid_for_are_refused(tmp_path):
    store = store_of(tmp_path, "pochen", card_payment="true")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "g", *"spades", "enter"])
        await press_all(pilot, ["a", "2", "enter", *"ace king queen jack ten sequence", "enter"])
        assert error_text(app) == (
            "B would hold 8 cards (A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠), but each player is dealt five"
        )
        await press_all(pilot, ["escape"])
        assert dict(screen.state.table.claimed) == {}
        await press_all(pilot, ALL_PASS)
        await press_all(pilot, ["x", "2", "enter", *"1=6 3=2 4=1", "enter"])
        assert error_text(app) == "A cannot have 6 cards left: each player is dealt five"
        await press_all(pilot, ["escape"])
        assert screen.state.in_round
        await press_all(pilot, ["x", "2", "enter", *"1=5 3=2 4=1", "enter"])
        assert not screen.state.in_round


async def test_all_pass_best_set_the_best_set_takes_the_poch_pool_by_keys(tmp_path):
    store = store_of(tmp_path, "pochen", all_pass="best_set")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, [*P1_CLAIMS, *ALL_PASS])
        stage = str(screen.query_one("#pochen-stage").render())
        assert stage == "trump ♦ · nobody bet: best set (v, s), then out (x)"
        await press_all(pilot, ["v", *"3=KD,KS 4=9C,9D,9S", "enter"])
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 53, "D": 45}
        await press_all(pilot, ["x", "2", "enter"])
        assert dict(screen.state.scores) == {"A": 41, "B": 49, "C": 53, "D": 45}


async def test_all_pass_stays_sets_are_not_offered(tmp_path):
    store = store_of(tmp_path, "pochen")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, [*P1_CLAIMS, *ALL_PASS])
        assert screen.check_action("show", ()) is False
        assert "play-out" in str(screen.query_one("#pochen-stage").render())


async def test_the_redraw_key_of_indian_chips(tmp_path):
    store = store_of(tmp_path, "indian-chips", redraw="true")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "d", "4", "enter"])  # D redraws out of turn
        assert screen.state.table.redraws == frozenset({"D"})
        await press_all(pilot, ["d", "4", "enter"])  # a second redraw is refused in the dialog
        assert error_text(app, "#pick-error") == "D has already redrawn in round 1"
        await press_all(pilot, ["escape"])
        await press_all(pilot, ["k", "b", "r", "f"])  # check B, bet C, raise D, fold A
        await press_all(pilot, ["d", "1", "enter"])
        assert error_text(app, "#pick-error") == "A has folded: there is no card left to redraw"
        await press_all(pilot, ["escape", "c", "c"])  # the betting closes
        assert screen.check_action("redraw", ()) is False
        assert screen.state.table.redraws == frozenset({"D"})
    session = load_session(store, 1)
    assert [e.data["player"] for e in session.events if e.kind == "redraw"] == ["D"]


async def test_without_the_option_the_chips_table_offers_no_redraw(tmp_path):
    store = store_of(tmp_path, "indian-chips")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n"])
        assert app.screen.check_action("redraw", ()) is False


async def test_a_returning_player_is_offered_their_old_seat(tmp_path):
    from textual.widgets import OptionList

    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["l", "2", "enter"])  # B leaves
        await press_all(pilot, ["j"])  # who left comes first, Enter brings them back
        options = app.screen.query_one("#choice-list", OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[0] == "B comes back to their seat"
        await press_all(pilot, ["enter"])
        assert screen.state.names() == ("A", "B", "C", "D", "E")
        assert screen.state.seated() == ("A", "B", "C", "D", "E")
        await press_all(pilot, ["j", *"Fumi", "enter"])
        options = app.screen.query_one("#pick-list", OptionList)
        last = options.get_option_at_index(options.option_count - 1)
        assert str(last.prompt) == "the last seat"
