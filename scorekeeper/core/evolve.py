"""A copy of a frozen dataclass with some fields changed, for the fold's hot path.

``dataclasses.replace`` looks up the fields and builds keyword arguments on
every call; a fold makes several copies per entry (the state, the round), and
that lookup was a quarter of a replay. The core's dataclasses have no
``__post_init__``, so setting the fields directly gives the same object.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_NAMES: dict[type, tuple[tuple[str, ...], frozenset[str]]] = {}
_set = object.__setattr__


def evolve(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``; unknown field names are refused the same way."""
    cls = type(obj)
    known = _NAMES.get(cls)
    if known is None:
        if hasattr(cls, "__post_init__"):
            raise TypeError(f"{cls.__name__} has __post_init__: use dataclasses.replace")
        names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        known = _NAMES[cls] = (names, frozenset(names))
    names, allowed = known
    if not allowed.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - allowed))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
