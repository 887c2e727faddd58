"""Pochen (rules.md §4): worked example P1, the stages, the Poch pots, every error, random deals."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from scorekeeper.core.codec import event_from_doc, event_to_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.games.pochen import POOLS, pool_phrase, to_act
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

P1_CLAIMS = ["turned 8D", "claim B ace", "claim C king queen marriage"]
P1_POCH = ["pass B", "bet C 3", "call D", "fold A", "fold B", "show C=KD,KS D=9C,9D,9S"]


def new_session(players=FOUR, parent=None, stacks=None, **options) -> Session:
    header = make_header("pochen", players, options or None, parent=parent, stacks=stacks)
    return Session(header)


def p1(**options) -> Session:
    return new_session(stack=50, **options)


def board(session: Session) -> dict[str, int]:
    return dict(session.state.board)


def pools(**chips: int) -> dict[str, int]:
    return {pool: chips.get(pool, 0) for pool in POOLS}


def chips_in_play(session: Session) -> int:
    state = session.state
    pot = state.table.pot if state.in_round else 0
    return sum(state.scores.values()) + sum((state.board or {}).values()) + pot


def turn(session: Session) -> str | None:
    return to_act(session.state, session.state.table)


def test_a_deal_with_no_poch_says_so_in_words():
    """Everyone passed the Poch: the result says nobody won it, not "Poch: -" (issue 35)."""
    session = p1()
    enter(session, "round", "turned 8D", "claim B ace", "pass B", "pass C", "pass D", "pass A")
    enter(session, "out B")
    result = session.state.results[-1]
    assert result.how == "result.pochen.deal_no_poch"
    english = t(result.how, "en", **result.details)
    japanese = t(result.how, "ja", **result.details)
    assert english == "B went out first; nobody won the Poch"
    assert japanese == "Bが最初に上がり、ポッヘンは勝者なし"


# -- worked example P1 --------------------------------------------------------------


def test_p1_every_number():
    session = p1()
    assert stacks(session) == {"A": 50, "B": 50, "C": 50, "D": 50}
    assert board(session) == pools()
    enter(session, "round")
    assert stacks(session) == {"A": 41, "B": 41, "C": 41, "D": 41}
    assert board(session) == dict.fromkeys(POOLS, 4)
    assert sum(board(session).values()) == 36
    enter(session, *P1_CLAIMS)
    assert session.state.table.trump == "D"
    assert stacks(session) == {"A": 41, "B": 45, "C": 53, "D": 41}
    assert board(session) == pools(jack=4, ten=4, sequence=4, poch=4, centre=4)
    turns = []
    for line in P1_POCH[:-1]:
        turns.append(turn(session))
        enter(session, line)
    assert turns == ["B", "C", "D", "A", "B"]
    table = session.state.table
    assert dict(table.betting.committed) == {"A": 0, "B": 0, "C": 3, "D": 3}
    assert table.pot == 6
    assert table.betting.folded == {"A", "B"}
    assert kinds(session)[:2] == ["show", "poch"]
    assert choices(session, "show") == ("C", "D")
    enter(session, P1_POCH[-1])
    # D wins the 6 bet and the poch pool of 4
    assert stacks(session) == {"A": 41, "B": 45, "C": 50, "D": 48}
    assert board(session) == pools(jack=4, ten=4, sequence=4, centre=4)
    assert session.state.table.pot == 0
    assert session.state.table.winners == ("D",)
    enter(session, "out B")
    state = session.state
    assert stacks(session) == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert board(session) == pools(jack=4, ten=4, sequence=4)
    assert sum(board(session).values()) == 12
    assert chips_in_play(session) == 200
    assert not state.in_round and not state.finished
    assert state.parent == "B"
    result = state.results[-1]
    assert result.how == "result.pochen.deal"
    assert dict(result.deltas) == {"A": -9, "B": -1, "C": 0, "D": -2}
    assert dict(result.details) == {"out": "B", "poch": "D", "turned": "8D"}
    # the result in numbers: B went out, D won the Poch; antes 9 each, C and D bet 3
    assert result.winners == ("B", "D")
    assert dict(result.paid) == {"A": 9, "B": 9, "C": 12, "D": 12}
    assert dict(result.received) == {"A": 0, "B": 8, "C": 12, "D": 10}
    assert dict(result.board or {}) == pools(jack=4, ten=4, sequence=4)
    assert dict(result.scores) == {"A": 41, "B": 49, "C": 50, "D": 48}
    # the next deal, dealer B
    enter(session, "round")
    assert session.state.table.dealer == "B"
    assert stacks(session) == {"A": 32, "B": 40, "C": 41, "D": 39}
    assert board(session) == pools(
        ace=4, king=4, queen=4, jack=8, ten=8, marriage=4, sequence=8, poch=4, centre=4
    )
    assert chips_in_play(session) == 200


def test_p1_through_state_json():
    session = p1()
    data = state_json(session)
    assert data["game"] == "pochen"
    assert data["board"] == pools()
    assert data["pot"] == 0
    enter(session, "round")
    assert state_json(session)["board"] == dict.fromkeys(POOLS, 4)
    enter(session, *P1_CLAIMS)
    data = state_json(session)
    assert data["scores"] == {"A": 41, "B": 45, "C": 53, "D": 41}
    assert data["board"] == pools(jack=4, ten=4, sequence=4, poch=4, centre=4)
    enter(session, *P1_POCH[:3])
    data = state_json(session)
    assert data["pot"] == 6
    assert data["scores"] == {"A": 41, "B": 45, "C": 50, "D": 38}
    assert data["in_round"] is True
    enter(session, *P1_POCH[3:])
    data = state_json(session)
    assert data["pot"] == 0
    assert data["scores"] == {"A": 41, "B": 45, "C": 50, "D": 48}
    enter(session, "out B")
    data = state_json(session)
    assert data["scores"] == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert data["board"] == pools(jack=4, ten=4, sequence=4)
    assert data["pot"] == 0
    assert data["round"] == 1
    assert data["parent"] == "B"
    assert data["in_round"] is False
    assert data["finished"] is False
    assert sum(data["scores"].values()) + sum(data["board"].values()) == 200
    enter(session, "round")
    data = state_json(session)
    assert data["scores"] == {"A": 32, "B": 40, "C": 41, "D": 39}
    assert data["board"] == pools(
        ace=4, king=4, queen=4, jack=8, ten=8, marriage=4, sequence=8, poch=4, centre=4
    )
    assert data["round"] == 2
    assert data["parent"] == "B"


def test_p1_with_card_payment():
    session = p1(card_payment=True)
    enter(session, "round", *P1_CLAIMS, *P1_POCH)
    assert kinds(session)[0] == "out"
    refused(session, "out B", "rules.pochen.payment_missing")
    enter(session, "out B A=3 C=2 D=1")
    # B takes the centre 4 and 3 + 2 + 1 for the cards left
    assert stacks(session) == {"A": 38, "B": 55, "C": 48, "D": 47}
    assert chips_in_play(session) == 200
    assert dict(session.state.results[-1].deltas) == {"A": -12, "B": 5, "C": -2, "D": -3}
    assert session.describe(len(session.events) - 1) == (
        "log.pochen.out_paid",
        {"player": "B", "chips": 4, "paid": 6},
    )


KQM = pool_phrase("king", "queen", "marriage")


def test_p1_log_describes_each_entry():
    session = p1()
    enter(session, "round", *P1_CLAIMS, *P1_POCH, "out B")
    described = [session.describe(i) for i in range(len(session.events))]
    assert described == [
        ("log.round.dealer", {"round": 1, "parent": "A"}),
        ("log.pochen.turned", {"card": "8♦", "suit": "♦"}),
        ("log.pochen.claim", {"player": "B", "pools": pool_phrase("ace"), "chips": 4}),
        ("log.pochen.claim", {"player": "C", "pools": KQM, "chips": 12}),
        ("log.bet.pass", {"player": "B", "chips": 0, "total": 0}),
        ("log.bet.bet_total", {"player": "C", "chips": 3, "total": 3}),
        ("log.bet.call", {"player": "D", "chips": 3, "total": 3}),
        ("log.bet.fold", {"player": "A", "chips": 0, "total": 0}),
        ("log.bet.fold", {"player": "B", "chips": 0, "total": 0}),
        ("log.pochen.show", {"sets": "C KD KS, D 9C 9D 9S", "winner": "D", "pot": 6, "poch": 4}),
        ("log.pochen.out", {"player": "B", "chips": 4}),
    ]


def test_p1_undo_restores_each_earlier_state():
    session = p1()
    states = [session.state]
    for line in ["round", *P1_CLAIMS, *P1_POCH, "out B", "round"]:
        enter(session, line)
        states.append(session.state)
    for earlier in reversed(states[:-1]):
        enter(session, "undo")
        assert session.state == earlier
    assert board(session) == pools()


# -- the trump ------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["diamonds", "Diamonds", "D", "d", "♦", "diamond"])
def test_trump_suit_spellings(word):
    session = p1()
    enter(session, "round", f"trump {word}")
    assert session.state.table.trump == "D"
    assert session.state.table.turned is None
    assert dict(session.events[-1].data) == {"suit": "D"}
    assert session.describe(1) == ("log.pochen.trump", {"suit": "♦"})
    # with no turned card, every pool can be claimed (in two hands: eight trumps are
    # more than one hand of five)
    enter(session, "claim A king queen marriage ace jack", "claim B sequence ten")
    assert board(session) == pools(poch=4, centre=4)


def test_turned_card_spellings_and_the_52_card_deck():
    session = p1()
    enter(session, "round", "turned t♥")
    assert session.events[-1].data["card"] == "10H"
    assert session.state.table.trump == "H"
    session = p1(deck=52)
    enter(session, "round", "turned 2S")
    assert session.state.table.trump == "S"


# -- claims ---------------------------------------------------------------------------


def test_claims_in_any_order_and_across_entries():
    session = p1()
    enter(session, "round", "turned 8D", "claim C marriage king queen")
    assert stacks(session)["C"] == 53
    session = p1()
    enter(session, "round", "turned 8D", "claim C king", "claim B ace", "claim c queen")
    enter(session, "claim C MARRIAGE")
    assert stacks(session)["C"] == 53
    assert dict(session.state.table.claimed) == {
        "king": "C",
        "ace": "B",
        "queen": "C",
        "marriage": "C",
    }
    assert list(session.events[-1].data["pools"]) == ["marriage"]


def test_sequence_when_no_7_8_9_is_turned():
    session = p1()
    enter(session, "round", "turned AD")
    refused(session, "claim B ace", "rules.pochen.turned_pool")
    enter(session, "claim B sequence")
    assert stacks(session)["B"] == 45


def test_unclaimed_pools_grow():
    session = p1()
    enter(session, "round", "trump hearts", "pass B", "pass C", "pass D", "pass A")
    # nobody bet: the poch pool stays
    assert session.state.table.settled is False
    assert kinds(session)[0] == "out"
    enter(session, "out A", "round")
    assert board(session) == pools(
        ace=8, king=8, queen=8, jack=8, ten=8, marriage=8, sequence=8, poch=8, centre=4
    )
    assert chips_in_play(session) == 200


@pytest.mark.parametrize(("option", "dealer_gets"), [("carry", 0), ("dealer", 4)])
def test_turned_honour(option, dealer_gets):
    session = p1(turned_honour=option)
    enter(session, "round", "turned KD")
    refused(session, "claim C king", "rules.pochen.turned_pool")
    refused(session, "claim C queen marriage", "rules.pochen.marriage_broken")
    enter(session, "claim C queen", "pass B", "pass C", "pass D", "pass A", "out B")
    assert stacks(session)["A"] == 41 + dealer_gets
    assert board(session)["king"] == 4 - dealer_gets
    # marriage stays whatever the option
    assert board(session)["marriage"] == 4
    assert chips_in_play(session) == 200
    enter(session, "round")
    assert board(session)["king"] == 8 - dealer_gets


# -- the Poch ---------------------------------------------------------------------------


def test_nobody_bets_and_check_is_a_pass():
    session = p1()
    enter(session, "round", "turned 8D", "check B", "pass C", "check D")
    assert turn(session) == "A"
    enter(session, "pass A")
    refused(session, "pass B", "rules.pochen.poch_over")
    enter(session, "out C")
    assert board(session)["poch"] == 4
    assert stacks(session) == {"A": 41, "B": 41, "C": 45, "D": 41}


def test_one_player_left_wins_without_showing():
    session = p1()
    enter(session, "round", "turned 8D", "bet B 3", "fold C", "pass D")
    # pass facing a bet is a fold
    assert session.state.table.betting.folded == {"C", "D"}
    assert session.describe(4) == ("log.pochen.pass_folds", {"player": "D"})
    enter(session, "fold A")
    table = session.state.table
    assert table.settled and table.winners == ("B",)
    # B's unmatched 3 come back, with the poch pool
    assert stacks(session) == {"A": 41, "B": 45, "C": 41, "D": 41}
    assert kinds(session)[0] == "out"


def test_raises_are_totals_and_reopen_the_betting():
    session = p1()
    enter(session, "round", "turned 8D", "bet B 2", "raise C 5", "call D")
    assert turn(session) == "A"
    enter(session, "fold A")
    assert turn(session) == "B"
    enter(session, "raise B 9")
    assert dict(session.state.table.betting.committed) == {"A": 0, "B": 9, "C": 5, "D": 5}
    assert turn(session) == "C"
    enter(session, "call C", "fold D")
    assert kinds(session)[:2] == ["show", "poch"]
    assert session.state.table.pot == 23
    enter(session, "poch C")
    # C takes 9 + 9 + 5 and the poch pool
    assert stacks(session) == {"A": 41, "B": 32, "C": 59, "D": 36}


def test_all_in_side_pot_and_the_poch_pool_with_the_main_pot():
    session = new_session(stack=50, stacks={"D": 12})
    enter(session, "round", "turned 8D")
    assert stacks(session)["D"] == 3
    enter(session, "pass B", "bet C 10", "call D")
    assert session.describe(4) == (
        "log.bet.call_all_in",
        {"player": "D", "chips": 3, "total": 3},
    )
    enter(session, "fold A", "call B")
    table = session.state.table
    assert dict(table.betting.committed) == {"A": 0, "B": 10, "C": 10, "D": 3}
    layers = table.betting.layers()
    assert [(p.amount, p.eligible) for p in layers.pots] == [(9, ("B", "C", "D")), (14, ("B", "C"))]
    refused(session, "poch D", "rules.pochen.pot_undecided")
    refused(session, "show D=AS,AH", "rules.pochen.pot_undecided")
    enter(session, "show D=AS,AH B=KD,KS C=QC,QH")
    # D: main pot 9 and the poch pool 4; B: the side pot 14
    assert stacks(session) == {"A": 41, "B": 45, "C": 31, "D": 13}
    assert session.state.table.winners == ("D",)
    assert chips_in_play(session) == 162
    enter(session, "undo", "poch D > B")
    assert stacks(session) == {"A": 41, "B": 45, "C": 31, "D": 13}


def test_a_tie_named_with_poch_splits_the_pots_and_the_poch_pool():
    session = new_session(["A", "B", "C"], stack=50)
    enter(session, "round", "turned 8D")
    assert board(session)["poch"] == 3
    enter(session, "bet B 2", "call C", "call A", "poch B = C")
    # 6 and the poch pool 3, split from left of the dealer A: B 5, C 4
    assert stacks(session) == {"A": 39, "B": 44, "C": 43}


@pytest.mark.parametrize(
    ("sets", "winner"),
    [
        ("B=KD,KS C=KH,KC", "B"),  # same pair: the set holding the trump (♦)
        ("B=KH,KC C=KD,KS", "C"),
        ("B=AS,AH C=7S,7H,7C", "C"),  # three beat two
        ("B=7S,7H,7D,7C C=AS,AH,AD", "B"),  # four beat three
        ("B=9S,9H C=10S,10H", "C"),  # higher rank
        ("B=AS,AC C=KD,KS", "B"),  # rank before trump
    ],
)
def test_sets(sets, winner):
    session = p1()
    enter(session, "round", "turned 8D", "bet B 1", "call C", "fold D", "fold A", f"show {sets}")
    assert session.state.table.winners == (winner,)
    assert stacks(session)[winner] == 41 - 1 + 2 + 4


def test_a_contestant_who_does_not_show_concedes():
    session = p1()
    enter(session, "round", "turned 8D", "bet B 1", "call C", "fold D", "fold A", "show C=7S,7H")
    assert session.state.table.winners == ("C",)


# -- the play-out and the end ------------------------------------------------------------


def test_card_payment_when_short_gives_what_is_left():
    session = new_session(["A", "B", "C"], stack=50, stacks={"C": 10}, card_payment=True)
    enter(session, "round", "trump S", "pass B", "pass C", "pass A")
    assert stacks(session)["C"] == 1
    enter(session, "out A B=2 C=5")
    # C had 1 chip left
    assert dict(session.state.results[-1].scores) == {"A": 41 + 3 + 3, "B": 39, "C": 0}
    # C cannot pay the next ante, so the session ends and the board (24) goes back, 8 each
    assert stacks(session) == {"A": 47 + 8, "B": 39 + 8, "C": 0 + 8}
    assert chips_in_play(session) == 110
    # C cannot pay the next whole ante: the session is finished
    assert session.state.finished
    refused(session, "round", "rules.session_ended")


def test_the_session_finishes_when_a_player_cannot_pay_the_next_ante():
    session = new_session(["A", "B", "C"], stack=50, ante=5)
    enter(session, "round", "trump S", "claim B ace", "pass B", "pass C", "pass A")
    assert stacks(session) == {"A": 5, "B": 20, "C": 5}
    enter(session, "out B")
    state = session.state
    assert state.finished
    assert dict(state.results[-1].scores) == {"A": 5, "B": 35, "C": 5}
    # the board left (105: 135 of antes less ace and centre, 15 each) goes back, 35 each
    assert stacks(session) == {"A": 40, "B": 70, "C": 40}
    assert chips_in_play(session) == 150
    assert kinds(session) == ["undo", "note", "rate", "recorder"]
    refused(session, "round", "rules.session_ended")
    refused(session, "rebuy A 50", "rules.session_ended")
    enter(session, "undo")
    assert not session.state.finished


def test_a_player_who_cannot_pay_the_ante_is_not_dealt_in():
    session = new_session(stack=50, stacks={"A": 8}, parent="A")
    enter(session, "round")
    table = session.state.table
    # A cannot pay 9: B deals
    assert table.players == ("B", "C", "D")
    assert table.dealer == "B"
    assert session.state.parent == "B"
    assert stacks(session) == {"A": 8, "B": 41, "C": 41, "D": 41}
    assert board(session) == dict.fromkeys(POOLS, 3)
    refused(session, "claim B ace", "rules.pochen.trump_first")
    enter(session, "turned 9C")
    refused(session, "claim A ace", "rules.pochen.not_dealt_in")
    enter(session, "pass C", "pass D", "pass B", "out C")
    # A was never dealt in, so the session goes on; the deal passes to C
    assert not session.state.finished
    assert session.state.parent == "C"
    enter(session, "rebuy A 10", "round")
    assert session.state.table.players == tuple(FOUR)
    assert chips_in_play(session) == 158 + 10


def test_too_few_who_can_pay():
    session = new_session(stack=50, stacks={"A": 8, "B": 8})
    refused(session, "round", "rules.too_few_to_play")
    assert "round" not in kinds(session)


def test_rounds_option():
    session = p1(rounds=1)
    enter(session, "round", "trump S", "pass B", "pass C", "pass D", "pass A", "out D")
    assert session.state.finished
    refused(session, "round", "rules.session_ended")


# -- errors ----------------------------------------------------------------------------


def test_claim_errors():
    session = p1()
    enter(session, "round")
    refused(session, "claim B ace", "rules.pochen.trump_first")
    refused(session, "pass B", "rules.pochen.trump_first")
    refused(session, "out B", "rules.pochen.trump_first")
    refused(session, "turned 2S", "rules.pochen.not_in_deck")
    error = refused(session, "turned 6H", "rules.pochen.not_in_deck")
    assert error.params == {"card": "6H", "deck": 32}
    refused(session, "turned JK", "rules.pochen.not_in_deck")
    refused(session, "turned XX", "cards.unreadable_no_joker")
    refused(session, "trump stars", "rules.pochen.unknown_suit")
    enter(session, "turned 8D")
    refused(session, "trump hearts", "rules.pochen.trump_twice")
    refused(session, "turned 9D", "rules.pochen.trump_twice")
    error = refused(session, "claim B aces", "rules.pochen.unknown_pool")
    assert error.params["pool"] == "aces"
    refused(session, "claim B sequence", "rules.pochen.sequence_broken")
    refused(session, "claim B poch", "rules.pochen.not_claimable")
    refused(session, "claim B centre", "rules.pochen.not_claimable")
    refused(session, "claim E ace", "rules.unknown_player")
    enter(session, "claim B ace")
    error = refused(session, "claim C ace", "rules.pochen.already_claimed")
    assert error.params == {"pool": pool_phrase("ace"), "player": "B"}
    refused(session, "claim C jack jack", "rules.pochen.already_claimed")
    refused(session, "claim C marriage", "rules.pochen.marriage_needs")
    enter(session, "claim B king", "claim C queen")
    refused(session, "claim C marriage", "rules.pochen.marriage_needs")
    refused(session, "claim B marriage", "rules.pochen.marriage_needs")
    enter(session, "pass B")
    refused(session, "claim C jack", "rules.pochen.claims_over")


def test_a_marriage_is_claimed_only_by_who_holds_king_and_queen():
    """One player holds both, so there is a marriage, but it is theirs: another player's
    claim of it is refused in words and changes nothing; the holder's is taken."""
    session = p1()
    enter(session, "round", "turned 8D", "claim B king", "claim B queen")
    error = refused(session, "claim C marriage", "rules.pochen.marriage_needs")
    assert error.params == {"player": "C"}
    enter(session, "claim B marriage")
    assert dict(session.state.table.claimed)["marriage"] == "B"


