"""Where the data lives, and how session ids map to file names."""

from __future__ import annotations

import os
import re
from pathlib import Path

SESSIONS_DIR = "sessions"
TRASH_DIR = "trash"
SUFFIX = ".journal"

# "7.journal" in sessions/; "7.journal" or "7-2.journal" in trash/ (a second copy of 7).
_SESSION_NAME = re.compile(r"([1-9][0-9]*)\.journal")
_TRASH_NAME = re.compile(r"([1-9][0-9]*)(?:-[0-9]+)?\.journal")


def data_root(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """--data-dir wins, then $SCOREKEEPER_HOME, then the platform's per-user data folder."""
    if data_dir is not None:
        return Path(data_dir).expanduser()
    home = os.environ.get("SCOREKEEPER_HOME", "")
    if home:
        return Path(home).expanduser()
    import platformdirs  # here: 7 ms that a --data-dir or $SCOREKEEPER_HOME run skips

    # appauthor=False: no "scorekeeper\scorekeeper" nesting on Windows.
    return Path(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def session_name(sid: int) -> str:
    return f"{sid}{SUFFIX}"


def session_id_of(name: str) -> int | None:
    """The id a file name in sessions/ stands for; None for temp and side files."""
    match = _SESSION_NAME.fullmatch(name)
    return int(match.group(1)) if match else None


def trashed_id_of(name: str) -> int | None:
    match = _TRASH_NAME.fullmatch(name)
    return int(match.group(1)) if match else None


def ids_in(folder: Path, *, trash: bool = False) -> list[int]:
    """Ids of the session files in *folder*, ascending; a missing folder holds none."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    of = trashed_id_of if trash else session_id_of
    return sorted({sid for sid in map(of, names) if sid is not None})
