"""The recorder's link (issue 37): its own token, one writing route, each tap recorded
once through the recording service, and every refusal in plain words with nothing
written."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services import session_source
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.web import feed, taps
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"


class Clock:
    """A clock that moves only when told: the rate of taps without waiting."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def stored(tmp_path, players=("A", "B", "C"), game="indian-official", **options) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header(game, list(players), options))
    return store


def journal(store: Store) -> bytes:
    return (store.root / "sessions" / "1.journal").read_bytes()


async def client_for(store: Store, name: str = "A", clock: Clock | None = None) -> TestClient:
    link = RecorderLink(RTOKEN, name, journal_desk(store, 1, name))
    app = make_app(
        store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, clock=clock or Clock()
    )
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


def own(client: TestClient) -> dict[str, str]:
    return {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}


async def tap(client, words, after, tap_id="tap-00000001", headers=None, path=None):
    reply = await client.post(
        path or f"/{RTOKEN}/entry",
        json={"id": tap_id, "after": after, "words": words},
        headers={**own(client), **(headers or {})},
    )
    return reply.status, await reply.json()


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.0)


async def test_a_tap_is_recorded_as_the_cli_records_it(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        steps = [["round"], ["raise"], ["fold", "B"], ["showdown", "C"]]
        for number, words in enumerate(steps):
            status, answer = await tap(client, words, number, f"tap-{number:08d}")
            assert status == 200, answer
            assert answer["recorded"] and answer["seq"] == number + 1
    finally:
        await client.close()
    by_taps = load_session(store, 1)
    other = stored(tmp_path / "cli")
    with open_recording(other, 1) as rec:
        from scorekeeper.core.words import parse_entry

        for words in steps:
            rec.record(parse_entry(rec.session.game, words))
    by_cli = load_session(other, 1)
    assert by_taps.state.scores == by_cli.state.scores
    assert [(e.kind, dict(e.data), e.recorder) for e in by_taps.events] == [
        (e.kind, dict(e.data), e.recorder) for e in by_cli.events
    ]


async def test_the_same_tap_twice_and_after_a_restart_is_one_entry(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        first = await tap(client, ["round"], 0)
        again = await tap(client, ["round"], 0)
        assert first == again and first[0] == 200
    finally:
        await client.close()
    written = journal(store)
    restarted = await client_for(store)  # a new server: nothing in memory
    try:
        status, answer = await tap(restarted, ["round"], 0)
        assert status == 200 and answer["recorded"] and answer["seq"] == 1
        assert "Already recorded as entry #1" in answer["text"]
        # a reloaded page's new id for the same tap on the same table: the journal says so
        status, answer = await tap(restarted, ["round"], 0, "reloaded-page-tap")
        assert status == 200 and answer["seq"] == 1
    finally:
        await restarted.close()
    assert journal(store) == written
    assert len(load_session(store, 1).events) == 1


async def test_a_tap_on_a_table_that_changed_is_refused(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        assert (await tap(client, ["round"], 0))[0] == 200
        written = journal(store)
        status, answer = await tap(client, ["raise"], 0, "stale-tap-0001")
        assert status == 409 and not answer["recorded"]
        assert "the table changed since this page showed it" in answer["text"]
        assert journal(store) == written
    finally:
        await client.close()


async def test_the_rules_refuse_in_the_phones_language(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        await tap(client, ["round"], 0)
        written = journal(store)
        status, answer = await tap(
            client, ["fold", "A"], 1, "parent-folds", headers={"Accept-Language": "ja,en;q=0.5"}
        )
        assert status == 422 and not answer["recorded"]
        assert "親" in answer["text"]
        status, answer = await tap(client, ["fold", "A"], 1, "parent-folds-en")
        assert status == 422 and "parent" in answer["text"]
        assert journal(store) == written
    finally:
        await client.close()


async def test_the_recorders_name_is_in_the_log(tmp_path):
    store = stored(tmp_path)  # the book is with A, the first seat
    client = await client_for(store, name="B")
    try:
        status, answer = await tap(client, ["round"], 0)
        assert status == 200 and answer["seq"] == 2
        assert (await tap(client, ["round"], 0))[1]["seq"] == 2  # the same tap again
        status, answer = await tap(client, ["raise"], 2, "second-tap")
        assert status == 200 and answer["seq"] == 3
    finally:
        await client.close()
    events = load_session(store, 1).events
    assert [(e.kind, e.recorder) for e in events] == [
        ("recorder", "A"),
        ("round", "B"),
        ("raise", "B"),
    ]


async def test_every_refusal_writes_nothing(tmp_path):
    store = stored(tmp_path)
    clock = Clock()
    client = await client_for(store, clock=clock)
    port = client.port
    try:
        await tap(client, ["round"], 0)
        written = journal(store)
        body = {"id": "refused-0001", "after": 1, "words": ["raise"]}
        cases = [
            (f"/{TOKEN}/entry", {}, 403, "viewers' link"),
            (f"/{TOKEN}/", {}, 403, "viewers' link"),
            ("/entry", {}, 403, "This link is not valid"),
            (f"/{RTOKEN[:-1]}/entry", {}, 403, "This link is not valid"),
            (f"/{RTOKEN}/entry", {"Origin": "http://evil.example"}, 403, "own page"),
            (f"/{RTOKEN}/entry", {"Sec-Fetch-Site": "cross-site"}, 403, "own page"),
            (f"/{RTOKEN}/entry", {"Host": f"evil.example:{port}"}, 421, "address it was"),
            (f"/{RTOKEN}/state.json", {}, 405, "only entries sent by its own page"),
        ]
        for path, headers, status, words in cases:
            reply = await client.post(path, json=body, headers={**own(client), **headers})
            assert reply.status == status, (path, headers)
            assert words in (await reply.json())["text"], (path, headers)
        plain = await client.post(
            f"/{RTOKEN}/entry",
            data=json.dumps(body),
            headers={**own(client), "Content-Type": "text/plain"},
        )
        assert plain.status == 415 and "JSON" in (await plain.json())["text"]
        for bad in ([], {"id": "x", "after": 1, "words": ["raise"]}, {**body, "after": "1"},
                    {**body, "words": ["@2026-01-01T00:00:00+00:00", "raise"]},
                    {**body, "words": []}):  # fmt: skip
            reply = await client.post(f"/{RTOKEN}/entry", json=bad, headers=own(client))
            assert reply.status == 400, bad
        huge = await client.post(
            f"/{RTOKEN}/entry", json={**body, "words": ["x" * 70] * 80}, headers=own(client)
        )
        assert huge.status in (400, 413)
        assert journal(store) == written
        # a flood: past ten a second, refused, nothing written even for a legal tap
        for number in range(taps.TAPS_PER_SECOND - 1):  # one was taken by the round above
            status, _ = await tap(client, ["raise"], 0, f"flood-{number:06d}")
            assert status == 409  # on an old table: nothing written either
        status, answer = await tap(client, ["raise"], 1, "flood-legal-1")
        assert status == 429 and "more than 10 entries a second" in answer["text"]
        assert journal(store) == written
        clock.now += 1.0
        status, answer = await tap(client, ["raise"], 1, "after-a-second")
        assert status == 200 and answer["seq"] == 2
    finally:
        await client.close()


async def test_a_session_open_elsewhere_refuses_the_tap_cleanly(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        with open_recording(store, 1):
            written = journal(store)
            status, answer = await tap(client, ["round"], 0)
            assert status == 409 and "open for recording elsewhere" in answer["text"]
            assert journal(store) == written
        status, answer = await tap(client, ["round"], 0)  # not kept as final: tried again
        assert status == 200 and answer["seq"] == 1
    finally:
        await client.close()


async def test_the_recorders_page_has_the_legal_entries_and_the_viewers_do_not(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        viewers = await (await client.get(f"/{TOKEN}/state.json")).json()
        assert "actions" not in viewers
        mine = await (await client.get(f"/{RTOKEN}/state.json", headers=own(client))).json()
        assert [a["kind"] for a in mine["actions"]] == ["note", "round", "join", "end", "proposals"]
        switch = mine["actions"][-1]  # the players' proposals' switch, one tap (issue 46)
        assert (switch["label"], switch["form"], switch["prefix"]) == (
            "Proposals confirm themselves",
            "now",
            ["auto"],
        )
        assert mine["after"] == 0
        await tap(client, ["round"], 0)
        for _ in range(200):  # the file is looked at again at once, in a worker thread
            mine = await (await client.get(f"/{RTOKEN}/state.json", headers=own(client))).json()
            if mine["after"] == 1:
                break
            await asyncio.sleep(0.05)
        kinds = {a["kind"]: a for a in mine["actions"]}
        assert list(kinds) == ["fold", "raise", "showdown", "undo", "note", "proposals"]
        assert kinds["fold"]["choices"] == ["B", "C"] and kinds["fold"]["form"] == "player"
        assert kinds["undo"]["form"] == "confirm" and kinds["undo"]["confirm"]
        # the switch's button records ``proposals auto``; then it offers the way back
        words = ["proposals", *kinds["proposals"]["prefix"]]
        status, _ = await tap(client, words, 1, "tap-00000002")
        assert status == 200
        for _ in range(200):
            mine = await (await client.get(f"/{RTOKEN}/state.json", headers=own(client))).json()
            if mine["after"] == 2:
                break
            await asyncio.sleep(0.05)
        switch = {a["kind"]: a for a in mine["actions"]}["proposals"]
        assert (switch["label"], switch["prefix"]) == ("Proposals wait for me again", ["ask"])
        page = await (await client.get(f"/{RTOKEN}/")).text()
        assert '"recorder": "A"' in page
        viewer_page = await (await client.get(f"/{TOKEN}/")).text()
        assert '"recorder": null' in viewer_page
    finally:
        await client.close()


def test_the_recorders_token_is_never_the_viewers():
    store_free = RecorderLink(TOKEN, "A", journal_desk(None, 1, "A"))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        make_app(None, 1, token=TOKEN, lang="en", max_viewers=1, recorder=store_free)  # type: ignore[arg-type]
