"""Seat numbers and the parent's rotation over generated join/leave mixes (issue 35).

Sessions of all four games are built from every kind of entry (tests/session_gen.py,
which makes the next parent leave and players who left come back to their seats).

- A player's number never changes during a session, numbers are unique, a newcomer takes
  the next number after the highest used, and the seats stay in seating order.
- The parent passes through a returning player's seat as if they had never left: a
  player who leaves and comes back before the next round changes nothing (parent,
  seats, numbers), and the rounds' parents follow the seats clockwise, each the next seat
  whose player could be dealt in, or a player coming back to a seat the rotation had just
  passed over because they had left.
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from tests.session_gen import GAMES, Clock, build_session

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _states(session: Session) -> list[State]:
    """The state each event was entered in, then the state now."""
    return [session.state_before(i) for i in range(len(session.events))] + [session.state]


@SETTINGS
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_a_players_number_never_changes_and_numbers_are_unique(data, game):
    session = build_session(data, game)
    states = _states(session)
    for state in states:
        numbers = state.numbers()
        assert sorted(set(numbers.values())) == sorted(numbers.values())
        assert all(state.numbered(n) == name for name, n in numbers.items())
    for event, before, after in zip(session.events, states, states[1:], strict=False):
        if event.kind == "undo":  # back to an earlier state, exactly (the ledger's stack)
            continue
        old, new = before.numbers(), after.numbers()
        assert all(new[name] == number for name, number in old.items() if name in new)
        assert set(old) <= set(new)  # nobody's seat is ever taken away
        for name in set(new) - set(old):  # a newcomer: the next number after the highest
            assert new[name] == max(old.values()) + 1


@SETTINGS
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_leaving_and_coming_back_before_the_next_round_changes_nothing(data, game):
    """As if they had never left: the parent, the seats and the numbers are as before."""
    session = build_session(data, game)
    state = session.state
    if state.in_round or state.finished:
        return
    clock = Clock()
    dealable = session.game.dealable(state)
    for player in state.seated():
        if player not in dealable:  # passed over for want of chips, not for leaving
            continue
        try:
            session.record(Entry("leave", {"player": player}), clock())
        except RuleError:
            continue  # too few would be left
        session.record(Entry("join", {"player": player}), clock())
        assert session.state.parent == state.parent
        assert session.state.seats == state.seats
        session.record(Entry("undo"), clock())
        session.record(Entry("undo"), clock())
        assert session.state == state


def _could_play(session: Session, name: str, scores: Mapping[str, int]) -> bool:
    """Whether *name* could be dealt in with *scores* (chip games: the chips a deal needs)."""
    if name not in scores:
        return False
    if session.game.id == "pochen":
        ante = session.state.options["ante"]
        assert isinstance(ante, int)
        return scores[name] >= 9 * ante
    return scores[name] > 0 if session.game.uses_chips else True


@SETTINGS
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_a_player_back_whose_seat_the_parent_passed_is_the_next_parent(data, game):
    """A player comes back to their seat between rounds. If theirs is the first seat
    clockwise from the last round's parent whose player can be dealt in, and they could
    have been dealt in when that round ended (chip games), they are the next parent: the
    rotation passed their seat only because they had left. Players who moved to another
    seat since are seated as newcomers (their seat the rotation never passed)."""
    session = build_session(data, game)
    states = _states(session)
    moved: set[str] = set()
    for index, event in enumerate(session.events):
        before, after = states[index], states[index + 1]
        if event.kind == "round" or len(after.results) != len(before.results):
            moved = set()  # a round started, ended or was undone: counted from the last
        player = event.data.get("player")
        if event.kind != "join" or not isinstance(player, str) or after is before:
            continue
        if event.data.get("after") is not None and after.names() != before.names():
            moved.add(player)
            continue
        if player not in before.names() or player in moved or not before.results:
            continue
        last = before.results[-1]
        names, dealable = after.names(), session.game.dealable(after)
        at = names.index(last.parent)
        first = next(
            (names[(at + s) % len(names)] for s in range(1, len(names) + 1)
             if names[(at + s) % len(names)] in dealable),
            None,
        )  # fmt: skip
        if first == player and _could_play(session, player, last.scores):
            assert after.parent == player, (event, before.parent, after.parent)
