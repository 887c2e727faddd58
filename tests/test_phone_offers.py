"""The recorder's phone offers what the table's footer offers (issue 37 point 2: "the
page and the app can never offer different things"): after every entry of generated
sessions of every game (undo, corrections, joining, leaving, rebuys; tests/session_gen.py),
each kind the rules allow now is a button on the phone, but the hand-over of the record
book (the link records as one recorder: docs/display.md), and correcting a past round is
one exactly when the app's ctrl+r is. Found missing before: Pochen's turned card, check
and show, and the official game's showdown by the cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.events import Entry
from scorekeeper.core.session import Session
from scorekeeper.core.words import entry_words, parse_entry
from scorekeeper.services.phone import phone_actions
from tests.session_gen import GAMES, build_session
from tests.test_views_agree import SETTINGS

#: The hand-over; and the money rate (issue 43), set on the new-session form or with $ in
#: the app: the phone shows the rate (the session's), it does not set it.
NOT_ON_THE_PHONE = {"recorder", "rate"}


def offered(session: Session) -> set[str]:
    return {action["kind"] for action in phone_actions(session, "en")}


def allowed(session: Session) -> set[str]:
    # as the footer offers them: one key for one thing (a Pochen check before a bet is its
    # pass: Session.legal_once)
    kinds = {action.kind for action in session.legal_once()} - NOT_ON_THE_PHONE
    if session.correctable_rounds() > 0:
        kinds.add("correct")
    return kinds


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_the_phone_offers_every_entry_the_table_offers(game, data):
    offers_what_the_table_offers(build_session(data, game))


def offers_what_the_table_offers(generated: Session) -> None:
    """Replayed entry by entry, the phone offers what the table offers after each."""
    again = Session(generated.header)
    assert offered(again) == allowed(again)
    for event in generated.events:
        words = entry_words(generated.game, event)
        again.commit(again.check(Entry(*_parsed(again, words)), event.at))
        assert offered(again) == allowed(again), [entry_words(again.game, e) for e in again.events]


def _parsed(session: Session, words: list[str]) -> tuple[str, dict]:
    entry = parse_entry(session.game, words)
    return entry.kind, dict(entry.data)
