"""Pots from commitments (rules.md §2): main and side pots, unmatched chips, splits, awards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.pots import Layers, Pot, award, contested, layer_pots, split

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEATS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]


def pots_of(layers: Layers) -> list[tuple[int, tuple[str, ...]]]:
    return [(pot.amount, pot.eligible) for pot in layers.pots]


# -- layers ---------------------------------------------------------------------


def test_seed_example_30_50_50_50():
    layers = layer_pots({"A": 30, "B": 50, "C": 50, "D": 50}, set(), "ABCD")
    assert pots_of(layers) == [(120, ("A", "B", "C", "D")), (60, ("B", "C", "D"))]
    assert dict(layers.returned) == {}
    assert layers.total == 180


def test_c2_commitments_give_main_pot_20_and_side_pot_20():
    layers = layer_pots({"A": 5, "B": 13, "C": 9, "D": 13}, frozenset({"C"}), "ABCD")
    # the 9-level layer (B, C, D put in 4 each) and the 13-level one (B, D put in 4 each)
    # have the same eligible players, so they are one side pot
    assert pots_of(layers) == [(20, ("A", "B", "D")), (20, ("B", "D"))]
    assert dict(layers.returned) == {}
    assert layers.total == 40


def test_equal_commitments_are_one_pot():
    layers = layer_pots({"A": 9, "B": 9, "C": 9}, set(), "ABC")
    assert pots_of(layers) == [(27, ("A", "B", "C"))]


def test_eligible_players_are_listed_in_seat_order():
    layers = layer_pots({"D": 4, "B": 4, "A": 2, "C": 4}, set(), "ABCD")
    assert pots_of(layers) == [(8, ("A", "B", "C", "D")), (6, ("B", "C", "D"))]


def test_unmatched_chips_go_back_to_the_one_who_put_them_in():
    layers = layer_pots({"A": 5, "B": 13, "C": 9}, set(), "ABC")
    assert pots_of(layers) == [(15, ("A", "B", "C")), (8, ("B", "C"))]
    assert dict(layers.returned) == {"B": 4}
    assert layers.total == 27


def test_the_uncontested_bettor_gets_the_unmatched_bet_back():
    layers = layer_pots({"A": 1, "B": 5, "C": 1}, {"A", "C"}, "ABC")
    assert pots_of(layers) == [(3, ("B",))]
    assert dict(layers.returned) == {"B": 4}


def test_the_pot_contested_leaves_out_the_chips_nobody_matched():
    # D raised 4 more that nobody called: a pot of 12, as "takes the pot of 12" says
    assert contested({"A": 1, "B": 1, "C": 5, "D": 9}, ["A", "B", "C"]) == 12
    # C2: a main pot of 20 and a side pot of 20 are both played for
    assert contested({"A": 5, "B": 13, "C": 9, "D": 13}, ["C"]) == 40
    assert contested({"A": 0, "B": 3}, []) == 3  # nothing matched: all that was put in


def test_unmatched_chips_of_a_folded_player_go_back_too():
    layers = layer_pots({"A": 3, "B": 8}, {"B"}, "AB")
    assert pots_of(layers) == [(6, ("A",))]
    assert dict(layers.returned) == {"B": 5}


def test_a_layer_no_eligible_player_reaches_is_merged_into_the_layer_below():
    # A is all-in for 5; B and C went to 9 and then both folded: nobody who can win
    # reaches the 5-9 layer, so its 8 chips join the main pot A can win
    layers = layer_pots({"A": 5, "B": 9, "C": 9}, {"B", "C"}, "ABC")
    assert pots_of(layers) == [(23, ("A",))]
    assert dict(layers.returned) == {}
    assert award(layers, [["A"]], "BCA") == {"A": 23}


def test_a_middle_layer_nobody_eligible_reaches_joins_the_pot_below_it():
    committed = {"A": 2, "B": 6, "C": 6, "D": 9, "E": 9}
    layers = layer_pots(committed, {"B", "C", "D", "E"}, "ABCDE")
    # levels 2 (A eligible), 6 (nobody), 9 (nobody): everything is A's
    assert pots_of(layers) == [(32, ("A",))]
    layers = layer_pots(committed, {"B", "C", "E"}, "ABCDE")
    # the 2-6 layer (B, C, D, E put in 4 each) has D eligible; 6-9 (D, E) too: one pot
    assert pots_of(layers) == [(10, ("A", "D")), (22, ("D",))]


def test_zero_commitments_make_no_pot():
    layers = layer_pots({"A": 0, "B": 0}, set(), "AB")
    assert layers.pots == ()
    assert dict(layers.returned) == {}
    assert award(layers, [["A", "B"]], "BA") == {}


# -- split ----------------------------------------------------------------------


def test_split_27_between_b_and_c_odd_chip_to_the_first_left_of_the_dealer():
    assert split(27, ["B", "C"]) == {"B": 14, "C": 13}


def test_three_way_split_with_two_odd_chips():
    assert split(32, ["C", "D", "A"]) == {"C": 11, "D": 11, "A": 10}
    assert split(30, ["C", "D", "A"]) == {"C": 10, "D": 10, "A": 10}


def test_split_to_one_winner_and_of_nothing():
    assert split(7, ["D"]) == {"D": 7}
    assert split(0, ["A", "B"]) == {"A": 0, "B": 0}


# -- award ----------------------------------------------------------------------


def test_award_c2_rankings():
    layers = layer_pots({"A": 5, "B": 13, "C": 9, "D": 13}, frozenset({"C"}), "ABCD")
    order = ("A", "B", "C", "D")  # dealer D
    assert award(layers, [["A"], ["D"], ["B"]], order) == {"A": 20, "D": 20}
    assert award(layers, [["B", "A"], ["D"]], order) == {"A": 10, "B": 30}


def test_award_ties_across_pots_odd_chips_in_order_from_the_dealer():
    # A all-in for 3, B C D in for 10: main 12 (ABCD), side 21 (BCD)
    layers = layer_pots({"A": 3, "B": 10, "C": 10, "D": 10}, set(), "ABCD")
    assert pots_of(layers) == [(12, ("A", "B", "C", "D")), (21, ("B", "C", "D"))]
    # A and D tie best: the main pot splits A/D, the side pot goes to D alone
    assert award(layers, [["A", "D"], ["B", "C"]], "BCDA") == {"D": 6 + 21, "A": 6}
    # A, C and D tie: main 12 three ways, side 21 between C and D (odd chip to C, left of A)
    assert award(layers, [["D", "A", "C"], ["B"]], "BCDA") == {"C": 4 + 11, "D": 4 + 10, "A": 4}
    # dealer C: D is first left of the dealer and takes the odd chip
    assert award(layers, [["C", "D"], ["A", "B"]], "DABC") == {"D": 6 + 11, "C": 6 + 10}


def test_award_passes_down_to_the_best_eligible_of_each_pot():
    layers = layer_pots({"A": 2, "B": 7, "C": 12}, set(), "ABC")
    assert pots_of(layers) == [(6, ("A", "B", "C")), (10, ("B", "C"))]
    assert dict(layers.returned) == {"C": 5}
    # A best: A wins only what matches A's 2; B the next layer; C gets back the unmatched 5
    assert award(layers, [["A"], ["B"], ["C"]], "BCA") == {"A": 6, "B": 10, "C": 5}


def test_award_given_layers_directly():
    layers = Layers((Pot(9, ("A", "B")), Pot(4, ("B",))), {"C": 2})
    assert award(layers, [["A", "B"]], "ABC") == {"C": 2, "A": 5, "B": 8}


# -- properties -----------------------------------------------------------------


@st.composite
def tables(draw):
    count = draw(st.integers(2, 9))
    seats = SEATS[:count]
    committed = {p: draw(st.integers(0, 200)) for p in seats}
    top = max(committed.values())
    at_top = [p for p in seats if committed[p] == top]
    folded = {p for p in seats if draw(st.booleans())}
    if set(at_top) <= folded:
        folded.discard(draw(st.sampled_from(at_top)))
    live = [p for p in seats if p not in folded]
    shuffled = draw(st.permutations(live))
    ranking: list[list[str]] = []
    for player in shuffled:
        if ranking and draw(st.booleans()):
            ranking[-1].append(player)
        else:
            ranking.append([player])
    dealer = draw(st.integers(0, count - 1))
    order = seats[dealer + 1 :] + seats[: dealer + 1]
    return committed, frozenset(folded), seats, ranking, order


@SETTINGS
@given(tables())
def test_chips_are_conserved_and_every_pot_reaches_an_eligible_player(table):
    committed, folded, seats, ranking, order = table
    layers = layer_pots(committed, folded, seats)
    assert layers.total == sum(committed.values())
    won = award(layers, ranking, order)
    assert sum(won.values()) == sum(committed.values())
    assert all(amount >= 0 for amount in won.values())
    assert all(amount > 0 for amount in (pot.amount for pot in layers.pots))
    # unmatched chips go back to the single highest contributor, and only what tops the next
    if layers.returned:
        ((player, back),) = layers.returned.items()
        others = [c for p, c in committed.items() if p != player]
        assert back == committed[player] - max(others)
    best = {p: rank for rank, group in enumerate(ranking) for p in group}
    for pot in layers.pots:
        assert pot.eligible, pot
        assert set(pot.eligible) <= set(seats) - folded
        assert list(pot.eligible) == [p for p in seats if p in pot.eligible]
        # the pot goes to its best eligible group, who all receive chips
        top = min(best[p] for p in pot.eligible)
        winners = [p for p in pot.eligible if best[p] == top]
        assert all(won.get(p, 0) > 0 for p in winners)
    # a folded player never wins anything except their own unmatched chips
    for player in folded:
        assert won.get(player, 0) == layers.returned.get(player, 0)
    # nobody wins more than the pots they are eligible for plus their return
    for player, amount in won.items():
        reachable = sum(pot.amount for pot in layers.pots if player in pot.eligible)
        assert amount <= reachable + layers.returned.get(player, 0)


@SETTINGS
@given(st.integers(0, 1000), st.lists(st.sampled_from(SEATS), min_size=1, max_size=9, unique=True))
def test_split_shares_differ_by_at_most_one_and_odd_chips_go_first(amount, winners):
    shares = split(amount, winners)
    assert sum(shares.values()) == amount
    values = [shares[w] for w in winners]
    assert values == sorted(values, reverse=True)
    assert max(values) - min(values) <= 1
