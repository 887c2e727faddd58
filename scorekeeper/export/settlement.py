"""Settlement: at the end of a session, who pays whom, with the fewest transfers.

Each player's *balance* is their net result as the game reports it
(``Game.net``): the points in a points game (they sum to zero), or in a chip
game the final stack less every chip the player brought to the table
(starting stack, rebuys, the stack of a player who joined later). Counting
losses (indian-lowest) has nothing to settle.

Fewest transfers: the balances are split into as many groups that sum to zero
as possible; a group of k players settles in k − 1 transfers and cannot do
better when it holds no smaller zero-sum group, so the total n − groups is
the minimum. Finding the split is exact (a search over subsets) for up to
``EXACT_LIMIT`` players with a balance; above that the largest debtor pays
the largest creditor until everybody is square (never more than n − 1
transfers). Every choice breaks ties by seat order, so the result is the same
each time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from scorekeeper.core.session import Session
from scorekeeper.messages import UserError, t
from scorekeeper.messages.describe import board_returned_text

#: Up to this many players with a balance, the fewest transfers are found exactly.
EXACT_LIMIT = 12

_RATE = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,2})?")


def parse_rate(text: str) -> Decimal:
    """A rate per point or chip as typed (``10``, ``0.5``); at most 2 decimals, above zero."""
    word = text.strip()
    if not _RATE.fullmatch(word) or Decimal(word) <= 0:
        raise UserError("export.bad_rate", text=text)
    return Decimal(word)


def format_amount(amount: int | Decimal) -> str:
    """A whole number as it is; anything else with exactly 2 decimals (``60.50``)."""
    value = Decimal(amount)
    if value == value.to_integral_value():
        return str(int(value))
    return f"{value.quantize(Decimal('0.01')):f}"


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int  # in points or chips


@dataclass(frozen=True)
class Settlement:
    unit: str  # "point" or "chip"
    balances: Mapping[str, int]  # seat order; positive: is owed
    transfers: tuple[Transfer, ...]
    rate: Decimal | None = None
    #: Why there is no settlement (a catalog key and its parameters), else None.
    reason: tuple[str, Mapping[str, Any]] | None = None
    #: What each player was given back of the board at the end (Pochen ``end_board``),
    #: counted in the balances; empty if nothing was.
    board: Mapping[str, int] = field(default_factory=dict)
    #: The board opens the next session of this table (``end_board carry``).
    carried: bool = False

    def board_lines(self, lang: str | None = None, escape: Callable[[str], str] = str) -> list[str]:
        """What the board given back at the end adds to the settlement, in words; names
        passed through *escape*."""
        if not self.board:
            return []
        lines = [board_returned_text(self.board, lang, escape)]
        if self.carried:
            lines.append(t("export.board_carried", lang))
        return lines

    def money(self, transfer: Transfer) -> str:
        """The amount to hand over, at the rate if there is one."""
        if self.rate is None:
            return format_amount(transfer.amount)
        return format_amount(transfer.amount * self.rate)

    def rate_text(self, lang: str | None = None) -> str | None:
        if self.rate is None:
            return None
        key = "export.rate_chip" if self.unit == "chip" else "export.rate_point"
        return t(key, lang, rate=f"{self.rate.normalize():f}")

    def lines(self, lang: str | None = None) -> list[str]:
        """What to say: the board given back at the end (Pochen), then one line per
        transfer, or why nothing is to be paid."""
        if self.reason is not None:
            key, params = self.reason
            return [t(key, lang, **params)]
        if not self.transfers:
            return [*self.board_lines(lang), t("export.all_square", lang)]
        return [*self.board_lines(lang), *self.transfer_lines(lang)]

    def transfer_lines(self, lang: str | None = None) -> list[str]:
        return [
            t("export.pays", lang, payer=x.payer, payee=x.payee, amount=self.money(x))
            for x in self.transfers
        ]

    def to_doc(self, lang: str | None = None) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "rate": None if self.rate is None else f"{self.rate.normalize():f}",
            "balances": dict(self.balances),
            "transfers": [
                {
                    "from": x.payer,
                    "to": x.payee,
                    "amount": x.amount,
                    "money": None if self.rate is None else self.money(x),
                }
                for x in self.transfers
            ],
            "note": None if self.reason is None else self.lines(lang)[0],
            "board_returned": dict(self.board) or None,
            "board_carried": self.carried,
        }


# -- balances of a session ----------------------------------------------------------
def settle(session: Session, rate: Decimal | None = None) -> Settlement:
    """Who pays whom: the balances are the game's net results (core/read_model.py)."""
    state, game = session.state, session.game
    order = state.names()
    unit = "chip" if game.uses_chips else "point"
    if game.lower_is_better:
        balances = dict.fromkeys(order, 0)
        return Settlement(unit, balances, (), rate, ("export.no_settlement_losses", {}))
    net = game.net(state)
    balances = {p: net[p] for p in order}
    if state.in_round:
        reason = ("export.settle_in_round", {"round": state.round})
        return Settlement(unit, balances, (), rate, reason)
    missing = -sum(balances.values())
    if missing:
        reason = ("export.chips_on_table", {"chips": missing})
        return Settlement(unit, balances, (), rate, reason)
    board = game.board_returned(state)
    carried = game.next_board(state) is not None
    transfers = tuple(fewest_transfers(balances))
    return Settlement(unit, balances, transfers, rate, None, board, carried)


