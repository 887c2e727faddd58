"""Make docs/images/table-recheck-warning.svg (and .ja.svg): the table after its background
fold found that the snapshot it opened at lied. Run: python docs/tools/recheck_screenshot.py

The snapshot is forged the way a forger holding the key would (tests/test_recheck.py
``long_session``: the writer's own code handed a tampered state).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()


async def shoot(lang: str, suffix: str) -> None:
    os.environ["SCOREKEEPER_LANG"] = lang
    import scorekeeper.messages as messages

    messages._lang = None
    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.screens.table import TableScreen
    from tests.test_recheck import long_session

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREKEEPER_CONFIG", str(Path(folder) / "config"))
        store = long_session(Path(folder), patch, forged=True)
        app = ScorekeeperApp(store, 1)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(1500):
                screen = app.screen
                if isinstance(screen, TableScreen) and screen.recording.session.history_from == 1:
                    break
                await pilot.pause(0.02)
            await pilot.pause(0.3)
            app.save_screenshot(
                f"table-recheck-warning{suffix}.svg", path=str(ROOT / "docs" / "images")
            )
        app.finish_writing()


if __name__ == "__main__":
    which = sys.argv[1:] or ["en", "ja"]
    for lang in which:
        asyncio.run(shoot(lang, "" if lang == "en" else ".ja"))
