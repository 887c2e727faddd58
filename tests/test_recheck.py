"""The one background fold after a session is opened from derived state (issue 44, point 1,
fifth bullet): the app and the phones' page fold every entry once in a worker thread and
compare the snapshot's state they were opened at. A forger who can seal a vouch line (one
who holds the key) is caught: here the snapshot and its vouch line are written by the
writer's own code, given a tampered state, so every hash and link in the file is right.
Keys and taps are not held up meanwhile; an honest session shows nothing and its numbers
never change."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

import scorekeeper.services.recheck as rechecking
import scorekeeper.services.snapshot_keeper as snapshot_keeper
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.history import ReadingHistory
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.web import feed
from scorekeeper.web.feed import FEED
from scorekeeper.web.server import make_app

PLAYERS = ["A", "B", "C", "D", "E"]
ROUNDS = 100  # 300 entries: past snapshot.STATE_AT_LEAST, so a snapshot is kept
TOKEN = "T0ken-for-tests_0123456"
LIE_EN = (
    "session 1: line {line} of its journal vouches for a snapshot that is not what its"
    " entries give (the line was forged); the table now shows the entries' own numbers."
    " scorekeeper verify 1 says more"
)


def _events() -> tuple[Any, list[Event]]:
    header = make_header("indian-official", PLAYERS, {})
    session = Session(header)
    for number in range(ROUNDS):
        winner = PLAYERS[number % len(PLAYERS)]
        for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": winner})):
            session.record(entry)
    return header, list(session.events)


def _tampered(real: Callable[..., Any]) -> Callable[..., Any]:
    """``state_payload`` giving the first player 100 points more in the state kept."""

    def forged(state: Any, stats: Any, **how: bool) -> Any:
        payload, apart = real(state, stats, **how)
        payload = json.loads(json.dumps(payload))
        payload["state"]["f"][3]["m"][0][1] += 100  # State.scores, as state_codec writes it
        return payload, apart

    return forged


def long_session(tmp_path, monkeypatch, *, forged: bool) -> Store:
    """Session 1 of 300 entries, stored and closed by the writer, which keeps its snapshot
    and the vouch line naming it. *forged*: the writer is handed a tampered state, as a
    forger holding the key would run it: every SHA-256, every link of the chain is right."""
    store = Store(tmp_path / "data")
    header, events = _events()
    sid = create_session(store, header, events)
    session = load_session(store, sid)
    with monkeypatch.context() as patch:
        if forged:
            real = snapshot_keeper.state_payload
            patch.setattr(snapshot_keeper, "state_payload", _tampered(real))
        open_recording(store, sid, folded=session).close()
    with open_recording(store, sid, history=False) as rec:  # it opens from the snapshot
        assert rec.session.history_from > 1
        assert (rec.session.state.scores != session.state.scores) == forged
    return store


def _last_line(store: Store) -> int:
    """The journal's last line (the vouch line naming the snapshot, written last)."""
    return len(store.path(1).read_bytes().splitlines())


def _counting(monkeypatch) -> list[int]:
    """The folds run, each noted (its session) once it has answered."""
    calls: list[int] = []
    real = rechecking.recheck

    def counted(opened, *stopped):
        answer = real(opened, *stopped)
        calls.append(opened.sid)
        return answer

    monkeypatch.setattr(rechecking, "recheck", counted)
    return calls


async def _until(pilot, test, tries: int = 1500) -> None:
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError("not shown in time")


# --- the service ------------------------------------------------------------------------
def test_the_fold_finds_a_sealed_lie_and_names_its_line(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=True)
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    lie = rechecking.recheck(opened)
    assert lie is not None and lie.line == _last_line(store) and lie.damaged is None
    assert lie.message("en") == LIE_EN.format(line=lie.line)
    assert lie.message("ja").startswith(f"セッション1: ファイルの{lie.line}行目が保証する")


def test_the_fold_finds_nothing_in_an_honest_session(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=False)
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    assert rechecking.recheck(opened) is None