def test_marriage_and_sequence_broken_by_the_turned_card():
    for card in ("KD", "QD"):
        session = p1()
        enter(session, "round", f"turned {card}")
        refused(session, "claim B marriage", "rules.pochen.marriage_broken")
    for card in ("7H", "8H", "9H"):
        session = p1()
        enter(session, "round", f"turned {card}")
        refused(session, "claim B sequence", "rules.pochen.sequence_broken")
    session = p1()
    enter(session, "round", "turned 10C")
    refused(session, "claim B ten", "rules.pochen.turned_pool")


def test_poch_errors():
    session = p1()
    enter(session, "round", "turned 8D")
    error = refused(session, "pass C", "rules.pochen.not_your_turn")
    assert error.params == {"player": "C", "turn": "B"}
    refused(session, "call B", "rules.pochen.nothing_to_call")
    refused(session, "raise B 2", "rules.pochen.nothing_to_call")
    error = refused(session, "fold B", "rules.pochen.nothing_to_call")
    assert "(降りはできません)" in error.message("ja")
    refused(session, "bet B 0", "rules.pochen.bet_not_above")
    refused(session, "bet B 42", "rules.pochen.short")
    refused(session, "bet B", "rules.pochen.amount_syntax")
    refused(session, "bet B x", "rules.pochen.amount_syntax")
    refused(session, "show B=KS,KH", "rules.pochen.showdown_early")
    error = refused(session, "out B", "rules.pochen.poch_open")
    assert error.params == {"turn": "B"}
    enter(session, "bet B 41")  # all-in
    assert session.describe(2)[0] == "log.bet.bet_total_all_in"
    error = refused(session, "check C", "rules.pochen.check_facing_bet")
    assert error.params == {"player": "C", "high": 41}
    error = refused(session, "bet C 3", "rules.pochen.second_bet")  # no bet after a bet
    assert error.params == {"player": "C", "high": 41}
    session = p1()
    enter(session, "round", "turned 8D", "bet B 3")
    refused(session, "bet C 5", "rules.pochen.second_bet")
    error = refused(session, "raise C 3", "rules.pochen.raise_not_above")
    assert error.params == {"player": "C", "amount": 3, "high": 3}
    refused(session, "raise C 42", "rules.pochen.short")
    refused(session, "call D", "rules.pochen.not_your_turn")
    enter(session, "fold C")
    refused(session, "call C", "rules.bet.has_folded")
    enter(session, "call D", "call A")
    assert kinds(session)[:2] == ["show", "poch"]
    refused(session, "call B", "rules.pochen.betting_closed")
    refused(session, "out B", "rules.pochen.poch_undecided")
    refused(session, "claim B ace", "rules.pochen.claims_over")


