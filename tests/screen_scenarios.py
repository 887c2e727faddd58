"""Every screen of the app, reached by keys from a stored session: shared by the fit checks
and the snapshots, in both languages and at both sizes.

Names are of the lengths a real table has (Japanese ones too), so that a column or a
line that is too narrow shows up here before it shows up at a table.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store

SIZES = ((80, 24), (120, 40))
OFFICIAL = ["Chie", "Aki", "千尋", "Dai", "Emiko"]
CHIPS = ["Aki", "Ben", "千尋", "Dai"]
POCHEN = ["Anna", "Bob", "Cleo", "Dan"]

Make = Callable[[Path], Store]


def official(root: Path) -> Store:
    store = Store(root / "data")
    create_session(store, make_header("indian-official", OFFICIAL, {}))
    return store


def chips(root: Path) -> Store:
    store = Store(root / "data")
    header = make_header("indian-chips", CHIPS, {"stack": "20"}, stacks={"Aki": 5}, parent="Dai")
    create_session(store, header)
    return store


LONG_NAMES = ["Christopher Robinson", "Alexandra Montgomery-Smith", "千尋", "Dai"]


def long_names(root: Path) -> Store:
    """Names far longer than a table usually has: they wrap, nothing runs off the screen."""
    store = Store(root / "data")
    create_session(store, make_header("indian-chips", LONG_NAMES, {"stack": "20"}))
    create_session(store, make_header("indian-official", LONG_NAMES, {}))
    create_session(store, make_header("pochen", LONG_NAMES, {"stack": "50"}))
    return store


#: Names as a table has them, long enough to find a narrow column (issue 35, point 12).
FULL_NAMES = ["Christopher", "Alexandra", "佐々木優子", "Benjamin", "高橋美奈子"]
#: The session full_names opens: a table that has kept score for a while, so the session
#: number has two digits wherever it is shown.
FULL_NAMES_SESSION = 12


def _full_names(root: Path, game: str) -> Store:
    """Session 12, of *game*, played by FULL_NAMES (eleven short sessions before it)."""
    store = Store(root / "data")
    for _ in range(FULL_NAMES_SESSION - 1):
        create_session(store, make_header("indian-lowest", CHIPS, {}))
    create_session(store, make_header(game, FULL_NAMES, {}))
    return store


def full_names(root: Path) -> Store:
    return _full_names(root, "indian-official")


def full_names_chips(root: Path) -> Store:
    return _full_names(root, "indian-chips")


def lowest(root: Path) -> Store:
    store = Store(root / "data")
    create_session(store, make_header("indian-lowest", CHIPS, {}))
    return store


def pochen(root: Path) -> Store:
    store = Store(root / "data")
    create_session(store, make_header("pochen", POCHEN, {"stack": "50"}))
    return store


def pochen_ended(root: Path) -> Store:
    """P1's deal, then ``end`` with 12 chips on the board: they go back (end_board carry)."""
    return _pochen_p1(root, end=True)


def pochen_dealt(root: Path) -> Store:
    """P1's deal over, 12 chips on the board: ``e`` asks, saying where they will go."""
    return _pochen_p1(root, end=False)


def _pochen_p1(root: Path, *, end: bool) -> Store:
    from scorekeeper.core.session import Session
    from scorekeeper.core.words import parse_entry, split_line

    store = Store(root / "data")
    session = Session(make_header("pochen", POCHEN, {"stack": "50", "end_board": "carry"}))
    lines = ["round", "turned 8D", "claim Bob ace", "claim Cleo king queen marriage",
             "pass Bob", "bet Cleo 3", "call Dan", "fold Anna", "fold Bob",
             "show Cleo=KD,KS Dan=9C,9D,9S", "out Bob"] + (["end"] if end else [])  # fmt: skip
    for line in lines:
        session.record(parse_entry(session.game, split_line(line)))
    create_session(store, session.header, session.events)
    return store


def chips_redraw(root: Path) -> Store:
    """indian-chips with seed 001's redraw (issue 17): the d key in the footer."""
    store = Store(root / "data")
    create_session(store, make_header("indian-chips", CHIPS, {"stack": "20", "redraw": "true"}))
    return store


def pochen_best_set(root: Path) -> Store:
    """Pochen where the best set shown takes the poch pool when nobody bets (issue 17)."""
    store = Store(root / "data")
    create_session(store, make_header("pochen", POCHEN, {"stack": "50", "all_pass": "best_set"}))
    return store


