"""Screens just made are styled once as they are first shown (ui/screens/styled_once.py):
Textual styled every widget as it was mounted and all of them again at the screen's first
resume, which was a good part of opening a table and of a dialog's key."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.start import StartScreen
from scorekeeper.ui.screens.table import TableScreen
from tests.test_ui_start import two_sessions
from tests.ui_support import PLAYERS, fixed_clock, new_store, press_all


@pytest.fixture
def styled(monkeypatch):
    """Each widget styled while the list is on, by its class and id (its parts apart)."""
    counts: Counter[str] = Counter()
    on = [False]
    real = Stylesheet.apply

    def apply(self, node, *args, **kwargs):
        if on[0] and type(node) is not DOMNode:  # a widget, not one of its parts
            counts[f"{type(node).__name__}#{node.id}"] += 1
        return real(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", apply)
    return counts, on


@pytest.mark.parametrize("sessions", [0, 2])
async def test_the_start_screen_styles_each_widget_once(tmp_path, styled, sessions):
    """Textual styles every widget as it is mounted, again when the first screen resumes,
    and again whenever focus comes or goes: the list (a table and its nine parts) took
    focus as it was made and lost it when it was hidden for being empty. Here each widget
    is styled once; the list once more when it takes focus, having rows."""
    counts, on = styled
    store = Store(tmp_path / "data")
    if sessions:
        two_sessions(store)
    app = ScorekeeperApp(store)
    on[0] = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert isinstance(app.screen, StartScreen)
        twice = sorted(name for name, n in counts.items() if n > 1)
        assert twice == (["SessionTable#start-table"] if sessions else [])
        assert counts["SessionTable#start-table"] == (2 if sessions else 1)
        assert app.screen.focused is (app.screen.table if sessions else None)


async def test_opening_a_table_styles_each_of_its_widgets_once(tmp_path, styled):
    counts, on = styled
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        on[0] = True
        await press_all(pilot, ["enter"])
        await pilot.pause(0.2)
        on[0] = False
        screen = app.screen
        assert isinstance(screen, TableScreen)
        ours = Counter(
            {
                f"{type(node).__name__}#{node.id}": counts[f"{type(node).__name__}#{node.id}"]
                for node in screen.walk_children(with_self=True)
            }
        )
        again = {name: n for name, n in ours.items() if n > 1}
        # the players' table once more as it takes focus (the stake's digits take their
        # tone, "between rounds", as a component style: not styled again)
        assert again == {"PlayerTable#players": 2}
        assert min(ours.values()) == 1


async def test_a_dialog_is_styled_once_as_it_opens(tmp_path, styled):
    counts, on = styled
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await press_all(pilot, ["n"])
        await pilot.pause(0.2)
        on[0] = True
        await press_all(pilot, ["f"])  # who folds: a dialog
        await pilot.pause(0.2)
        on[0] = False
        dialog = app.screen
        assert not isinstance(dialog, TableScreen)
        names = [
            f"{type(node).__name__}#{node.id}" for node in dialog.walk_children(with_self=True)
        ]
        again = {name: counts[name] for name in names if counts[name] != 1}
        assert again == {"PickInput#pick-input": 2}  # once more as it takes focus


async def test_the_keys_of_a_round_style_nothing_again(tmp_path, styled):
    """A new round, raises up to the cap and a showdown change the stake's tone (in play,
    at the cap, between rounds) and the players' rows: once the message and result lines
    are shown (after the first round), none of it styles a widget again (a changed class
    did, half a millisecond each)."""
    from scorekeeper.ui.widgets.kept_digits import KeptDigits

    counts, on = styled
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        await press_all(pilot, ["n", "s", "1", "enter"])  # the first round: lines shown
        await pilot.pause(0.05)
        digits = app.screen.query_one("#stake-digits", KeptDigits)
        tones = [digits.tone]
        on[0] = True
        for keys in (["n"], ["r"], ["r"], ["r"], ["r"], ["s", "1", "enter"]):
            await press_all(pilot, keys)
            await pilot.pause(0.05)
            if isinstance(app.screen, TableScreen):
                tones.append(digits.tone)
        on[0] = False
        table = app.screen
        assert isinstance(table, TableScreen)
        assert tones == ["muted", None, None, None, None, "warning", "muted"]
        ours = {f"{type(node).__name__}#{node.id}" for node in table.walk_children(with_self=True)}
        assert {name: counts[name] for name in ours if counts[name]} == {}
