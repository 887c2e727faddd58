"""A copy of a frozen dataclass with some fields changed, for the fold's hot path.

``dataclasses.replace`` looks up the fields and builds keyword arguments on
every call; a fold makes several copies per entry (the state, the round), and
that lookup was a quarter of a replay. The core's dataclasses have no
``__post_init__``, so setting the fields directly gives the same object.

A frozen dataclass refuses attribute stores, and going round that with
``object.__setattr__`` costs a call per field (16 for a State). A slotted one is
therefore copied as an unfrozen twin with the very same slots, which stores its
fields as plain attributes, and is then given its own class back: Python checks
that the two lay their fields out alike, so the result is the object
``dataclasses.replace`` would give, in a fraction of the time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

#: (class, the names of the fields changed, in order) -> a copier written for them.
_MAKERS: dict[tuple[Any, ...], Callable[..., Any]] = {}


def _twin(cls: type) -> type | None:
    """An unfrozen class laid out as *cls* (same base, same slots), or None if *cls* is
    not a plain slotted class (then fields are set through ``object.__setattr__``)."""
    slots = cls.__dict__.get("__slots__")
    if cls.__bases__ != (object,) or not isinstance(slots, tuple) or "__dict__" in slots:
        return None
    twin: type = type(f"_Unfrozen{cls.__name__}", (), {"__slots__": slots})
    return twin


def _maker(cls: type, changed: tuple[str, ...], *, copy: bool = True) -> Callable[..., Any]:
    """A function copying an object of *cls* with the fields *changed* given as arguments,
    written out field by field once per class and set of changes (as dataclasses writes
    ``__init__``): a fold makes hundreds of thousands of copies, a handful of kinds.
    Without *copy*, *changed* is every field and the function makes a new object."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has __post_init__: use dataclasses.replace")
    names = [f.name for f in fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    for name in names:
        if not name.isidentifier():  # never for a dataclass; keeps the text below safe
            raise TypeError(f"odd field name {name!r}")
    twin = _twin(cls)
    # Arguments are f_ and the field's name: no helper below (_new, _cls …) nor obj starts so.
    arguments = ["obj"] if copy else []
    arguments += [f"f_{name}" for name in changed]
    values = {name: f"f_{name}" if name in changed else f"obj.{name}" for name in names}
    lines = [f"def make({', '.join(arguments)}):"]
    if twin is None:
        lines.append("    new = _new(_cls)")
        lines += [f"    _set(new, {name!r}, {values[name]})" for name in names]
    else:
        lines.append("    new = _twin()")  # no __init__: cheaper than object.__new__(_twin)
        lines += [f"    new.{name} = {values[name]}" for name in names]
        lines.append("    new.__class__ = _cls")
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_twin": twin, "_set": _set}
    exec("\n".join(lines), scope)  # our own text, made from the field names
    made: Callable[..., Any] = scope["make"]
    return made


_set = object.__setattr__


def copier(cls: type[T], *changed: str) -> Callable[..., T]:
    """``copier(cls, "a", "b")(obj, x, y)`` is ``evolve(obj, a=x, b=y)`` for an *obj* of
    exactly *cls*, for the copies a fold makes on most entries: passing keyword arguments
    through ``evolve`` costs more than the copy itself."""
    made: Callable[..., T] = _maker(cls, changed)
    return made


def constructor(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)``, every field given in order, for a frozen slotted dataclass made
    once or more per entry of a fold (an event, a frame of the ledger): its ``__init__``
    sets each field through ``object.__setattr__``, this stores them as a copy does."""
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]  # a dataclass
    made: Callable[..., T] = _maker(cls, names, copy=False)
    return made


def evolve(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace(obj, **changes)``; unknown field names are refused the same way."""
    key = (type(obj), *changes)
    make = _MAKERS.get(key)
    if make is None:
        make = _MAKERS[key] = _maker(type(obj), tuple(changes))
    made: T = make(obj, *changes.values())
    return made
