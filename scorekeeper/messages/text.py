"""Free text from outside (notes, reasons, names, typed words): what may be kept of it,
and how it is shown wherever it goes.

A note is kept as typed, even with a control character (an escape that would
retitle a terminal) or a bidirectional override (which would show the text in
another order than it was typed): the record holds what was entered. What
shows it never passes such a character on live: terminals and exports show
it as a visible escape (``visible``), transcripts write it in $'…' quotes that
read back the same (core/shellwords.py), JSON writes it as ``\\uXXXX``
(``json_text``). Only a lone surrogate, which is not a character at all and
cannot be stored as UTF-8, is refused. Joiners that emoji need are ordinary text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

#: Embeddings, overrides and isolates: they reorder what is shown.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def hidden(ch: str) -> bool:
    """A control character, a lone surrogate, or a bidi override."""
    return ch in _BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs")


def refused_character(text: str) -> str | None:
    """The first character of *text* that may not be kept (a lone surrogate), else None."""
    found = next((ch for ch in text if unicodedata.category(ch) == "Cs"), None)
    return None if found is None else f"U+{ord(found):04X}"


def visible(text: str) -> str:
    """*text* with every control character and bidi override shown as an escape.

    Whatever reaches a terminal from a user (a name, a note kept from before these
    checks, a word typed in an error) then cannot move the cursor, retitle the
    terminal, hide text or reverse it: ESC shows as ``\\x1b``, U+202E as ``\\u202e``.
    """
    if text.isprintable() and not _BIDI_CONTROLS.intersection(text):
        return text  # the common case, in one pass
    return "".join(escaped(ch) if hidden(ch) else ch for ch in text)


def escaped(ch: str) -> str:
    """One character as the escape every view writes it as: ``\\x1b``, ``\\u202e``."""
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


#: What json.dumps(ensure_ascii=False) leaves raw but a terminal may act on: DEL, the C1
#: controls and the bidi overrides (it escapes C0 itself). Outside strings JSON is ASCII.
_RAW_IN_JSON = re.compile("[\x7f-\x9f" + "".join(sorted(_BIDI_CONTROLS)) + "]")


def json_text(value: Any, **options: Any) -> str:
    """JSON with readable Unicode, and every character that could act on a terminal escaped."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
