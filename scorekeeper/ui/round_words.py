"""The round a table names, as the core says it: "2", or "2 of 3" under a round limit."""

from __future__ import annotations

from scorekeeper.core.read_model import shown_round
from scorekeeper.core.state import State
from scorekeeper.messages import t


def round_words(state: State) -> str:
    """The round in play, else the next (never one past a finished session's limit)."""
    number, limit = shown_round(state)
    return str(number) if limit is None else t("ui.round_of", round=number, limit=limit)
