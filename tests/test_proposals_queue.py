"""The page server's queue of players' proposals (services/proposals.py, issue 46):
checked as a dry run, in the order they came, capped, confirmed in order one by one,
withdrawn when another entry makes them stale, never confirmed against a table they were
not made for."""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.header import make_header
from scorekeeper.core.proposing import player_legal
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry
from scorekeeper.messages import UserError
from scorekeeper.services.phone import entry_count
from scorekeeper.services.proposals import ProposalQueue, read_words, reworded

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
        "The table changed (now 1 entry): look at it again and tap again."
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


def test_the_same_proposal_tapped_twice_waits_once():
    """The four-phone walk: Dai tapped his claim again while the first still waited, and
    the recorder's list held it twice."""
    session, queue = official(), ProposalQueue()
    queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW)
    assert refusal(queue, session, "Ben", "fold Ben") == (
        "You proposed this already: it waits for the recorder's answer."
    )
    assert [one.player for one in queue.pending()] == ["Ben"]
    queue.propose(session, "Cleo", ["fold", "Cleo"], 1, NOW)  # another player's own: queued
    assert len(queue.pending()) == 2


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


def test_the_ones_behind_a_confirmed_proposal_move_on_and_are_worded_again():
    session, queue = official(), ProposalQueue()
    raised = queue.propose(session, "Aki", ["raise"], 1, NOW)
    ben = queue.propose(session, "Ben", ["fold", "Ben"], 1, NOW)
    taken = queue.take(raised.id)
    session.record(parse_entry(session.game, list(taken.tap().words)))
    queue.tell(taken, "confirmed")
    (moved,) = queue.unworded()
    assert (moved.id, moved.after, moved.label("en")) == (ben.id, 2, "Ben: Ben folded at 10")
    assert queue.withdraw_stale(2) == []  # made with the raise waiting ahead of it
    assert queue.reword(reworded(session, [moved]))
    assert queue.pending()[0].label("en") == "Ben: Ben folded at 20"
    said = queue.mine("Ben", "en")["said"]["text"]
    assert said == "Waiting for the recorder: Ben folded at 20"
    assert queue.unworded() == [] and not queue.reword(reworded(session, [moved]))


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


def official_words(session: Session, player: str, pick: int) -> list[str] | None:
    """One entry *player* may propose now, picked by *pick* (None when there is none)."""
    offers = player_legal(session, player)
    if not offers:
        return None
    action = offers[pick % len(offers)]
    if action.kind == "raise":
        return ["raise"]
    return [action.kind, action.choices[pick % len(action.choices)]]


ACTS = st.lists(
    st.tuples(
        st.sampled_from(
            ["propose", "propose", "confirm", "confirm", "refuse", "other", "look", "unanswered"]
        ),
        st.sampled_from(PLAYERS),
        st.integers(0, 7),
    ),
    max_size=30,
)


@settings(max_examples=80, deadline=None)
@given(ACTS)
def test_a_queue_is_confirmed_in_order_and_never_against_a_table_it_was_not_made_for(acts):
    """Proposals, confirmations (in any order; the desk at times not answering),
    refusals, the recorder's own entries and the feed's looks (late at times), in any mix.
    A proposal is made for the table of its count plus the proposals queued ahead of it:
    it is recorded (checked by the rules then) or refused by them exactly while every
    entry since its count was a confirmation of one ahead of it, and withdrawn otherwise;
    nothing made before any other entry is ever recorded."""
    session, queue = official(), ProposalQueue()
    journal: list[int] = [0, 0]  # per entry: the order of the proposal it confirmed, or 0
    made: dict[str, int] = {}  # each proposal's count when made: its table

    def fresh(proposal) -> bool:
        since = journal[made[proposal.id] + 1 :]
        return all(0 < order < proposal.order for order in since)

    for what, player, pick in acts:
        pending = queue.pending()
        chosen = pending[pick % len(pending)] if pending else None
        if what == "propose":
            words = official_words(session, player, pick)
            if words is not None:
                with contextlib.suppress(UserError):  # a cap, or already folded
                    proposal = queue.propose(session, player, words, entry_count(session), NOW)
                    made[proposal.id] = proposal.after
        elif what == "other":  # the recorder's own key, an undo, a note …
            words = ["round"] if not session.state.in_round else ["note", "drinks"]
            session.record(parse_entry(session.game, words))
            journal.append(0)
        elif what == "look":
            for gone in queue.withdraw_stale(entry_count(session)):
                assert not fresh(gone)
        elif chosen is not None and what == "refuse":
            queue.tell(queue.take(chosen.id), "refused")
        elif chosen is not None and what == "unanswered":
            queue.put_back(queue.take(chosen.id))
        elif chosen is not None and what == "confirm":
            proposal = queue.take(chosen.id)
            tap = proposal.tap()
            if tap.after != entry_count(session):  # the desk: the table moved on
                assert not fresh(proposal)
                queue.tell(proposal, "withdrawn")
                continue
            assert fresh(proposal)
            entry = parse_entry(session.game, list(tap.words))
            try:
                session.check(entry)
            except RuleError:  # the ones ahead of it made it illegal: refused in words
                queue.tell(proposal, "refused", "the rules")
                continue
            session.record(entry)
            journal.append(proposal.order)
            queue.tell(proposal, "confirmed")
        orders = [one.order for one in queue.pending()]
        assert orders == sorted(orders)  # the order they came, whatever was put back
    waiting = queue.pending()
    gone = queue.withdraw_stale(entry_count(session))  # a look now: exactly the stale ones go
    assert gone == [one for one in waiting if not fresh(one)]
