"""The ``scorekeeper`` program's first step: a kept answer to ``list`` or ``stats``
(:mod:`scorekeeper.cli.output_cache`) before anything else of ours is loaded."""

from __future__ import annotations

import os
import sys

from scorekeeper.cli import output_cache

#: cli.errors.EXIT_PIPE, not imported from there: that module costs what this one saves.
_EXIT_PIPE = 141


def entry() -> None:
    try:
        answered = output_cache.answer(sys.argv[1:])
        if answered:
            sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (``| head``): as the command does
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os._exit(_EXIT_PIPE)
    if answered:
        os._exit(0)
    from scorekeeper.cli.main import entry as run

    run()
