"""The ``scorekeeper`` program's first step (the console script and ``python -m
scorekeeper``): the command line of :mod:`scorekeeper.cli.main`."""

from __future__ import annotations


def entry() -> None:
    from scorekeeper.cli.main import entry as run

    run()