def settle_together(
    sessions: Sequence[tuple[int, Session]], rate: Decimal | None = None
) -> Settlement:
    """Several sessions settled as one (a season), by player name (docs/rules/settlement.md).

    A player's balance is the sum of their balances in the sessions they sat in;
    the same name is the same person (names are kept trimmed, and compared exactly,
    as the statistics do). Each session must be one that settles on its own, and all
    must count the same unit: points and chips are not worth the same, and one rate
    cannot say what each is worth, so mixing them is refused (UserError).
    """
    units: dict[str, list[int]] = {"point": [], "chip": []}
    balances: dict[str, int] = {}
    for sid, session in sessions:
        one = settle(session)
        if session.game.lower_is_better:
            raise UserError("settle.session_losses", session=sid)
        if one.reason is not None:
            key, params = one.reason
            if key == "export.settle_in_round":
                raise UserError("settle.session_in_round", session=sid, **params)
            raise UserError("settle.session_chips_on_table", session=sid, **params)
        units[one.unit].append(sid)
        for name, amount in one.balances.items():  # seat order, session by session
            balances[name] = balances.get(name, 0) + amount
    if units["point"] and units["chip"]:
        points, chips = (t("settle.separator").join(map(str, units[u])) for u in units)
        raise UserError("settle.mixed_units", points=points, chips=chips)
    unit = "chip" if units["chip"] else "point"
    return Settlement(unit, balances, tuple(fewest_transfers(balances)), rate, None)


def season_lines(sids: Sequence[int], settlement: Settlement, lang: str | None = None) -> list[str]:
    """What the command line and the start screen say for several sessions: which ones,
    each player's total over them (in the order they first sat down), the rate, who pays."""
    comma = t("settle.separator", lang)
    totals = comma.join(
        t("settle.total", lang, name=name, amount=f"{amount:+d}" if amount else "0")
        for name, amount in settlement.balances.items()
    )
    lines = [
        t("settle.heading", lang, sessions=comma.join(map(str, sids))),
        t("settle.totals", lang, totals=totals),
    ]
    heading = settlement.rate_text(lang)
    if heading and settlement.transfers:
        lines.append(heading)
    return lines + settlement.lines(lang)


# -- the search -----------------------------------------------------------------------
def fewest_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """Transfers that square every balance (summing to zero), as few as possible.

    Exact for up to EXACT_LIMIT non-zero balances, greedy above. Listed by the
    payer's then the payee's place in *balances*.
    """
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero")
    place = {name: i for i, name in enumerate(balances)}
    owed = [(name, amount) for name, amount in balances.items() if amount]
    if len(owed) > EXACT_LIMIT:
        transfers = greedy_transfers(owed)
    else:
        transfers = [x for group in zero_sum_groups(owed) for x in greedy_transfers(group)]
    return sorted(transfers, key=lambda x: (place[x.payer], place[x.payee]))


def zero_sum_groups(owed: Sequence[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """*owed* split into the largest number of groups that each sum to zero.

    ``best[mask]`` is the most zero-sum groups the players in *mask* can be
    split into when removed one at a time, counting each point where what is
    left sums to zero; any split into zero-sum groups is such an order, so the
    maximum over orders is the maximum over splits.
    """
    count = len(owed)
    if count == 0:
        return []
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + owed[low.bit_length() - 1][1]
        most = max(best[mask ^ (1 << i)] for i in range(count) if mask >> i & 1)
        best[mask] = most + (1 if sums[mask] == 0 else 0)
    groups: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    mask = full
    while mask:
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        i = next(i for i in range(count) if mask >> i & 1 and best[mask ^ (1 << i)] == target)
        current.append(owed[i])
        mask ^= 1 << i
        if sums[mask] == 0:
            groups.append(current)
            current = []
    return groups


def greedy_transfers(owed: Sequence[tuple[str, int]]) -> list[Transfer]:
    """The largest debtor pays the largest creditor until all are square (ties: first listed).

    Every transfer squares at least one of the two, and the last squares both,
    so n players with a balance need at most n − 1 transfers.
    """
    left = {name: amount for name, amount in owed if amount}
    transfers = []
    while left:
        debtor = min(left, key=lambda name: left[name])  # most negative, first on ties
        creditor = max(left, key=lambda name: left[name])
        amount = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
        left = {name: rest for name, rest in left.items() if rest}
    return transfers
