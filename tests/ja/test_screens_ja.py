"""The screens of tests/test_screens.py in Japanese: run by it, in a Japanese process.

Collected only when SCOREKEEPER_LANG is Japanese (tests/conftest.py): on its own,
``SCOREKEEPER_LANG=ja pytest tests/ja/test_screens_ja.py [--snapshot-update]``. Its
snapshots live apart (tests/ja/__snapshots__), so the English run never counts them
as unused.
"""

from __future__ import annotations

import pytest

from tests.screen_scenarios import check_fit, check_screen, fit_params, scenario_params

pytestmark = pytest.mark.usefixtures("steady_screen_ja")


@pytest.mark.parametrize(("scenario", "size"), scenario_params())
def test_screen_ja(snap_compare, tmp_path, scenario, size):
    check_screen(snap_compare, tmp_path, scenario, size)


@pytest.mark.parametrize("scenario", fit_params())
async def test_fit_ja(tmp_path, scenario):
    await check_fit(tmp_path, scenario)