def test_the_whole_fold_gives_the_same_answer_when_the_stream_cannot(tmp_path, monkeypatch):
    """An undo or a correction reaching below what the stream keeps: read whole instead."""
    store = long_session(tmp_path, monkeypatch, forged=True)
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None

    def refuse(*args, **kwargs):
        raise rechecking.Irregular

    monkeypatch.setattr(rechecking, "_streamed", refuse)
    lie = rechecking.fold(rechecking.asked(opened))  # here: the patch is not in a child
    assert lie is not None and lie.line == _last_line(store)
    honest = long_session(tmp_path / "honest", monkeypatch, forged=False)
    opened = Followed(honest, 1, history=False).resumed_from
    assert opened is not None and rechecking.fold(rechecking.asked(opened)) is None


def test_the_child_process_and_this_one_give_the_same_answer(tmp_path, monkeypatch):
    """The fold runs in a process of its own (keys wait on no lock of this one); when none
    can be started, here, with the same answer."""
    store = long_session(tmp_path, monkeypatch, forged=True)
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    question = rechecking.asked(opened)
    assert rechecking.Asked.from_json(question.to_json()) == question
    here = rechecking.fold(question)
    assert rechecking._in_a_child(question) == here and here is not None
    monkeypatch.setattr(rechecking.sys, "executable", str(tmp_path / "no-such-python"))
    assert rechecking._in_a_child(question) is rechecking._NO_CHILD
    assert rechecking.recheck(opened) == here


# --- the app ----------------------------------------------------------------------------
async def test_the_app_shows_the_entries_numbers_and_names_the_line_that_lied(
    tmp_path, monkeypatch
):
    store = long_session(tmp_path, monkeypatch, forged=True)
    line = _last_line(store)
    whole = load_session(store, 1)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _until(
            pilot,
            lambda: isinstance(app.screen, TableScreen) and app.screen.state == whole.state,
        )
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert message == LIE_EN.format(line=line)
        # the players' table shows the entries' scores, not the forged ones
        assert app.screen.recording.session.history_from == 1
        await pilot.press("escape")
        await pilot.pause()
    app.finish_writing()  # the lie is not named again: a true state is kept as it closes
    with open_recording(store, 1, history=False) as rec:
        assert rec.session.state == load_session(store, 1).state
        assert rec.resumed_from is not None and rechecking.recheck(rec.resumed_from) is None


async def test_an_honest_session_says_nothing_and_its_numbers_never_change(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=False)
    calls = _counting(monkeypatch)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        opened_state = table.state
        await _until(pilot, lambda: calls == [1])  # it has answered
        await pilot.pause()
        await pilot.pause()
        assert table.state is opened_state  # the same session, never swapped
        assert table.recording.session.history_from > 1
        assert str(table.query_one("#message").render()) == ""
        assert not isinstance(app.screen, ReadingHistory)


async def test_keys_pressed_while_the_fold_runs_are_handled_and_it_runs_once(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=True)
    gate = threading.Event()
    calls: list[int] = []
    real = rechecking.recheck

    def held(opened, *stopped):
        calls.append(opened.sid)
        assert gate.wait(30)
        return real(opened, *stopped)

    monkeypatch.setattr(rechecking, "recheck", held)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        before = table.recording.session.ledger.next_seq
        await _until(pilot, lambda: calls == [1])
        for _ in range(3):  # a round, raised, folded by B: handled while the fold waits
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("u", "y")
            await pilot.pause()
            await pilot.press("u", "y")
            await pilot.pause()
        assert table.recording.session.ledger.next_seq == before + 12
        assert calls == [1] and not gate.is_set()
        gate.set()
        whole_now = lambda: load_session(store, 1).state  # noqa: E731
        await _until(
            pilot,
            lambda: (
                isinstance(app.screen, TableScreen) and table.recording.session.history_from == 1
            ),
        )
        await pilot.pause()
        assert table.state == whole_now()  # the entries' numbers, the keys' entries kept
        assert "line" in str(table.query_one("#message").render())
        await pilot.press("n")
        await pilot.pause()
        assert calls == [1]  # once per open, never per key


