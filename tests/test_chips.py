"""Indian Poker with chips (rules.md §2): worked examples C1 and C2, turns, pots, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from scorekeeper.core.errors import RuleError
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.core.words import parse_entry
from scorekeeper.messages import t
from tests.rules_support import (
    T0,
    assert_transcript_round_trip,
    choices,
    enter,
    kinds,
    refused,
    stacks,
)

FOUR = ["A", "B", "C", "D"]
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

C1_BETTING = ["check B", "bet C", "raise D", "fold A", "call B", "call C"]
C2_BETTING = ["bet A", "raise B", "call C", "raise D", "call B", "fold C"]


def new_session(players=FOUR, parent=None, stacks=None, **options) -> Session:
    header = make_header("indian-chips", players, options or None, parent=parent, stacks=stacks)
    return Session(header)


def c1() -> Session:
    return new_session(stack=20)


def c2() -> Session:
    return new_session(parent="D", stacks={"A": 5}, stack=20)


def turn(session: Session) -> str | None:
    return session.state.table.betting.turn(session.state)


# -- worked example C1 ------------------------------------------------------------


def test_c1_antes_betting_and_split_showdown():
    session = c1()
    assert session.state.parent == "A"
    assert stacks(session) == {"A": 20, "B": 20, "C": 20, "D": 20}
    enter(session, "round")
    table = session.state.table
    assert table.pot == 4
    assert dict(table.betting.committed) == {"A": 1, "B": 1, "C": 1, "D": 1}
    assert stacks(session) == {"A": 19, "B": 19, "C": 19, "D": 19}
    # the first to act is left of the dealer, then clockwise
    turns = []
    for line in C1_BETTING:
        turns.append(turn(session))
        enter(session, line)
    assert turns == ["B", "C", "D", "A", "B", "C"]
    table = session.state.table
    assert table.pot == 28
    assert dict(table.betting.committed) == {"A": 1, "B": 9, "C": 9, "D": 9}
    assert table.betting.folded == {"A"}
    assert table.betting.turn(session.state) is None
    assert stacks(session) == {"A": 19, "B": 11, "C": 11, "D": 11}
    assert kinds(session)[0] == "showdown"
    assert choices(session, "showdown") == ("B", "C", "D")
    enter(session, "showdown cards B=KS C=KH D=9C")
    assert stacks(session) == {"A": 19, "B": 25, "C": 25, "D": 11}
    assert sum(stacks(session).values()) == 80
    state = session.state
    assert not state.in_round and state.table is None
    assert state.parent == "B"
    result = state.results[-1]
    assert result.how == "result.chips.showdown_split"  # B and C tie: they share the pot
    assert result.details == {"winner": "B, C", "pot": 28}
    assert dict(result.deltas) == {"A": -1, "B": 5, "C": 5, "D": -9}
    assert dict(session.events[-1].data["cards"]) == {"B": "KS", "C": "KH", "D": "9C"}


def test_c1_log_describes_each_entry():
    session = c1()
    enter(session, "round", *C1_BETTING, "showdown cards B=KS C=KH D=9C")
    described = [session.describe(i) for i in range(len(session.events))]
    assert described == [
        ("log.round.dealer", {"round": 1, "parent": "A"}),
        ("log.bet.check", {"player": "B", "chips": 0, "total": 1}),
        ("log.bet.bet_adds", {"player": "C", "chips": 4, "total": 5}),
        ("log.bet.raise", {"player": "D", "chips": 8, "total": 9}),
        ("log.bet.fold", {"player": "A", "chips": 0, "total": 1}),
        ("log.bet.call", {"player": "B", "chips": 8, "total": 9}),
        ("log.bet.call", {"player": "C", "chips": 4, "total": 9}),
        ("log.chips.showdown_cards", {"cards": "B KS, C KH, D 9C", "pot": 28}),
    ]


def test_state_json_pot_during_and_after_the_round():
    session = c1()
    assert state_json(session)["pot"] == 0
    enter(session, "round")
    assert state_json(session)["pot"] == 4
    enter(session, "check B", "bet C")
    data = state_json(session)
    assert data["pot"] == 8
    assert data["scores"] == {"A": 19, "B": 19, "C": 15, "D": 19}
    assert data["in_round"] is True
    assert data["parent"] == "A"
    assert data["stake"] is None
    enter(session, *C1_BETTING[2:])
    assert state_json(session)["pot"] == 28
    enter(session, "showdown cards B=KS C=KH D=9C")
    data = state_json(session)
    assert data["pot"] == 0
    assert data["scores"] == {"A": 19, "B": 25, "C": 25, "D": 11}
    assert data["round"] == 1
    assert data["parent"] == "B"
    assert data["finished"] is False


def test_split_of_27_between_b_and_c_with_dealer_a():
    session = new_session(["A", "B", "C"], stack=20, ante=1, bet=12)
    enter(session, "round", "bet B", "call C", "fold A")
    assert session.state.table.pot == 27
    enter(session, "showdown B = C")
    result = session.state.results[-1]
    assert result.details["winner"] == "B, C"
    assert t(result.how, "en", **result.details) == "B, C split the pot of 27 at the showdown"
    assert t(result.how, "ja", **result.details) == "勝負でB, Cがポット27を山分け"
    # B 7 + 14, C 7 + 13: B is the first tied winner left of the dealer
    assert stacks(session) == {"A": 19, "B": 21, "C": 20}


def test_odd_chip_goes_first_left_of_the_dealer_not_first_in_the_ranking():
    session = new_session(["A", "B", "C"], parent="B", stack=20, ante=1, bet=12)
    enter(session, "round", "bet C", "fold A", "call B")
    assert session.state.table.pot == 27
    enter(session, "showdown B = C")
    # dealer B: C is first left of the dealer and takes the odd chip
    assert stacks(session) == {"A": 19, "B": 20, "C": 21}


# -- worked example C2 --------------------------------------------------------------


def test_c2_side_pot():
    session = c2()
    assert stacks(session) == {"A": 5, "B": 20, "C": 20, "D": 20}
    enter(session, "round")
    assert stacks(session) == {"A": 4, "B": 19, "C": 19, "D": 19}
    turns = []
    for line in C2_BETTING:
        turns.append(turn(session))
        enter(session, line)
    assert turns == ["A", "B", "C", "D", "B", "C"]
    table = session.state.table
    assert dict(table.betting.committed) == {"A": 5, "B": 13, "C": 9, "D": 13}
    assert table.betting.turn(session.state) is None
    layers = table.betting.layers()
    assert [(p.amount, p.eligible) for p in layers.pots] == [
        (20, ("A", "B", "D")),
        (20, ("B", "D")),
    ]
    assert dict(layers.returned) == {}
    assert table.pot == 40
    enter(session, "showdown A > D > B")
    assert stacks(session) == {"A": 20, "B": 7, "C": 11, "D": 27}
    result = session.state.results[-1]
    # A wins the main pot only; D wins the side pot (and is not said to win the main one)
    assert result.details["winner"] == "A"
    assert t(result.how, "en", **result.details) == (
        "A won the main pot of 20 at the showdown; side pot: 20 → D"
    )
    assert t(result.how, "ja", **result.details) == (
        "勝負でメインポット20はAが獲得。サイドポット: 20 → D"
    )
    assert session.state.parent == "A"
    # the same round settled the other way
    enter(session, "undo")
    assert session.state.table is table
    enter(session, "showdown B = A > D")
    assert stacks(session) == {"A": 10, "B": 37, "C": 11, "D": 7}
    result = session.state.results[-1]
    assert result.details["winner"] == "A, B"  # they split the main pot; B alone the side
    assert t(result.how, "en", **result.details) == (
        "A, B won the main pot of 20 at the showdown; side pot: 20 → B"
    )


def test_c2_all_in_is_logged_and_all_in_player_is_skipped():
    session = c2()
    enter(session, "round", "bet A")
    all_in = ("log.bet.bet_adds_all_in", {"player": "A", "chips": 4, "total": 5})
    assert session.describe(1) == all_in
    assert stacks(session)["A"] == 0
    enter(session, "raise B", "call C", "raise D")
    # A is all-in: the turn goes from D straight to B
    assert turn(session) == "B"
    error = refused(session, "call A", "rules.chips.not_your_turn")
    assert error.params == {"player": "A", "turn": "B"}


# -- turns and closing --------------------------------------------------------------


def test_out_of_turn_names_whose_turn_it_is():
    session = c1()
    enter(session, "round")
    error = refused(session, "check C", "rules.chips.not_your_turn")
    assert error.params == {"player": "C", "turn": "B"}
    assert error.message("en") == "it is B's turn, not C's"
    refused(session, "bet A", "rules.chips.not_your_turn")
    # names are matched without case
    enter(session, "check b")
    assert turn(session) == "C"


def test_turn_order_skips_folded_and_all_in_players():
    players = ["A", "B", "C", "D", "E"]
    session = new_session(players, parent="C", stacks={"A": 4}, stack=30)
    enter(session, "round")
    assert turn(session) == "D"
    enter(session, "bet D", "fold E", "call A")  # A all-in for 4
    assert stacks(session)["A"] == 0
    assert turn(session) == "B"
    enter(session, "raise B")
    # C (the dealer) acts, then D; E folded and A all-in are skipped
    assert turn(session) == "C"
    enter(session, "call C")
    assert turn(session) == "D"
    enter(session, "raise D")
    assert turn(session) == "B"
    enter(session, "fold B")
    assert turn(session) == "C"
    enter(session, "call C")
    assert turn(session) is None
    assert choices(session, "showdown") == ("A", "C", "D")


def test_betting_closes_when_everyone_checks_round_to_the_dealer():
    session = c1()
    enter(session, "round", "check B", "check C")
    assert turn(session) == "D"
    enter(session, "check D")
    assert turn(session) == "A"
    assert kinds(session)[:2] == ["check", "bet"]
    enter(session, "check A")
    assert turn(session) is None
    assert kinds(session)[0] == "showdown"
    refused(session, "check B", "rules.chips.betting_closed")
    enter(session, "showdown D > A = B = C")
    assert stacks(session) == {"A": 19, "B": 19, "C": 19, "D": 23}


def test_betting_closes_after_the_last_call_without_asking_the_bettor_again():
    session = c1()
    enter(session, "round", "check B", "bet C", "call D", "call A")
    # B checked before the bet, so B still has to act
    assert turn(session) == "B"
    enter(session, "call B")
    assert turn(session) is None


def test_a_raise_reopens_the_betting_for_everyone_else():
    session = c1()
    enter(session, "round", "bet B", "call C", "call D", "raise A")
    assert turn(session) == "B"
    enter(session, "call B", "call C")
    assert turn(session) == "D"
    enter(session, "call D")
    assert turn(session) is None
    assert dict(session.state.table.betting.committed) == {"A": 9, "B": 9, "C": 9, "D": 9}


def test_betting_closes_when_only_one_player_with_chips_is_left_to_act():
    # B and C are all-in on the ante; A alone has chips: nobody to bet against
    session = new_session(["A", "B", "C"], stacks={"B": 1, "C": 1}, stack=10, parent="C")
    enter(session, "round")
    assert turn(session) is None
    assert kinds(session)[0] == "showdown"
    enter(session, "showdown B > A > C")
    # the three antes are one pot, and B wins it
    assert stacks(session) == {"A": 9, "B": 3, "C": 0}


def test_the_last_player_facing_an_all_in_still_has_to_call_or_fold():
    session = new_session(["A", "B"], stacks={"B": 3}, stack=20)
    enter(session, "round", "bet B")  # B all-in for 3
    assert turn(session) == "A"
    assert kinds(session)[:3] == ["call", "raise", "fold"]
    enter(session, "call A")
    assert turn(session) is None
    assert dict(session.state.table.betting.committed) == {"A": 3, "B": 3}


def test_a_winner_without_showdown_when_all_others_fold():
    session = c1()
    enter(session, "round", "bet B", "fold C", "fold D")
    assert session.state.in_round
    enter(session, "fold A")
    state = session.state
    assert not state.in_round
    assert state.results[-1].how == "result.chips.uncontested"
    # B takes the pot of the four antes; the unmatched 4 of the bet come back, no pot
    assert state.results[-1].details == {"winner": "B", "pot": 4}
    assert state.results[-1].stake == 8  # everything that was in the middle
    assert stacks(session) == {"A": 19, "B": 23, "C": 19, "D": 19}
    assert dict(state.results[-1].deltas) == {"A": -1, "B": 3, "C": -1, "D": -1}
    assert state.parent == "B"


# -- errors -------------------------------------------------------------------------


def test_betting_errors():
    session = c1()
    enter(session, "round")
    refused(session, "call B", "rules.chips.nothing_to_call")
    error = refused(session, "fold B", "rules.chips.nothing_to_call")
    assert error.message("en") == "there is no bet yet: B can check or bet, not fold"
    # Japanese words only (issue 35, point 10): the verb is said in Japanese too
    assert (
        error.message("ja") == "まだベットがありません。Bはチェックかベットです(降りはできません)"
    )
    refused(session, "raise B", "rules.chips.nothing_to_call")
    enter(session, "check B", "bet C")
    error = refused(session, "check D", "rules.chips.check_facing_bet")
    assert error.params == {"player": "D", "call": 4}
    error = refused(session, "bet D", "rules.chips.second_bet")
    assert error.params == {"player": "D", "call": 4}
    refused(session, "call Z", "rules.unknown_player")
    enter(session, "fold D")
    refused(session, "call D", "rules.bet.has_folded")
    refused(session, "rebuy D 10", "rules.between_rounds_only")
    refused(session, "round", "rules.round_in_play")
    refused(session, "showdown C > B", "rules.chips.showdown_early")


def test_raise_past_the_cap_is_refused():
    session = c1()
    enter(session, "round", "bet B", "raise C", "raise D", "raise A")
    assert session.state.table.betting.raises == 3
    assert turn(session) == "B"
    assert kinds(session)[:2] == ["call", "fold"]
    error = refused(session, "raise B", "rules.chips.raise_cap")
    assert error.params == {"cap": 3}
    session = new_session(FOUR, stack=20, raises=1)
    enter(session, "round", "bet B", "raise C")
    refused(session, "raise D", "rules.chips.raise_cap")
    session = new_session(FOUR, stack=20, raises=0)
    enter(session, "round", "bet B")
    refused(session, "raise C", "rules.chips.raise_cap")
    enter(session, "call C", "call D", "call A")
    assert turn(session) is None


def test_raise_when_short_is_refused_and_the_call_goes_all_in():
    session = new_session(FOUR, stacks={"D": 5}, stack=20)
    enter(session, "round", "bet B", "call C")
    assert turn(session) == "D"
    assert "raise" not in kinds(session)
    error = refused(session, "raise D", "rules.chips.raise_short")
    assert error.params == {"player": "D", "chips": 4}
    enter(session, "call D")
    assert stacks(session)["D"] == 0
    assert session.describe(3) == ("log.bet.call_all_in", {"player": "D", "chips": 4, "total": 5})
    # one chip more than the call is enough to raise, all-in
    session = new_session(FOUR, stacks={"D": 6}, stack=20)
    enter(session, "round", "bet B", "call C", "raise D")
    assert dict(session.state.table.betting.committed)["D"] == 6
    assert session.state.table.betting.raises == 1


def test_showdown_errors():
    session = c1()
    enter(session, "round")
    error = refused(session, "showdown B > C > D > A", "rules.chips.showdown_early")
    assert error.params == {"turn": "B"}
    enter(session, *C1_BETTING)
    error = refused(session, "showdown A > B > C > D", "rules.folded_in_showdown")
    assert error.params == {"player": "A"}
    refused(session, "showdown cards A=AS B=KS C=KH D=9C", "rules.folded_in_showdown")
    error = refused(session, "showdown B > C", "rules.ranking_missing")
    assert error.params == {"players": "D"}
    refused(session, "showdown cards B=KS C=KH", "rules.cards_missing")
    error = refused(session, "showdown B > C > B > D", "rules.ranking_twice")
    assert error.params == {"player": "B"}
    refused(session, "showdown B = C = D = B", "rules.ranking_twice")
    refused(session, "showdown B > C > Z", "rules.unknown_player")
    refused(session, "showdown cards B=KS C=KS D=9C", "cards.twice")
    refused(session, "showdown cards B=JK C=KH D=9C", "cards.no_joker")
    refused(session, "showdown cards B=KS C=XX D=9C", "cards.unreadable_no_joker")
    refused(session, "showdown B >", "rules.ranking_syntax")
    refused(session, "call B", "rules.chips.betting_closed")


def test_a_ranking_can_name_players_with_spaces_when_quoted():
    session = new_session(["Aki Sato", "Ben", "佐藤"], stack=20)
    enter(session, "round", "check Ben", "check 佐藤", "check 'Aki Sato'")
    refused(session, "showdown Aki Sato > Ben > 佐藤", "rules.ranking_syntax")
    enter(session, 'showdown Ben = "Aki Sato">佐藤')
    assert list(session.events[-1].data["ranking"]) == [["Ben", "Aki Sato"], ["佐藤"]]
    assert stacks(session) == {"Aki Sato": 20, "Ben": 21, "佐藤": 19}
    again = read_session(write_transcript(session))
    assert again.state == session.state


def test_an_out_player_cannot_act():
    session = out_after_round_one()
    enter(session, "round")
    error = refused(session, "check B", "rules.not_in_round")
    assert error.params == {"player": "B", "round": 2}


# -- cards --------------------------------------------------------------------------


def closed_c1(**options) -> Session:
    session = new_session(FOUR, stack=20, **options)
    enter(session, "round", *C1_BETTING)
    return session


def test_ace_is_high():
    session = closed_c1()
    enter(session, "showdown cards B=2S C=AC D=KS")
    assert stacks(session) == {"A": 19, "B": 11, "C": 39, "D": 11}


def test_joker_beats_everything_with_option_joker():
    session = closed_c1(joker=True)
    enter(session, "showdown cards B=AS C=KH D=JK")
    assert stacks(session) == {"A": 19, "B": 11, "C": 11, "D": 39}
    assert dict(session.events[-1].data["cards"]) == {"B": "AS", "C": "KH", "D": "JK"}


def test_suits_none_ties_split_and_sanma_breaks_them():
    session = closed_c1(suits="none")
    enter(session, "showdown cards B=KC C=KS D=KD")
    # 28 three ways: 10, 9, 9 with B first left of the dealer
    assert stacks(session) == {"A": 19, "B": 21, "C": 20, "D": 20}
    session = closed_c1(suits="sanma")
    enter(session, "showdown cards B=KC C=KS D=KD")
    assert stacks(session) == {"A": 19, "B": 11, "C": 39, "D": 11}
    session = closed_c1(suits="sanma")
    enter(session, "showdown cards B=KS C=KH D=9C")
    assert stacks(session) == {"A": 19, "B": 39, "C": 11, "D": 11}


def test_card_spellings():
    session = closed_c1()
    enter(session, "showdown cards b=10♠ C=TH D=9c")
    assert dict(session.events[-1].data["cards"]) == {"B": "10S", "C": "10H", "D": "9C"}
    assert stacks(session) == {"A": 19, "B": 25, "C": 25, "D": 11}


# -- out, finished, rebuy ------------------------------------------------------------


def out_after_round_one() -> Session:
    """A B C with 5 chips each, dealer A: B goes all-in and loses to C."""
    session = new_session(["A", "B", "C"], stack=5)
    enter(session, "round", "bet B", "call C", "fold A", "showdown C > B")
    assert stacks(session) == {"A": 4, "B": 0, "C": 11}
    return session


def test_a_player_with_no_chips_is_out_and_skipped_as_dealer():
    session = out_after_round_one()
    state = session.state
    assert not state.finished
    # B would deal next but is out: the deal goes to C
    assert state.parent == "C"
    enter(session, "round")
    table = session.state.table
    assert table.players == ("A", "C")
    assert table.dealer == "C"
    assert dict(table.betting.committed) == {"A": 1, "C": 1}
    assert turn(session) == "A"
    assert choices(session, "check") == ("A",)
    enter(session, "check A", "check C", "showdown A > C")
    assert stacks(session) == {"A": 5, "B": 0, "C": 10}
    # from C the deal skips B again and goes to A
    assert session.state.parent == "A"


def test_the_session_finishes_when_one_player_holds_all_chips():
    session = new_session(["A", "B"], stack=5)
    enter(session, "round", "bet B", "call A")
    assert turn(session) is None
    enter(session, "showdown B > A")
    state = session.state
    assert stacks(session) == {"A": 0, "B": 10}
    assert state.finished
    assert set(kinds(session)) <= {"undo", "note", "rate", "recorder"}
    refused(session, "round", "rules.session_ended")
    refused(session, "rebuy A 5", "rules.session_ended")
    enter(session, "undo")
    assert not session.state.finished
    assert session.state.in_round


def test_rounds_option_finishes_the_session():
    session = new_session(FOUR, stack=20, rounds=2)
    enter(session, "round", "check B", "check C", "check D", "check A", "showdown A > B = C = D")
    assert not session.state.finished
    enter(session, "round", "bet C", "fold D", "fold A", "fold B")
    assert session.state.finished
    assert session.state.round == 2
    assert sum(stacks(session).values()) == 80
    refused(session, "round", "rules.session_ended")


def test_rebuy_brings_an_out_player_back_and_counts_as_bought():
    session = out_after_round_one()
    assert session.state.bought == 0
    enter(session, "rebuy B 10")
    state = session.state
    assert stacks(session) == {"A": 4, "B": 10, "C": 11}
    assert state.bought == 10
    assert sum(state.scores.values()) == 15 + state.bought
    # B was passed over as dealer only for want of chips: B deals (issue 43)
    assert session.describe(len(session.events) - 1) == (
        "log.rebuy_deals",
        {"player": "B", "chips": 10},
    )
    enter(session, "round")
    table = session.state.table
    assert table.players == ("A", "B", "C")
    assert table.dealer == "B"
    assert turn(session) == "C"
    refused(session, "rebuy B 5", "rules.between_rounds_only")
    # a rebuy is undone like any entry
    enter(session, "undo", "undo")
    assert session.state.bought == 0
    assert stacks(session) == {"A": 4, "B": 0, "C": 11}


def test_rebuy_amount_must_be_positive():
    session = out_after_round_one()
    with pytest.raises(RuleError) as info:
        enter(session, "rebuy B 0")
    assert info.value.key == "rules.rebuy_amount"
    refused(session, "rebuy Z 5", "rules.unknown_player")


def test_a_joiner_brings_the_stack_option_and_it_counts_as_bought():
    session = c1()
    enter(session, "join E")
    assert stacks(session)["E"] == 20
    assert session.state.bought == 20


# -- transcripts and the command ------------------------------------------------------


def replay_json(capsys, path: Path) -> dict:
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    return json.loads(out)


def test_replay_c1_transcript(capsys, home):
    state = replay_json(capsys, EXAMPLES / "c1.txt")
    assert state["game"] == "indian-chips"
    assert state["scores"] == {"A": 19, "B": 25, "C": 25, "D": 11}
    assert state["pot"] == 0
    assert state["round"] == 1
    assert state["parent"] == "B"
    assert state["finished"] is False


def test_replay_c2_transcript(capsys, home, tmp_path):
    state = replay_json(capsys, EXAMPLES / "c2.txt")
    assert state["scores"] == {"A": 20, "B": 7, "C": 11, "D": 27}
    assert state["parent"] == "A"
    text = (EXAMPLES / "c2.txt").read_text(encoding="utf-8")
    assert "showdown A > D > B" in text
    other = tmp_path / "c2-other.txt"
    other.write_text(text.replace("showdown A > D > B", "showdown B = A > D"), encoding="utf-8")
    state = replay_json(capsys, other)
    assert state["scores"] == {"A": 10, "B": 37, "C": 11, "D": 7}


def test_replay_c2_mid_round_shows_the_pot(capsys, home, tmp_path):
    text = (EXAMPLES / "c2.txt").read_text(encoding="utf-8")
    head = text.split("showdown A > D > B")[0]
    path = tmp_path / "c2-open.txt"
    path.write_text(head, encoding="utf-8")
    state = replay_json(capsys, path)
    assert state["pot"] == 40
    assert state["in_round"] is True
    assert state["scores"] == {"A": 0, "B": 7, "C": 11, "D": 7}


def test_replay_l1_transcript(capsys, home):
    state = replay_json(capsys, EXAMPLES / "l1.txt")
    assert state["game"] == "indian-lowest"
    assert state["scores"] == {"A": 0, "B": 1, "C": 0, "D": 1}
    assert state["pot"] == 0


def test_replay_refuses_a_broken_chips_transcript(capsys, home, tmp_path):
    text = (EXAMPLES / "c1.txt").read_text(encoding="utf-8")
    path = tmp_path / "bad.txt"
    path.write_text(text.replace("check B", "check C"), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("check B")))
    assert err.startswith(f"{path}:{line + 1}:")
    assert "it is B's turn, not C's" in err


def test_examples_round_trip_through_write_transcript():
    for name in ("c1", "c2", "l1"):
        session = read_session((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"))
        again = read_session(write_transcript(session))
        assert state_json(again) == state_json(session)


def test_importing_one_game_module_first_still_finds_every_game():
    # the screens import their game's module directly; that must not hide the other games
    code = (
        "import scorekeeper.core.games.indian_chips\n"
        "from scorekeeper.core.games import all_games, get_game\n"
        "get_game('indian-official')\n"
        "print(' '.join(g.id for g in all_games()))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:3] == ["indian-official", "indian-chips", "indian-lowest"]


# -- random legal sessions ------------------------------------------------------------


SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ["A", "B", "C", "Aki Sato", "佐藤", "eve", "O'Neil"]
NEWCOMERS = ["Zed", "New Guy"]
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
ALL_CARDS = [rank + suit for rank in RANKS for suit in "SHDC"]
KIND_WEIGHTS = {
    "round": 10,
    "check": 8,
    "bet": 6,
    "call": 8,
    "raise": 4,
    "fold": 3,
    "showdown": 10,
    "undo": 2,
    "rebuy": 2,
    "join": 1,
    "leave": 1,
    "note": 1,
    "end": 1,
}


@st.composite
def chip_headers(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=7, unique=True))
    options = {
        "stack": draw(st.sampled_from([1, 10, 30])),
        "ante": draw(st.sampled_from([0, 1, 1, 2, 5])),
        "bet": draw(st.sampled_from([1, 2, 4, 10])),
        "raises": draw(st.sampled_from([0, 1, 3, 5])),
        "joker": draw(st.booleans()),
        "suits": draw(st.sampled_from(["none", "sanma"])),
        "rounds": draw(st.sampled_from([0, 0, 0, 2, 5])),
    }
    given_stacks = {p: draw(st.integers(1, 60)) for p in players if draw(st.integers(0, 4))}
    parent = draw(st.sampled_from(players))
    return make_header(
        "indian-chips", players, options, parent=parent, recorder=parent, stacks=given_stacks
    )


def chips_in_play(session: Session) -> int:
    state = session.state
    pot = state.table.pot if state.in_round else 0
    return sum(state.scores.values()) + pot


def reference_award(committed: dict[str, int], folded, order: list[str]) -> dict[str, int]:
    """What each player gets back, worked out one chip level at a time (no ties).

    Level k holds one chip from everyone in for at least k. It goes back to its
    only contributor, else to the best of its contributors who has not folded;
    a level none of them can win goes with the level below it.
    """
    won: dict[str, int] = {}
    below = None
    for level in range(1, max(committed.values(), default=0) + 1):
        contributors = [p for p, chips in committed.items() if chips >= level]
        if len(contributors) == 1:
            taker = contributors[0]
        else:
            live = [p for p in order if p in contributors and p not in folded]
            taker = live[0] if live else below
            below = taker
        assert taker is not None
        won[taker] = won.get(taker, 0) + len(contributors)
    return won


def _ranking_order(event, table, suits: str) -> list[str] | None:
    """Best first, when the round was settled without ties; else None."""
    if event.kind == "fold":
        return [p for p in table.betting.live() if p != event.data["player"]]
    if event.kind != "showdown":
        return None
    if "ranking" in event.data:
        groups = event.data["ranking"]
        return [group[0] for group in groups] if all(len(g) == 1 for g in groups) else None
    cards = dict(event.data["cards"])
    if any(code == "JK" for code in cards.values()) or len(cards) < 2:
        return None
    values = {r: 14 - i for i, r in enumerate(RANKS)}
    orders = {"none": dict.fromkeys("SHDC", 0), "sanma": dict(zip("CDHS", range(4), strict=True))}
    suit_value = orders[suits]
    strength = {p: (values[c[:-1]], suit_value[c[-1]]) for p, c in cards.items()}
    if len(set(strength.values())) < len(strength):
        return None
    return sorted(cards, key=lambda p: strength[p], reverse=True)


class Driver:
    def __init__(self, data, header) -> None:
        self.data = data
        self.session = Session(header)
        self.started = chips_in_play(self.session)
        self.clock = T0
        self.in_force: list[tuple[int, object]] = []

    def words(self) -> list[str]:
        draw, session, state = self.data.draw, self.session, self.session.state
        actions = {a.kind: a for a in session.legal()}
        if "join" in actions and not [n for n in NEWCOMERS if n not in state.names()]:
            del actions["join"]
        if "showdown" in actions and not actions["showdown"].choices:
            del actions["showdown"]  # nobody with chips is seated: only undo helps
        pool = [k for k in actions for _ in range(KIND_WEIGHTS.get(k, 0))]
        kind = draw(st.sampled_from(pool), label="kind")
        action = actions[kind]
        if kind in ("round", "undo", "end"):
            return [kind]
        if kind == "note":
            return ["note", "tea"]
        if kind == "rate":
            return ["rate", "10", "JPY"]
        if kind in ("check", "bet", "call", "raise", "fold", "leave"):
            return [kind, draw(st.sampled_from(action.choices))]
        if kind == "rebuy":
            return ["rebuy", draw(st.sampled_from(action.choices)), str(draw(st.integers(1, 30)))]
        if kind == "join":
            fresh = [n for n in NEWCOMERS if n not in state.names()]
            return ["join", draw(st.sampled_from(fresh))]
        live = list(action.choices)
        if draw(st.booleans()):
            deck = ALL_CARDS + (["JK"] if state.options["joker"] else [])
            cards = draw(
                st.lists(st.sampled_from(deck), min_size=len(live), max_size=len(live), unique=True)
            )
            return ["showdown", "cards", *(f"{p}={c}" for p, c in zip(live, cards, strict=True))]
        order = draw(st.permutations(live))
        words = ["showdown"]
        for index, player in enumerate(order):
            if index:
                words.append(draw(st.sampled_from([">", ">", "="])))
            words.append(player)
        return words

    def step(self) -> None:
        session = self.session
        before = session.state
        self.clock += timedelta(seconds=self.data.draw(st.integers(0, 90), label="tick"))
        event = session.record(parse_entry(session.game, self.words()), self.clock)
        after = session.state
        if event.kind == "undo":
            seq, earlier = self.in_force.pop()
            assert event.data["voids"] == seq
            assert after == earlier
        else:
            self.in_force.append((event.seq, before))
        self.check(before, after, event)

    def check(self, before, after, event) -> None:
        # chips are conserved and no stack goes below zero
        assert chips_in_play(self.session) == self.started + after.bought
        assert all(chips >= 0 for chips in after.scores.values())
        if after.in_round:
            table = after.table
            assert table.pot == sum(table.betting.committed.values())
            assert all(after.scores[p] > 0 or table.betting.committed[p] > 0 for p in table.players)
            legal = {a.kind: a.choices for a in self.session.legal()}
            to_act = table.betting.turn(after)
            if to_act is None:
                assert legal["showdown"] == table.betting.live()
            else:
                assert to_act in table.betting.live()
                assert after.scores[to_act] > 0
                for kind in ("check", "bet", "call", "raise", "fold"):
                    assert legal.get(kind, (to_act,)) == (to_act,)
        if before.in_round and not after.in_round and event.kind != "undo":
            table = before.table
            # a folded player gets nothing back; nobody ends the round below zero
            for player in table.betting.folded:
                assert after.scores[player] == before.scores[player]
            order = _ranking_order(event, table, before.options["suits"])
            if order is not None:
                won = reference_award(dict(table.betting.committed), table.betting.folded, order)
                for player in after.names():
                    assert after.scores[player] == before.scores[player] + won.get(player, 0)
            with_chips = [p for p in after.names() if after.scores[p] > 0]
            if len(with_chips) <= 1:
                assert after.finished
            else:
                assert after.scores[after.parent] > 0

    def play(self, steps: int) -> Session:
        for _ in range(steps):
            self.step()
        return self.session


@SETTINGS
@given(st.data(), chip_headers(), st.integers(0, 60))
def test_random_sessions_conserve_chips_and_undo_exactly(data, header, steps):
    Driver(data, header).play(steps)


@SETTINGS
@given(st.data(), chip_headers(), st.integers(0, 50))
def test_random_sessions_round_trip_through_a_transcript(data, header, steps):
    session = Driver(data, header).play(steps)
    assert_transcript_round_trip(session)
    refolded = Session(session.header, list(session.events))
    assert refolded.state == session.state