def test_show_errors():
    session = p1()
    enter(session, "round", "turned 8D", "pass B", "bet C 3", "call D", "fold A", "fold B")
    error = refused(session, "show A=KD,KS", "rules.pochen.not_in_poch")
    assert error.params == {"player": "A"}
    refused(session, "poch B", "rules.pochen.not_in_poch")
    refused(session, "show C=KD,QD", "rules.pochen.bad_set")
    refused(session, "show C=KD", "rules.pochen.bad_set")
    refused(session, "show C=KD,KS,KH,KC,KD", "rules.pochen.bad_set")
    refused(session, "show C=KD,KD", "cards.twice")
    error = refused(session, "show C=KD,KS D=KD,KH", "cards.twice")
    assert error.params == {"card": "KD", "first": "C", "second": "D"}
    refused(session, "show C=6D,6S", "rules.pochen.not_in_deck")
    refused(session, "show C=KD,KS C=QD,QS", "rules.pochen.shown_twice")
    refused(session, "show C", "rules.pair_syntax")
    refused(session, "show", "rules.pochen.show_syntax")
    refused(session, "poch C > C", "rules.ranking_twice")
    refused(session, "poch C >", "rules.ranking_syntax")


def test_a_player_who_bet_nothing_is_not_in_the_showdown():
    # D had no chips left to bet with after the antes; C bets, B calls
    session = new_session(stack=50, stacks={"D": 9})
    enter(session, "round", "trump C", "pass B", "bet C 2")
    # D, with nothing, is skipped
    assert turn(session) == "A"
    enter(session, "fold A", "call B")
    assert choices(session, "show") == ("B", "C")
    refused(session, "show D=AS,AH", "rules.pochen.not_in_poch")


