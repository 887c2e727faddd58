"""A copy of a frozen dataclass with some fields changed, for the fold's hot path.

``dataclasses.replace`` looks up the fields and builds keyword arguments on
every call; a fold makes several copies per entry (the state, the round), and
that lookup was a quarter of a replay. The core's dataclasses have no
``__post_init__``, so setting the fields directly gives the same object.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_MAKERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _maker(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    """A function that copies an object of *cls* with some fields changed, written out
    field by field once per class (as dataclasses writes ``__init__``): three quarters
    of the time of a loop over the field names, in a fold that makes 300,000 copies."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has __post_init__: use dataclasses.replace")
    names = [f.name for f in fields(cls)]
    lines = ["def make(obj, changes):", "    new = _new(_cls)"]
    for name in names:
        if not name.isidentifier():  # never for a dataclass; keeps the text below safe
            raise TypeError(f"odd field name {name!r}")
        lines.append(
            f"    _set(new, {name!r}, changes.pop({name!r}) if {name!r} in changes else obj.{name})"
        )
    lines += ["    if changes:", "        _unknown(_cls, changes)", "    return new"]
    scope: dict[str, Any] = {
        "_new": object.__new__,
        "_cls": cls,
        "_set": _set,
        "_unknown": _unknown,
    }
    exec("\n".join(lines), scope)  # our own text, made from the field names
    made: Callable[[Any, dict[str, Any]], Any] = scope["make"]
    return made


def _unknown(cls: type, changes: dict[str, Any]) -> None:
    raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(changes))}")


_set = object.__setattr__


def evolve(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``; unknown field names are refused the same way."""
    cls = type(obj)
    make = _MAKERS.get(cls)
    if make is None:
        make = _MAKERS[cls] = _maker(cls)
    made: T = make(obj, changes)
    return made
