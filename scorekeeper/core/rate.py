"""The money rate of a session: what one point or chip is worth, and in what currency.

A ``rate`` entry (transcript ``rate 10 JPY``) puts it in the record, so every view of
the session (exports, the phones, the settle-up) reads the same rate, a correction or
an undo too; a later ``rate`` replaces it. It is never a setting shared with other
sessions. The amount is kept as an exact decimal string (``"10"``, ``"0.5"``), never a
float; the currency, if given, as a short word (``JPY``, ``USD``, ``円``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, Protocol

from scorekeeper.core.amounts import other_digits, plain_digits
from scorekeeper.core.entries import RateData
from scorekeeper.core.errors import RuleError
from scorekeeper.core.state import State

#: A rate as typed: ASCII digits, at most 9 before the point and 2 after it.
_AMOUNT = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,2})?")
#: The longest currency word kept.
MAX_CURRENCY = 8


def rate_amount(text: str) -> Decimal | None:
    """*text* as a rate (``10``, ``0.5``): above zero, at most 2 decimals; else None. In
    digits other than 0–9 it is refused in words (core/amounts.py ``whole_number``)."""
    word = text.strip()
    if not _AMOUNT.fullmatch(word):
        if _AMOUNT.fullmatch(plain_digits(word)):  # ١٠ or ０.５: the one rule, in words
            raise other_digits(word)
        return None
    if Decimal(word) <= 0:
        return None
    return Decimal(word)


def amount_text(amount: Decimal) -> str:
    """The one way a rate is written: no exponent, no trailing zeros (``10``, ``0.5``)."""
    return f"{amount.normalize():f}"


def check_currency(word: str) -> str:
    """A currency word: letters or a currency sign (JPY, usd, 円, €), at most
    MAX_CURRENCY of them; ASCII letters upper-cased, so ``jpy`` is ``JPY``."""
    text = word.strip()
    if not text or len(text) > MAX_CURRENCY or not all(_currency_char(c) for c in text):
        raise RuleError("rules.rate_currency", currency=word, limit=MAX_CURRENCY)
    return text.upper() if text.isascii() else text


def _currency_char(char: str) -> bool:
    return char.isalpha() or unicodedata.category(char) == "Sc"


def check_rate(data: Mapping[str, Any]) -> RateData:
    """The canonical data of a ``rate`` entry, or a RuleError in words."""
    typed = data.get("amount")
    amount = rate_amount(typed) if isinstance(typed, str) else None
    if amount is None:
        raise RuleError("rules.rate_amount", value=str(typed))
    currency = data.get("currency")
    if currency is not None and not isinstance(currency, str):
        raise RuleError("rules.rate_currency", currency=str(currency), limit=MAX_CURRENCY)
    checked = None if currency is None or not currency.strip() else check_currency(currency)
    return RateData(amount=amount_text(amount), currency=checked)


def rate_words(data: RateData) -> list[str]:
    """The words of a ``rate`` entry after its verb: ``10 JPY``, or ``10``."""
    currency = data["currency"]
    return [data["amount"], *([currency] if currency else [])]


def parse_rate_words(args: list[str]) -> dict[str, Any]:
    """``rate AMOUNT [CURRENCY]`` read from its words (checked by check_rate)."""
    if len(args) not in (1, 2):
        raise RuleError("transcript.rate_syntax")
    return {"amount": args[0], "currency": args[1] if len(args) == 2 else None}


def state_rate(state: State) -> tuple[Decimal | None, str | None]:
    """The rate in force in *state* and its currency; (None, None) before any ``rate``."""
    if state.rate is None:
        return None, None
    return Decimal(state.rate), state.currency


class HasState(Protocol):
    """A session (core/session.py, which imports the steps that import this module)."""

    @property
    def state(self) -> State: ...


def session_rate(session: HasState) -> tuple[Decimal | None, str | None]:
    """The rate in force at the end of *session*'s entries so far, and its currency: what
    the exports, the phones and the settle-up read."""
    return state_rate(session.state)
