"""The table screen in Japanese at 80×24, compared with a stored picture.

Key labels are read when the screens are first imported, so the Japanese
screen is drawn in a fresh process started in Japanese (as the app itself
is after --lang ja or F2); the SVG it saves is compared with the golden one.
Regenerate after a deliberate change: python tests/test_ui_japanese.py --write
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "table_ja_80x24.svg"

DRAW = r"""
import asyncio, sys, tempfile, time, os
from pathlib import Path
sys.path.insert(0, {root!r})
os.environ["TZ"] = "UTC"
time.tzset()
from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, new_store

KEYS = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
KEYS += ["n", "r", "f", "3", "enter"]

async def main(out):
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder), ["亜紀", "ベン", "千尋", "大", "恵美"]), 1,
                             clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in KEYS:
                await pilot.press(key)
            await pilot.pause(0.2)
            app.save_screenshot(Path(out).name, path=str(Path(out).parent))
        app.finish_writing()  # the checkpoints it writes as it leaves, before the folder goes

asyncio.run(main(sys.argv[1]))
"""


def draw(out: Path) -> str:
    env = dict(os.environ, SCOREKEEPER_LANG="ja", TZ="UTC")
    script = DRAW.format(root=str(ROOT))
    subprocess.run([sys.executable, "-c", script, str(out)], check=True, env=env)
    return normalise(out.read_text(encoding="utf-8"))


def normalise(svg: str) -> str:
    return re.sub(r"terminal-\d+", "terminal", svg)


def test_the_table_screen_in_japanese(tmp_path):
    drawn = draw(tmp_path / "table.svg")
    for words in ("賭け点", "親", "降りる", "ラウンド", "このラウンド"):
        assert words in drawn
    assert drawn == normalise(GOLDEN.read_text(encoding="utf-8"))


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(draw(GOLDEN), encoding="utf-8")
    print(f"wrote {GOLDEN}")
