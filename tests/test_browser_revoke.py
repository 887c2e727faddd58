"""Revoking a lost phone's link by a tap on the recorder's page, in a real browser at
390x844 with touch (issue 46): the list of the players' links by name (whose phone has
it open), Revoke asked once, the answer saying where the new code is, the lost phone's
stream closed; never a player's token or address on the recorder's page; English, then
Japanese, in the module's one Chromium. Then the new phone's "waiting for NAME" follows
the recorder's link renewed for another name."""

from __future__ import annotations

import aiohttp
from aiohttp.test_utils import TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app, set_recorder
from tests.browser_support import Browser, require_browser
from tests.test_browser_recorder import ACTION, fits, phone, tap

require_browser()

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
ROW = "document.querySelector('#links-list li[data-name=\"{0}\"]')"
BUTTON = 'document.querySelector(\'#links-list li[data-name="{0}"] button[data-do="{1}"]\')'
ANSWER = "document.getElementById('answer').textContent"


async def test_a_lost_phones_link_revoked_by_a_tap_asked_once(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    link = RecorderLink(RTOKEN, "Aki", journal_desk(store, 1, "Aki"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, players=True)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    base = f"http://127.0.0.1:{server.port}/"
    lost = app[SETTINGS].players["Ben"].token
    try:
        async with Browser() as browser, aiohttp.ClientSession() as http:
            bens = await http.get(base + lost + "/events")  # the phone that will be lost
            await phone(browser, base + RTOKEN + "/", "en")
            assert await browser.wait_for(f"{ROW.format('Ben')}?.dataset.open === '1'", 20)
            assert await browser.text("#links-title") == "Players' phones"
            assert await browser.text("#links-list li[data-name='Ben'] .link-name") == (
                "Ben · phone open"
            )
            assert await browser.text("#links-list li[data-name='Aki'] .link-name") == (
                "Aki · no phone open"
            )
            await tap(browser, BUTTON.format("Ben", "revoke"))
            assert await browser.text("#links-list li[data-name='Ben'] .question") == (
                "Revoke Ben's link? Their phone stops at once; a new code is made for them."
            )
            await tap(browser, BUTTON.format("Ben", "revoke-no"))  # kept: nothing posted
            assert app[SETTINGS].players["Ben"].token == lost
            await tap(browser, BUTTON.format("Ben", "revoke"))
            await tap(browser, BUTTON.format("Ben", "revoke-yes"))
            said = await browser.wait_for(f"{ANSWER}.includes('old link') && {ANSWER}", 20)
            assert said == (
                "Ben's old link is refused from now on. Ben's new link is printed where the "
                "page server runs, as a new line “Ben: URL”."
            )
            assert app[SETTINGS].players["Ben"].token != lost
            await bens.read()  # the lost phone's stream is closed at once
            assert await browser.wait_for(f"{ROW.format('Ben')}?.dataset.open === ''", 20)
            await fits(browser, 390)
            html = await browser.evaluate("document.documentElement.outerHTML")
            for one in [lost, *(each.token for each in app[SETTINGS].players.values())]:
                assert one not in html  # no player's token, old or new, on the recorder's page

            await phone(browser, base + RTOKEN + "/", "ja")
            assert await browser.wait_for(f"!!{ROW.format('Chihiro')}", 20)
            assert await browser.text("#links-title") == "プレイヤーのスマホ"
            await tap(browser, BUTTON.format("Chihiro", "revoke"))
            assert await browser.text("#links-list li[data-name='Chihiro'] .question") == (
                "Chihiroさんのリンクを無効にしますか? そのスマホはすぐに使えなくなり、"
                "Chihiroさんには新しいコードが作られます。"
            )
            await tap(browser, BUTTON.format("Chihiro", "revoke-yes"))
            said = await browser.wait_for(f"{ANSWER}.includes('古いリンク') && {ANSWER}", 20)
            assert said.startswith("Chihiroさんの古いリンクは無効になりました。")
            await fits(browser, 390)

            # Chihiro's new phone proposes; the recorder's link is renewed for Ben meanwhile:
            # "waiting for NAME" follows it (the document names the recorder live now)
            origin = {"Origin": base.rstrip("/"), "Sec-Fetch-Site": "same-origin"}
            body = {"id": "tap-00000001", "after": 0, "words": ["round"]}
            async with http.post(base + RTOKEN + "/entry", json=body, headers=origin) as reply:
                assert reply.status == 200
            await phone(browser, base + app[SETTINGS].players["Chihiro"].token + "/", "ja")
            await tap(browser, ACTION.format("fold"))
            said = await browser.wait_for(f"{ANSWER}.includes('確認待ち') && {ANSWER}", 20)
            assert said == "Akiさんの確認待ち…"
            await set_recorder(app, "Ben", lambda name: journal_desk(store, 1, name))
            said = await browser.wait_for(f"{ANSWER}.includes('Ben') && {ANSWER}", 20)
            assert said == "Benさんの確認待ち…"
    finally:
        await server.close()
