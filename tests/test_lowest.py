"""Indian Poker, lowest card loses (rules.md §3): worked example L1, redraws, errors."""

from __future__ import annotations

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import read_session, write_transcript
from tests.rules_support import choices, enter, kinds, refused

FOUR = ["A", "B", "C", "D"]
L1 = "reveal A=3H B=2C C=KD D=2S"


def new_session(players=FOUR, parent=None, **options) -> Session:
    return Session(make_header("indian-lowest", players, options or None, parent=parent))


def losses(session: Session) -> dict[str, int]:
    return dict(session.state.scores)


# -- worked example L1 ---------------------------------------------------------------


def test_l1_suits_none_every_player_tied_for_lowest_loses():
    session = new_session()
    assert losses(session) == {"A": 0, "B": 0, "C": 0, "D": 0}
    enter(session, "round", L1)
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 1}
    state = session.state
    assert not state.in_round
    assert state.parent == "B"
    result = state.results[-1]
    assert result.how == "result.lowest.lost"
    assert result.details == {"losers": "B, D"}
    assert dict(result.deltas) == {"A": 0, "B": 1, "C": 0, "D": 1}
    assert dict(session.events[-1].data["cards"]) == {"A": "3H", "B": "2C", "C": "KD", "D": "2S"}
    assert session.describe(1) == (
        "log.lowest.reveal",
        {"cards": "A 3H, B 2C, C KD, D 2S", "losers": "B, D"},
    )


def test_l1_sanma_breaks_the_tie():
    session = new_session(suits="sanma")
    enter(session, "round", L1)
    # 2♣ < 2♠
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 0}
    assert session.state.results[-1].details == {"losers": "B"}


def test_lose_names_the_losers():
    session = new_session()
    enter(session, "round", "lose B D")
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 1}
    assert session.describe(1) == ("log.lowest.lose", {"losers": "B, D"})
    enter(session, "round", "lose c")
    assert losses(session) == {"A": 0, "B": 1, "C": 1, "D": 1}
    assert session.state.round == 2
    assert session.state.parent == "C"


def test_ace_is_high_and_the_two_is_lowest():
    session = new_session()
    enter(session, "round", "reveal A=AS B=2H C=KC D=3D")
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 0}


# -- redraws -------------------------------------------------------------------------


def test_redraw_once_per_player_per_round():
    session = new_session()
    enter(session, "round")
    assert choices(session, "redraw") == ("A", "B", "C", "D")
    enter(session, "redraw B")
    assert session.state.table.redraws == {"B"}
    assert session.describe(1) == ("log.redraw", {"player": "B"})
    assert choices(session, "redraw") == ("A", "C", "D")
    error = refused(session, "redraw B", "rules.redraw.twice")
    assert error.params == {"player": "B", "round": 1}
    refused(session, "redraw b", "rules.redraw.twice")
    enter(session, "redraw A", "redraw C", "redraw D")
    assert "redraw" not in kinds(session)
    enter(session, L1)
    # a new round: everyone may redraw again
    enter(session, "round", "redraw B")
    assert session.state.table.redraws == {"B"}


def test_redraw_is_refused_with_option_redraw_false():
    session = new_session(redraw=False)
    enter(session, "round")
    assert "redraw" not in kinds(session)
    refused(session, "redraw B", "rules.redraw.off")
    enter(session, L1)
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 1}


def test_redraw_is_undone_like_any_entry():
    session = new_session()
    enter(session, "round")
    before = session.state
    enter(session, "redraw B", "undo")
    assert session.state is before
    enter(session, "redraw B")


# -- joker -----------------------------------------------------------------------------


def test_joker_is_highest_with_option_joker():
    session = new_session(joker=True)
    enter(session, "round", "reveal A=AS B=JK C=2C D=KD")
    assert losses(session) == {"A": 0, "B": 0, "C": 1, "D": 0}
    assert dict(session.events[-1].data["cards"])["B"] == "JK"


def test_joker_is_refused_without_the_option():
    session = new_session()
    enter(session, "round")
    refused(session, "reveal A=AS B=JK C=2C D=KD", "cards.no_joker")


# -- errors ------------------------------------------------------------------------------


def test_reveal_and_lose_errors():
    session = new_session()
    refused(session, L1, "rules.no_round")
    refused(session, "lose B", "rules.no_round")
    refused(session, "redraw B", "rules.no_round")
    enter(session, "round")
    error = refused(session, "reveal A=3H B=3H C=KD D=2S", "cards.twice")
    assert error.params == {"card": "3H", "first": "A", "second": "B"}
    error = refused(session, "reveal A=3H B=2C C=KD", "rules.cards_missing")
    assert error.params == {"players": "D"}
    refused(session, "reveal A=3H B=2C C=KD D=2S A=4C", "rules.card_for_player_twice")
    refused(session, "reveal A=3H B=2C C=KD Z=2S", "rules.unknown_player")
    refused(session, "reveal A=3H B=2C C=KD D=1S", "cards.unreadable_no_joker")
    refused(session, "reveal A=3H B C=KD D=2S", "rules.pair_syntax")
    refused(session, "lose", "rules.lowest.lose_needs_names")
    refused(session, "lose B Z", "rules.unknown_player")
    error = refused(session, "lose B b", "rules.lowest.loser_twice")
    assert error.params == {"player": "B"}
    refused(session, "round", "rules.round_in_play")
    refused(session, "rebuy B 5", "rules.between_rounds_only")


def test_a_player_who_left_is_not_in_the_round():
    session = new_session()
    enter(session, "leave D", "round")
    assert session.state.table.players == ("A", "B", "C")
    error = refused(session, "lose D", "rules.not_in_round")
    assert error.params == {"player": "D", "round": 1}
    refused(session, "redraw D", "rules.not_in_round")
    enter(session, "reveal A=3H B=2C C=KD")
    assert losses(session) == {"A": 0, "B": 1, "C": 0, "D": 0}


def test_no_rebuy_in_a_game_without_chips():
    session = new_session()
    refused(session, "rebuy B 5", "rules.rebuy_no_chips")


# -- standings and the end ------------------------------------------------------------


def test_scores_are_losses_and_standings_rank_fewest_first():
    session = new_session()
    enter(session, "round", L1, "round", "lose B", "round", "lose C D")
    assert losses(session) == {"A": 0, "B": 2, "C": 1, "D": 2}
    ranked = [(s.rank, s.player, s.score) for s in standings(session.state)]
    assert ranked == [(1, "A", 0), (2, "C", 1), (3, "B", 2), (3, "D", 2)]


def test_rounds_option_finishes_the_session():
    session = new_session(rounds=2)
    enter(session, "round", L1)
    assert not session.state.finished
    enter(session, "round", "lose A")
    assert session.state.finished
    assert set(kinds(session)) <= {"undo", "note", "rate", "recorder"}
    refused(session, "round", "rules.session_ended")
    enter(session, "undo")
    assert not session.state.finished
    assert session.state.in_round


def test_state_json_and_transcript_round_trip():
    session = new_session(suits="sanma", joker=True)
    enter(session, "round", "redraw C", L1, "round", "reveal A=JK B=2D C=2H D=10S")
    data = state_json(session)
    assert data["game"] == "indian-lowest"
    assert data["scores"] == {"A": 0, "B": 2, "C": 0, "D": 0}
    assert data["pot"] == 0
    assert data["stake"] is None
    assert data["board"] is None
    again = read_session(write_transcript(session))
    assert state_json(again) == data
    assert again.state == session.state
