"""The reader's settings (language, theme, the folder last exported to), kept across runs.

The money rate is no setting: it is a session's own (a ``rate`` entry, core/rate.py), so
a rate set for one game never leaks into another. The ``rate`` key that older versions
kept here is ignored.

They live in the user's config folder (``platformdirs.user_config_path``), not with the
sessions: ``$SCOREKEEPER_CONFIG`` names another folder; with ``$SCOREKEEPER_HOME`` set
(a self-contained data folder) they live in its ``config/`` folder. Older versions kept
them in ``settings.json`` in the data folder: that file is read once, when the config
folder has no settings yet, copied there, and renamed ``settings.json.migrated``. A bad
or unreadable file, old or new, is just no settings: never an error for the reader.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from scorekeeper.storage.regular import open_regular

FILE = "settings.json"
_LIMIT = 1 << 20  # bytes: settings are a few dozen
#: What the old file in the data folder is renamed to once its settings are moved.
MIGRATED = "settings.json.migrated"


def config_root() -> Path:
    """$SCOREKEEPER_CONFIG, else $SCOREKEEPER_HOME/config, else the user's config folder."""
    chosen = os.environ.get("SCOREKEEPER_CONFIG", "")
    if chosen:
        return Path(chosen).expanduser()
    home = os.environ.get("SCOREKEEPER_HOME", "")
    if home:
        return Path(home).expanduser() / "config"
    import platformdirs  # here: 7 ms that a $SCOREKEEPER_CONFIG or _HOME run skips

    # appauthor=False: no "scorekeeper\scorekeeper" nesting on Windows.
    return platformdirs.user_config_path("scorekeeper", appauthor=False)


def _read(path: Path) -> dict[str, Any] | None:
    """The settings in *path*; None when there is no such file, {} when it is unreadable."""
    try:  # a FIFO or a device is refused at once, never waited on (storage/regular.py)
        with open_regular(path, follow=True) as handle:
            text = handle.read(_LIMIT + 1).decode("utf-8")
    except (FileNotFoundError, NotADirectoryError):  # no such file, or no such folder
        return None
    except (OSError, ValueError):  # a folder, a FIFO, no permission, not UTF-8
        return {}
    if len(text) > _LIMIT:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _write(folder: Path, settings: dict[str, Any]) -> bool:
    """Write *settings* atomically; False if it could not be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp = folder / f".{FILE}.tmp"
        with contextlib.suppress(FileNotFoundError):  # a FIFO left there would block the write
            temp.unlink()
        temp.write_text(json.dumps(settings, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(temp, folder / FILE)
    except OSError:
        return False
    return True


def _migrate(old_root: Path, folder: Path) -> dict[str, Any]:
    """Move the settings of the old place (the data folder) to *folder*, once."""
    old = old_root / FILE
    found = _read(old)
    if found is None:
        return {}
    if _write(folder, found) and found:
        # moved: left beside, renamed; if it cannot be, the new file is read first anyway
        with contextlib.suppress(OSError):
            os.replace(old, old_root / MIGRATED)
    return found


def load(old_root: Path | None = None) -> dict[str, Any]:
    """The saved settings; missing or unreadable settings are just no settings.

    *old_root* is the data folder, where older versions kept them: read from there
    (and moved) when the config folder has none yet.
    """
    folder = config_root()
    found = _read(folder / FILE)
    if found is not None:
        return found
    if old_root is not None and Path(old_root).resolve() != folder.resolve():
        return _migrate(Path(old_root), folder)
    return {}


def save(old_root: Path | None = None, **changes: Any) -> bool:
    """Merge *changes* into the settings, written atomically; False if it could not be written."""
    return _write(config_root(), load(old_root) | changes)
