"""Numbers a JavaScript reader holds exactly: whole numbers past 2**53 - 1 either way
written as strings of their digits.

A page reads JSON numbers as doubles: a stack of 24 digits stored before amounts had a
bound (core/amounts.py) showed as ``1e+24`` on the phones. Sent as its digits, the page
puts it in a cell as text (page.js shows a number with ``String``), every digit as stored.
"""

from __future__ import annotations

from typing import Any

#: The largest whole number a JavaScript number holds exactly (Number.MAX_SAFE_INTEGER).
SAFE = 2**53 - 1


def exact_for_js(value: Any) -> Any:
    """*value* (a JSON-ready document) with every whole number past :data:`SAFE` either
    way as the string of its digits; everything else as it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return str(value) if not -SAFE <= value <= SAFE else value
    if isinstance(value, dict):
        return {key: exact_for_js(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [exact_for_js(item) for item in value]
    return value
