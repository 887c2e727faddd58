"""The cycle collector around folds (core/collector.py): paused while a session is folded,
and, in the app, what the fold made is frozen out of its passes before it is on again."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from scorekeeper.core.collector import collector_paused, freeze_after_pauses
from scorekeeper.core.transcript import read_session

ROUNDS = 500
TRANSCRIPT = "game indian-official\nplayers A B C D\nparent A\nrecorder A\n" + (
    "round\nshowdown B\n" * ROUNDS
)


@pytest.fixture
def thawed_after() -> Iterator[None]:
    """Whatever a test froze is handed back to the collector, and the setting restored."""
    before = freeze_after_pauses(False)
    try:
        yield
    finally:
        freeze_after_pauses(before)
        gc.unfreeze()


def test_without_freezing_a_fold_freezes_nothing(thawed_after):
    frozen_before = gc.get_freeze_count()
    session = read_session(TRANSCRIPT)
    assert session.state.round == ROUNDS
    assert gc.get_freeze_count() == frozen_before
    assert gc.isenabled()


def test_with_freezing_the_fold_is_frozen_before_the_collector_is_on(
    thawed_after, collector_passes
):
    frozen_before = gc.get_freeze_count()
    freeze_after_pauses(True)
    session = read_session(TRANSCRIPT)
    # none while folding (Python's own trigger is 700 objects), nor after
    assert collector_passes == []
    assert session.state.round == ROUNDS
    assert gc.get_freeze_count() - frozen_before > 10 * ROUNDS  # states, events, frames …
    assert gc.get_count()[0] < 700  # nothing left for a pass to scan
    assert gc.isenabled()


def test_a_pause_inside_another_freezes_nothing_until_the_outer_one_ends(thawed_after):
    freeze_after_pauses(True)
    with collector_paused():
        frozen = gc.get_freeze_count()
        read_session(TRANSCRIPT)
        assert gc.get_freeze_count() == frozen
        assert not gc.isenabled()
    assert gc.get_freeze_count() > frozen
    assert gc.isenabled()


def test_freeze_after_pauses_says_the_setting_before():
    first = freeze_after_pauses(True)
    try:
        assert freeze_after_pauses(True) is True
    finally:
        freeze_after_pauses(first)


@pytest.mark.parametrize("setting", [False, True])
def test_a_pause_may_say_for_itself_whether_it_freezes(thawed_after, setting):
    freeze_after_pauses(setting)
    frozen = gc.get_freeze_count()
    with collector_paused(freeze=not setting):
        made = [[] for _ in range(100)]
    assert (gc.get_freeze_count() > frozen) is (not setting)
    assert gc.isenabled() and len(made) == 100
