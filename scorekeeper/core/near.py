"""The nearest valid word to a typo: "rais" -> "raise", "Chka" -> "Chika" (stdlib difflib)."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

#: How alike a typo and a word must be to be offered (difflib's ratio, 0 to 1).
CUTOFF = 0.6


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The one choice nearest to *word* (case aside), or None when none is near enough."""
    by_fold: dict[str, str] = {}
    for choice in choices:
        by_fold.setdefault(choice.casefold(), choice)
    found = get_close_matches(word.casefold(), list(by_fold), n=1, cutoff=CUTOFF)
    return by_fold[found[0]] if found else None
