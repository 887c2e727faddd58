"""How many terminal columns text takes, and padding or shortening text to a width.

Names arrive in every form a keyboard produces: "Zoé" typed on macOS is often
"Zoe" plus a combining acute accent (U+0301), which takes no column of its own;
a zero-width space or joiner takes none either; an emoji ZWJ sequence such as
"👨‍👩‍👧" (three people joined by U+200D) shows as one two-column picture; a
Japanese character takes two. Counting code points, or even East Asian widths
one code point at a time, gets all but the last wrong.

Two measures, because the two places text is shown measure differently:

- ``width`` here is what a terminal does with what the command line prints:
  ``wcwidth.width``, the maintained reference for terminal widths (grapheme
  aware, ambiguous characters narrow, no per-terminal corrections, so the same
  text always measures the same).
- Inside the app, Textual lays cells out and pads them with Rich's
  ``rich.cells.cell_len``; a column must be as wide as what Textual paints, so
  the app measures with that same function (``scorekeeper.ui.cells``, under ui/
  because only ui/ may import Rich). Rich's tables are generated from wcwidth's
  data and the two agree on accents, zero-width characters, emoji sequences and
  CJK, but Rich measures with its own rules and does differ on some text: a
  Tamil or other Indic spacing vowel sign (``"நி"``: 2 in wcwidth, 1 in Rich),
  a lone skin-tone modifier or regional indicator, code points newer than
  Rich's tables.

Shortening goes by grapheme clusters (Unicode UAX #29, ``wcwidth.iter_graphemes``),
so it never separates a letter from its accent or breaks an emoji sequence.

wcwidth is imported where it is first used, not at the top: it costs about
17 ms, which commands that print no table (``record``, ``import``) need not pay, and
text of printable ASCII, kana and kanji only is measured without it (the same
figures: see ``tests/test_columns.py``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

#: A measure of text in columns: ``width`` here, or the app's ``rich.cells.cell_len``.
Measure = Callable[[str], int]

ELLIPSIS = "…"


#: Characters of one column each in wcwidth: printable ASCII, and the punctuation the
#: catalog itself writes (minus sign, dashes, ellipsis, middle dot, times, plus-minus,
#: arrows; East Asian "ambiguous", which wcwidth, like most terminals, counts narrow).
_NARROW = "\u0020-\u007e\u00b1\u00b7\u00d7\u2013\u2014\u2026\u2190\u2192\u2212"
#: Characters of two columns each (East Asian Wide, no combining or joining behaviour):
#: the ideographic space, comma, full stop and iteration mark, hiragana, katakana with
#: its middle dot and prolonged sound mark, CJK ideographs, full-width forms.
_WIDE = "\u3000-\u3002\u3005\u3041-\u3096\u30a1-\u30fc\u4e00-\u9fff\uff01-\uff60"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Text of only these characters, and one wide character: compiled when first needed
    (4 ms, which a command printing only ASCII need not pay)."""
    return re.compile(f"[{_NARROW}{_WIDE}]*"), re.compile(f"[{_WIDE}]")


def width(text: str) -> int:
    """Columns *text* takes in a terminal. Text of only the characters above measures
    without loading wcwidth (17 ms): names in kana or kanji, and every table the commands
    print."""
    if text.isascii() and text.isprintable():
        return len(text)
    simple, wide = _patterns()
    if simple.fullmatch(text):
        return len(text) + len(wide.findall(text))
    from wcwidth import width as measure

    return measure(text)


def graphemes(text: str) -> Iterator[str]:
    """*text* in grapheme clusters: what a reader sees as one character each."""
    from wcwidth import iter_graphemes

    return iter_graphemes(text)


def ljust(text: str, columns: int, measure: Measure = width) -> str:
    """*text* followed by spaces up to *columns* (unchanged if already as wide)."""
    return text + " " * max(0, columns - measure(text))


def rjust(text: str, columns: int, measure: Measure = width) -> str:
    """*text* preceded by spaces up to *columns* (unchanged if already as wide)."""
    return " " * max(0, columns - measure(text)) + text


def shorten(text: str, columns: int, measure: Measure = width, mark: str = ELLIPSIS) -> str:
    """*text* if it fits in *columns*, else as many whole grapheme clusters as fit
    followed by *mark*."""
    if measure(text) <= columns:
        return text
    room = columns - measure(mark)
    cut = ""
    for cluster in graphemes(text):
        if measure(cut + cluster) > room:
            break
        cut += cluster
    return cut + mark
