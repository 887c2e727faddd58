"""What ``list`` and ``stats`` printed, kept with everything it was made from, so that
asking again with nothing changed prints it without loading the program.

A warm ``list`` of 1,000 sessions was mostly imports (the parser, the storage, the
catalog of messages): about 150 ms for 1,000 lines read from a cache. This module is
imported first and alone (standard library ``os``, ``sys``, ``time``, ``zlib``); when
it cannot answer, nothing of it stays in the way.

It is never trusted over the sessions. The kept output is printed only when these
are exactly as they were when it was printed: the command line; the environment
variables that can change what is printed (language, folders, time zone, Python's);
every file in the sessions folder (name, size, both times, inode); the settings
files; the local time zone; and every module of ours that was loaded to print it
(so a new version, or an edited source file, runs the command again). Anything
else, or any doubt (a damaged or unreadable file), means the command runs as
usual, and keeps its output for next time.
"""

from __future__ import annotations

import os
import sys
import time
import zlib
from collections.abc import Sequence

#: The commands whose output is a pure function of what the key covers.
COMMANDS = frozenset({"list", "stats"})
_MAGIC = "scorekeeper-output-1"
_FOLDER = "cache"
_ENV_NAMES = frozenset(
    {"HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA", "LANG", "LANGUAGE", "TZ", "TZDIR"}
)
_ENV_PREFIXES = ("SCOREKEEPER_", "XDG_", "LC_", "PYTHON")
_ZONE_FILES = ("/etc/localtime", "/etc/timezone")
_SESSION_SUFFIX = ".journal"  # storage.paths.SUFFIX
#: Kept outputs per data folder, the most recently written: one per command line
#: (``stats --from`` with every date asked), so the folder cannot grow without end.
KEEP_AT_MOST = 32
#: A temporary file older than this is a writer's that was killed.
_STALE_SECONDS = 3600
#: Control characters never printed from the kept file (the command escapes them itself).
_UNPRINTABLE = {c: None for c in [*range(0, 9), *range(11, 32), *range(127, 160)]}


def command_of(words: Sequence[str]) -> str | None:
    """The kept command these words may ask for: a first screen only, the key decides."""
    for word in words:
        if word in COMMANDS:
            return word
    return None


def data_root(words: Sequence[str]) -> str:
    """The data folder these words name, as the command finds it (``storage.paths``):
    ``--data-dir``, then ``$SCOREKEEPER_HOME``, then the platform's user data folder."""
    chosen = None
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--data-dir" and index + 1 < len(words):
            chosen = words[index + 1]
        elif word.startswith("--data-dir="):
            chosen = word.split("=", 1)[1]
    if chosen is None:
        chosen = os.environ.get("SCOREKEEPER_HOME", "") or None
    if chosen is None:
        import platformdirs

        chosen = platformdirs.user_data_dir("scorekeeper", appauthor=False)
    return os.path.abspath(os.path.expanduser(chosen))


def _kept_path(root: str, command: str, words: Sequence[str]) -> str:
    tag = zlib.crc32("\0".join(words).encode("utf-8", "surrogateescape"))
    return os.path.join(root, _FOLDER, f"{command}-{tag:08x}.txt")


def _facts(st: os.stat_result) -> str:
    """What tells a changed file from the same file: its size, both times and its inode."""
    return f"{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns} {st.st_ino}"


def _stat_text(path: str) -> str:
    try:
        return f"{path!r} {_facts(os.stat(path))}"
    except OSError:
        return f"{path!r} -"


def folder_text(root: str) -> str:
    """The sessions folder as the key holds it: every name, and each session file's
    size, times and inode (the other files there, summaries and checkpoints, are
    made from those; a stat is most of this module's time)."""
    names = []
    facts = []
    try:
        with os.scandir(os.path.join(root, "sessions")) as found:
            for entry in found:
                names.append(entry.name)
                if entry.name.endswith(_SESSION_SUFFIX):
                    facts.append(f"{entry.name} {_facts(entry.stat())}")
    except FileNotFoundError:
        return "no sessions folder"
    names.sort()
    facts.sort()
    return f"{names!r}\n" + "\n".join(facts)


def _key(words: Sequence[str], root: str, files: Sequence[str], folder: str) -> str:
    environment = [
        f"{name}={value!r}"
        for name, value in sorted(os.environ.items())
        if name in _ENV_NAMES or name.startswith(_ENV_PREFIXES)
    ]
    zone = repr((time.timezone, time.altzone, time.daylight, time.tzname))
    return "\n".join(
        [sys.version, repr(list(words)), repr(root), *environment, zone]
        + [_stat_text(path) for path in (*files, *_ZONE_FILES)]
        + [folder]
    )


def answer(words: Sequence[str]) -> bool:
    """Print the kept output of *words* when nothing it was made from changed; False
    (nothing printed) when it cannot be told so."""
    command = command_of(words)
    if command is None:
        return False
    try:
        root = data_root(words)
        with open(_kept_path(root, command, words), encoding="utf-8") as kept:
            text = kept.read()
        magic, count, rest = text.split("\0", 2)
        if magic != _MAGIC or not count.isdigit():
            return False
        *files, key, output = rest.split("\0", int(count) + 1)
        if len(files) != int(count) or key != _key(words, root, files, folder_text(root)):
            return False
    except (OSError, ValueError, ImportError):
        return False
    sys.stdout.write(output.translate(_UNPRINTABLE))
    return True


def remember(
    words: Sequence[str], root: str, output: str, folder_before: str, settings: Sequence[str]
) -> None:
    """Keep *output* of *words* for :func:`answer`, unless a session changed while it was
    made (*folder_before*, :func:`folder_text` when the command began). *settings* are
    the settings files it may have read. Failing to keep it is no error."""
    command = command_of(words)
    folder = folder_text(root)
    if command is None or folder != folder_before or "\0" in output or not os.path.isdir(root):
        return  # (a data folder is never made just to keep this)
    ours = [
        module.__file__
        for name, module in list(sys.modules.items())
        if name == "scorekeeper" or name.startswith("scorekeeper.")
    ]
    files = sorted({os.path.abspath(p) for p in [*ours, *settings] if isinstance(p, str)})
    if any("\0" in path for path in files):
        return
    key = _key(words, root, files, folder)
    path = _kept_path(root, command, words)
    temp = f"{path}.{os.getpid()}.tmp"
    try:
        if not os.path.isdir(os.path.dirname(path)):
            os.mkdir(os.path.dirname(path))
        with open(temp, "w", encoding="utf-8") as out:
            out.write("\0".join([_MAGIC, str(len(files)), *files, key, output]))
        os.replace(temp, path)
        _prune(os.path.dirname(path))
    except OSError:
        import contextlib  # here: not on the way of an answer

        with contextlib.suppress(OSError):
            os.unlink(temp)


def _prune(folder: str) -> None:
    """Drop all but the :data:`KEEP_AT_MOST` newest kept outputs, and killed writers'
    temporary files."""
    kept: list[tuple[float, str]] = []
    now = time.time()
    with os.scandir(folder) as found:
        for entry in found:
            st = entry.stat()
            if entry.name.endswith(".tmp"):
                if now - st.st_mtime > _STALE_SECONDS:
                    os.unlink(entry.path)
            elif entry.name.endswith(".txt"):
                kept.append((st.st_mtime, entry.path))
    kept.sort(reverse=True)
    for _, path in kept[KEEP_AT_MOST:]:
        os.unlink(path)
