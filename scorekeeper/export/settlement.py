"""Settlement: at the end of a session, who pays whom, with the fewest transfers.

Each player's *balance* is their net result as the game reports it
(``Game.net``): the points in a points game (they sum to zero), or in a chip
game the final stack less every chip the player brought to the table
(starting stack, rebuys, the stack of a player who joined later). Counting
losses (the lowest card loses) has nothing to settle.

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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Context, Decimal, localcontext
from typing import Any

from scorekeeper.core.rate import rate_amount, session_rate
from scorekeeper.core.session import Session
from scorekeeper.export.money import amount_text as money_text
from scorekeeper.export.money import currency_key, format_money, money_unit
from scorekeeper.messages import UserError, t
from scorekeeper.messages.describe import board_returned_text

#: The arithmetic of money: enough digits that no sum is ever rounded (a balance up to
#: 10**15 times a rate below 10**9, with two decimals, over any number of sessions).
EXACT = Context(prec=100)

#: Up to this many players with a balance, the fewest transfers are found exactly.
EXACT_LIMIT = 12


def parse_rate(text: str) -> Decimal:
    """A rate per point or chip as typed (``10``, ``0.5``); at most 2 decimals, above zero:
    the ``--rate`` of ``export`` and ``settle``, for a session that has none of its own."""
    amount = rate_amount(text)
    if amount is None:
        raise UserError("export.bad_rate", text=text)
    return amount


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int  # in points or chips; in money, in units of the settlement's ``step``


@dataclass(frozen=True)
class Settlement:
    unit: str  # "point" or "chip"; "money" when sessions were settled together in money
    balances: Mapping[str, int]  # seat order; positive: is owed (in money: in ``step``s)
    transfers: tuple[Transfer, ...]
    rate: Decimal | None = None  # money per point or chip (not for a "money" settlement)
    #: Why there is no settlement (a catalog key and its parameters), else None.
    reason: tuple[str, Mapping[str, Any]] | None = None
    #: What each player was given back of the board at the end (Pochen ``end_board``),
    #: counted in the balances; empty if nothing was.
    board: Mapping[str, int] = field(default_factory=dict)
    #: The board opens the next session of this table (``end_board carry``).
    carried: bool = False
    currency: str | None = None  # the rate's currency (core/rate.py), if it names one
    #: In a "money" settlement, what one unit of the balances and transfers is worth:
    #: the currency's smallest amount (export/money.py money_unit).
    step: Decimal = Decimal(1)
    #: The balances and transfers are money in ``step``s, rounded to the currency's unit
    #: (a session at 0.5円 a point: see ``settle``), not points or chips.
    rounded: bool = False

    def board_lines(self, lang: str | None = None, escape: Callable[[str], str] = str) -> list[str]:
        """What the board given back at the end adds to the settlement, in words; names
        passed through *escape*."""
        if not self.board:
            return []
        lines = [board_returned_text(self.board, lang, escape)]
        if self.carried:
            lines.append(t("export.board_carried", lang))
        return lines

    @property
    def in_money(self) -> bool:
        """Whether the amounts are money: settled in money, or at a rate."""
        return self.unit == "money" or self.rate is not None

    def value(self, amount: int) -> Decimal:
        """*amount* (a balance or a transfer) as money where there is a rate, exactly; else
        as points or chips."""
        with localcontext(EXACT):
            if self.unit == "money" or self.rounded:
                return amount * self.step
            return Decimal(amount) * (self.rate if self.rate is not None else 1)

    def money(self, transfer: Transfer, lang: str | None = None) -> str:
        """The amount to hand over: in money with its currency (5,200円, ¥5,200) where
        there is a rate, else in points or chips (5,200): thousands separated either way,
        as the phones and the shared text say it."""
        return format_money(self.value(transfer.amount), self.currency, lang)

    def total_text(self, amount: int, lang: str | None = None) -> str:
        """A player's balance with its sign (+20, -¥5,200; 0 unsigned)."""
        text = format_money(self.value(amount), self.currency, lang)
        return f"+{text}" if amount > 0 else text

    def rate_text(self, lang: str | None = None) -> str | None:
        if self.rate is None:
            return None
        key = "export.rate_chip" if self.unit == "chip" else "export.rate_point"
        return t(key, lang, rate=format_money(self.rate, self.currency, lang))

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
            t("export.pays", lang, payer=x.payer, payee=x.payee, amount=self.money(x, lang))
            for x in self.transfers
        ]

    def exact(self, amount: int) -> int | str:
        """An amount as a JSON document carries it: points and chips as whole numbers,
        money as an exact decimal string (``"5200"``, ``"12.5"``)."""
        return money_text(self.value(amount)) if self.in_money else amount

    def to_doc(self, lang: str | None = None) -> dict[str, Any]:
        """The export's document: points or chips as whole numbers and their money (an
        exact decimal string) at the rate; rounded to the currency's unit, only money."""
        counted = self.exact if self.rounded else (lambda amount: amount)
        return {
            "unit": self.unit,
            "rate": None if self.rate is None else money_text(self.rate),
            "currency": self.currency,
            "balances": {name: counted(amount) for name, amount in self.balances.items()},
            "transfers": [
                {
                    "from": x.payer,
                    "to": x.payee,
                    "amount": counted(x.amount),
                    "money": money_text(self.value(x.amount)) if self.in_money else None,
                }
                for x in self.transfers
            ],
            "note": None if self.reason is None else self.lines(lang)[0],
            "board_returned": dict(self.board) or None,
            "board_carried": self.carried,
        }


