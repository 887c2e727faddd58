"""The seal on a vouch line: derived numbers nobody can forge from the data folder.

A vouch line (storage/snapshot.py) holds the summaries the session list shows and names
the SHA-256 of the snapshot's state line. The chain (storage/hashchain.py) alone cannot
tell a vouch line this program wrote from one anyone appended with the chain worked out
again: there is no secret in it. So every vouch line a writer or a listing appends also
carries a *seal*, an HMAC-SHA256 under a key of this installation's own, over the whole
vouch document and the hash it chains on to (so that it is bound to this journal and to
this place in it); the chain then covers the seal too.

Readers trust derived state (a session's line in the list, its statistics, a snapshot's
state to resume at) only when the seal checks with this installation's key. A vouch line
without a seal (an older journal), with a wrong one (forged) or sealed elsewhere (another
machine, another config folder) is ignored: the entries are folded instead, and the next
writer seals again. ``verify`` checks every vouch line against the fold, sealed or not.

The key is 32 random bytes in ``seal.key`` in the user's config folder:
``$SCOREKEEPER_CONFIG`` when set, else the platform's user config folder. Never in the data
folder, not even with ``$SCOREKEEPER_HOME`` (which moves the settings there): whoever can
write the data folder must not be able to read or plant the key. It is made on first use,
atomically (written under a temporary name, then linked: two processes racing to make it
agree on one), readable by the user alone (mode 0600). A key file that cannot be read, is
not a regular file or is not 32 bytes is no key: nothing is trusted (every session is
folded), nothing fails, and it is never replaced.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorekeeper.storage.regular import read_regular

FILE = "seal.key"
KEY_BYTES = 32
#: The vouch document's field that holds the seal (64 hex digits).
FIELD = "seal"
_DOMAIN = b"scorekeeper-seal/1\n"
_BINARY: int = getattr(os, "O_BINARY", 0)


def key_root() -> Path:
    """The folder the key lives in: ``$SCOREKEEPER_CONFIG``, else the platform's user config
    folder (``$SCOREKEEPER_HOME`` does not move it: it would put it in the data folder)."""
    chosen = os.environ.get("SCOREKEEPER_CONFIG", "")
    if chosen:
        return Path(chosen).expanduser()
    import platformdirs  # here: a $SCOREKEEPER_CONFIG run skips it

    return platformdirs.user_config_path("scorekeeper", appauthor=False)


def read_key(path: Path) -> bytes | None:
    """The key in *path*: None when there is none, or it is not a regular file of exactly
    :data:`KEY_BYTES` bytes, or it cannot be read. Never blocks (a FIFO is not read)."""
    try:
        data = read_regular(path, KEY_BYTES, follow=True)  # the user's own folder: links too
    except OSError:
        return None
    return data if len(data) == KEY_BYTES else None


def make_key(path: Path) -> bytes | None:
    """The key in *path*, made now if there is no file there yet: written whole under a
    temporary name (mode 0600) and linked to *path*, which fails if another process made
    one first (then that one is read). An existing file is never replaced. None when no
    key can be had (then nothing is sealed, and nothing trusted)."""
    found = read_key(path)
    if found is not None:
        return found
    if os.path.lexists(path):  # a bad one (never replaced), or one made just now
        return read_key(path)
    import secrets  # here: a reader that only checks seals never makes a key

    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o600)
    except OSError:
        return None
    try:
        try:
            os.write(fd, key)
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temp, path)
        except FileExistsError:
            return read_key(path)  # another process made it first: theirs is the key
        except OSError:  # no hard links here: made in place, never over another's
            return _make_in_place(path, key)
        with contextlib.suppress(OSError):
            dir_fd = os.open(path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
    except OSError:
        return read_key(path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return read_key(path)


def _make_in_place(path: Path, key: bytes) -> bytes | None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o600)
    except OSError:
        return read_key(path)
    try:
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    return read_key(path)


def _message(previous: str, doc: Mapping[str, Any]) -> bytes:
    """What a seal covers: the hash the document chains on to, and the document itself
    (every field but its seal and its own chain hash, which covers the seal)."""
    body = {k: v for k, v in doc.items() if k not in (FIELD, "chain")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return _DOMAIN + previous.encode("ascii") + b"\n" + text.encode("ascii")


class Sealer:
    """Seals vouch documents and checks their seals with one key: this installation's (in
    :func:`key_root` as it is when the sealer is made; the key file made when first
    sealing), the key in *path*, or the *key* given."""

    def __init__(self, key: bytes | None = None, *, path: Path | None = None) -> None:
        self._known = key  # read once: a key is never replaced
        self.path = path if path is not None else key_root() / FILE

    def _key(self, *, make: bool) -> bytes | None:
        if self._known is None:
            self._known = make_key(self.path) if make else read_key(self.path)
        return self._known

    def can_seal(self) -> bool:
        """There is a key to seal with (made now if there is no key file yet)."""
        return self._key(make=True) is not None

    def seal(self, previous: str, doc: Mapping[str, Any]) -> str | None:
        """The seal of *doc* chained on to *previous*; None when there is no key."""
        key = self._key(make=True)
        if key is None:
            return None
        return hmac.new(key, _message(previous, doc), hashlib.sha256).hexdigest()

    def checks(self, previous: str, doc: Mapping[str, Any]) -> bool:
        """*doc*, chained on to *previous*, carries a seal made with this key."""
        found = doc.get(FIELD)
        if not isinstance(found, str) or not found.isascii():  # compare_digest: ASCII only
            return False
        key = self._key(make=False)
        if key is None:
            return False
        try:
            wanted = hmac.new(key, _message(previous, doc), hashlib.sha256).hexdigest()
        except (TypeError, ValueError, UnicodeEncodeError):
            return False
        return hmac.compare_digest(wanted, found)
