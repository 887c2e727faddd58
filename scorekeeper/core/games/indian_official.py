"""Indian Poker by the official points rules (rules.md §1).

The stake doubles from ``base`` up to ``cap``; folders owe the stake at the
moment they fold; at the showdown the parent pays or collects double.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.amounts import LIMIT, past_limit
from scorekeeper.core.cards import RankOrder, card_strength, parse_shown
from scorekeeper.core.entries import (
    EntryData,
    NoData,
    OfficialShowdownData,
    PlayerData,
    as_official_showdown,
    as_player,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, OptionValue, frozen
from scorekeeper.core.game import Game, GameSpec, OptionSpec, register, round_in_play
from scorekeeper.core.games.ranking import check_cards, pairs_of
from scorekeeper.core.phone_forms import OtherWay, PhoneForms
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.samples import Draw, Samples, dealt_cards, player_only
from scorekeeper.core.state import StakeChange, State, finish_round


@dataclass(frozen=True, slots=True)
class OfficialRound:
    stake: int
    players: tuple[str, ...]  # everyone dealt in, in seat order
    folds: tuple[tuple[str, int], ...] = ()  # (child, stake when they folded), in order

    def folded(self) -> dict[str, int]:
        return dict(self.folds)


class IndianOfficial(Game):
    id = "indian-official"
    button_role = "parent"
    has_stake = True
    score_is_net = True
    standings_columns = (("lead_rounds", "standings.as_parent"), ("won", "standings.won"))
    name_key = "game.indian-official"
    min_players = 3
    max_players = 52
    round_kinds = frozenset({"fold", "raise", "showdown"})
    options = (
        OptionSpec("base", 10, "option.official.base", minimum=1),
        OptionSpec(
            "cap",
            160,
            "option.official.cap",
            choices={"160": 160, "320": 320, "640": 640, "none": None},
        ),
        OptionSpec(
            "suits",
            "sanma",
            "option.official.suits",
            choices={"sanma": "sanma", "hokuto": "hokuto"},
        ),
        OptionSpec(
            "parent_double_folds", False, "option.official.parent_double_folds", boolean=True
        ),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    def check_options(self, options: Mapping[str, OptionValue]) -> None:
        base, cap = options["base"], options["cap"]
        if isinstance(cap, int) and isinstance(base, int) and cap < base:
            raise RuleError("rules.official.cap_below_base", field="base", cap=cap, base=base)

    # -- words -------------------------------------------------------------
    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind == "raise":
            if args:
                raise RuleError("rules.official.raise_takes_nothing")
            return {}
        if kind == "fold":
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb="fold")
            return {"player": args[0]}
        # showdown
        if len(args) >= 2 and args[0].lower() == "cards":
            return {"cards": pairs_of(args[1:])}
        if len(args) != 1 or "=" in args[0]:
            raise RuleError("rules.official.showdown_syntax")
        return {"winner": args[0]}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind == "fold":
            return [as_player(data)["player"]]
        if kind == "showdown":
            showdown = as_official_showdown(data)
            if "cards" in showdown:
                return ["cards", *(f"{p}={c}" for p, c in showdown["cards"].items())]
            return [showdown["winner"]]
        return []

    # -- rules -------------------------------------------------------------
    def start_round(self, state: State) -> State:
        base = state.options["base"]
        assert isinstance(base, int)
        return replace(state, table=OfficialRound(base, state.seated(), ()))

    def _next_stake(self, state: State, table: OfficialRound) -> int | None:
        cap = state.options["cap"]
        doubled = table.stake * 2
        return None if isinstance(cap, int) and doubled > cap else doubled

    def card_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """K high … 2, A low; equal ranks by the ``suits`` order (rules.md §1)."""
        return ("cards.order.ace_low", f"cards.ties.{options['suits']}")

    def offered(self, state: State) -> tuple[str, ...]:
        return _OFFERED

    def refusal(self, state: State, kind: str) -> RuleError | None:
        """A fold and the showdown may always be entered in a round; a raise not past the
        cap (nor, without one, past the one bound on amounts)."""
        if kind != "raise":
            return None
        table = round_in_play(state, OfficialRound)
        if self._next_stake(state, table) is None:
            cap = state.options["cap"]
            if table.stake == cap:
                return RuleError("rules.official.at_cap", cap=cap)
            return RuleError(
                "rules.official.past_cap", cap=cap, stake=table.stake, next=table.stake * 2
            )
        if past_limit(table.stake * 2):  # no cap: the stake doubles only to the bound
            return RuleError("rules.too_large.stake", value=table.stake * 2, limit=LIMIT)
        return None

    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        if kind == "raise":
            return ()
        children = _contesting_children(state, round_in_play(state, OfficialRound))
        return children if kind == "fold" else (state.parent, *children)

    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        table = round_in_play(state, OfficialRound)
        if kind == "raise":  # refusal() has said it may
            return NoData()
        if kind == "fold":
            player = self._in_round(state, table, data.get("player", ""))
            if player == state.parent:
                raise RuleError("rules.official.parent_folds", player=player)
            for child, stake in reversed(table.folds):  # as folded() reads them
                if child == player:
                    raise RuleError("rules.official.folded_twice", player=player, stake=stake)
            if state.options["cap"] is None and _may_pass_limit(state, table, folding=True):
                self._scores_within(state, kind, PlayerData(player=player))
            return PlayerData(player=player)
        # showdown
        if "winner" in data:
            winner = self._in_round(state, table, data["winner"])
            if winner in table.folded():
                raise RuleError("rules.official.folded_wins", player=winner)
            if state.options["cap"] is None and _may_pass_limit(state, table):
                self._scores_within(state, kind, OfficialShowdownData(winner=winner))
            return OfficialShowdownData(winner=winner)

        def showing(word: str) -> str:
            player = self._in_round(state, table, word)
            if player in table.folded():
                raise RuleError("rules.folded_in_showdown", player=player)
            return player

        cards = check_cards(
            data.get("cards"),
            showing,
            (state.parent, *_contesting_children(state, table)),
            joker=False,
            syntax_key="rules.official.showdown_syntax",  # only a stored event can get here
        )
        if state.options["cap"] is None and _may_pass_limit(state, table):
            self._scores_within(state, kind, OfficialShowdownData(cards=cards))
        return OfficialShowdownData(cards=cards)

    def _scores_within(self, state: State, kind: str, data: EntryData) -> None:
        """Refuse an entry that settles the round with a score past the one bound
        (core/amounts.py), the round settled on trial (see _may_pass_limit)."""
        trial = Event(0, _ANY_TIME, state.recorder, kind, frozen(data))
        after = self.apply(state, trial).scores
        for player, score in after.items():
            if past_limit(score):
                raise RuleError("rules.too_large.score", player=player, value=score, limit=LIMIT)

    def _in_round(self, state: State, table: OfficialRound, word: object) -> str:
        if type(word) is str and word in table.players:  # as typed: find_player gives it back
            return word
        player = state.find_player(str(word))
        if player not in table.players:
            raise RuleError("rules.not_in_round", player=player, round=state.round)
        return player

    def apply(self, state: State, event: Event) -> State:
        table = round_in_play(state, OfficialRound)
        if event.kind == "raise":
            new = table.stake * 2
            change = StakeChange(state.round, table.stake, new, event.at, event.seq)
            return replace(
                state,
                table=replace(table, stake=new),
                stake_history=state.stake_history.add(change),
            )
        if event.kind == "fold":
            folder = as_player(event.data)["player"]
            table = replace(table, folds=(*table.folds, (folder, table.stake)))
            if _all_children_folded(state, table):  # settling reads the round from table
                return self._settle(state, table, state.parent, "result.official.all_folded")
            return replace(state, table=table)
        showdown = as_official_showdown(event.data)
        if "winner" in showdown:
            winner = showdown["winner"]
        else:
            winner = self._winner_by_cards(state, showdown["cards"])
        return self._settle(state, table, winner, "result.official.showdown")

    def _winner_by_cards(self, state: State, cards: Mapping[str, str]) -> str:
        suits = state.options["suits"]
        assert isinstance(suits, str)
        shown = parse_shown(cards, joker_allowed=False)
        return max(shown, key=lambda p: card_strength(shown[p], RankOrder.OFFICIAL, suits))

    def _settle(self, state: State, table: OfficialRound, winner: str, how: str) -> State:
        # Plain loops, not comprehensions: a round has a handful of players, and in
        # Python 3.11 each comprehension is a function made and called (a fold settles
        # a quarter of its entries). Each player pays once at most (a child folds once,
        # the parent never), so what each paid is set, not added up.
        stake, parent = table.stake, state.parent
        double_folds = winner == parent and state.options["parent_double_folds"] is True
        deltas = dict.fromkeys(table.players, 0)
        paid: dict[str, int] = {}  # in this order: the folds, the parent, the children left
        folded = []
        for child, fold_stake in table.folds:
            paid[child] = fold_stake * 2 if double_folds else fold_stake
            folded.append(child)
        if winner != parent:
            paid[parent] = 2 * stake
        for child in table.players:  # the children still in, in seat order
            if child == parent or child in folded:
                continue
            if winner == parent:
                paid[child] = 2 * stake
            elif child != winner:
                paid[child] = stake
        total = 0
        for payer, amount in paid.items():
            deltas[payer] -= amount
            total += amount
        deltas[winner] += total
        return finish_round(
            state,
            deltas,
            how,
            winners=(winner,),
            folded=tuple(folded),
            paid=paid,
            received={winner: total},
            at_stake=stake,
            winner=winner,
            stake=stake,
        )

    # -- the read side ------------------------------------------------------------
    def headline(self, state: State) -> Headline:
        cap = state.options["cap"]
        table = state.table if state.in_round else None
        if isinstance(table, OfficialRound):
            value, in_play = table.stake, True
        else:
            base = state.options["base"]
            assert isinstance(base, int)
            value, in_play = base, False
        return Headline("stake", value, in_play, cap if isinstance(cap, int) else None)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, OfficialRound):
            return None
        return RoundView(dealt=table.players, folded=table.folded(), stake=table.stake)

    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        table = before.table
        if event.kind == "raise":
            assert isinstance(table, OfficialRound)
            return "log.official.raise", {"old": table.stake, "new": table.stake * 2}
        if event.kind == "fold":
            assert isinstance(table, OfficialRound)
            folder = as_player(event.data)["player"]
            return "log.official.fold", {"player": folder, "stake": table.stake}
        assert isinstance(table, OfficialRound)
        showdown = as_official_showdown(event.data)
        if "cards" in showdown:
            winner = self._winner_by_cards(before, showdown["cards"])
            shown = ", ".join(f"{p} {c}" for p, c in showdown["cards"].items())
            return "log.official.showdown_cards", {
                "winner": winner,
                "stake": table.stake,
                "cards": shown,
            }
        return "log.official.showdown", {"winner": showdown["winner"], "stake": table.stake}


#: The round entries in the order ``legal`` lists them.
_OFFERED = ("fold", "raise", "showdown")
#: The time of an entry settled on trial (_scores_within): settling reads no time.
_ANY_TIME = datetime(2000, 1, 1, tzinfo=UTC)


def _all_children_folded(state: State, table: OfficialRound) -> bool:
    """Whether no child is left to contest the round."""
    return not _contesting_children(state, table)


def _may_pass_limit(state: State, table: OfficialRound, *, folding: bool = False) -> bool:
    """Whether settling the round now (a showdown; a fold, when it is the last child's)
    could take a score past the one bound (core/amounts.py), asked only without a cap. A
    round moves each score by at most twice the stake per player dealt in. Under a cap
    that is at most 2 × 640 × 52 = 66,560 a round: no session is long enough (15 billion
    rounds) to reach the bound. Without one, the stake doubles up to the bound."""
    if folding:  # counted as _all_children_folded counts, with this fold
        children = len(table.players) - (state.parent in table.players)
        if len(table.folds) + 1 < children:
            return False
    scores = state.scores.values()
    reach = 2 * table.stake * len(table.players)
    return reach + max(max(scores), -min(scores)) > LIMIT


def _contesting_children(state: State, table: OfficialRound) -> tuple[str, ...]:
    """The children dealt in who have not folded, in seat order (loops: see _settle)."""
    parent, folds = state.parent, table.folds
    folded = []
    for child, _ in folds:
        folded.append(child)
    children = []
    for player in table.players:
        if player != parent and player not in folded:
            children.append(player)
    return tuple(children)


def _showdown_sample(
    draw: Draw, state: State, choices: tuple[str, ...], pick: str
) -> dict[str, Any]:
    """The cards shown, or the winner named."""
    if draw.coin():
        return {"cards": dealt_cards(draw, choices)}
    return {"winner": pick}


#: Sessions that reach every rule quickly: a base to double, and a parent who folds pays.
SAMPLES = Samples(
    verbs={"fold": player_only, "raise": player_only, "showdown": _showdown_sample},
    options={"base": "20", "parent_double_folds": "true"},
)


register(
    GameSpec(
        IndianOfficial(),
        order=1,
        state_types=(OfficialRound,),
        screen="scorekeeper.ui.screens.table_official:OfficialTable",
        phone=PhoneForms(
            forms={"raise": "now", "fold": "player", "showdown": "player"},
            also={
                "showdown": OtherWay("cards", ("cards",), "phone.do.indian-official.showdown_cards")
            },
            labels={
                "raise": "phone.do.indian-official.raise",
                "fold": "phone.do.indian-official.fold",
                "showdown": "phone.do.indian-official.showdown",
            },
        ),
        samples=SAMPLES,
        rules_doc="docs/rules/indian-official.md",
        rules_doc_ja="docs/ja/rules.md",
        proposers={"fold": "self", "raise": "leader", "showdown": "anyone"},
    )
)
