"""Errors the rules raise: plain words, rendered through the message catalog."""

from __future__ import annotations

from scorekeeper.messages import UserError


class RuleError(UserError):
    """An entry that the rules (or the syntax of an entry) do not allow.

    ``field`` names the part of a form the error belongs to (a header option,
    the player list), so a screen can show it next to that field.
    """

    def __init__(self, key: str, *, field: str | None = None, **params: object) -> None:
        super().__init__(key, **params)
        self.field = field
