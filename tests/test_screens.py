"""Every screen at 80x24 and 120x40 cuts nothing and looks as it did, in English here and
in Japanese in a process of its own (tests/ja/test_screens_ja.py)."""

from __future__ import annotations

import pytest

from tests.screen_scenarios import (
    check_fit,
    check_screen,
    fit_params,
    run_japanese,
    scenario_params,
)

pytestmark = pytest.mark.usefixtures("steady_screen")


@pytest.mark.parametrize(("scenario", "size"), scenario_params())
def test_screen(snap_compare, tmp_path, scenario, size):
    check_screen(snap_compare, tmp_path, scenario, size)


@pytest.mark.parametrize("scenario", fit_params())
async def test_fit(tmp_path, scenario):
    await check_fit(tmp_path, scenario)


def test_screens_in_japanese(request):
    run_japanese(request)
