"""What a player's page is told about a proposal (issue 46): the rules' refusal at
confirming in the player's own language, whatever the recorder's, through the journal's
desk and through the app's ``TAP`` line; and "waiting for NAME" naming the recorder whose
link is live now, when it is renewed for another name."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.cli.serve import AppDesk
from scorekeeper.core.events import Proposed
from scorekeeper.core.header import make_header
from scorekeeper.services.phone import Answer, Tap, record_tap
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app, set_recorder
from tests.test_web_player_links import RTOKEN, TOKEN, own, quick, tap, tokens  # noqa: F401
from tests.test_web_proposals import answer, doc, propose, until

AT = datetime(2026, 11, 29, 12, 0, 5, tzinfo=UTC)


def test_a_proposal_the_rules_refuse_is_said_in_every_language(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    proposed = Tap("p-00000001", 0, ("fold", "B"), proposed=Proposed("B", AT))
    with open_recording(store, 1) as rec:
        said = record_tap(rec, proposed, None, "en")  # between rounds: no fold
        own_tap = record_tap(rec, Tap("t-00000001", 0, ("fold", "B")), None, "en")
    assert said.status == 422 and said.text_in("en") == said.text
    assert said.text_in("ja") and said.text_in("ja") != said.text
    assert said.as_json()["texts"] == {"en": said.text, "ja": said.text_in("ja")}
    assert own_tap.texts == () and "texts" not in own_tap.as_json()  # the recorder's own


async def test_the_apps_answer_line_carries_the_refusal_in_every_language():
    desk, lines = AppDesk(), []
    desk.say = lines.append  # type: ignore[method-assign]  # the app's end of the pipe

    async def app_answers() -> None:
        while not lines:
            await asyncio.sleep(0.01)
        texts = {"en": "No.", "ja": "いいえ。", "xx": "?", "de": 3}
        said = {"n": 1, "status": 422, "recorded": False, "text": "No.", "texts": texts}
        desk._waiting[1].set_result(said)

    answering = asyncio.create_task(app_answers())
    got = await desk(Tap("p-00000001", 1, ("fold", "B"), proposed=Proposed("B", AT)), "en")
    await answering
    assert got.status == 422 and got.texts == (("en", "No."), ("ja", "いいえ。"))


async def test_the_player_hears_the_refusal_at_confirming_in_their_language(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    create_session(store, make_header("indian-official", ["A", "C", "D"], {}))
    with open_recording(store, 2) as rec:  # one entry too, so the count is the same
        record_tap(rec, Tap("t-00000001", 0, ("round",)), None, "en")

    async def elsewhere(one: Tap, lang: str) -> Answer:  # a desk where B sits nowhere
        with open_recording(store, 2) as rec:
            return record_tap(rec, one, None, lang)

    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, players=True)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        await tap(client, ["round"], 0, 1)
        ben = tokens(app)["B"]
        await until(client, ben, lambda d: d["after"] == 1)
        proposal = await (await propose(client, ben, ["fold", "B"], 1, 1, "ja")).json()
        app[SETTINGS].recorder = RecorderLink(RTOKEN, "A", elsewhere)
        reply = await answer(client, "confirm", {"id": proposal["id"]})  # the recorder: en
        assert reply.status == 422
        refusal = (await reply.json())["text"]
        said = (await doc(client, ben, "ja"))["said"]
        assert said["status"] == "refused"
        assert said["text"].startswith("記録役が断りました: Bが10で降りた (")
        assert refusal not in said["text"] and said["text"].endswith(")")
    finally:
        await client.close()


async def test_waiting_for_names_the_recorder_of_the_link_live_now(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link, players=True)
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        ben = tokens(app)["B"]
        assert (await doc(client, ben))["confirmer"] == "A"
        await set_recorder(app, "C", lambda name: journal_desk(store, 1, name))
        assert (await doc(client, ben))["confirmer"] == "C"
        page = await client.get(f"/{ben}/", headers=own(client))
        assert "waiting for {name}…" in await page.text()  # the page puts in the document's
    finally:
        await client.close()
