"""The dealer after a rebuy (issue 43, point 7): the dealer of a round is decided when
``round`` is entered (rules.md: "the next seat to the left that is seated and, in the chip
games, can pay what the deal needs then"), so a player the deal passed over because they
were short, and who rebuys before the next round, deals it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.events import Entry, Event
from scorekeeper.core.games import get_game
from scorekeeper.core.games.pochen import POOLS, to_act
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import read_session
from scorekeeper.messages import t
from tests.rules_support import assert_transcript_round_trip, enter, stacks
from tests.session_gen import (
    GAMES,
    Clock,
    build_session,
    entry_data,
    play_round_entry,
    try_entry,
)

#: Chips, A B C D, stack 20, B 5, dealer A: B goes all-in and loses to C, so the deal
#: passes B (no chips) to C; B rebuys before the next round.
CHIPS = """\
game indian-chips
players A B C D
option stack 20
stacks B=5
parent A
round
bet B
call C
fold D
fold A
showdown C > B
"""

#: Pochen, A B C D, stack 50, A 5, dealer D: A cannot pay the whole ante (9), so A sits
#: the first deal out and the deal passes A's seat to B; A rebuys before the next deal.
POCHEN = """\
game pochen
players A B C D
option stack 50
stacks A=5
parent D
round
turned 9C
pass B
pass C
pass D
out C
"""


def test_chips_a_player_who_rebuys_on_their_turn_to_deal_deals():
    session = read_session(CHIPS)
    assert stacks(session) == {"A": 19, "B": 0, "C": 27, "D": 19}
    assert session.state.parent == "C"  # B, out of chips, is passed over for now
    enter(session, "rebuy B 20")
    assert session.state.parent == "B"  # decided at `round`: B can pay again
    key, params = session.describe(len(session.events) - 1)
    assert (t(key, "en", **params), t(key, "ja", **params)) == (
        "B buys 20 more chips and deals next",
        "Bがチップを20枚買い足し、次のディーラーになる",
    )
    enter(session, "round")
    table = session.state.table
    assert table.dealer == "B"
    assert table.players == ("A", "B", "C", "D")
    assert stacks(session) == {"A": 18, "B": 19, "C": 26, "D": 18}
    # the first to act is left of the dealer B
    assert session.state.table.betting.turn(session.state) == "C"
    assert dict(session.state.parent_rounds) == {"A": 1, "B": 1}
    assert_transcript_round_trip(session)


def test_pochen_a_player_who_rebuys_on_their_turn_to_deal_deals():
    session = read_session(POCHEN)
    assert stacks(session) == {"A": 5, "B": 41, "C": 44, "D": 41}
    assert sum(session.state.board.values()) == 24
    assert session.state.parent == "B"  # A, short of 9, is passed over for now
    enter(session, "rebuy A 20")
    assert session.state.parent == "A"
    enter(session, "round")
    state = session.state
    assert state.table.dealer == "A"
    assert state.table.players == ("A", "B", "C", "D")
    assert stacks(session) == {"A": 16, "B": 32, "C": 35, "D": 32}
    assert dict(state.board) == {p: 4 if p == "centre" else 7 for p in POOLS}
    assert dict(state.parent_rounds) == {"D": 1, "A": 1}
    enter(session, "turned 9D")
    assert to_act(session.state, session.state.table) == "B"  # left of the dealer A
    assert_transcript_round_trip(session)


def test_a_rebuy_past_the_dealer_changes_nothing():
    """Only a seat the deal passed over since the last deal takes it back: C rebuys after
    the deal moved on from B to C's left, so D still deals."""
    session = read_session(CHIPS)
    enter(session, "round", "check D", "check A", "check C", "showdown D > A > C")
    assert session.state.parent == "D"
    enter(session, "rebuy B 5")
    assert session.state.parent == "D"
    enter(session, "round")
    assert session.state.table.dealer == "D"


def test_the_earliest_seat_clockwise_deals_when_two_rebuy():
    """A and B both sat a Pochen deal out; whatever order they rebuy in, A (first left of
    the last dealer E) deals."""
    text = (
        "game pochen\nplayers A B C D E\noption stack 50\nstacks A=5 B=5\nparent E\n"
        "round\nturned 9C\npass C\npass D\npass E\nout C\n"
    )
    for first, second in (("A", "B"), ("B", "A")):
        session = read_session(text)
        assert session.state.parent == "C"
        enter(session, f"rebuy {first} 20", f"rebuy {second} 20")
        assert session.state.parent == "A"
        enter(session, "undo")
        assert session.state.parent == first


