"""Sessions on disk: numbered journal files under one data folder.

Layout under the root: ``sessions/<id>.journal`` (one per session) with its snapshot
``<id>.journal.snap`` (storage/snapshot.py), ``trash/`` (trashed sessions, never deleted
by us). Nothing else is kept: older side files (``index*.json``, ``cache/``,
``.state``, ``.summary``, ``.checkpoint``) are never read.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.storage import durable, locking, paths, snapshot
from scorekeeper.storage.ends import Ends, ends_of
from scorekeeper.storage.errors import StorageError, reason_of
from scorekeeper.storage.regular import open_regular
from scorekeeper.storage.seal import Sealer
from scorekeeper.storage.stored_session import StoredSession

if TYPE_CHECKING:  # the journal's machinery is loaded by what opens a session (see Store)
    from tinydb import TinyDB

    from scorekeeper.storage.journal_reading import ResumeAt
    from scorekeeper.storage.writer import SessionWriter

#: What :meth:`Store.summaries` found of one session: its summaries by kind as its
#: snapshot holds them, vouched for by its journal; None when none is (a fold is
#: needed); or why the session could not be read.
Found = dict[str, dict[str, Any]] | StorageError | None


class Store:
    """All sessions under one data folder. Creating it touches nothing on disk.

    *sealer* seals the vouch lines written and checks those read (storage/seal.py): by
    default this installation's key, in the user's config folder, never in *root*."""

    def __init__(self, root: Path, sealer: Sealer | None = None) -> None:
        self.root = Path(root)
        self.sealer = sealer if sealer is not None else Sealer()
        self.sessions_dir = self.root / paths.SESSIONS_DIR
        self.trash_dir = self.root / paths.TRASH_DIR

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

    def journal_stamps(self) -> dict[int, tuple[int, int]]:
        """Each session's journal (size, modification time in ns): one listing, one stat
        each, none read."""
        stamps: dict[int, tuple[int, int]] = {}
        try:
            with os.scandir(self.sessions_dir) as found:
                for each in found:
                    sid = paths.session_id_of(each.name)
                    if sid is not None and each.is_file():  # a FIFO is no session written to
                        with contextlib.suppress(OSError):
                            info = each.stat()
                            stamps[sid] = (info.st_size, info.st_mtime_ns)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise StorageError(
                "storage.cannot_read", path=str(self.sessions_dir), reason=reason_of(exc)
            ) from exc
        return stamps

    def stamp(self) -> tuple[tuple[int, tuple[int, int]], ...]:
        """The session files as they are now (each journal's size and change time, from the
        folder's listing alone): a list read under another stamp may be out of date,
        another process having added a session or an entry."""
        return tuple(sorted(self.journal_stamps().items()))

    def set_aside(self, sid: int) -> list[Path]:
        """Unfinished writes set aside from session *sid* (never acknowledged as recorded):
        the ``.torn`` files whose length and SHA-256 its journal records."""
        return self._side_files(sid)[0]

    def not_set_aside(self, sid: int) -> list[Path]:
        """Files named as set-aside writes beside session *sid* that its journal records
        no such write for: not written by this session (or by a version before 2026-12,
        which recorded none), never reported as writes that happened."""
        return self._side_files(sid)[1]

    def _side_files(self, sid: int) -> tuple[list[Path], list[Path]]:
        from scorekeeper.storage.journal import recorded_aside, side_files
        from scorekeeper.storage.regular import read_regular

        found = side_files(self.path(sid))
        recorded = recorded_aside(self.path(sid), self.sealer) if found else set()
        ours: list[Path] = []
        others: list[Path] = []
        for path in found:
            try:
                size = path.lstat().st_size
                data = read_regular(path, size) if any(n == size for n, _ in recorded) else b""
            except OSError:
                data = b""
            mine = len(data) == size and (size, hashlib.sha256(data).hexdigest()) in recorded
            (ours if mine else others).append(path)
        return ours, others

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
        from scorekeeper.storage.journal_format import (
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

    def draft(self, header: dict[str, Any]) -> Draft:
        """A new session's journal written a line at a time (``import`` of a long
        transcript: no entry is held), under a temporary name nobody reads, until
        :meth:`Draft.publish` gives it the next free id."""
        try:
            self.sessions_dir.mkdir(parents=True, exist_ok=True)
            return Draft(self, header)
        except OSError as exc:
            raise StorageError(
                "storage.cannot_create", folder=str(self.sessions_dir), reason=reason_of(exc)
            ) from exc

    def _publish(self, data: bytes, temp: Path | None = None) -> int:
        sid = max([0, *self.ids(), *paths.ids_in(self.trash_dir, trash=True)]) + 1
        if temp is None:
            temp = durable.write_temp(self.sessions_dir, data, suffix=".new")
        try:
            while True:
                try:
                    os.link(temp, self.path(sid))
                    break
                except FileExistsError:
                    sid += 1
                except OSError:  # a file system without hard links
                    sid = self._publish_without_link(data or temp.read_bytes(), sid)
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

    def append_vouch(self, sid: int, size: int, doc: dict[str, Any]) -> bytes | None:
        """Append the vouch *doc* to session *sid*'s journal, which must be *size* bytes
        long (nothing appended since), under the writer's lock: the line written; None,
        nothing written, when the lock is held or the journal is not that long (a hint,
        never a command)."""
        from scorekeeper.storage.journal_format import VOUCH_TABLE, encode

        line = encode({"set": {VOUCH_TABLE: {str(size): doc}}})[0]
        try:
            fd = os.open(self.path(sid), os.O_RDWR | getattr(os, "O_BINARY", 0))
        except OSError:
            return None
        try:
            if not locking.try_lock(fd):
                return None
            try:
                if os.fstat(fd).st_size != size:
                    return None
                os.lseek(fd, size, os.SEEK_SET)
                durable.write_all(fd, line)
                os.fsync(fd)
            except OSError:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
                return None
            finally:
                locking.unlock(fd)
        finally:
            os.close(fd)
        return line

    # --- reading and writing ------------------------------------------------

    def read(self, sid: int) -> StoredSession:
        """No lock: appends only ever add whole lines after what is read here."""
        return self._read(sid, None)

    def read_resumed(self, sid: int, at: ResumeAt) -> StoredSession:
        """The header and only the entries after *at* (a state checkpoint's point), without a
        lock; NotResumable if the journal does not begin with the bytes *at* names."""
        return self._read(sid, at)

    def _read(self, sid: int, resume: ResumeAt | None) -> StoredSession:
        from scorekeeper.storage.journal import events_of, header_of, journal_of, vouches_of
        from scorekeeper.storage.journal_format import EVENTS_TABLE

        db = self._open(sid, writer=False, resume=resume)
        try:
            journal = journal_of(db)
            header, events, path = header_of(db), events_of(db), self.path(sid)
            return StoredSession(
                sid,
                header,
                events,
                vouches_of(db),
                path,
                journal.prefix,
                journal.next_id(EVENTS_TABLE),
            )
        finally:
            db.close()

    def read_since(
        self, sid: int, at: ResumeAt
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], ResumeAt] | None:
        """The entries and vouches appended to session *sid* after *at* (where a read got
        to), and the point after them; None when the file is no longer those bytes and then more (it
        must be read whole). No lock: appends only ever add whole lines."""
        from scorekeeper.storage.journal_reading import appended_since

        path = self.path(sid)
        try:
            with open_regular(path, follow=True) as handle:  # swapped for a FIFO: no wait
                return appended_since(handle, at)  # the bytes before *at* never held
        except FileNotFoundError as exc:
            raise StorageError("storage.no_session", session=sid) from exc
        except OSError as exc:
            reason = reason_of(exc)
            raise StorageError("storage.cannot_read", path=str(path), reason=reason) from exc

    def open_writer(self, sid: int, resume: ResumeAt | None = None) -> SessionWriter:
        """The session's one writer; with *resume*, only the entries after that point are
        read (NotResumable if the journal does not begin with its bytes)."""
        from scorekeeper.storage.writer import SessionWriter

        return SessionWriter(sid, self._open(sid, writer=True, resume=resume))

    def snapshot(self, sid: int) -> snapshot.Snapshot | None:
        """The bytes of the session's snapshot, if one is kept: believed only once its
        journal vouches for them (services/session_source.py)."""
        return snapshot.load(self.path(sid))

    def keep_snapshot(self, sid: int, data: bytes) -> bool:
        """Keep a snapshot beside the session's journal; False if the disk refused."""
        return snapshot.save(self.path(sid), data)

    def _open(self, sid: int, *, writer: bool, resume: ResumeAt | None = None) -> TinyDB:
        from scorekeeper.storage.journal import Locked, open_journal

        path = self.path(sid)
        try:
            return open_journal(path, writer=writer, resume=resume, sealer=self.sealer)
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
        snapshot.discard(source)  # a hint: rebuilt from the journal if it comes back
        for side in self.sessions_dir.glob(source.name + ".torn*"):
            os.replace(side, self.trash_dir / (target.name + side.name[len(source.name) :]))
        durable.fsync_dir(self.trash_dir)
        durable.fsync_dir(self.sessions_dir)
        return target

    # --- summaries ---------------------------------------------------------

    def vouched_summaries(self, sid: int) -> dict[str, dict[str, Any]] | None:
        """The summaries of session *sid* by kind, when its journal vouches for them as it
        is now: its last whole line is a vouch of the new form at the offset it names,
        chained to the line before it, holding them, and sealed with this installation's
        key (storage/seal.py). None (fold the session) for anything else (a vouch line of
        the first form, or unsealed, or sealed elsewhere: nobody's word); never an error."""
        path = os.fspath(self.path(sid))
        try:
            with open_regular(path, follow=True) as handle:  # a FIFO: refused, no wait
                ends = ends_of(handle)
        except OSError:
            return None
        return self._vouched_in(path, ends)

    def _vouched_in(self, path: str, ends: Ends) -> dict[str, dict[str, Any]] | None:
        from scorekeeper.storage.hashchain import KEY, is_seek_vouch, link
        from scorekeeper.storage.lines import decode, doc_of_line, vouch_line

        data, at = ends.tail, ends.tail_at
        end = data.rfind(b"\n")
        found = vouch_line(data, end) if end > 0 else None
        if found is None:
            return None
        begin, vouch = found
        if not is_seek_vouch(vouch) or vouch["size"] != at + begin or at + begin == 0:
            return None
        before = doc_of_line(data, data.rfind(b"\n", 0, begin - 1) + 1, begin - 1)
        previous = before.get(KEY) if before is not None else None
        if not isinstance(previous, str) or link(previous, vouch) != vouch[KEY]:
            return None
        if not self.sealer.checks(previous, vouch):
            return None  # not sealed with this installation's key: fold it
        # stored under its offset; the file begins as a session's does
        line = decode(data[begin:end])
        stored = {"set": {"vouches": {str(at + begin): vouch}}}
        if line != stored or not _begins_as_a_session(ends.head):
            return None
        summaries: dict[str, dict[str, Any]] = vouch["summaries"]
        return summaries

    def summaries(
        self,
        *,
        at_most: int | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> dict[int, Found] | None:
        """:meth:`vouched_summaries` of every session, in one pass over the folder. With
        *at_most*, None when the sessions that have none hold more bytes than that (a
        screen asks so before it folds them in a worker). *progress* is told (done, total)."""
        ids = self.ids()
        found: dict[int, Found] = {}
        unvouched = 0
        folder = os.fspath(self.sessions_dir)
        for sid in ids:
            path = os.path.join(folder, paths.session_name(sid))
            try:
                with open_regular(path, follow=True) as handle:  # a FIFO: refused, no wait
                    ends = ends_of(handle)
            except FileNotFoundError:
                found[sid] = StorageError("storage.no_session", session=sid)
                continue
            except OSError as exc:
                found[sid] = StorageError("storage.cannot_read", path=path, reason=reason_of(exc))
                continue
            found[sid] = self._vouched_in(path, ends)
            if found[sid] is None:
                unvouched += ends.size
            if progress is not None:
                progress(len(found), len(ids))
        if at_most is not None and unvouched > at_most:
            return None
        return found


#: How a journal line that stores a vouch alone begins, after its checksum.
_VOUCH_HEAD = b'{"set":{"vouches":'


class WrittenTo:
    """The session written to last, asked again and again (``display --serve`` without a
    number, every second): first the journal changed last, then, at each call, the one
    among those given an entry since the call before (a new session too) that changed
    last, or None when no session was. A table closed after the next one began keeps its
    snapshot then, in a vouch line: that is no entry, and never moves the page back. Each
    call lists the folder and reads only what was appended to the journals that grew."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._sizes: dict[int, int] | None = None

    def __call__(self) -> int | None:
        stamps = self.store.journal_stamps()
        sizes, self._sizes = self._sizes, {sid: size for sid, (size, _) in stamps.items()}
        if sizes is None:
            return max(stamps, key=lambda sid: (stamps[sid][1], sid)) if stamps else None
        written = [
            (mtime, sid)
            for sid, (size, mtime) in stamps.items()
            if size != sizes.get(sid) and _an_entry_in(self.store.path(sid), sizes.get(sid, 0))
        ]
        return max(written)[1] if written else None


def _an_entry_in(path: Path, since: int) -> bool:
    """Whether what the journal holds past byte *since* is more than vouch lines (a new
    journal: anything at all); a file rewritten shorter counts as written."""
    try:
        with open_regular(path, follow=True) as handle:
            size = handle.seek(0, os.SEEK_END)
            if size <= since:
                return size < since
            handle.seek(since)
            added = handle.read(size - since)
    except OSError:
        return False
    lines = [line for line in added.split(b"\n") if line.strip()]
    return any(line[9 : 9 + len(_VOUCH_HEAD)] != _VOUCH_HEAD for line in lines)


def _begins_as_a_session(data: bytes) -> bool:
    """*data* begins with our format line and a header that matches its own hash."""
    from scorekeeper.storage.hashchain import KEY, header_hash
    from scorekeeper.storage.lines import decode, doc_of_line

    end = data.find(b"\n")
    # journal_format.py's format line, without loading the journal's machinery (a listing)
    if end < 0 or decode(data[:end]) != {"format": "scorekeeper-session", "version": 1}:
        return False
    header_end = data.find(b"\n", end + 1)
    header = doc_of_line(data, end + 1, header_end) if header_end > 0 else None
    return header is not None and header.get(KEY) == header_hash(header)


class Draft:
    """A new session's journal under a temporary name, a line at a time (:meth:`Store.draft`):
    the lines :meth:`Store.create` writes, the same bytes. Its length and running SHA-256
    are kept as it grows (a vouch line names them). :meth:`publish` makes it the session
    with the next free id, complete and on the disk; :meth:`discard` removes it."""

    def __init__(self, store: Store, header: dict[str, Any]) -> None:
        from scorekeeper.storage.journal_format import HEADER_ID, HEADER_TABLE, format_line

        self._store = store
        self.temp = durable.write_temp(store.sessions_dir, b"", suffix=".new")
        self._file = open(self.temp, "ab")  # noqa: SIM115 (closed by publish or discard)
        self.size = 0
        self.running = hashlib.sha256()
        self.entries = 0
        try:
            self._write(format_line())
            self._write(self._line({HEADER_TABLE: {HEADER_ID: header}}))
        except BaseException:
            self.discard()
            raise

    @staticmethod
    def _line(changes: dict[str, Any]) -> bytes:
        from scorekeeper.storage.journal_format import encode

        return encode({"set": changes})[0]

    def _write(self, line: bytes) -> None:
        self._file.write(line)
        self.size += len(line)
        self.running.update(line)

    def add(self, event: dict[str, Any]) -> None:
        """The next entry, stored under the id :meth:`Store.create` gives it."""
        from scorekeeper.storage.journal_format import EVENTS_TABLE

        self.entries += 1
        try:
            self._write(self._line({EVENTS_TABLE: {str(self.entries): event}}))
        except OSError as exc:
            folder = str(self._store.sessions_dir)
            raise StorageError(
                "storage.cannot_create", folder=folder, reason=reason_of(exc)
            ) from exc

    def publish(self) -> int:
        """The session, under the next free id, once every line is on the disk."""
        try:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
            return self._store._publish(b"", self.temp)
        except OSError as exc:
            folder = str(self._store.sessions_dir)
            raise StorageError(
                "storage.cannot_create", folder=folder, reason=reason_of(exc)
            ) from exc
        finally:
            self.discard()

    def discard(self) -> None:
        with contextlib.suppress(OSError):
            self._file.close()
        with contextlib.suppress(OSError):
            os.unlink(self.temp)
