"""Numbers stay with players in the app (issue 35, point 4): after Eve joins between Ben
and Chika, pressing 3 in a pick still means Chika; the players' table lists the seats in
seating order, each with its player's number; the pick list shows the same numbers."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from scorekeeper.services.recording import load_session
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import PickPlayerDialog
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.players import PlayerTable
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

TABLE = ["Aki", "Ben", "Chika", "Dai"]
IN_ORDER = [("1", "Aki"), ("2", "Ben"), ("5", "Eve"), ("3", "Chika"), ("4", "Dai")]


def numbered_rows(app: ScorekeeperApp) -> list[tuple[str, str]]:
    cells = app.screen.query_one(PlayerTable).cells()[1:]
    return [(row[0], row[1].split()[0]) for row in cells]


def listed(app: ScorekeeperApp) -> list[str]:
    options = app.screen.query_one("#pick-list", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_after_eve_joins_between_ben_and_chika_3_still_folds_chika(
    tmp_path, monkeypatch, lang
):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    store = new_store(tmp_path, TABLE)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["j", *"Eve", "enter", "2", "enter"])  # Eve sits after Ben
        assert isinstance(app.screen, TableScreen)
        assert numbered_rows(app) == IN_ORDER
        await press_all(pilot, ["n", "f"])  # round 1; a child folds (the parent is Aki)
        assert isinstance(app.screen, PickPlayerDialog)
        assert listed(app) == [" 2  Ben", " 5  Eve", " 3  Chika", " 4  Dai"]
        await press_all(pilot, ["3", "enter"])
        assert isinstance(app.screen, TableScreen)
        assert app.screen.recording.session.events[-1].data == {"player": "Chika"}
        await press_all(pilot, ["f", "5", "enter"])  # and 5 is Eve
        assert app.screen.recording.session.events[-1].data == {"player": "Eve"}
        assert numbered_rows(app) == IN_ORDER
    folds = [e.data["player"] for e in load_session(store, 1).events if e.kind == "fold"]
    assert folds == ["Chika", "Eve"]


def test_numbers_typed_in_a_ranking_or_in_pairs_are_the_players_own():
    """The boxes that take a ranking (``3 > 2 = 5``) or name=cards pairs read numbers as
    the players' own numbers, asked of the core (ui/seats.py)."""
    from scorekeeper.core.header import make_header
    from scorekeeper.core.session import Session
    from scorekeeper.ui.seats import by_seat, seat_names, seat_pairs
    from tests.rules_support import enter

    session = Session(make_header("indian-chips", TABLE, {}))
    enter(session, "join Eve after Ben")
    state = session.state
    assert by_seat(state, "3") == "Chika" and by_seat(state, "5") == "Eve"
    assert by_seat(state, "6") == "6"  # nobody's number: left as typed, for the core to refuse
    assert seat_names(state, "3 > 2 = 5") == ["Chika", ">", "Ben", "=", "Eve"]
    assert seat_pairs(state, "3=KD,KS 5=9C") == [("Chika", "KD,KS"), ("Eve", "9C")]
