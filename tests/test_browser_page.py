"""What the phones' page says, read from its DOM in headless Chromium (issue 35, point 11;
and point 2 on the page): a chips player with nothing to call may check or bet; a game
without a stake has no stake-change list; Pochen's big number is the chips on the board;
the points game shows its points once (they are the net), and an entry a player proposed
says who proposed it and who confirmed it; no Japanese heading is broken in the middle of
a word on a phone; a corrected raise stays at its own time, marked.
"""

from __future__ import annotations

import json

import pytest

from tests.browser_support import Browser
from tests.test_browser import served  # noqa: F401  (the fixture)


# Glyphs as wide as a phone draws them: Japanese fonts give each kana and kanji a whole
#: em, where a machine without one (CI) draws narrower boxes; each heading's letters are
#: spaced out to a whole em, so its lines break where a phone's would.
def phone_glyphs(selector: str) -> str:
    """The script spacing out the letters of each element *selector* finds."""
    return f"""(() => {{
  for (const node of document.querySelectorAll({json.dumps(selector)})) {{
    const text = node.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const at = text.data.search(/[\\u3040-\\u30ff\\u4e00-\\u9fff]/);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const drawn = range.getBoundingClientRect().width;
    const em = parseFloat(getComputedStyle(node).fontSize);
    node.style.letterSpacing = Math.max(0, em - drawn) + "px";
  }}
  return true;
}})()"""


PHONE_GLYPHS = phone_glyphs("h1, h2")

#: Each word of each heading (h1, h2) on the lines it is laid out on: a word whose pieces
#: lie on more than one line is broken in the middle (Range.getClientRects, no pixels).
BROKEN_WORDS = """(() => {
  const broken = [];
  const words = new Intl.Segmenter(document.documentElement.lang, {granularity: "word"});
  for (const heading of document.querySelectorAll("h1, h2")) {
    if (!heading.offsetParent && heading.tagName !== "H1") continue;  // hidden
    const text = heading.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    for (const piece of words.segment(text.data)) {
      if (!piece.isWordLike) continue;
      const range = document.createRange();
      range.setStart(text, piece.index);
      range.setEnd(text, piece.index + piece.segment.length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(heading.id + ": " + piece.segment);
    }
  }
  return broken;
})()"""


async def opened(browser: Browser, table, entries: int, lang: str = "en") -> None:
    await browser.viewport(390, 844, 3)
    await browser.open(f"{table.url}?lang={lang}")
    assert await browser.wait_for(f"document.body.dataset.entries === '{entries}'")


@pytest.mark.parametrize(
    ("lang", "words", "not_words"),
    [
        ("en", "Ben to act (check or bet)", "0 to call"),
        ("ja", "Benの番(チェックかベット)", "コール0"),
    ],
)
async def test_a_chips_player_with_nothing_to_call_may_check_or_bet(served, lang, words, not_words):  # noqa: F811
    table = served(("Aki", "Ben", "Chihiro"), lang=lang, game="indian-chips")
    table.record("round")  # Aki deals: Ben is first to act, nothing bet yet
    async with Browser() as browser:
        await opened(browser, table, 1, lang)
        status = await browser.text("#status")
        assert words in status and not_words not in status
        table.record("bet Ben")  # now Chihiro has 4 to call
        assert await browser.wait_for("document.body.dataset.entries === '2'")
        assert "Chihiro" in await browser.text("#status")
        assert "4" in await browser.text("#status")


@pytest.mark.parametrize(
    ("game", "options", "entries"),
    [
        ("indian-chips", {}, ["round", "bet Ben"]),
        ("indian-lowest", {}, ["round", "lose Ben"]),
        ("pochen", {"stack": "50"}, ["round", "turned 8D"]),
    ],
)
async def test_no_stake_change_list_in_a_game_without_a_stake(served, game, options, entries):  # noqa: F811
    table = served(("Aki", "Ben", "Chihiro"), game=game, options=options)
    table.record(*entries)
    async with Browser() as browser:
        await opened(browser, table, len(entries))
        shown = "document.getElementById('stakes-box').offsetParent !== null"
        assert await browser.evaluate(shown) is False  # not laid out: hidden
        assert "Stake changes" not in await browser.text("body")


