"""One link for the phones, all evening (issue 43, point 1): the page server the app
starts keeps its port and token through F2, through a recorder's link added later and
through every change of session; the open streams move with the app to the next session
(the one left kept as the last result); a tap made on one session's table never lands in
another; ``display --serve`` without a number follows the session written to last."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.cli.main import hand_on_table_page, take_table_page
from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.messages import UserError
from scorekeeper.services.phone import Answer, Tap
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.ui.app import Relaunch, ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.web import feed
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app, set_recorder
from tests.ui_support import fixed_clock, new_store

TOKEN = "T0ken-for-tests_0123456"


@pytest.fixture(autouse=True)
def quick_look(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(feed, "LOOK_FOR_LATEST_EVERY", 0.05)


def two_sessions(tmp_path) -> Store:
    """Session 1 (A, B, C) with a round in play, and session 2 (the same table again)."""
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        rec.record(Entry("round", {}))
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    return store


class Stream:
    """One phone's event stream, held open: each ``state`` document as it comes."""

    def __init__(self, reply: aiohttp.ClientResponse) -> None:
        self.reply = reply
        self.buffer = b""

    async def next(self, seconds: float = 20.0) -> dict[str, Any]:
        async with asyncio.timeout(seconds):
            while True:
                while b"\n\n" in self.buffer:
                    block, self.buffer = self.buffer.split(b"\n\n", 1)
                    lines = block.decode().split("\n")
                    if "event: state" in lines:
                        data = next(line[6:] for line in lines if line.startswith("data: "))
                        return dict(json.loads(data))
                chunk = await self.reply.content.readany()
                if not chunk:
                    raise ConnectionError("the stream ended")
                self.buffer += chunk

    async def until(self, check, seconds: float = 20.0) -> dict[str, Any]:
        """The first document that passes *check* (the ones before it skipped)."""
        async with asyncio.timeout(seconds):
            while True:
                doc = await self.next(seconds)
                if check(doc):
                    return doc


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    import urllib.error
    import urllib.request

    origin = "/".join(url.split("/", 3)[:3])
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": origin},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


# -- the server itself --------------------------------------------------------------------


async def test_the_stream_moves_to_the_next_session_and_keeps_the_last_one(tmp_path):
    store = two_sessions(tmp_path)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        reply = await client.get(f"/{TOKEN}/events")
        stream = Stream(reply)
        first = await stream.next()
        assert first["session"] == 1 and first["last"] is None
        assert (await (await client.get(f"/{TOKEN}/last.json")).json()) is None
        app[FEED].move(2)
        moved = await stream.until(lambda doc: doc["session"] == 2)
        assert moved["last"] == 1 and moved["entries_count"] == 0
        last = await (await client.get(f"/{TOKEN}/last.json?lang=ja")).json()
        assert last["session"] == 1 and last["entries_count"] == 1
        assert "セッション1" in last["title"]
        app[FEED].move(9)  # no such session: said on the page, the table kept
        said = await stream.until(lambda doc: doc["problem"] != "")
        assert said["session"] == 2 and "9" in said["problem"]
        reply.close()
    finally:
        await client.close()


class Desk:
    """Stands for the app: notes every tap it is handed."""

    def __init__(self) -> None:
        self.taps: list[Tap] = []

    async def __call__(self, tap: Tap, lang: str) -> Answer:
        self.taps.append(tap)
        return Answer(200, True, "recorded", tap.after + 1, tap.after + 1)


async def test_a_recorders_link_added_later_leaves_the_viewers_link_as_it_was(tmp_path):
    store = two_sessions(tmp_path)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10)
    client = TestClient(TestServer(app))
    await client.start_server()
    desk = Desk()
    try:
        reply = await client.get(f"/{TOKEN}/events")
        stream = Stream(reply)
        await stream.next()
        link = await set_recorder(app, "a", lambda name: desk)  # spelt as the session does
        assert isinstance(link, RecorderLink) and link.name == "A" and link.token != TOKEN
        mine = await stream.until(lambda doc: True)  # the same stream goes on
        assert mine["session"] == 1 and "actions" not in mine
        page = await client.get(f"/{link.token}/state.json")
        assert page.status == 200 and "actions" in await page.json()
        tap = {"id": "tap-00000001", "after": 1, "words": ["raise"], "session": 1}
        answer = await client.post(f"/{link.token}/entry", json=tap)
        assert answer.status == 200 and desk.taps[-1].session == 1
        renewed = await set_recorder(app, "B", lambda name: desk)
        old = await client.post(f"/{link.token}/entry", json={**tap, "id": "tap-00000002"})
        assert old.status == 403  # the link made before stops
        viewer = await client.get(f"/{TOKEN}/state.json")
        assert viewer.status == 200  # the viewers' link never changed
        assert renewed.token not in (link.token, TOKEN)
        with pytest.raises(UserError, match="not a player of session 1"):
            await set_recorder(app, "Zed", lambda name: desk)
        reply.close()
    finally:
        await client.close()


