"""The catalog's ``list.*`` messages: joining words in a list. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "list.separator": (", ", "・"),
}