def official_ended(root: Path) -> Store:
    """Five players, four rounds, ended: four payments, below the chart at 80x24 (issue 35)."""
    from scorekeeper.core.transcript import read_session

    names = " ".join(OFFICIAL)
    rounds = [
        "round", "raise", "raise", "showdown Aki",
        "round", "fold Dai", "showdown 千尋",
        "round", "raise", "showdown Emiko",
        "round", "raise", "raise", "raise", "fold Chie", "showdown Dai", "end",
    ]  # fmt: skip
    session = read_session(f"game indian-official\nplayers {names}\n" + "\n".join(rounds))
    store = Store(root / "data")
    create_session(store, session.header, session.events)
    return store


def all_games(root: Path) -> Store:
    """One session of each game, for the start screen and the statistics."""
    store = official(root)
    for game, players, options in (
        ("indian-chips", CHIPS, {"stack": "20"}),
        ("indian-lowest", CHIPS, {}),
        ("pochen", POCHEN, {"stack": "50"}),
    ):
        create_session(store, make_header(game, players, options))
    return store


def history(root: Path) -> Store:
    """Finished rounds of three games (tests/test_stats.py), then a Pochen session."""
    from scorekeeper.core.transcript import read_session
    from tests.test_stats import CHIPS as CHIPS_PLAYED
    from tests.test_stats import LOWEST as LOWEST_PLAYED
    from tests.test_stats import OFFICIAL_JUNE, OFFICIAL_MAY

    store = Store(root / "data")
    for text in (OFFICIAL_MAY, OFFICIAL_JUNE, LOWEST_PLAYED, CHIPS_PLAYED):
        session = read_session(text)
        create_session(store, session.header, session.events)
    create_session(store, make_header("pochen", POCHEN, {"stack": "50"}))
    return store


ROUND_1 = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
IN_ROUND_2 = [*ROUND_1, "n", "r", "f", "3", "enter"]
CHIPS_BETTING = ["n", "b", "r", "c", "r"]
P1_CLAIMS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_CLAIMS += ["a", "3", "enter", *"king queen marriage", "enter"]


@dataclass(frozen=True)
class Scenario:
    """A screen: the store it starts from, the session opened (or the start screen), keys."""

    name: str
    make: Make
    keys: list[str] = field(default_factory=list)
    session: int | None = 1
    before: Callable[[object], Awaitable[None]] | None = None
    display: bool = False  # the table display (scorekeeper display), not the recorder's app
    then: Callable[[Any], None] | None = None  # called with the app after the keys
    snapshot: bool = False  # one of each kind of screen is also a snapshot, at both sizes
    toast: bool = False  # a toast is up when the screen is checked (so the check sees it)


#: The address a table page shown in a snapshot has (no server runs for it).
SHOWN_PAGE_URL = "http://192.168.1.20:8000/AbCdEfGhIjKlMnOpQrStUv/"


class _ShownPage:
    url = SHOWN_PAGE_URL
    running = True

    def stop(self) -> None:
        return None


def table_page(app: Any) -> None:
    """The palette's "show the table page", with a page that is not started for real."""
    from scorekeeper.services.table_page import TablePages

    pages = TablePages()
    pages.start = lambda root, sid, lan=True: _ShownPage()  # type: ignore[method-assign,assignment,return-value]
    app.table_pages = pages
    app.show_table_page(1)


#: Round 2 in play, its fold undone, a note a recorder would write: the timeline then.
TIMELINE_KEPT = [*IN_ROUND_2, "u", "y", "m", *"Benjamin stepped out to take a call", "enter"]
TIMELINE_KEPT += ["i"]
CHIPS_RESULT = [*CHIPS_BETTING, "c", "f", "s", *"Aki > Dai > Ben", "enter"]
P1_POCH = [*P1_CLAIMS, "o", "b", "3", "enter", "c", "f", "f"]

