"""Indian Poker, lowest card loses (rules.md §3): a tally of losses, no chips.

Each round ends with the cards shown (the lowest loses) or the losers named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core.entries import (
    EntryData,
    LoseData,
    PlayerData,
    RevealData,
    as_lose,
    as_player,
    as_reveal,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, OptionValue
from scorekeeper.core.game import Game, GameSpec, OptionSpec, register, round_in_play
from scorekeeper.core.games.ranking import ace_high, check_cards, groups_from_cards, pairs_of
from scorekeeper.core.phone_forms import PhoneForms
from scorekeeper.core.read_model import Headline, RoundView, shown_round
from scorekeeper.core.samples import Draw, Samples, dealt_cards, player_only
from scorekeeper.core.state import State, finish_round


@dataclass(frozen=True, slots=True)
class LowestRound:
    players: tuple[str, ...]  # dealt in, seat order
    redraws: frozenset[str] = frozenset()


class IndianLowest(Game):
    id = "indian-lowest"
    name_key = "game.indian-lowest"
    min_players = 2
    max_players = 52
    lower_is_better = True
    #: a round's "winners" are those who did not lose it
    standings_columns = (("played", "standings.played"), ("won", "standings.no_loss"))
    round_kinds = frozenset({"redraw", "reveal", "lose"})
    options = (
        OptionSpec("joker", False, "option.joker", boolean=True),
        OptionSpec(
            "suits", "none", "option.lowest.suits", choices={"none": "none", "sanma": "sanma"}
        ),
        OptionSpec("redraw", True, "option.lowest.redraw", boolean=True),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind == "redraw":
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb=kind)
            return {"player": args[0]}
        if kind == "reveal":
            return {"cards": pairs_of(args)}
        if not args:
            raise RuleError("rules.lowest.lose_needs_names")
        return {"losers": list(args)}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind == "redraw":
            return [as_player(data)["player"]]
        if kind == "reveal":
            return [f"{p}={c}" for p, c in as_reveal(data)["cards"].items()]
        return list(as_lose(data)["losers"])

    def start_round(self, state: State) -> State:
        return replace(state, table=LowestRound(players=state.seated()))

    def card_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """As in the chips game (rules.md §3); every player tied for lowest loses, or
        ``sanma`` breaks the tie."""
        ties = "cards.ties.sanma" if options["suits"] == "sanma" else "cards.ties.all_lose"
        return (ace_high(options), ties)

    def offered(self, state: State) -> tuple[str, ...]:
        return ("redraw", "reveal", "lose")

    def refusal(self, state: State, kind: str) -> RuleError | None:
        """The cards or the losers may always be entered in a round; a redraw with the
        option on, while someone dealt in has not redrawn."""
        if kind != "redraw":
            return None
        if state.options["redraw"] is not True:
            return RuleError("rules.redraw.off")
        if not self.choices(state, kind):
            return RuleError("rules.redraw.all_used", round=state.round)
        return None

    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        table = round_in_play(state, LowestRound)
        if kind == "redraw":
            return tuple(p for p in table.players if p not in table.redraws)
        return table.players

    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        table = round_in_play(state, LowestRound)

        def resolve(word: str) -> str:
            player = state.find_player(word)
            if player not in table.players:
                raise RuleError("rules.not_in_round", player=player, round=state.round)
            return player

        if kind == "redraw":  # refusal() has said the option is on
            player = resolve(str(data.get("player", "")))
            if player in table.redraws:
                raise RuleError("rules.redraw.twice", player=player, round=state.round)
            return PlayerData(player=player)
        if kind == "reveal":
            joker = state.options["joker"] is True
            cards = check_cards(data.get("cards"), resolve, table.players, joker=joker)
            return RevealData(cards=cards)
        losers = data.get("losers")
        if not isinstance(losers, list | tuple) or not losers:
            raise RuleError("rules.lowest.lose_needs_names")
        named: list[str] = []
        for word in losers:
            player = resolve(str(word))
            if player in named:
                raise RuleError("rules.lowest.loser_twice", player=player)
            named.append(player)
        return LoseData(losers=named)

    def _losers(self, state: State, event: Event) -> list[str]:
        if event.kind == "lose":
            return list(as_lose(event.data)["losers"])
        suits = state.options["suits"]
        assert isinstance(suits, str)
        cards = as_reveal(event.data)["cards"]
        return groups_from_cards(cards, suits, highest_first=False)[0]

    def apply(self, state: State, event: Event) -> State:
        table = round_in_play(state, LowestRound)
        if event.kind == "redraw":
            redrawn = as_player(event.data)["player"]
            return replace(state, table=replace(table, redraws=table.redraws | {redrawn}))
        losers = self._losers(state, event)
        deltas = {p: (1 if p in losers else 0) for p in table.players}
        return finish_round(
            state,
            deltas,
            "result.lowest.lost",
            winners=tuple(p for p in table.players if p not in losers),
            losers=", ".join(losers),
        )

    # -- the read side ------------------------------------------------------------
    def headline(self, state: State) -> Headline:
        return Headline("round", shown_round(state).number, state.in_round)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, LowestRound):
            return None
        return RoundView(dealt=table.players)

    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        if event.kind == "redraw":
            return "log.redraw", {"player": as_player(event.data)["player"]}
        losers = ", ".join(self._losers(before, event))
        if event.kind == "reveal":
            shown = ", ".join(f"{p} {c}" for p, c in as_reveal(event.data)["cards"].items())
            return "log.lowest.reveal", {"cards": shown, "losers": losers}
        return "log.lowest.lose", {"losers": losers}


def _reveal_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    return {"cards": dealt_cards(draw, choices)}


def _lose_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    return {"losers": draw.some(choices, 1, unique=True)}


#: Its defaults reach every rule.
SAMPLES = Samples(verbs={"redraw": player_only, "reveal": _reveal_sample, "lose": _lose_sample})


register(
    GameSpec(
        IndianLowest(),
        order=3,
        state_types=(LowestRound,),
        screen="scorekeeper.ui.screens.table_lowest:LowestTable",
        phone=PhoneForms(
            forms={"redraw": "player", "lose": "players", "reveal": "cards"},
            labels={"reveal": "phone.do.indian-lowest.reveal"},
        ),
        samples=SAMPLES,
        rules_doc="docs/rules/indian-lowest.md",
        rules_doc_ja="docs/ja/rules.md",
        proposers={"redraw": "self", "reveal": "anyone", "lose": "anyone"},
    )
)
