"""Free text a recorder types (notes, correction reasons): what may be kept of it, and
how any text from outside is shown on a terminal.

Such text reaches terminals, transcripts and exports. A control character
(a NUL, an escape that retitles the terminal) or a bidirectional override
(which shows the text in another order than it was typed) would not read
back the same or would mislead, so the rules refuse it in plain words.
Joiners and other invisible format characters that emoji need are kept.
"""

from __future__ import annotations

import unicodedata

#: Embeddings, overrides and isolates: they reorder what is shown.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden(ch: str) -> bool:
    """A control character, a lone surrogate, or a bidi override."""
    return ch in _BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs")


def refused_character(text: str) -> str | None:
    """The first character of *text* that may not be kept, as ``U+XXXX``, else None."""
    found = next((ch for ch in text if _hidden(ch)), None)
    return None if found is None else f"U+{ord(found):04X}"


def visible(text: str) -> str:
    """*text* with every control character and bidi override shown as an escape.

    Whatever reaches a terminal from a user (a name, a note kept from before these
    checks, a word typed in an error) then cannot move the cursor, retitle the
    terminal, hide text or reverse it: ESC shows as ``\\x1b``, U+202E as ``\\u202e``.
    """
    if text.isprintable() and not _BIDI_CONTROLS.intersection(text):
        return text  # the common case, in one pass
    out = []
    for ch in text:
        if _hidden(ch):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
