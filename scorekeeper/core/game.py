"""The one interface every game implements, and the registry of games.

The session handles what all games share (``round``, ``undo``, ``join`` …);
a game module only says which of its own entries are legal now, checks one,
and applies it. Screens ask the game; they never decide a rule themselves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, TypeVar

from scorekeeper.core.amounts import whole_number, within
from scorekeeper.core.entries import EntryData, as_player
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, OptionValue
from scorekeeper.core.phone_forms import PhoneForms
from scorekeeper.core.read_model import BoardView, Headline, RoundView
from scorekeeper.core.samples import Samples
from scorekeeper.core.state import RoundResult, State
from scorekeeper.messages import Phrase, add_messages

_R = TypeVar("_R")
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house option: its default and the values it accepts."""

    key: str
    default: OptionValue
    help_key: str  # catalog key of a one-line explanation
    choices: Mapping[str, OptionValue] = field(default_factory=dict)  # word -> value
    minimum: int | None = None  # for whole-number options
    boolean: bool = False

    @property
    def named(self) -> Phrase:
        """The option in a refusal: its key in English (as typed), its label in Japanese."""
        return Phrase((f"option.named.{self.key}",))

    def parse(self, text: str) -> OptionValue:
        word = text.strip().lower()
        if self.boolean:
            if word in _TRUE:
                return True
            if word in _FALSE:
                return False
            raise RuleError("rules.option_bool", field=self.key, option=self.named, value=text)
        if self.choices:
            if word in self.choices:
                return self.choices[word]
            raise RuleError(
                "rules.option_choice",
                field=self.key,
                option=self.named,
                value=text,
                choices=", ".join(self.choices),
            )
        number = whole_number(word, self.key)  # 0–9 only, as every number typed
        if number is None or (self.minimum is not None and number < self.minimum):
            raise RuleError(
                "rules.option_number", field=self.key, option=self.named, value=text,
                minimum=self.minimum if self.minimum is not None else 0,
            )  # fmt: skip
        return within(number, self.key)

    def accept(self, value: object) -> OptionValue:
        """A value given already typed (a JSON import): the same checks as typed text, and
        the right type (no ``true`` for a number, no ``10.5``, ``NaN`` or ``1e999``)."""
        if isinstance(value, str):
            return self.parse(value)
        if self.boolean:
            right = isinstance(value, bool)
        elif self.choices:
            right = any(value == c and type(value) is type(c) for c in self.choices.values())
        else:
            right = isinstance(value, int) and not isinstance(value, bool)
        if not right:
            raise RuleError(
                "rules.option_type", field=self.key, option=self.named, value=repr(value)[:40]
            )
        typed: OptionValue = value  # type: ignore[assignment]  # checked just above
        return typed if self.choices else self.parse(self.render(typed))

    def render(self, value: OptionValue) -> str:
        for word, choice in self.choices.items():
            if choice == value and type(choice) is type(value):
                return word
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


#: Who may propose an entry of a kind from their phone (core/proposing.py says each).
Proposer = Literal["self", "anyone", "leader"]


@dataclass(frozen=True, slots=True)
class LegalAction:
    """An entry the recorder may make now; *choices* are the players it may name."""

    kind: str
    choices: tuple[str, ...] = ()