# -- balances of a session ----------------------------------------------------------
def settle(session: Session, rate: Decimal | None = None, *, to_unit: bool = True) -> Settlement:
    """Who pays whom: the balances are the game's net results (core/read_model.py), at
    the session's own rate (its last ``rate`` entry), else at *rate* (``--rate``).

    Where a balance's money is not a whole number of the currency's unit (0.5円 a point,
    and 5 points), the balances are money rounded to the unit as several sessions' are
    (``to_units``), and the transfers square those, unless *to_unit* is False."""
    state, game = session.state, session.game
    own, currency = session_rate(session)
    if own is not None:
        rate = own
    order = state.names()
    unit = "chip" if game.uses_chips else "point"
    if game.lower_is_better:
        balances = dict.fromkeys(order, 0)
        losses: tuple[str, Mapping[str, Any]] = ("export.no_settlement_losses", {})
        return Settlement(unit, balances, (), rate, losses, currency=currency)
    net = game.net(state)
    balances = {p: net[p] for p in order}
    if state.in_round:
        reason = ("export.settle_in_round", {"round": state.round})
        return Settlement(unit, balances, (), rate, reason, currency=currency)
    missing = -sum(balances.values())
    if missing:
        reason = ("export.chips_on_table", {"chips": missing})
        return Settlement(unit, balances, (), rate, reason, currency=currency)
    board = game.board_returned(state)
    carried = game.next_board(state) is not None
    transfers = tuple(fewest_transfers(balances))
    step = money_unit(currency)
    with localcontext(EXACT):
        money = {name: amount * rate for name, amount in balances.items()} if rate else {}
    if to_unit and any(amount % step for amount in money.values()):
        units = to_units(money, step)
        return Settlement(
            unit, units, tuple(fewest_transfers(units)), rate, None, board, carried,
            currency, step, rounded=True,
        )  # fmt: skip
    return Settlement(unit, balances, transfers, rate, None, board, carried, currency)


