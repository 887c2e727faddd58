"""The live table page's server, in process: the token, reading only, other sites' pages
refused, the cap on viewers, the stream and what it carries when the session changes."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.web import feed
from scorekeeper.web.feed import Feed
from scorekeeper.web.links import new_token
from scorekeeper.web.page import content_security_policy
from scorekeeper.web.server import make_app

TOKEN = "T0ken-for-tests_0123456"


def stored(tmp_path, players=("A", "B", "C"), game="indian-official") -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header(game, list(players), {}))
    return store


def record(store: Store, *kinds: str, **data: object) -> None:
    recording = open_recording(store, 1)
    try:
        for kind in kinds:
            recording.record(Entry(kind, dict(data)))
    finally:
        recording.close()


async def client_for(store: Store, *, lang: str = "en", max_viewers: int = 100) -> TestClient:
    app = make_app(store, 1, token=TOKEN, lang=lang, max_viewers=max_viewers)
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


async def next_state(stream, seconds: float = 3.0) -> dict:
    """The next ``state`` event of an open stream (keep-alive lines skipped)."""
    buffer = b""
    async with asyncio.timeout(seconds):
        while True:
            buffer += await stream.content.readany()
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                lines = block.decode().split("\n")
                if "event: state" in lines:
                    data = next(line[6:] for line in lines if line.startswith("data: "))
                    return json.loads(data)


@pytest.fixture(autouse=True)
def quick_look(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)


async def test_without_the_token_everything_is_refused_with_403(tmp_path):
    client = await client_for(stored(tmp_path))
    try:
        for path in ("/", "/x/", "/events", f"/{TOKEN[:-1]}/", f"/{TOKEN}x/events", "/favicon.ico"):
            reply = await client.get(path)
            assert reply.status == 403, path
            assert "This link is not valid" in await reply.text()
            assert reply.headers["Content-Security-Policy"] == content_security_policy()
        reply = await client.post("/", data="x")
        assert reply.status == 403
    finally:
        await client.close()


async def test_with_the_token_the_page_and_its_data_and_nothing_that_writes(tmp_path):
    store = stored(tmp_path)
    record(store, "round", "raise")
    client = await client_for(store)
    try:
        reply = await client.get(f"/{TOKEN}/")
        assert reply.status == 200
        page = await reply.text()
        assert '<html lang="en">' in page and "session 1 (display)" in page
        policy = reply.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "unsafe-inline" not in policy
        assert re.search(r"script-src 'sha256-[A-Za-z0-9+/=]+'", policy)
        assert reply.headers["X-Frame-Options"] == "DENY"
        assert reply.headers["Referrer-Policy"] == "no-referrer"
        doc = await (await client.get(f"/{TOKEN}/state.json")).json()
        assert doc["headline"]["value"] == 20 and doc["headline"]["kind"] == "stake"
        for method in ("PUT", "DELETE", "PATCH"):
            reply = await client.request(method, f"/{TOKEN}/state.json")
            assert reply.status == 405, method
            assert "only shows the session" in await reply.text()
        for path in ("state.json", "entry"):  # the viewers' link never writes (issue 37)
            reply = await client.post(f"/{TOKEN}/{path}", json={"words": ["raise"]})
            assert reply.status == 403, path
            assert "this is the viewers' link" in (await reply.json())["text"]
        unknown = await client.get(f"/{TOKEN}/record?kind=raise")
        assert unknown.status == 403
        again = await (await client.get(f"/{TOKEN}/state.json")).json()
        assert again["entries_count"] == 2  # nothing was recorded by any of it
        moved = await client.get(f"/{TOKEN}", allow_redirects=False)
        assert moved.status == 302 and moved.headers["Location"] == f"/{TOKEN}/"
    finally:
        await client.close()


async def test_the_data_is_refused_to_other_sites_pages(tmp_path):
    client = await client_for(stored(tmp_path))
    try:
        for path in ("events", "state.json"):
            evil = await client.get(f"/{TOKEN}/{path}", headers={"Origin": "http://evil.example"})
            assert evil.status == 403
            assert "answers only its own page" in await evil.text()
            site = await client.get(f"/{TOKEN}/{path}", headers={"Sec-Fetch-Site": "cross-site"})
            assert site.status == 403
        own = f"http://{client.host}:{client.port}"
        ok = await client.get(f"/{TOKEN}/state.json", headers={"Origin": own})
        assert ok.status == 200
        # the page itself may be opened from a link anywhere (a chat, a QR reader)
        page = await client.get(f"/{TOKEN}/", headers={"Sec-Fetch-Site": "cross-site"})
        assert page.status == 200
    finally:
        await client.close()


async def raw_status(client: TestClient, request: bytes) -> tuple[int, str]:
    """Send *request* as bytes (what no client library would send); the status and body."""
    reader, writer = await asyncio.open_connection(client.host, client.port)
    try:
        writer.write(request)
        await writer.drain()
        async with asyncio.timeout(5):
            answer = await reader.read()
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode()


async def test_it_answers_only_for_the_address_it_listens_on(tmp_path):
    """A page of another site whose name was pointed at this address (DNS rebinding)
    sends its own name as Host: refused before the token is even looked at."""
    client = await client_for(stored(tmp_path))
    port = client.port
    try:
        others = (f"evil.example:{port}", "evil.example", f"127.0.0.1:{port + 1}",
                  f"127.0.0.2:{port}", "127.0.0.1", f"localhost.evil.example:{port}")  # fmt: skip
        for host in others:
            for path in (f"/{TOKEN}/state.json", f"/{TOKEN}/", f"/{TOKEN}/events", "/"):
                reply = await client.get(path, headers={"Host": host})
                assert reply.status == 421, (host, path)
                words = await reply.text()
                assert "answers only at the address it was started on" in words
                assert reply.headers["Content-Security-Policy"] == content_security_policy()
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}"):
            reply = await client.get(f"/{TOKEN}/state.json", headers={"Host": host})
            assert reply.status == 200, host
        nameless = f"GET /{TOKEN}/state.json HTTP/1.0\r\n\r\n".encode()
        assert (await raw_status(client, nameless))[0] == 421
    finally:
        await client.close()


async def test_a_site_header_given_twice_is_refused(tmp_path):
    """The first of two Origin headers may be ours and the second another site's: the
    answer may not depend on which one is read."""
    client = await client_for(stored(tmp_path))
    own = f"http://{client.host}:{client.port}"
    try:
        for name, first, second in (("Origin", own, "http://evil.example"), ("Origin", own, own),
                                    ("Sec-Fetch-Site", "same-origin", "cross-site"),
                                    ("Sec-Fetch-Site", "none", "none")):  # fmt: skip
            for path in (f"/{TOKEN}/state.json", f"/{TOKEN}/events", f"/{TOKEN}/"):
                reply = await client.get(path, headers=[(name, first), (name, second)])
                assert reply.status == 403, (name, path)
                assert await reply.text() == (
                    f"Refused: this request carries the {name} header twice.\n"
                )
        once = await client.get(f"/{TOKEN}/state.json", headers={"Origin": own})
        assert once.status == 200
    finally:
        await client.close()


async def test_the_stream_sends_the_table_at_once_and_again_on_every_change(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        stream = await client.get(f"/{TOKEN}/events")
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        first = await next_state(stream)
        assert first["entries_count"] == 0 and first["headline"]["value"] == 10
        record(store, "round", "raise", "raise")  # another process would do the same
        then = await next_state(stream, 2.0)
        while then["entries_count"] < 3:
            then = await next_state(stream, 2.0)
        assert then["headline"]["value"] == 40
        assert [s["stake_text"] for s in then["stakes"]] == ["20 → 40", "10 → 20"]
        record(store, "undo")
        undone = await next_state(stream, 2.0)
        assert undone["headline"]["value"] == 20
        assert undone["entries"][0]["text"].startswith("undo")
        assert undone["entries"][1]["struck"] and "#4" in undone["entries"][1]["mark"]
        stream.close()
    finally:
        await client.close()


async def test_past_the_cap_a_plain_message_and_a_place_once_one_leaves(tmp_path):
    client = await client_for(stored(tmp_path), max_viewers=2)
    try:
        one = await client.get(f"/{TOKEN}/events")
        two = await client.get(f"/{TOKEN}/events")
        await next_state(one)
        await next_state(two)
        three = await client.get(f"/{TOKEN}/events")
        assert three.status == 503
        assert await three.text() == (
            "This table page already has 2 viewers. Close it on another device and try again.\n"
        )
        one.close()
        for _ in range(50):  # the server notices the closed stream
            again = await client.get(f"/{TOKEN}/events")
            if again.status == 200:
                break
            await asyncio.sleep(0.05)
        assert again.status == 200
        assert (await next_state(again))["session"] == 1
    finally:
        await client.close()


async def test_each_phone_reads_its_own_language(tmp_path):
    client = await client_for(stored(tmp_path), lang="en")
    try:
        japanese = {"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
        page = await (await client.get(f"/{TOKEN}/", headers=japanese)).text()
        assert '<html lang="ja">' in page and "セッション1(表示用)" in page
        doc = await (await client.get(f"/{TOKEN}/state.json", headers=japanese)).json()
        assert doc["headline"]["caption"] == "賭け点 · 親 A · 上限 160"
        prefers_en = {"Accept-Language": "fr-FR, en;q=0.8, ja;q=0.3"}
        doc = await (await client.get(f"/{TOKEN}/state.json", headers=prefers_en)).json()
        assert doc["lang"] == "en"
        asked = await (await client.get(f"/{TOKEN}/state.json?lang=ja", headers=prefers_en)).json()
        assert asked["lang"] == "ja"
        other = {"Accept-Language": "ko-KR"}  # neither: the language the server was started in
        doc = await (await client.get(f"/{TOKEN}/state.json", headers=other)).json()
        assert doc["lang"] == "en"
    finally:
        await client.close()


async def test_a_damaged_file_is_said_on_the_page_and_the_last_table_kept(tmp_path):
    store = stored(tmp_path)
    record(store, "round", "raise")
    client = await client_for(store)
    try:
        stream = await client.get(f"/{TOKEN}/events")
        assert (await next_state(stream))["headline"]["value"] == 20
        path = store.path(1)
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('"raise"', '"fold"', 1), encoding="utf-8")
        damaged = await next_state(stream, 2.0)
        assert damaged["problem"] and damaged["headline"]["value"] == 20
        path.write_text(text, encoding="utf-8")
        mended = await next_state(stream, 2.0)
        assert mended["problem"] == "" and mended["headline"]["value"] == 20
    finally:
        await client.close()


async def test_a_table_that_cannot_be_shown_is_said_and_the_last_one_kept(tmp_path, monkeypatch):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        stream = await client.get(f"/{TOKEN}/events")
        assert (await next_state(stream))["problem"] == ""

        def broken(*args):
            raise KeyError("x")

        monkeypatch.setattr(feed, "live_view", broken)
        record(store, "round")
        said = await next_state(stream, 2.0)
        words = "The table could not be shown (KeyError: 'x'); the last one is kept."
        assert said["problem"] == words
        assert said["entries_count"] == 0  # the last table shown, not a half-made one
    finally:
        await client.close()


def test_a_token_is_new_on_every_start_and_long_enough():
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(token) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", token) for token in tokens)


@pytest.mark.parametrize("steps", range(8))
async def test_the_feed_stops_when_cancelled_even_as_a_poke_lands(tmp_path, steps):
    """Stopping the server cancels the feed's watch; Python 3.11's ``asyncio.wait_for``
    swallows a cancellation that lands as the awaited wait finishes (a tap's poke, just
    before the server closed), and the watch then ran for ever, so closing the server
    never returned (seen once as a hung test run). Each *steps* cancels at another turn
    of the loop after the poke; the watch must be over a few turns after its cancel."""
    from scorekeeper.services.showing import Followed

    feed = Feed(Followed(stored(tmp_path), 1, history=False))
    task = asyncio.create_task(feed.watch())
    for _ in range(3):
        await asyncio.sleep(0)  # the watch waits for a poke now
    feed.poke()
    for _ in range(steps):
        await asyncio.sleep(0)
    task.cancel()
    for _ in range(20):
        await asyncio.sleep(0)
    assert task.done()