def test_a_rebuy_stored_before_the_rule_keeps_the_dealer_it_had():
    """A session stored before issue 43 recorded the rebuy without ``deals``: it opens as
    it was played (C dealt), so the entries after it still fit."""
    base = read_session(CHIPS)
    events = list(base.events)
    at = events[-1].at
    seq = events[-1].seq + 1
    old = Event(seq, at, "A", "rebuy", {"player": "B", "chips": 20})
    session = Session(base.header, [*events, old])
    assert session.state.parent == "C"
    enter(session, "round")
    assert session.state.table.dealer == "C"
    # the same rebuy typed now gives B the deal, and says so in its data
    fresh = read_session(CHIPS)
    enter(fresh, "rebuy B 20")
    assert dict(fresh.events[-1].data) == {"player": "B", "chips": 20, "deals": True}


SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _short_session(data: st.DataObject, game: str) -> Session:
    """A chip game where one player starts short (Pochen: below the whole ante; chips: one
    chip, all-in at the first ante), played at random: rounds, rebuys, leaves, undo."""
    short = data.draw(st.sampled_from(["A", "B", "C", "D"]))
    small = data.draw(st.integers(1, 8))
    parent = data.draw(st.sampled_from(["A", "B", "C", "D"]))
    header = make_header(game, ["A", "B", "C", "D"], GAMES[game], parent=parent,
                         stacks={short: small})  # fmt: skip
    session, clock = Session(header), Clock()
    shared = ("end", "leave", "recorder", "note", "join", "rebuy", "undo")
    for _ in range(data.draw(st.integers(1, 90))):
        move = data.draw(st.sampled_from(["play"] * 12 + ["rebuy", "undo", "leave", "join"]))
        state = session.state
        if move == "play":
            actions = [a for a in session.legal() if a.kind not in shared]
            if actions:
                action = data.draw(st.sampled_from(actions))
                try_entry(session, Entry(action.kind, entry_data(data, session, action)), clock)
        elif move == "undo":
            try_entry(session, Entry("undo"), clock)
        elif move == "join":
            left = [p for p in state.names() if p not in state.seated()]
            if left:
                entry = Entry("join", {"player": data.draw(st.sampled_from(left)), "after": None})
                try_entry(session, entry, clock)
        else:
            player = data.draw(st.sampled_from(state.names()))
            chips = {"chips": data.draw(st.integers(1, 20))} if move == "rebuy" else {}
            try_entry(session, Entry(move, {"player": player, **chips}), clock)
    return session


@SETTINGS
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), short=st.booleans())
def test_the_dealer_of_a_round_is_the_first_seat_clockwise_who_can_be_dealt_in(data, game, short):
    """After any generated session (rebuys, leaves, undo, corrections …), each round's
    dealer is the first seat clockwise from the last round's dealer whose player can be
    dealt in when ``round`` is entered: rebuys counted then. Rounds after a ``join`` since
    the last round are left out (a newcomer never takes the deal; one coming back does
    only to a seat the deal passed: tests/test_seat_rotation.py). Half the chip games start
    with one player short, so the deal passes them and their rebuys matter."""
    chips = get_game(game).uses_chips
    session = _short_session(data, game) if short and chips else build_session(data, game)
    if len(session.events) < 2:
        return
    clock = Clock()
    clock.at = max(clock.at, session.events[-1].at)
    for _ in range(4):  # rebuy everyone short, deal and play the round, a few times over
        state = session.state
        if state.finished or state.in_round:
            break
        short = [p for p in state.seated() if p not in session.game.dealable(state)]
        for player in short if session.game.uses_chips else ():
            chips = data.draw(st.integers(1, 30))
            try_entry(session, Entry("rebuy", {"player": player, "chips": chips}), clock)
        try_entry(session, Entry("round"), clock)
        for _ in range(40):
            if not session.state.in_round or not play_round_entry(data, session, clock):
                break
    joined_since = False
    for index, event in enumerate(session.events):
        before = session.state_before(index)
        after = session.state_before(index + 1) if index + 1 < len(session.events) else None
        after = after if after is not None else session.state
        if event.kind == "join":
            joined_since = True
        if event.kind != "round" or after is before or not after.in_round:
            continue
        if before.results and not joined_since:
            names = before.names()
            dealable = session.game.dealable(before)
            at = names.index(before.results[-1].parent)
            first = next(
                names[(at + s) % len(names)]
                for s in range(1, len(names) + 1)
                if names[(at + s) % len(names)] in dealable
            )
            assert after.parent == first, (game, event.seq, before.parent)
        joined_since = False