# -- several sessions: an evening ---------------------------------------------------
@dataclass(frozen=True)
class Together:
    """Several sessions settled together (docs/rules/settlement.md): one settlement in
    money when every session has a rate, else one per kind of unit, each in its own."""

    #: Each settlement and the sessions it settles, in the order they were given.
    parts: tuple[tuple[tuple[int, ...], Settlement], ...]
    #: Why they are not settled in money (a catalog key and its parameters), else None.
    apart: tuple[str, Mapping[str, Any]] | None = None
    #: Each session's own settlement, whose rate a "money" settlement names, in order.
    rates: tuple[tuple[int, Settlement], ...] = ()

    def opening(self, sids: Sequence[int], lang: str | None = None) -> list[str]:
        """Which sessions, and why they are settled apart if they are."""
        comma = t("settle.separator", lang)
        lines = [t("settle.heading", lang, sessions=comma.join(map(str, sids)))]
        if self.apart is not None:
            key, params = self.apart
            lines.append(t(key, lang, **params))
        return lines

    def part_heading(
        self, sids: Sequence[int], part: Settlement, lang: str | None = None
    ) -> list[str]:
        """Which sessions a part settles, when there is more than one part."""
        if len(self.parts) < 2:
            return []
        comma = t("settle.separator", lang)
        return [t(f"settle.part.{part.unit}", lang, sessions=comma.join(map(str, sids)))]

    def rates_line(self, part: Settlement, lang: str | None = None) -> list[str]:
        """Each session's rate, where they were settled in money and someone pays."""
        if not (self.rates and part.transfers):
            return []
        rates = t("settle.separator", lang).join(
            t("settle.rate_of", lang, session=sid, rate=one.rate_text(lang))
            for sid, one in self.rates
        )
        return [t("settle.rates", lang, rates=rates)]

    def to_doc(self, lang: str | None = None) -> dict[str, Any]:
        """``settle … --json``: the balances (player -> amount), the transfers (from, to,
        amount) and the currency; money as exact decimal strings, points and chips as
        whole numbers. Settled apart, ``balances`` and ``transfers`` are null and
        ``apart`` holds one such document per kind."""
        docs = [_part_doc(sids, part) for sids, part in self.parts]
        one = docs[0] if len(docs) == 1 else None
        return {
            "unit": None if one is None else one["unit"],
            "currency": None if one is None else one["currency"],
            "balances": None if one is None else one["balances"],
            "transfers": None if one is None else one["transfers"],
            "note": None if self.apart is None else t(self.apart[0], lang, **self.apart[1]),
            "apart": None if one is not None else docs,
        }


def _part_doc(sids: Sequence[int], part: Settlement) -> dict[str, Any]:
    return {
        "sessions": list(sids),
        "unit": part.unit,
        "currency": part.currency,
        "balances": {name: part.exact(amount) for name, amount in part.balances.items()},
        "transfers": [
            {"from": x.payer, "to": x.payee, "amount": part.exact(x.amount)} for x in part.transfers
        ],
    }


@dataclass(frozen=True)
class _Checked:
    sid: int
    settlement: Settlement


def settle_together(
    sessions: Sequence[tuple[int, Session]], rate: Decimal | None = None
) -> Together:
    """Several sessions settled as one (an evening, a season), by player name.

    A player's balance is the sum of their balances in the sessions they sat in; the
    same name is the same person (names are kept trimmed, and compared exactly, as the
    statistics do). Each session must be one that settles on its own (UserError). When
    every session has a rate (its own, else *rate*), whatever their games, they are
    settled in money: each balance times its session's rate, added up, rounded to the
    currency's unit (largest remainder, so the total stays zero); sessions in two
    currencies are refused. Otherwise each kind (points, chips) is settled apart in its
    own units, and ``apart`` says why.
    """
    checked = [_Checked(sid, _settles(sid, session, rate)) for sid, session in sessions]
    without = [c.sid for c in checked if c.settlement.rate is None]
    if checked and not without:
        return _in_money(checked)
    kinds: dict[str, list[_Checked]] = {}
    for one in checked:
        kinds.setdefault(one.settlement.unit, []).append(one)
    parts = tuple(_in_units(unit, group) for unit, group in kinds.items())
    apart = None
    if len(without) < len(checked) or len(kinds) > 1:
        comma = t("settle.separator")
        apart = ("settle.no_rate", {"sessions": comma.join(map(str, without))})
    return Together(parts, apart)


