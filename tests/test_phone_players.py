"""A player's page offers exactly what the core says that player may propose (issue 46,
"Done when"): after every entry of generated sessions of every game (tests/session_gen.py),
for every seated player, ``player_actions`` draws exactly ``player_legal`` (kinds and
choices); an entry of it is taken by ``may_propose`` exactly when the rules take it; and
every other entry the table allows now, or one of the player's naming someone else, is
refused in plain words."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Proposed
from scorekeeper.core.games import game_spec
from scorekeeper.core.header import make_header
from scorekeeper.core.proposing import may_propose, player_legal
from scorekeeper.core.session import Session
from scorekeeper.core.words import entry_words, parse_entry
from scorekeeper.messages import UserError
from scorekeeper.services.phone import player_actions, read_tap
from tests.session_gen import GAMES, build_session, entry_data

EXAMPLES = int(os.environ.get("SCOREKEEPER_VIEW_EXAMPLES", "30")) // 2 or 1


def drawn(session: Session, player: str) -> set[tuple[str, tuple[str, ...]]]:
    """What the player's page draws (a second way to the same entry, e.g. a showdown by
    the cards, is the same entry)."""
    docs = player_actions(session, player, "en")
    return {(doc["kind"], tuple(doc["choices"])) for doc in docs if "prefix" not in doc}


def agrees(data: st.DataObject, session: Session) -> None:
    proposers = game_spec(session.game.id).proposers
    for player in session.state.seated():
        mine = player_legal(session, player)
        assert drawn(session, player) == {(a.kind, a.choices) for a in mine}
        for action in mine:
            entry = Entry(action.kind, entry_data(data, session, action))
            try:
                session.check(entry)
                taken = True
            except RuleError:
                taken = False
            refused = may_propose(session, player, entry)
            assert (refused is None) == taken, (player, entry, refused)
            if refused is not None:
                assert refused.message("ja")  # said in words, in both languages
            if proposers[action.kind] == "self":
                for other in session.state.seated():
                    if other != player:
                        named = Entry(action.kind, {**entry.data, "player": other})
                        assert may_propose(session, player, named) is not None
        kinds = {action.kind for action in mine}
        for action in session.legal_once():
            if action.kind not in kinds:
                entry = Entry(action.kind, entry_data(data, session, action))
                assert may_propose(session, player, entry) is not None, (player, entry)


PROPERTY = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("game", list(GAMES))
@PROPERTY
@given(data=st.data())
def test_a_players_page_offers_exactly_what_the_core_lets_them_propose(game, data):
    generated = build_session(data, game)
    again = Session(generated.header)
    agrees(data, again)
    for event in generated.events:
        words = entry_words(generated.game, event)
        entry = parse_entry(again.game, words)
        again.commit(again.check(Entry(entry.kind, entry.data), event.at))
        agrees(data, again)


def test_a_tap_from_the_page_server_carries_who_proposed_it_and_a_phones_does_not():
    body = {
        "id": "p-abcdefgh",
        "after": 1,
        "words": ["fold", "B"],
        "proposed": {"by": "B", "at": "2026-12-06T12:04:05+00:00"},
    }
    assert read_tap(body, from_server=True).proposed == Proposed(
        "B", datetime(2026, 12, 6, 12, 4, 5, tzinfo=UTC)
    )
    assert read_tap(body).proposed is None  # a phone cannot say who proposed it
    for bad in ("B", {"by": "B"}, {"by": "", "at": "2026-12-06T12:04:05+00:00"},
                {"by": "B", "at": "2026-12-06T12:04:05"}, {"by": "B", "at": "noon"}):  # fmt: skip
        with pytest.raises(UserError) as info:
            read_tap({**body, "proposed": bad}, from_server=True)
        assert info.value.message("en").startswith("Not recorded: the page sent something")


def test_a_confirmed_tap_records_who_proposed_it(tmp_path):
    from scorekeeper.services.phone import record_tap
    from scorekeeper.services.recording import create_session, open_recording
    from scorekeeper.storage import Store

    store = Store(tmp_path)
    header = make_header("indian-official", ["A", "B", "C"], {})
    sid = create_session(store, header)
    proposed = {"by": "B", "at": "2026-12-06T12:04:05+00:00"}
    with open_recording(store, sid) as rec:
        rec.record(Entry("round"))
        tap = read_tap(
            {"id": "p-abcdefgh", "after": 1, "words": ["fold", "B"], "proposed": proposed},
            from_server=True,
        )
        answer = record_tap(rec, tap, None, "en")
        assert answer.recorded, answer.text
        assert rec.session.events[-1].proposed == tap.proposed
        assert rec.session.events[-1].recorder == "A"
