"""The one error type of the storage, with OS failures put into plain words."""

from __future__ import annotations

import errno
from dataclasses import dataclass, field

from scorekeeper.messages import UserError, t
from scorekeeper.storage.regular import NotRegular


@dataclass(frozen=True)
class Reason:
    """A catalog phrase passed as a parameter, so it is shown in the reader's language too."""

    key: str
    params: dict[str, object] = field(default_factory=dict)

    def render(self, lang: str | None = None) -> str:
        return t(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.render()


class StorageError(UserError):
    """Raised for anything the person at the keyboard may need to act on."""

    def message(self, lang: str | None = None) -> str:
        params = {
            name: value.render(lang) if isinstance(value, Reason) else value
            for name, value in self.params.items()
        }
        return t(self.key, lang, **params)

    @property
    def disk_full(self) -> bool:
        """The cause is the disk (or the user's quota) being full."""
        return any(
            isinstance(value, Reason) and value.key == DISK_FULL for value in self.params.values()
        )


#: The reason a write failed for want of room.
DISK_FULL = "storage.reason.disk_full"
_REASONS: dict[int, str] = {
    errno.ENOSPC: DISK_FULL,
    getattr(errno, "EDQUOT", errno.ENOSPC): DISK_FULL,
    errno.EROFS: "storage.reason.read_only",
    errno.EACCES: "storage.reason.no_permission",
    errno.EPERM: "storage.reason.no_permission",
    errno.ENOENT: "storage.reason.missing",
    errno.EIO: "storage.reason.disk_error",
}


def reason_of(exc: OSError) -> Reason:
    """The cause of *exc* in plain words; the OS text only when there is no better one."""
    key = "storage.reason.not_a_file" if isinstance(exc, NotRegular) else None
    key = key or _REASONS.get(exc.errno or 0)
    if key is not None:
        return Reason(key)
    detail = exc.strerror or str(exc) or type(exc).__name__
    return Reason("storage.reason.other", {"detail": detail})
