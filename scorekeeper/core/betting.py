"""One round of betting, shared by the chip games (Indian Poker with chips, the Poch).

Both games bet the same way: chips committed this round, folds, whose turn,
betting that closes once everyone still in has matched the highest
commitment, and all-in for whoever cannot. Only the sizes differ (fixed bets
with a raise cap, or totals typed by the players) and some words: each game
keeps those, and names its own message keys in a ``BetKeys``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import frozen, thawed
from scorekeeper.core.pots import Layers, layer_pots
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.state import State
from scorekeeper.messages import Phrase

#: The betting entries both games know (the Poch adds ``pass``).
BET_VERBS = ("check", "bet", "call", "raise", "fold")
#: Entries that put chips in: all-in when they empty the stack.
_PUTS_IN = ("bet", "call", "raise")


@dataclass(frozen=True, slots=True)
class Betting:
    """The chips in the middle and whose turn it is; stacks stay ``State.scores``."""

    players: tuple[str, ...]  # dealt in, seat order
    committed: Mapping[str, int]  # this round (antes included where they go to the pot)
    after: str  # the last to act (the dealer before anyone has)
    folds: tuple[str, ...] = ()  # who folded, in the order they folded
    acted: frozenset[str] = frozenset()  # acted since the last bet or raise
    high: int = 0  # the highest commitment
    opened: bool = False  # someone has bet
    raises: int = 0
    last: Mapping[str, str] = field(default_factory=frozen)  # player -> their last entry

    @property
    def folded(self) -> frozenset[str]:
        return frozenset(self.folds)

    @property
    def pot(self) -> int:
        return sum(self.committed.values())

    def live(self) -> tuple[str, ...]:
        """Dealt in and not folded."""
        return tuple(p for p in self.players if p not in self.folded)

    def layers(self) -> Layers:
        return layer_pots(self.committed, self.folded, self.players)

    def turn(self, state: State) -> str | None:
        """Whose turn it is, or None once betting has closed (nobody left to bet against)."""
        live = self.live()
        if len(live) <= 1:
            return None
        return next_to_act(state, live, self.committed, self.high, self.acted, self.after)

    def owed(self, player: str) -> int:
        """Chips *player* is short of the highest commitment."""
        return self.high - self.committed[player]

    def to_call(self, state: State, player: str) -> int:
        """What *player* must add to stay in: the shortfall, capped by the stack (all-in)."""
        return min(self.owed(player), state.scores[player])

    def can_raise(self, state: State, player: str) -> bool:
        """More chips than a call: a raise is more than an all-in call."""
        return state.scores[player] > self.owed(player)

    def put(self, player: str, kind: str, chips: int, *, folds: bool = False) -> Betting:
        """The betting after *player*'s entry of *kind* puts *chips* in (a fold: none)."""
        committed = {**self.committed, player: self.committed[player] + chips}
        high = max(self.high, committed[player])
        return replace(
            self,
            committed=frozen(committed),
            after=player,
            folds=(*self.folds, player) if folds else self.folds,
            acted=frozenset({player}) if high > self.high else self.acted | {player},
            high=high,
            opened=self.opened or kind == "bet",
            raises=self.raises + (1 if kind == "raise" else 0),
            last=frozen({**self.last, player: kind}),
        )


@dataclass(frozen=True, slots=True)
class BetKeys:
    """A game's own words for refusing a betting entry (the Poch speaks of the Poch)."""

    closed: str
    not_your_turn: str
    check_facing_bet: str
    nothing_to_call: str
    #: What the refused check is told: the chips to call, or the high it faces.
    facing: Literal["call", "high"]
    #: The log line of a bet: the chips put in (fixed bets), or the total (the Poch).
    bet_log: Literal["log.bet.bet_adds", "log.bet.bet_total"]


def check_bettor(state: State, betting: Betting, kind: str, player: str, keys: BetKeys) -> None:
    """Refuse, in plain words, a betting entry by *player* (already known to be dealt in).

    Folded, closed, out of turn, a check facing a bet, a call with nothing to call;
    sizes and the rest are each game's own.
    """
    if player in betting.folded:
        raise RuleError("rules.bet.has_folded", player=player)
    turn = betting.turn(state)
    if turn is None:
        raise RuleError(keys.closed)
    if player != turn:
        raise RuleError(keys.not_your_turn, player=player, turn=turn)
    refused = verb_refusal(state, betting, kind, player, keys)
    if refused is not None:
        raise refused


def verb_refusal(
    state: State, betting: Betting, kind: str, player: str, keys: BetKeys
) -> RuleError | None:
    """Why *player*, whose turn it is, may not make a betting entry of *kind* (whatever its
    size): a check facing a bet, a call with nothing to call; None if they may."""
    if kind == "check" and betting.opened:
        if keys.facing == "call":
            call = betting.to_call(state, player)
            return RuleError(keys.check_facing_bet, player=player, call=call)
        return RuleError(keys.check_facing_bet, player=player, high=betting.high)
    if kind in ("call", "raise", "fold") and not betting.opened:
        # The verb in the reader's words ("fold", フォールド), never the entry's name alone
        return RuleError(keys.nothing_to_call, player=player, verb=Phrase((f"rules.verb.{kind}",)))
    return None


def pay_in(state: State, player: str, chips: int) -> State:
    """*player*'s stack less the chips they put in the middle."""
    scores = thawed(state.scores)
    scores[player] -= chips
    return replace(state, scores=frozen(scores))


def bet_log(
    before: State, betting: Betting, kind: str, player: str, added: int, keys: BetKeys
) -> tuple[str, dict[str, Any]]:
    """The log line of a betting entry that put in *added*; ``_all_in`` if it emptied the stack."""
    all_in = kind in _PUTS_IN and added == before.scores[player] > 0
    key = (keys.bet_log if kind == "bet" else f"log.bet.{kind}") + ("_all_in" if all_in else "")
    return key, {"player": player, "chips": added, "total": betting.committed[player] + added}


def next_to_act(
    state: State,
    live: Sequence[str],
    committed: Mapping[str, int],
    high: int,
    acted: frozenset[str],
    after: str,
) -> str | None:
    """The next player clockwise from *after* who must act, or None once betting has closed.

    Betting closes when every player still in who is not all-in has matched
    the highest commitment and has acted since the last bet or raise, or when
    only one such player is left and has matched it (nobody to bet against).
    """
    actors = [p for p in live if state.scores[p] > 0]
    pending = [p for p in actors if committed[p] < high or p not in acted]
    if not pending:
        return None
    if len(actors) == 1 and committed[actors[0]] >= high:
        return None
    return state.in_order_from_left_of(after, tuple(pending))[0]


def pot_headline(pot: int | None) -> Headline:
    """The chips in the middle of the round in play (None: no round in play)."""
    return Headline("pot", pot or 0, pot is not None)


def betting_view(state: State, betting: Betting, turn: str | None, stake: int | None) -> RoundView:
    """A betting round as views see it: folds with the chips in, whose turn, what to call."""
    return RoundView(
        dealt=betting.players,
        folded=frozen({p: betting.committed[p] for p in betting.folds}),
        to_act=turn,
        to_call=betting.to_call(state, turn) if turn is not None else 0,
        stake=stake,
        committed=betting.committed,
        all_in=frozenset(p for p in betting.live() if state.scores[p] == 0),
    )


def betting_of(state: State) -> Betting | None:
    """The betting of the round in play, for views (None: no round, or a game without betting)."""
    betting = getattr(state.table, "betting", None) if state.in_round else None
    return betting if isinstance(betting, Betting) else None
