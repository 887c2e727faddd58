"""The cross-view property with entries recorded through the recorder's page (issue 37):
each generated session (undo, corrections, joining, leaving, rebuys, every game; see
tests/session_gen.py) is recorded again, entry by entry, by ``POST /{token}/entry`` as the
recorder's page sends it (its words, the entries it showed, an id), into a stored
session; an entry too long for one tap (a correction of many words) is recorded by the
command line's path in between, as a recorder with a laptop would. The stored session
is then read back from the disk as every reader reads it: its entries and its state are
the generated session's, and every view of it agrees (tests/test_views_agree.py)."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from aiohttp.test_utils import TestClient, TestServer
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.session import Session
from scorekeeper.core.words import entry_words, parse_entry
from scorekeeper.services.phone import MAX_WORD, MAX_WORDS
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app
from tests.session_gen import GAMES, build_session
from tests.test_views_agree import SETTINGS, check_every_view

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"


def fits_a_tap(words: list[str]) -> bool:
    return 1 <= len(words) <= MAX_WORDS and all(0 < len(w) <= MAX_WORD for w in words)


async def record_by_page(store: Store, generated: Session) -> int:
    """Every entry of *generated* recorded into session 1 of *store*; the taps made."""
    game = generated.game
    desk = journal_desk(store, 1, "")
    seconds = itertools.count(0.0, 1.0)  # a person's pace: never the flood refusal
    link = RecorderLink(RTOKEN, "", desk)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=5, recorder=link,
                   clock=lambda: next(seconds))  # fmt: skip
    client = TestClient(TestServer(app))
    await client.start_server()
    origin = {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}
    taps = 0
    try:
        for number, event in enumerate(generated.events):
            words = entry_words(game, event)
            if not fits_a_tap(words):
                with open_recording(store, 1, history=False) as rec:
                    rec.record(parse_entry(game, words))
                continue
            # the recorder's name: whoever holds the book then (no hand-over is added)
            before = generated.state_before(number) if number else Session(generated.header).state
            desk.name = before.recorder
            tap = {"id": f"tap-{number:08d}", "after": number, "words": words}
            reply = await client.post(f"/{RTOKEN}/entry", json=tap, headers=origin)
            answer = await reply.json()
            assert reply.status == 200 and answer["recorded"], (words, answer)
            assert answer["seq"] == number + 1
            taps += 1
    finally:
        await client.close()
    return taps


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_every_view_agrees_when_the_page_recorded_it(game, data, tmp_path_factory):
    generated = build_session(data, game)
    store = Store(tmp_path_factory.mktemp("page") / "data")
    create_session(store, generated.header)
    taps = asyncio.run(record_by_page(store, generated))
    stored = load_session(store, 1)
    assert [entry_words(stored.game, e) for e in stored.events] == [
        entry_words(generated.game, e) for e in generated.events
    ]
    assert stored.state.scores == generated.state.scores
    assert stored.state.results == generated.state.results
    assert taps >= len(generated.events) - sum(e.kind == "correct" for e in generated.events)
    check_every_view(stored)
