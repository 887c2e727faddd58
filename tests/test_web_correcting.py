"""Correcting a past round from the recorder's phone (issue 37): the round played again on
the page server, in memory, each tap checked by the rules there and counted once; one
``correct`` entry recorded through the same desk as any tap, equal to the same correction
made at the app's correcting table; refusals in plain words with nothing written."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.core.words import parse_entry
from scorekeeper.services.correcting import Correcting
from scorekeeper.services.phone import (
    ROUNDS_SHOWN,
    Tap,
    phone_actions,
    record_tap_locked,
    round_lines,
)
from scorekeeper.services.phone_correcting import start_correction
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from tests.test_web_recorder import RTOKEN, TOKEN, client_for, journal, own, quick, tap

__all__ = ["quick"]  # the fixture, used here too

ROUNDS = [["round"], ["raise"], ["fold", "B"], ["showdown", "C"], ["round"], ["showdown", "B"]]
#: Round 1 as it should have been: B won it, and nobody folded.
AGAIN = [["raise"], ["showdown", "B"]]
REASON = "B won round 1, not C"


def played(tmp_path, name="data", game="indian-official", rounds=ROUNDS, **header) -> Store:
    store = Store(tmp_path / name)
    create_session(store, make_header(game, ["A", "B", "C"], header.pop("options", {}), **header))
    with open_recording(store, 1) as rec:
        for words in rounds:
            rec.record(parse_entry(rec.session.game, words))
    return store


async def step(client, what, tap_id, token=RTOKEN, **body):
    reply = await client.post(
        f"/{token}/correct", json={"id": tap_id, "do": what, **body}, headers=own(client)
    )
    return reply.status, await reply.json()


async def correct_by_taps(client, number, again, reason, start_id="c-start-0001"):
    status, said = await step(client, "start", start_id, round=number)
    assert status == 200 and said["correction"]["correction"]["round"] == number, said
    after = said["correction"]["after"]
    for index, words in enumerate(again):
        status, said = await step(client, "tap", f"c-tap-{index:06d}", after=after, words=words)
        assert status == 200 and said["ok"] and not said["recorded"], said
        after = said["correction"]["after"]
    assert said["correction"]["correction"]["played"]
    return await step(client, "save", "c-save-00001", reason=reason)


def by_the_app(tmp_path, number, again, reason) -> Store:
    """The same correction made as the app's correcting table makes it."""
    store = played(tmp_path, "app")
    with open_recording(store, 1) as rec:
        correcting = Correcting(rec, number)
        for words in again:
            correcting.record(parse_entry(correcting.session.game, words))
        correcting.commit(reason)
    return store


def facts(store: Store) -> list[tuple[str, dict, str]]:
    return [(e.kind, dict(e.data), e.recorder) for e in load_session(store, 1).events]


async def test_a_correction_by_taps_is_the_one_the_apps_correcting_table_makes(tmp_path):
    store = played(tmp_path)
    client = await client_for(store)
    try:
        status, said = await correct_by_taps(client, 1, AGAIN, REASON)
        assert status == 200 and said["recorded"] and said["seq"] == 7, said
        assert said["correction"] is None  # nothing in progress any more
        for _ in range(100):  # the viewers' table has it
            state = await (await client.get(f"/{TOKEN}/state.json")).json()
            if state["entries_count"] == 7:
                break
            await asyncio.sleep(0.05)
        assert state["entries_count"] == 7
        nets = {row["name"]: row["net"] for row in state["standings"]}
    finally:
        await client.close()
    app = by_the_app(tmp_path, 1, AGAIN, REASON)
    assert facts(store) == facts(app)
    assert load_session(store, 1).state.scores == load_session(app, 1).state.scores
    assert nets == dict(load_session(app, 1).state.scores)


