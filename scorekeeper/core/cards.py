"""Playing cards as the recorder types them, and the orders the games rank them by.

A card is written rank then suit (``KS``, ``10H``, ``TH``, ``7♦``); the joker is
``JK``. Suits also accept ♠♥♦♣ (and the white ♤♡♢♧).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from scorekeeper.core.errors import RuleError

SUITS: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Each suit's name as a word (``trump spades``), in SUITS' order: a suit's catalog key ends in it.
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_ALIASES: Final = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
RANKS: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKER: Final = "JK"


@dataclass(frozen=True, order=False)
class Card:
    rank: str  # one of RANKS, or JOKER
    suit: str | None  # one of SUITS; None for the joker

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def code(self) -> str:
        """The canonical transcript spelling: ``KS``, ``10H``, ``JK``."""
        return JOKER if self.suit is None else f"{self.rank}{self.suit}"

    def label(self) -> str:
        """The spelling for screens: ``K♠``, ``10♥``, ``JK``."""
        return JOKER if self.suit is None else f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code()


def parse_card(text: str, *, joker: bool = True) -> Card:
    """Read one card; a RuleError in plain words when it is not one, its example naming the
    joker only where the deck has one (*joker*: the game asked, Game.joker_in_deck)."""
    raw = text.strip()
    word = raw.upper()
    if word in (JOKER, "JOKER"):
        return Card(JOKER, None)
    if len(word) >= 2 and word[-1] in _SUIT_ALIASES:
        rank = word[:-1]
        rank = "10" if rank == "T" else rank
        if rank in RANKS:
            return Card(rank, _SUIT_ALIASES[word[-1]])
    raise RuleError("cards.unreadable" if joker else "cards.unreadable_no_joker", text=raw)


class RankOrder(Enum):
    """How ranks compare in a game."""

    OFFICIAL = "official"  # K high … A low; no joker
    ACE_HIGH = "ace-high"  # (JK >) A > K > … > 2


_OFFICIAL_VALUES: Final = {
    "K": 13, "Q": 12, "J": 11, "10": 10, "9": 9, "8": 8, "7": 7,
    "6": 6, "5": 5, "4": 4, "3": 3, "2": 2, "A": 1,
}  # fmt: skip
_ACE_HIGH_VALUES: Final = {**_OFFICIAL_VALUES, "A": 14, JOKER: 15}

SUIT_ORDERS: Final[Mapping[str, Mapping[str, int]]] = {
    "sanma": {"S": 4, "H": 3, "D": 2, "C": 1},
    "hokuto": {"H": 4, "C": 3, "D": 2, "S": 1},
    "none": {"S": 0, "H": 0, "D": 0, "C": 0},
}


def rank_value(card: Card, order: RankOrder) -> int:
    if order is RankOrder.OFFICIAL:
        if card.is_joker:
            raise RuleError("cards.no_joker")
        return _OFFICIAL_VALUES[card.rank]
    return _ACE_HIGH_VALUES[card.rank]


def card_strength(card: Card, order: RankOrder, suits: str) -> tuple[int, int]:
    """A sort key: higher is stronger. Equal keys are a tie (only with suits ``none``)."""
    suit_value = 0 if card.suit is None else SUIT_ORDERS[suits][card.suit]
    return (rank_value(card, order), suit_value)


def parse_shown(pairs: Mapping[str, str], *, joker_allowed: bool) -> dict[str, Card]:
    """Read the cards shown in one round, refusing a card shown twice.

    *pairs* maps a player to the text typed for their card, in entry order.
    """
    shown: dict[str, Card] = {}
    holder: dict[Card, str] = {}
    for player, text in pairs.items():
        card = parse_card(text, joker=joker_allowed)
        if card.is_joker and not joker_allowed:
            raise RuleError("cards.no_joker")
        if card in holder:
            raise RuleError("cards.twice", card=card.code(), first=holder[card], second=player)
        holder[card] = player
        shown[player] = card
    return shown
