"""Make the table-screen screenshots of the docs: python docs/tools/table_screenshots.py

Plays the worked examples by keys with a fixed clock in a temporary data
folder, and saves SVGs into docs/images/ (NAME.svg in English, NAME.ja.svg in
Japanese). Each language runs in its own process, so that key labels, which
are read when the screens are first imported, are in that language too.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
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
from tests.screen_scenarios import table_page  # noqa: E402
from tests.ui_support import fixed_clock, new_store  # noqa: E402

IMAGES = ROOT / "docs" / "images"
ROUND_1 = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
SHOTS = {
    "table-between-rounds": ROUND_1,
    "table-in-round": [*ROUND_1, "n", "r", "f", "3", "enter"],
    "table-fold-dialog": [*ROUND_1, "n", "r", "f"],
    "table-cards-dialog": [*ROUND_1, "n", "r", "v", "k", "s", "enter"],
    "table-undo-question": [*ROUND_1, "n", "r", "u"],
    "standings": [*ROUND_1, "t"],
    # ended, the rate (a rate entry) set from the final standings, scrolled to the last payment
    "standings-final-rate": [*ROUND_1, "e", "y", "dollar_sign", *"10 JPY", "enter", "end"],
    "table-help": [*ROUND_1, "n", "question_mark"],
    # round 1 played again on its own table (ctrl+r): B folds, a raise so far
    "table-correcting": [*ROUND_1, "ctrl+r", "1", "enter", "f", "2", "enter", "r"],
}
# C2 of the rules: A is short (5 chips), dealer D; the side pot appears.
CHIP_SHOTS = {
    "chips-betting": ["n", "b", "r", "c", "r"],
    "chips-ranking-dialog": ["n", "b", "r", "c", "r", "c", "f", "s"],
    # showdown A > D > B: A ends with 20 chips but is first, at +15 (net), ahead of D's 27
    "chips-standings": ["n", "b", "r", "c", "r", "c", "f", "s", *"A > D > B", "enter", "t"],
}
LOWEST_SHOTS = {"lowest-table": ["n", "s", "2", "enter", "n", "d", "3", "enter"]}
LONG_SHOTS = {"table-long-session": []}
# P1 of the rules: claims, then the Poch under way.
P1_CLAIMS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_CLAIMS += ["a", "3", "enter", *"king queen marriage", "enter"]
POCHEN_SHOTS = {
    "pochen-claims": P1_CLAIMS,
    "pochen-poch": [*P1_CLAIMS, "o", "b", "3", "enter", "c"],
}


def official_store(folder: Path) -> Store:
    return new_store(folder)


def long_store(folder: Path) -> Store:
    """An official session of 300 entries, left as the app leaves it: it opens from its
    state checkpoint, the last entries in the log (docs/app-table.md)."""
    store = new_store(folder)
    clock = fixed_clock()
    with open_recording(store, 1, history=False) as rec:
        for number in range(100):
            winner = "DBCEA"[number % 5]
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": winner})):
                rec.record(entry, clock())
    return store


def chips_store(folder: Path) -> Store:
    store = Store(folder / "data")
    header = make_header(
        "indian-chips", ["A", "B", "C", "D"], {"stack": "20"}, stacks={"A": 5}, parent="D"
    )
    create_session(store, header)
    return store


def pochen_store(folder: Path) -> Store:
    store = Store(folder / "data")
    create_session(store, make_header("pochen", ["A", "B", "C", "D"], {"stack": "50"}))
    return store


def lowest_store(folder: Path) -> Store:
    store = Store(folder / "data")
    create_session(store, make_header("indian-lowest", ["A", "B", "C", "D"]))
    return store


async def shoot(
    name: str, keys: list[str], lang: str, make: Callable[[Path], Store] = official_store
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["SCOREKEEPER_CONFIG"] = str(Path(folder) / "config")  # not the user's
        app = ScorekeeperApp(make(Path(folder)), 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
            if name in PAGE_SHOTS:  # the palette's "show the table page", at a fixed address
                table_page(app)
            await pilot.pause(0.2)
            suffix = "" if lang == "en" else f".{lang}"
            app.save_screenshot(f"{name}{suffix}.svg", path=str(IMAGES))


# The palette's "show the table page" (docs/display.md); no server is started for it.
PAGE_SHOTS = {"table-page": [*ROUND_1, "n", "r"]}

GAMES = (
    (SHOTS, official_store),
    (CHIP_SHOTS, chips_store),
    (LOWEST_SHOTS, lowest_store),
    (POCHEN_SHOTS, pochen_store),
    (LONG_SHOTS, long_store),
    (PAGE_SHOTS, official_store),
)


async def shoot_all(lang: str) -> int:
    set_language(lang)
    IMAGES.mkdir(parents=True, exist_ok=True)
    count = 0
    for shots, make in GAMES:
        for name, keys in shots.items():
            await shoot(name, keys, lang, make)
            count += 1
    return count


async def shoot_said(lang: str) -> str:
    return f"saved {await shoot_all(lang)} screenshots ({lang}) in {IMAGES}"


def main() -> None:
    in_each_language(__file__, shoot_said)


if __name__ == "__main__":
    main()
