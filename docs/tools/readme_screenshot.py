"""Make docs/images/readme-table.svg (and .ja.svg), the picture at the head of the READMEs:
the table of a live official session, five players, a few rounds played and the next one
under way. Run: python docs/tools/readme_screenshot.py

Each language runs in its own process, so that the key labels, read when the screens are
first imported, are in that language too (as docs/tools/table_screenshots.py does).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()

from each_language import in_each_language  # noqa: E402

from scorekeeper.core.events import Entry  # noqa: E402
from scorekeeper.core.header import make_header  # noqa: E402
from scorekeeper.messages import set_language  # noqa: E402
from scorekeeper.services.recording import create_session, open_recording  # noqa: E402
from scorekeeper.storage import Store  # noqa: E402
from scorekeeper.ui.app import ScorekeeperApp  # noqa: E402
from tests.ui_support import fixed_clock  # noqa: E402

IMAGES = ROOT / "docs" / "images"
PLAYERS = ["Aki", "Ben", "Chihiro", "Dai", "Emi"]
#: The evening so far, recorded as the recorder would have: raises, folds, showdowns.
PLAYED = [
    [Entry("round"), Entry("raise"), Entry("showdown", {"winner": "Ben"})],
    [Entry("round"), Entry("fold", {"player": "Dai"}), Entry("showdown", {"winner": "Aki"})],
    [Entry("round"), Entry("raise"), Entry("raise"), Entry("showdown", {"winner": "Emi"})],
    [Entry("round"), Entry("fold", {"player": "Ben"}), Entry("showdown", {"winner": "Chihiro"})],
]
#: Then, by keys: the next round, a raise, and Ben folds.
KEYS = ["n", "r", "f", "2", "enter"]


def evening(folder: Path) -> Store:
    store = Store(folder / "data")
    create_session(store, make_header("indian-official", PLAYERS))
    clock = fixed_clock(step=40)
    with open_recording(store, 1, history=False) as rec:
        for entries in PLAYED:
            for entry in entries:
                rec.record(entry, clock())
    return store


async def shoot(lang: str) -> None:
    set_language(lang)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["SCOREKEEPER_CONFIG"] = str(Path(folder) / "config")  # not the user's
        app = ScorekeeperApp(evening(Path(folder)), 1, clock=fixed_clock(step=40))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in KEYS:
                await pilot.press(key)
            await pilot.pause(0.2)
            suffix = "" if lang == "en" else f".{lang}"
            app.save_screenshot(f"readme-table{suffix}.svg", path=str(IMAGES))


async def shoot_said(lang: str) -> str:
    await shoot(lang)
    return f"saved readme-table ({lang}) in {IMAGES}"


def main() -> None:
    in_each_language(__file__, shoot_said)


if __name__ == "__main__":
    main()