async def test_a_tap_made_on_the_table_of_a_session_left_is_refused_in_words(tmp_path):
    store = two_sessions(tmp_path)
    desk = Desk()
    link = RecorderLink("Rec0rder-token_for_tests", "A", desk)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        app[FEED].move(2)
        for _ in range(200):
            if app[FEED].followed.id == 2:
                break
            await asyncio.sleep(0.05)
        tap = {"id": "tap-made-on-1", "after": 1, "words": ["raise"], "session": 1}
        for lang, words in (("en", "made on the table of session 1"), ("ja", "セッション1の卓")):
            reply = await client.post(f"/{link.token}/entry?lang={lang}", json=tap)
            assert reply.status == 409
            assert words in (await reply.json())["text"]
            tap["id"] += "x"
        assert desk.taps == []  # never handed on: nothing written anywhere
        tap = {"id": "tap-made-on-2", "after": 0, "words": ["round"], "session": 2}
        reply = await client.post(f"/{link.token}/entry", json=tap)
        assert reply.status == 200 and desk.taps[-1].session == 2
        # a tap that does not say its session is taken as made on the table shown now
        tap = {"id": "tap-said-nothing", "after": 1, "words": ["raise"]}
        reply = await client.post(f"/{link.token}/entry", json=tap)
        assert reply.status == 200 and desk.taps[-1].session == 2
    finally:
        await client.close()


def test_the_session_written_to_last_is_not_one_that_only_kept_its_snapshot(tmp_path):
    from scorekeeper.storage.store import WrittenTo

    store = two_sessions(tmp_path)
    latest = WrittenTo(store)
    assert latest() == 2  # created last
    assert latest() is None  # nothing written since
    table = open_recording(store, 1)
    table.record(Entry("raise", {}))  # an entry: session 1 is written to last
    assert latest() == 1
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    assert latest() == 3  # a new session
    grown = store.journal_stamps()[1][0]
    table.close()  # the table left keeps its snapshot after the next one began
    # its journal grew (a vouch line; compared by size: two writes within one tick of the
    # file system's clock have the same time, so "changed last" is no test of order)…
    assert store.journal_stamps()[1][0] > grown
    assert latest() is None  # …but no entry was written: the page stays where it is
    assert WrittenTo(Store(tmp_path / "empty"))() is None


# -- the app's page: one process, one link ------------------------------------------------


async def wait(pilot, check, seconds: float = 30.0) -> None:
    for _ in range(int(seconds * 10)):
        if check():
            return
        await pilot.pause(0.1)
    raise AssertionError("never happened")


async def test_one_phone_stays_connected_across_f2_and_every_change_of_session(
    tmp_path, monkeypatch
):
    """The viewers' stream, opened once, carries the table through F2 (the app started
    again, as the command line does) and through the app opening another session; the
    address is the same all along."""
    monkeypatch.delenv("SCOREKEEPER_TABLE_PAGE", raising=False)
    store = two_sessions(tmp_path)
    first = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with aiohttp.ClientSession() as phone:
        async with first.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            page = await asyncio.to_thread(first.table_pages.start, store.root, 1, lan=False)
            url = page.url
            reply = await phone.get(url + "events")
            stream = Stream(reply)
            assert (await stream.next())["session"] == 1
            await pilot.press("f2")
            await pilot.pause()
        assert first.return_value == Relaunch("ja", 1)
        hand_on_table_page(first)  # as the command line does before os.execv
        first.table_pages.stop_all()
        second = ScorekeeperApp(store, 1, clock=fixed_clock())
        take_table_page(second)  # as the command line does in the program started again
        assert "SCOREKEEPER_TABLE_PAGE" not in os.environ
        async with second.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            again = second.table_pages.running()
            assert again is not None and again.url == url  # the same port and token
            assert isinstance(second.screen, TableScreen)
            await pilot.press("escape")  # back to the list, then session 2
            await wait(pilot, lambda: not isinstance(second.screen, TableScreen))
            await pilot.pause(0.5)  # the list drawn, as a person would see it first
            second.open_session(2)
            await wait(pilot, lambda: isinstance(second.screen, TableScreen))
            await pilot.pause(0.5)
            moved = await stream.until(lambda doc: doc["session"] == 2)  # the same stream
            assert moved["last"] == 1
            await pilot.press("escape")
            await wait(pilot, lambda: not isinstance(second.screen, TableScreen))
            await pilot.pause(0.5)  # the list drawn, as a person would see it first
            second.open_session(1)
            await wait(pilot, lambda: isinstance(second.screen, TableScreen))
            await pilot.pause(0.5)
            back = await stream.until(lambda doc: doc["session"] == 1)
            assert back["last"] == 2 and back["entries_count"] == 1
            reply.close()
            second.table_pages.stop_all()