SCENARIOS = (
    Scenario("start", history, session=None, snapshot=True),
    Scenario("start-settle", history, ["down", "$"], session=None, snapshot=True),
    Scenario("new-session", all_games, ["n"], session=None, snapshot=True),
    Scenario("stats", history, ["s"], session=None, snapshot=True),
    Scenario("official-between", official, ROUND_1),
    Scenario("official-in-round", official, IN_ROUND_2, snapshot=True),
    Scenario("official-fold-pick", official, [*IN_ROUND_2, "f"], snapshot=True),
    Scenario(
        "official-cards", official, [*ROUND_1, "n", "r", "v", "k", "s", "enter"], snapshot=True
    ),
    Scenario(
        "official-cards-twice",
        official,
        [*ROUND_1, "n", "r", "v", "k", "s", "enter", "k", "s", "tab"],
    ),
    Scenario("official-undo", official, [*IN_ROUND_2, "u"], snapshot=True),
    Scenario("official-note", official, [*IN_ROUND_2, "m"], snapshot=True),
    Scenario("official-correct", official, [*ROUND_1, "ctrl+r"]),
    # issue 35: round 1 played again on its own table, then the reason
    Scenario(
        "official-correcting",
        official,
        [*ROUND_1, "n", "ctrl+r", "1", "enter", "f", "2", "enter", "r"],
        snapshot=True,
    ),
    Scenario(
        "official-correcting-reason",
        official,
        [*ROUND_1, "ctrl+r", "1", "enter", "f", "2", "enter", "s", "5", "enter"],
    ),
    Scenario("official-export", official, [*ROUND_1, "ctrl+e"], snapshot=True),
    Scenario("official-standings", official, [*ROUND_1, "t"], snapshot=True),
    Scenario("official-final-standings", official_ended, ["t"]),
    Scenario("official-final-standings-end", official_ended, ["t", "end"]),
    Scenario("official-rate", official_ended, ["t", "dollar_sign"]),
    Scenario("official-timeline", official, [*IN_ROUND_2, "i"], snapshot=True),
    Scenario("official-display", official, [], display=True, snapshot=True),
    Scenario("official-table-page", official, IN_ROUND_2, then=table_page, snapshot=True),
    Scenario("chips-betting", chips, CHIPS_BETTING, snapshot=True),
    Scenario("chips-result", chips, CHIPS_RESULT),
    Scenario("chips-rebuy", chips, [*CHIPS_RESULT, "y"]),
    Scenario("chips-standings", chips, [*CHIPS_RESULT, "t"]),
    Scenario("chips-timeline", chips, [*CHIPS_RESULT, "i"]),
    Scenario("lowest", lowest, ["n", "s", "2", "enter", "n", "d", "3", "enter"], snapshot=True),
    Scenario("lowest-standings", lowest, ["n", "s", "2", "enter", "t"]),
    Scenario("pochen-claims", pochen, P1_CLAIMS),
    Scenario("pochen-poch", pochen, [*P1_CLAIMS, "o", "b", "3", "enter", "c"], snapshot=True),
    Scenario("pochen-show", pochen, [*P1_POCH, "v"]),
    Scenario("pochen-result", pochen, [*P1_POCH, "v", *"3=KD,KS 4=9C,9D,9S", "enter"]),
    Scenario(
        "pochen-lose", pochen, [*P1_POCH, "v", *"3=KD,KS 4=9C,9D,9S", "enter", "x", "2", "enter"]
    ),
    Scenario("pochen-standings", pochen, [*P1_POCH, "t"]),
    Scenario("pochen-final", pochen_ended, ["t"]),
    Scenario("pochen-end-question", pochen_dealt, ["e"]),
    Scenario("pochen-claim-box", pochen, [*P1_CLAIMS, "a", "4", "enter"]),
    Scenario("start-help", history, ["question_mark"], session=None),
    Scenario("official-help", official, [*IN_ROUND_2, "question_mark"], snapshot=True),
    Scenario("chips-help", chips, [*CHIPS_BETTING, "f1"]),
    Scenario(
        "new-session-chips", all_games, ["n", "shift+tab", "enter", "down", "enter"], session=None
    ),
    Scenario(
        "new-session-pochen",
        all_games,
        ["n", "shift+tab", "enter", "down", "down", "down", "enter"],
        session=None,
    ),
    Scenario("official-join", official, [*ROUND_1, "j"]),
    Scenario("official-leave", official, [*ROUND_1, "l"]),
    Scenario("official-hand-over", official, [*ROUND_1, "h"]),
    Scenario("official-end", official, [*ROUND_1, "e"]),
    Scenario("long-names", long_names, CHIPS_BETTING),
    Scenario("long-names-official", long_names, IN_ROUND_2, session=2),
    Scenario("long-names-pochen", long_names, P1_CLAIMS, session=3),
    Scenario("chips-then", chips, [*CHIPS_RESULT, "i", "up", "up", "enter"]),
    # issue 17: the redraw key, the sets after everyone passed, a card one deck refuses
    # (said in the dialog), a returning player offered their old seat
    Scenario("chips-redraw", chips_redraw, ["n", "b", "d", "2", "enter", "d"]),
    Scenario("pochen-all-pass", pochen_best_set, [*P1_CLAIMS, "o", "o", "o", "o"]),
    Scenario("pochen-all-pass-show", pochen_best_set, [*P1_CLAIMS, "o", "o", "o", "o", "v"]),
    Scenario("pochen-deck-refused", pochen, [*P1_POCH, "v", *"4=KD,KS", "enter"]),
    # issue 35, point 12: the ranking box's placeholder, whole at 80x24
    Scenario("chips-ranking", chips, [*CHIPS_BETTING, "c", "f", "s"]),
    Scenario("official-rejoin", official, [*ROUND_1, "l", "2", "enter", "j"]),
    # issue 35, point 12: what full names cut at 80x24: the timeline's rows, the title of
    # the table as it was, a refusal's toast over the log, the receipt's hash under the
    # final standings (and their footer), the pot panel's last line with side pots
    Scenario("full-names-timeline", full_names, TIMELINE_KEPT, session=12),
    Scenario("full-names-then", full_names, [*IN_ROUND_2, "i", "enter"], session=12),
    Scenario("full-names-refused", full_names, [*IN_ROUND_2, "n"], session=12, toast=True),
    Scenario("full-names-receipt", full_names, [*ROUND_1, "e", "y", "end"], session=12),
    Scenario("long-names-side-pot", long_names, [*CHIPS_BETTING, "c", "f"]),
    # the ranking box of a showdown among full names: its title and its example whole
    Scenario(
        "full-names-ranking",
        full_names_chips,
        ["n", "b", "c", "c", "c", "c", "s"],
        session=FULL_NAMES_SESSION,
    ),
)


