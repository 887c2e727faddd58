"""Settings chosen in the app (the language), kept in the data folder across runs."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FILE = "settings.json"


def load(root: Path) -> dict[str, Any]:
    """The saved settings; an unreadable or missing file is just no settings."""
    try:
        value = json.loads((root / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def save(root: Path, **changes: Any) -> bool:
    """Merge *changes* into the settings, written atomically; False if it could not be written."""
    settings = load(root) | changes
    try:
        root.mkdir(parents=True, exist_ok=True)
        temp = root / f".{FILE}.tmp"
        temp.write_text(json.dumps(settings, ensure_ascii=False), encoding="utf-8")
        os.replace(temp, root / FILE)
    except OSError:
        return False
    return True
