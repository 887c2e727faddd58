"""Players' proposals over HTTP (issue 46, wave 2): a player's tap queued, shown to the
recorder, confirmed as the recorder's own tap would record it (marked with who proposed
it), refused with a word in the player's language, withdrawn when the table moves on,
confirmed at once with the switch on; and what a player's link can never do."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app, player_links, revoke_player
from tests.test_web_player_links import RTOKEN, TOKEN, own, started, tap, tokens


async def doc(client, token: str, lang: str = "en") -> dict:
    reply = await client.get(f"/{token}/state.json?lang={lang}", headers=own(client))
    assert reply.status == 200, await reply.text()
    return await reply.json()


async def until(client, token: str, check, lang: str = "en") -> dict:
    """The document on *token* once it passes *check* (the next look at the file)."""
    async with asyncio.timeout(20):
        while True:
            now = await doc(client, token, lang)
            if check(now):
                return now
            await asyncio.sleep(0.02)


async def propose(client, token, words, after, number=1, lang="en"):
    body = {"id": f"prop-{number:08d}", "after": after, "words": words}
    return await client.post(f"/{token}/propose?lang={lang}", json=body, headers=own(client))


async def answer(client, what: str, body: dict):
    return await client.post(f"/{RTOKEN}/{what}", json=body, headers=own(client))


def events(tmp_path):
    return load_session(Store(tmp_path / "data"), 1).events


async def test_a_proposal_waits_for_the_recorder_and_is_recorded_with_who_proposed_it(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        ben = tokens(app)["B"]
        mine = await until(client, ben, lambda d: d["after"] == 1)
        offers = [(a["kind"], a["form"], a["choices"]) for a in mine["offers"]]
        assert offers[0] == ("fold", "player", ["B"])  # their own fold only, no raise
        assert {kind for kind, _, _ in offers} == {"fold", "showdown"}
        reply = await propose(client, ben, ["fold", "B"], 1)
        assert reply.status == 200, await reply.text()
        said = await reply.json()
        assert said["text"] == "Sent to the recorder: B folded at 10"
        rec = await doc(client, RTOKEN)
        assert [(p["player"], p["label"]) for p in rec["proposals"]] == [("B", "B: B folded at 10")]
        mine = await doc(client, ben)
        assert mine["mine"] == [{"id": said["id"], "label": "B folded at 10", "status": "waiting"}]
        cleo = await doc(client, tokens(app)["C"])
        assert cleo["mine"] == [] and cleo["said"] is None and "proposals" not in cleo
        assert "proposals" not in await doc(client, TOKEN)  # nor the viewers'
        reply = await answer(client, "confirm", {"id": said["id"]})
        assert reply.status == 200 and (await reply.json())["recorded"]
        mine = await until(client, ben, lambda d: d["after"] == 2)
        assert mine["said"]["status"] == "confirmed" and mine["mine"] == []
        assert (await doc(client, RTOKEN))["proposals"] == []
        fold = events(tmp_path)[-1]
        assert (fold.kind, fold.data, fold.recorder) == ("fold", {"player": "B"}, "A")
        assert fold.proposed is not None and fold.proposed.by == "B"
        again = await answer(client, "confirm", {"id": said["id"]})
        assert again.status == 200  # the same confirm sent again: one entry
        assert len(events(tmp_path)) == 2
    finally:
        await client.close()


async def test_a_players_link_cannot_act_for_another_confirm_correct_or_end(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        ben = tokens(app)["B"]
        await until(client, ben, lambda d: d["after"] == 1)
        app[SETTINGS].clock = iter(range(10**6)).__next__  # a second between taps
        refusals = {}
        for number, words in enumerate(
            (["fold", "C"], ["undo"], ["rate", "10"], ["end"], ["correct", "1", "x"],
             ["proposals", "auto"], ["raise"], ["note", "hi"]), start=1,
        ):  # fmt: skip
            reply = await propose(client, ben, words, 1, number)
            assert reply.status in (400, 422), words
            refusals[words[0]] = (await reply.json())["text"]
        assert refusals["fold"] == (
            "B cannot propose “Fold” for C: each player proposes their own moves"
        )
        assert refusals["raise"] == "only A, who leads this round, may propose “Raise the stake”"
        assert "only the recorder" in refusals["end"] and "only the recorder" in refusals["rate"]
        assert (await doc(client, RTOKEN))["proposals"] == []  # nothing queued
        queued = await (await propose(client, ben, ["fold", "B"], 1, 20)).json()
        for what, body in (("confirm", {"id": queued["id"]}), ("refuse", {"id": queued["id"]}),
                           ("revoke", {"name": "C"}), ("entry", {"id": "tap-00000009",
                           "after": 1, "words": ["fold", "B"]})):  # fmt: skip
            reply = await client.post(f"/{ben}/{what}", json=body, headers=own(client))
            assert reply.status == 403, what
        viewers = await client.post(f"/{TOKEN}/propose", json={}, headers=own(client))
        assert viewers.status == 403
        elsewhere = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
        reply = await client.post(f"/{ben}/propose", json={}, headers=elsewhere)
        assert reply.status == 403
        assert len(events(tmp_path)) == 1  # nothing written by a player
        assert len((await doc(client, RTOKEN))["proposals"]) == 1
    finally:
        await client.close()


async def test_nothing_after_a_revoke(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        ben = tokens(app)["B"]
        await until(client, ben, lambda d: d["after"] == 1)
        await propose(client, ben, ["fold", "B"], 1)
        reply = await answer(client, "revoke", {"name": "B"})
        assert reply.status == 200
        assert (await doc(client, RTOKEN))["proposals"] == []  # withdrawn with the link
        assert (await propose(client, ben, ["fold", "B"], 1, 2)).status == 403
        assert tokens(app)["B"] != ben
        await propose(client, tokens(app)["C"], ["fold", "C"], 1, 3)
        revoke_player(app, "C")  # as the app's word does it
        assert (await doc(client, RTOKEN))["proposals"] == []
    finally:
        await client.close()


async def test_proposals_queue_in_order_and_a_refusal_is_said_in_the_players_language(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        links = tokens(app)
        await until(client, links["C"], lambda d: d["after"] == 1)
        cleo = await (await propose(client, links["C"], ["fold", "C"], 1, 1, "ja")).json()
        assert cleo["text"] == "記録役に送りました: Cが10で降りた"
        await propose(client, links["B"], ["fold", "B"], 1, 2)
        await propose(client, links["A"], ["raise"], 1, 3)
        rec = await doc(client, RTOKEN)
        assert [p["player"] for p in rec["proposals"]] == ["C", "B", "A"]  # as they came
        assert (await answer(client, "refuse", {"id": cleo["id"]})).status == 200
        said = (await doc(client, links["C"], "ja"))["said"]
        assert said == {"id": cleo["id"], "status": "refused",
                        "text": "記録役が断りました: Cが10で降りた"}  # fmt: skip
        rec = await doc(client, RTOKEN)
        assert [p["player"] for p in rec["proposals"]] == ["B", "A"]
        assert (await answer(client, "refuse", {"id": cleo["id"]})).status == 409  # once
    finally:
        await client.close()


async def test_an_entry_recorded_meanwhile_withdraws_every_stale_proposal(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        links = tokens(app)
        await until(client, links["B"], lambda d: d["after"] == 1)
        ben = await (await propose(client, links["B"], ["fold", "B"], 1)).json()
        await tap(client, ["fold", "C"], 1, 2)  # the recorder's own key meanwhile
        said = (await until(client, links["B"], lambda d: d["after"] == 2))["said"]
        assert said["status"] == "withdrawn" and said["id"] == ben["id"]
        assert said["text"] == (
            "Withdrawn, the table changed before it was confirmed: B folded at 10"
        )
        assert (await doc(client, RTOKEN))["proposals"] == []
        reply = await answer(client, "confirm", {"id": ben["id"]})
        assert reply.status == 409  # never confirmed against a table it was not made for
        late = await propose(client, links["B"], ["fold", "B"], 1, 2)  # made on the old table
        assert late.status == 422 and "table changed" in (await late.json())["text"]
        assert len(events(tmp_path)) == 2
    finally:
        await client.close()


async def test_with_the_switch_on_a_proposal_is_recorded_at_once(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["proposals", "auto"], 0, 1)
        await tap(client, ["round"], 1, 2)
        ben = tokens(app)["B"]
        await until(client, ben, lambda d: d["after"] == 2)
        assert app[FEED].auto_confirm
        reply = await propose(client, ben, ["fold", "B"], 2)
        assert reply.status == 200
        fold = events(tmp_path)[-1]
        assert fold.kind == "fold" and fold.proposed is not None and fold.proposed.by == "B"
        mine = await until(client, ben, lambda d: d["after"] == 3)
        assert mine["said"]["status"] == "confirmed"
        assert (await doc(client, RTOKEN))["proposals"] == []
    finally:
        await client.close()


async def test_a_player_proposing_faster_than_a_person_taps_is_refused(tmp_path):
    app, client = await started(tmp_path)
    try:
        ben = tokens(app)["B"]
        app[SETTINGS].clock = lambda: 0.0  # every tap in the same second
        replies = [await propose(client, ben, ["fold", "B"], 0, n) for n in range(1, 7)]
        assert [r.status for r in replies] == [422] * 5 + [429]
    finally:
        await client.close()


async def test_links_made_later_by_the_apps_word_offer_the_players_moves(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        await tap(client, ["round"], 0, 1)
        await until(client, RTOKEN, lambda d: d["after"] == 1)
        player_links(app)  # {"do": "players"}: the links, and from the next look their offers
        mine = await until(client, tokens(app)["B"], lambda d: d["offers"] != [])
        assert mine["offers"][0]["kind"] == "fold" and mine["offers"][0]["choices"] == ["B"]
    finally:
        await client.close()


async def test_the_recorder_confirms_a_queue_in_order_one_confirm_each(tmp_path):
    """Three proposals made at the same count: each is made for the table plus the ones
    queued ahead of it, so confirming the first does not make the others stale."""
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        links = tokens(app)
        await until(client, links["C"], lambda d: d["after"] == 1)
        made = [
            await (await propose(client, links[name], words, 1, number)).json()
            for number, (name, words) in enumerate(
                (("A", ["raise"]), ("B", ["fold", "B"]), ("C", ["fold", "C"])), start=1
            )
        ]
        assert (await answer(client, "confirm", {"id": made[0]["id"]})).status == 200
        worded = ["B: B folded at 20", "C: C folded at 20"]  # for the table they now wait on
        rec = await until(client, RTOKEN, lambda d: [p["label"] for p in d["proposals"]] == worded)
        assert [p["id"] for p in rec["proposals"]] == [made[1]["id"], made[2]["id"]]
        for proposal in made[1:]:
            reply = await answer(client, "confirm", {"id": proposal["id"]})
            assert reply.status == 200, await reply.text()
        recorded = [(e.kind, e.data, e.proposed and e.proposed.by) for e in events(tmp_path)[1:]]
        assert recorded == [
            ("raise", {}, "A"), ("fold", {"player": "B"}, "B"), ("fold", {"player": "C"}, "C")
        ]  # fmt: skip
        cleo = await until(client, links["C"], lambda d: d["after"] >= 4)
        assert cleo["said"]["status"] == "confirmed"
    finally:
        await client.close()


async def test_a_recorders_own_entry_between_withdraws_the_rest_of_the_queue(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        links = tokens(app)
        await until(client, links["C"], lambda d: d["after"] == 1)
        first = await (await propose(client, links["A"], ["raise"], 1, 1)).json()
        ben = await (await propose(client, links["B"], ["fold", "B"], 1, 2)).json()
        await propose(client, links["C"], ["fold", "C"], 1, 3)
        assert (await answer(client, "confirm", {"id": first["id"]})).status == 200
        rec = await until(client, RTOKEN, lambda d: d["after"] == 2)
        assert [p["player"] for p in rec["proposals"]] == ["B", "C"]  # still waiting
        await tap(client, ["note", "drinks"], 2, 2)  # the recorder's own key
        rec = await until(client, RTOKEN, lambda d: d["after"] == 3)
        assert rec["proposals"] == []
        said = (await doc(client, links["C"]))["said"]
        assert said["status"] == "withdrawn"
        assert (await answer(client, "confirm", {"id": ben["id"]})).status == 409
        assert [e.kind for e in events(tmp_path)] == ["round", "raise", "note"]
    finally:
        await client.close()


async def test_a_proposal_its_queues_confirmation_made_illegal_is_refused_in_words(tmp_path):
    app, client = await started(tmp_path)
    try:
        await tap(client, ["round"], 0, 1)
        links = tokens(app)
        await until(client, links["C"], lambda d: d["after"] == 1)
        won = await (await propose(client, links["B"], ["showdown", "B"], 1, 1)).json()
        cleo = await (await propose(client, links["C"], ["fold", "C"], 1, 2)).json()
        assert (await answer(client, "confirm", {"id": won["id"]})).status == 200
        reply = await answer(client, "confirm", {"id": cleo["id"]})  # the round is over
        said = await reply.json()
        assert reply.status == 422 and not said["recorded"] and said["text"]
        word = (await doc(client, links["C"]))["said"]
        assert word["status"] == "refused" and word["id"] == cleo["id"]
        assert word["text"] == f"The recorder refused: C folded at 10 ({said['text']})"
        assert [e.kind for e in events(tmp_path)] == ["round", "showdown"]
        assert (await doc(client, RTOKEN))["proposals"] == []
    finally:
        await client.close()
