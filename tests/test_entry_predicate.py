"""One predicate per entry kind: "may I" and "do it" can never disagree (issue 36, point 6).

For every state of generated sessions of every game (undo, corrections, join, leave,
rebuy among them), and every kind of entry: ``Session.why_not`` lets the kind through
exactly when ``legal()`` offers it; when it does not, the entry is refused with the
same message key whatever its data (checking an entry asks the same predicate first);
and when it does, the plainest entry of the kind (``plainest``) is accepted, so a
predicate that lets through what the rules of the data can never accept is caught.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.session import Session
from scorekeeper.messages import LANGUAGES
from tests.session_gen import DECK, GAMES, GARBAGE, build_session

#: The entries every game knows that legal() may offer (``correct`` is checked whole, by
#: its own rules, and is no key of its own).
COMMON = ("round", "undo", "note", "rate", "recorder", "proposals", "join", "leave", "rebuy", "end")


def kinds(session: Session) -> list[str]:
    return sorted(session.game.round_kinds) + list(COMMON)


def payloads(session: Session) -> list[dict[str, Any]]:
    """Data of every shape an entry of any kind takes, naming the player to act (or the
    first seated) and the last one named; and no data at all."""
    state = session.state
    names = state.names()
    view = session.game.round_view(state)
    turn = view.to_act if view is not None and view.to_act else state.seated()[0]
    high = (view.stake or 0) if view is not None else 0
    shown = {name: DECK[i % len(DECK)] for i, name in enumerate(names)}
    found: list[dict[str, Any]] = [
        {},
        {"cards": shown},
        {"ranking": [list(names)]},
        {"sets": [[names[0], ["KD", "KS"]]]},
        {"card": "8D"},
        {"suit": "D"},
        {"text": "a note"},
    ]
    for player in dict.fromkeys((turn, names[-1])):
        found += [
            {"player": player},
            {"player": player, "amount": high + 1},
            {"winner": player},
            {"losers": [player]},
            {"player": player, "pools": ["ace"]},
            {"player": player, "chips": 5},
            {"player": player, "paid": {}},
            {"player": player, "after": None},
        ]
    return found


def plainest(session: Session, kind: str, choices: tuple[str, ...]) -> dict[str, Any] | None:
    """Data the rules accept for an entry of *kind* whenever its predicate lets it through;
    None where that takes more than the state tells (a claim, a Poch set shown)."""
    state, game = session.state, session.game.id
    view = session.game.round_view(state)
    first = choices[0] if choices else ""
    if kind in ("round", "undo", "end"):
        return {}
    if kind == "note":
        return {"text": "a note"}
    if kind == "rate":
        return {"amount": "10", "currency": "JPY"}
    if kind == "proposals":
        return {"auto": not state.auto_confirm}
    if kind == "join":
        return {"player": "Newcomer", "after": None}
    if kind == "rebuy":
        return {"player": state.seated()[0], "chips": 1}
    if kind in ("turned", "trump"):
        return {"card": "8D"} if kind == "turned" else {"suit": "D"}
    if kind in ("bet", "raise") and game == "pochen":
        return {"player": first, "amount": ((view.stake or 0) if view else 0) + 1}
    if kind in ("lose", "reveal"):
        cards = {p: DECK[i] for i, p in enumerate(choices)}
        return {"losers": [first]} if kind == "lose" else {"cards": cards}
    if kind == "showdown":
        return {"winner": state.parent} if game == "indian-official" else {"ranking": [[*choices]]}
    if kind == "poch":
        return {"ranking": [[*choices]]}
    if kind == "out":
        others = {p: 1 for p in choices if p != first}
        return {"player": first, "paid": others if state.options["card_payment"] else {}}
    if kind in ("claim", "show"):
        return None
    return {"player": first}  # fold, check, call, pass, redraw, leave, recorder; a bet, a raise


def named_first(session: Session, kind: str, data: Any) -> tuple[str, ...]:
    """The one refusal more telling than the predicate's: ``leave`` of a player who has
    already left says so, whatever else stops a leave now (issue 43, point 7)."""
    named = data.get("player") if isinstance(data, dict) else None
    gone = kind == "leave" and isinstance(named, str) and session.state.returning(named)
    return ("rules.already_left",) if gone else ()


def assert_one_predicate(session: Session, at: datetime, garbage: dict[str, Any]) -> None:
    legal = {action.kind: action.choices for action in session.legal()}
    for kind in kinds(session):
        refused = session.why_not(kind)
        assert (refused is None) == (kind in legal), (kind, refused and refused.message("en"))
        if refused is None:
            data = plainest(session, kind, legal[kind])
            if data is not None:  # "may" means the rules of the data can accept one
                try:
                    session.check(Entry(kind, data), at)
                except RuleError as error:
                    raise AssertionError((kind, data, error.message("en"))) from None
            continue
        assert isinstance(refused, RuleError)
        for lang in LANGUAGES:  # plain words in both languages, every parameter filled in
            assert refused.message(lang)
        before, count = session.state, len(session.events)
        for data in [*payloads(session), garbage]:
            with pytest.raises(RuleError) as info:
                session.check(Entry(kind, data), at)
            assert info.value.key in (refused.key, *named_first(session, kind, data)), (
                kind,
                data,
                info.value.message("en"),
            )
        assert session.state is before and len(session.events) == count


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_why_not_is_what_legal_offers_and_what_every_entry_is_refused_by(data, game):
    session = build_session(data, game)
    garbage = dict(data.draw(GARBAGE)[1])
    replay = Session(session.header)
    at = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)  # tried at the next entry's time
    for event in session.events:  # every state the session went through
        at = event.at
        assert_one_predicate(replay, at, garbage)
        replay.commit(event)
    assert_one_predicate(replay, at, garbage)
    assert replay.state == session.state
    assert replay.why_not("correct") is None  # a correction is checked whole, by its rules
