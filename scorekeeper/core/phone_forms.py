"""What a game's entries ask of the recorder's phone, declared by the game (its GameSpec).

The phone (services/phone.py) offers the entries the rules allow now; each game says
here which of its entries the phone offers, what each asks of the thumb, and which
catalog key labels its button. The type checker names a form that does not exist;
tests/test_registry.py names a label missing from the catalog, for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from scorekeeper.core.events import frozen

#: What an entry needs from the thumb: nothing (``now``), a confirmation, an amount, a
#: line of text (a note), a new name and where it sits (join), a player, players (in
#: order), a ranking, a card for each player (typed, e.g. 8D), pools, a suit, one card.
Form = Literal[
    "now", "confirm", "amount", "text", "join", "player", "players", "ranking",
    "cards", "pools", "suit", "card",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class OtherWay:
    """A second way to the same entry, offered as a button of its own: its form, the
    words after the entry's kind, and its label's catalog key."""

    form: Form
    prefix: tuple[str, ...]
    label: str


@dataclass(frozen=True, slots=True)
class PhoneForms:
    """A game's entries on the phone. Entries of the game not named in *forms* (nor among
    the common ones, services/phone.py) are not offered on the phone."""

    #: each round entry the phone offers, by kind, and what it asks for
    forms: Mapping[str, Form]
    #: a second button for an entry (a showdown typed as cards), by kind
    also: Mapping[str, OtherWay] = field(default_factory=frozen)
    #: entries whose cards form takes several cards a player (Pochen's ``show X=KD,KS``)
    hands: frozenset[str] = frozenset()
    #: a button's label in this game's words, by kind (a common entry's too); the others
    #: are labelled ``phone.do.<kind>``
    labels: Mapping[str, str] = field(default_factory=frozen)

    def label(self, kind: str) -> str:
        """The catalog key of the button of an entry of *kind*."""
        return self.labels.get(kind, f"phone.do.{kind}")