async def test_the_points_game_has_its_stake_list_and_one_points_column(served):  # noqa: F811
    """Ben proposed his fold from his phone: the page's entry line says so (issue 46)."""
    table = served(("Aki", "Ben", "Chihiro"))
    table.record("round", "raise", "proposed=Ben@2026-12-06T12:04:05+00:00 fold Ben")
    async with Browser() as browser:
        await opened(browser, table, 3)
        fold = await browser.text("#entries li:first-child")
        assert "Ben folded at 20" in fold and "proposed by Ben " in fold
        assert ", confirmed by Aki " in fold
        shown = "document.getElementById('stakes-box').offsetParent !== null"
        assert await browser.evaluate(shown)
        heads = await browser.evaluate(
            "[...document.querySelectorAll('#players thead th')].map(th => th.innerText)"
        )
        assert heads == ["#", "name", "this round", "points"]  # the points are the net
        table.record("showdown Aki")
        assert await browser.wait_for("document.body.dataset.entries === '4'")
        points = await browser.evaluate(
            "[...document.querySelectorAll('#players tbody tr')]"
            ".map(tr => [...tr.children].map(td => td.innerText))"
        )
        assert [row[-1] for row in points] == ["+60", "-20", "-40"]
        assert [len(row) for row in points] == [4, 4, 4]


async def test_chip_games_keep_chips_and_net_apart(served):  # noqa: F811
    table = served(("Aki", "Ben", "Chihiro"), game="indian-chips")
    table.record("round")
    async with Browser() as browser:
        await opened(browser, table, 1)
        heads = await browser.evaluate(
            "[...document.querySelectorAll('#players thead th')].map(th => th.innerText)"
        )
        assert heads == ["#", "name", "this round", "bet", "chips", "net"]


@pytest.mark.parametrize(
    ("lang", "caption"), [("en", "on the board · dealer Aki"), ("ja", "盤上 · ディーラー Aki")]
)
async def test_pochens_big_number_is_the_chips_on_the_board(served, lang, caption):  # noqa: F811
    table = served(("Aki", "Ben", "Chihiro", "Dai"), lang=lang, game="pochen",
                   options={"stack": "50"})  # fmt: skip
    table.record("round", "turned 8D", "claim Ben ace", "claim Chihiro king queen marriage")
    async with Browser() as browser:
        await opened(browser, table, 4, lang)
        # P1 of rules.md §4: 36 on the board after the antes; B took 4, C 12: 20 left
        assert await browser.text("#big") == "20"
        assert await browser.text("#caption") == caption


@pytest.mark.parametrize("game", ["pochen", "indian-official", "indian-chips"])
async def test_japanese_headings_are_never_broken_inside_a_word_on_a_phone(served, game):  # noqa: F811
    options = {"stack": "50"} if game == "pochen" else {}
    table = served(("あき", "Ben", "ちひろ", "Dai"), lang="ja", game=game, options=options)
    table.record("round")
    async with Browser() as browser:
        await opened(browser, table, 1, "ja")
        assert await browser.evaluate(PHONE_GLYPHS)
        lines = await browser.evaluate(
            "[...document.querySelectorAll('h1, h2')].map(h => [h.id, h.innerText,"
            " h.getClientRects().length])"
        )
        assert lines, "no heading"
        assert await browser.evaluate(BROKEN_WORDS) == [], json.dumps(lines, ensure_ascii=False)


async def test_a_corrected_raise_stays_at_its_own_time_on_the_page(served):  # noqa: F811
    table = served(("Aki", "Ben", "Chihiro"))
    table.record("round", "raise", "showdown Ben", "round", "showdown Chihiro")
    table.record('correct 1 "Aki won" "showdown Aki"')
    async with Browser() as browser:
        await opened(browser, table, 6)
        rows = await browser.evaluate(
            "[...document.querySelectorAll('#stakes tbody tr')]"
            ".map(tr => [tr.dataset.seq, tr.className, tr.innerText])"
        )
        assert [(seq, cls) for seq, cls, _ in rows] == [("6", ""), ("2", "struck")]
        assert "round 1 corrected (Aki won)" in rows[0][2]
        assert "10 → 20" in rows[1][2] and "(replaced by correction #6)" in rows[1][2]
