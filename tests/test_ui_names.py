"""Players come and go by name in the app (issue 43, point 6): the names played under
before are suggested, a look-alike is asked about (never merged or split silently), and
Tab on the new-session form keeps a typed name."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.name_question import ChoiceDialog
from scorekeeper.ui.screens.new_session import NewSessionScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.known_names import KnownNames
from tests.ui_support import app_recording_opens as make_app
from tests.ui_support import fixed_clock, press_all, settled, type_burst

pytestmark = pytest.mark.usefixtures("steady_screen")


def store_with(tmp_path, *players: str) -> Store:
    """A data folder where *players* played one session before."""
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", list(players)))
    return store


async def open_form(pilot) -> NewSessionScreen:
    await pilot.pause()
    await type_burst(pilot, ["n"])
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewSessionScreen)
    return screen


def name_box(screen: NewSessionScreen) -> Input:
    return screen.query_one("#new-name", Input)


async def test_tab_away_from_a_typed_name_seats_it_and_coming_back_keeps_typing(tmp_path):
    """Reproduced on main: 'Chie' typed, Tab and Shift+Tab back: the box selected it all
    and 'Dai' replaced it, so Chie was never seated."""
    app, _ = make_app(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await type_burst(pilot, [*"Aki", "enter", *"Ben", "enter", *"Chie"])
        await pilot.press("tab")
        await pilot.pause()
        assert screen.seats == ["Aki", "Ben", "Chie"]  # counted, and offered as parent
        assert name_box(screen).value == ""
        await pilot.press("shift+tab", *"Dai", "enter")
        await pilot.pause()
        assert screen.seats == ["Aki", "Ben", "Chie", "Dai"]
        assert name_box(screen).value == ""


async def test_the_form_suggests_the_names_played_under_before(tmp_path):
    store = store_with(tmp_path, "Akira", "Ben", "Chie")
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        box = name_box(screen)
        assert await settled(pilot, lambda: "Akira" in screen.known)
        await type_burst(pilot, ["a", "k"])
        for _ in range(20):  # the suggestion comes from a worker: Right takes it once there
            await pilot.pause()
        await type_burst(pilot, ["right"])
        assert await settled(pilot, lambda: box.value == "Akira")
        await type_burst(pilot, ["enter", "b"])
        for _ in range(20):
            await pilot.pause()
        await type_burst(pilot, ["right", "enter"])
        await pilot.pause()
        assert screen.seats == ["Akira", "Ben"]


async def test_the_form_reads_the_known_names_itself_off_the_ui_thread(tmp_path):
    store = store_with(tmp_path, "Akira", "Ben", "Chie")
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = NewSessionScreen()  # no list read before: the form reads it
        await app.push_screen(screen)
        assert await settled(pilot, lambda: screen.known == ["Akira", "Ben", "Chie"])


@pytest.mark.parametrize(("keys", "seated"), [(["enter"], "Aki"), (["down", "enter"], "aki")])
async def test_a_name_like_one_played_under_before_is_asked_about(tmp_path, keys, seated):
    store = store_with(tmp_path, "Aki", "Ben", "Chie")
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert await settled(pilot, lambda: "Aki" in screen.known)
        await type_burst(pilot, [*"aki", "enter"])
        assert await settled(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        question = app.screen.query_one(".dialog-question", Static)
        assert str(question.render()) == "aki looks like Aki, who played before: the same person?"
        choices = app.screen.query_one("#choice-list", OptionList)
        assert [str(choices.get_option_at_index(n).prompt) for n in range(2)] == [
            "Use Aki (the same person)",
            "Keep aki as another player",
        ]
        assert screen.seats == []  # nothing seated until the recorder says
        await type_burst(pilot, [*keys])
        assert await settled(pilot, lambda: app.screen is screen)
        assert screen.seats == [seated]
        assert name_box(screen).value == ""


async def test_escape_on_the_question_seats_nobody_and_keeps_the_text(tmp_path):
    store = store_with(tmp_path, "Aki", "Ben", "Chie")
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert await settled(pilot, lambda: "Aki" in screen.known)
        await type_burst(pilot, [*"Ａｋｉ", "enter"])
        assert await settled(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await type_burst(pilot, ["escape"])
        assert await settled(pilot, lambda: app.screen is screen)
        assert screen.seats == []
        assert name_box(screen).value == "Ａｋｉ"


async def test_a_seat_like_one_already_seated_is_refused_with_their_name(tmp_path):
    app, _ = make_app(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await type_burst(pilot, [*"Aki", "enter", "\u0410", *"ki", "enter"])
        await pilot.pause()
        assert screen.seats == ["Aki"]
        error = str(screen.query_one("#error-players", Static).render())
        assert "Aki" in error and "\u0410ki" in error and "tell them apart" in error


# -- join on the table screen ---------------------------------------------------------

TABLE = ["Aki", "Ben", "Chie", "Dai", "Emi"]


def table_app(tmp_path, before: list[str] | None = None) -> tuple[ScorekeeperApp, Store]:
    """The table of a session of TABLE (session 2), after one where *before* played."""
    store = store_with(tmp_path, *(before or ["Xu", "Yan", "Zoe"]))
    create_session(store, make_header("indian-official", TABLE))
    return ScorekeeperApp(store, 2, clock=fixed_clock()), store


def last_entry(app: ScorekeeperApp) -> tuple[str, dict]:
    event = app.screen.recording.session.events[-1]
    return event.kind, dict(event.data)


def choice_lines(app: ScorekeeperApp) -> list[str]:
    choices = app.screen.query_one("#choice-list", OptionList)
    return [str(choices.get_option_at_index(n).prompt) for n in range(choices.option_count)]


async def test_join_offers_the_players_who_left_first_and_enter_brings_one_back(tmp_path):
    app, _ = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["l", *"Ben", "enter", "l", *"Dai", "enter", "j"])
        assert isinstance(app.screen, ChoiceDialog)
        assert choice_lines(app) == [
            "Ben comes back to their seat",
            "Dai comes back to their seat",
            "A new player: type their name",
        ]
        await press_all(pilot, ["enter"])
        assert isinstance(app.screen, TableScreen)
        assert last_entry(app) == ("join", {"player": "Ben", "after": None, "number": 2})
        assert app.screen.state.seated() == ("Aki", "Ben", "Chie", "Emi")


async def test_join_of_a_new_player_comes_after_those_who_left(tmp_path):
    app, _ = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["l", *"Ben", "enter", "j", "down", "enter", *"Eve", "enter"])
        await press_all(pilot, ["3", "enter"])  # Eve sits after Chie
        assert isinstance(app.screen, TableScreen)
        assert last_entry(app)[1]["player"] == "Eve"
        assert app.screen.state.seated() == ("Aki", "Chie", "Eve", "Dai", "Emi")


@pytest.mark.parametrize("typed", ["ben", "Ｂｅｎ"])
async def test_a_name_like_one_who_left_asks_whether_they_come_back(tmp_path, typed):
    app, _ = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["l", *"Ben", "enter", "j", "down", "enter", *typed, "enter"])
        assert isinstance(app.screen, ChoiceDialog)
        question = str(app.screen.query_one(".dialog-question", Static).render())
        assert question == f"{typed} looks like Ben, who left: is it Ben coming back?"
        assert choice_lines(app) == ["Bring Ben back to their seat", "Type another name"]
        await press_all(pilot, ["down", "enter"])  # another name: asked again
        assert isinstance(app.screen, TextDialog)
        await press_all(pilot, [*typed, "enter", "enter"])  # this time: Ben comes back
        assert isinstance(app.screen, TableScreen)
        assert last_entry(app) == ("join", {"player": "Ben", "after": None, "number": 2})


@pytest.mark.parametrize(("keys", "joined"), [(["enter"], "Eve"), (["down", "enter"], "eve")])
async def test_a_join_like_a_name_played_under_before_is_asked_about(tmp_path, keys, joined):
    app, _ = table_app(tmp_path, before=["Eve", "Fumi", "Gen"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["j"])  # nobody left: the name at once
        assert isinstance(app.screen, TextDialog)
        box = app.screen.query_one("#text-input", Input)
        assert await settled(pilot, lambda: "Eve" in box.suggester.names)
        await press_all(pilot, [*"eve", "enter"])
        assert isinstance(app.screen, ChoiceDialog)
        assert choice_lines(app) == ["Use Eve (the same person)", "Keep eve as another player"]
        await press_all(pilot, [*keys, "4", "enter"])  # after Dai
        assert isinstance(app.screen, TableScreen)
        assert last_entry(app)[1]["player"] == joined


async def test_the_join_box_suggests_names_played_under_before(tmp_path):
    app, _ = table_app(tmp_path, before=["Eve", "Fumi", "Gen"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["j"])
        box = app.screen.query_one("#text-input", Input)
        assert await settled(pilot, lambda: "Fumi" in box.suggester.names)
        await press_all(pilot, ["f"])
        for _ in range(20):
            await pilot.pause()
        await type_burst(pilot, ["right"])
        assert await settled(pilot, lambda: box.value == "Fumi")


async def test_in_japanese_join_and_the_question_say_it_in_japanese(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    app, _ = table_app(tmp_path, before=["Eve", "Fumi", "Gen"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["l", *"Ben", "enter", "j"])
        assert choice_lines(app) == ["Benが元の席に戻る", "新しいプレイヤー(名前を入力)"]
        await press_all(pilot, ["down", "enter"])
        box = app.screen.query_one("#text-input", Input)
        assert await settled(pilot, lambda: "Eve" in box.suggester.names)
        await press_all(pilot, [*"eve", "enter"])
        question = str(app.screen.query_one(".dialog-question", Static).render())
        assert question == "eveは以前に遊んだEveと似ています。同じ人ですか?"
        assert choice_lines(app) == ["Eveにする(同じ人)", "eveのまま(別の人として)"]


async def test_the_suggestion_reads_full_width_letters_and_skips_names_seated():
    suggester = KnownNames(["Akira", "Aki", "Ben"], taken=lambda: ["akira"])
    assert await suggester.get_suggestion("ａｋ") == "Aki"  # Akira is seated already
    assert await suggester.get_suggestion("b") == "Ben"
    assert await suggester.get_suggestion("c") is None
