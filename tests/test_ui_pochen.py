"""The Pochen board screen by keys: worked example P1, and snapshots of the board."""

from __future__ import annotations

import re
import string
from collections import Counter

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table_pochen import PochenTable
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

# P1 by keys: seats A=1 B=2 C=3 D=4, dealer A.
P1_CLAIMS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_CLAIMS += ["a", "3", "enter", *"king queen marriage", "enter"]
P1_POCH = ["o", "b", "3", "enter", "c", "f", "f"]
P1_SHOW = ["v", *"3=KD,KS 4=9C,9D,9S", "enter"]
P1_OUT = ["x", "2", "enter"]


def pochen_store(tmp_path, **options: str) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("pochen", ["A", "B", "C", "D"], {"stack": "50", **options}))
    return store


def board_of(screen: PochenTable) -> dict[str, int]:
    return dict(screen.state.board or {})


async def test_p1_by_keys(tmp_path):
    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PochenTable)
        await press_all(pilot, P1_CLAIMS)
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 53, "D": 41}
        assert "→ C" in str(screen.query_one("#pool-marriage").render())
        await press_all(pilot, P1_POCH + P1_SHOW)
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 50, "D": 48}
        await press_all(pilot, P1_OUT)
        assert dict(screen.state.scores) == {"A": 41, "B": 49, "C": 50, "D": 48}
        board = board_of(screen)
        assert {k: v for k, v in board.items() if v} == {"jack": 4, "ten": 4, "sequence": 4}
        assert "carried ×1" in str(screen.query_one("#pool-jack").render())
        await press_all(pilot, ["n"])  # the next deal, dealer B
        assert dict(screen.state.scores) == {"A": 32, "B": 40, "C": 41, "D": 39}
        board = board_of(screen)
        assert [board[p] for p in ("jack", "ten", "sequence")] == [8, 8, 8]
        assert all(board[p] == 4 for p in ("ace", "king", "queen", "marriage", "poch", "centre"))
    assert dict(load_session(store, 1).state.scores) == {"A": 32, "B": 40, "C": 41, "D": 39}


async def test_p1_with_card_payment(tmp_path):
    store = pochen_store(tmp_path, card_payment="true")
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, P1_CLAIMS + P1_POCH + P1_SHOW)
        await press_all(pilot, ["x", "2", "enter", *"1=3 3=2 4=1", "enter"])
        assert dict(app.screen.state.scores) == {"A": 38, "B": 55, "C": 48, "D": 47}


async def test_refusals_on_the_board_change_nothing(tmp_path):
    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "p", *"2s", "enter"])  # no 2 in a 32-card deck
        assert "deck" in str(app.screen.query_one("#text-error").render())
        await press_all(pilot, ["escape"])
        assert screen.state.table.trump is None
        await press_all(pilot, ["g", *"diamonds", "enter", "a", "2", "enter", *"marriage", "enter"])
        assert "marriage" in str(app.screen.query_one("#text-error").render()).lower()
        await press_all(pilot, ["escape"])
        assert dict(screen.state.table.claimed) == {}


def test_board_snapshot_80x24(snap_compare, tmp_path):
    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    assert snap_compare(app, press=[*P1_CLAIMS, "o", "b", "3", "enter"], terminal_size=(80, 24))


def test_board_snapshot_120x40(snap_compare, tmp_path):
    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    keys = P1_CLAIMS + P1_POCH + P1_SHOW + P1_OUT
    assert snap_compare(app, press=keys, terminal_size=(120, 40))


async def test_claims_typed_in_japanese_or_short_in_the_box(tmp_path):
    from textual.widgets import Input

    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await press_all(pilot, ["n", "p", *"8d", "enter", "a", "2", "enter", "A", "enter"])
        await press_all(pilot, ["a", "3", "enter"])
        app.screen.query_one(Input).value = "エーズ"  # not a pool: refused, and nothing changes
        await press_all(pilot, ["enter"])
        error = str(app.screen.query_one("#text-error").render())
        assert "'エーズ'" in error and "ace (A), king (K)" in error
        app.screen.query_one(Input).value = "キング、クイーン・ﾏﾘｯｼﾞ"
        await press_all(pilot, ["enter"])
        assert dict(screen.state.table.claimed) == {
            "ace": "B", "king": "C", "queen": "C", "marriage": "C"
        }  # fmt: skip
        assert dict(screen.state.scores) == {"A": 41, "B": 45, "C": 53, "D": 41}
    claims = [e.data["pools"] for e in load_session(store, 1).events if e.kind == "claim"]
    assert claims == [["ace"], ["king", "queen", "marriage"]]


