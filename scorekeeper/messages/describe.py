"""Log lines in words: a description key and its parameters rendered in a language."""

from __future__ import annotations

from typing import Any

from scorekeeper.messages import t


def describe_text(key: str, params: dict[str, Any], lang: str | None = None) -> str:
    """Render a description; an undo carries the description of what it voided."""
    rendered = dict(params)
    what = rendered.get("what")
    if isinstance(what, tuple):
        inner_key, inner_params = what
        rendered["what"] = describe_text(inner_key, inner_params, lang)
    return t(key, lang, **rendered)
