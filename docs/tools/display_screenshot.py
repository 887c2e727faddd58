"""Make docs/images/display.svg: python docs/tools/display_screenshot.py"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()

from scorekeeper.core.transcript import read_session  # noqa: E402
from scorekeeper.services.recording import create_session  # noqa: E402
from scorekeeper.storage import Store  # noqa: E402
from scorekeeper.ui.display import DisplayApp  # noqa: E402


async def main() -> None:
    text = (ROOT / "examples" / "o1.txt").read_text(encoding="utf-8")
    session = read_session(text + "round\nraise\nraise\nfold B\n")
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        create_session(store, session.header, session.events)
        app = DisplayApp(store, 1)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.3)
            app.save_screenshot("display.svg", path=str(ROOT / "docs" / "images"))


if __name__ == "__main__":
    asyncio.run(main())
