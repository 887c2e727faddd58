"""Words of a transcript line, split and quoted as a POSIX shell does (POSIX.1-2024).

``shlex`` covers single quotes, double quotes and backslashes, but not the
dollar-single-quotes of POSIX.1-2024 (``$'a\\x1bb'``), the one quoting in which
a control character can be written as visible text. A note that holds such a
character (kept from before notes were checked, or imported) is written that
way, as GNU ``ls`` writes such file names, and reads back the same. Every other
line splits exactly as ``shlex.split(line, comments=True)`` splits it.
"""

from __future__ import annotations

from scorekeeper.messages.text import escaped, hidden

_BLANK = " \t\r\n"
_SIMPLE = {
    "a": "\a",
    "b": "\b",
    "e": "\x1b",
    "E": "\x1b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
}
_HEX_DIGITS = {"x": 2, "u": 4, "U": 8}


class Unbalanced(ValueError):
    """A quote left open, or a backslash with nothing after it."""


def split(line: str) -> list[str]:
    """The words of *line*; an unquoted ``#`` starts a comment that runs to the line's end.

    (As shlex has it, ``#`` inside a word starts a comment too: ``C#`` is ``C``.
    Transcripts write such a word quoted.)
    """
    words: list[str] = []
    word: list[str] | None = None  # None between words
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch in _BLANK:
            if word is not None:
                words.append("".join(word))
                word = None
            i += 1
            continue
        if ch == "#":
            if word is not None:
                words.append("".join(word))
                word = None
            end = line.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if word is None:
            word = []
        if ch == "'":
            end = line.find("'", i + 1)
            if end < 0:
                raise Unbalanced(line)
            word.append(line[i + 1 : end])
            i = end + 1
        elif ch == '"':
            i = _double_quoted(line, i + 1, word)
        elif ch == "\\":
            if i + 1 >= n:
                raise Unbalanced(line)
            word.append(line[i + 1])
            i += 2
        elif ch == "$" and line.startswith("'", i + 1):
            i = _dollar_quoted(line, i + 2, word)
        else:
            word.append(ch)
            i += 1
    if word is not None:
        words.append("".join(word))
    return words


def _double_quoted(line: str, i: int, word: list[str]) -> int:
    """Inside "…" a backslash escapes only ``"`` and ``\\`` (as shlex has it)."""
    while i < len(line):
        ch = line[i]
        if ch == '"':
            return i + 1
        if ch == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            word.append(line[i + 1])
            i += 2
            continue
        word.append(ch)
        i += 1
    raise Unbalanced(line)


def _dollar_quoted(line: str, i: int, word: list[str]) -> int:
    """Inside $'…': C-style escapes, ``\\xHH``, ``\\uHHHH``, ``\\UHHHHHHHH`` and octal."""
    while i < len(line):
        ch = line[i]
        if ch == "'":
            return i + 1
        if ch != "\\":
            word.append(ch)
            i += 1
            continue
        if i + 1 >= len(line):
            break
        code = line[i + 1]
        if code in _SIMPLE:
            word.append(_SIMPLE[code])
            i += 2
        elif code in _HEX_DIGITS:
            digits = _run(line, i + 2, _HEX_DIGITS[code], "0123456789abcdefABCDEF")
            if not digits or int(digits, 16) > 0x10FFFF:
                word.append("\\" + code)  # not an escape after all: kept as typed
                i += 2
            else:
                word.append(chr(int(digits, 16)))
                i += 2 + len(digits)
        elif code in "01234567":
            digits = _run(line, i + 1, 3, "01234567")
            word.append(chr(int(digits, 8)))
            i += 1 + len(digits)
        else:
            word.append("\\" + code)
            i += 2
    raise Unbalanced(line)


def _run(line: str, start: int, most: int, allowed: str) -> str:
    end = start
    while end < len(line) and end - start < most and line[end] in allowed:
        end += 1
    return line[start:end]


def dollar_quote(word: str) -> str:
    """*word* as $'…', every hidden character written as the escape ``visible`` shows."""
    out = ["$'"]
    for ch in word:
        if ch in "\\'":
            out.append("\\" + ch)
        elif hidden(ch):
            out.append(escaped(ch))
        else:
            out.append(ch)
    out.append("'")
    return "".join(out)
