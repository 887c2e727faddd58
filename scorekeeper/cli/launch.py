"""The ``scorekeeper`` program's first step (the console script and ``python -m
scorekeeper``): its standard streams made safe (cli/streams.py), before anything else
is imported or opened; then the command line of :mod:`scorekeeper.cli.main`."""

from __future__ import annotations

from scorekeeper.cli import streams


def entry() -> None:
    streams.mend()
    from scorekeeper.cli.main import entry as run

    run()
