"""Indian Poker with chips (rules.md §2): antes, fixed-size betting, all-in and side pots.

Stacks are the scores (chips in front of each player); what is committed this
round sits in the pot until the round ends. Chips are never created or
destroyed: stacks + pot always equal the chips brought to the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from scorekeeper.core.betting import betting_view, next_to_act, pot_headline
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, frozen
from scorekeeper.core.game import Game, LegalAction, OptionSpec, register
from scorekeeper.core.games.ranking import (
    check_cards,
    check_ranking,
    groups_from_cards,
    pairs_of,
    parse_ranking_words,
    ranking_words,
)
from scorekeeper.core.pots import Layers, award, layer_pots
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.state import State, finish_round

BETTING = ("check", "bet", "call", "raise", "fold")


@dataclass(frozen=True)
class ChipsRound:
    dealer: str
    players: tuple[str, ...]  # dealt in (had chips), seat order
    committed: Mapping[str, int]  # this round, antes included
    folds: tuple[str, ...] = ()  # who folded, in the order they folded
    acted: frozenset[str] = frozenset()  # acted since the last bet or raise
    high: int = 0  # the highest commitment
    opened: bool = False  # someone has bet
    raises: int = 0
    to_act: str | None = None  # None: betting has closed
    last: Mapping[str, str] = field(default_factory=frozen)  # player -> their last action

    @property
    def pot(self) -> int:
        return sum(self.committed.values())

    @property
    def folded(self) -> frozenset[str]:
        return frozenset(self.folds)

    def live(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.folded)

    def layers(self) -> Layers:
        return layer_pots(self.committed, self.folded, self.players)


def stack(state: State, player: str) -> int:
    return state.scores[player]


def to_call(state: State, table: ChipsRound, player: str) -> int:
    """Chips *player* must add to match the highest commitment (capped by the stack)."""
    return min(table.high - table.committed[player], stack(state, player))


class IndianChips(Game):
    id = "indian-chips"
    name_key = "game.indian-chips"
    min_players = 2
    max_players = 52
    uses_chips = True
    round_kinds = frozenset({*BETTING, "showdown"})
    options = (
        OptionSpec("stack", 100, "option.chips.stack", minimum=1),
        OptionSpec("ante", 1, "option.chips.ante", minimum=0),
        OptionSpec("bet", 4, "option.chips.bet", minimum=1),
        OptionSpec("raises", 3, "option.chips.raises", minimum=0),
        OptionSpec("joker", False, "option.joker", boolean=True),
        OptionSpec(
            "suits", "none", "option.chips.suits", choices={"none": "none", "sanma": "sanma"}
        ),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    # -- words -------------------------------------------------------------
    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind in BETTING:
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb=kind)
            return {"player": args[0]}
        if len(args) >= 2 and args[0].lower() == "cards":
            return {"cards": pairs_of(args[1:])}
        return {"ranking": parse_ranking_words(args)}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind in BETTING:
            return [data["player"]]
        if "cards" in data:
            return ["cards", *(f"{p}={c}" for p, c in data["cards"].items())]
        return ranking_words(data["ranking"])

    # -- the round -----------------------------------------------------------
    def start_round(self, state: State) -> State:
        ante = state.options["ante"]
        assert isinstance(ante, int)
        dealer = state.parent
        players = self.dealable(state)
        scores = dict(state.scores)
        committed = {}
        for player in players:
            paid = min(ante, scores[player])
            scores[player] -= paid
            committed[player] = paid
        table = ChipsRound(
            dealer=dealer,
            players=players,
            committed=frozen(committed),
            high=max(committed.values(), default=0),
        )
        state = replace(state, scores=frozen(scores))
        return replace(state, table=replace(table, to_act=self._next(state, table, dealer)))

    def _next(self, state: State, table: ChipsRound, after: str) -> str | None:
        """Who acts next clockwise from *after*, or None once betting has closed."""
        live = table.live()
        if len(live) <= 1:
            return None
        return next_to_act(state, live, table.committed, table.high, table.acted, after)

    def legal(self, state: State) -> list[LegalAction]:
        if not state.in_round or state.finished:
            return []
        table = _table(state)
        player = table.to_act
        if player is None:
            return [LegalAction("showdown", table.live())]
        if not table.opened:
            return [LegalAction("check", (player,)), LegalAction("bet", (player,))]
        actions = [LegalAction("call", (player,))]
        raises = state.options["raises"]
        assert isinstance(raises, int)
        if table.raises < raises and stack(state, player) > table.high - table.committed[player]:
            actions.append(LegalAction("raise", (player,)))
        actions.append(LegalAction("fold", (player,)))
        return actions

    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
        table = _table(state)
        if kind == "showdown":
            return self._check_showdown(state, table, data)
        player = self._player_in(state, table, data.get("player", ""))
        if table.to_act is None:
            raise RuleError("rules.chips.betting_closed")
        if player != table.to_act:
            raise RuleError("rules.chips.not_your_turn", player=player, turn=table.to_act)
        if kind in ("check", "bet") and table.opened:
            key = "rules.chips.check_facing_bet" if kind == "check" else "rules.chips.second_bet"
            raise RuleError(key, player=player, call=to_call(state, table, player))
        if kind in ("call", "raise", "fold") and not table.opened:
            raise RuleError("rules.chips.nothing_to_call", player=player, verb=kind)
        if kind == "raise":
            cap = state.options["raises"]
            if isinstance(cap, int) and table.raises >= cap:
                raise RuleError("rules.chips.raise_cap", cap=cap)
            if stack(state, player) <= table.high - table.committed[player]:
                raise RuleError(
                    "rules.chips.raise_short", player=player, chips=stack(state, player)
                )
        return {"player": player}

    def _player_in(self, state: State, table: ChipsRound, word: Any) -> str:
        player = state.find_player(str(word))
        if player not in table.players:
            raise RuleError("rules.chips.not_dealt_in", player=player, round=state.round)
        if player in table.folded:
            raise RuleError("rules.chips.has_folded", player=player)
        return player

    def _check_showdown(
        self, state: State, table: ChipsRound, data: Mapping[str, Any]
    ) -> dict[str, Any]:
        if table.to_act is not None:
            raise RuleError("rules.chips.showdown_early", turn=table.to_act)

        def resolve(word: str) -> str:
            player = state.find_player(word)
            if player not in table.players:
                raise RuleError("rules.chips.not_dealt_in", player=player, round=state.round)
            if player in table.folded:
                raise RuleError("rules.chips.folded_in_showdown", player=player)
            return player

        if "cards" in data:
            joker = state.options["joker"] is True
            return {"cards": check_cards(data["cards"], resolve, table.live(), joker=joker)}
        return {"ranking": check_ranking(data.get("ranking"), resolve, table.live())}

    def apply(self, state: State, event: Event) -> State:
        table = _table(state)
        if event.kind == "showdown":
            suits = state.options["suits"]
            assert isinstance(suits, str)
            groups = event.data.get("ranking") or groups_from_cards(event.data["cards"], suits)
            return self._settle(state, table, groups, "result.chips.showdown")
        player, kind = event.data["player"], event.kind
        scores = dict(state.scores)
        committed = dict(table.committed)
        amount = _amount(state, table, kind, player)
        scores[player] -= amount
        committed[player] += amount
        high = max(table.high, committed[player])
        raised = high > table.high
        table = replace(
            table,
            committed=frozen(committed),
            high=high,
            opened=table.opened or kind == "bet",
            raises=table.raises + (1 if kind == "raise" else 0),
            folds=(*table.folds, player) if kind == "fold" else table.folds,
            acted=frozenset({player}) if raised else table.acted | {player},
            last=frozen({**table.last, player: kind}),
        )
        state = replace(state, scores=frozen(scores))
        live = table.live()
        if len(live) == 1:
            return self._settle(state, table, [list(live)], "result.chips.uncontested")
        return replace(state, table=replace(table, to_act=self._next(state, table, player)))

    def _settle(
        self, state: State, table: ChipsRound, groups: Sequence[Sequence[str]], how: str
    ) -> State:
        order = state.in_order_from_left_of(table.dealer, table.players)
        layers = table.layers()
        won = award(layers, groups, order)
        after = {p: state.scores[p] + won.get(p, 0) for p in state.names()}
        deltas = {p: won.get(p, 0) - table.committed[p] for p in table.players}
        with_chips = tuple(p for p in state.seated() if after[p] > 0)
        next_dealer = state.left_of(table.dealer, with_chips) if with_chips else table.dealer
        winners = [p for p in order if won.get(p, 0) > layers.returned.get(p, 0)]
        return finish_round(
            state,
            deltas,
            how,
            next_parent=next_dealer,
            game_over=len([p for p in state.names() if after[p] > 0]) <= 1,
            credit=won,
            winners=tuple(p for p in table.players if p in winners),
            folded=table.folds,
            paid=table.committed,
            received={p: won.get(p, 0) for p in table.players},
            at_stake=table.pot,
            winner=", ".join(winners),
            pot=table.pot,
        )

    # -- the read side ------------------------------------------------------------
    def headline(self, state: State) -> Headline:
        table = state.table if state.in_round else None
        return pot_headline(table.pot if isinstance(table, ChipsRound) else None)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, ChipsRound):
            return None
        return betting_view(
            state, table.players, table.committed, table.folds, table.to_act, table.high, table.high
        )

    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        table = _table(before)
        if event.kind == "showdown":
            if "cards" in event.data:
                shown = ", ".join(f"{p} {c}" for p, c in event.data["cards"].items())
                return "log.chips.showdown_cards", {"cards": shown, "pot": table.pot}
            ranking = " ".join(ranking_words(event.data["ranking"]))
            return "log.chips.showdown", {"ranking": ranking, "pot": table.pot}
        player, kind = event.data["player"], event.kind
        added = _amount(before, table, kind, player)
        all_in = kind in ("bet", "call", "raise") and added == stack(before, player)
        key = f"log.chips.{kind}" + ("_all_in" if all_in else "")
        return key, {"player": player, "chips": added, "total": table.committed[player] + added}


def _amount(state: State, table: ChipsRound, kind: str, player: str) -> int:
    """Chips a betting entry puts in: a bet, the call, the call plus a bet; never past the stack."""
    bet = state.options["bet"]
    assert isinstance(bet, int)
    owed = table.high - table.committed[player]
    wanted = {"bet": bet, "call": owed, "raise": owed + bet}.get(kind, 0)
    return min(wanted, stack(state, player))


def _table(state: State) -> ChipsRound:
    table = state.table
    if not isinstance(table, ChipsRound):
        raise RuleError("rules.no_round")
    return table


register(IndianChips())
