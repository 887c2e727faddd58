"""The data of each kind of entry, typed: what ``normalize`` gives and the folds read.

An event's data is stored as a JSON object and kept as a read-only mapping
(``Event.data``); its shape depends on its kind, and, for the kinds two games
share (``raise``, ``showdown``), on the game. Each shape is one TypedDict here,
with exactly the keys the check of that kind gives back. The checks return
them, and everything below a check reads an event's data through the one
decode point of its kind (``as_player``, ``as_note`` …): a ``cast`` there,
typed access after it, so a key misspelt in a fold is a mypy error, not a
``KeyError`` at the table. Nothing here changes what is stored: the same keys
and values, the same JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict, cast


# -- the entries every game knows (core/steps.py, core/ledger.py) ------------------
class NoData(TypedDict):
    """``round``, ``end``, and the official game's ``raise``: the kind says it all."""


class NoteData(TypedDict):
    text: str


class RateData(TypedDict):
    """The money per point or chip from here on (core/rate.py)."""

    amount: str  # an exact decimal: "10", "0.5"
    currency: str | None  # JPY, USD, 円 …; None: none said


class ProposalsData(TypedDict):
    """The switch ``proposals auto|ask`` (issue 46): players' proposals are confirmed by
    themselves from here on, or wait for the recorder."""

    auto: bool


class PlayerData(TypedDict):
    """One player: ``recorder``, ``leave``; the folds, bets, calls, checks, passes and
    redraws of the games (what a game's ``normalize`` gives for them)."""

    player: str


class JoinData(TypedDict):
    player: str
    after: str | None  # whose seat the joiner sits after; None: their old seat, or last
    number: NotRequired[int]  # absent in a join recorded before joins kept their number


class RebuyData(TypedDict):
    player: str
    chips: int
    #: Whether the rebuy gives the player the next deal: the deal passed over their seat
    #: since the last round only because they were short (issue 43). Absent in a rebuy
    #: recorded before that rule, which is read as it was played then.
    deals: NotRequired[bool]


class UndoData(TypedDict):
    voids: int  # the seq of the entry voided


class ReplacementData(TypedDict):
    """One entry of a correction, as it is kept inside the ``correct`` event."""

    kind: str
    data: dict[str, Any]  # the entry's own data: the shape of its kind


class CorrectData(TypedDict):
    round: int
    reason: str
    entries: list[ReplacementData]
    supersedes: list[int]  # the seqs of the entries the correction replaced


# -- Indian Poker, official points (core/games/indian_official.py) -----------------
class OfficialShowdownData(TypedDict, total=False):
    """Either the winner named or every contestant's card (exactly one of the two)."""

    winner: str
    cards: dict[str, str]  # player -> card code


# -- Indian Poker with chips (core/games/indian_chips.py) ----------------------------
class ChipsShowdownData(TypedDict, total=False):
    """Either the ranking (best group first) or every contestant's card."""

    ranking: list[list[str]]
    cards: dict[str, str]


# -- Indian Poker, lowest card loses (core/games/indian_lowest.py) -------------------
class RevealData(TypedDict):
    cards: dict[str, str]


class LoseData(TypedDict):
    losers: list[str]


# -- a game with a board of pools and a Poch (its module in core/games/) ---------------
class TurnedData(TypedDict):
    card: str  # the card code turned up


class TrumpData(TypedDict):
    suit: str  # S H D C


class ClaimData(TypedDict):
    player: str
    pools: list[str]


class PochBetData(TypedDict):
    """A Poch entry: ``pass``, ``check``, ``call``, ``fold``; ``bet`` and ``raise`` with
    the total the player has in after it."""

    player: str
    amount: NotRequired[int]


class ShowData(TypedDict):
    sets: dict[str, list[str]]  # player -> the card codes of the set shown


class PochData(TypedDict):
    ranking: list[list[str]]


class OutData(TypedDict):
    player: str
    paid: dict[str, int]  # payer -> cards left in hand (card_payment)


#: What any check may give back: the data of one entry of some kind.
EntryData = (
    NoData
    | NoteData
    | RateData
    | ProposalsData
    | PlayerData
    | JoinData
    | RebuyData
    | UndoData
    | CorrectData
    | OfficialShowdownData
    | ChipsShowdownData
    | RevealData
    | LoseData
    | TurnedData
    | TrumpData
    | ClaimData
    | PochBetData
    | ShowData
    | PochData
    | OutData
)


# -- the decode points: an event's data as its kind's shape ---------------------------
# Each is the one place its shape is taken on trust: the data was given by the check of
# its kind (or read back and checked again by it, core/session.py), so it has that shape.
def as_note(data: Mapping[str, Any]) -> NoteData:
    return cast(NoteData, data)


def as_rate(data: Mapping[str, Any]) -> RateData:
    return cast(RateData, data)


def as_proposals(data: Mapping[str, Any]) -> ProposalsData:
    return cast(ProposalsData, data)


def as_player(data: Mapping[str, Any]) -> PlayerData:
    return cast(PlayerData, data)


def as_join(data: Mapping[str, Any]) -> JoinData:
    return cast(JoinData, data)


def as_rebuy(data: Mapping[str, Any]) -> RebuyData:
    return cast(RebuyData, data)


def as_undo(data: Mapping[str, Any]) -> UndoData:
    return cast(UndoData, data)


def as_correct(data: Mapping[str, Any]) -> CorrectData:
    return cast(CorrectData, data)


def as_official_showdown(data: Mapping[str, Any]) -> OfficialShowdownData:
    return cast(OfficialShowdownData, data)


def as_chips_showdown(data: Mapping[str, Any]) -> ChipsShowdownData:
    return cast(ChipsShowdownData, data)


def as_reveal(data: Mapping[str, Any]) -> RevealData:
    return cast(RevealData, data)


def as_lose(data: Mapping[str, Any]) -> LoseData:
    return cast(LoseData, data)


def as_turned(data: Mapping[str, Any]) -> TurnedData:
    return cast(TurnedData, data)


def as_trump(data: Mapping[str, Any]) -> TrumpData:
    return cast(TrumpData, data)


def as_claim(data: Mapping[str, Any]) -> ClaimData:
    return cast(ClaimData, data)


def as_poch_bet(data: Mapping[str, Any]) -> PochBetData:
    return cast(PochBetData, data)


def as_show(data: Mapping[str, Any]) -> ShowData:
    return cast(ShowData, data)


def as_poch(data: Mapping[str, Any]) -> PochData:
    return cast(PochData, data)


def as_out(data: Mapping[str, Any]) -> OutData:
    return cast(OutData, data)