async def test_the_round_played_again_refuses_in_plain_words_and_writes_nothing(tmp_path):
    store = played(tmp_path)
    written = journal(store)
    client = await client_for(store)
    try:
        status, said = await step(client, "start", "c-start-0001", round=3)
        assert status == 422 and "no round 3" in said["text"], said
        status, said = await step(client, "save", "c-save-00000", reason="x")
        assert status == 409 and "no round is being corrected" in said["text"], said
        status, said = await step(client, "start", "c-start-0002", round=1)
        assert status == 200 and said["correction"]["after"] == 1
        kinds = [action["kind"] for action in said["correction"]["actions"]]
        assert "raise" in kinds and "showdown" in kinds  # the round's own entries
        for kind in ("round", "correct", "note", "undo"):  # not below the round's start
            assert kind not in kinds
        status, said = await step(client, "tap", "c-tap-000001", after=1, words=["round"])
        assert status == 422 and "only its own entries" in said["text"], said
        status, said = await step(client, "tap", "c-tap-000002", after=1, words=["fold", "A"])
        assert status == 422 and "parent" in said["text"], said
        status, said = await step(client, "save", "c-save-00001", reason="too soon")
        assert status == 422 and "not over yet" in said["text"], said
        status, said = await step(client, "tap", "c-tap-000003", after=1, words=["showdown", "C"])
        assert status == 200
        status, said = await step(client, "save", "c-save-00002", reason=" ")
        assert status == 422 and "needs a reason" in said["text"], said
        status, said = await step(client, "cancel", "c-leave-0001")
        assert status == 200 and "left unchanged" in said["text"] and said["correction"] is None
        assert journal(store) == written
        body = {"id": "c-flag-00001", "after": 0, "words": ["correct", "1", "x", "showdown C"],
                "correction": True}  # fmt: skip
        reply = await client.post(f"/{RTOKEN}/entry", json=body, headers=own(client))
        assert reply.status == 409  # the page's tap is held to the entries it showed
    finally:
        await client.close()
    assert journal(store) == written


async def test_the_final_tap_sent_twice_records_one_correction(tmp_path):
    store = played(tmp_path)
    client = await client_for(store)
    try:
        first = await correct_by_taps(client, 1, AGAIN, REASON)
        again = await step(client, "save", "c-save-00001", reason=REASON)
        assert first == again and first[1]["recorded"]
        other = await step(client, "save", "c-save-00002", reason=REASON)
        assert other[0] == 409 and not other[1]["recorded"]
        a_tap = await step(client, "tap", "c-tap-000009", after=1, words=["raise"])
        assert a_tap[0] == 409 and a_tap[1]["correction"] is None
    finally:
        await client.close()
    assert [e.kind for e in load_session(store, 1).events].count("correct") == 1


def test_the_correction_sent_again_after_a_restart_is_answered_as_recorded(tmp_path):
    store = played(tmp_path)
    correction = start_correction(store, 1, 1)
    for index, words in enumerate(AGAIN):
        answer = correction.tap(Tap(f"c-tap-{index:06d}", correction.entries, tuple(words)), "en")
        assert answer.recorded
    same = correction.tap(Tap("c-tap-000001", correction.entries - 1, ("showdown", "B")), "en")
    assert same.recorded and correction.entries == 3  # counted once
    final = correction.correction_tap("c-save-00001", REASON)
    first = record_tap_locked(store, 1, final, "A", "en")
    written = journal(store)
    second = record_tap_locked(store, 1, final, "A", "en")
    assert first.recorded and second.recorded and first.seq == second.seq == 7
    assert "Already recorded" in second.text and journal(store) == written


async def test_an_entry_recorded_meanwhile_still_holds_after_the_correction(tmp_path):
    store = played(tmp_path)
    client = await client_for(store)
    try:
        status, said = await step(client, "start", "c-start-0001", round=1)
        after = said["correction"]["after"]
        assert (await tap(client, ["round"], 6, "tap-round-3"))[0] == 200
        for index, words in enumerate(AGAIN):
            status, said = await step(client, "tap", f"c-tap-{index:06d}", after=after,
                                      words=words)  # fmt: skip
            after = said["correction"]["after"]
        status, said = await step(client, "save", "c-save-00001", reason=REASON)
        assert status == 200 and said["recorded"] and said["seq"] == 8, said
    finally:
        await client.close()
    session = load_session(store, 1)
    assert session.state.in_round and session.state.round == 3  # the round begun meanwhile
    assert [e.kind for e in session.events][-2:] == ["round", "correct"]


CHIPS = [["round"], ["bet", "B"], ["raise", "C"], ["fold", "A"], ["call", "B"],
         ["showdown", "B", ">", "C"]]  # fmt: skip
CHIPS_AGAIN = [["bet", "B"], ["raise", "C"], ["fold", "A"], ["call", "B"],
               ["showdown", "C", ">", "B"]]  # fmt: skip


