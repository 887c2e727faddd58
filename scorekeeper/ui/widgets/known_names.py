"""A name box's suggestion: the rest of a name played under before in this data folder
(Textual's Suggester; Right or End takes it). The names may come later: a worker reads
them off the UI thread, so the box is there from the first paint."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence

from textual.suggester import Suggester


class KnownNames(Suggester):
    """Completes a name with the first known one it starts (case aside) that is not
    *taken* now (seated already, or the table's own)."""

    def __init__(
        self, names: Sequence[str] = (), taken: Callable[[], Iterable[str]] = tuple
    ) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.names = list(names)
        self.taken = taken

    async def get_suggestion(self, value: str) -> str | None:
        """*value* comes case-folded (case_sensitive=False); full-width letters typed
        (``ａｋ``) are read as the letters they are."""
        typed = unicodedata.normalize("NFKC", value).casefold()
        taken = {name.casefold() for name in self.taken()}
        for name in self.names:
            folded = name.casefold()
            if unicodedata.normalize("NFKC", folded).startswith(typed) and folded not in taken:
                return name
        return None