async def test_a_the_same_table_again_moves_every_phone_to_the_new_session(tmp_path):
    store = two_sessions(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with aiohttp.ClientSession() as phone, app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        page = await asyncio.to_thread(app.table_pages.start, store.root, 1, lan=False)
        reply = await phone.get(page.url + "events")
        stream = Stream(reply)
        assert (await stream.next())["session"] == 1
        await pilot.press("escape")  # the list, session 1 highlighted (opened last)
        await wait(pilot, lambda: not isinstance(app.screen, TableScreen))
        await pilot.pause(0.5)
        await pilot.press("a")  # the same table again: session 3, its table opened
        await wait(pilot, lambda: isinstance(app.screen, TableScreen))
        moved = await stream.until(lambda doc: doc["session"] == 3)
        assert moved["last"] == 1 and app.table_pages.running() is page
        reply.close()
        app.table_pages.stop_all()


async def test_the_recorders_link_added_after_the_viewers_keeps_the_viewers_link(tmp_path):
    store = two_sessions(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with aiohttp.ClientSession() as phone, app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        page = await asyncio.to_thread(app.table_pages.start, store.root, 1, lan=False)
        viewers = page.url
        reply = await phone.get(viewers + "events")
        stream = Stream(reply)
        await stream.next()
        app.record_from_phone(1, "A", lan=False)
        await wait(pilot, lambda: page.recorder_url is not None and not app.workers)
        recorder = page.recorder_url
        assert recorder is not None
        assert recorder.rsplit("/", 2)[0] == viewers.rsplit("/", 2)[0]  # the same port
        assert app.table_pages.running() is page and page.url == viewers
        body = {"id": "tap-from-phone", "after": 1, "words": ["raise"], "session": 1}
        status, answer = await asyncio.to_thread(post, recorder + "entry", body)
        assert status == 200 and answer["recorded"], answer
        # the viewers' stream, opened before the link was made, shows the tap
        doc = await stream.until(lambda doc: doc["entries_count"] == 2)
        assert doc["session"] == 1
        reply.close()
        await pilot.press("escape")
        app.table_pages.stop_all()


async def test_a_tap_for_a_session_the_app_left_never_lands_in_it(tmp_path):
    """The recorder's link lives all evening and records into the session open in the
    app: with no table open a tap is refused in words; one made on session 1's table is
    refused once the app has session 2 open; one made on session 2's table lands there."""
    store = two_sessions(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.record_from_phone(1, "A", lan=False)
        page = app.table_pages
        await wait(pilot, lambda: (p := page.running()) is not None and bool(p.recorder_url)
                   and not app.workers)  # fmt: skip
        running = page.running()
        assert running is not None and running.recorder_url is not None
        url = running.recorder_url
        await pilot.press("escape")  # the code's screen
        await pilot.press("escape")  # the table: the list of sessions
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        for lang, words in (
            ("en", "the app has no table open"),
            ("ja", "開いている卓がありません"),
        ):
            body = {"id": f"tap-note-{lang}", "after": 1, "words": ["note", "hi"], "session": 1}
            status, answer = await asyncio.to_thread(post, f"{url}entry?lang={lang}", body)
            assert status == 409 and not answer["recorded"] and words in answer["text"], answer
        app.open_session(2)
        await pilot.pause()
        body = {"id": "tap-note-old", "after": 1, "words": ["note", "hi"], "session": 1}
        status, answer = await asyncio.to_thread(post, url + "entry", body)
        assert status == 409 and "session 1" in answer["text"], answer
        body = {"id": "tap-round-new", "after": 0, "words": ["round"], "session": 2}
        status, answer = await asyncio.to_thread(post, url + "entry", body)
        assert status == 200 and answer["recorded"], answer
        app.table_pages.stop_all()
    assert [e.kind for e in load_session(store, 1).events] == ["round"]  # nothing more
    assert [e.kind for e in load_session(store, 2).events] == ["round"]


# -- across os.execv, as F2 does it -------------------------------------------------------


async def test_the_page_handed_across_os_execv_keeps_every_phone(tmp_path):
    """The real F2 path: a program starts the page, hands it on and replaces itself with
    os.execv; the new program takes the page and moves it to session 2. The phone's stream,
    opened before, gets session 2 on the same connection."""
    store = two_sessions(tmp_path)
    after = textwrap.dedent(
        """
        import sys
        from scorekeeper.services.table_page import TablePages
        from scorekeeper.cli.main import take_table_page

        class App:  # what take_table_page asks of the app
            table_pages = TablePages()
            def adopt_table_page(self, handed):
                self.table_pages.adopt(handed)

        app = App()
        take_table_page(app)
        page = app.table_pages.running()
        print("TAKEN", page.url if page else "-", flush=True)
        sys.stdin.readline()  # the test says when
        app.table_pages.follow(2)
        print("MOVED", flush=True)
        sys.stdin.readline()
        app.table_pages.stop_all()
        """
    )
    before = textwrap.dedent(
        f"""
        import os, sys
        from pathlib import Path
        from scorekeeper.services.table_page import TablePages

        class App:  # what hand_on_table_page asks of the app
            table_pages = TablePages()

        app = App()
        page = app.table_pages.start(Path({str(store.root)!r}), 1, lan=False)
        print(page.url, flush=True)
        sys.stdin.readline()  # the test's phone is connected
        from scorekeeper.cli.main import hand_on_table_page
        hand_on_table_page(app)
        os.execv(sys.executable, [sys.executable, "-c", {after!r}])
        """
    )
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    env.pop("SCOREKEEPER_TABLE_PAGE", None)
    proc = subprocess.Popen([sys.executable, "-c", before], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    try:
        url = await asyncio.to_thread(proc.stdout.readline)
        url = url.strip()
        assert url.startswith("http://127.0.0.1:")
        async with aiohttp.ClientSession() as phone:
            reply = await phone.get(url + "events")
            stream = Stream(reply)
            assert (await stream.next())["session"] == 1
            proc.stdin.write("go\n")
            proc.stdin.flush()
            taken = await asyncio.to_thread(proc.stdout.readline)
            assert taken.split() == ["TAKEN", url]
            proc.stdin.write("move\n")
            proc.stdin.flush()
            assert (await asyncio.to_thread(proc.stdout.readline)).strip() == "MOVED"
            moved = await stream.until(lambda doc: doc["session"] == 2)
            assert moved["last"] == 1
            reply.close()
        proc.stdin.write("stop\n")
        proc.stdin.flush()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


# -- display --serve without a number -----------------------------------------------------


async def test_display_serve_without_a_number_follows_the_session_written_to_last(tmp_path):
    store = two_sessions(tmp_path)
    with open_recording(store, 1) as rec:
        rec.record(Entry("raise", {}))  # session 1 is the one written to last
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    base = [sys.executable, "-m", "scorekeeper", "--data-dir", str(store.root)]
    proc = subprocess.Popen([*base, "display", "--serve", "--port", "0"], env=env,
                            stdout=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout is not None
    try:
        url = (await asyncio.to_thread(proc.stdout.readline)).strip()
        said = (await asyncio.to_thread(proc.stdout.readline)).strip()
        assert url.startswith("http://127.0.0.1:")
        assert "follows the session written to last (session 1 now)" in said
        async with aiohttp.ClientSession() as phone:
            reply = await phone.get(url + "events")
            stream = Stream(reply)
            first = await stream.next()
            assert first["session"] == 1 and first["entries_count"] == 2
            made = subprocess.run([*base, "new", "--like", "1"], env=env, capture_output=True,
                                  text=True, check=True)  # fmt: skip
            sid = int(made.stdout.split()[-1])
            subprocess.run([*base, "record", str(sid), "round"], env=env, check=True,
                           capture_output=True)  # fmt: skip
            moved = await stream.until(lambda doc: doc["session"] == sid and doc["entries_count"])
            assert moved["last"] == 1
            reply.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_display_without_a_number_or_serve_is_refused_in_words(tmp_path):
    store = two_sessions(tmp_path)
    base = [sys.executable, "-m", "scorekeeper", "--data-dir", str(store.root)]
    for lang, words in (("en", "give a session number"), ("ja", "セッション番号を指定")):
        env = dict(os.environ, SCOREKEEPER_LANG=lang)
        done = subprocess.run([*base, "display"], env=env, capture_output=True, text=True)
        assert done.returncode != 0 and words in done.stderr and "Traceback" not in done.stderr
        done = subprocess.run([*base, "display", "--serve", "--recorder", "A"], env=env,
                              capture_output=True, text=True)  # fmt: skip
        assert done.returncode != 0 and "--recorder A" in done.stderr
        assert "Traceback" not in done.stderr
