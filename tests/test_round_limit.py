"""A round limit shows as "round 2 of 3", and the round shown after the limit is never "4"
(issue 35, point 7). The number and the limit come from the core (read_model.shown_round)."""

from __future__ import annotations

import pytest
from textual.widgets import Label

from scorekeeper.core.games import get_game
from scorekeeper.core.header import make_header
from scorekeeper.core.read_model import shown_round
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.toned_digits import TonedDigits
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


def played(game_id: str, lines: list[str], **options: str) -> Session:
    session = Session(make_header(game_id, ["A", "B", "C"], options or None))
    for line in lines:
        session.commit(session.check(parse_entry(get_game(game_id), split_line(line))))
    return session


def test_the_core_says_the_round_and_its_limit():
    session = played("indian-lowest", [], rounds="3")
    assert shown_round(session.state) == (1, 3)
    session = played("indian-lowest", ["round", "lose A"], rounds="3")
    assert shown_round(session.state) == (2, 3)  # the next one
    three = ["round", "lose A"] * 3
    session = played("indian-lowest", three, rounds="3")
    assert session.state.finished
    assert shown_round(session.state) == (3, 3)  # the last, never 4
    assert session.game.headline(session.state).value == 3
    assert shown_round(played("indian-lowest", ["round"]).state) == (1, None)


async def test_the_table_says_round_2_of_3_and_never_4(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {"rounds": "3"}))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "s", "2", "enter", "n"])
        shown = str(app.screen.query_one("#stake-round", Label).render())
        assert "round 2 of 3" in shown
        await press_all(pilot, ["s", "2", "enter"])
        shown = str(app.screen.query_one("#stake-round", Label).render())
        assert "round 3 of 3" in shown


async def test_the_tally_never_shows_the_round_after_the_limit(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-lowest", ["A", "B", "C"], {"rounds": "2"}))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "s", "1", "enter", "n", "s", "2", "enter"])
        await press_all(pilot, ["escape"] * (len(app.screen_stack) - 2))  # the final standings
        assert app.screen.query_one("#tally-digits", TonedDigits).value == "2"  # not 3


def test_mid_round_standings_are_those_after_the_last_finished_round():
    """Chips in the pot are not lost yet (issue 35, point 7): in a round, the standings
    are the ones after the last finished round, for the app and the page alike."""
    from scorekeeper.core.standings import standings
    from scorekeeper.export.live import live_view

    lines = ["round", "turned 8D", "claim B ace", "pass B", "pass C", "pass A", "out B"]
    session = played("pochen", lines, stack="50")
    after = [(s.rank, s.player, s.net) for s in standings(session.state)]
    assert after == [(1, "B", -3), (2, "A", -9), (2, "C", -9)]
    session.commit(session.check(parse_entry(session.game, ["round"])))  # antes: 27 more in
    assert [(s.rank, s.player, s.net) for s in standings(session.state)] == after
    page = live_view(session, 1, "en")["standings"]
    assert [(s["rank"], s["name"], s["net"]) for s in page] == after
    session = played("indian-chips", ["round", "bet B", "call C"], stack="20")
    assert [s.net for s in standings(session.state)] == [0, 0, 0]


async def test_the_standings_screen_says_they_are_those_before_the_round_in_play(tmp_path):
    from textual.widgets import Static

    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-chips", ["A", "B", "C"], {"stack": "20"}))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "b", "f", "f", "n", "t"])
        title = str(app.screen.query_one("#standings-title", Static).render())
        assert "Standings after 1 round; round 2 is in play" in title
