"""The phones' page under a hostile Wi-Fi (issue 44, point 4), on a real server on
127.0.0.1 (web/server.serve, as ``display --serve`` runs it): half-sent requests dropped
after a few seconds, connections capped per address, the recorder's streams counted
apart from the viewers', a closed stream's place freed at once, malformed input refused
in words (never a 500), a full disk said in the phone's language, and aiohttp's own
answers in the page's words. Every wait here is a bound that fails the test, never a
measure of speed."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
from collections.abc import AsyncIterator

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services import session_source
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.web import connections, feed, guard, server
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import bind, make_app, serve

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
#: How long any one wait may take before the test fails (a guard, not a measure).
GUARD = 10.0
#: The first entry of a session, tapped on the recorder's page.
FIRST_TAP = {"id": "tap-00000001", "after": 0, "words": ["round"]}


def stored(tmp_path, game="indian-official") -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header(game, ["A", "B", "C"], {}))
    return store


def app_for(store: Store, max_viewers: int = 10, recorder: bool = True) -> web.Application:
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A")) if recorder else None
    return make_app(store, 1, token=TOKEN, lang="en", max_viewers=max_viewers, recorder=link)


@contextlib.asynccontextmanager
async def running(app: web.Application) -> AsyncIterator[tuple[str, int]]:
    """*app* served on a free port of 127.0.0.1 by :func:`serve`, until the block ends."""
    sock = bind("127.0.0.1", 0)
    address = sock.getsockname()[:2]
    ready = asyncio.Event()
    task = asyncio.create_task(serve(app, sock, ready.set))
    try:
        async with asyncio.timeout(GUARD):
            await ready.wait()
        yield address
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def connect(address: tuple[str, int], source: str = "127.0.0.1"):
    """A raw connection from *source* (any 127.x.y.z is this machine on Linux)."""
    return await asyncio.open_connection(*address, local_addr=(source, 0))


async def closed_by_server(reader: asyncio.StreamReader) -> bytes:
    """All the server sends until it closes the connection (the guard fails the test)."""
    async with asyncio.timeout(GUARD):
        try:
            return await reader.read()
        except ConnectionResetError:
            return b""


async def answer(address, request: bytes, source: str = "127.0.0.1") -> tuple[int, dict, str]:
    """Send *request* as bytes; the status, headers and body of the answer."""
    reader, writer = await connect(address, source)
    try:
        writer.write(request)
        await writer.drain()
        raw = await closed_by_server(reader)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, body.decode("utf-8")


def get(path: str, port: int, *extra: str) -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close", *extra]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.0)


# -- slow and half-sent requests ------------------------------------------------------------


async def test_half_a_request_line_is_dropped_after_the_header_timeout(tmp_path, monkeypatch):
    """Slowloris: a connection that sends half a request line and waits is closed by the
    server (today it was kept for an hour, aiohttp's keep-alive)."""
    monkeypatch.setattr(server, "HEADER_SECONDS", 0.5)
    async with running(app_for(stored(tmp_path))) as address:
        reader, writer = await connect(address)
        writer.write(f"GET /{TOKEN}/state.js".encode())
        await writer.drain()
        assert await closed_by_server(reader) == b""  # nothing answered: closed
        writer.close()
        # one byte of a header at a time does not keep it open either
        reader, writer = await connect(address)
        writer.write(f"GET /{TOKEN}/state.json HTTP/1.1\r\nHost: x".encode())
        await writer.drain()
        assert await closed_by_server(reader) == b""
        writer.close()


async def test_half_a_body_is_answered_408_in_words_and_nothing_recorded(tmp_path, monkeypatch):
    monkeypatch.setattr(guard, "BODY_SECONDS", 0.5)
    store = stored(tmp_path)
    async with running(app_for(store)) as address:
        port = address[1]
        head = (f"POST /{RTOKEN}/entry HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Origin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                "Content-Length: 200\r\n\r\n")  # fmt: skip
        status, _, body = await answer(address, head.encode() + b'{"id": "tap-0')
        assert status == 408
        assert "came too slowly" in json.loads(body)["text"]
    assert load_session(store, 1).ledger.next_seq == 1  # nothing recorded


# -- connections per address, and running out of files ----------------------------------------


async def test_connections_are_capped_per_address_and_others_still_served(tmp_path, monkeypatch):
    """One address holding PER_ADDRESS connections gets no more (closed as they come);
    another address still gets the page, and the first gets in again once its own close."""
    monkeypatch.setattr(connections, "PER_ADDRESS", 4)
    monkeypatch.setattr(server, "HEADER_SECONDS", 60.0)  # only the cap closes one here
    async with running(app_for(stored(tmp_path))) as address:
        held = [await connect(address) for _ in range(4)]
        for _, writer in held:
            writer.write(b"GET /")  # half a request each: held open, not answered
            await writer.drain()
        reader, writer = await connect(address)
        assert await closed_by_server(reader) == b""  # the fifth: closed at once
        writer.close()
        status, _, _ = await answer(address, get(f"/{TOKEN}/state.json", address[1]), "127.0.0.2")
        assert status == 200
        for _, writer in held:
            writer.close()
        for _ in range(100):  # their places come back (a bounded number of tries)
            with contextlib.suppress(ConnectionError, ValueError, IndexError):
                status, _, _ = await answer(address, get(f"/{TOKEN}/state.json", address[1]))
                if status == 200:
                    break
            await asyncio.sleep(0.05)
        assert status == 200


# -- the recorder's place, and streams that close ---------------------------------------------


async def client_for(app: web.Application) -> TestClient:
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


async def first_state(stream) -> dict:
    buffer = b""
    async with asyncio.timeout(GUARD):
        while b"\n\n" not in buffer or b"event: state" not in buffer:
            chunk = await stream.content.readany()
            assert chunk, f"the stream ended ({stream.status}): {buffer!r}"
            buffer += chunk
    block = buffer[buffer.index(b"event: state") :].split(b"\n\n")[0]
    return json.loads(block.split(b"data: ", 1)[1])


async def test_viewers_streams_never_take_the_recorders_place(tmp_path):
    """With every viewer's place taken, the recorder's stream and taps still work: the
    recorder's link has a capacity of its own."""
    store = stored(tmp_path)
    client = await client_for(app_for(store, max_viewers=3))
    own = {"Origin": f"http://{client.host}:{client.port}"}
    viewers: list = []
    more: list = []
    mine = None
    try:
        viewers = [await client.get(f"/{TOKEN}/events") for _ in range(3)]
        assert [v.status for v in viewers] == [200] * 3
        refused = await client.get(f"/{TOKEN}/events")
        assert refused.status == 503 and "already has 3 viewers" in await refused.text()
        mine = await client.get(f"/{RTOKEN}/events")
        assert mine.status == 200
        assert (await first_state(mine))["actions"]  # the recorder's document, with buttons
        tap = await client.post(f"/{RTOKEN}/entry", headers=own, json=FIRST_TAP)
        assert tap.status == 200 and (await tap.json())["recorded"] is True
        more = [await client.get(f"/{RTOKEN}/events") for _ in range(feed.RECORDER_STREAMS)]
        assert [m.status for m in more[:-1]] == [200] * (feed.RECORDER_STREAMS - 1)
        assert more[-1].status == 503  # the recorder's own capacity has a cap too
        assert "recorder's link is already open" in await more[-1].text()
    finally:
        for stream in [*viewers, *more, *([mine] if mine is not None else [])]:
            stream.close()
        await client.close()


async def test_closed_streams_free_their_places_at_once(tmp_path):
    """Close the streams: every place comes back within a bounded number of short polls
    (today at the next keep-alive line, 15 s later). On the real server: aiohttp's test
    server cancels a handler whose connection is lost, the real one does not."""
    app = app_for(stored(tmp_path), max_viewers=5)
    async with running(app) as (host, port), aiohttp.ClientSession() as http:
        base = f"http://{host}:{port}"
        streams = [await http.get(f"{base}/{TOKEN}/events") for _ in range(5)]
        streams.append(await http.get(f"{base}/{RTOKEN}/events"))
        try:
            for stream in streams:
                await first_state(stream)
            feed = app[FEED]
            assert (feed.viewers, getattr(feed, "recorders", 1)) == (5, 1)
        finally:
            for stream in streams:
                stream.close()
        for _ in range(40):  # 40 polls of 0.05 s: two seconds at most
            if (feed.viewers, getattr(feed, "recorders", 0)) == (0, 0):
                break
            await asyncio.sleep(0.05)
        assert (feed.viewers, getattr(feed, "recorders", 0)) == (0, 0)
        again = [await http.get(f"{base}/{TOKEN}/events") for _ in range(5)]
        try:
            assert [a.status for a in again] == [200] * 5
        finally:
            for stream in again:
                stream.close()


# -- aiohttp's own answers, in the page's words ----------------------------------------------


async def test_a_request_aiohttp_cannot_read_is_answered_in_words_not_aiohttps(tmp_path):
    async with running(app_for(stored(tmp_path))) as address:
        for request in (b"GARBAGE\r\n\r\n", b"GET /\xff HTTP/1.1\r\n\r\n",
                        b"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"):  # fmt: skip
            status, headers, body = await answer(address, request)
            assert status == 400, request
            assert body == "This request could not be read. Open the link again.\n"
            assert headers["Content-Type"].startswith("text/plain")
            assert "aiohttp" not in headers.get("Server", "")


async def test_405_413_and_500_are_said_in_the_phones_language(tmp_path, monkeypatch):
    async def broken(request: web.Request) -> web.StreamResponse:
        raise RuntimeError("a fault of ours")

    monkeypatch.setattr(server, "last_json", broken)
    async with running(app_for(stored(tmp_path))) as address:
        port = address[1]
        ja = "Accept-Language: ja"
        status, headers, body = await answer(address, get(f"/{RTOKEN}/entry", port, ja))
        assert (status, body) == (405, "このアドレスはその種類のリクエストを受け付けません。\n")
        assert "aiohttp" not in headers.get("Server", "")
        status, _, body = await answer(address, get(f"/{RTOKEN}/entry", port))
        assert (status, body) == (405, "This address does not take that kind of request.\n")
        status, _, body = await answer(address, get(f"/{TOKEN}/last.json", port, ja))
        assert status == 500
        assert body.startswith("卓のページはこのリクエストに答えられませんでした")
        assert "Traceback" not in body and "Server got itself in trouble" not in body
        big = (f"POST /{RTOKEN}/entry HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               f"Origin: http://127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
               f"{ja}\r\nContent-Length: 100000\r\n\r\n")  # fmt: skip
        status, _, body = await answer(address, big.encode())
        assert status == 413 and "記録していません" in json.loads(body)["text"]


# -- malformed input: 4xx in words -------------------------------------------------------------


async def test_malformed_input_is_refused_in_words_never_a_500(tmp_path):
    store = stored(tmp_path)
    client = await client_for(app_for(store))
    own = {"Origin": f"http://{client.host}:{client.port}", "Content-Type": "application/json"}
    try:
        for query in ("²", "١٢", "12x", "9" * 40):
            reply = await client.get(f"/{RTOKEN}/rounds.json", params={"before": query})
            assert reply.status == 400, query
            assert "give a whole number in the digits 0–9" in await reply.text()
        bodies = ["[" * 4000, "[" * 4000 + "]" * 4000, b'{"id": "\xff\xfe"}',
                  '{"id": "tap-00000001", "after": 1' + "0" * 30 + ', "words": ["round"]}',
                  '{"id": "tap-00000001", "after": "0", "words": ["round"]}',
                  '{"id": "tap-00000001", "after": 0, "words": [1]}',
                  '{"id": "tap-00000001", "after": NaN, "words": ["round"]}',
                  '{"id": "tap-00000001", "after": 0, "words": ["round"], "session": 1e999}',
                  "1" * 5000]  # fmt: skip
        for body in bodies:
            for path in ("entry", "correct"):
                reply = await client.post(f"/{RTOKEN}/{path}", data=body, headers=own)
                assert 400 <= reply.status < 500, (path, body[:40])
                assert (await reply.json())["text"]
        assert load_session(store, 1).ledger.next_seq == 1  # nothing recorded
    finally:
        await client.close()


# -- a full disk during a tap ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Not recorded: the disk is full: nothing was recorded."),
        ("ja", "記録していません: ディスクがいっぱいです。何も記録されていません。"),
    ],
)
async def test_a_full_disk_during_a_tap_is_said_in_the_phones_language(
    tmp_path, monkeypatch, lang, words
):
    store = stored(tmp_path)
    client = await client_for(app_for(store))
    own = {"Origin": f"http://{client.host}:{client.port}", "Accept-Language": lang}
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    try:
        monkeypatch.setattr(os, "write", full)  # every write of the journal: no room
        reply = await client.post(f"/{RTOKEN}/entry", headers=own, json=FIRST_TAP)
        said = await reply.json()
        monkeypatch.setattr(os, "write", real_write)
        assert reply.status == 507
        assert said["recorded"] is False and said["text"].startswith(words)
        # room again: the same tap is recorded (the first was not kept as its answer)
        again = await client.post(f"/{RTOKEN}/entry", headers=own, json=FIRST_TAP)
        assert again.status == 200 and (await again.json())["recorded"] is True
    finally:
        monkeypatch.setattr(os, "write", real_write)
        await client.close()
    assert load_session(store, 1).ledger.next_seq == 2  # the one entry, once