# -- the status under the board, in every stage (issue 35, point 10) ------------------------
# Deal 1 (dealer A): every stage, a raise that leaves A short of the highest, a showdown,
# the play-out. Deal 2 (dealer B): nobody bets, the play-out, the deal's end; the table
# then ends (e) and its end is said too. Each step: (what it reaches, keys).
STAGES = [
    ("deal 1: the trump", ["n"]),
    ("deal 1: claims", ["p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]),
    ("deal 1: the Poch, nobody has bet", ["o"]),
    ("deal 1: the Poch, C bet 3", ["b", "3", "enter"]),
    ("deal 1: the Poch, D called", ["c"]),
    ("deal 1: the Poch, A raised", ["r", "5", "enter"]),
    ("deal 1: the Poch, B folded", ["f"]),
    ("deal 1: the Poch, C called", ["c"]),
    ("deal 1: showdown", ["c"]),
    ("deal 1: play-out", ["v", *"3=KD,KS 4=9C,9D,9S", "enter"]),
    ("deal 1: ended", ["x", "2", "enter"]),
    ("deal 2: the trump", ["n"]),
    ("deal 2: claims", ["g", *"hearts", "enter"]),
    ("deal 2: the Poch, nobody has bet", ["o"]),
    ("deal 2: nobody bet, play-out", ["o", "o", "o"]),
    ("deal 2: ended", ["x", "1", "enter"]),
    ("session ended", ["e", "y", "escape"]),  # the final standings, then back
]
#: Words of four letters or more (English), or runs of three characters (Japanese), that
#: appear twice in the status say one thing twice ("trump — · turn up the trump").
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
PUNCTUATION = set(" \n·:;,.()()、。:-—▶=<>?!0123456789") | set(string.ascii_letters)


def status_of(screen: PochenTable) -> str:
    lines = [str(screen.query_one(f"#pochen-{part}").render()) for part in ("stage", "poch")]
    return "\n".join(line for line in lines if line)


def said_twice(status: str, lang: str) -> list[str]:
    """What *status* says twice: a word (or a Japanese run of three), or a number on one line."""
    if lang == "en":
        words = [word.lower() for word in LATIN_WORD.findall(status)]
    else:
        runs = re.split("|".join(map(re.escape, PUNCTUATION)), status)
        words = [run[i : i + 3] for run in runs for i in range(len(run) - 2)]
    twice = [word for word, n in Counter(words).items() if n > 1]
    for line in status.splitlines():
        numbers = re.findall(r"\d+", line.replace("♦", " "))
        twice += [f"{n} (line {line!r})" for n, k in Counter(numbers).items() if k > 1]
    return twice


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_status_says_each_thing_once_in_every_stage(tmp_path, lang):
    from scorekeeper.messages import set_language
    from tests.test_ui_japanese_complete import english_words

    set_language(lang)
    store = pochen_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, PochenTable)
        for stage, keys in STAGES:
            await press_all(pilot, keys)
            assert app.screen is table, stage
            status = status_of(table)
            result = str(table.query_one("#result").render())
            seen.append(status)
            assert status, stage
            assert said_twice(status, lang) == [], (stage, status)
            # nothing is said as a bare 0 or a dash standing for nothing ("Poch: -")
            assert not re.search(r"(?<![\d-])0(?!\d)", status), (stage, status)
            assert not re.search(r"(?<!\S)[-—](?!\S)", status), (stage, status)
            assert "Poch: -" not in result and "ポッヘンは-" not in result, (stage, result)
            if lang == "ja":
                message = str(table.query_one("#message").render())
                assert english_words("\n".join((status, result, message))) == [], stage
    no_poch = seen[[name for name, _ in STAGES].index("deal 2: nobody bet, play-out")]
    assert ("nobody bet" if lang == "en" else "全員パス") in no_poch


@pytest.mark.parametrize(("key", "example"), [("p", "8D"), ("g", "D")])
async def test_the_card_and_suit_boxes_show_an_example_in_words(tmp_path, key, example):
    """A bare grey "8D" in the box read as a card already typed; Enter then was refused."""
    from scorekeeper.messages import t
    from scorekeeper.ui.screens.dialogs import TextDialog

    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", key])
        assert isinstance(app.screen, TextDialog)
        box = app.screen.query_one("#text-input")
        assert box.placeholder == t("ui.hint.example", example=example) != example
