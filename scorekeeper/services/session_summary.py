"""One line of the session list, as the list keeps it: a module of its own, free of the
rules, so that the start screen can show cached lines before the rules are loaded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

LIST_KIND = ""  # the session list's summaries, as a snapshot keeps them by kind


@dataclass(frozen=True)
class Summary:
    """What the list of sessions shows of each one."""

    id: int
    game: str
    players: tuple[str, ...]
    rounds: int
    leader: str | None
    last_at: str | None
    finished: bool
    error: str | None = None

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": list(self.players),
            "rounds": self.rounds,
            "leader": self.leader,
            "last_at": self.last_at,
            "finished": self.finished,
            "error": self.error,
        }
