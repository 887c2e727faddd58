"""The new-session form, driven by keys: only a form the rules accept creates a session."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static, Switch

from scorekeeper.core.errors import RuleError
from scorekeeper.core.header import make_header
from scorekeeper.messages import t
from scorekeeper.services.recording import load_session
from scorekeeper.storage import Store
from scorekeeper.ui.screens.new_session import NewSessionScreen
from scorekeeper.ui.screens.start import StartScreen
from tests.ui_support import app_recording_opens as make_app
from tests.ui_support import on_top, type_burst

FIVE = ["佐藤", "ベン", "Carol", "Dai", "Emi"]


pytestmark = pytest.mark.usefixtures("steady_screen")


async def open_form(pilot) -> NewSessionScreen:
    await pilot.pause()
    await type_burst(pilot, ["n"])
    return await on_top(pilot, NewSessionScreen, "#new-game", "#new-name")


async def seat(pilot, *names: str) -> None:
    for name in names:
        await type_burst(pilot, [*name, "enter"])
    await pilot.pause()


def error_of(screen: NewSessionScreen, error_id: str) -> str:
    error = screen.query_one(f"#{error_id}", Static)
    return str(error.render()) if error.display else ""


def rule_message(*args, **kwargs) -> str:
    with pytest.raises(RuleError) as info:
        make_header(*args, **kwargs)
    return info.value.message()


async def test_keys_only_create_a_five_player_session_with_cap_320(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        assert screen.focused is screen.query_one("#new-name")
        await seat(pilot, *FIVE)
        assert screen.seats == FIVE
        await pilot.press("tab", "tab", "tab")  # seat list, base, cap
        assert screen.focused is screen.query_one("#opt-cap")
        await pilot.press("enter", "down", "enter")  # open the list, 160 -> 320
        await pilot.pause()
        assert screen.query_one("#opt-cap", Select).value == "320"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert len(opened) == 1
        sid = opened[0]
        assert store.path(sid).exists()
        header = load_session(store, sid).header
        assert header == make_header("indian-official", FIVE, {"cap": "320"})
        assert header.options["cap"] == 320
        assert header.parent == header.recorder == "佐藤"


async def test_parent_and_recorder_are_chosen_from_the_seats(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 30)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        screen.query_one("#new-parent", Select).value = "B"
        screen.query_one("#new-recorder", Select).value = "C"
        screen.query_one("#opt-parent_double_folds", Switch).value = True
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
        header = load_session(store, opened[0]).header
        assert (header.parent, header.recorder) == ("B", "C")
        assert header.options["parent_double_folds"] is True


async def test_recorder_follows_the_chosen_parent_by_default(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 30)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        screen.query_one("#new-parent", Select).value = "C"
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
        header = load_session(store, opened[0]).header
        assert (header.parent, header.recorder) == ("C", "C")


async def test_two_players_are_refused_next_to_the_players(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B")
        await pilot.press("tab", "tab")  # move away: focus must come back
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        assert error_of(screen, "error-players") == rule_message("indian-official", ["A", "B"])
        assert screen.focused is screen.query_one("#new-name")
        assert opened == [] and store.ids() == []


async def test_a_base_that_is_not_a_number_is_refused_next_to_base(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        # The integer input refuses letters typed; a pasted or stray value still must not pass.
        screen.query_one("#opt-base", Input).value = "x"
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
        expected = rule_message("indian-official", ["A", "B", "C"], {"base": "x"})
        assert error_of(screen, "error-opt-base") == expected
        assert error_of(screen, "error-players") == ""
        assert screen.focused is screen.query_one("#opt-base")
        assert opened == [] and store.ids() == []


async def test_a_base_below_one_typed_by_keys_is_refused(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        await pilot.press("tab", "tab", "ctrl+a", "ctrl+k", "x", "0")  # "x" is not taken
        assert screen.query_one("#opt-base", Input).value == "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        expected = rule_message("indian-official", ["A", "B", "C"], {"base": "0"})
        assert error_of(screen, "error-opt-base") == expected
        assert store.ids() == []
        # corrected, the same form creates the session and the error goes away
        await pilot.press("ctrl+a", "ctrl+k", "2", "0", "ctrl+s")
        await pilot.pause()
        assert load_session(store, opened[0]).header.options["base"] == 20


@pytest.mark.parametrize("digits", ["１", "٤"])  # an IME's full-width, Arabic-Indic
async def test_a_base_typed_in_other_digits_is_refused_next_to_base(tmp_path, digits):
    """Textual's whole-number box takes any Unicode digit (and ``1_0``); the one rule for
    numbers (0–9 only) refuses them in words, with the number to type instead."""
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        await pilot.press("tab", "tab", "ctrl+a", "ctrl+k", digits, "0")
        assert screen.query_one("#opt-base", Input).value == digits + "0"
        await pilot.press("ctrl+s")
        await pilot.pause()
        plain = "10" if digits == "１" else "40"
        assert error_of(screen, "error-opt-base") == (
            f"{digits}0 is written in digits other than 0–9: type it as {plain} (numbers take"
            " the digits 0–9 only)"
        )
        assert opened == [] and store.ids() == []
        screen.query_one("#opt-base", Input).value = "1_0"  # int() reads it as 10
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert error_of(screen, "error-opt-base") == rule_message(
            "indian-official", ["A", "B", "C"], {"base": "1_0"}
        )
        assert opened == [] and store.ids() == []


async def test_a_name_seated_twice_is_refused_next_to_the_players(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "Ben", "ben")
        assert screen.seats == ["Ben"]
        expected = rule_message("indian-official", ["Ben", "ben"])
        assert error_of(screen, "error-players") == expected
        assert screen.query_one("#new-name", Input).value == "ben"  # kept, to correct
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
        assert error_of(screen, "error-players") == expected
        assert opened == [] and store.ids() == []


async def test_a_name_typed_but_not_entered_is_seated_on_create(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        await seat(pilot, "A", "B")
        await pilot.press("C", "ctrl+s")
        await pilot.pause()
        assert load_session(store, opened[0]).header.players == ("A", "B", "C")


async def test_seats_are_moved_and_removed_with_keys(tmp_path):
    store = Store(tmp_path)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C", "D")
        await pilot.press("tab")  # the seat list, on the last seat added
        assert screen.focused is screen.seat_list
        await type_burst(pilot, ["left_square_bracket"])
        assert screen.seats == ["A", "B", "D", "C"]
        await type_burst(pilot, ["up", "ctrl+up"])  # the highlight went with D; up is B
        assert screen.seats == ["B", "A", "D", "C"]
        await type_burst(pilot, ["right_square_bracket", "right_square_bracket"])
        assert screen.seats == ["A", "D", "B", "C"]
        await type_burst(pilot, ["minus"])
        assert screen.seats == ["A", "D", "C"]
        await type_burst(pilot, ["delete"])
        assert screen.seats == ["A", "D"]
        await pilot.pause()
        prompts = [str(o.prompt) for o in screen.seat_list.options]
        assert prompts == [t("ui.new.seat", seat=1, name="A"), t("ui.new.seat", seat=2, name="D")]
        count = str(screen.query_one("#new-count", Static).render())
        assert count == t("ui.new.player_count", count=2, min=3, max=52)


async def test_buttons_act_on_the_highlighted_seat(tmp_path):
    store = Store(tmp_path)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        await pilot.click("#seat-up")
        assert screen.seats == ["A", "C", "B"]
        await pilot.click("#seat-remove")
        assert screen.seats == ["A", "B"]


async def test_the_first_parent_follows_the_first_seat(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        await pilot.press("tab", "up", "left_square_bracket")  # B to the first seat
        assert screen.seats == ["B", "A", "C"]
        label = str(
            screen.query_one("#new-parent", Select)
            .query_one("SelectCurrent #label", Static)
            .render()
        )
        assert label == t("ui.new.parent_first_seat", name="B")
        await pilot.press("ctrl+s")
        await pilot.pause()
        header = load_session(store, opened[0]).header
        assert header.parent == header.recorder == "B"


async def test_escape_cancels_without_creating(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        await seat(pilot, "A", "B", "C")
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert opened == [] and store.ids() == []


async def _filled(pilot) -> None:
    await type_burst(pilot, ["n"])
    await pilot.pause()
    await seat(pilot, *FIVE)


def test_snapshot_new_session_form(snap_compare, tmp_path):
    app, _ = make_app(Store(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_filled)


def test_snapshot_new_session_form_wide(snap_compare, tmp_path):
    app, _ = make_app(Store(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=_filled)


async def _refused(pilot) -> None:
    await type_burst(pilot, ["n"])
    await pilot.pause()
    await seat(pilot, "A", "B")
    await type_burst(pilot, ["ctrl+s"])
    # focus moves to the refused field and may scroll: let that settle first
    await pilot.wait_for_scheduled_animations()
    await pilot.pause(0.3)


def test_snapshot_new_session_form_error(snap_compare, tmp_path):
    app, _ = make_app(Store(tmp_path))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_refused)


async def test_the_rate_typed_on_the_form_is_the_sessions_first_entry(tmp_path):
    """Issue 43: the rate belongs to the session (a rate entry), set as it is created."""
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_form(pilot)
        await seat(pilot, "Aki", "Ben", "Chie")
        box = screen.query_one("#new-rate", Input)
        box.focus()
        await pilot.press(*"ten", "ctrl+s")  # refused next to the field, in words
        await pilot.pause()
        assert opened == []
        assert error_of(screen, "error-rate") == t("rules.rate_amount", value="ten")
        assert screen.focused is box
        box.value = ""
        await pilot.press(*"10 jpy", "ctrl+s")
        await pilot.pause()
        assert len(opened) == 1
    session = load_session(store, opened[0])
    assert [(e.kind, dict(e.data)) for e in session.events] == [
        ("rate", {"amount": "10", "currency": "JPY"})
    ]
    assert (session.state.rate, session.state.currency) == ("10", "JPY")


async def test_an_empty_rate_on_the_form_records_no_entry(tmp_path):
    store = Store(tmp_path)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        await seat(pilot, "Aki", "Ben", "Chie")
        await type_burst(pilot, ["ctrl+s"])
        await pilot.pause()
    assert load_session(store, opened[0]).events == []
