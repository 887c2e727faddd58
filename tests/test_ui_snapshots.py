"""Snapshots of the table and standings screens (sync tests, as the plugin needs)."""

from __future__ import annotations

import pytest

from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, new_store

# Round 1 of O1, then round 2 under way with a raise and a fold.
KEYS = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
KEYS += ["n", "r", "f", "3", "enter"]


pytestmark = pytest.mark.usefixtures("steady_screen")


def app_for(tmp_path, players=None) -> ScorekeeperApp:
    return ScorekeeperApp(new_store(tmp_path, players), 1, clock=fixed_clock())


def test_table_80x24(snap_compare, tmp_path):
    assert snap_compare(app_for(tmp_path), press=KEYS, terminal_size=(80, 24))


def test_table_120x40(snap_compare, tmp_path):
    players = ["Aki", "Ben", "千尋", "Dai", "Emi", "Fumi", "Gen"]
    assert snap_compare(app_for(tmp_path, players), press=KEYS, terminal_size=(120, 40))


def test_table_light_theme(snap_compare, tmp_path):
    async def light(pilot) -> None:
        pilot.app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(app_for(tmp_path), press=KEYS, terminal_size=(80, 24), run_before=light)


def test_cards_dialog(snap_compare, tmp_path):
    assert snap_compare(app_for(tmp_path), press=["n", "r", "v", "k", "s"], terminal_size=(80, 24))


def test_standings(snap_compare, tmp_path):
    assert snap_compare(app_for(tmp_path), press=[*KEYS, "t"], terminal_size=(80, 24))
