"""Names that a table could not tell apart: "Aki", "aki", "Ａｋｉ" and "Аki" (a Cyrillic А).

Such a name typed next to another is questioned, never merged or split silently
(docs/rules/names.md): the comparison is here, once, for the form, ``join`` in the app
and on the phone, and the rules' own refusals. Stdlib only: Unicode's compatibility
caseless match (NFKC and case folding) and a small map of Cyrillic and Greek letters
that look like Latin ones.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: Cyrillic and Greek letters drawn like a Latin letter, in the case folding gives them
#: (capitals fold to these: "А" to "а", "Β" to "β").
_LOOK_LATIN = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "і": "i", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "һ": "h", "ӏ": "l", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ү": "y",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "m",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
}  # fmt: skip
_TABLE = str.maketrans(_LOOK_LATIN)


def _folded(text: str) -> str:
    """Unicode's compatibility caseless form (NFKD, fold, NFKD, fold, after NFD), composed
    again: a name, its capitals, its full-width or its composed letters all give one text."""
    once = unicodedata.normalize("NFKD", unicodedata.normalize("NFD", text).casefold())
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKD", once.casefold()))


def skeleton(name: str) -> str:
    """What a name looks like, as a key: folded, look-alike letters read as Latin ones,
    and spaces counted as one space (two names with one skeleton look alike)."""
    decomposed = unicodedata.normalize("NFD", _folded(name)).translate(_TABLE)
    return " ".join(unicodedata.normalize("NFC", decomposed).split())


def looks_like(a: str, b: str) -> bool:
    """Whether a table would read *a* and *b* as one name (equal ones too)."""
    return a == b or skeleton(a) == skeleton(b)


def lookalike_of(name: str, names: Iterable[str]) -> str | None:
    """The first of *names* that *name* looks like without being it, or None: also None
    when *name* is one of them as written (then it is simply that one)."""
    candidates = list(names)
    if name in candidates:
        return None
    key = skeleton(name)
    return next((other for other in candidates if skeleton(other) == key), None)
