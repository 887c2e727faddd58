"""How many terminal columns text takes, and padding or shortening text to a width.

Names arrive in every form a keyboard produces: "Zoé" typed on macOS is often
"Zoe" plus a combining acute accent (U+0301), which takes no column of its own;
a zero-width space or joiner takes none either; an emoji ZWJ sequence such as
"👨‍👩‍👧" (three people joined by U+200D) shows as one two-column picture; a
Japanese character takes two. Counting code points, or even East Asian widths
one code point at a time, gets all but the last wrong.

One measure, Rich's ``rich.cells.cell_len``: the function Textual itself lays out
and pads cells with, so the command line's tables and the app's columns measure text
alike (``scorekeeper.ui.cells`` passes it to the padding and shortening here). It
counts grapheme-aware widths (accents and joiners take no column, an emoji sequence
two, CJK two, East Asian "ambiguous" characters one), the same text always the same.
Where it differs from the wcwidth package the project used until issue 45 (a Tamil or
other Indic spacing vowel sign, ``"நி"``: 1 here, 2 in wcwidth; a tab, 0 here), the app's
measure is the one followed, so that one text never has two widths.

Shortening goes by grapheme clusters as Rich splits them (``rich.cells.split_graphemes``)
with a flag's two regional indicators kept together, so it never separates a letter from
its accent, breaks an emoji sequence or halves a flag.

This is the one module outside ui/ that imports Rich, and only ``rich.cells``, where it is
first used, not at the top (pyproject's import contracts): importing it costs about
12 ms, which commands that print no table (``record``, ``import``) need not pay, and text
of printable ASCII, kana and kanji only is measured without it (the same figures: see
``tests/test_columns.py``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

#: A measure of text in columns: ``width`` here, or ``rich.cells.cell_len`` itself.
Measure = Callable[[str], int]

ELLIPSIS = "…"


#: Characters of one column each in Rich: printable ASCII, and the punctuation the
#: catalog itself writes (minus sign, dashes, ellipsis, middle dot, times, plus-minus,
#: arrows; East Asian "ambiguous", which Rich, like most terminals, counts narrow).
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
    without loading Rich (12 ms): names in kana or kanji, and every table the commands
    print."""
    if text.isascii() and text.isprintable():
        return len(text)
    simple, wide = _patterns()
    if simple.fullmatch(text):
        return len(text) + len(wide.findall(text))
    from rich.cells import cell_len

    return cell_len(text)


def _regional_indicator(cluster: str) -> bool:
    """A cluster that begins with a regional indicator: half of a flag (U+1F1E6 to
    U+1F1FF), perhaps with zero-width characters after it."""
    return "\U0001f1e6" <= cluster[:1] <= "\U0001f1ff"


def graphemes(text: str) -> Iterator[str]:
    """*text* in grapheme clusters: what a reader sees as one character each. Rich keeps
    accents, joiners and variation selectors with their character but splits a flag into
    its two regional indicators; they are paired again here (Unicode UAX #29, GB12/13)."""
    from rich.cells import split_graphemes

    spans, _ = split_graphemes(text)
    half: str | None = None
    for start, end, _cells in spans:
        cluster = text[start:end]
        if half is not None:
            if _regional_indicator(cluster):
                yield half + cluster
                half = None
                continue
            yield half
            half = None
        if len(cluster) == 1 and _regional_indicator(cluster):
            half = cluster  # the first half, which the next may complete
        else:
            yield cluster
    if half is not None:
        yield half


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
