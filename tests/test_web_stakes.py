"""The phones' whole stake list (issue 43): ``stakes.json`` on the viewers' and the
recorder's link, newest first, a page at a time, one round or all, reaching entry 1 of a
long session the page picked up at its snapshot; junk in the address refused in words
(4xx), never a server error; the table sent with every entry keeps its latest rows only."""

from __future__ import annotations

import json

import pytest
from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.export import live_stakes
from scorekeeper.services import session_source
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store, snapshot
from scorekeeper.web import feed
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app
from tests.journal_support import kept_state

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"


def a_round(number: int) -> list[tuple[str, dict[str, str]]]:
    """Round *number* of the official game (A B C, the parent passing left), with three
    stake rows: 10 → 20, the child left of the parent folds at 20, 20 → 40."""
    child = "ABC"[number % 3]  # round 1's parent is A: B is the child left of A
    return [("round", {}), ("raise", {}), ("fold", {"player": child}), ("raise", {}),
            ("showdown", {"winner": "ABC"[(number + 1) % 3]})]  # fmt: skip


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.0)


def played(tmp_path, rounds: int, game: str = "indian-official") -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header(game, ["A", "B", "C"], {}))
    if rounds:
        recording = open_recording(store, 1, history=False)
        for number in range(1, rounds + 1):
            for kind, data in a_round(number):
                recording.record(Entry(kind, data))
        recording.close()  # as the app leaves a table: a snapshot some entries back
    return store


async def client_for(store: Store) -> TestClient:
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


def own(client: TestClient) -> dict[str, str]:
    return {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}


async def get(client: TestClient, query: str, token: str = TOKEN) -> tuple[int, str]:
    reply = await client.get(f"/{token}/stakes.json{query}", headers=own(client))
    return reply.status, await reply.text()


async def test_the_whole_list_a_page_at_a_time_and_one_round(tmp_path, monkeypatch):
    monkeypatch.setattr(live_stakes, "STAKES_SHOWN", 10)
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", 4)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    monkeypatch.setattr(snapshot, "STATE_LAG", 20)
    store = played(tmp_path, 12)  # 60 entries, 36 stake rows
    assert kept_state(store, 1) is not None
    client = await client_for(store)
    try:
        # the table sent with every entry: its latest rows only (within 60 entries)
        state = json.loads(await (await client.get(f"/{TOKEN}/state.json")).text())
        assert state["rounds"] == 12
        assert len(state["stakes"]) < 36  # not the whole history
        # the page picked the session up at its snapshot: the list reads the rest
        assert client.app[FEED].followed.session.history_from > 1
        seqs: list[int] = []
        before = ""
        for page in range(4):
            status, text = await get(client, f"?lang=ja{before}")
            assert status == 200, text
            said = json.loads(text)
            assert said["rounds"] == 12 and said["round"] is None
            seqs += [row["seq"] for row in said["rows"]]
            assert said["older"] == (page < 3)
            before = f"&before={seqs[-1]}"
        # every stake row of the session, newest first, down to entry 2 (round 1's raise)
        assert len(seqs) == 36 and seqs == sorted(seqs, reverse=True) and seqs[-1] == 2
        first = said["rows"][-1]
        assert (first["round"], first["stake_text"], first["text"]) == (
            1,
            "10 → 20",
            "賭け点 10 → 20",
        )
        # one round: its three rows, newest first, in the reader's language
        status, text = await get(client, "?round=1&lang=en", RTOKEN)
        assert status == 200, text
        said = json.loads(text)
        assert [(r["seq"], r["stake_text"]) for r in said["rows"]] == [
            (4, "20 → 40"), (3, "at 20"), (2, "10 → 20")
        ]  # fmt: skip
        assert said["older"] is False and said["round"] == 1
    finally:
        await client.close()


@pytest.mark.parametrize(
    ("query", "status", "words"),
    [
        ("?round=abc", 400, "“abc” is not a round number"),
        ("?round=-1", 400, "“-1” is not a round number"),
        ("?round=%EF%BC%93", 400, "“３” is not a round number"),  # a wide digit
        ("?round=1e3", 400, "“1e3” is not a round number"),
        ("?round=99999999999999999999", 400, "is not a round number"),
        ("?before=x", 400, "“x” is not an entry number"),
        ("?round=0", 404, "there is no round 0: 2 rounds have been played so far"),
        ("?round=3", 404, "there is no round 3"),
        ("?round=3&lang=ja", 404, "ラウンド3はありません"),
    ],
)
async def test_junk_in_the_address_is_refused_in_words(tmp_path, query, status, words):
    client = await client_for(played(tmp_path, 2))
    try:
        got, text = await get(client, query)
        assert got == status and words in text, text
        assert "Traceback" not in text
        good, _ = await get(client, "?round=2&before=99")
        assert good == 200
    finally:
        await client.close()


async def test_a_game_without_a_stake_has_no_list_and_other_sites_get_none(tmp_path):
    client = await client_for(played(tmp_path, 0, "indian-chips"))
    try:
        status, text = await get(client, "")
        assert status == 404 and "played without a stake" in text
        reply = await client.get(
            f"/{TOKEN}/stakes.json", headers={"Origin": "https://elsewhere.example"}
        )
        assert reply.status == 403
    finally:
        await client.close()
