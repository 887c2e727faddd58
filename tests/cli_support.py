"""Running the command line inside a test: exit status, standard output, standard error."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def assert_json_export_reimports_the_same(capsys, folder: Path) -> None:
    """Session 1 exported as JSON and imported again (as session 2) shows the very same."""
    as_json = folder / "out.json"
    run(capsys, "export", "1", "--format", "json", "-o", str(as_json))
    assert run(capsys, "import", str(as_json))[1].strip() == "2"
    _, first, _ = run(capsys, "show", "1", "--json")
    _, second, _ = run(capsys, "show", "2", "--json")
    assert json.loads(first) == json.loads(second)
