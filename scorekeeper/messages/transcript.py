"""Messages of the transcript area: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {}
