"""The cycle collector around folds (core/collector.py): paused while a session is folded;
what a pause made is frozen out of the passes only when the pause says so."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from scorekeeper.core.collector import collector_paused
from scorekeeper.core.transcript import read_session

ROUNDS = 500
TRANSCRIPT = "game indian-official\nplayers A B C D\nparent A\nrecorder A\n" + (
    "round\nshowdown B\n" * ROUNDS
)


@pytest.fixture
def thawed_after() -> Iterator[None]:
    """Whatever a test froze is handed back to the collector."""
    try:
        yield
    finally:
        gc.unfreeze()


def test_without_freezing_a_fold_freezes_nothing(thawed_after):
    frozen_before = gc.get_freeze_count()
    session = read_session(TRANSCRIPT)
    assert session.state.round == ROUNDS
    assert gc.get_freeze_count() == frozen_before
    assert gc.isenabled()


def test_a_freezing_pause_freezes_what_it_made_before_the_collector_is_on(
    thawed_after, collector_passes
):
    frozen_before = gc.get_freeze_count()
    with collector_paused(freeze=True):
        session = read_session(TRANSCRIPT)
    # none while folding (Python's own trigger is 700 objects), nor after
    assert collector_passes == []
    assert session.state.round == ROUNDS
    assert gc.get_freeze_count() - frozen_before > 10 * ROUNDS  # states, events, frames …
    assert gc.get_count()[0] < 700  # nothing left for a pass to scan
    assert gc.isenabled()


def test_a_pause_inside_another_freezes_nothing_until_the_outer_one_ends(thawed_after):
    with collector_paused(freeze=True):
        frozen = gc.get_freeze_count()
        read_session(TRANSCRIPT)
        assert gc.get_freeze_count() == frozen
        assert not gc.isenabled()
    assert gc.get_freeze_count() > frozen
    assert gc.isenabled()
