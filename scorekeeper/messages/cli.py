"""Messages of the cli area: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {}
