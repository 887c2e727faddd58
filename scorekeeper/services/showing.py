"""Sessions that are shown, never recorded: the table as it was at one moment, and the
table display that follows a session another process records.

They are recorders in name only (services.recording.Recorder): every entry is refused
with one plain message, no lock is held, and nothing is ever written.
"""

from __future__ import annotations

from datetime import datetime

from scorekeeper.core.events import Entry, Event
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.messages import UserError
from scorekeeper.services.recording import load_session
from scorekeeper.storage import Store


class Shown:
    """A session only shown; *refusal* (a catalog key and its parameters) says why."""

    read_only = True

    def __init__(self, sid: int, session: Session, refusal: str, **params: object) -> None:
        self.id = sid
        self.session = session
        self._refusal = (refusal, params)

    def _refuse(self) -> UserError:
        key, params = self._refusal
        return UserError(key, **params)

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        raise self._refuse()

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        raise self._refuse()

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event:
        raise self._refuse()

    def receipt(self) -> Receipt | None:  # what is shown may be a moment of the past
        return None

    def ensure_history(self) -> bool:  # what is shown was folded whole
        return False

    def close(self) -> None:
        return None


class Followed(Shown):
    """The stored session as it is now, read again whenever its file changes."""

    def __init__(self, store: Store, sid: int) -> None:
        super().__init__(sid, load_session(store, sid), "display.read_only")
        self.store = store
        self._seen = self._stamp()

    def _stamp(self) -> tuple[int, int]:
        try:
            info = self.store.path(self.id).stat()
        except OSError:
            return (-1, -1)
        return (info.st_size, info.st_mtime_ns)

    def follow(self) -> bool:
        """Read the session again if its file changed; True when it did."""
        stamp = self._stamp()
        if stamp == self._seen:
            return False
        self.session = load_session(self.store, self.id)
        self._seen = stamp
        return True
