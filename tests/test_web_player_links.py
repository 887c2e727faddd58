"""Each seated player's own link (issue 46, wave 1): the table as the viewers see it and
who they are; nothing of the recorder's, no other link; refused after a revoke (its
stream closed) or once the player left; made for a player who joins; kept across the
sessions of the same table the page follows."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services import session_source
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web import feed
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app, player_links, revoke_player
from tests.test_web_one_link import Stream

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
HEADER = ("indian-official", ["A", "B", "C"], {})


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(feed, "LOOK_FOR_GONE", 0.05)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.0)


async def started(tmp_path, sessions: int = 1):
    store = Store(tmp_path / "data")
    for _ in range(sessions):
        create_session(store, make_header(*HEADER))
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, players=True)
    client = TestClient(TestServer(app))
    await client.start_server()
    return app, client


def own(client: TestClient) -> dict[str, str]:
    return {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}


def tokens(app) -> dict[str, str]:
    return {name: link.token for name, link in app[SETTINGS].players.items()}


async def tap(client, words, after, number=1):
    reply = await client.post(
        f"/{RTOKEN}/entry",
        json={"id": f"tap-{number:08d}", "after": after, "words": words},
        headers=own(client),
    )
    assert reply.status == 200, await reply.text()


async def seats_now(app, check) -> None:
    """Until the page server's links pass *check* (the next look at the file)."""
    async with asyncio.timeout(20):
        while not check(tokens(app)):
            await asyncio.sleep(0.02)


async def test_a_players_page_is_the_table_with_who_they_are_and_no_other_link(tmp_path):
    app, client = await started(tmp_path)
    try:
        links = tokens(app)
        assert sorted(links) == ["A", "B", "C"]
        assert len({*links.values(), TOKEN, RTOKEN}) == 5  # each its own token
        page = await (await client.get(f"/{links['B']}/")).text()
        doc = await (await client.get(f"/{links['B']}/state.json", headers=own(client))).json()
        viewers = await (await client.get(f"/{TOKEN}/state.json", headers=own(client))).json()
        assert "You are B" in page and doc["me"] == "B" and doc["offers"] == []
        assert "actions" not in doc  # the recorder's buttons are not a player's
        extra = ("me", "offers", "after", "mine", "said", "confirmer")  # the player's own
        assert {k: v for k, v in doc.items() if k not in extra} == viewers
        ja = await (await client.get(f"/{links['B']}/?lang=ja")).text()
        assert "あなたはBさんです" in ja
        served = page + ja + json_text(doc)
        for other in (links["A"], links["C"], RTOKEN, TOKEN):
            assert other not in served
    finally:
        await client.close()


def json_text(doc: dict) -> str:
    import json

    return json.dumps(doc, ensure_ascii=False)


async def test_a_players_link_cannot_use_the_recorders_routes(tmp_path):
    app, client = await started(tmp_path)
    try:
        player = tokens(app)["B"]
        body = {"id": "tap-00000001", "after": 0, "words": ["round"]}
        for path in ("entry", "correct", "confirm", "refuse", "revoke"):
            reply = await client.post(f"/{player}/{path}", json=body, headers=own(client))
            assert reply.status == 403, path
            assert "B's own link" in await reply.text()
        for path in ("correction.json", "rounds.json"):
            reply = await client.get(f"/{player}/{path}", headers=own(client))
            assert reply.status == 403, path
        reply = await client.get(f"/{player}/state.json", headers={"Sec-Fetch-Site": "cross-site"})
        assert reply.status == 403  # another site's page: refused as on every link
        assert app[FEED].followed.session.ledger.next_seq == 1  # nothing written
    finally:
        await client.close()


async def test_a_revoked_link_is_refused_and_its_stream_closed(tmp_path):
    app, client = await started(tmp_path)
    try:
        old = tokens(app)["B"]
        reply = await client.get(f"/{old}/events", headers=own(client))
        stream = Stream(reply)
        assert (await stream.next())["me"] == "B"
        links = revoke_player(app, "B")
        assert (await client.get(f"/{old}/state.json", headers=own(client))).status == 403
        with pytest.raises(ConnectionError):  # the stream ends, not at its next document
            await stream.next()
        new = next(link.token for link in links if link.name == "B")
        assert new != old
        assert (await client.get(f"/{new}/state.json", headers=own(client))).status == 200
        assert tokens(app)["C"] == next(link.token for link in links if link.name == "C")
    finally:
        await client.close()


async def test_a_player_who_leaves_loses_the_link_and_one_who_joins_gets_one(tmp_path):
    app, client = await started(tmp_path)
    try:
        before = tokens(app)
        await tap(client, ["join", "D"], 0, 1)
        await tap(client, ["leave", "C"], 1, 2)
        await seats_now(app, lambda links: "D" in links and "C" not in links)
        assert (await client.get(f"/{before['C']}/state.json", headers=own(client))).status == 403
        joined = tokens(app)["D"]
        doc = await (await client.get(f"/{joined}/state.json", headers=own(client))).json()
        assert doc["me"] == "D"
        assert tokens(app)["B"] == before["B"]  # the others' links unchanged
    finally:
        await client.close()


async def test_the_links_follow_the_table_to_its_next_session(tmp_path):
    app, client = await started(tmp_path, sessions=2)
    try:
        before = tokens(app)
        reply = await client.get(f"/{before['B']}/events", headers=own(client))
        stream = Stream(reply)
        assert (await stream.next())["session"] == 1
        app[FEED].move(2)
        moved = await stream.until(lambda doc: doc["session"] == 2)
        assert moved["me"] == "B"
        assert tokens(app) == before  # same name, same link
        assert [link.name for link in player_links(app)] == ["A", "B", "C"]
        reply.close()
    finally:
        await client.close()


async def test_a_players_streams_have_a_cap_of_their_own(tmp_path):
    app, client = await started(tmp_path)
    try:
        ben = tokens(app)["B"]
        held = [await client.get(f"/{ben}/events", headers=own(client)) for _ in range(4)]
        for reply in held:
            assert (await Stream(reply).next())["me"] == "B"
        refused = await client.get(f"/{ben}/events", headers=own(client))
        assert refused.status == 503 and "this player's link" in await refused.text()
        others = await client.get(f"/{tokens(app)['C']}/events", headers=own(client))
        viewer = await client.get(f"/{TOKEN}/events", headers=own(client))
        assert others.status == 200 and viewer.status == 200  # nobody else's places taken
        assert app[FEED].viewers == 1
        for reply in (*held, others, viewer):
            reply.close()
    finally:
        await client.close()
