"""Correcting a past round by taps on the recorder's phone, in headless Chromium (touch,
390x844, and 360x740): the round picked from the list of finished rounds, played again
under a "Correcting round N" banner with the usual buttons (undo too), a reason and a
confirmation; the numbers equal to the same correction recorded by ``scorekeeper record``,
and the viewers' page showing the corrected standings; nothing wider than the screen."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.browser_support import Browser
from tests.test_browser_recorder import (
    CHOICE,
    Taps,
    fits,
    phone,
    phones,
    table,  # noqa: F401  (the fixture)
    tap,
)
from tests.test_browser_recorder_entries import OVERFLOWS, type_in

ROUND = "document.querySelector('#form-choices button[data-round=\"{0}\"]')"
BUTTON = "document.getElementById('{0}')"
#: The page's words, in each language (the catalog's).
WORDS = {
    "en": {"title": "Correcting round 1", "button": "Correct a past round",
           "save": "Save the correction", "left": "Round 1 was left unchanged."},
    "ja": {"title": "ラウンド1を訂正中", "button": "過去のラウンドを訂正",
           "save": "訂正を保存", "left": "ラウンド1は変更していません。"},
}  # fmt: skip
PLAYED = [("round", 1), ("raise", 2), ("fold", 3), ("showdown", 4), ("round", 5), ("showdown", 6)]


async def answered(taps: Taps) -> str:
    """The step just tapped was answered, and well: its words."""
    taps.answered += 1
    done = await taps.recorder.wait_for(f"document.body.dataset.answered === '{taps.answered}'")
    text = await taps.recorder.text("#answer")
    assert done, text
    kind = await taps.recorder.evaluate("document.getElementById('answer').className")
    assert "good" in kind, text
    # no faster than a person: the server refuses more than 10 taps a second
    # (taps.TAPS_PER_SECOND), and a step of a correction waits for nothing else
    await asyncio.sleep(0.11)
    return text


async def play_two_rounds(taps: Taps) -> None:
    for kind, entries in PLAYED:
        await taps.action(kind)
        if kind == "fold":
            await tap(taps.recorder, CHOICE.format(json.dumps("Ben")))
        elif kind == "showdown":
            winner = "Cy" if entries == 4 else "Ben"
            await tap(taps.recorder, CHOICE.format(json.dumps(winner)))
        await taps.recorded(entries)


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_past_round_corrected_by_taps(table, lang):  # noqa: F811
    served = table("indian-official", ["Aki", "Ben", "Cy"], "Aki")
    words = WORDS[lang]
    async with phones(served, lang) as taps:
        recorder, viewer = taps.recorder, taps.viewer
        assert "correct" not in await taps.kinds()  # no round finished yet
        await play_two_rounds(taps)
        assert await recorder.text(
            "#actions button[data-kind=\"correct\"]") == words["button"]  # fmt: skip
        # leaving it changes nothing
        await taps.action("correct")
        await fits(recorder, 390)
        await tap(recorder, ROUND.format(1))
        await answered(taps)
        assert await recorder.text("#corr-title") == words["title"]
        assert await recorder.evaluate("document.body.dataset.entries") == "1"  # round 1 again
        await taps.action("showdown")  # a question open, then left
        await tap(recorder, BUTTON.format("corr-leave"))
        assert await answered(taps) == words["left"]
        assert await recorder.evaluate("document.getElementById('corr-box').hidden")
        assert await recorder.evaluate("document.body.dataset.entries") == "6"  # the table
        # round 1 played again: Ben did not fold, the stake went to 40 and back, Ben won
        await taps.action("correct")
        await tap(recorder, ROUND.format(1))
        await answered(taps)
        assert await recorder.wait_for("document.body.dataset.correcting === '1'")
        assert await recorder.text("#corr-title") == words["title"]
        assert set(await taps.kinds()) == {"raise", "fold", "showdown"}  # the round's own
        assert await recorder.text("#big") == "10"  # the table as round 1 began
        await fits(recorder, 390)
        for _ in range(2):
            await taps.action("raise")
            await answered(taps)
        assert await recorder.text("#big") == "40"
        await taps.action("undo")
        await tap(recorder, CHOICE.format(json.dumps("Yes" if lang == "en" else "はい")))
        await answered(taps)
        assert await recorder.text("#big") == "20"
        await taps.action("showdown")
        await tap(recorder, CHOICE.format(json.dumps("Ben")))
        await answered(taps)
        assert await taps.kinds() == ["undo"]  # played: a reason saves it
        assert await recorder.text("#corr-save") == words["save"]
        await type_in(recorder, BUTTON.format("reason"), "Ben won round 1")
        await fits(recorder, 390)
        await recorder.viewport(360, 740, 3)
        assert await recorder.evaluate(OVERFLOWS) == []
        await fits(recorder, 360)
        await recorder.viewport(390, 844, 3)
        await tap(recorder, BUTTON.format("corr-save"))
        assert "Ben won round 1" in await recorder.text("#corr-confirm-text")
        await tap(recorder, BUTTON.format("corr-yes"))
        await taps.recorded(7)
        assert await recorder.evaluate("document.body.dataset.correcting") == ""
        standings = await viewer.evaluate(
            "Object.fromEntries([...document.querySelectorAll('#standings tbody tr')]"
            ".map((tr) => [tr.cells[1].textContent, tr.cells[2].textContent]))"
        )
    served.record_by_cli(["round", "raise", "fold Ben", "showdown Cy", "round", "showdown Ben",
                          'correct 1 "Ben won round 1" raise "showdown Ben"'])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"]
    assert by_taps["scores"]["Ben"] > 0 and by_taps["scores"]["Cy"] < 0
    # the viewers saw the corrected numbers
    assert standings == {name: f"{score:+d}" if score else "0"
                         for name, score in by_cli["scores"].items()}  # fmt: skip


async def test_a_long_evenings_rounds_are_listed_a_page_at_a_time(table):  # noqa: F811
    """The list of rounds is asked for when it is opened, the newest 30 first; *Older
    rounds* brings the rest (the page's table never carries it)."""
    served = table("indian-official", ["Aki", "Ben", "Cy"], "Aki")
    served.record_by_cli(["round", "showdown Ben"] * 35, sid=1)
    listed = "document.querySelectorAll('#form-choices button[data-round]').length"
    async with Browser() as recorder:
        await phone(recorder, served.recorder_url, "en")
        assert await recorder.wait_for("document.body.dataset.entries === '70'")
        await tap(recorder, "document.querySelector('#actions button[data-kind=\"correct\"]')")
        assert await recorder.wait_for(f"{listed} === 30")
        assert await recorder.evaluate(f"{ROUND.format(35)} !== null && {ROUND.format(5)} === null")
        await tap(recorder, BUTTON.format("older-rounds"))
        assert await recorder.wait_for(f"{listed} === 35")
        assert await recorder.evaluate(f"{BUTTON.format('older-rounds')} === null")
        await fits(recorder, 390)
