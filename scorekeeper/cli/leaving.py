"""What a batch command leaves behind when the program ends.

The ``scorekeeper`` program leaves with ``os._exit`` after a batch command
(:func:`scorekeeper.cli.main.entry`): what it made is on disk or printed, and
there is nothing to tidy. But a session the command read was still freed
object by object as the function holding it returned, before that exit: 0.08 s
of a 2 s ``replay`` of 100,000 entries. And had the collector come back on
after the command, its first pass would have scanned whatever was still alive.

So in the program only, a batch command runs with the collector off to the
end and hands what it read to :func:`keep`. Called in-process (the tests, a
script calling ``main``), neither happens and everything is freed as usual.
"""

from __future__ import annotations

from typing import TypeVar

from scorekeeper.collector import off_to_the_end

T = TypeVar("T")

_program = False  # run as the program, which leaves with os._exit after a batch command
_kept: list[object] = []
_keeping = False


def as_program() -> None:
    """Said by the program's entry point, before the command runs."""
    global _program
    _program = True


def start_batch() -> bool:
    """Whether this batch command is the program's last work: if so, the collector is
    turned off for good and :func:`keep` holds from now on."""
    global _keeping
    if _program:
        off_to_the_end()
        _keeping = True
    return _keeping


def keep(thing: T) -> T:
    """*thing*, held until the program leaves when it will leave with ``os._exit``."""
    if _keeping:
        _kept.append(thing)
    return thing