# --- the phones' page -------------------------------------------------------------------
@pytest.fixture
def quick_look(monkeypatch):
    monkeypatch.setattr(feed, "LOOK_EVERY", 0.05)


async def _state_json(client: TestClient, lang: str = "en") -> dict[str, Any]:
    reply = await client.get(f"/{TOKEN}/state.json", headers={"Accept-Language": lang})
    assert reply.status == 200
    return dict(await reply.json())


async def _page_until(client: TestClient, test, lang: str = "en") -> dict[str, Any]:
    for _ in range(1500):
        doc = await _state_json(client, lang)
        if test(doc):
            return doc
        await asyncio.sleep(0.02)
    raise AssertionError(f"not served in time: {doc}")


def _scores(doc: dict[str, Any]) -> dict[str, Any]:
    return {row["name"]: row["score"] for row in doc["players"]}


async def test_the_page_serves_the_entries_numbers_and_the_warning(
    tmp_path, monkeypatch, quick_look
):
    store = long_session(tmp_path, monkeypatch, forged=True)
    line = _last_line(store)
    whole = load_session(store, 1)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        doc = await _page_until(client, lambda doc: bool(doc["problem"]))
        assert doc["problem"] == (
            f"Line {line} of session 1's file vouched for saved numbers that are not what"
            " its entries give: the page now shows the entries' own numbers."
        )
        assert _scores(doc) == dict(whole.state.scores)
        ja = await _state_json(client, "ja")
        assert ja["problem"].startswith(f"セッション1のファイルの{line}行目")
    finally:
        await client.close()


async def test_an_honest_page_says_nothing_and_keeps_its_numbers(tmp_path, monkeypatch, quick_look):
    store = long_session(tmp_path, monkeypatch, forged=False)
    calls = _counting(monkeypatch)
    whole = load_session(store, 1)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        for _ in range(1500):
            if calls:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)  # looks after the fold
        doc = await _state_json(client)
        assert doc["problem"] == "" and _scores(doc) == dict(whole.state.scores)
        assert calls == [1]  # once per open, not per look
        assert app[FEED].followed.session.history_from > 1  # never read whole
    finally:
        await client.close()


# --- nothing waits for a fold nobody will read ---------------------------------------------
def _sleeping_children(monkeypatch) -> list:
    """Every child the fold starts sleeps instead (a fold that takes long), and is kept."""
    started: list = []
    real = rechecking.subprocess.Popen

    def popen(*args, **kwargs):
        child = real(*args, **kwargs)
        started.append(child)
        return child

    monkeypatch.setattr(rechecking, "_CHILD", "import time\ntime.sleep(600)\n")
    monkeypatch.setattr(rechecking.subprocess, "Popen", popen)
    return started


def test_a_stopped_fold_ends_its_child_and_finds_nothing(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=True)
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    started = _sleeping_children(monkeypatch)
    looks: list[int] = []

    def stopped() -> bool:
        looks.append(1)
        return len(looks) > 2

    assert rechecking.recheck(opened, stopped) is None  # no fold here either
    assert len(started) == 1 and started[0].returncode is not None  # ended, not left


async def test_leaving_the_table_ends_the_fold_under_way(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=True)
    started = _sleeping_children(monkeypatch)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _until(pilot, lambda: len(started) == 1)
        await pilot.press("escape")  # back to the list: the table and its worker go
        await _until(pilot, lambda: started[0].poll() is not None)
        assert not isinstance(app.screen, TableScreen)
    app.finish_writing()


async def test_an_entry_before_the_state_edited_in_place_is_said_by_the_app(tmp_path, monkeypatch):
    """An entry before the snapshot's state changed at the same length, its line checksum
    fixed up: opening at the state does not read it (docs/storage.md), the background fold
    does, and the table says which entry does not match, as a whole read says it."""
    from scorekeeper.storage.lines import decode, encode

    store = long_session(tmp_path, monkeypatch, forged=False)
    path = store.path(1)
    lines = path.read_bytes().split(b"\n")
    record = decode(lines[4])  # entry 3: round 1's showdown, won by A
    (doc,) = record["set"]["events"].values()
    assert doc["kind"] == "showdown" and doc["data"]["winner"] == "A"
    doc["data"]["winner"] = "C"
    edited, _ = encode(record)
    assert len(edited) == len(lines[4] + b"\n")
    lines[4] = edited.rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await _until(pilot, lambda: "entry 3" in str(table.query_one("#message").render()))
        assert str(table.query_one("#message").render()) == (
            "session 1 was changed after it was written: entry 3 does not match its chain."
            " Nothing was changed; scorekeeper verify 1 says more"
        )


