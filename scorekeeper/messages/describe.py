"""Log lines in words: a description key and its parameters rendered in a language."""

from __future__ import annotations

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
