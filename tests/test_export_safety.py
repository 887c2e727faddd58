"""An export never writes over the stored sessions (issue 12, point 4): not by their path,
not through a symlink or a hard link, not from the command line and not from the app."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.services.recording import load_session
from scorekeeper.storage import Store
from scorekeeper.ui.screens.export_dialog import write_export
from tests.cli_support import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def stored(capsys, home) -> Store:
    assert run(capsys, "import", str(EXAMPLES / "o1.txt"))[0] == 0
    return Store(home)


def targets(store: Store, tmp_path: Path) -> dict[str, Path]:
    journal = store.path(1)
    symlink = tmp_path / "innocent.csv"
    symlink.symlink_to(journal)
    hardlink = tmp_path / "also-innocent.csv"
    os.link(journal, hardlink)
    (tmp_path / "folder-link").symlink_to(store.sessions_dir)
    return {
        "the session file": journal,
        "a new file among the sessions": store.sessions_dir / "new.csv",
        "a symlink to the session file": symlink,
        "a hard link to the session file": hardlink,
        "through a symlinked folder": tmp_path / "folder-link" / "1.journal",
    }


def test_the_command_line_refuses_to_export_over_a_session(capsys, stored, tmp_path):
    before = stored.path(1).read_bytes()
    for what, target in targets(stored, tmp_path).items():
        code, out, err = run(capsys, "export", "1", "--format", "csv", "-o", str(target))
        assert code == 2 and out == "", what
        assert err == (
            f"{target}: this would write over the stored sessions in {stored.root}:"
            " choose a file outside it\n"
        ), what
    assert stored.path(1).read_bytes() == before
    assert len(load_session(stored, 1).events) == 19


def test_the_app_refuses_to_export_over_a_session(stored, tmp_path):
    session = load_session(stored, 1)
    before = stored.path(1).read_bytes()
    for what, target in targets(stored, tmp_path).items():
        _, error = write_export(session, 1, "csv", str(target), stored.protects)
        assert error == (
            "That file is where the sessions are kept: writing there would destroy them."
            " Choose another file."
        ), what
    assert stored.path(1).read_bytes() == before


def test_an_export_elsewhere_is_written(capsys, stored, tmp_path):
    target = tmp_path / "o1.csv"
    code, _, _ = run(capsys, "export", "1", "--format", "csv", "-o", str(target))
    assert code == 0 and target.read_text(encoding="utf-8").startswith("\ufeffround,")
    assert not stored.protects(target)
