"""The cycle collector (scorekeeper/collector.py): touched there only, never by the rules;
paused around the folds the services run; what a pause made is frozen out of the passes
only when the pause says so."""

from __future__ import annotations

import ast
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.collector import collector_paused
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


PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
THE_ONE_PLACE = PACKAGE / "collector.py"


def touches_the_collector(path: Path) -> list[str]:
    """Where a module imports ``gc`` or sets a process-wide knob of ``sys`` (file:line)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
            if node.module == "sys":
                names = [f"sys.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names = [f"{node.value.id}.{node.attr}"]
        if any(name == "gc" or name.startswith("sys.set") for name in names):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_the_collector_is_touched_in_one_module_outside_the_rules():
    found = [
        where
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != THE_ONE_PLACE
        for where in touches_the_collector(path)
    ]
    assert found == []
    assert touches_the_collector(THE_ONE_PLACE)  # the check sees a use where there is one


def test_a_fold_in_the_rules_leaves_the_collector_alone(collector_passes):
    """The rules fold a long session with the collector on: its passes run as usual
    (the services pause it around the folds they run)."""
    read_session(TRANSCRIPT)
    assert collector_passes != []


def test_opening_a_session_folds_it_with_the_collector_paused(tmp_path, monkeypatch):
    from scorekeeper.core.games import get_game
    from scorekeeper.core.header import make_header
    from scorekeeper.core.session import Session
    from scorekeeper.core.words import parse_entry, split_line
    from scorekeeper.services.recording import create_session, open_recording
    from scorekeeper.storage import Store

    store = Store(tmp_path / "data")
    sid = create_session(store, make_header("indian-official", list("ABCD"), None))
    game = get_game("indian-official")
    with open_recording(store, sid) as recording:
        for line in ("round", "showdown B") * 3:
            recording.record(parse_entry(game, split_line(line)))
    collector_on: list[bool] = []
    fold = Session._fold

    def noted(self, events, fresh):
        collector_on.append(gc.isenabled())
        return fold(self, events, fresh)

    monkeypatch.setattr(Session, "_fold", noted)
    with open_recording(store, sid) as reopened:  # every entry folded again
        assert reopened.session.state.round == 3
    assert collector_on == [False]
    assert gc.isenabled()
