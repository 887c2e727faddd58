"""Sessions on disk: numbered journal files under one data folder.

Layout under the root: ``sessions/<id>.journal`` (one per session),
``trash/`` (trashed sessions, never deleted by us), ``index.json`` (a cache of
summaries, see :mod:`scorekeeper.storage.summary_index`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from tinydb import where

from scorekeeper.storage import durable, locking, paths, summary_file
from scorekeeper.storage.errors import StorageError, reason_of
from scorekeeper.storage.stored_session import StoredSession
from scorekeeper.storage.summary_index import SummaryIndex

if TYPE_CHECKING:  # the journal's machinery is loaded by what opens a session (see Store)
    from tinydb import TinyDB

    from scorekeeper.storage.journal import ResumeAt
    from scorekeeper.storage.state_checkpoint import StateCheckpoint
    from scorekeeper.storage.writer import SessionWriter


def changed(st: os.stat_result) -> str:
    """What tells a changed file from an unchanged one of the same size: the modification
    time, and the inode change time, which ``touch -r`` or a copy-back cannot set."""
    return f"{st.st_ino}:{st.st_mtime_ns}:{st.st_ctime_ns}"


#: A session's id, its file's facts (or why they could not be had), and the summary the
#: index keeps for them (None: none fresh).
_Looked = tuple[int, os.stat_result | OSError, dict[str, Any] | None]


class Store:
    """All sessions under one data folder. Creating it touches nothing on disk."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.sessions_dir = self.root / paths.SESSIONS_DIR
        self.trash_dir = self.root / paths.TRASH_DIR
        self._index = SummaryIndex(self.root / paths.INDEX_FILE)
        self._kind_indexes: dict[str, SummaryIndex] = {}  # other caches, see cached_summary

    def clean_partial_writes(self) -> list[Path]:
        """Remove what writers killed half-way left behind (never part of a session)."""
        return [
            *durable.remove_stale_temps(self.sessions_dir),
            *durable.remove_stale_temps(self.root),
        ]

    def ids(self) -> list[int]:
        try:
            return paths.ids_in(self.sessions_dir)
        except OSError as exc:
            raise StorageError(
                "storage.cannot_read", path=str(self.sessions_dir), reason=reason_of(exc)
            ) from exc

    def set_aside(self, sid: int) -> list[Path]:
        """Unfinished writes set aside from session *sid* (never acknowledged as recorded)."""
        from scorekeeper.storage.journal import side_files

        return side_files(self.path(sid))

    def protects(self, target: str | os.PathLike[str]) -> bool:
        """True when writing to *target* could clobber what the store keeps: a path inside
        its sessions or trash folder or an index of it (symlinks followed), or another name
        (a hard link) for one of its session files. Exports are refused there."""
        path = Path(target).expanduser()
        try:
            resolved = path.resolve()
            kept = [self.sessions_dir.resolve(), self.trash_dir.resolve()]
            root = self.root.resolve()
        except (OSError, RuntimeError):  # a symlink loop: not a place to write to either
            return True
        if any(resolved == folder or folder in resolved.parents for folder in kept):
            return True
        if resolved.parent == root and resolved.name.startswith("index"):
            return True
        try:
            found = resolved.stat()
        except OSError:
            return False  # a new file: no session file can be behind it
        for folder in kept:
            for other in folder.glob("*") if folder.is_dir() else ():
                with contextlib.suppress(OSError):
                    info = other.stat()
                    if (info.st_dev, info.st_ino) == (found.st_dev, found.st_ino):
                        return True
        return False

    def path(self, sid: int) -> Path:
        return self.sessions_dir / paths.session_name(sid)

    # --- creating ----------------------------------------------------------

    def create(self, header: dict[str, Any], events: Iterable[dict[str, Any]] = ()) -> int:
        """A new session with the next free id, complete and on the disk when this returns.

        Ids of trashed sessions are not reused, so "session 7" never comes to
        mean a different game. The file is written under a temporary name and
        linked to its final name: the link fails if another process took that
        id first, and nobody can ever see a half-written session file.
        """
        from scorekeeper.storage.journal import (
            EVENTS_TABLE,
            HEADER_ID,
            HEADER_TABLE,
            encode,
            format_line,
        )

        lines = [format_line(), encode({"set": {HEADER_TABLE: {HEADER_ID: header}}})[0]]
        for n, event in enumerate(events, start=1):
            lines.append(encode({"set": {EVENTS_TABLE: {str(n): event}}})[0])
        data = b"".join(lines)
        try:
            self.sessions_dir.mkdir(parents=True, exist_ok=True)
            return self._publish(data)
        except OSError as exc:
            raise StorageError(
                "storage.cannot_create", folder=str(self.sessions_dir), reason=reason_of(exc)
            ) from exc

    def _publish(self, data: bytes) -> int:
        sid = max([0, *self.ids(), *paths.ids_in(self.trash_dir, trash=True)]) + 1
        temp = durable.write_temp(self.sessions_dir, data, suffix=".new")
        try:
            while True:
                try:
                    os.link(temp, self.path(sid))
                    break
                except FileExistsError:
                    sid += 1
                except OSError:  # a file system without hard links
                    sid = self._publish_without_link(data, sid)
                    break
        finally:
            os.unlink(temp)
        try:
            durable.fsync_dir(self.sessions_dir)
        except OSError:  # not surely on the disk: not created at all, rather than maybe
            with contextlib.suppress(OSError):
                os.unlink(self.path(sid))
            raise
        return sid

    def _publish_without_link(self, data: bytes, sid: int) -> int:
        # O_EXCL still allocates the id race-free; a crash can leave a torn
        # tail, which opening drops like any other torn write.
        while True:
            try:
                fd = os.open(self.path(sid), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                break
            except FileExistsError:
                sid += 1
        try:
            durable.write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        return sid

    # --- reading and writing ------------------------------------------------

    def read(self, sid: int) -> StoredSession:
        """No lock: appends only ever add whole lines after what is read here."""
        return self._read(sid, None)

    def read_resumed(self, sid: int, at: ResumeAt) -> StoredSession:
        """The header and only the entries after *at* (a state checkpoint's point), without a
        lock; NotResumable if the journal does not begin with the bytes *at* names."""
        return self._read(sid, at)

    def _read(self, sid: int, resume: ResumeAt | None) -> StoredSession:
        from scorekeeper.storage.journal import EVENTS_TABLE, events_of, header_of, journal_of

        db = self._open(sid, writer=False, resume=resume)
        try:
            journal = journal_of(db)
            header, events, path = header_of(db), events_of(db), self.path(sid)
            return StoredSession(
                sid, header, events, path, journal.prefix, journal.next_id(EVENTS_TABLE)
            )
        finally:
            db.close()

    def read_since(self, sid: int, at: ResumeAt) -> tuple[list[dict[str, Any]], ResumeAt] | None:
        """The entries appended to session *sid* after *at* (where a read got to), and the
        point after them; None when the file is no longer those bytes and then more (it
        must be read whole). No lock: appends only ever add whole lines."""
        from scorekeeper.storage.journal import appended_since

        path = self.path(sid)
        try:
            data = path.read_bytes()
        except FileNotFoundError as exc:
            raise StorageError("storage.no_session", session=sid) from exc
        except OSError as exc:
            reason = reason_of(exc)
            raise StorageError("storage.cannot_read", path=str(path), reason=reason) from exc
        return appended_since(data, at)

    def open_writer(self, sid: int, resume: ResumeAt | None = None) -> SessionWriter:
        """The session's one writer; with *resume*, only the entries after that point are
        read (NotResumable if the journal does not begin with its bytes)."""
        from scorekeeper.storage.writer import SessionWriter

        return SessionWriter(sid, self._open(sid, writer=True, resume=resume))

    def state_checkpoint(self, sid: int) -> StateCheckpoint | None:
        """The session's checkpoint of its folded state, if one is kept and whole."""
        from scorekeeper.storage import state_checkpoint

        return state_checkpoint.load(self.path(sid))

    def keep_state_checkpoint(self, sid: int, taken: StateCheckpoint) -> None:
        from scorekeeper.storage import state_checkpoint

        state_checkpoint.save(self.path(sid), taken)

    def drop_state_checkpoint(self, sid: int) -> None:
        from scorekeeper.storage import state_checkpoint

        state_checkpoint.discard(self.path(sid))

    def _open(self, sid: int, *, writer: bool, resume: ResumeAt | None = None) -> TinyDB:
        from scorekeeper.storage import checkpoint
        from scorekeeper.storage.journal import Locked, open_journal

        path = self.path(sid)
        try:
            if resume is not None:  # its own proof of the bytes: no chain checkpoint
                return open_journal(path, writer=writer, resume=resume)
            return open_journal(path, writer=writer, checkpoint=checkpoint.load(path))
        except FileNotFoundError as exc:
            raise StorageError("storage.no_session", session=sid) from exc
        except Locked as exc:
            raise StorageError("storage.locked", session=sid) from exc
        except OSError as exc:
            raise StorageError(
                "storage.cannot_read", path=str(path), reason=reason_of(exc)
            ) from exc

    # --- trash ---------------------------------------------------------------

    def trash(self, sid: int) -> Path:
        """Move the session out of sight, never destroying it; refused while it is being written."""
        source = self.path(sid)
        try:
            fd = os.open(source, os.O_RDWR | getattr(os, "O_BINARY", 0))
        except FileNotFoundError as exc:
            raise StorageError("storage.no_session", session=sid) from exc
        except OSError as exc:
            raise StorageError("storage.cannot_trash", session=sid, reason=reason_of(exc)) from exc
        try:
            if not locking.try_lock(fd):
                raise StorageError("storage.locked", session=sid)
            try:
                return self._move_to_trash(sid, source)
            except OSError as exc:
                raise StorageError(
                    "storage.cannot_trash", session=sid, reason=reason_of(exc)
                ) from exc
            finally:
                locking.unlock(fd)
        finally:
            os.close(fd)

    def _move_to_trash(self, sid: int, source: Path) -> Path:
        from scorekeeper.storage import checkpoint, state_checkpoint

        self.trash_dir.mkdir(parents=True, exist_ok=True)
        n = 1
        while True:
            target = self.trash_dir / (paths.session_name(sid) if n == 1 else f"{sid}-{n}.journal")
            try:
                os.link(source, target)  # fails rather than overwrite an older trashed copy
            except FileExistsError:
                n += 1
                continue
            except OSError:  # no hard links here
                if target.exists():
                    n += 1
                    continue
                os.rename(source, target)
                break
            os.unlink(source)
            break
        checkpoint.discard(source)  # a cache: opening the session again notes a new one
        summary_file.discard(source)
        state_checkpoint.discard(source)
        for side in self.sessions_dir.glob(source.name + ".torn*"):
            os.replace(side, self.trash_dir / (target.name + side.name[len(source.name) :]))
        durable.fsync_dir(self.trash_dir)
        durable.fsync_dir(self.sessions_dir)
        return target

    # --- summaries -----------------------------------------------------------

    def note_summaries(
        self, sid: int, size: int, digest: str, kinds: dict[str, dict[str, Any]]
    ) -> None:
        """Keep the summaries of session *sid*, by kind, for its journal's first *size*
        bytes (SHA-256 *digest*), beside it (storage/summary_file.py): its writer calls
        this before letting go of the lock."""
        summary_file.save(self.path(sid), size, digest, kinds)

    def noted_for(self, sid: int, size: int, digest: str, kind: str) -> dict[str, Any] | None:
        """The summary of *kind* noted for exactly the bytes a writer holds (*size* long,
        SHA-256 *digest*), if one was: no read of the journal needed."""
        found = summary_file.load(self.path(sid), size, kind)
        return found[1] if found is not None and found[0] == digest else None

    def _noted(
        self, sid: int, st: os.stat_result, kind: str, *, check: bool = True
    ) -> dict[str, Any] | None:
        """The summary noted for the journal's bytes as they are now. Without *check*,
        one noted for a journal of this length (to tell what a read would cost)."""
        path = self.path(sid)
        found = summary_file.load(path, st.st_size, kind)
        if found is None:
            return None
        digest, summary = found
        if check:
            import hashlib

            try:
                data = path.read_bytes()
            except OSError:
                return None
            if len(data) != st.st_size or hashlib.sha256(data).hexdigest() != digest:
                return None
        return summary

    def cached_summary(
        self, sid: int, compute: Callable[[StoredSession], dict[str, Any]], *, kind: str = ""
    ) -> dict[str, Any]:
        """*compute* on the session, reused while the file is unchanged (see :func:`changed`).

        A *kind* keeps summaries of another shape (statistics) in their own
        cache file, ``index-<kind>.json``, beside the session list's.
        """
        try:
            st = os.stat(self.path(sid))
        except FileNotFoundError as exc:
            raise StorageError("storage.no_session", session=sid) from exc
        except OSError as exc:
            raise StorageError(
                "storage.cannot_read", path=str(self.path(sid)), reason=reason_of(exc)
            ) from exc
        index = self._summary_index(kind)
        cached = index.lookup(sid, st.st_size, changed(st))
        if cached is not None:
            return cached
        noted = self._noted(sid, st, kind)
        if noted is not None:
            index.store(sid, st.st_size, changed(st), noted, keep=set(self.ids()))
            return noted
        # Stat taken before reading: if an append lands in between, the entry
        # looks stale next time and is recomputed, never the other way round.
        summary = compute(self.read(sid))
        index.store(sid, st.st_size, changed(st), summary, keep=set(self.ids()))
        return summary

    def _summary_index(self, kind: str) -> SummaryIndex:
        """The cache of summaries of *kind* ('' for the session list's), read again."""
        index = self._index
        if kind:
            index = self._kind_indexes.setdefault(
                kind, SummaryIndex(self.root / f"index-{kind}.json")
            )
        index.refresh()
        return index

    def unread_bytes(self, kind: str = "") -> int:
        """How many bytes of session files a summary of *kind* would read now: those whose
        cached summary is missing or older than the file. The cost of a read, known from
        the file sizes alone, so a screen can tell before reading whether it would be slow."""
        return self._unread(self._looked_up(self.ids(), self._summary_index(kind)), kind)

    def _looked_up(self, ids: Iterable[int], index: SummaryIndex) -> list[_Looked]:
        """Each session as :data:`_Looked`. The paths are strings: a Path made per session
        was half of this, and a warm start screen does it for every session."""
        folder = os.fspath(self.sessions_dir)
        looked: list[_Looked] = []
        for sid in ids:
            try:
                st = os.stat(os.path.join(folder, paths.session_name(sid)))
            except OSError as exc:
                looked.append((sid, exc, None))
                continue
            looked.append((sid, st, index.lookup(sid, st.st_size, changed(st))))
        return looked

    def _unread(self, looked: list[_Looked], kind: str) -> int:
        total = 0
        for sid, st, cached in looked:
            if cached is not None or isinstance(st, OSError):
                continue  # an unreadable file is said by the read itself
            if self._noted(sid, st, kind, check=False) is None:
                total += st.st_size
        return total

    @overload
    def cached_summaries(
        self,
        compute: Callable[[StoredSession], dict[str, Any]],
        *,
        kind: str,
        matching: Mapping[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None,
        at_most: None = None,
    ) -> dict[int, dict[str, Any] | StorageError]: ...

    @overload
    def cached_summaries(
        self,
        compute: Callable[[StoredSession], dict[str, Any]],
        *,
        kind: str,
        matching: Mapping[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None,
        at_most: int,
    ) -> dict[int, dict[str, Any] | StorageError] | None: ...

    def cached_summaries(
        self,
        compute: Callable[[StoredSession], dict[str, Any]],
        *,
        kind: str,
        matching: Mapping[str, Any] | None = None,
        progress: Callable[[int, int], None] | None = None,
        at_most: int | None = None,
    ) -> dict[int, dict[str, Any] | StorageError] | None:
        """:meth:`cached_summary` of every session, the cache written once at the end.

        A session that cannot be read (trashed meanwhile, unreadable) maps to
        its error instead of a summary. With *matching* (``{"game": "pochen"}``),
        only the summaries holding those values are returned, as the catalog's
        TinyDB table finds them, and every error, so that none goes unreported.
        *progress* is told (done, total) after each session. With *at_most*, None when
        more bytes than that would be read (:meth:`unread_bytes`), and nothing is read:
        a screen asks so before it reads in a worker, in the same pass over the files.
        """
        index = self._summary_index(kind)
        found: dict[int, dict[str, Any] | StorageError] = {}
        fresh: dict[int, tuple[int, str, dict[str, Any]]] = {}
        ids = self.ids()
        looked = self._looked_up(ids, index)
        if at_most is not None and self._unread(looked, kind) > at_most:
            return None
        for sid, st, cached in looked:
            try:
                if isinstance(st, OSError):
                    raise st
                if cached is None:
                    cached = self._noted(sid, st, kind) or compute(self.read(sid))
                    fresh[sid] = (st.st_size, changed(st), cached)
                found[sid] = cached
            except FileNotFoundError:
                found[sid] = StorageError("storage.no_session", session=sid)
            except StorageError as error:
                found[sid] = error
            except OSError as exc:
                path = str(self.path(sid))
                found[sid] = StorageError("storage.cannot_read", path=path, reason=reason_of(exc))
            if progress is not None:
                progress(len(found), len(ids))
        if fresh:
            index.store_many(fresh, keep=set(ids))
        if matching is None:
            return found
        chosen = index.search(where("summary").fragment(dict(matching)))
        return {
            sid: value
            for sid, value in found.items()
            if sid in chosen or isinstance(value, StorageError) or "error" in value
        }
