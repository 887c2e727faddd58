"""Money as the table reads it: an exact amount, thousands separators, the currency.

One function every view calls (the settle-up, the exports, the phones' end view, the
share text): ``format_money(Decimal("5200"), "JPY", "ja")`` is ``5,200円``, in English
``¥5,200``; ``USD`` is ``$5,200.50``, ``EUR`` ``€5,200.50``; a currency word it does not
know is written after the amount (``5,200 XYZ``), and no currency is the plain amount
(``5,200``). A negative amount starts with ``-``, as the standings write ``-20``.

Each currency also has the unit its money is counted in (``money_unit``): a yen is
whole, a dollar or a euro has cents; a settle-up in money rounds each player's balance
to it (export/settlement.py).
"""

from __future__ import annotations

from decimal import Context, Decimal, localcontext

from scorekeeper.messages import language

#: Currency words read as the yen (the same money, however the table wrote it).
_YEN = frozenset({"JPY", "YEN", "円", "¥", "￥"})
#: Currencies written with their sign before the amount.
_SIGNS = {"USD": "$", "$": "$", "EUR": "€", "€": "€", "GBP": "£", "£": "£"}
#: Currencies counted in whole units (no cents), beside the yen.
_WHOLE = frozenset({"KRW", "₩", "ウォン", "원"})
_CENT = Decimal("0.01")
_EXACT = Context(prec=100)


#: Signs read as the currency they stand for, so that ``$`` and ``USD`` are one money.
_NAMED = {"$": "USD", "€": "EUR", "£": "GBP", "₩": "KRW", "ウォン": "KRW", "원": "KRW"}


def currency_key(currency: str) -> str:
    """What identifies *currency* whichever way the table wrote it: ``円``, ``¥``, ``jpy``
    are all ``JPY``; a word it does not know is itself (upper-cased)."""
    if is_yen(currency):
        return "JPY"
    return _NAMED.get(currency, currency.upper())


def is_yen(currency: str | None) -> bool:
    return currency is not None and currency.upper() in _YEN


def money_unit(currency: str | None) -> Decimal:
    """The smallest amount of *currency* a table hands over: 1 for the yen (and the won),
    0.01 otherwise (a rate has at most 2 decimals, so no amount is finer)."""
    if is_yen(currency) or (currency is not None and currency.upper() in _WHOLE):
        return Decimal(1)
    return _CENT


def amount_text(amount: Decimal) -> str:
    """The exact amount as a plain decimal string (no separators, no exponent, no trailing
    zeros: ``5200``, ``12.5``, ``-3``), as JSON documents carry money."""
    with localcontext(_EXACT):
        if amount == amount.to_integral_value():
            return str(int(amount))
        return f"{amount.normalize():f}"


def _digits(amount: Decimal) -> str:
    """|amount| with thousands separators, exactly: whole as it is, else with its cents
    (both digits: ``5,200.50``), and anything finer as it is (never rounded here)."""
    with localcontext(_EXACT):  # abs() and quantize() round to the context's digits
        value = abs(amount)
        if value == value.to_integral_value():
            return f"{int(value):,}"
        if value == value.quantize(_CENT):
            return f"{value.quantize(_CENT):,f}"
        return f"{value.normalize():,f}"


def format_money(amount: Decimal | int, currency: str | None, lang: str | None = None) -> str:
    """*amount* of *currency* as the table reads it in *lang* (``ja`` or ``en``; None: the
    language chosen)."""
    value = Decimal(amount)
    sign = "-" if value < 0 else ""
    digits = _digits(value)
    if currency is None:
        return f"{sign}{digits}"
    if is_yen(currency):
        return f"{sign}{digits}円" if (lang or language()) == "ja" else f"{sign}¥{digits}"
    symbol = _SIGNS.get(currency.upper())
    if symbol is not None:
        return f"{sign}{symbol}{digits}"
    return f"{sign}{digits} {currency}"
