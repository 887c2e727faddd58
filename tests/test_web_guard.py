"""The guard's site check (web/guard.py): the session's data and the recorder's posts
answer only the page itself. ``Sec-Fetch-Site: same-site`` is another site's page (a
page served by another port of the same machine, or a sibling name), never ours: it is
refused as ``cross-site`` is, even with no Origin to give it away."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services import session_source
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web import feed, guard
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app

TOKEN = "V1ewers-token-for-guard_0"
RTOKEN = "Rec0rder-token-for-guard_"
#: What a browser says of a request another site's page made: all refused on data routes.
OTHER_SITES = ("same-site", "cross-site")
#: The routes with the session's data, on either link.
DATA = ("events", "state.json", "last.json", "stakes.json")


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.0)


def stored(tmp_path) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    return store


async def client_for(store: Store) -> TestClient:
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


def journal(store: Store) -> bytes:
    return (store.root / "sessions" / "1.journal").read_bytes()


@pytest.mark.parametrize("site", OTHER_SITES)
async def test_another_sites_page_gets_no_data_on_either_link(tmp_path, site):
    client = await client_for(stored(tmp_path))
    try:
        for token in (TOKEN, RTOKEN):
            for path in (*DATA, *(("rounds.json", "correction.json") if token == RTOKEN else ())):
                reply = await client.get(f"/{token}/{path}", headers={"Sec-Fetch-Site": site})
                assert reply.status == 403, (site, token, path)
                assert "answers only its own page" in await reply.text()
            # the page itself may be opened from a link anywhere (a chat, a QR reader)
            page = await client.get(f"/{token}/", headers={"Sec-Fetch-Site": site})
            assert page.status == 200, (site, token)
        for site_ok in ("same-origin", "none"):  # the page's own requests, a typed address
            ok = await client.get(f"/{TOKEN}/state.json", headers={"Sec-Fetch-Site": site_ok})
            assert ok.status == 200, site_ok
    finally:
        await client.close()


@pytest.mark.parametrize("site", OTHER_SITES)
async def test_another_sites_page_cannot_post_a_tap_even_with_our_origin(tmp_path, site):
    """Only the Sec-Fetch-Site header tells: the Origin given is the server's own."""
    store = stored(tmp_path)
    client = await client_for(store)
    written = journal(store)
    try:
        headers = {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": site}
        for path, body in (
            ("entry", {"id": "guard-tap-0001", "after": 0, "words": ["round"]}),
            ("correct", {"id": "guard-tap-0002", "do": "start", "round": 1}),
        ):
            reply = await client.post(f"/{RTOKEN}/{path}", json=body, headers=headers)
            assert reply.status == 403, (site, path)
            said = await reply.json()
            assert said["recorded"] is False and "answers only its own page" in said["text"]
        assert journal(store) == written  # nothing was written
        headers["Sec-Fetch-Site"] = "same-origin"  # the same tap from the page itself
        body = {"id": "guard-tap-0003", "after": 0, "words": ["round"]}
        reply = await client.post(f"/{RTOKEN}/entry", json=body, headers=headers)
        assert reply.status == 200 and (await reply.json())["recorded"]
    finally:
        await client.close()


def test_every_route_but_the_page_is_named_in_the_guards_lists(tmp_path):
    """A route added to make_app and not to the guard's lists would answer other sites'
    pages: each one after the token is a data route (GET) or a writing one (POST)."""
    app = make_app(stored(tmp_path), 1, token=TOKEN, lang="en", max_viewers=10)
    gets, posts = set(), set()
    for route in app.router.routes():
        path = route.resource.canonical if route.resource is not None else ""
        rest = path.removeprefix("/{token}").removeprefix("/")
        if rest and route.method == "POST":
            posts.add(rest)
        elif rest and route.method == "GET":
            gets.add(rest)
    assert gets == set(guard.DATA_ROUTES)
    assert posts == {*guard.WRITING_ROUTES, guard.PLAYER_WRITING}  # the recorder's, a player's
