"""Pochen with one real deck (issue 17, rules.md §4 "One real deck"): the turned card is in
no hand, a claimed trump card is its claimant's only, a hand is five cards, and card
payment counts at most five. Then ``option all_pass`` (nobody bets in the Poch)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.games.pochen import deal_view
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
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
from tests.test_pochen import board, chips_in_play, pools

FOUR = ["A", "B", "C", "D"]
P1_CLAIMS = ["turned 8D", "claim B ace", "claim C king queen marriage"]
ALL_PASS = ["pass B", "pass C", "pass D", "pass A"]
#: After the claims of P1, a Poch between B and C only: D and A fold.
B_AND_C = ["bet B 1", "call C", "fold D", "fold A"]
A_AND_B = ["bet B 1", "fold C", "fold D", "call A"]


def p1(**options) -> Session:
    return Session(make_header("pochen", FOUR, {"stack": 50, **options}))


def says(error: RuleError, english: str, japanese: str | None = None) -> None:
    assert error.message("en") == english
    if japanese is not None:
        assert error.message("ja") == japanese


# -- the turned card is in nobody's hand -----------------------------------------------------


@pytest.mark.parametrize("shower", ["A", "B"])  # A deals: the dealer cannot show it either
def test_the_turned_card_is_in_no_hand(shower):
    session = p1()
    enter(session, "round", "turned 9D", *A_AND_B)
    assert session.state.table.dealer == "A"
    error = refused(session, f"show {shower}=9D,9S", "rules.pochen.turned_shown")
    says(
        error,
        f"9♦ is the turned card, in nobody's hand: {shower} cannot show it",
        f"9♦はめくった札で、誰の手札にもありません。{shower}の役には入りません",
    )
    # the other nines are in the deck: a pair of them wins
    enter(session, f"show {shower}=9S,9H")
    assert session.state.table.winners == (shower,)


def test_the_turned_card_is_refused_in_a_set_of_four_and_after_another_set():
    session = p1()
    enter(session, "round", "turned 7C", *A_AND_B)
    error = refused(session, "show B=KS,KH A=7S,7H,7D,7C", "rules.pochen.turned_shown")
    says(error, "7♣ is the turned card, in nobody's hand: A cannot show it")


def test_with_trump_named_no_card_is_turned_and_every_card_can_be_shown():
    session = p1()
    enter(session, "round", "trump diamonds", *A_AND_B)
    enter(session, "show A=9D,9S")
    assert session.state.table.winners == ("A",)


# -- a claimed card is its claimant's ----------------------------------------------------------


def test_a_claimed_king_cannot_be_shown_by_another_player():
    """The issue's case: B claims king (so B holds K♦), then C shows K♦ in a pair."""
    session = p1()
    enter(session, "round", "turned 8D", "claim B king", *B_AND_C)
    error = refused(session, "show C=KD,KS", "rules.pochen.claimed_card")
    says(
        error,
        "K♦ was claimed by B (king); C cannot show it too",
        "K♦はBが請求した札です(キング)。Cが見せることはできません",
    )
    # the same card is refused whoever else shows it, and whatever the order of the sets
    error = refused(session, "show B=QS,QH C=KS,KD", "rules.pochen.claimed_card")
    says(error, "K♦ was claimed by B (king); C cannot show it too")
    # B holds it: B may show it
    enter(session, "show B=KD,KS C=QS,QH")
    assert session.state.table.winners == ("B",)


def test_the_cards_of_marriage_and_sequence_are_the_claimants():
    session = p1()
    enter(session, "round", "turned AD", "claim C king queen marriage", "claim B sequence")
    enter(session, *B_AND_C)
    error = refused(session, "show B=QD,QS", "rules.pochen.claimed_card")
    says(error, "Q♦ was claimed by C (queen); B cannot show it too")
    error = refused(session, "show C=8D,8S", "rules.pochen.claimed_card")
    says(
        error,
        "8♦ was claimed by B (sequence); C cannot show it too",
        "8♦はBが請求した札です(シークエンス)。Cが見せることはできません",
    )
    enter(session, "show B=8D,8S C=QD,QS")  # each shows their own: queens beat eights
    assert session.state.table.winners == ("C",)


def test_two_players_showing_one_card_are_both_named():
    session = p1()
    enter(session, "round", "turned 8D", *B_AND_C)
    error = refused(session, "show B=KS,KH C=KS,KC", "cards.twice")
    says(error, "KS is shown twice (B and C); one deck has only one")


# -- a hand is five cards -------------------------------------------------------------------


def test_eight_trump_cards_claimed_by_one_player_are_refused():
    """The issue's case: ace king queen jack ten, then sequence: eight cards in one hand."""
    session = p1()
    enter(session, "round", "trump diamonds", "claim B ace king queen jack ten")
    error = refused(session, "claim B sequence", "rules.pochen.hand_of_five")
    says(
        error,
        "B would hold 8 cards (A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦), but each player is dealt five",
        "Bの手札が8枚(A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦)になります。配られるのは一人5枚です",
    )
    # marriage adds no card: K♦ and Q♦ are already B's
    enter(session, "claim B marriage")
    # another player can hold the sequence
    enter(session, "claim C sequence")
    assert stacks(session) == {"A": 41, "B": 65, "C": 45, "D": 41}


