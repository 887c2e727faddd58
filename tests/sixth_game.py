"""A sixth game that lives only in the tests: high card (docs/architecture.md, "Adding a
game", uses it as the worked example).

Everyone dealt in shows a card; the highest takes the stake (the ``stake`` option) from
each other player still in; players tied for the highest each take it from everyone
below them. Before the cards are shown a player may pass and sit the round out (paying
nothing): a round entry with no betting. A points game: the score is the net.

It is declared as a game outside the package would be: one ``register(GameSpec(...))``
with its own catalog texts (``messages``), its table screen (tests/sixth_screen.py), its
rules (tests/sixth_rules.md and tests/sixth_rules_ja.md) and the generator's data for
its verbs. It is not registered on import, so that the app's registry stays the real
games' for every other test: ``sixth_registered()`` registers it for as long as a test
needs it, and takes it and its texts out again afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core import game as game_module
from scorekeeper.core.entries import EntryData, PlayerData, RevealData, as_player, as_reveal
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event
from scorekeeper.core.game import Game, GameSpec, OptionSpec, register, round_in_play
from scorekeeper.core.games.ranking import check_cards, groups_from_cards, pairs_of
from scorekeeper.core.phone_forms import PhoneForms
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.samples import Draw, Samples, dealt_cards, player_only
from scorekeeper.core.state import State, finish_round
from scorekeeper.messages import CATALOG

GAME_ID = "high-card"


@dataclass(frozen=True, slots=True)
class HighCardRound:
    players: tuple[str, ...]  # dealt in, seat order
    passed: tuple[str, ...] = ()  # sat the round out, in the order they passed

    @property
    def showing(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.passed)


class HighCard(Game):
    id = GAME_ID
    name_key = f"game.{GAME_ID}"
    min_players = 2
    max_players = 8
    score_is_net = True
    has_stake = False
    round_kinds = frozenset({"pass", "show"})
    options = (
        OptionSpec("stake", 1, "option.high-card.stake", minimum=1),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind == "pass":
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb=kind)
            return {"player": args[0]}
        return {"cards": pairs_of(args)}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind == "pass":
            return [as_player(data)["player"]]
        return [f"{p}={c}" for p, c in as_reveal(data)["cards"].items()]

    def start_round(self, state: State) -> State:
        return replace(state, table=HighCardRound(players=state.seated()))

    def offered(self, state: State) -> tuple[str, ...]:
        return ("pass", "show")

    def refusal(self, state: State, kind: str) -> RuleError | None:
        """Cards may always be shown; a pass only while two others still show."""
        table = round_in_play(state, HighCardRound)
        if kind == "pass" and len(table.showing) <= 2:
            return RuleError("rules.high-card.pass_last_two", round=state.round)
        return None

    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        return round_in_play(state, HighCardRound).showing

    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        table = round_in_play(state, HighCardRound)

        def resolve(word: str) -> str:
            player = state.find_player(word)
            if player not in table.showing:
                raise RuleError("rules.not_in_round", player=player, round=state.round)
            return player

        if kind == "pass":
            return PlayerData(player=resolve(str(data.get("player", ""))))
        cards = check_cards(data.get("cards"), resolve, table.showing, joker=False)
        return RevealData(cards=cards)

    def _winners(self, event: Event) -> list[str]:
        return groups_from_cards(as_reveal(event.data)["cards"], "none")[0]

    def apply(self, state: State, event: Event) -> State:
        table = round_in_play(state, HighCardRound)
        if event.kind == "pass":
            passed = (*table.passed, as_player(event.data)["player"])
            return replace(state, table=replace(table, passed=passed))
        stake = state.options["stake"]
        assert isinstance(stake, int)
        winners = self._winners(event)
        losers = [p for p in table.showing if p not in winners]
        deltas = {p: 0 for p in table.players}
        for player in winners:
            deltas[player] = stake * len(losers)
        for player in losers:
            deltas[player] = -stake * len(winners)
        return finish_round(
            state,
            deltas,
            "result.high-card.won",
            winners=tuple(winners),
            folded=table.passed,
            at_stake=stake,
            players=", ".join(winners),
        )

    def folds(self, before: State, event: Event) -> str | None:
        """A pass takes the player out of the round."""
        return as_player(event.data)["player"] if event.kind == "pass" else None

    def headline(self, state: State) -> Headline:
        stake = state.options["stake"]
        assert isinstance(stake, int)
        return Headline("stake", stake, state.in_round)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, HighCardRound):
            return None
        stake = state.options["stake"]
        assert isinstance(stake, int)
        return RoundView(
            dealt=table.players, folded=dict.fromkeys(table.passed, stake), stake=stake
        )

    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        if event.kind == "pass":
            return "log.high-card.pass", {"player": as_player(event.data)["player"]}
        shown = ", ".join(f"{p} {c}" for p, c in as_reveal(event.data)["cards"].items())
        return "log.high-card.show", {"cards": shown, "players": ", ".join(self._winners(event))}


def _show_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """A different card for everyone still in (sometimes one name short: refused)."""
    if draw.number(0, 9) == 0:
        choices = choices[1:]
    return {"cards": dealt_cards(draw, choices)}


#: Its own texts, as a game outside the package brings them (GameSpec.messages).
MESSAGES: dict[str, tuple[str, str]] = {
    f"game.{GAME_ID}": ("High card", "ハイカード"),
    f"game.{GAME_ID}.short": ("High", "ハイ"),
    "option.high-card.stake": (
        "What the highest card takes from each other player (whole number, at least 1)",
        "最も高いカードの人が他の各プレイヤーから受け取る点数（1以上の整数）",
    ),
    "option.named.stake": ("stake", "賭け点"),
    "option.label.stake": ("Stake", "賭け点"),
    "rules.high-card.pass_last_two": (
        "Round {round}: only two players are still in; they show their cards.",
        "ラウンド{round}：残りは2人です。カードを見せてください。",
    ),
    "result.high-card.won": ("{players} had the highest card", "{players}が最高のカード"),
    "log.high-card.pass": ("{player} passes", "{player}がパス"),
    "log.high-card.show": ("shown: {cards}; highest {players}", "公開：{cards}、最高は{players}"),
    "ui.key.high-card.pass": ("Pass", "パス"),
    "ui.key.high-card.show": ("Show", "公開"),
    "ui.help.high-card.pass": (
        "A player sits this round out before the cards are shown, and pays nothing",
        "カードを見せる前にこのラウンドを降ります（支払いなし）",
    ),
    "ui.help.high-card.cards": (
        "Type everyone's card: the highest takes the stake from each other player",
        "全員のカードを入力：最も高い人が他の各プレイヤーから賭け点を受け取ります",
    ),
    "ui.high-card.who_passes": ("Who passes?", "誰がパスしますか？"),
    "phone.do.high-card.show": ("Show: enter everyone's card", "公開: 全員のカードを入力"),
    "ui.high-card.cards_title": ("Everyone's card", "全員のカード"),
}

SPEC = GameSpec(
    HighCard(),
    order=6,
    state_types=(HighCardRound,),
    screen="tests.sixth_screen:HighCardTable",
    phone=PhoneForms(
        forms={"pass": "player", "show": "cards"},
        labels={"show": "phone.do.high-card.show"},
    ),
    samples=Samples(verbs={"pass": player_only, "show": _show_sample}, options={"stake": "2"}),
    rules_doc="tests/sixth_rules.md",
    rules_doc_ja="tests/sixth_rules_ja.md",
    proposers={"pass": "self", "show": "anyone"},
    messages=MESSAGES,
)


@contextmanager
def sixth_registered(order: int = SPEC.order) -> Iterator[GameSpec]:
    """The sixth game registered (through the one ``register`` call every game makes)
    while the block runs, offered at *order*; the registry and the catalog as they were
    afterwards."""
    games = dict(game_module.registered())
    keys = set(CATALOG)
    spec = replace(SPEC, order=order)
    register(spec)
    try:
        yield spec
    finally:
        for key in set(CATALOG) - keys:
            del CATALOG[key]
        game_module._REGISTRY.clear()
        game_module._REGISTRY.update(games)
