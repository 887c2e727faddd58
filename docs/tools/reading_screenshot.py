"""Make docs/images/table-reading-bar.svg (and .ja.svg): the table of a long session that
was opened at its snapshot, reading every entry for the timeline, its bar half way.
Run: python docs/tools/reading_screenshot.py

The session is 6,000 entries of the official game, imported as ``scorekeeper import``
stores it; the fold is held at half way (in its worker thread) while the picture is taken.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()

ROUNDS = 2000  # three entries each


def transcript() -> str:
    lines = ["game indian-official", "players Aki Ben Chie"]
    for number in range(ROUNDS):
        lines += ["round", "raise", f"showdown {('Aki', 'Ben', 'Chie')[number % 3]}"]
    return "\n".join(lines) + "\n"


async def shoot(lang: str, suffix: str) -> None:
    os.environ["SCOREKEEPER_LANG"] = lang
    import scorekeeper.messages as messages

    messages._lang = None
    import scorekeeper.services.recording as recording
    import scorekeeper.services.session_source as session_source
    from scorekeeper.core.progress import Progress
    from scorekeeper.core.transcript import read_session
    from scorekeeper.storage import Store
    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.screens.history import ReadingHistory
    from scorekeeper.ui.screens.timeline import TimelineScreen

    halfway, taken = threading.Event(), threading.Event()
    real = session_source.fold_checked

    def held(stored: Any, progress: Progress | None = None) -> Any:
        def tell(done: int, total: int) -> None:
            if progress is not None:
                progress(done, total)
            if done * 2 >= total and not halfway.is_set():
                halfway.set()
                taken.wait(30)

        return real(stored, tell)

    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREKEEPER_CONFIG", str(Path(folder) / "config"))
        store = Store(Path(folder) / "data")
        sid = recording.import_session(store, read_session(transcript()))
        patch.setattr(session_source, "fold_checked", held)
        app = ScorekeeperApp(store, sid)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("i")
            for _ in range(1500):
                if halfway.is_set() and isinstance(app.screen, ReadingHistory):
                    break
                await pilot.pause(0.02)
            await pilot.pause(0.3)
            images = str(ROOT / "docs" / "images")
            app.save_screenshot(f"table-reading-bar{suffix}.svg", path=images)
            taken.set()
            for _ in range(1500):  # the timeline up, its title shown, before the app leaves
                if isinstance(app.screen, TimelineScreen):
                    break
                await pilot.pause(0.02)
            await pilot.pause()
        app.finish_writing()


if __name__ == "__main__":
    which = sys.argv[1:] or ["en", "ja"]
    for lang in which:
        asyncio.run(shoot(lang, "" if lang == "en" else ".ja"))