def scenario_params() -> list[Any]:
    """The snapshot scenarios, each at both sizes."""
    import pytest

    return [
        pytest.param(scenario, size, id=f"{scenario.name}-{size[0]}x{size[1]}")
        for scenario in SCENARIOS
        if scenario.snapshot
        for size in SIZES
    ]


def fit_params() -> list[Any]:
    """The other scenarios: checked for cuts at both sizes in one run (resized)."""
    import pytest

    return [pytest.param(s, id=s.name) for s in SCENARIOS if not s.snapshot]


def _app(tmp_path: Path, scenario: Scenario) -> Any:
    from scorekeeper.ui.app import ScorekeeperApp
    from tests.ui_support import fixed_clock

    store = scenario.make(tmp_path)
    if scenario.display:
        from scorekeeper.ui.display import DisplayApp

        return DisplayApp(store, scenario.session or 1)
    return ScorekeeperApp(store, scenario.session, clock=fixed_clock())


async def _play(pilot: Any, scenario: Scenario) -> None:
    from tests.ui_support import type_burst

    await pilot.pause()
    await type_burst(pilot, scenario.keys)
    if scenario.then is not None:
        scenario.then(pilot.app)
        await pilot.pause(0.2)  # the page is "started" in a worker
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    if scenario.toast:
        from textual.widgets._toast import Toast

        assert pilot.app.screen.query(Toast), "no toast on the screen"


def check_screen(
    snap_compare: Any, tmp_path: Path, scenario: Scenario, size: tuple[int, int]
) -> None:
    """The screen looks as it did (the snapshot) and cuts nothing (tests/fit_check.py)."""
    from tests.fit_check import cuts

    found: list[str] = []

    async def play(pilot: Any) -> None:
        await _play(pilot, scenario)
        found.extend(cuts(pilot.app.screen))

    same = snap_compare(_app(tmp_path, scenario), terminal_size=size, run_before=play)
    assert not found, "cut on the screen:\n" + "\n".join(found)
    assert same


async def check_fit(tmp_path: Path, scenario: Scenario) -> None:
    """The screen cuts nothing at 80x24, nor once the terminal is made 120x40."""
    from tests.fit_check import cuts

    found: list[str] = []
    app = _app(tmp_path, scenario)
    # Toasts too (run_test leaves them out unless asked): one over the log is a cut.
    async with app.run_test(size=SIZES[0], notifications=True) as pilot:
        await _play(pilot, scenario)
        found.extend(f"{SIZES[0]}: {cut}" for cut in cuts(app.screen))
        await pilot.resize_terminal(*SIZES[1])
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        found.extend(f"{SIZES[1]}: {cut}" for cut in cuts(app.screen))
    assert not found, "cut on the screen:\n" + "\n".join(found)


def run_japanese(request: Any) -> None:
    """Run tests/ja/test_screens_ja.py in a process of its own, in Japanese.

    The keys' labels are read when the screens are first imported, so the Japanese
    screens need a process that imported them in Japanese, as the app itself does.
    """
    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"]
    command.append(str(root / "tests" / "ja" / "test_screens_ja.py"))
    if request.config.getoption("--snapshot-update", default=False):
        command += ["--snapshot-update", "-n", "0"]  # one process, so unused ones are deleted
    else:
        command += ["-n", "2"]  # beside the suite's own workers: two more, not four
    env = dict(os.environ, SCOREKEEPER_LANG="ja")
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
