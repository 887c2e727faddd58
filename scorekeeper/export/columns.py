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
17 ms, which commands that print no table (``record``, ``import``) need not pay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

#: A measure of text in columns: ``width`` here, or the app's ``rich.cells.cell_len``.
Measure = Callable[[str], int]

ELLIPSIS = "…"


def width(text: str) -> int:
    """Columns *text* takes in a terminal."""
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
