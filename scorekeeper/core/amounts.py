"""The one bound on every amount a session holds: at most :data:`LIMIT` (10**15) either way.

The phones' page reads numbers as JavaScript does, exactly only up to 2**53 - 1 (about
9.007 * 10**15), and most programs read a JSON export the same way: a stake, a stack, a
rebuy or a score past that shows as another number (a 24-digit stack showed as
``1e+24`` on the phones). 10**15 is far beyond any table (a million chips for each of
a thousand players, with a thousand rebuys each, is 10**12) and leaves room below 2**53
for what the views add or subtract: a difference of two scores, a net (chips now less
chips brought), a round's deltas.

So every amount typed (an option, a starting stack, a rebuy, a Pochen bet) is refused
past it, and so is an entry whose result would pass it (a stake doubled, a score after
a showdown, the chips at the table). The refusal is a RuleError in words. What is
stored already is read as it is (:func:`as_stored`): the bound is on input, never on
opening a session. See docs/transcripts.md ("Numbers").
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Iterator
from contextvars import ContextVar

from scorekeeper.core.errors import RuleError

#: The largest amount (and the most negative, negated) a session takes in.
LIMIT = 10**15
_DIGITS = len(str(LIMIT))
#: Characters of a refused number shown in the refusal.
_SHOWN = 20
#: Set while a stored session is read back: its amounts are taken as they were written
#: (one context per thread: the app folds history in a worker while keys are checked).
_STORED: ContextVar[bool] = ContextVar("scorekeeper_amounts_stored", default=False)


@contextlib.contextmanager
def as_stored() -> Iterator[None]:
    """Read what is inside as stored, not typed: no amount is refused for its size (a
    session kept before the bound, or by another version, opens as it is)."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def reading_stored() -> bool:
    """Whether what is read now is stored, not typed (:func:`as_stored`): a check made
    for typing (a name that looks like another, core/names.py) lets a stored one be."""
    return _STORED.get()


def past_limit(value: int) -> bool:
    """Whether *value* is past :data:`LIMIT` either way, in something typed now."""
    return not -LIMIT <= value <= LIMIT and not _STORED.get()


def whole_number(word: str, field: str | None = None) -> int | None:
    """*word* as a whole number written in ASCII digits, or None when it is not one
    (Python counts ``²`` as a digit, and int() refuses it). Past :data:`LIMIT` it is
    refused in words, however many digits it has (*field*: the form's field).

    The one rule for every number typed (docs/transcripts.md, "Numbers"): the digits
    0–9 and nothing else. Python's int() also reads full-width ``１０`` and Arabic-Indic
    ``١٠`` (any decimal digit of Unicode), so a number would read one way here and another
    in every other program; such a word is refused in words, saying how to write it."""
    if not (word.isascii() and word.isdigit()):
        if word.isdecimal():  # every character a decimal digit, some not 0–9
            raise other_digits(word, field)
        return None
    digits = word.lstrip("0") or "0"
    # before int(): Python refuses to read 4,301 digits or more (a stored one: as written)
    if len(digits) > _DIGITS and not _STORED.get():
        raise too_large(digits, field)
    return within(int(digits), field)


def plain_number(word: str) -> int | None:
    """*word* as a count typed (a seat, a round, a session number): a whole number of
    ASCII digits within :data:`LIMIT`, else None (never an error: the caller says what
    it wanted)."""
    try:
        return whole_number(word)
    except RuleError:
        return None


def plain_digits(word: str) -> str:
    """*word* with every decimal digit of Unicode written as its digit in 0–9 (``１０`` and
    ``١٠`` are ``10``), other characters as they are: what to suggest typing instead."""
    if word.isascii():
        return word
    return "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch for ch in word)


def other_digits(word: str, field: str | None = None) -> RuleError:
    """The refusal of a number written in digits other than 0–9 (``１０``, ``١٠``), with the
    same number in 0–9 to type instead."""
    value, plain = shown(word), shown(plain_digits(word[: _SHOWN + 1]))
    return RuleError("rules.other_digits", field=field, value=value, plain=plain)


def within(value: int, field: str | None = None) -> int:
    """*value*, or a RuleError when it is past :data:`LIMIT` either way (typed now)."""
    if past_limit(value):
        raise too_large(value, field)
    return value


def too_large(value: int | str, field: str | None = None) -> RuleError:
    """The refusal of an amount past :data:`LIMIT`, the amount shown cut short."""
    return RuleError("rules.too_large", field=field, value=shown(value), limit=LIMIT)


def shown(value: int | str) -> str:
    """An amount as a refusal shows it: its first digits when it has many."""
    try:
        text = str(value)
    except ValueError:  # an int of more digits than Python will write out
        text = "…"
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"
