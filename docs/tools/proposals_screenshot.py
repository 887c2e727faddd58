"""Make docs/images/table-proposals.svg and table-proposals.ja.svg (the app's table with two
players' proposals waiting at 80x24, issue 46): python docs/tools/proposals_screenshot.py

No page server is started: a stand-in page says the queue (tests/test_ui_proposals.py), so
the picture is the same every time. Each language runs in its own process: key labels are
read when the screens are imported.
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

from scorekeeper.messages import set_language  # noqa: E402
from scorekeeper.ui.app import ScorekeeperApp  # noqa: E402
from tests.test_ui_proposals import FakePage, OnePage, queue, said_by_the_page  # noqa: E402
from tests.ui_support import fixed_clock, new_store  # noqa: E402

IMAGES = ROOT / "docs" / "images"
#: The players, and what two of them proposed, in each language.
TABLE = {
    "en": (["Aki", "Ben", "Cy", "Dai"], [("p1", "Ben", "fold"), ("p2", "Cy", "fold")]),
    "ja": (["亜紀", "ベン", "千尋", "大"], [("p1", "ベン", "降りる"), ("p2", "千尋", "降りる")]),
}


async def shoot(lang: str) -> None:
    set_language(lang)
    players, proposed = TABLE[lang]
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder), players), 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            page = FakePage()
            app.table_pages = OnePage(page, app)
            await pilot.press("n")
            await said_by_the_page(app, page, queue(*proposed))
            await pilot.pause(0.2)
            suffix = "" if lang == "en" else f".{lang}"
            app.save_screenshot(f"table-proposals{suffix}.svg", path=str(IMAGES))
        app.finish_writing()


def main() -> None:
    in_each_language(__file__, shoot)


if __name__ == "__main__":
    main()
