"""Cards as the recorder types them, and the orders the games rank them by."""

from __future__ import annotations

import pytest

from scorekeeper.core.cards import (
    JOKER,
    Card,
    RankOrder,
    card_strength,
    parse_card,
    parse_shown,
    rank_value,
)
from scorekeeper.core.errors import RuleError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("KS", "K", "S"),
        ("10H", "10", "H"),
        ("TH", "10", "H"),
        ("th", "10", "H"),
        ("7♦", "7", "D"),
        ("ks", "K", "S"),
        ("Qc", "Q", "C"),
        ("A♠", "A", "S"),
        ("2♣", "2", "C"),
        ("J♥", "J", "H"),
        ("K♤", "K", "S"),
        ("9♡", "9", "H"),
        ("8♢", "8", "D"),
        ("3♧", "3", "C"),
        ("  5D ", "5", "D"),
    ],
)
def test_parse_card(text, rank, suit):
    card = parse_card(text)
    assert card == Card(rank, suit)
    assert not card.is_joker


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "joker", "JOKER", "Joker"])
def test_parse_joker(text):
    card = parse_card(text)
    assert card == Card(JOKER, None)
    assert card.is_joker
    assert card.code() == "JK"
    assert card.label() == "JK"


def test_code_and_label():
    assert parse_card("TH").code() == "10H"
    assert parse_card("10h").label() == "10♥"
    assert parse_card("k♤").code() == "KS"
    assert parse_card("ks").label() == "K♠"
    assert str(parse_card("7♦")) == "7D"


@pytest.mark.parametrize(
    "text", ["1S", "KX", "", "   ", "11H", "K", "S", "JKS", "0H", "1H", "AA", "10", "KS♠", "XS"]
)
def test_unreadable_cards(text):
    with pytest.raises(RuleError) as info:
        parse_card(text)
    assert info.value.key == "cards.unreadable"
    assert info.value.params == {"text": text.strip()}
    assert repr(text.strip()) in info.value.message("en")


def test_official_rank_order_king_high_ace_low():
    order = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
    values = [rank_value(Card(rank, "S"), RankOrder.OFFICIAL) for rank in order]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    assert rank_value(Card("K", "C"), RankOrder.OFFICIAL) > rank_value(
        Card("Q", "S"), RankOrder.OFFICIAL
    )
    assert rank_value(Card("2", "C"), RankOrder.OFFICIAL) > rank_value(
        Card("A", "S"), RankOrder.OFFICIAL
    )


def test_official_order_has_no_joker():
    with pytest.raises(RuleError) as info:
        rank_value(Card(JOKER, None), RankOrder.OFFICIAL)
    assert info.value.key == "cards.no_joker"


def test_ace_high_order_with_joker_on_top():
    order = [JOKER, "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    cards = [Card(JOKER, None) if r == JOKER else Card(r, "C") for r in order]
    values = [rank_value(card, RankOrder.ACE_HIGH) for card in cards]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)


def strongest(texts, order, suits):
    cards = [parse_card(t) for t in texts]
    return max(cards, key=lambda c: card_strength(c, order, suits)).code()


def test_suit_order_sanma():
    # sanma: spades > hearts > diamonds > clubs
    ranked = sorted(
        ["KC", "KD", "KH", "KS"],
        key=lambda t: card_strength(parse_card(t), RankOrder.OFFICIAL, "sanma"),
        reverse=True,
    )
    assert ranked == ["KS", "KH", "KD", "KC"]
    assert strongest(["KS", "KH"], RankOrder.OFFICIAL, "sanma") == "KS"


def test_suit_order_hokuto():
    # hokuto: hearts > clubs > diamonds > spades
    ranked = sorted(
        ["KS", "KD", "KC", "KH"],
        key=lambda t: card_strength(parse_card(t), RankOrder.OFFICIAL, "hokuto"),
        reverse=True,
    )
    assert ranked == ["KH", "KC", "KD", "KS"]
    assert strongest(["KS", "KH"], RankOrder.OFFICIAL, "hokuto") == "KH"


def test_suit_order_none_ties_equal_ranks():
    order = RankOrder.ACE_HIGH
    strengths = {card_strength(parse_card(t), order, "none") for t in ["2S", "2H", "2D", "2C"]}
    assert len(strengths) == 1
    assert card_strength(parse_card("3C"), order, "none") > card_strength(
        parse_card("2S"), order, "none"
    )


def test_rank_beats_suit():
    # a higher rank wins whatever the suits
    assert card_strength(parse_card("QC"), RankOrder.OFFICIAL, "sanma") > card_strength(
        parse_card("JS"), RankOrder.OFFICIAL, "sanma"
    )
    assert card_strength(parse_card("2S"), RankOrder.OFFICIAL, "hokuto") > card_strength(
        parse_card("AH"), RankOrder.OFFICIAL, "hokuto"
    )
    assert card_strength(parse_card("AC"), RankOrder.ACE_HIGH, "sanma") > card_strength(
        parse_card("KS"), RankOrder.ACE_HIGH, "sanma"
    )
    assert card_strength(parse_card("JK"), RankOrder.ACE_HIGH, "sanma") > card_strength(
        parse_card("AS"), RankOrder.ACE_HIGH, "sanma"
    )


def test_parse_shown_reads_every_card():
    shown = parse_shown({"A": "ks", "B": "TH", "C": "7♦"}, joker_allowed=False)
    assert shown == {"A": Card("K", "S"), "B": Card("10", "H"), "C": Card("7", "D")}
    assert list(shown) == ["A", "B", "C"]


@pytest.mark.parametrize(("first", "second"), [("KS", "KS"), ("10H", "TH"), ("KS", "k♤")])
def test_card_shown_twice(first, second):
    with pytest.raises(RuleError) as info:
        parse_shown({"A": first, "B": "2C", "C": second}, joker_allowed=False)
    assert info.value.key == "cards.twice"
    assert info.value.params == {
        "card": parse_card(first).code(),
        "first": "A",
        "second": "C",
    }


def test_two_jokers_are_twice_when_allowed():
    with pytest.raises(RuleError) as info:
        parse_shown({"A": "JK", "B": "joker"}, joker_allowed=True)
    assert info.value.key == "cards.twice"


def test_joker_allowed_when_the_game_has_one():
    shown = parse_shown({"A": "JK", "B": "AS"}, joker_allowed=True)
    assert shown["A"].is_joker


def test_joker_refused_in_official():
    with pytest.raises(RuleError) as info:
        parse_shown({"A": "KS", "B": "JK"}, joker_allowed=False)
    assert info.value.key == "cards.no_joker"


def test_unreadable_card_in_shown():
    with pytest.raises(RuleError) as info:
        parse_shown({"A": "KS", "B": "11H"}, joker_allowed=False)
    assert info.value.key == "cards.unreadable_no_joker"
    assert info.value.params == {"text": "11H"}
