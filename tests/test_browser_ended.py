"""The end of a session on a phone, read from the page's DOM in headless Chromium at
390x844 (issue 43, points 2 and 4): after ``end`` the stake no longer stands in huge type;
the final standings, who pays whom (thousands separators), the receipt ``verify`` gives,
and a button that shares or copies the result as text are shown, in English and Japanese;
Pochen's board given back with its numbers; a copy without a secure context falls back to
the selected text."""

from __future__ import annotations

import json

import pytest

from scorekeeper.services.recording import load_with_receipt
from scorekeeper.storage import Store
from tests.browser_support import Browser
from tests.test_browser import served  # noqa: F401  (the fixture)
from tests.test_browser_page import BROKEN_WORDS, PHONE_GLYPHS
from tests.test_pochen_end import P1_DEAL

VISIBLE = "(id) => { const e = document.getElementById(id); return !!e && !!e.offsetParent; }"


async def visible(browser: Browser, node: str) -> bool:
    return bool(await browser.evaluate(f"({VISIBLE})({json.dumps(node)})"))


async def lines(browser: Browser, selector: str) -> list[str]:
    found = await browser.evaluate(
        f"[...document.querySelectorAll({json.dumps(selector)})].map((e) => e.innerText)"
    )
    return list(found)


async def opened(browser: Browser, url: str, entries: int) -> None:
    await browser.viewport(390, 844, 3)
    await browser.open(url)
    assert await browser.wait_for(f"document.body.dataset.entries === '{entries}'")


@pytest.mark.parametrize(
    ("lang", "caption", "pays", "button", "heading"),
    [
        ("en", "The session has ended", ["Aki pays Ben 4,000", "Chihiro pays Ben 2,000"],
         ("Copy the result", "Share the result"), "Final standings after 1 round"),
        ("ja", "セッション終了", ["AkiがBenに4,000を支払う", "ChihiroがBenに2,000を支払う"],
         ("結果をコピー", "結果を共有"), "最終順位(1ラウンド)"),
    ],
)  # fmt: skip
async def test_after_end_the_phone_shows_the_end_not_the_stake(
    served,  # noqa: F811
    tmp_path,
    lang,
    caption,
    pays,
    button,
    heading,
):
    table = served(lang=lang, options={"base": "1000", "cap": "none"})
    table.record("round", "raise", "showdown Ben")  # stake 2,000; Ben wins
    async with Browser() as browser:
        await opened(browser, f"{table.url}?lang={lang}", 3)
        assert await browser.text("#big") == "1000"  # the next round's stake
        assert not await visible(browser, "ended-box")
        table.record("end")
        assert await browser.wait_for("document.body.dataset.entries === '4'")
        # the stake is no longer in the huge element
        assert not await visible(browser, "big")
        assert "1000" not in await browser.evaluate("document.getElementById('big').textContent")
        assert await browser.text("#caption") == caption
        assert await visible(browser, "ended-box")
        title = "document.getElementById('ended-title').textContent"
        assert await browser.evaluate(title) == heading
        rows = await lines(browser, "#ended-standings tbody tr")
        assert [row.split("\t") for row in rows] == [
            ["1", "Ben", "+6,000"],
            ["2", "Chihiro", "-2,000"],
            ["3", "Aki", "-4,000"],
        ]
        assert await lines(browser, "#ended-transfers li") == pays
        receipt = load_with_receipt(Store(tmp_path / "data"), 1)[1]  # what `verify` prints
        assert receipt.hash in await browser.text("#ended-receipt")
        assert await visible(browser, "share") or await visible(browser, "copy")
        shown = [await browser.text("#copy"), await browser.text("#share")]
        assert button[0] in shown or button[1] in shown
        text = await browser.evaluate("document.getElementById('share-text').value")
        assert await visible(browser, "share-text")
        assert pays[0] in text and receipt.hash in text and heading in text
        # the whole end fits the phone's width: nothing runs off the side
        assert await browser.evaluate("document.documentElement.scrollWidth") <= 390
        # no heading of the end breaks inside a word (Japanese glyphs as wide as a phone's)
        assert await browser.evaluate(PHONE_GLYPHS)
        assert await browser.evaluate(BROKEN_WORDS) == []


async def test_pochen_ended_shows_the_board_given_back(served):  # noqa: F811
    table = served(("A", "B", "C", "D"), game="pochen", options={"stack": "50"})
    table.record(*P1_DEAL, "end")
    async with Browser() as browser:
        await opened(browser, table.url, len(P1_DEAL) + 1)
        assert not await visible(browser, "big")
        assert await browser.text("#ended-board") == (
            "At the end the 12 chips left on the board went back in equal shares (odd chips "
            "one each from the dealer's left): A 3, B 3, C 3, D 3."
        )
        assert await lines(browser, "#ended-transfers li") == [
            "A pays B 2",
            "A pays C 3",
            "A pays D 1",
        ]


async def test_copy_without_a_clipboard_selects_the_text_and_copies_it(served):  # noqa: F811
    table = served()
    table.record("round", "showdown Ben", "end")
    async with Browser() as browser:
        await opened(browser, table.url, 3)
        # as on a phone on the table's network (plain http): no share sheet, no clipboard
        await browser.evaluate(
            """(() => {
              Object.defineProperty(navigator, "share", { value: undefined });
              Object.defineProperty(navigator, "clipboard", { value: undefined });
              window.copied = null;
              document.execCommand = (what) => {
                const area = document.getElementById("share-text");
                window.copied = what === "copy"
                  ? area.value.slice(area.selectionStart, area.selectionEnd) : null;
                return true;
              };
              return true;
            })()"""
        )
        table.record("note good")  # drawn again: the copy button, no share button
        assert await browser.wait_for("document.body.dataset.entries === '4'")
        assert await visible(browser, "copy") and not await visible(browser, "share")
        await browser.evaluate("document.getElementById('copy').click()")
        assert await browser.wait_for("window.copied !== null")
        copied = await browser.evaluate("window.copied")
        assert copied == await browser.evaluate("document.getElementById('share-text').value")
        assert copied.splitlines()[0].startswith("Indian Poker (official points) · ")
        assert "Aki pays Ben 20" in copied
        assert await browser.text("#share-said") == "Copied: paste it into the chat."


async def test_copy_with_a_clipboard_writes_the_text(served):  # noqa: F811
    table = served()
    table.record("round", "showdown Ben", "end")
    async with Browser() as browser:
        await opened(browser, table.url, 3)
        await browser.evaluate(
            """(() => {
              Object.defineProperty(navigator, "share", { value: undefined });
              window.written = null;
              Object.defineProperty(navigator, "clipboard", { value: {
                writeText: (text) => { window.written = text; return Promise.resolve(); } } });
              return true;
            })()"""
        )
        table.record("note good")
        assert await browser.wait_for("document.body.dataset.entries === '4'")
        await browser.evaluate("document.getElementById('copy').click()")
        assert await browser.wait_for("window.written !== null")
        written = await browser.evaluate("window.written")
        assert written == await browser.evaluate("document.getElementById('share-text').value")
        assert await browser.text("#share-said") == "Copied: paste it into the chat."
