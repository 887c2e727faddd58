"""The catalog's ``rules.propose.*`` messages: what a player may propose from their own
phone, and why not. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "rules.propose.not_seated": (
        "{player} is not seated at this table, so cannot propose an entry",
        "{player}さんはこの卓に着席していないため、提案できません",
    ),
}
