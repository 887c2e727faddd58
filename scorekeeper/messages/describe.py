"""Log lines in words: a description key and its parameters rendered in a language."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.messages import t


def describe_text(key: str, params: dict[str, Any], lang: str | None = None) -> str:
    """Render a description; an undo carries the description of what it voided, a
    correction those of its entries."""
    rendered = dict(params)
    what = rendered.get("what")
    if isinstance(what, tuple):
        inner_key, inner_params = what
        rendered["what"] = describe_text(inner_key, inner_params, lang)
    entries = rendered.get("entries")
    if isinstance(entries, tuple):  # a correction: each of its entries in words
        each = [describe_text(inner_key, inner_params, lang) for inner_key, inner_params in entries]
        rendered["entries"] = t("log.correct_separator", lang).join(each)
    return t(key, lang, **rendered)


def board_returned_text(
    shares: Mapping[str, int], lang: str | None = None, escape: Callable[[str], str] = str
) -> str:
    """The board given back at the end (Pochen ``end_board``) in one sentence, with each
    player's share (names passed through *escape*); said alike by show, the exports and
    the settlement."""
    each = board_shares_text(shares, lang, escape)
    return t("export.board_returned", lang, chips=sum(shares.values()), shares=each)


def board_shares_text(
    shares: Mapping[str, int], lang: str | None = None, escape: Callable[[str], str] = str
) -> str:
    """Each player's share of the board: "A 3, B 3, C 3, D 3"."""
    return t("settle.separator", lang).join(
        t("export.board_share", lang, player=escape(name), chips=chips)
        for name, chips in shares.items()
    )