async def test_taps_made_while_the_page_folds_are_recorded_and_kept(
    tmp_path, monkeypatch, quick_look
):
    """The recorder's phone taps while the fold runs: each tap is answered (recorded, on
    the disk) without waiting for it; when the fold finds the lie, the page shows the
    entries' numbers, those taps' entries among them."""
    from scorekeeper.web.desk import journal_desk
    from scorekeeper.web.links import RecorderLink

    store = long_session(tmp_path, monkeypatch, forged=True)
    gate = threading.Event()
    calls: list[int] = []
    real = rechecking.recheck

    def held(opened, *stopped):
        calls.append(opened.sid)
        assert gate.wait(30)
        return real(opened, *stopped)

    monkeypatch.setattr(rechecking, "recheck", held)
    rtoken = "Rec0rder-token-for-tests_"
    link = RecorderLink(rtoken, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    client = TestClient(TestServer(app))
    await client.start_server()
    own = {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}
    try:
        for _ in range(1500):
            if calls:
                break
            await asyncio.sleep(0.02)
        assert calls == [1]
        after = 300
        for number, words in enumerate((["round"], ["raise"])):
            body = {"id": f"tap-0000000{number}", "after": after, "words": words}
            reply = await client.post(f"/{rtoken}/entry", json=body, headers=own)
            answer = await reply.json()
            assert reply.status == 200 and answer["recorded"], answer
            after = answer["entries"]
        assert not gate.is_set()  # both answered while the fold waited
        gate.set()
        doc = await _page_until(client, lambda doc: bool(doc["problem"]))
        whole = load_session(store, 1)
        assert len(whole.events) == 302 and doc["entries_count"] == 302
        assert _scores(doc) == dict(whole.state.scores)
        assert calls == [1]
    finally:
        gate.set()
        await client.close()


def test_a_snapshot_of_the_first_form_is_compared_by_its_histories_texts(tmp_path, monkeypatch):
    """Journals written before keep snapshots of the first form (histories as texts): the
    same comparison, through the SHA-256 of each text. None names this one: a lie found
    in it is said without a line."""
    from dataclasses import replace

    from scorekeeper.services.session_source import Resumption
    from scorekeeper.storage import snapshot
    from tests.journal_support import kept_state

    store = long_session(tmp_path, monkeypatch, forged=False)
    kept = replace(kept_state(store, 1), digest="0" * 64, histories=None)
    first = snapshot.Snapshot(snapshot.encode({}, kept))
    taken = first.state()
    assert taken is not None and taken.histories is None and taken.apart
    assert rechecking.recheck(Resumption(store, 1, first, taken)) is None
    scores = json.loads(json.dumps(taken.state))
    scores["state"]["f"][3]["m"][0][1] += 100
    lie = rechecking.recheck(Resumption(store, 1, first, replace(taken, state=scores)))
    assert lie is not None and lie.line is None
    assert lie.message("en").startswith("session 1: its journal vouches for a snapshot")


async def test_stopping_the_page_ends_the_fold_under_way(tmp_path, monkeypatch, quick_look):
    store = long_session(tmp_path, monkeypatch, forged=True)
    started = _sleeping_children(monkeypatch)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        for _ in range(1500):
            if started:
                break
            await asyncio.sleep(0.02)
        assert len(started) == 1 and started[0].poll() is None
    finally:
        await client.close()  # the server stops
    for _ in range(1500):
        if started[0].poll() is not None:
            break
        await asyncio.sleep(0.02)
    assert started[0].poll() is not None  # ended, not left to fold for nobody
