"""Seat numbers typed for names: a recorder at the table thinks in seats as often as names."""

from __future__ import annotations

from scorekeeper.core.amounts import plain_number
from scorekeeper.core.games.ranking import pairs_of
from scorekeeper.core.state import State
from scorekeeper.core.words import quote, split_line


def by_seat(state: State, word: str) -> str:
    """A player's number typed for them becomes their name (the core says whose number it
    is: numbers stay with players, whoever joins or leaves); anything else stays."""
    seat = plain_number(word)
    name = state.numbered(seat) if seat is not None else None
    return word if name is None else name


def seat_names(state: State, text: str) -> list[str]:
    """Words of a typed ranking with seat numbers replaced by names."""
    return [by_seat(state, w) for w in split_line(text.replace(">", " > ").replace("=", " = "))]


def seat_pairs(state: State, text: str) -> list[tuple[str, str]]:
    """``2=KD,KS D=9C`` -> ``[("B", "KD,KS"), ("D", "9C")]``: seat numbers become names."""
    return [(by_seat(state, name), value) for name, value in pairs_of(split_line(text))]


def typed(names: tuple[str, ...] | list[str]) -> list[str]:
    """*names* as typed in a box (quoted where a name needs it): hints show real players."""
    return [quote(name) for name in names]


def ranking_example(names: tuple[str, ...] | list[str]) -> str:
    """A ranking as typed in a box, from real players: ``Ben > Aki = Dai`` (one tie, if three)."""
    words = typed(names[:3])
    if len(words) < 2:
        return " ".join(words)
    tie = f" = {words[2]}" if len(words) > 2 else ""
    return f"{words[0]} > {words[1]}{tie}"


def pairs_example(names: tuple[str, ...] | list[str], values: tuple[str, ...]) -> str:
    """``name=value`` pairs as typed in a box, one real player per value: ``Chie=KD,KS Dai=9C``."""
    return " ".join(f"{name}={value}" for name, value in zip(typed(names), values, strict=False))