def test_out_errors():
    session = p1()
    enter(session, "round", *P1_CLAIMS, *P1_POCH)
    refused(session, "out B A=3", "rules.pochen.no_card_payment")
    refused(session, "out E", "rules.unknown_player")
    refused(session, "out", "rules.needs_one_player")
    refused(session, "bet B 3", "rules.pochen.poch_over")
    refused(session, "show C=KD,KS", "rules.pochen.poch_over")
    session = p1(card_payment=True)
    enter(session, "round", *P1_CLAIMS, *P1_POCH)
    error = refused(session, "out B A=3 C=2", "rules.pochen.payment_missing")
    assert error.params == {"player": "B", "players": "D"}
    refused(session, "out B A=3 C=2 D=1 B=1", "rules.pochen.pays_self")
    refused(session, "out B A=3 A=2 C=2 D=1", "rules.pochen.paid_twice")
    refused(session, "out B A=0 C=2 D=1", "rules.pochen.cards_left")
    refused(session, "out B A=x C=2 D=1", "rules.pochen.out_syntax")
    refused(session, "round", "rules.round_in_play")
    refused(session, "rebuy A 5", "rules.between_rounds_only")


@pytest.mark.parametrize(
    ("option", "value", "key"),
    [
        ("deck", "36", "rules.option_choice"),
        ("turned_honour", "keep", "rules.option_choice"),
        ("all_pass", "best", "rules.option_choice"),
        ("card_payment", "maybe", "rules.option_bool"),
        ("ante", "0", "rules.option_number"),
        ("stack", "0", "rules.option_number"),
    ],
)
def test_bad_options(option, value, key):
    with pytest.raises(RuleError) as info:
        make_header("pochen", FOUR, {option: value})
    assert info.value.key == key


