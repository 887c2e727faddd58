"""The page server's queue of players' proposals (services/proposals.py, issue 46):
checked as a dry run, in the order they came, capped, withdrawn when the table moves on,
never confirmed against a count they were not made at."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry
from scorekeeper.messages import UserError
from scorekeeper.services.phone import entry_count
from scorekeeper.services.proposals import ProposalQueue, read_words

NOW = datetime(2026, 12, 6, 21, 4, 5, tzinfo=UTC)
PLAYERS = ["Aki", "Ben", "Cleo"]


def official(*lines: str) -> Session:
    session = Session(make_header("indian-official", PLAYERS, {}))
    for line in ("round", *lines):
        session.record(parse_entry(session.game, line.split()))
    return session


def refusal(queue: ProposalQueue, session: Session, player: str, line: str, after=None) -> str:
    count = entry_count(session) if after is None else after
    with pytest.raises(UserError) as caught:
        queue.propose(session, player, line.split(), count, NOW)
    return caught.value.message("en")


def test_proposals_wait_in_the_order_they_came_and_are_worded():
    session, queue = official(), ProposalQueue()
    first = queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW, "ja")
    second = queue.propose(session, "Aki", ["raise"], 1, NOW)
    assert [one.id for one in queue.pending()] == [first.id, second.id]
    assert first.label("en") == "Ben: Ben folded at 10"
    assert first.label("ja") == "Ben: Benが10で降りた"
    assert queue.listed("en") == [
        {"id": first.id, "player": "Ben", "label": "Ben: Ben folded at 10",
         "at": "2026-12-06T21:04:05+00:00"},
        {"id": second.id, "player": "Aki", "label": "Aki: stake 10 → 20",
         "at": "2026-12-06T21:04:05+00:00"},
    ]  # fmt: skip
    assert queue.for_app()["pending"][0]["words"] == ["fold", "Ben"]
    assert queue.for_app()["pending"][0]["label"] == "Ben: Benが10で降りた"  # Ben's language
    tap = queue.take(first.id).tap()
    assert (tap.id, tap.after, tap.words) == (f"p-{first.id}", 1, ("fold", "Ben"))
    assert tap.proposed is not None and (tap.proposed.by, tap.proposed.at) == ("Ben", NOW)
    assert [one.id for one in queue.pending()] == [second.id]
    with pytest.raises(UserError):
        queue.take(first.id)  # taken once


def test_a_refused_proposal_is_never_queued():
    session, queue = official(), ProposalQueue()
    assert refusal(queue, session, "Ben", "fold Cleo") == (
        "Ben cannot propose “Fold” for Cleo: each player proposes their own moves"
    )
    assert refusal(queue, session, "Ben", "undo") == (
        "only the recorder enters “Undo”: a player cannot propose it"
    )
    assert refusal(queue, session, "Ben", "fold Ben", after=0) == (
        "The table changed (now 1 entries): look at it again and tap again."
    )
    assert refusal(queue, session, "Ben", "dance") != ""
    assert queue.pending() == [] and queue.mine("Ben", "en")["said"] is None


def test_caps_per_player_and_overall():
    session, queue = official(), ProposalQueue(per_player=2, overall=3)
    queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW)
    queue.propose(session, "Ben", ["showdown", "Aki"], 1, NOW)
    assert refusal(queue, session, "Ben", "showdown Cleo") == (
        "You have 2 proposals waiting already: wait for the recorder's answer."
    )
    queue.propose(session, "Cleo", ["fold", "Cleo"], 1, NOW)
    assert "3 proposals are waiting" in refusal(queue, session, "Aki", "raise")
    assert len(queue.pending()) == 3


def test_stale_proposals_are_withdrawn_with_a_word_in_the_players_language():
    session, queue = official(), ProposalQueue()
    ben = queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW)
    session.record(parse_entry(session.game, ["fold", "Cleo"]))
    assert queue.withdraw_stale(entry_count(session)) == [ben]
    assert queue.pending() == []
    assert queue.mine("Ben", "ja") == {
        "mine": [],
        "said": {"id": ben.id, "status": "withdrawn",
                 "text": "確定の前に卓が変わったため取り下げました: Benが10で降りた"},
    }  # fmt: skip
    assert queue.mine("Cleo", "en") == {"mine": [], "said": None}


def test_a_player_sees_only_their_own():
    session, queue = official(), ProposalQueue()
    queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW)
    cleo = queue.propose(session, "Cleo", ["fold", "Cleo"], 1, NOW)
    mine = queue.mine("Cleo", "en")
    assert mine["mine"] == [{"id": cleo.id, "label": "Cleo folded at 10", "status": "waiting"}]
    assert mine["said"]["text"] == "Waiting for the recorder: Cleo folded at 10"


def test_a_posted_proposal_is_read_strictly():
    assert read_words({"id": "prop-0001", "after": 3, "words": ["fold", "B"], "session": 2}) == (
        "prop-0001", ("fold", "B"), 3, 2,
    )  # fmt: skip
    for bad in (
        [], {"id": "short", "after": 0, "words": ["fold"]},
        {"id": "prop-0001", "after": -1, "words": ["fold"]},
        {"id": "prop-0001", "after": True, "words": ["fold"]},
        {"id": "prop-0001", "after": 0, "words": []},
        {"id": "prop-0001", "after": 0, "words": ["@21:00", "fold"]},
        {"id": "prop-0001", "after": 0, "words": ["proposed=B@21:00", "fold"]},
        {"id": "prop-0001", "after": 0, "words": ["fold"], "session": 0},
    ):  # fmt: skip
        with pytest.raises(UserError):
            read_words(bad)


ACTS = st.lists(
    st.tuples(
        st.sampled_from(["propose", "record", "confirm"]),
        st.sampled_from(PLAYERS),
        st.integers(0, 3),
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(ACTS)
def test_no_proposal_is_ever_confirmed_against_a_count_it_was_not_made_at(acts):
    """Proposals, entries recorded by the recorder, confirmations in any order: whatever
    the queue hands to confirm was made at the count of now, as the stale ones are
    withdrawn at each entry recorded."""
    session, queue = official(), ProposalQueue()
    for what, player, pick in acts:
        if not session.state.in_round:
            session.record(parse_entry(session.game, ["round"]))
            queue.withdraw_stale(entry_count(session))
        offers = [a for a in session.legal_once() if a.kind in ("fold", "raise", "showdown")]
        if what == "propose":
            mine = [a for a in offers if a.kind != "raise" or player == session.state.parent]
            if not mine:
                continue
            action = mine[pick % len(mine)]
            words = [action.kind] + ([player] if action.kind == "fold" else [])
            if action.kind == "showdown":
                words = ["showdown", action.choices[pick % len(action.choices)]]
            with contextlib.suppress(UserError):
                queue.propose(session, player, words, entry_count(session), NOW)
        elif what == "record" and offers:
            action = offers[pick % len(offers)]
            words = [action.kind] + ([action.choices[0]] if action.choices else [])
            session.record(parse_entry(session.game, words))
            queue.withdraw_stale(entry_count(session))
        elif what == "confirm" and queue.pending():
            proposal = queue.take(queue.pending()[0].id)
            assert proposal.after == entry_count(session)
            tap = proposal.tap()
            entry = parse_entry(session.game, list(tap.words))
            session.record(entry)  # the rules accept it at the count it was made at
            queue.tell(proposal, "confirmed")
            queue.withdraw_stale(entry_count(session))
        assert all(one.after == entry_count(session) for one in queue.pending())
