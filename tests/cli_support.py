"""Running the command line inside a test: exit status, standard output, standard error."""

from __future__ import annotations

from scorekeeper.cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err
