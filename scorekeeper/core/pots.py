"""Pots from commitments: main pot, side pots, unmatched chips, and splitting.

Shared by every chip game (Indian Poker with chips, Pochen's Poch betting).
Chips are never created or destroyed: what goes in comes out, to a winner or
back to the player nobody matched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[str, ...]  # who can win it, in seat order


@dataclass(frozen=True, slots=True)
class Layers:
    pots: tuple[Pot, ...]  # main pot first
    returned: Mapping[str, int]  # chips nobody matched, back to who put them in

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.pots) + sum(self.returned.values())


def layer_pots(
    committed: Mapping[str, int], folded: frozenset[str] | set[str], order: Sequence[str]
) -> Layers:
    """Split commitments into pots by level.

    A layer between two commitment levels is won by the non-folded players
    whose commitment reaches its top. A layer only one player put chips into
    goes back to that player. A layer no eligible player reaches is merged
    into the layer below; consecutive layers with the same eligible players
    are one pot.
    """
    levels = sorted({c for c in committed.values() if c > 0})
    pots: list[Pot] = []
    returned: dict[str, int] = {}
    carried: dict[str, int] = {}  # bottom layers nobody still in reaches: up to the next pot
    previous = 0
    for level in levels:
        contributors = [p for p in order if committed.get(p, 0) >= level]
        amount = sum(
            min(committed.get(p, 0), level) - previous
            for p in order
            if committed.get(p, 0) > previous
        )
        eligible = tuple(p for p in contributors if p not in folded)
        if len(contributors) == 1:
            only = contributors[0]
            returned[only] = returned.get(only, 0) + amount
        elif not eligible and not pots:
            for player in contributors:
                carried[player] = carried.get(player, 0) + level - previous
        elif not eligible or (pots and pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount + sum(carried.values()), eligible))
            carried = {}
        previous = level
    for player, chips in carried.items():  # nobody still in at all: chips go back
        returned[player] = returned.get(player, 0) + chips
    return Layers(tuple(p for p in pots if p.amount > 0), returned)


def contested(committed: Mapping[str, int], folded: Sequence[str]) -> int:
    """The chips a round was played for: its pots, main and side, without the chips nobody
    matched (they went back to who put them in, rules.md §2: no pot at all); every chip
    put in when nothing was matched. What "takes the pot of N" says, and the exports'
    pot column (the round's result keeps every chip put in)."""
    layers = layer_pots(committed, frozenset(folded), tuple(committed))
    return sum(p.amount for p in layers.pots) if layers.pots else layers.total


def split(amount: int, winners: Sequence[str]) -> dict[str, int]:
    """Equal shares; the odd chips one each to the winners in the order given.

    Callers pass the winners in seat order starting left of the dealer.
    """
    share, odd = divmod(amount, len(winners))
    return {w: share + (1 if i < odd else 0) for i, w in enumerate(winners)}


def pot_winners(
    layers: Layers,
    ranking: Sequence[Sequence[str]],
    order_from_dealer: Sequence[str],
) -> list[tuple[Pot, tuple[str, ...]]]:
    """Each pot (main pot first) with who wins it: the best eligible group, in seat order.

    *ranking* is best group first; players in one group tie and split the pot.
    *order_from_dealer* is everyone in seat order starting left of the dealer.
    """
    found = []
    for pot in layers.pots:
        for group in ranking:
            winners = [p for p in order_from_dealer if p in group and p in pot.eligible]
            if winners:
                break
        else:  # nobody ranked can win it: the eligible share it (cannot happen in play)
            winners = [p for p in order_from_dealer if p in pot.eligible]
        found.append((pot, tuple(winners)))
    return found


def award(
    layers: Layers,
    ranking: Sequence[Sequence[str]],
    order_from_dealer: Sequence[str],
) -> dict[str, int]:
    """What each player takes back: pots to the best eligible, plus unmatched chips.

    *ranking* is best group first; players in one group tie.
    *order_from_dealer* is everyone in seat order starting left of the dealer.
    """
    won: dict[str, int] = dict(layers.returned)
    for pot, winners in pot_winners(layers, ranking, order_from_dealer):
        for player, chips in split(pot.amount, winners).items():
            won[player] = won.get(player, 0) + chips
    return won