def test_six_trump_cards_in_one_claim_are_refused():
    session = p1()
    enter(session, "round", "trump spades")
    error = refused(session, "claim D ace jack ten sequence", "rules.pochen.hand_of_five")
    says(error, "D would hold 6 cards (A♠ J♠ 10♠ 9♠ 8♠ 7♠), but each player is dealt five")
    enter(session, "claim D ace jack sequence")  # five
    assert stacks(session)["D"] == 41 + 12


def test_claimed_cards_and_a_set_together_are_at_most_five():
    session = p1()
    enter(session, "round", "turned 8D", "claim B ace king queen", *B_AND_C)
    error = refused(session, "show B=9C,9S,9H", "rules.pochen.hand_of_five")
    says(error, "B would hold 6 cards (A♦ K♦ Q♦ 9♠ 9♥ 9♣), but each player is dealt five")
    # a set holding a claimed card counts it once: A♦ K♦ Q♦ K♠ K♥ is five
    enter(session, "show B=KD,KS,KH")
    assert session.state.table.winners == ("B",)


# -- card payment counts at most five -------------------------------------------------------


def test_card_payment_counts_at_most_five_cards():
    session = p1(card_payment=True)
    enter(session, "round", *P1_CLAIMS, *ALL_PASS)
    error = refused(session, "out B A=6 C=2", "rules.pochen.cards_left_five")
    says(
        error,
        "A cannot have 6 cards left: each player is dealt five",
        "Aの残りが6枚にはなりません。配られるのは一人5枚です",
    )
    refused(session, "out B A=5 C=2 D=9", "rules.pochen.cards_left_five")
    enter(session, "out B A=5 C=2 D=5")
    # B takes the centre 4 and 5 + 2 + 5
    assert stacks(session) == {"A": 36, "B": 61, "C": 51, "D": 36}
    assert chips_in_play(session) == 200


# -- the same checks in a random deal: accepted exactly when one deck allows it --------------

RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
CLAIM_RANKS = {
    "ace": ["A"], "king": ["K"], "queen": ["Q"], "jack": ["J"], "ten": ["10"],
    "marriage": ["K", "Q"], "sequence": ["7", "8", "9"],
}  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_show_is_accepted_exactly_when_one_deck_allows_it(data):
    """A reference written here, apart from the rules' code: the cards the claims name,
    the turned card, and the sets shown must fit four hands of five from one deck."""
    session = p1()
    turned = data.draw(st.sampled_from(RANKS)) + data.draw(st.sampled_from("SHDC"))
    trump = turned[-1]
    enter(session, "round", f"turned {turned}")
    held: dict[str, str] = {}  # card -> player, from the claims accepted
    for _ in range(data.draw(st.integers(0, 4))):
        player = data.draw(st.sampled_from(FOUR))
        wanted = data.draw(st.lists(st.sampled_from(list(CLAIM_RANKS)), min_size=1, max_size=4))
        try:
            enter(session, f"claim {player} {' '.join(wanted)}")
        except RuleError:
            continue
        for pool in wanted:
            for rank in CLAIM_RANKS[pool]:
                held[rank + trump] = player
    assert all(sum(1 for p in held.values() if p == x) <= 5 for x in FOUR)
    enter(session, "bet B 1", "call C", "call D", "call A")
    shown = data.draw(st.lists(st.sampled_from(FOUR), min_size=1, max_size=4, unique=True))
    sets = {}
    for player in shown:
        rank = data.draw(st.sampled_from(RANKS))
        suits = data.draw(st.lists(st.sampled_from("SHDC"), min_size=2, max_size=4, unique=True))
        sets[player] = [rank + suit for suit in suits]
    owner: dict[str, str] = {}
    fits = True
    for player, cards in sets.items():
        for card in cards:
            if card == turned or held.get(card, player) != player or card in owner:
                fits = False
            owner[card] = player
        hand = {c for c, p in held.items() if p == player} | set(cards)
        fits = fits and len(hand) <= 5
    line = "show " + " ".join(f"{p}={','.join(c)}" for p, c in sets.items())
    try:
        session.record(parse_entry(session.game, split_line(line)), T0)
    except RuleError as error:
        assert not fits, (line, error.message("en"))
    else:
        assert fits, line


# -- nobody bets: option all_pass ---------------------------------------------------------------


def test_all_pass_default_the_poch_pool_stays_and_sets_are_refused():
    session = p1()
    enter(session, "round", *P1_CLAIMS, *ALL_PASS)
    assert kinds(session)[0] == "out" and "show" not in kinds(session)
    error = refused(session, "show C=KD,KS D=9C,9D,9S", "rules.pochen.all_passed")
    says(
        error,
        "nobody bet, so the poch pool stays (option all_pass stays): "
        "enter who went out first ('out X')",
        "誰も賭けなかったので、ポッヘンの場は持ち越しです(「全員パスのとき」の設定)。"
        "最初に上がった人を記録してください",
    )
    refused(session, "poch D", "rules.pochen.all_passed")
    enter(session, "out B")
    assert stacks(session) == {"A": 41, "B": 49, "C": 53, "D": 41}
    assert board(session) == pools(jack=4, ten=4, sequence=4, poch=4)
    assert chips_in_play(session) == 200