class Game(ABC):
    id: ClassVar[str]
    name_key: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]]
    round_kinds: ClassVar[frozenset[str]]
    uses_chips: ClassVar[bool] = False
    lower_is_better: ClassVar[bool] = False  # scores that count losses
    #: played for a stake that rises during a round (the official points game): its
    #: timeline of stake changes is worth a list of its own in the exports and on the page
    has_stake: ClassVar[bool] = False
    #: the score is the net result itself (points), so a view shows one column, not two
    score_is_net: ClassVar[bool] = False
    #: who leads a round: the parent (親) of the points game, else the dealer (ディーラー)
    button_role: ClassVar[str] = "dealer"
    #: the standings' own columns, after rank, player, total (and net): what each counts
    #: (``played``, ``won``, ``lead_rounds``; core/standings.py) and its heading's catalog key
    standings_columns: ClassVar[tuple[tuple[str, str], ...]] = (
        ("played", "standings.played"),
        ("won", "standings.won"),
    )

    def worded(self, key: str) -> str:
        """The catalog key *key* in this game's word for who leads a round.

        Such messages come as ``key.parent`` and ``key.dealer`` (the catalog),
        so a view asks the game which, and never tests the game's name.
        """
        return f"{key}.{self.button_role}"

    def option(self, key: str) -> OptionSpec:
        for spec in self.options:
            if spec.key == key:
                return spec
        raise RuleError(
            "rules.unknown_option",
            field=key,
            option=key,
            game=Phrase((self.name_key,)),  # the game's name in the reader's words, not its id
            options=", ".join(s.key for s in self.options),
        )

    def initial_score(
        self, player: str, options: Mapping[str, OptionValue], stacks: Mapping[str, int]
    ) -> int:
        """Points games start at 0; chip games at the player's stack, else the ``stack`` option."""
        if not self.uses_chips:
            return 0
        default = options["stack"]
        assert isinstance(default, int)
        return stacks.get(player, default)

    def initial_board(self, options: Mapping[str, OptionValue]) -> Mapping[str, int] | None:
        """Chips on the board before the first round (games with a board), else None."""
        return None

    def carried_board(
        self, options: Mapping[str, OptionValue], board: Mapping[str, Any]
    ) -> dict[str, int]:
        """A board carried over from the session before, checked (its pools by name, no
        negative amount): only a game with a board has one (Pochen ``end_board carry``)."""
        raise RuleError("rules.board_not_in_game", field="board")

    def close(self, state: State) -> State:
        """The state once the session is over (``end``, or the game over after a round):
        a game with a board gives the chips left on it back (Pochen ``end_board``)."""
        return replace(state, finished=True)

    def board_returned(self, state: State) -> dict[str, int]:
        """What each player was given back of the board when the session ended, in seat
        order; empty when nothing was (no board, nothing on it, or not ended)."""
        return dict(state.returned)

    def next_board(self, state: State) -> tuple[dict[str, int], dict[str, int]] | None:
        """The board the next session of this table opens with (``new --like``), and each
        player's share of it to ante; None when it opens with none."""
        return None

    def outside_net(self, state: State) -> dict[str, int]:
        """What each player's net holds besides the rounds' results: a share of a board
        carried in (anted, negative) and a share of the board given back at the end."""
        names = state.anted.keys() | state.returned.keys()
        return {
            name: state.returned.get(name, 0) - state.anted.get(name, 0)
            for name in state.names()
            if name in names
        }

    def card_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """How cards rank in this game with *options*, as catalog sentences (``cards.order.*``,
        ``cards.ties.*``) a view shows as they are; () where no card is compared alone."""
        return ()

    def joker_in_deck(self, options: Mapping[str, OptionValue]) -> bool:
        """Whether the deck holds a joker with *options*: a card example names ``JK`` only
        then (a game with a ``joker`` option says so by it; the others have none)."""
        return options.get("joker") is True

    def set_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """How sets of cards rank in this game with *options*, as catalog sentences
        (``cards.sets.*``) a view shows as they are; () where no sets are compared."""
        return ()

    def ever_accepts(self, kind: str) -> bool:
        """Whether an entry of *kind* can ever be legal in this game (a view offers no key
        for one that cannot: no rebuy where there are no chips to buy)."""
        return self.uses_chips or kind != "rebuy"

    def rebuy_suggestion(self, state: State) -> int | None:
        """What a rebuy offers first: a stack of the session's size (its ``stack`` option).

        None where the game has no chips to buy.
        """
        stack = state.options.get("stack") if self.uses_chips else None
        return stack if isinstance(stack, int) and not isinstance(stack, bool) else None

    def dealable(self, state: State) -> tuple[str, ...]:
        """Who can be dealt into the next round (chip games: seated players with chips)."""
        if self.uses_chips:
            return tuple(p for p in state.seated() if state.scores[p] > 0)
        return state.seated()

    def check_options(self, options: Mapping[str, OptionValue]) -> None:
        """Refuse combinations of options that cannot be played (after each is valid alone)."""
        return None

    @abstractmethod
    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        """Read the words after a round verb into entry data (syntax only)."""

    @abstractmethod
    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        """The transcript words after the verb for entry data; inverse of ``parse``."""

    @abstractmethod
    def start_round(self, state: State) -> State:
        """The state once ``round`` starts a new round (antes, stake at base …)."""

    # -- "may I", then "do it": one predicate per entry kind ------------------------
    def offered(self, state: State) -> tuple[str, ...]:
        """The round kinds ``legal`` asks about, in the order it lists them."""
        return tuple(sorted(self.round_kinds))

    @abstractmethod
    def refusal(self, state: State, kind: str) -> RuleError | None:
        """Why no round entry of *kind* may be made now, whatever its data; None if one may.

        The one predicate of each kind: ``legal`` offers exactly the kinds it lets
        through, the check of an entry (core/steps.py ``normalize_entry``) runs it before
        ``normalize``, and a key pressed out of turn is explained by it. Asked only
        with a round in play and the session not ended (core/steps.py ``refusal``)."""

    @abstractmethod
    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        """The players an entry of *kind*, allowed now, may name (for ``legal``)."""

    def legal(self, state: State) -> list[LegalAction]:
        """The round entries allowed now (the session adds the common ones): the kinds
        ``refusal`` lets through, with whom each may name."""
        if not state.in_round or state.finished:
            return []
        return [
            LegalAction(kind, self.choices(state, kind))
            for kind in self.offered(state)
            if self.refusal(state, kind) is None
        ]

    def same_as(self, state: State, kind: str) -> str | None:
        """The kind an entry of *kind* does the same as now, when both are allowed (Pochen:
        a check before any bet is a pass, a pass after one a fold): a view shows that one
        only, one button for one thing. None: it is a thing of its own."""
        return None

    @abstractmethod
    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        """Check the data of a round entry of a kind ``refusal`` allows now; return its
        canonical data (the TypedDict of its kind, core/entries.py) or raise RuleError."""

    @abstractmethod
    def apply(self, state: State, event: Event) -> State:
        """The state after an accepted round entry."""

    @abstractmethod
    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        """A catalog key and parameters saying in words what the entry did."""

    # -- the read side: what every view asks (core/read_model.py) -----------------
    @abstractmethod
    def headline(self, state: State) -> Headline:
        """The number the table watches now: the stake, the pot, or the round."""

    @abstractmethod
    def round_view(self, state: State) -> RoundView | None:
        """The round in play (who is in, who folded, to call, pots); None between rounds."""

    def board_view(self, state: State) -> BoardView | None:
        """The board as every view shows it (its pools, chips, carry-overs, the round's
        stage); None for a game without a board, or a session whose board is gone."""
        return None

    def net(self, state: State) -> dict[str, int]:
        """Each player's result so far, the one number every ranking orders by.

        Points as they stand; chips in front of the player less every chip they
        brought; a tally of losses counts against the player.
        """
        sign = -1 if self.lower_is_better else 1
        brought = state.brought
        return {p: sign * (state.scores[p] - brought.get(p, 0)) for p in state.names()}

    def result_net(self, result: RoundResult) -> dict[str, int]:
        """What one finished round added to each dealt-in player's net result.

        Between rounds, a player's net is the sum of these over the rounds in
        force and their ``outside_net``: chips brought (stacks, rebuys) are not results.
        """
        sign = -1 if self.lower_is_better else 1
        return {p: sign * delta for p, delta in result.deltas.items()}

    def folds(self, before: State, event: Event) -> str | None:
        """The player a round entry takes out of the round by folding, else None."""
        return as_player(event.data)["player"] if event.kind == "fold" else None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the rest of the program needs to know of a game, declared once, in the
    game's own module (``register(GameSpec(...))`` at its end; docs/architecture.md,
    "Adding a game"). A spec without one of its fields is refused by the type checker;
    tests/test_registry.py checks, for every registered game, that what each field names
    is there (the screen, the phone's forms and labels, the catalog texts, the rules docs,
    data for each verb) and names the game and the piece it lacks. Its board, where it has
    one, is ``Game.board_view`` (core/read_model.py BoardView). Found by the game's id
    besides: its name and short name (``game.<id>``, ``game.<id>.short``) and each entry
    key's help on its table (``ui.help.<id>.<meaning>``), in the catalog or in ``messages``.
    """

    game: Game
    #: where the game is offered in lists (new session, statistics, completion): lowest first
    order: int
    #: the game's own types a state holds (its round in play and what that holds): the
    #: snapshot codec (core/state_codec.py) keeps exactly these besides the common ones
    state_types: tuple[type, ...]
    #: its table screen, ``"module:Class"`` (a TableScreen of scorekeeper.ui, or of a
    #: package of its own): named here, imported by the app when a session of the game
    #: opens (the core imports no screen)
    screen: str
    #: its entries on the recorder's phone: what each asks for, and its buttons' labels
    phone: PhoneForms
    #: how the property tests' generator plays it: data for each of its round verbs, the
    #: options, stacks and length of its sessions (core/samples.py)
    samples: Samples
    #: its rules in English, a Markdown file, as a path from the project's root
    #: (``docs/rules/<id>.md``)
    rules_doc: str
    #: the Markdown file holding its rules in Japanese, from the project's root: a section
    #: headed with its Japanese name (``## …``) that links to ``rules_doc``
    rules_doc_ja: str
    #: who may propose each of its round entries from their own phone (core/proposing.py):
    #: ``"self"`` naming themself, ``"anyone"`` dealt in, ``"leader"`` the parent or dealer;
    #: a kind not named is the recorder's only
    proposers: Mapping[str, Proposer]
    #: catalog texts it brings with it, ``{key: (English, Japanese)}``, added to the
    #: catalog when it registers (a game outside the package); a game of the package keeps
    #: its texts in the catalog files (scorekeeper/messages/catalog/) and leaves this empty
    messages: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game.id


_REGISTRY: dict[str, GameSpec] = {}


def round_in_play(state: State, kind: type[_R]) -> _R:
    """The round in play as *kind* (a game's own round type); no round is a plain refusal."""
    table = state.table
    if not isinstance(table, kind):
        raise RuleError("rules.no_round")
    return table


def register(spec: GameSpec) -> Game:
    """Called once by each game module, with all it declares; look games up with
    ``scorekeeper.core.games.get_game`` (or ``game_spec`` for the declaration). The texts
    it brings (``messages``) join the catalog here."""
    before = _REGISTRY.get(spec.id)
    if before is not None and type(before.game).__module__ != type(spec.game).__module__:
        raise RuntimeError(f"game id {spec.id!r} is registered by two modules")
    add_messages(spec.messages, f"game {spec.id!r}")
    _REGISTRY[spec.id] = spec
    return spec.game


def registered() -> dict[str, GameSpec]:
    return dict(_REGISTRY)