def _settles(sid: int, session: Session, rate: Decimal | None) -> Settlement:
    """The session's own settlement, or the refusal of the whole command (UserError)."""
    one = settle(session, rate, to_unit=False)  # rounded once, the evening's total
    if session.game.lower_is_better:
        raise UserError("settle.session_losses", session=sid)
    if one.reason is not None:
        key, params = one.reason
        if key == "export.settle_in_round":
            raise UserError("settle.session_in_round", session=sid, **params)
        raise UserError("settle.session_chips_on_table", session=sid, **params)
    return one


def _in_units(unit: str, group: Sequence[_Checked]) -> tuple[tuple[int, ...], Settlement]:
    balances: dict[str, int] = {}
    for one in group:
        for name, amount in one.settlement.balances.items():  # seat order, session by session
            balances[name] = balances.get(name, 0) + amount
    settled = Settlement(unit, balances, tuple(fewest_transfers(balances)))
    return tuple(one.sid for one in group), settled


def _in_money(checked: Sequence[_Checked]) -> Together:
    named: dict[str, list[int]] = {}  # as first written -> sessions
    first: dict[str, str] = {}  # currency_key -> as first written (円 and JPY are one)
    for one in checked:
        if one.settlement.currency is not None:
            said = first.setdefault(currency_key(one.settlement.currency), one.settlement.currency)
            named.setdefault(said, []).append(one.sid)
    if len(named) > 1:
        comma = t("settle.separator")
        said = comma.join(
            t("settle.currency_of", currency=c, sessions=comma.join(map(str, s)))
            for c, s in named.items()
        )
        raise UserError("settle.mixed_currencies", currencies=said)
    currency = next(iter(named), None)
    money: dict[str, Decimal] = {}
    with localcontext(EXACT):
        for one in checked:
            part = one.settlement
            for name, amount in part.balances.items():
                money[name] = money.get(name, Decimal(0)) + part.value(amount)
    step = money_unit(currency)
    balances = to_units(money, step)
    settled = Settlement(
        "money", balances, tuple(fewest_transfers(balances)), currency=currency, step=step
    )
    rates = tuple((one.sid, one.settlement) for one in checked)
    return Together(((tuple(one.sid for one in checked), settled),), None, rates)


def to_units(money: Mapping[str, Decimal], step: Decimal) -> dict[str, int]:
    """Balances of money that sum to zero, as whole units of *step* that still sum to zero.

    Largest remainder: each balance is rounded down to the unit, and the units this
    leaves short go one each to the largest remainders (ties: the first listed, the
    order the players first sat down). Nobody moves by a whole unit or more, and a
    balance that is a whole number of units is never moved."""
    with localcontext(EXACT):
        units = {
            name: int((amount / step).to_integral_value(ROUND_FLOOR))
            for name, amount in money.items()
        }
        short = -sum(units.values())
        if short < 0 or sum(money.values()) != 0:
            raise ValueError("balances must sum to zero")
        place = {name: i for i, name in enumerate(money)}
        remainder = {name: money[name] / step - units[name] for name in money}
    by_remainder = sorted(money, key=lambda n: (-remainder[n], place[n]))
    for name in by_remainder[:short]:
        units[name] += 1
    return units


def season_lines(sids: Sequence[int], together: Together, lang: str | None = None) -> list[str]:
    """What the command line and the start screen say for several sessions: which ones,
    why they are settled apart if they are, each player's total over them (in the order
    they first sat down), the rates, who pays."""
    lines = together.opening(sids, lang)
    for part_sids, settlement in together.parts:
        lines += together.part_heading(part_sids, settlement, lang)
        totals = t("settle.separator", lang).join(
            t("settle.total", lang, name=name, amount=settlement.total_text(amount, lang))
            for name, amount in settlement.balances.items()
        )
        lines.append(t("settle.totals", lang, totals=totals))
        lines += together.rates_line(settlement, lang)
        lines += settlement.lines(lang)
    return lines


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
