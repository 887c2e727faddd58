"""One link for the phones all evening, in a real browser at 390x844 (issue 43, point 1):
a phone open on the viewers' link while the app moves to the next session never says the
connection was lost, shows the new session's table by itself, and offers the session
left one tap away ("Last result"), drawn as the table was left, with a way back."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.services.table_page import TablePages
from scorekeeper.storage import Store
from tests.browser_support import Browser, require_browser
from tests.test_browser_recorder import phone, tap

require_browser()

#: Every text the connection's line shows, kept as it changes (nothing missed between looks).
WATCH_CONNECTION = """(() => {
  window.connSaid = [document.getElementById("conn").textContent];
  new MutationObserver(() => window.connSaid.push(document.getElementById("conn").textContent))
    .observe(document.getElementById("conn"), {childList: true, characterData: true,
                                               subtree: true});
  return true;
})()"""

#: Every body the page posts, kept as it is sent.
SENT = """(() => {
  window.sent = [];
  const send = window.fetch;
  window.fetch = (url, options) => {
    if (options && options.body) window.sent.push(options.body);
    return send(url, options);
  };
  return true;
})()"""

SHOWN = "(id) => { const n = document.getElementById(id); return !!n && n.offsetParent !== null; }"


@pytest.mark.parametrize(
    ("lang", "last", "back", "lost"),
    [
        ("en", "Last result", "Back to the table", "connection lost"),
        ("ja", "前の結果", "いまの卓に戻る", "接続が切れました"),
    ],
)
async def test_the_phone_moves_to_the_next_session_and_keeps_the_last_result(
    tmp_path, lang, last, back, lost
):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    with open_recording(store, 1) as rec:
        for kind in ("round", "raise"):
            rec.record(Entry(kind, {}))
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    pages = TablePages()  # the app's own: one page, told which session it has open
    page = await asyncio.to_thread(pages.start, store.root, 1, lan=False)
    try:
        async with Browser() as browser:
            await phone(browser, page.url, lang)
            assert await browser.wait_for("document.body.dataset.entries === '2'", 20)
            assert await browser.text("#big") == "20"
            assert await browser.evaluate(WATCH_CONNECTION)
            assert not await browser.evaluate(f"({SHOWN})('last-result')")  # one session yet
            pages.follow(2)  # the app opened session 2: no new scan, no reload
            assert await browser.wait_for("document.body.dataset.session === '2'", 20)
            with open_recording(store, 2) as rec:
                rec.record(Entry("round", {}))
            assert await browser.wait_for("document.body.dataset.entries === '1'", 20)
            assert await browser.text("#big") == "10"
            said = await browser.evaluate("window.connSaid")
            assert said and not any(lost in text for text in said), said
            assert await browser.wait_for(f"({SHOWN})('last-result')")
            assert await browser.text("#last-result") == last
            fits = await browser.evaluate(
                "document.getElementById('last-result').getBoundingClientRect().right <= 390"
            )
            assert fits
            await tap(browser, "document.getElementById('last-result')")
            assert await browser.wait_for("document.body.dataset.showing === 'last'")
            assert await browser.evaluate("document.body.dataset.session") == "1"
            assert await browser.text("#big") == "20"  # the table as it was left
            assert "1" in await browser.text("#title")
            assert await browser.text("#back-to-table") == back
            with open_recording(store, 2) as rec:  # the table goes on meanwhile
                rec.record(Entry("raise", {}))
            await asyncio.sleep(0.5)
            assert await browser.evaluate("document.body.dataset.session") == "1"
            await tap(browser, "document.getElementById('back-to-table')")
            assert await browser.wait_for("document.body.dataset.showing === 'table'")
            assert await browser.wait_for("document.body.dataset.entries === '2'", 20)
            assert await browser.evaluate("document.body.dataset.session") == "2"
            assert await browser.text("#big") == "20"
            said = await browser.evaluate("window.connSaid")
            assert not any(lost in text for text in said), said
    finally:
        pages.stop_all()


async def test_the_recorders_page_moves_too_and_taps_for_the_session_it_shows(tmp_path):
    """The recorder's page follows the app as the viewers' does: what was begun on the
    old table (a fold asking whom) is left, its buttons are the new session's, and a tap
    says which session's table it was made on, so the app records it there."""
    from scorekeeper.services.phone import read_tap, record_tap_locked
    from tests.test_browser_recorder import ACTION

    store = Store(tmp_path / "data")
    for _ in range(2):
        create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    with open_recording(store, 1) as rec:
        rec.record(Entry("round", {}))
    said: list[dict[str, object]] = []

    def app(page, tapped) -> None:  # stands for the app with session 2's table open
        said.append(tapped)
        tap = read_tap(tapped, from_server=True)
        assert tap.session is not None
        answer = record_tap_locked(store, tap.session, tap, page.recorder, "en")
        page.answer(tapped["n"], {"status": answer.status, **answer.as_json()})

    pages = TablePages()
    page = await asyncio.to_thread(
        pages.start, store.root, 1, lan=False, recorder="Aki", on_tap=app
    )
    try:
        async with Browser() as browser:
            assert page.recorder_url is not None
            await phone(browser, page.recorder_url, "en")
            assert await browser.wait_for("document.body.dataset.entries === '1'", 20)
            await tap(browser, ACTION.format("fold"))  # asks whom: a form on session 1
            assert await browser.wait_for("!document.getElementById('form').hidden")
            pages.follow(2)
            assert await browser.wait_for("document.body.dataset.session === '2'", 20)
            assert await browser.wait_for("document.getElementById('form').hidden")
            assert await browser.wait_for("!!" + ACTION.format("round"))  # session 2: no round
            await browser.evaluate(SENT)
            await tap(browser, ACTION.format("round"))
            assert await browser.wait_for("document.body.dataset.answered === '1'", 20)
            sent = await browser.evaluate("window.sent.map((body) => JSON.parse(body))")
            assert [(body["session"], body["words"]) for body in sent] == [(2, ["round"])]
            assert "good" in await browser.evaluate("document.getElementById('answer').className")
            assert await browser.wait_for("document.body.dataset.entries === '1'", 20)
            pages.follow(1)  # the answer about session 2's round is not left on session 1
            assert await browser.wait_for("document.body.dataset.session === '1'", 20)
            assert await browser.wait_for("document.getElementById('answer').hidden")
    finally:
        pages.stop_all()
    assert [tapped["session"] for tapped in said] == [2]
    with open_recording(store, 2) as rec:
        assert [event.kind for event in rec.session.events] == ["round"]
    with open_recording(store, 1) as rec:
        assert [event.kind for event in rec.session.events] == ["round"]
