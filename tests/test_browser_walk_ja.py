"""The phones' page in Japanese at 390x844, as walked for issue 43 (point 8): the players'
table's heading 「このラウンド」 on one line, and the trump form's prompt said once."""

from __future__ import annotations

import json

import pytest

from tests.browser_support import Browser
from tests.test_browser import served  # noqa: F401  (the fixture)
from tests.test_browser_page import opened, phone_glyphs
from tests.test_browser_recorder import phones, table  # noqa: F401  (the fixture)

#: The glyphs of each heading cell spaced out to a whole em, as a phone's Japanese font
#: draws them (a machine without one draws narrower boxes; tests/test_browser_page.py).
PHONE_GLYPHS_TH = phone_glyphs("#players th")

#: The lines (their tops) the phrase 「このラウンド」 lies on, in each heading cell holding it.
PHRASE_LINES = """(() => {
  const found = [];
  for (const cell of document.querySelectorAll("#players th")) {
    const text = cell.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const at = text.data.indexOf("このラウンド");
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(text, at);
    range.setEnd(text, at + "このラウンド".length);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
      .map((r) => Math.round(r.top)));
    found.push(tops.size);
  }
  return found;
})()"""

LONG = ("Christopher", "Alexandra", "ちひろ", "Dai")


@pytest.mark.parametrize("game", ["indian-chips", "indian-official", "indian-lowest"])
async def test_this_round_is_never_broken_on_a_phone(served, game):  # noqa: F811
    """「このラウンド」, the players' table's column heading, lies on one line at 390 px,
    however narrow the names leave its column (it broke after 「この」)."""
    page = served(LONG, lang="ja", game=game)
    page.record("round")
    async with Browser() as browser:
        await opened(browser, page, 1, "ja")
        assert await browser.evaluate(PHONE_GLYPHS_TH)
        heads = await browser.evaluate(
            "[...document.querySelectorAll('#players th')].map(th => th.innerText)"
        )
        assert await browser.evaluate(PHRASE_LINES) == [1], json.dumps(heads, ensure_ascii=False)
        wide = await browser.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390  # and the page is no wider than the phone


@pytest.mark.parametrize(("lang", "prompt"), [("ja", "切り札のスート"), ("en", "Trump suit")])
async def test_the_trump_forms_prompt_is_said_once(table, lang, prompt):  # noqa: F811
    """The suit form's prompt is its label once (it read 「切り札のスート — 切り札のスート」)."""
    pochen = table("pochen", ["A", "B", "C", "D"], "A", {"stack": "50"})
    async with phones(pochen, lang) as taps:
        await taps.action("round", 1)
        await taps.action("trump")
        assert await taps.recorder.text("#form-prompt") == prompt
