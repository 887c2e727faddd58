"""settled_net (in a round, the net kept as the round began: State.settled) equals the
last point of net_history, after every entry of generated sessions (undo, corrections,
join, leave, rebuy, Pochen's board carried and given back), asked in order and in
reverse."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.standings import net_history, settled_net
from tests.session_gen import GAMES, build_session


def _from_history(game, state):  # type: ignore[no-untyped-def]
    return {name: series[-1] for name, series in net_history(game, state).items()}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_settled_net_is_the_last_point_of_the_history(data: st.DataObject, game: str) -> None:
    session = build_session(data, game)
    states = [session.state_before(i) for i in range(len(session.events))] + [session.state]
    for state in [*states, *reversed(states)]:
        assert settled_net(session.game, state) == _from_history(session.game, state)
