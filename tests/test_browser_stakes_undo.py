"""The phones' page at 390x844 in headless Chromium (issue 43, point 8): the recorder's
undo names the entry it would void, in the page's language, and the stake list reaches
the whole session, a page at a time, or one round, chosen on the phone."""

from __future__ import annotations

import json

import pytest

from tests import test_browser_recorder as recorder_tests
from tests.browser_support import require_browser
from tests.test_browser_recorder import CHOICE, fits, phones, tap

#: The served table (``display 1 --serve --recorder``) of the recorder's browser tests.
table = recorder_tests.table

require_browser()

PLAYERS = ["Aki", "Ben", "Chihiro"]
ROWS = "[...document.querySelectorAll('#stakes tbody tr')]"


def rounds(count: int) -> list[str]:
    """*count* rounds of three stake rows each: a raise, the child left of the parent folds
    at 20, a raise to 40; the parent passes left."""
    lines = []
    for number in range(count):
        child = PLAYERS[(number + 1) % 3]
        lines += ["round", "raise", f"fold {child}", "raise", f"showdown {PLAYERS[number % 3]}"]
    return lines


async def choose(page, value: str) -> None:
    """The stake list's filter set to *value*, as a pick in its list does."""
    await page.evaluate(
        "(() => { const s = document.getElementById('stakes-show');"
        f" s.value = {json.dumps(value)}; s.dispatchEvent(new Event('change')); }})()"
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_undo_names_its_entry_and_the_stake_list_reaches_every_round(table, lang):
    served = table("indian-official", PLAYERS, "Aki")
    async with phones(served, lang) as taps:
        recorder, viewer = taps.recorder, taps.viewer
        served.record_by_cli(rounds(15), sid=1)  # 75 entries, 45 stake rows
        assert await viewer.wait_for("document.body.dataset.entries === '75'")
        assert await recorder.wait_for("document.body.dataset.entries === '75'")
        served.record_by_cli(["round", "raise"], sid=1)
        assert await recorder.wait_for("document.body.dataset.entries === '77'")

        # the undo says what it undoes, as the app does
        await taps.action("undo")
        prompt = await recorder.text("#form-prompt")
        assert (
            prompt
            == {
                "en": "Undo entry #77: “stake 10 → 20”?",
                "ja": "記録#77「賭け点 10 → 20」を取り消しますか?",
            }[lang]
        )
        await fits(recorder, 390)
        await tap(recorder, CHOICE.format(json.dumps({"en": "No", "ja": "いいえ"}[lang])))
        assert await recorder.evaluate("document.getElementById('form').hidden")
        assert served.state(1)["entries"] == 77  # nothing was undone

        # the stake list: the latest rows come with the table; the whole session on asking
        for page in (viewer, recorder):
            latest = await page.evaluate(f"{ROWS}.length")
            assert 0 < latest <= 40
            labels = await page.evaluate(
                "[...document.querySelectorAll('#stakes-show option')].map(o => o.textContent)"
            )
            assert (
                labels[:3]
                == {
                    "en": ["Latest changes", "Whole session", "Round 16"],
                    "ja": ["最新の変化", "セッション全体", "ラウンド16"],
                }[lang]
            )
            assert len(labels) == 2 + 16
            await choose(page, "all")
            assert await page.wait_for("document.body.dataset.stakeRows === '40'")
            await fits(page, 390)
            await tap(page, "document.getElementById('stakes-more')")
            assert await page.wait_for("document.body.dataset.stakeRows === '46'")
            seqs = await page.evaluate(f"{ROWS}.map(r => Number(r.dataset.seq))")
            assert seqs == sorted(seqs, reverse=True) and seqs[-1] == 2 and seqs[0] == 77
            assert await page.evaluate("document.getElementById('stakes-more').hidden")
            # one round: its three rows, newest first
            await choose(page, "1")
            assert await page.wait_for("document.body.dataset.stakeRows === '3'")
            shown = await page.evaluate(
                f"{ROWS}.map(r => [r.children[1].textContent, r.children[2].textContent])"
            )
            at = {"en": "at 20", "ja": "20で"}[lang]
            assert shown == [["1", "20 → 40"], ["1", at], ["1", "10 → 20"]], shown
            await fits(page, 390)
            # and back to the latest rows, which follow the table again
            await choose(page, "latest")
            assert await page.evaluate(f"{ROWS}.length") == latest