def test_default_options_and_player_count():
    header = make_header("pochen", FOUR)
    assert dict(header.options) == {
        "stack": 100,
        "ante": 1,
        "deck": 32,
        "card_payment": False,
        "turned_honour": "carry",
        "all_pass": "stays",
        "end_board": "share",
        "rounds": 0,
    }
    for players in (["A", "B"], ["A", "B", "C", "D", "E", "F", "G"]):
        with pytest.raises(RuleError) as info:
            make_header("pochen", players)
        assert info.value.key == "rules.player_count"


# -- transcripts and the command ------------------------------------------------------


def test_replay_p1_transcript(capsys, home):
    code = main(["replay", str(EXAMPLES / "p1.txt"), "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    state = json.loads(out)
    assert state["game"] == "pochen"
    assert state["scores"] == {"A": 32, "B": 40, "C": 41, "D": 39}
    assert state["board"] == pools(
        ace=4, king=4, queen=4, jack=8, ten=8, marriage=4, sequence=8, poch=4, centre=4
    )
    assert state["pot"] == 0
    assert state["round"] == 2
    assert state["parent"] == "B"
    assert state["in_round"] is True
    assert state["finished"] is False


def test_replay_p1_up_to_the_end_of_the_first_deal(capsys, home, tmp_path):
    text = (EXAMPLES / "p1.txt").read_text(encoding="utf-8")
    head = text[: text.rindex("\nround")] + "\n"
    path = tmp_path / "p1-deal1.txt"
    path.write_text(head, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["scores"] == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert state["board"] == pools(jack=4, ten=4, sequence=4)
    assert state["in_round"] is False


def test_replay_refuses_a_broken_pochen_transcript(capsys, home, tmp_path):
    text = (EXAMPLES / "p1.txt").read_text(encoding="utf-8")
    path = tmp_path / "bad.txt"
    path.write_text(text.replace("claim B ace", "claim B sequence"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = text.splitlines()
    line = lines.index(next(x for x in lines if x.startswith("claim B ace"))) + 1
    assert err.startswith(f"{path}:{line}:")
    assert "sequence cannot be claimed this deal: 8D is the turned card" in err


def test_p1_round_trips_through_write_transcript():
    session = read_session((EXAMPLES / "p1.txt").read_text(encoding="utf-8"))
    again = read_session(write_transcript(session))
    assert state_json(again) == state_json(session)
    assert again.state == session.state


# -- random legal deals --------------------------------------------------------------------


SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ["A", "B", "C", "Aki Sato", "佐藤", "eve", "O'Neil"]
NEWCOMERS = ["Zed", "New Guy"]
SUIT_WORDS = ["spades", "H", "♦", "clubs", "d"]
CLAIMABLE = ["ace", "king", "queen", "jack", "ten", "marriage", "sequence"]
KIND_WEIGHTS = {
    "round": 10,
    "turned": 6,
    "trump": 3,
    "claim": 8,
    "pass": 6,
    "check": 2,
    "bet": 6,
    "call": 8,
    "raise": 3,
    "fold": 3,
    "show": 8,
    "poch": 3,
    "out": 10,
    "undo": 2,
    "rebuy": 1,
    "join": 1,
    "leave": 1,
    "note": 1,
    "end": 1,
}


@st.composite
def pochen_headers(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=6, unique=True))
    options = {
        "stack": draw(st.sampled_from([9, 20, 60])),
        "ante": draw(st.sampled_from([1, 1, 2])),
        "deck": draw(st.sampled_from([32, 52])),
        "card_payment": draw(st.booleans()),
        "turned_honour": draw(st.sampled_from(["carry", "dealer"])),
        "all_pass": draw(st.sampled_from(["stays", "best_set"])),
        "rounds": draw(st.sampled_from([0, 0, 0, 2])),
    }
    given_stacks = {p: draw(st.integers(0, 40)) for p in players if not draw(st.integers(0, 3))}
    parent = draw(st.sampled_from(players))
    return make_header(
        "pochen", players, options, parent=parent, recorder=parent, stacks=given_stacks
    )


class Driver:
    def __init__(self, data, header) -> None:
        self.data = data
        self.session = Session(header)
        self.started = chips_in_play(self.session)
        self.clock = T0
        self.in_force: list[tuple[int, object]] = []

    def draw(self, strategy, label=None):
        return self.data.draw(strategy, label=label)

    def words(self) -> list[str]:
        session, state = self.session, self.session.state
        actions = {a.kind: a for a in session.legal()}
        if "join" in actions and not [n for n in NEWCOMERS if n not in state.names()]:
            del actions["join"]
        pool = [k for k in actions for _ in range(KIND_WEIGHTS.get(k, 0))]
        kind = self.draw(st.sampled_from(pool), label="kind")
        action = actions[kind]
        if kind in ("round", "undo", "end"):
            return [kind]
        if kind == "note":
            return ["note", "tea"]
        if kind == "rate":
            return ["rate", "10", "JPY"]
        ranks = ["A", "K", "Q", "J", "10", "9", "8", "7"]
        if state.options["deck"] == 52:
            ranks += ["6", "5", "4", "3", "2"]
        if kind == "turned":
            rank = self.draw(st.sampled_from(ranks))
            return ["turned", rank + self.draw(st.sampled_from("SHDC"))]
        if kind == "trump":
            return ["trump", self.draw(st.sampled_from(SUIT_WORDS))]
        if kind == "claim":
            who = self.draw(st.sampled_from(action.choices))
            wanted = self.draw(st.lists(st.sampled_from(CLAIMABLE), min_size=1, max_size=3))
            return ["claim", who, *wanted]
        if kind in ("bet", "raise"):
            (player,) = action.choices
            table = state.table
            low = table.betting.high + 1
            most = table.betting.committed[player] + state.scores[player]
            return [kind, player, str(self.draw(st.integers(low, most)))]
        if kind in ("pass", "check", "call", "fold", "leave"):
            return [kind, self.draw(st.sampled_from(action.choices))]
        if kind == "rebuy":
            return [
                "rebuy",
                self.draw(st.sampled_from(action.choices)),
                str(self.draw(st.integers(1, 30))),
            ]
        if kind == "join":
            fresh = [n for n in NEWCOMERS if n not in state.names()]
            return ["join", self.draw(st.sampled_from(fresh))]
        if kind == "show":
            shown = self.draw(st.lists(st.sampled_from(action.choices), min_size=1, unique=True))
            chosen = self.draw(
                st.lists(
                    st.sampled_from(ranks), min_size=len(shown), max_size=len(shown), unique=True
                )
            )
            words = ["show"]
            for player, rank in zip(shown, chosen, strict=True):
                suits = self.draw(
                    st.lists(st.sampled_from("SHDC"), min_size=2, max_size=4, unique=True)
                )
                words.append(f"{player}=" + ",".join(rank + s for s in suits))
            return words
        if kind == "poch":
            order = self.draw(st.permutations(action.choices))
            named = order[: self.draw(st.integers(1, len(order)))]
            words = ["poch"]
            for index, player in enumerate(named):
                if index:
                    words.append(self.draw(st.sampled_from([">", ">", "="])))
                words.append(player)
            return words
        # out
        player = self.draw(st.sampled_from(action.choices))
        words = ["out", player]
        if state.options["card_payment"]:
            for other in state.table.players:
                if other != player:
                    # now and then more than a hand of five: refused
                    words.append(f"{other}={self.draw(st.sampled_from([1, 2, 3, 4, 5, 6]))}")
        return words

    def step(self) -> None:
        session = self.session
        before = session.state
        self.clock += timedelta(seconds=self.draw(st.integers(0, 90), label="tick"))
        entry = parse_entry(session.game, self.words())
        events = list(session.events)
        try:
            event = session.record(entry, self.clock)
        except RuleError as error:
            # a random claim, show or poch the rules refuse changes nothing; so does an
            # out with more cards left than a hand
            too_many = entry.kind == "out" and error.key == "rules.pochen.cards_left_five"
            assert entry.kind in ("claim", "show", "poch") or too_many
            assert session.state is before
            assert session.events == events
            return
        after = session.state
        if event.kind == "undo":
            seq, earlier = self.in_force.pop()
            assert event.data["voids"] == seq
            assert after == earlier
        else:
            self.in_force.append((event.seq, before))
        self.check(before, after, event)

    def check(self, before, after, event) -> None:
        # chips are conserved: stacks + board + Poch pot
        assert chips_in_play(self.session) == self.started + after.bought
        assert all(chips >= 0 for chips in after.scores.values())
        assert set(after.board) == set(POOLS)
        assert all(chips >= 0 for chips in after.board.values())
        if event.kind == "undo":
            return
        # carry-over never loses a chip: a pool grows by the antes, stays, or is taken whole
        if event.kind == "round":
            table = after.table
            ante = after.options["ante"]
            for pool in POOLS:
                assert after.board[pool] == before.board[pool] + ante * len(table.players)
            for player in table.players:
                assert after.scores[player] == before.scores[player] - 9 * ante
        else:
            for pool in POOLS:
                assert after.board[pool] in (before.board[pool], 0)
        if after.in_round:
            table = after.table
            assert table.pot == (0 if table.settled else sum(table.betting.committed.values()))
            assert all(after.scores[p] >= 0 for p in table.players)
        if after.finished and not before.finished:
            # the session is over: the board goes back in equal shares (end_board), so
            # the nets sum to zero and the board is empty; chips stay conserved (above)
            game = self.session.game
            left = sum(before.board.values()) if event.kind == "end" else None
            returned = game.board_returned(after)
            assert all(chips == 0 for chips in after.board.values())
            assert sum(game.net(after).values()) == 0
            if left is not None:
                assert sum(returned.values()) == left
            if returned:
                assert set(returned) == set(after.seated() or after.names())
                assert max(returned.values()) - min(returned.values()) <= 1
        if event.kind == "out":
            table = before.table
            deal = after.results[-1]
            assert not after.in_round
            # only the centre, and a turned honour's pool for the dealer, leave the board
            for pool in POOLS:
                if deal.board[pool] != before.board[pool]:
                    assert pool == "centre" or after.options["turned_honour"] == "dealer"
            need = 9 * after.options["ante"]
            assert after.finished == (
                any(deal.scores[p] < need for p in table.players)
                or (after.options["rounds"] and after.round >= after.options["rounds"])
                or before.finished
            )

    def play(self, steps: int) -> Session:
        for _ in range(steps):
            self.step()
        return self.session


@SETTINGS
@given(st.data(), pochen_headers(), st.integers(0, 70))
def test_random_deals_conserve_chips_and_undo_exactly(data, header, steps):
    Driver(data, header).play(steps)


@SETTINGS
@given(st.data(), pochen_headers(), st.integers(0, 60))
def test_random_deals_round_trip_through_a_transcript_and_the_store(data, header, steps):
    session = Driver(data, header).play(steps)
    assert_transcript_round_trip(session)
    stored = [event_from_doc(json.loads(json.dumps(event_to_doc(e)))) for e in session.events]
    refolded = Session(session.header, stored)
    assert refolded.state == session.state


def test_the_deal_view_walks_the_stages_of_example_p1():
    """The board screen's stage line comes from the core (deal_view), not the screen."""
    from pathlib import Path

    from scorekeeper.core.games.pochen import deal_view
    from scorekeeper.core.session import Session
    from scorekeeper.core.transcript import read_session

    example = Path(__file__).resolve().parent.parent / "examples" / "p1.txt"
    whole = read_session(example.read_text(encoding="utf-8"))
    part = Session(whole.header)
    seen = []
    for event in whole.events[:11]:
        part.commit(event)
        view = deal_view(part.state)
        seen.append((event.kind, view.stage, view.contestants, view.poch_open))
    assert seen == [
        ("round", "trump", (), False),
        ("turned", "claims", (), False),
        ("claim", "claims", (), False),
        ("claim", "claims", (), False),
        ("pass", "poch", (), True),
        ("bet", "poch", ("C",), True),
        ("call", "poch", ("C", "D"), True),
        ("fold", "poch", ("C", "D"), True),
        ("fold", "showdown", ("C", "D"), True),
        ("show", "playout", ("C", "D"), False),
        ("out", "between", (), False),
    ]
    assert deal_view(part.state).trump is None


# -- pool names typed in Japanese or short (issue 14) ----------------------------------


@pytest.mark.parametrize(
    ("typed", "pools"),
    [
        ("claim C キング クイーン マリッジ", ["king", "queen", "marriage"]),
        ("claim C K Q marriage", ["king", "queen", "marriage"]),
        ("claim C ｷﾝｸﾞ くいーん Marriage", ["king", "queen", "marriage"]),
        ("claim C King Queen Marriage", ["king", "queen", "marriage"]),  # board labels
    ],
)
def test_claims_take_japanese_and_short_pool_names_and_record_the_canonical_ones(typed, pools):
    session = p1()
    enter(session, "round", "turned 8D", "claim B エース", typed, "claim D J T")
    assert [e.data["pools"] for e in session.events if e.kind == "claim"] == [
        ["ace"],
        pools,
        ["jack", "ten"],
    ]
    transcript = write_transcript(session)
    assert "claim B ace\n" in transcript and "claim D jack ten\n" in transcript


def test_the_claim_log_names_the_pools_in_the_readers_language():
    session = p1()
    enter(session, "round", *P1_CLAIMS)
    key, params = session.describe(len(session.events) - 1)
    assert t(key, "en", **params) == "C claims king, queen, marriage and takes 12"
    assert t(key, "ja", **params) == "Cがキング・クイーン・マリッジを請求して12を獲得"


def test_an_unknown_pool_is_refused_with_what_is_accepted():
    session = p1()
    enter(session, "round", "turned 8D")
    error = refused(session, "claim B エーズ", "rules.pochen.unknown_pool")
    assert error.message("ja") == (
        "「エーズ」という場はありません。使える名前: エース(A)・キング(K)・クイーン(Q)・"
        "ジャック(J)・10(テン、T)・マリッジ・シークエンス・ポッヘン・センター(英語の名前も使えます)"
    )
    assert error.message("en") == (
        "there is no pool called 'エーズ'; type one of: ace (A), king (K), queen (Q), "
        "jack (J), ten (10, T), marriage, sequence, poch, centre"
    )
    error = refused(session, "claim B ポッヘン", "rules.pochen.not_claimable")
    assert error.message("ja").startswith("ポッヘンの場は請求できません")