async def test_a_correction_a_later_entry_no_longer_allows_is_refused_cleanly(tmp_path):
    options = {"stack": "10", "ante": "1", "bet": "4"}
    store = played(tmp_path, game="indian-chips", rounds=CHIPS, options=options, parent="A")
    client = await client_for(store)
    try:
        status, said = await step(client, "start", "c-start-0001", round=1)
        after = said["correction"]["after"]
        for index, words in enumerate(CHIPS_AGAIN):
            status, said = await step(client, "tap", f"c-tap-{index:06d}", after=after,
                                      words=words)  # fmt: skip
            assert status == 200, said
            after = said["correction"]["after"]
        for number, words in enumerate([["round"], ["bet", "A"]]):  # meanwhile, at the table
            assert (await tap(client, words, 6 + number, f"tap-meanwhile-{number}"))[0] == 200
        written = journal(store)
        status, said = await step(client, "save", "c-save-00001", reason="C won")
        assert status == 422 and not said["recorded"], said
        assert "#8 (bet A)" in said["text"] and "C's turn" in said["text"]
        assert said["correction"] is not None  # kept: to undo and change, or to leave
        assert journal(store) == written
    finally:
        await client.close()


async def test_the_viewers_link_cannot_correct(tmp_path):
    store = played(tmp_path)
    written = journal(store)
    client = await client_for(store)
    try:
        for what, body in (("start", {"round": 1}), ("save", {"reason": "x"})):
            status, said = await step(client, what, "c-viewer-001", token=TOKEN, **body)
            assert status == 403 and "viewers' link" in said["text"], said
        reply = await client.get(f"/{TOKEN}/correction.json")
        assert reply.status == 403
        reply = await client.get(f"/{TOKEN}/state.json")
        kinds = [action["kind"] for action in (await reply.json()).get("actions", [])]
        assert kinds == []
    finally:
        await client.close()
    assert journal(store) == written


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_button_is_offered_when_the_app_offers_ctrl_r(tmp_path, lang):
    store = played(tmp_path, rounds=[["round"], ["raise"]])
    session = load_session(store, 1)
    assert session.correctable_rounds() == 0  # round 1 in play: none finished
    assert "correct" not in [a["kind"] for a in phone_actions(session, lang)]
    store = played(tmp_path, "one", rounds=ROUNDS[:4])
    session = load_session(store, 1)
    assert phone_actions(session, lang)[-1]["kind"] == "correct"  # one finished: offered
    assert [r["round"] for r in round_lines(session.state, lang)["rounds"]] == [1]
    store = played(tmp_path, "more")
    session = load_session(store, 1)
    button = next(a for a in phone_actions(session, lang) if a["kind"] == "correct")
    assert button["label"] == {"en": "Correct a past round", "ja": "過去のラウンドを訂正"}[lang]
    listed = round_lines(session.state, lang)
    assert [r["round"] for r in listed["rounds"]] == [2, 1] and not listed["older"]
    assert "C +60" in listed["rounds"][1]["text"]


async def test_the_rounds_are_listed_when_asked_a_page_at_a_time(tmp_path):
    """The list of rounds to correct is read when the recorder opens it (``rounds.json``),
    30 at a time from the newest, never with every table the page is sent: a long
    session's thousands of rounds would be worked out at every entry."""
    store = played(tmp_path, rounds=[["round"], ["showdown", "B"]] * 70)
    client = await client_for(store)
    try:
        reply = await client.get(f"/{RTOKEN}/state.json", headers=own(client))
        doc = await reply.json()
        button = next(a for a in doc["actions"] if a["kind"] == "correct")
        assert "rounds" not in button  # not with the table
        pages, before = [], ""
        while True:
            reply = await client.get(f"/{RTOKEN}/rounds.json?lang=ja{before}", headers=own(client))
            assert reply.status == 200
            said = await reply.json()
            pages.append([r["round"] for r in said["rounds"]])
            if not said["older"]:
                break
            before = f"&before={pages[-1][-1]}"
        assert ROUNDS_SHOWN == 30
        assert pages == [list(range(70, 40, -1)), list(range(40, 10, -1)), list(range(10, 0, -1))]
        assert said["rounds"][0]["label"] == "ラウンド10"
        reply = await client.get(f"/{TOKEN}/rounds.json", headers=own(client))
        assert reply.status in (403, 404)  # the viewers' link has no such thing
        reply = await client.get(f"/{RTOKEN}/rounds.json?before=x", headers=own(client))
        assert reply.status == 400  # junk: refused in words, as stakes.json refuses it
        assert "give a whole number in the digits 0–9" in await reply.text()
    finally:
        await client.close()
