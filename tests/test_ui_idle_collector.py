"""Python's cycle collector runs between keys at the table, not during one, and its own
settings are as they were once the app has closed (ui/idle_collector.py)."""

from __future__ import annotations

import asyncio
import gc

from scorekeeper.core import collector
from scorekeeper.ui import idle_collector
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.idle_collector import IdleCollector
from tests.ui_support import fixed_clock, new_store


async def test_a_key_runs_no_pass_and_the_pause_after_it_does(tmp_path, collector_passes):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.collector.quiet = 60.0  # no pause long enough while the key is looked at
        await pilot.pause(idle_collector.QUIET * 2)
        gc.collect()
        collector_passes.clear()
        await pilot.press("n")
        await pilot.pause()
        made = gc.get_count()[0]
        assert app.screen.state.in_round  # the key was recorded
        # Python's own trigger (700 objects) would have run a pass or more by now
        assert made > 700
        assert collector_passes == []
        app.collector.quiet = 0.01  # a short pause now
        await pilot.press("r")
        await pilot.pause(0.3)
        assert collector_passes, "no pass ran in the pause after the key"
        assert gc.get_count()[0] < made


async def test_the_settings_are_put_back_when_the_app_closes(tmp_path):
    saved = gc.get_threshold()
    gc.set_threshold(699, 11, 12)  # not Python's defaults, nor what the app sets
    before = gc.get_threshold()
    try:
        await _run_and_close(tmp_path, before)
    finally:
        gc.set_threshold(*saved)


async def _run_and_close(tmp_path, before: tuple[int, int, int]) -> None:
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_threshold()[0] == idle_collector.BACKSTOP
        assert gc.get_threshold()[1:] == before[1:]
        assert collector.freeze_after_pauses(True) is True  # folds in the app are frozen
    assert gc.get_threshold() == before
    assert gc.isenabled()
    assert collector.freeze_after_pauses(False) is False  # and not after it


async def test_a_collector_left_disabled_stays_so():
    gc.disable()
    try:
        collector = IdleCollector(quiet=0.01)
        collector.start()
        collector.activity()
        await asyncio.sleep(0.05)
        collector.stop()
        assert not gc.isenabled()
    finally:
        gc.enable()


async def _pauses(collector: IdleCollector, count: int, gap: float = 0.02) -> None:
    """*count* keys, each followed by a pause long enough for the quick pass."""
    for _ in range(count):
        collector.activity()
        await asyncio.sleep(gap)


async def test_a_full_pass_after_ten_quick_ones_and_a_longer_pause(collector_passes):
    # (the pauses compared differ by far more than a loaded machine's stalls)
    collector = IdleCollector(quiet=0.001, full_quiet=1.0)
    collector.start()
    try:
        await _pauses(collector, idle_collector.FULL_EVERY)
        assert collector_passes == [1] * idle_collector.FULL_EVERY  # no pause long enough
        collector.activity()
        await asyncio.sleep(1.3)
        assert collector_passes[-2:] == [1, 2]
    finally:
        collector.stop()


async def test_a_key_before_the_longer_pause_puts_the_full_pass_off(collector_passes):
    collector = IdleCollector(quiet=0.001, full_quiet=1.0)
    collector.start()
    try:
        await _pauses(collector, idle_collector.FULL_EVERY + 5, gap=0.03)
        assert 2 not in collector_passes
    finally:
        collector.stop()


async def test_a_long_full_pass_spaces_the_next_ones_out(collector_passes, monkeypatch):
    collector = IdleCollector(quiet=0.001, full_quiet=0.01)
    collector.start()
    try:
        moments = iter([10.0, 10.5])  # the full pass "took" half a second
        monkeypatch.setattr(idle_collector.time, "perf_counter", lambda: next(moments))
        await _pauses(collector, idle_collector.FULL_EVERY, gap=0.03)
        assert collector_passes.count(2) == 1
        monkeypatch.undo()
        await _pauses(collector, 3 * idle_collector.FULL_EVERY, gap=0.03)
        assert collector_passes.count(2) == 1  # the next waits for 1,000 quick passes
    finally:
        collector.stop()


def test_spacing():
    assert idle_collector.spacing(0.0) == idle_collector.FULL_EVERY
    assert idle_collector.spacing(0.002) == idle_collector.FULL_EVERY
    assert idle_collector.spacing(0.5) == 1000
    assert idle_collector.spacing(2.0) == 4000


async def test_keys_in_a_row_put_the_pass_off(collector_passes):
    collector = IdleCollector(quiet=0.5)
    collector.start()
    try:
        for _ in range(5):
            collector.activity()
            await asyncio.sleep(0.02)
        assert collector_passes == []
        await asyncio.sleep(0.7)
        assert collector_passes == [1]
    finally:
        collector.stop()
