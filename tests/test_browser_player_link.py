"""A player's own page in a real browser at 390x844 (issue 46, wave 1): the table as the
viewers see it with "you are NAME" at the top, no button between rounds, no other link
anywhere in the page; revoked, it says so in plain words; in Japanese too."""

from __future__ import annotations

import json

from aiohttp.test_utils import TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app, revoke_player
from tests.browser_support import Browser, require_browser
from tests.test_browser_recorder import phone

require_browser()

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
SHOWN = "(id) => { const n = document.getElementById(id); return !!n && n.offsetParent !== null; }"


async def test_a_players_page_shows_who_they_are_and_nothing_of_anyone_elses(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    link = RecorderLink(RTOKEN, "Aki", journal_desk(store, 1, "Aki"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, players=True)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        tokens = {name: one.token for name, one in app[SETTINGS].players.items()}
        base = f"http://127.0.0.1:{server.port}/"
        async with Browser() as browser:
            await phone(browser, base + tokens["Ben"] + "/", "en")
            assert await browser.wait_for("document.body.dataset.entries === '0'", 20)
            assert await browser.text("#me") == "You are Ben"
            assert await browser.evaluate(f"({SHOWN})('me')")
            assert await browser.text("#players")  # the table, as the viewers' page draws it
            # between rounds a player has nothing to propose (wave 2: their offers there)
            assert await browser.evaluate("document.querySelector('#actions button')") is None
            # a player proposes, never records: their own heading and empty word
            assert await browser.text("#act-title") == "YOUR MOVE"
            assert await browser.text("#actions") == (
                "Nothing for you to propose right now: wait for your turn."
            )
            assert not await browser.evaluate(f"({SHOWN})('as-recorder')")
            html = await browser.evaluate("document.documentElement.outerHTML")
            for other in (tokens["Aki"], tokens["Chihiro"], RTOKEN, TOKEN):
                assert other not in html
            revoke_player(app, "Ben")
            said = "document.getElementById('conn').textContent"
            assert "no longer works (revoked" in await browser.wait_for(
                f"{said}.includes('revoked') && {said}", 20
            )
            await phone(browser, base + tokens["Chihiro"] + "/", "ja")
            assert await browser.wait_for("document.body.dataset.entries === '0'", 20)
            assert await browser.text("#me") == "あなたはChihiroさんです"
            assert await browser.text("#act-title") == "あなたの一手"
            assert await browser.text("#actions") == (
                "いま提案できるものはありません。自分の番を待ってください。"
            )
            doc = await browser.evaluate(
                "fetch('state.json', {credentials: 'omit'}).then((r) => r.text())"
            )
            assert json.loads(doc)["me"] == "Chihiro"
    finally:
        await server.close()
