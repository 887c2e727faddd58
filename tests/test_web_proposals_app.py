"""Players' proposals with the app (issue 46, ``--with-app``): the page server writes a
``PROPOSALS`` line whenever the queue changes, takes the app's ``confirm`` / ``refuse``
words, and a confirmed proposal comes back to the app as an ordinary ``TAP`` line
carrying ``"proposed": {"by", "at"}``, which ``read_tap(from_server=True)`` reads."""

from __future__ import annotations

import asyncio
import json

from aiohttp.test_utils import TestClient, TestServer

from scorekeeper.cli.serve import AppDesk
from scorekeeper.core.header import make_header
from scorekeeper.services.phone import Tap, read_tap, record_tap
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.web.feed import FEED
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app
from tests.test_web_player_links import RTOKEN, TOKEN, own, quick  # noqa: F401 (a fixture)


async def next_line(lines: list[str], head: str, seen: int) -> tuple[dict, int]:
    """The first ``HEAD {json}`` line said after the first *seen* lines, and how many."""
    async with asyncio.timeout(20):
        while True:
            for index in range(seen, len(lines)):
                if lines[index].startswith(head + " "):
                    return json.loads(lines[index][len(head) + 1 :]), index + 1
            await asyncio.sleep(0.01)


async def test_the_app_is_told_the_queue_and_confirms_or_refuses_by_its_words(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    desk, lines = AppDesk(), []
    desk.say = lines.append  # type: ignore[method-assign]  # the app's end of the pipe
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10,
                   recorder=RecorderLink(RTOKEN, "A", desk), players=True)  # fmt: skip
    client = TestClient(TestServer(app))
    await client.start_server()
    loop = asyncio.get_running_loop()
    desk.attach(loop, app)
    ben = app[SETTINGS].players["B"].token
    try:
        body = {"id": "prop-00000001", "after": 0, "words": ["fold", "B"]}
        reply = await client.post(f"/{ben}/propose", json=body, headers=own(client))
        assert reply.status == 422  # between rounds: nothing to fold (the rules say so)
        app[SETTINGS].clock = iter(range(10**6)).__next__
        taps: list[Tap] = []

        async def answer_taps() -> None:  # the app records each TAP line it is handed
            seen = 0
            while True:
                tap_line, seen = await next_line(lines, "TAP", seen)
                tap = read_tap(tap_line, from_server=True)
                with open_recording(store, 1) as rec:
                    said = record_tap(rec, tap, "A", tap_line["lang"])
                taps.append(tap)
                desk._waiting[tap_line["n"]].set_result({**said.as_json(), "status": said.status})

        answering = asyncio.create_task(answer_taps())
        await client.post(f"/{RTOKEN}/entry", json={"id": "tap-00000001", "after": 0,
                          "words": ["round"]}, headers=own(client))  # fmt: skip
        async with asyncio.timeout(20):
            while app[FEED].count != 1:
                await asyncio.sleep(0.01)
        body = {"id": "prop-00000002", "after": 1, "words": ["fold", "B"]}
        assert (await client.post(f"/{ben}/propose", json=body, headers=own(client))).status == 200
        pending, seen = await next_line(lines, "PROPOSALS", 0)
        [one] = pending["pending"]
        assert (one["player"], one["words"], one["label"]) == (
            "B",
            ["fold", "B"],
            "B: B folded at 10",
        )
        assert set(one) == {"id", "player", "words", "label", "at"}
        desk._told(loop, app, {"do": "confirm", "id": one["id"]})
        pending, seen = await next_line(lines, "PROPOSALS", seen)
        assert pending == {"pending": []}
        tap = taps[-1]
        assert tap.proposed is not None and tap.proposed.by == "B"  # the TAP line said who
        assert tap.from_app  # the app's own confirm: it records it as its own key would
        assert tap.words == ("fold", "B") and tap.after == 1
        body = {"id": "prop-00000003", "after": 2, "words": ["fold", "C"]}
        cleo = app[SETTINGS].players["C"].token
        async with asyncio.timeout(20):
            while app[FEED].count != 2:
                await asyncio.sleep(0.01)
        assert (await client.post(f"/{cleo}/propose", json=body, headers=own(client))).status == 200
        pending, seen = await next_line(lines, "PROPOSALS", seen)
        desk._told(loop, app, {"do": "refuse", "id": pending["pending"][0]["id"]})
        pending, seen = await next_line(lines, "PROPOSALS", seen)
        assert pending == {"pending": []} and len(taps) == 2  # refused: nothing recorded
        answering.cancel()
    finally:
        await client.close()
