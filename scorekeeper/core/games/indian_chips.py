"""Indian Poker with chips (rules.md §2): antes, fixed-size betting, all-in and side pots.

Stacks are the scores (chips in front of each player); what is committed this
round sits in the pot until the round ends. Chips are never created or
destroyed: stacks + pot always equal the chips brought to the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core.betting import (
    BET_VERBS,
    BetKeys,
    Betting,
    bet_log,
    betting_view,
    check_bettor,
    pay_in,
    pot_headline,
    verb_refusal,
)
from scorekeeper.core.entries import (
    ChipsShowdownData,
    EntryData,
    PlayerData,
    as_chips_showdown,
    as_player,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, OptionValue, frozen, thawed
from scorekeeper.core.game import Game, GameSpec, OptionSpec, register, round_in_play
from scorekeeper.core.games.ranking import (
    ace_high,
    check_cards,
    check_ranking,
    groups_from_cards,
    pairs_of,
    parse_ranking_words,
    ranking_words,
)
from scorekeeper.core.phone_forms import OtherWay, PhoneForms
from scorekeeper.core.pots import Layers, award, pot_winners
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.samples import Draw, Samples, dealt_cards, player_only, ranking_groups
from scorekeeper.core.state import State, finish_round

BETTING = BET_VERBS
_KEYS = BetKeys(
    closed="rules.chips.betting_closed",
    not_your_turn="rules.chips.not_your_turn",
    check_facing_bet="rules.chips.check_facing_bet",
    nothing_to_call="rules.chips.nothing_to_call",
    facing="call",
    bet_log="log.bet.bet_adds",
)


@dataclass(frozen=True, slots=True)
class ChipsRound:
    """A round in play: its dealer and its betting (antes included in the commitments)."""

    dealer: str
    betting: Betting
    redraws: frozenset[str] = frozenset()  # who has used their redraw (option redraw)

    @property
    def players(self) -> tuple[str, ...]:
        """Dealt in (had chips), seat order."""
        return self.betting.players

    @property
    def pot(self) -> int:
        return self.betting.pot


class IndianChips(Game):
    id = "indian-chips"
    name_key = "game.indian-chips"
    min_players = 2
    max_players = 52
    uses_chips = True
    round_kinds = frozenset({*BETTING, "redraw", "showdown"})
    options = (
        OptionSpec("stack", 100, "option.stack", minimum=1),
        OptionSpec("ante", 1, "option.chips.ante", minimum=0),
        OptionSpec("bet", 4, "option.chips.bet", minimum=1),
        OptionSpec("raises", 3, "option.chips.raises", minimum=0),
        OptionSpec("joker", False, "option.joker", boolean=True),
        OptionSpec(
            "suits", "none", "option.chips.suits", choices={"none": "none", "sanma": "sanma"}
        ),
        OptionSpec("redraw", False, "option.chips.redraw", boolean=True),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    # -- words -------------------------------------------------------------
    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind in BETTING or kind == "redraw":
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb=kind)
            return {"player": args[0]}
        if len(args) >= 2 and args[0].lower() == "cards":
            return {"cards": pairs_of(args[1:])}
        return {"ranking": parse_ranking_words(args)}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind in BETTING or kind == "redraw":
            return [as_player(data)["player"]]
        showdown = as_chips_showdown(data)
        if "cards" in showdown:
            return ["cards", *(f"{p}={c}" for p, c in showdown["cards"].items())]
        return ranking_words(showdown["ranking"])

    # -- the round -----------------------------------------------------------
    def start_round(self, state: State) -> State:
        ante = state.options["ante"]
        assert isinstance(ante, int)
        dealer = state.parent
        players = self.dealable(state)
        scores = thawed(state.scores)
        committed = {}
        for player in players:
            paid = min(ante, scores[player])
            scores[player] -= paid
            committed[player] = paid
        betting = Betting(
            players, frozen(committed), after=dealer, high=max(committed.values(), default=0)
        )
        return replace(state, scores=frozen(scores), table=ChipsRound(dealer, betting))

    def card_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """(JK >) A > K > … > 2; equal ranks tie and split, or by ``sanma`` (rules.md §2)."""
        ties = "cards.ties.sanma" if options["suits"] == "sanma" else "cards.ties.split"
        return (ace_high(options), ties)

    def offered(self, state: State) -> tuple[str, ...]:
        return _OFFERED

    def refusal(self, state: State, kind: str) -> RuleError | None:
        """The showdown once the betting has closed; the betting entries the player whose
        turn it is may make (no raise past the limit, nor with only a call's chips); a
        redraw (option redraw) before the betting closes, by anyone still in, once."""
        table = round_in_play(state, ChipsRound)
        betting = table.betting
        turn = betting.turn(state)
        if kind == "showdown":
            return None if turn is None else RuleError("rules.chips.showdown_early", turn=turn)
        if kind == "redraw":
            if state.options["redraw"] is not True:
                return RuleError("rules.redraw.off")
            if turn is None:
                return RuleError("rules.chips.redraw_closed")
            if not self.choices(state, kind):
                return RuleError("rules.redraw.all_used", round=state.round)
            return None
        if turn is None:
            return RuleError(_KEYS.closed)
        refused = verb_refusal(state, betting, kind, turn, _KEYS)
        if refused is not None:
            return refused
        if kind == "bet" and betting.opened:
            call = betting.to_call(state, turn)
            return RuleError("rules.chips.second_bet", player=turn, call=call)
        if kind == "raise":
            cap = state.options["raises"]
            if isinstance(cap, int) and betting.raises >= cap:
                return RuleError("rules.chips.raise_cap", cap=cap)
            if not betting.can_raise(state, turn):
                chips = state.scores[turn]
                return RuleError("rules.chips.raise_short", player=turn, chips=chips)
        return None

    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        table = round_in_play(state, ChipsRound)
        betting = table.betting
        if kind == "showdown":
            return betting.live()
        if kind == "redraw":  # anyone still in, in or out of turn, once
            return tuple(p for p in betting.live() if p not in table.redraws)
        turn = betting.turn(state)
        return () if turn is None else (turn,)

    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        """The data of an entry ``refusal`` allows: a betting entry only by the player whose
        turn it is (for whom refusal has checked the rest)."""
        table = round_in_play(state, ChipsRound)
        if kind == "showdown":
            return self._check_showdown(state, table, data)
        if kind == "redraw":
            return self._check_redraw(state, table, data)
        betting = table.betting
        player = state.find_player(str(data.get("player", "")))
        if player not in betting.players:
            raise RuleError("rules.not_in_round", player=player, round=state.round)
        check_bettor(state, betting, kind, player, _KEYS)
        return PlayerData(player=player)

    def _check_redraw(self, state: State, table: ChipsRound, data: Mapping[str, Any]) -> PlayerData:
        """Seed 001's local rule: once per round, by a player still in, before betting closes
        (after it, the cards are as good as shown): refusal() has said the option is on
        and the betting open."""
        betting = table.betting
        player = state.find_player(str(data.get("player", "")))
        if player not in betting.players:
            raise RuleError("rules.not_in_round", player=player, round=state.round)
        if player in table.redraws:
            raise RuleError("rules.redraw.twice", player=player, round=state.round)
        if player in betting.folded:
            raise RuleError("rules.chips.redraw_folded", player=player)
        return PlayerData(player=player)

    def _check_showdown(
        self, state: State, table: ChipsRound, data: Mapping[str, Any]
    ) -> ChipsShowdownData:
        betting = table.betting  # closed: refusal() has said so

        def resolve(word: str) -> str:
            player = state.find_player(word)
            if player not in betting.players:
                raise RuleError("rules.not_in_round", player=player, round=state.round)
            if player in betting.folded:
                raise RuleError("rules.folded_in_showdown", player=player)
            return player

        if "cards" in data:
            joker = state.options["joker"] is True
            cards = check_cards(data["cards"], resolve, betting.live(), joker=joker)
            return ChipsShowdownData(cards=cards)
        ranking = check_ranking(data.get("ranking"), resolve, betting.live())
        return ChipsShowdownData(ranking=ranking)

    def apply(self, state: State, event: Event) -> State:
        table = round_in_play(state, ChipsRound)
        if event.kind == "showdown":
            suits = state.options["suits"]
            assert isinstance(suits, str)
            showdown = as_chips_showdown(event.data)
            if showdown.get("ranking"):
                groups = showdown["ranking"]
            else:
                groups = groups_from_cards(showdown["cards"], suits)
            return self._settle(state, table, groups, "result.chips.showdown")
        if event.kind == "redraw":  # no chips move: only that the redraw is used
            redraws = table.redraws | {as_player(event.data)["player"]}
            return replace(state, table=replace(table, redraws=redraws))
        player, kind = as_player(event.data)["player"], event.kind
        added = _amount(state, table.betting, kind, player)
        table = replace(table, betting=table.betting.put(player, kind, added, folds=kind == "fold"))
        state = replace(pay_in(state, player, added), table=table)
        live = table.betting.live()
        if len(live) == 1:
            return self._settle(state, table, [list(live)], "result.chips.uncontested")
        return state

    def _settle(
        self, state: State, table: ChipsRound, groups: Sequence[Sequence[str]], how: str
    ) -> State:
        betting = table.betting
        order = state.in_order_from_left_of(table.dealer, table.players)
        layers = betting.layers()
        won = award(layers, groups, order)
        after = {p: state.scores[p] + won.get(p, 0) for p in state.names()}
        deltas = {p: won.get(p, 0) - betting.committed[p] for p in table.players}
        with_chips = tuple(p for p in state.seated() if after[p] > 0)
        next_dealer = state.left_of(table.dealer, with_chips) if with_chips else table.dealer
        winners = [p for p in order if won.get(p, 0) > layers.returned.get(p, 0)]
        how, words = _pot_words(layers, groups, order, how, table.pot)
        return finish_round(
            state,
            deltas,
            how,
            next_parent=next_dealer,
            game_over=len([p for p in state.names() if after[p] > 0]) <= 1,
            credit=won,
            winners=tuple(p for p in table.players if p in winners),
            folded=betting.folds,
            paid=betting.committed,
            received={p: won.get(p, 0) for p in table.players},
            at_stake=table.pot,
            **words,
        )

    # -- the read side ------------------------------------------------------------
    def headline(self, state: State) -> Headline:
        table = state.table if state.in_round else None
        return pot_headline(table.pot if isinstance(table, ChipsRound) else None)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, ChipsRound):
            return None
        betting = table.betting
        return betting_view(state, betting, betting.turn(state), betting.high)

    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        table = round_in_play(before, ChipsRound)
        if event.kind == "showdown":
            showdown = as_chips_showdown(event.data)
            if "cards" in showdown:
                shown = ", ".join(f"{p} {c}" for p, c in showdown["cards"].items())
                return "log.chips.showdown_cards", {"cards": shown, "pot": table.pot}
            ranking = " ".join(ranking_words(showdown["ranking"]))
            return "log.chips.showdown", {"ranking": ranking, "pot": table.pot}
        player, kind = as_player(event.data)["player"], event.kind
        if kind == "redraw":
            return "log.redraw", {"player": player}
        added = _amount(before, table.betting, kind, player)
        return bet_log(before, table.betting, kind, player, added, _KEYS)


def _pot_words(
    layers: Layers, groups: Sequence[Sequence[str]], order: Sequence[str], how: str, pot: int
) -> tuple[str, dict[str, Any]]:
    """The result's words: who won each pot and how much (main pot first, then side pots).

    A player who wins only a side pot is not said to have won the main one; chips
    nobody matched go back and are no pot at all.
    """
    shares = pot_winners(layers, groups, order)
    if not shares:  # nothing matched: the one left takes back what was put in
        return how, {"winner": ", ".join(groups[0]), "pot": pot}
    main, main_winners = shares[0]
    words: dict[str, Any] = {"winner": ", ".join(main_winners), "pot": main.amount}
    if how == "result.chips.showdown" and len(shares) == 1 and len(main_winners) > 1:
        return "result.chips.showdown_split", words  # a tie: they share the one pot
    if how == "result.chips.showdown" and len(shares) > 1:
        sides = " · ".join(f"{p.amount} → {', '.join(w)}" for p, w in shares[1:])
        key = "result.chips.showdown_side" if len(shares) == 2 else "result.chips.showdown_pots"
        return key, {**words, "sides": sides}
    return how, words


#: The round entries in the order ``legal`` lists them.
_OFFERED = ("check", "bet", "call", "raise", "fold", "redraw", "showdown")


def _amount(state: State, betting: Betting, kind: str, player: str) -> int:
    """Chips a betting entry puts in: a bet, the call, the call plus a bet; never past the stack."""
    bet = state.options["bet"]
    assert isinstance(bet, int)
    owed = betting.owed(player)
    wanted = {"bet": bet, "call": owed, "raise": owed + bet}.get(kind, 0)
    return min(wanted, state.scores[player])


def _showdown_sample(
    draw: Draw, state: State, choices: tuple[str, ...], pick: str
) -> dict[str, Any]:
    """The cards shown, or a ranking typed (with ties)."""
    if draw.coin():
        return {"cards": dealt_cards(draw, choices)}
    return {"ranking": ranking_groups(draw, choices)}


#: Small stacks and bets, so that players go all-in; A starts with more chips than the
#: others (the ranking by net and by chips differ), D short (side pots early).
SAMPLES = Samples(
    verbs={**dict.fromkeys((*BETTING, "redraw"), player_only), "showdown": _showdown_sample},
    options={"stack": "12", "bet": "3", "raises": "2", "redraw": "true"},
    stacks={"A": 20, "D": 3},
)


register(
    GameSpec(
        IndianChips(),
        order=2,
        state_types=(ChipsRound, Betting),
        screen="scorekeeper.ui.screens.table_chips:ChipsTable",
        phone=PhoneForms(
            forms={
                "check": "player",
                "bet": "player",
                "call": "player",
                "raise": "player",
                "fold": "player",
                "redraw": "player",
                "showdown": "ranking",
            },
            also={
                "showdown": OtherWay("cards", ("cards",), "phone.do.indian-chips.showdown_cards")
            },
        ),
        samples=SAMPLES,
        rules_doc="docs/rules/indian-chips.md",
        rules_doc_ja="docs/ja/rules.md",
        proposers={
            **dict.fromkeys(("check", "bet", "call", "raise", "fold", "redraw"), "self"),
            "showdown": "anyone",
        },
    )
)
