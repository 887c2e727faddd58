"""The player's page's document carries the core's offers (issue 46, "Done when": each
player's page offers exactly the core's legal entries for that player), built as the page
server builds it (web/feed.py ``Feed.player_document``), after every entry of generated
sessions of every game (tests/session_gen.py): ``"offers"`` is ``player_actions`` in the
document's language, and its kinds and choices are ``player_legal``'s for that player.
No server and no browser: the feed is made on the session in memory."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.events import Entry
from scorekeeper.core.proposing import player_legal
from scorekeeper.core.session import Session
from scorekeeper.core.words import entry_words, parse_entry
from scorekeeper.messages import LANGUAGES
from scorekeeper.services.phone import player_actions
from scorekeeper.services.showing import Shown
from scorekeeper.storage import Store
from scorekeeper.web.feed import Feed
from tests.session_gen import GAMES, build_session

EXAMPLES = int(os.environ.get("SCOREKEEPER_VIEW_EXAMPLES", "30")) // 6 or 1
#: No names to suggest (the recorder's join form reads them once, from this empty folder).
EMPTY = Store(Path(tempfile.mkdtemp(prefix="scorekeeper-player-doc-")) / "data")


class InMemory(Shown):
    """The session the feed follows, held in memory: the feed reads its ``session``."""

    store = EMPTY


def documents_agree(session: Session) -> None:
    """Every seated player's document, in each language, offers what the core says."""
    feed = Feed(InMemory(1, session, "display.read_only"), recorder=True, players=True)  # type: ignore[arg-type]
    for player in session.state.seated():
        legal = {(action.kind, action.choices) for action in player_legal(session, player)}
        for lang in LANGUAGES:
            doc = json.loads(feed.player_document(lang, player, "A"))
            assert doc["me"] == player and doc["after"] == session.ledger.next_seq - 1
            assert doc["offers"] == player_actions(session, player, lang)
            offered = {(o["kind"], tuple(o["choices"])) for o in doc["offers"] if "prefix" not in o}
            assert offered == legal, (player, lang)
            assert "actions" not in doc and "proposals" not in doc  # nothing of the recorder's


@pytest.mark.parametrize("game", list(GAMES))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_the_players_document_offers_the_cores_entries_for_them(game, data):
    generated = build_session(data, game)
    again = Session(generated.header)
    documents_agree(again)
    for event in generated.events:
        entry = parse_entry(again.game, entry_words(generated.game, event))
        again.commit(again.check(Entry(entry.kind, entry.data), event.at))
        documents_agree(again)
