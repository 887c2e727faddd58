"""The names played under before in this data folder: offered as suggestions where a
player's name is typed (the new-session form, ``join`` in the app and on the phone), and
what a name typed there is compared with (core/names.py)."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.messages import UserError
from scorekeeper.services.catalog import list_sessions
from scorekeeper.services.session_summary import Summary
from scorekeeper.storage import Store

#: At most this many names are offered (the most recent sessions' first).
MOST = 500


def names_of(summaries: Iterable[Summary]) -> list[str]:
    """Every player of *summaries* (most recent first, as listed), each spelling once."""
    seen: dict[str, None] = {}
    for summary in summaries:
        for name in summary.players:
            seen.setdefault(name, None)
            if len(seen) >= MOST:
                return list(seen)
    return list(seen)


def known_names(store: Store) -> list[str]:
    """The names of every stored session, most recent first; none when they cannot be
    read (a suggestion is a help, never a reason to refuse). Slow with many sessions not
    yet summarized: called off the UI thread."""
    try:
        return names_of(list_sessions(store))
    except (UserError, OSError):
        return []