def test_all_pass_best_set_the_best_set_shown_takes_the_poch_pool():
    """P1's claims, then everyone passes: with best_set, D's three nines take the poch
    pool of 4 (with stays it would carry over: the previous test)."""
    session = p1(all_pass="best_set")
    enter(session, "round", *P1_CLAIMS, *ALL_PASS)
    assert deal_view(session.state).stage == "sets"
    assert kinds(session)[:3] == ["show", "poch", "out"]
    assert choices(session, "show") == tuple(FOUR)
    enter(session, "show C=KD,KS D=9C,9D,9S")
    assert stacks(session) == {"A": 41, "B": 45, "C": 53, "D": 45}
    assert session.state.table.winners == ("D",)
    assert deal_view(session.state).stage == "playout"
    key, params = session.describe(len(session.events) - 1)
    assert t(key, "en", **params) == (
        "nobody bet; sets shown (C KD KS, D 9C 9D 9S): D takes the poch pool of 4"
    )
    assert (
        t(key, "ja", **params) == "全員パス、役の公開(C KD KS, D 9C 9D 9S): Dがポッヘンの場4を獲得"
    )
    refused(session, "show C=KD,KS", "rules.pochen.poch_over")
    enter(session, "out B")
    assert stacks(session) == {"A": 41, "B": 49, "C": 53, "D": 45}
    assert board(session) == pools(jack=4, ten=4, sequence=4)
    assert chips_in_play(session) == 200
    result = session.state.results[-1]
    assert result.winners == ("B", "D")
    assert dict(result.details) == {"out": "B", "poch": "D", "turned": "8D"}
    assert_transcript_round_trip(session)


def test_all_pass_best_set_sets_are_still_checked_against_the_deck():
    session = p1(all_pass="best_set")
    enter(session, "round", *P1_CLAIMS, *ALL_PASS)
    refused(session, "show D=8D,8S", "rules.pochen.turned_shown")
    refused(session, "show D=KD,KS", "rules.pochen.claimed_card")
    refused(session, "show E=9C,9S", "rules.unknown_player")


def test_all_pass_best_set_named_winner_and_a_split():
    session = p1(all_pass="best_set")
    enter(session, "round", "turned 8D", *ALL_PASS)
    enter(session, "poch C")
    assert stacks(session)["C"] == 45
    key, params = session.describe(len(session.events) - 1)
    assert t(key, "en", **params) == "nobody bet; best set C: the poch pool of 4"
    enter(session, "undo", "poch B = C")
    # the poch pool of 4 split: 2 each
    assert stacks(session) == {"A": 41, "B": 43, "C": 43, "D": 41}
    assert chips_in_play(session) == 200


def test_all_pass_best_set_nobody_shows_and_the_pool_stays():
    session = p1(all_pass="best_set")
    enter(session, "round", "turned 8D", *ALL_PASS, "out C")
    assert board(session)["poch"] == 4
    assert stacks(session) == {"A": 41, "B": 41, "C": 45, "D": 41}


def test_all_pass_does_not_change_a_poch_with_bets():
    """P1 played out with best_set: the same numbers as the worked example."""
    for option in ("stays", "best_set"):
        session = p1(all_pass=option)
        enter(session, "round", *P1_CLAIMS, "pass B", "bet C 3", "call D", "fold A", "fold B")
        enter(session, "show C=KD,KS D=9C,9D,9S", "out B")
        assert stacks(session) == {"A": 41, "B": 49, "C": 50, "D": 48}
        assert board(session) == pools(jack=4, ten=4, sequence=4)


def test_all_pass_best_set_undo_restores_each_state():
    session = p1(all_pass="best_set")
    states = [session.state]
    for line in ["round", *P1_CLAIMS, *ALL_PASS, "show D=9C,9S", "out B", "round"]:
        enter(session, line)
        states.append(session.state)
    for earlier in reversed(states[:-1]):
        enter(session, "undo")
        assert session.state == earlier


def test_the_phones_page_says_the_sets_are_shown_after_everyone_passed():
    from scorekeeper.export.live import live_view

    session = p1(all_pass="best_set")
    enter(session, "round", *P1_CLAIMS, *ALL_PASS)
    assert (
        live_view(session, 1, "en")["board"]["stage"] == "trump ♦ · nobody bet: the sets are shown"
    )
    assert live_view(session, 1, "ja")["board"]["stage"] == "切り札 ♦ · 全員パス: 役の公開"
    enter(session, "show D=9C,9D,9S")
    assert live_view(session, 1, "en")["board"]["stage"] == "trump ♦ · play-out"
