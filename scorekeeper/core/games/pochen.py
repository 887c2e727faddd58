"""Pochen (rules.md §4): nine pools on a board, claims, the Poch betting, and the play-out.

Stacks are the scores. The board (``State.board``) holds the nine pools and
stays on the table between deals: what nobody wins carries over. What is bet
in the Poch sits in the Poch pot (``PochenDeal.pot``) until the Poch is
settled. Chips are never created or destroyed: stacks + board + Poch pot
always equal the chips brought to the table.

A deal goes through four stages, in order: the trump (``turned 8D`` or
``trump diamonds``), the claims (``claim X POOL…``), the Poch (``pass``,
``check``, ``bet X N``, ``call``, ``raise X N``, ``fold``, then ``show`` or
``poch W``) and the play-out (``out X``), which ends the deal.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from scorekeeper.core.amounts import whole_number
from scorekeeper.core.betting import (
    BET_VERBS,
    BetKeys,
    Betting,
    bet_log,
    betting_view,
    check_bettor,
    pay_in,
    verb_refusal,
)
from scorekeeper.core.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, parse_card
from scorekeeper.core.entries import (
    ClaimData,
    EntryData,
    OutData,
    PochBetData,
    PochData,
    ShowData,
    TrumpData,
    TurnedData,
    as_claim,
    as_out,
    as_poch,
    as_poch_bet,
    as_show,
    as_trump,
    as_turned,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, OptionValue, frozen, thawed
from scorekeeper.core.game import Game, GameSpec, OptionSpec, register, round_in_play
from scorekeeper.core.games.ranking import (
    check_ranking,
    pairs_of,
    parse_ranking_words,
    ranking_words,
)
from scorekeeper.core.phone_forms import PhoneForms
from scorekeeper.core.pots import award, split
from scorekeeper.core.read_model import BoardView, Headline, PoolView, RoundView, Said
from scorekeeper.core.samples import DECK, RANKS, SUITS, Draw, Samples, player_only, ranking_groups
from scorekeeper.core.state import State, finish_round
from scorekeeper.messages import LANGUAGES, Phrase, t

POOLS = ("ace", "king", "queen", "jack", "ten", "marriage", "sequence", "poch", "centre")
#: The board as it lies on the table, row by row, the centre pool in the middle: every
#: view that draws it (the app's board, the phones' page) lays it out so.
BOARD_ROWS = (
    ("ace", "king", "queen"),
    ("jack", "centre", "ten"),
    ("marriage", "sequence", "poch"),
)
#: The pool of each trump honour, and the card rank that claims it.
HONOURS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10"}
MARRIAGE = ("K", "Q")
SEQUENCE = ("7", "8", "9")
#: The trump cards a claim of each pool shows its claimant to hold (rules.md §4, one deck).
CLAIM_RANKS = {**{pool: (rank,) for pool, rank in HONOURS.items()},
               "marriage": MARRIAGE, "sequence": SEQUENCE}  # fmt: skip
#: Cards dealt to each player: nobody can be shown to hold more, or pay for more.
HAND = 5
#: Other names each pool may be typed as, besides its own name and the board's labels
#: in both languages (any case, full- or half-width, hiragana for katakana).
_POOL_ALIASES = {
    "ace": ("a",),
    "king": ("k",),
    "queen": ("q",),
    "jack": ("j",),
    "ten": ("t", "10", "テン"),
    "marriage": (),
    "sequence": ("シーケンス",),
    "poch": ("ポッヘ", "ポッホ"),
    "centre": ("center",),
}
#: Between the pools of one claim: spaces, commas, and the Japanese 、・ and ,.
_POOL_SEPARATORS = re.compile(r"[\s,、・，]+")

DECK_RANKS = {
    32: ("A", "K", "Q", "J", "10", "9", "8", "7"),
    52: ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
}
#: Rank order in the Poch: ace high.
_RANK_VALUE = {rank: 14 - i for i, rank in enumerate(DECK_RANKS[52])}
SUIT_WORDS = {
    "s": "S", "spade": "S", "spades": "S", "♠": "S", "♤": "S",
    "h": "H", "heart": "H", "hearts": "H", "♥": "H", "♡": "H",
    "d": "D", "diamond": "D", "diamonds": "D", "♦": "D", "♢": "D",
    "c": "C", "club": "C", "clubs": "C", "♣": "C", "♧": "C",
    "スペード": "S", "ハート": "H", "ダイヤ": "D", "ダイヤモンド": "D", "クラブ": "C",
}  # fmt: skip

BETTING = ("pass", *BET_VERBS)
AMOUNT_VERBS = ("bet", "raise")
_KEYS = BetKeys(
    closed="rules.pochen.betting_closed",
    not_your_turn="rules.pochen.not_your_turn",
    check_facing_bet="rules.pochen.check_facing_bet",
    nothing_to_call="rules.pochen.nothing_to_call",
    facing="high",
    bet_log="log.bet.bet_total",
)


@dataclass(frozen=True, slots=True)
class PochenDeal:
    """One deal in progress; the board itself is ``State.board``."""

    dealer: str
    start: Mapping[str, int]  # each player's stack before the antes
    betting: Betting  # the Poch; its players are those dealt in (could pay the whole ante)
    turned: str | None = None  # the card turned up, when the trump came from it
    trump: str | None = None  # S H D C once entered
    claimed: Mapping[str, str] = field(default_factory=frozen)  # pool -> who claimed it
    started: bool = False  # a Poch entry has been made: claims are over
    settled: bool = False  # the Poch pot has been paid out
    winners: tuple[str, ...] = ()  # who took the poch pool

    @property
    def players(self) -> tuple[str, ...]:
        """Dealt in, seat order."""
        return self.betting.players

    @property
    def pot(self) -> int:
        """Chips bet in the Poch and not yet paid out."""
        return 0 if self.settled else self.betting.pot

    def contestants(self) -> tuple[str, ...]:
        """Who is in the showdown: not folded, and bet something."""
        return tuple(p for p in self.betting.live() if self.betting.committed[p] > 0)

    def turned_card(self) -> Card | None:
        return parse_card(self.turned) if self.turned else None


def _folded(word: str) -> str:
    """*word* as it is compared: NFKC (full-width to half), case-folded, katakana."""
    text = unicodedata.normalize("NFKC", word).strip().casefold()
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


@cache
def _pool_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for pool in POOLS:
        # the board's labels and the names in prose, in every language
        keys = (f"ui.pochen.pool.{pool}", f"pochen.pool.{pool}")
        labels = [t(key, lang) for key in keys for lang in LANGUAGES]
        for word in (pool, *_POOL_ALIASES[pool], *labels):
            words[_folded(word)] = pool
    return words


def pool_named(word: str) -> str:
    """The pool *word* names: its English name, the board's label in either language
    (エース, Ace), or a short form (A K Q J T 10); a plain refusal listing them if none."""
    pool = _pool_words().get(_folded(word))
    if pool is None:
        raise RuleError(
            "rules.pochen.unknown_pool", pool=word, pools=Phrase(("rules.pochen.pool_names",))
        )
    return pool


def pool_words(text: str) -> list[str]:
    """The pool names in what was typed in a claim box: ``ace king``, ``エース、キング``."""
    return [word for word in _POOL_SEPARATORS.split(text) if word]


def pool_phrase(*pools: str) -> Phrase:
    """Pools named in the reader's language (ace, king / エース・キング)."""
    return Phrase(tuple(f"pochen.pool.{pool}" for pool in pools))


def carried_deals(state: State) -> dict[str, int]:
    """For each pool, how many deals in a row it has been carried over (left unwon): only
    a pool that still holds chips (once the board is given back at the end, none is)."""
    counts = dict.fromkeys(POOLS, 0)
    lying = state.board or {}
    still = {pool for pool in POOLS if lying.get(pool, 0) > 0}
    for result in reversed(state.results.to_list()):
        board = result.board or {}
        kept = {pool for pool in POOLS if board.get(pool, 0) > 0}
        for pool in list(still):
            if pool in kept:
                counts[pool] += 1
            else:
                still.discard(pool)
        if not still:
            break
    return counts


def whole_ante(options: Mapping[str, OptionValue]) -> int:
    ante = options["ante"]
    assert isinstance(ante, int)
    return ante * len(POOLS)


def to_act(state: State, table: PochenDeal) -> str | None:
    """Whose turn it is in the Poch: None before the trump, once settled, or once closed."""
    if table.trump is None or table.settled:
        return None
    return table.betting.turn(state)


def poch_over(state: State, table: PochenDeal) -> bool:
    """The Poch is settled: paid out, or closed with nobody betting."""
    return table.settled or (not table.betting.opened and to_act(state, table) is None)


def all_passed(state: State, table: PochenDeal) -> bool:
    """Everyone passed: the Poch closed with nobody betting, and nothing is paid out yet."""
    return (
        table.trump is not None
        and not table.settled
        and not table.betting.opened
        and to_act(state, table) is None
    )


def sets_wanted(state: State, table: PochenDeal) -> bool:
    """Nobody bet and the table plays ``all_pass best_set``: the best set shown may still
    take the poch pool (an older German rule), before the play-out."""
    return state.options.get("all_pass") == "best_set" and all_passed(state, table)


#: The stages of a deal, in order; "between" is between deals. "sets" is the showing of
#: sets after everyone passed, with ``all_pass best_set`` only.
STAGES = ("between", "trump", "claims", "poch", "showdown", "sets", "playout")


@dataclass(frozen=True, slots=True)
class DealView:
    """What the board screen shows of the deal in play, decided here and not by the screen."""

    stage: str  # one of STAGES
    trump: str | None  # the trump suit, once turned or chosen
    claimed: Mapping[str, str]  # pool -> who claimed it this deal
    contestants: tuple[str, ...]  # who is still in the Poch (empty before it starts)
    poch_open: bool  # the Poch has started and is not over: its pot is in the middle
    nobody_bet: bool = False  # everyone passed: the Poch is over with nothing in it


def deal_view(state: State) -> DealView:
    table = state.table if state.in_round else None
    if not isinstance(table, PochenDeal):
        return DealView("between", None, frozen({}), (), False)
    if table.trump is None:
        stage = "trump"
    elif poch_over(state, table):
        stage = "sets" if sets_wanted(state, table) else "playout"
    elif to_act(state, table) is None:
        stage = "showdown"
    else:
        stage = "poch" if table.started else "claims"
    poch_open = table.started and not poch_over(state, table)
    nobody_bet = all_passed(state, table)
    return DealView(stage, table.trump, table.claimed, table.contestants(), poch_open, nobody_bet)


def set_strength(cards: Sequence[Card], trump: str | None) -> tuple[int, int, int]:
    """More cards of a kind, then the higher rank, then the set holding the trump."""
    holds_trump = any(card.suit == trump for card in cards)
    return (len(cards), _RANK_VALUE[cards[0].rank], 1 if holds_trump else 0)


class Pochen(Game):
    id = "pochen"
    #: a deal's winners: the Poch's and whoever went out first
    standings_columns = (("played", "standings.deals_played"), ("won", "standings.deals_won"))
    name_key = "game.pochen"
    min_players = 3
    max_players = 6
    uses_chips = True
    round_kinds = frozenset({"turned", "trump", "claim", *BETTING, "show", "poch", "out"})
    options = (
        OptionSpec("stack", 100, "option.stack", minimum=1),
        OptionSpec("ante", 1, "option.pochen.ante", minimum=1),
        OptionSpec("deck", 32, "option.pochen.deck", choices={"32": 32, "52": 52}),
        OptionSpec("card_payment", False, "option.pochen.card_payment", boolean=True),
        OptionSpec(
            "turned_honour",
            "carry",
            "option.pochen.turned_honour",
            choices={"carry": "carry", "dealer": "dealer"},
        ),
        OptionSpec(
            "all_pass",
            "stays",
            "option.pochen.all_pass",
            choices={"stays": "stays", "best_set": "best_set"},
        ),
        OptionSpec(
            "end_board",
            "share",
            "option.pochen.end_board",
            choices={"share": "share", "carry": "carry"},
        ),
        OptionSpec("rounds", 0, "option.rounds", minimum=0),
    )

    def set_order(self, options: Mapping[str, OptionValue]) -> tuple[str, ...]:
        """More cards, then the higher rank of the deck in use, then the trump (set_strength)."""
        return (f"cards.sets.order_{options['deck']}",)

    def initial_board(self, options: Mapping[str, OptionValue]) -> Mapping[str, int] | None:
        return frozen(dict.fromkeys(POOLS, 0))

    # -- the end of the session: the board goes back (docs/rules/pochen.md) ------------
    def carried_board(
        self, options: Mapping[str, OptionValue], board: Mapping[str, Any]
    ) -> dict[str, int]:
        """The pools of a board carried over, by name, every pool listed (0 if not given)."""
        pools = dict.fromkeys(POOLS, 0)
        for word, chips in board.items():
            pool = pool_named(str(word))
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise RuleError(
                    "rules.board_negative", field="board", pool=pool_phrase(pool), chips=chips
                )
            pools[pool] += chips
        return pools

    def close(self, state: State) -> State:
        """The session is over: the chips left on the board go back to the players seated
        now, in equal shares, the odd chips one each in seat order from the left of the
        last deal's dealer (the first dealer if none was played). Both ``end_board``
        choices settle so; ``carry`` also opens the next session with this board."""
        board = _board(state)
        total = sum(board.values())
        if not total:
            return replace(state, finished=True)
        seated = state.seated() or state.names()
        dealer = state.results[-1].parent if state.results else state.parent
        order = state.in_order_from_left_of(dealer, seated)
        each, odd = divmod(total, len(order))
        share = {p: each + (1 if i < odd else 0) for i, p in enumerate(order)}
        returned = {p: share[p] for p in state.names() if p in share}
        scores = {p: chips + share.get(p, 0) for p, chips in state.scores.items()}
        return replace(
            state,
            finished=True,
            scores=frozen(scores),
            board=frozen(dict.fromkeys(POOLS, 0)),
            returned=frozen(returned),
            returned_board=frozen(board),
        )

    def next_board(self, state: State) -> tuple[dict[str, int], dict[str, int]] | None:
        """With ``end_board carry``, the board the session ended with and the shares it
        was given back in: the next session of this table antes them again."""
        if state.options.get("end_board") != "carry" or not state.returned:
            return None
        board = {pool: chips for pool, chips in (state.returned_board or {}).items() if chips}
        return board, dict(state.returned)

    def dealable(self, state: State) -> tuple[str, ...]:
        """Seated players who can pay the whole ante (one ante into each of the nine pools)."""
        need = whole_ante(state.options)
        return tuple(p for p in state.seated() if state.scores[p] >= need)

    # -- words -------------------------------------------------------------
    def parse(self, kind: str, args: Sequence[str]) -> dict[str, Any]:
        if kind == "turned":
            if len(args) != 1:
                raise RuleError("rules.pochen.turned_syntax")
            return {"card": args[0]}
        if kind == "trump":
            if len(args) != 1:
                raise RuleError("rules.pochen.trump_syntax")
            return {"suit": args[0]}
        if kind == "claim":
            if len(args) < 2:
                raise RuleError("rules.pochen.claim_syntax")
            return {"player": args[0], "pools": list(args[1:])}
        if kind in AMOUNT_VERBS:
            amount = whole_number(args[1]) if len(args) == 2 else None
            if amount is None:
                raise RuleError("rules.pochen.amount_syntax", verb=kind)
            return {"player": args[0], "amount": amount}
        if kind in BETTING:
            if len(args) != 1:
                raise RuleError("rules.needs_one_player", verb=kind)
            return {"player": args[0]}
        if kind == "show":
            if not args:
                raise RuleError("rules.pochen.show_syntax")
            return {"sets": [[name, cards.split(",")] for name, cards in pairs_of(args)]}
        if kind == "poch":
            return {"ranking": parse_ranking_words(args)}
        # out
        if not args:
            raise RuleError("rules.needs_one_player", verb=kind)
        paid = []
        for name, cards in pairs_of(args[1:]):
            left = whole_number(cards)
            if left is None:
                raise RuleError("rules.pochen.out_syntax", word=f"{name}={cards}")
            paid.append([name, left])
        return {"player": args[0], "paid": paid}

    def words(self, kind: str, data: Mapping[str, Any]) -> list[str]:
        if kind == "turned":
            return [as_turned(data)["card"]]
        if kind == "trump":
            return [SUIT_NAMES[as_trump(data)["suit"]]]
        if kind == "claim":
            claim = as_claim(data)
            return [claim["player"], *claim["pools"]]
        if kind in BETTING:
            bet = as_poch_bet(data)
            return [bet["player"], *([str(bet["amount"])] if kind in AMOUNT_VERBS else [])]
        if kind == "show":
            return [f"{p}={','.join(cards)}" for p, cards in as_show(data)["sets"].items()]
        if kind == "poch":
            return ranking_words(as_poch(data)["ranking"])
        out = as_out(data)
        return [out["player"], *(f"{p}={n}" for p, n in out["paid"].items())]

    # -- the deal ------------------------------------------------------------
    def start_round(self, state: State) -> State:
        ante = state.options["ante"]
        assert isinstance(ante, int)
        players = self.dealable(state)
        dealer = state.parent
        if dealer not in players:  # a dealer who cannot pay the ante passes the deal on
            dealer = state.left_of(dealer, players)
            counts = thawed(state.parent_rounds)
            counts[state.parent] -= 1
            counts[dealer] = counts.get(dealer, 0) + 1
            state = replace(state, parent=dealer, parent_rounds=frozen(counts))
        scores = thawed(state.scores)
        for player in players:
            scores[player] -= ante * len(POOLS)
        board = _board(state)
        for pool in POOLS:
            board[pool] += ante * len(players)
        table = PochenDeal(
            dealer=dealer,
            start=frozen({p: state.scores[p] for p in players}),
            betting=Betting(players, frozen(dict.fromkeys(players, 0)), after=dealer),
        )
        return replace(state, scores=frozen(scores), board=frozen(board), table=table)

    def offered(self, state: State) -> tuple[str, ...]:
        """A pass is a check before any bet, and a fold after one: listed so."""
        table = state.table
        opened = isinstance(table, PochenDeal) and table.betting.opened
        return _OFFERED_OPENED if opened else _OFFERED

    def same_as(self, state: State, kind: str) -> str | None:
        """Before any bet a check is a pass; after one a pass is a fold."""
        table = state.table
        opened = isinstance(table, PochenDeal) and table.betting.opened
        if kind == "check" and not opened:
            return "pass"
        if kind == "pass" and opened:
            return "fold"
        return None

    def refusal(self, state: State, kind: str) -> RuleError | None:
        """The stages of a deal in order: the trump, then claims (while a pool is left to
        claim) until the Poch begins, the Poch's betting entries by the player whose turn
        it is, its showdown once the betting closes, then the play-out."""
        table = round_in_play(state, PochenDeal)
        if kind in ("turned", "trump"):
            if table.trump is None:
                return None
            return RuleError("rules.pochen.trump_twice", suit=SUIT_SYMBOLS[table.trump])
        if table.trump is None:
            return RuleError("rules.pochen.trump_first", entry=Phrase((f"rules.verb.{kind}",)))
        if kind == "claim":
            if table.started:
                return RuleError("rules.pochen.claims_over")
            if not self._claimable(table):
                return RuleError("rules.pochen.nothing_to_claim")
            return None
        if kind in BETTING:
            return _betting_refusal(state, table, kind)
        if kind in ("show", "poch"):
            if sets_wanted(state, table):  # nobody bet: the best set shown takes the poch pool
                return None
            if all_passed(state, table):
                return RuleError("rules.pochen.all_passed")
            if poch_over(state, table):
                return RuleError("rules.pochen.poch_over")
            turn = to_act(state, table)
            if turn is not None:
                return RuleError("rules.pochen.showdown_early", turn=turn)
            return None
        if not poch_over(state, table):  # out
            turn = to_act(state, table)
            if turn is not None:
                return RuleError("rules.pochen.poch_open", turn=turn)
            return RuleError("rules.pochen.poch_undecided")
        return None

    def choices(self, state: State, kind: str) -> tuple[str, ...]:
        table = round_in_play(state, PochenDeal)
        if kind in ("turned", "trump"):
            return ()
        if kind in BETTING:
            turn = to_act(state, table)
            return () if turn is None else (turn,)
        if kind in ("show", "poch") and not sets_wanted(state, table):
            return table.contestants()
        return table.players  # a claim, the play-out; a set shown after everyone passed

    def _claimable(self, table: PochenDeal) -> bool:
        for pool in POOLS:
            try:
                _check_pool(table, pool, None, dict(table.claimed))
            except RuleError:
                continue
            return True
        return False

    # -- checking --------------------------------------------------------------
    def normalize(self, state: State, kind: str, data: Mapping[str, Any]) -> EntryData:
        table = round_in_play(state, PochenDeal)
        deck = state.options["deck"]
        assert isinstance(deck, int)
        if kind in ("turned", "trump"):  # refusal() has said there is no trump yet
            if kind == "turned":
                return TurnedData(card=_deck_card(str(data.get("card", "")), deck).code())
            suit = SUIT_WORDS.get(str(data.get("suit", "")).strip().lower())
            if suit is None:
                raise RuleError("rules.pochen.unknown_suit", suit=data.get("suit", ""))
            return TrumpData(suit=suit)
        if kind == "claim":
            return self._check_claim(state, table, data)
        if kind in BETTING:
            return self._check_betting(state, table, kind, data)
        if kind in ("show", "poch"):
            return self._check_showdown(state, table, kind, data)
        return self._check_out(state, table, data)

    def _dealt_in(self, state: State, table: PochenDeal, word: Any) -> str:
        player = state.find_player(str(word))
        if player not in table.players:
            raise RuleError("rules.pochen.not_dealt_in", player=player, round=state.round)
        return player

    def _check_claim(self, state: State, table: PochenDeal, data: Mapping[str, Any]) -> ClaimData:
        player = self._dealt_in(state, table, data.get("player", ""))
        words = data.get("pools")
        if not isinstance(words, list | tuple) or not words:
            raise RuleError("rules.pochen.claim_syntax")
        pools = []
        for word in words:
            pools.append(pool_named(str(word)))
        claimed = dict(table.claimed)
        # marriage last: "claim C marriage king queen" is the same claim as "king queen marriage"
        for pool in sorted(pools, key=lambda p: p == "marriage"):
            _check_pool(table, pool, player, claimed)
            claimed[pool] = player
        # Each pool is claimed once and marriage needs the claimant's own king and queen, so
        # two claims never name one card; but all of them must fit in one hand of five.
        hand = {card for card, (holder, _) in _claimed_cards(claimed, table.trump).items()
                if holder == player}  # fmt: skip
        _check_hand(player, hand)
        return ClaimData(player=player, pools=pools)

    def _check_betting(
        self, state: State, table: PochenDeal, kind: str, data: Mapping[str, Any]
    ) -> PochBetData:
        """Entered by the player whose turn it is (check_bettor), for whom refusal() has
        checked the rest but the amount."""
        betting = table.betting
        player = self._dealt_in(state, table, data.get("player", ""))
        check_bettor(state, betting, kind, player, _KEYS)
        if kind not in AMOUNT_VERBS:
            return PochBetData(player=player)
        amount = data.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise RuleError("rules.pochen.amount_syntax", verb=kind)
        if amount <= betting.high:
            key = "rules.pochen.bet_not_above" if kind == "bet" else "rules.pochen.raise_not_above"
            raise RuleError(key, player=player, amount=amount, high=betting.high)
        most = betting.committed[player] + state.scores[player]
        if amount > most:
            raise RuleError("rules.pochen.short", player=player, amount=amount, most=most)
        return PochBetData(player=player, amount=amount)

    def _check_showdown(
        self, state: State, table: PochenDeal, kind: str, data: Mapping[str, Any]
    ) -> ShowData | PochData:
        if sets_wanted(state, table):  # nobody bet: the best set shown takes the poch pool
            contestants = table.players

            def resolve(word: str) -> str:
                return self._dealt_in(state, table, word)

        else:  # the betting has closed: refusal() has said so
            contestants = table.contestants()

            def resolve(word: str) -> str:
                player = state.find_player(word)
                if player not in contestants:
                    raise RuleError("rules.pochen.not_in_poch", player=player)
                return player

        if kind == "poch":
            groups = data.get("ranking")
            if not groups:  # only the winners need be named, but someone must be
                raise RuleError("rules.ranking_syntax")
            ranking = check_ranking(groups, resolve, contestants, complete=False)
            _check_decided(state, table, ranking)
            return PochData(ranking=ranking)
        sets = _check_sets(data.get("sets"), resolve, state.options["deck"], table)
        _check_decided(state, table, _ranking_of_sets(sets, table.trump))
        return ShowData(sets=sets)

    def _check_out(self, state: State, table: PochenDeal, data: Mapping[str, Any]) -> OutData:
        player = self._dealt_in(state, table, data.get("player", ""))
        given = data.get("paid") or []
        if isinstance(given, Mapping):
            given = list(given.items())
        if not isinstance(given, list | tuple) or not all(
            isinstance(pair, list | tuple) and len(pair) == 2 for pair in given
        ):
            raise RuleError("rules.pochen.out_syntax", word=str(given))
        if state.options["card_payment"] is not True:
            if given:
                raise RuleError("rules.pochen.no_card_payment")
            return OutData(player=player, paid={})
        paid: dict[str, int] = {}
        for word, cards in given:
            payer = self._dealt_in(state, table, word)
            if payer == player:
                raise RuleError("rules.pochen.pays_self", player=player)
            if payer in paid:
                raise RuleError("rules.pochen.paid_twice", player=payer)
            if not isinstance(cards, int) or isinstance(cards, bool) or cards < 1:
                raise RuleError("rules.pochen.cards_left", player=payer, value=cards)
            if cards > HAND:  # dealt five: nobody has more left
                raise RuleError("rules.pochen.cards_left_five", player=payer, value=cards)
            paid[payer] = cards
        missing = [p for p in table.players if p != player and p not in paid]
        if missing:
            raise RuleError(
                "rules.pochen.payment_missing", player=player, players=", ".join(missing)
            )
        return OutData(player=player, paid=paid)

    # -- applying --------------------------------------------------------------
    def apply(self, state: State, event: Event) -> State:
        table = round_in_play(state, PochenDeal)
        kind, data = event.kind, event.data
        if kind == "turned":
            card = parse_card(as_turned(data)["card"])
            return replace(state, table=replace(table, turned=card.code(), trump=card.suit))
        if kind == "trump":
            return replace(state, table=replace(table, trump=as_trump(data)["suit"]))
        if kind == "claim":
            claim = as_claim(data)
            scores, board = thawed(state.scores), _board(state)
            claimed = dict(table.claimed)
            for pool in claim["pools"]:
                scores[claim["player"]] += board[pool]
                board[pool] = 0
                claimed[pool] = claim["player"]
            table = replace(table, claimed=frozen(claimed))
            return replace(state, scores=frozen(scores), board=frozen(board), table=table)
        if kind in BETTING:
            return self._apply_betting(state, table, kind, as_poch_bet(data))
        if kind == "show":
            return self._settle(state, table, _ranking_of_sets(as_show(data)["sets"], table.trump))
        if kind == "poch":
            return self._settle(state, table, as_poch(data)["ranking"])
        out = as_out(data)
        return self._play_out(state, table, out["player"], out["paid"])

    def _apply_betting(
        self, state: State, table: PochenDeal, kind: str, data: PochBetData
    ) -> State:
        player, betting = data["player"], table.betting
        added = _added(state, betting, kind, data)
        folds = kind == "fold" or (kind == "pass" and betting.opened)
        betting = betting.put(player, kind, added, folds=folds)
        table = replace(table, started=True, betting=betting)
        state = replace(pay_in(state, player, added), table=table)
        if betting.opened and to_act(state, table) is None and len(table.contestants()) <= 1:
            return self._settle(state, table, [list(table.contestants())])
        return state

    def _settle(self, state: State, table: PochenDeal, ranking: Sequence[Sequence[str]]) -> State:
        """Pay out the Poch pot; the poch pool goes with the main pot."""
        order = state.in_order_from_left_of(table.dealer, table.players)
        layers = table.betting.layers()
        won = award(layers, ranking, order)
        winners = _poch_winners(state, table, ranking)
        board = _board(state)
        for player, chips in split(board["poch"], winners).items():
            won[player] = won.get(player, 0) + chips
        board["poch"] = 0
        scores = {p: state.scores[p] + won.get(p, 0) for p in state.names()}
        table = replace(table, settled=True, winners=tuple(winners))
        return replace(state, scores=frozen(scores), board=frozen(board), table=table)

    def _play_out(
        self, state: State, table: PochenDeal, player: str, paid: Mapping[str, int]
    ) -> State:
        board = _board(state)
        credit = dict.fromkeys(table.players, 0)
        credit[player] += board["centre"]
        board["centre"] = 0
        need = whole_ante(state.options)  # each player's antes, and what the next deal needs
        bets = table.betting.committed
        outlay = {p: need + bets[p] for p in table.players}  # antes and Poch bets
        for payer, cards in paid.items():
            given = min(cards, state.scores[payer])
            credit[payer] -= given
            credit[player] += given
            outlay[payer] += given
        turned = table.turned_card()
        honour = _turned_honour(table)
        if honour is not None and state.options["turned_honour"] == "dealer":
            credit[table.dealer] += board[honour]
            board[honour] = 0
        after = {p: state.scores[p] + credit.get(p, 0) for p in state.names()}
        deltas = {p: after[p] - table.start[p] for p in table.players}
        winners = {*table.winners, player}
        can_pay = tuple(p for p in state.seated() if after[p] >= need)
        next_dealer = state.left_of(table.dealer, can_pay) if can_pay else table.dealer
        state = replace(state, board=frozen(board))
        state = finish_round(
            state,
            deltas,
            "result.pochen.deal" if table.winners else "result.pochen.deal_no_poch",
            next_parent=next_dealer,
            game_over=any(after[p] < need for p in table.players),
            credit=credit,
            winners=tuple(p for p in table.players if p in winners),
            folded=table.betting.folds,
            paid=outlay,
            received={p: deltas[p] + outlay[p] for p in table.players},
            out=player,
            poch=", ".join(table.winners) or "-",
            turned=turned.code() if turned else "-",
        )
        return self.close(state) if state.finished else state

    # -- the read side ------------------------------------------------------------
    def headline(self, state: State) -> Headline:
        """The chips on the board (the nine pools), which the whole table plays for: there
        between deals too, where a pot would read 0."""
        return Headline("board", sum((state.board or {}).values()), state.in_round)

    def round_view(self, state: State) -> RoundView | None:
        table = state.table if state.in_round else None
        if not isinstance(table, PochenDeal):
            return None
        if table.settled:  # the Poch is paid out: nothing in the middle, no stake
            return RoundView(dealt=table.players)
        stake = table.betting.high if table.trump is not None else None
        return betting_view(state, table.betting, to_act(state, table), stake)

    def board_view(self, state: State) -> BoardView | None:
        """The nine pools as they lie, who claimed each this deal and for how many deals
        each has been carried; the deal's stage as the page says it, with the trump; and
        the Poch's pot once something is bet. The table's screen says more of the stage
        and the turn (ui/screens/table_pochen.py)."""
        if state.board is None:
            return None
        deal, board, carried = deal_view(state), state.board, carried_deals(state)
        rows = tuple(
            tuple(
                PoolView(
                    pool,
                    f"ui.pochen.pool.{pool}",
                    board.get(pool, 0),
                    deal.claimed.get(pool),
                    carried[pool],
                    pool in CLAIM_RANKS,
                )
                for pool in row
            )
            for row in BOARD_ROWS
        )
        stage: Said | None = None
        if not state.finished and deal.stage != "between":
            stage = (f"web.pochen.stage.{deal.stage}", {})
            if deal.trump:  # (before the trump, the stage asks for it: said once)
                said = Phrase((stage[0],))
                stage = ("ui.pochen.stage", {"stage": said, "trump": SUIT_SYMBOLS[deal.trump]})
        view = self.round_view(state)
        pot: Said | None = None
        if view is not None and deal.poch_open and view.pot:  # (not a pot of 0 before a bet)
            who = " ".join(deal.contestants or view.live)
            pot = ("ui.pochen.pot", {"chips": view.pot, "players": who})
        return BoardView(
            rows, "ui.pochen.claimed_by", "ui.pochen.carried", "ui.pochen.carried_short",
            stage, pot,
        )  # fmt: skip

    def folds(self, before: State, event: Event) -> str | None:
        """A fold, or a pass that answers a bet in the Poch."""
        table = before.table
        answers_bet = (
            event.kind == "pass" and isinstance(table, PochenDeal) and table.betting.opened
        )
        if event.kind == "fold" or answers_bet:
            return as_poch_bet(event.data)["player"]
        return None

    # -- the log -----------------------------------------------------------------
    def describe(self, before: State, event: Event) -> tuple[str, dict[str, Any]]:
        table = round_in_play(before, PochenDeal)
        kind, data = event.kind, event.data
        if kind == "turned":
            card = parse_card(as_turned(data)["card"])
            assert card.suit is not None
            return "log.pochen.turned", {"card": card.label(), "suit": SUIT_SYMBOLS[card.suit]}
        if kind == "trump":
            return "log.pochen.trump", {"suit": SUIT_SYMBOLS[as_trump(data)["suit"]]}
        board = before.board or {}
        if kind == "claim":
            claim = as_claim(data)
            chips = sum(board.get(pool, 0) for pool in claim["pools"])
            pools = pool_phrase(*claim["pools"])
            return "log.pochen.claim", {"player": claim["player"], "pools": pools, "chips": chips}
        if kind in BETTING:
            bet = as_poch_bet(data)
            player = bet["player"]
            if kind == "pass" and table.betting.opened:
                return "log.pochen.pass_folds", {"player": player}
            added = _added(before, table.betting, kind, bet)
            return bet_log(before, table.betting, kind, player, added, _KEYS)
        nobody_bet = all_passed(before, table)  # all_pass best_set: only the poch pool
        if kind == "show":
            sets = as_show(data)["sets"]
            shown = ", ".join(f"{p} {' '.join(c)}" for p, c in sets.items())
            best = _ranking_of_sets(sets, table.trump)
            winner = ", ".join(_poch_winners(before, table, best))
            if nobody_bet:
                return "log.pochen.show_pool", {
                    "sets": shown, "winner": winner, "poch": board["poch"]
                }  # fmt: skip
            return "log.pochen.show", {
                "sets": shown, "winner": winner, "pot": table.pot, "poch": board["poch"],
            }  # fmt: skip
        if kind == "poch":
            ranking = " ".join(ranking_words(as_poch(data)["ranking"]))
            if nobody_bet:
                return "log.pochen.poch_pool", {"ranking": ranking, "poch": board["poch"]}
            return "log.pochen.poch", {"ranking": ranking, "pot": table.pot, "poch": board["poch"]}
        chips = board["centre"]
        out = as_out(data)
        if out["paid"]:
            paid = sum(min(n, before.scores[p]) for p, n in out["paid"].items())
            return "log.pochen.out_paid", {"player": out["player"], "chips": chips, "paid": paid}
        return "log.pochen.out", {"player": out["player"], "chips": chips}


#: The round entries in the order ``legal`` lists them, before and after a bet in the Poch.
_OFFERED = ("turned", "trump", "claim", *BETTING, "show", "poch", "out")
_OFFERED_OPENED = ("turned", "trump", "claim", *BET_VERBS, "pass", "show", "poch", "out")


def _betting_refusal(state: State, table: PochenDeal, kind: str) -> RuleError | None:
    """Why the player whose turn it is in the Poch may not make an entry of *kind* now."""
    if poch_over(state, table):
        return RuleError("rules.pochen.poch_over")
    turn = to_act(state, table)
    if turn is None:  # said before who is asking, unlike indian-chips
        return RuleError("rules.pochen.betting_closed")
    betting = table.betting
    refused = verb_refusal(state, betting, kind, turn, _KEYS)
    if refused is not None:
        return refused
    if kind == "bet" and betting.opened:
        return RuleError("rules.pochen.second_bet", player=turn, high=betting.high)
    if kind == "raise" and not betting.can_raise(state, turn):
        return RuleError("rules.pochen.raise_short", player=turn, chips=state.scores[turn])
    return None


def _poch_winners(state: State, table: PochenDeal, ranking: Sequence[Sequence[str]]) -> list[str]:
    """Who wins the Poch's main pot (and with it the poch pool), in seat order."""
    order = state.in_order_from_left_of(table.dealer, table.players)
    layers = table.betting.layers()
    if layers.pots:
        main = layers.pots[0]
        group = next(g for g in ranking if any(p in main.eligible for p in g))
        return [p for p in order if p in group and p in main.eligible]
    return [p for p in order if p in ranking[0]]  # everyone else folded before matching


def _board(state: State) -> dict[str, int]:
    board = dict.fromkeys(POOLS, 0)
    board.update(state.board or {})
    return board


def _added(state: State, betting: Betting, kind: str, data: PochBetData) -> int:
    """Chips a Poch entry puts in: amounts are totals; a call never goes past the stack."""
    player = data["player"]
    if kind in AMOUNT_VERBS and "amount" in data:
        return int(data["amount"]) - betting.committed[player]
    if kind == "call":
        return betting.to_call(state, player)
    return 0


def _deck_card(text: str, deck: int) -> Card:
    card = parse_card(text, joker=False)
    if card.is_joker or card.rank not in DECK_RANKS[deck]:
        raise RuleError("rules.pochen.not_in_deck", card=card.code(), deck=deck)
    return card


def _turned_honour(table: PochenDeal) -> str | None:
    """The honour pool whose card is the turned card, if any."""
    turned = table.turned_card()
    for pool, rank in HONOURS.items():
        if turned is not None and turned.rank == rank:
            return pool
    return None


def _check_pool(
    table: PochenDeal, pool: str, player: str | None, claimed: Mapping[str, str]
) -> None:
    """Refuse a claim of *pool* by *player* (None: by whoever could) with the reason."""
    if pool in ("poch", "centre"):
        raise RuleError("rules.pochen.not_claimable", pool=pool_phrase(pool))
    if pool in claimed:
        raise RuleError(
            "rules.pochen.already_claimed", pool=pool_phrase(pool), player=claimed[pool]
        )
    turned = table.turned_card()
    turned_rank = turned.rank if turned is not None else None
    if pool in HONOURS and HONOURS[pool] == turned_rank:
        raise RuleError("rules.pochen.turned_pool", pool=pool_phrase(pool), card=table.turned)
    if pool == "marriage":
        if turned_rank in MARRIAGE:
            raise RuleError("rules.pochen.marriage_broken", card=table.turned)
        holders = {claimed.get("king"), claimed.get("queen")}
        if len(holders) != 1 or None in holders or (player is not None and player not in holders):
            raise RuleError("rules.pochen.marriage_needs", player=player or "-")
    if pool == "sequence" and turned_rank in SEQUENCE:
        raise RuleError("rules.pochen.sequence_broken", card=table.turned)


def _claimed_cards(claimed: Mapping[str, str], trump: str | None) -> dict[Card, tuple[str, str]]:
    """The trump cards the claims *claimed* (pool -> player) reveal: card -> (holder, pool)."""
    cards: dict[Card, tuple[str, str]] = {}
    if trump is None:
        return cards
    for pool, player in claimed.items():
        for rank in CLAIM_RANKS.get(pool, ()):
            cards.setdefault(Card(rank, trump), (player, pool))
    return cards


def _check_hand(player: str, hand: set[Card]) -> None:
    """Refuse a record that shows *player* holding more cards than were dealt."""
    if len(hand) > HAND:
        ranks = {rank: i for i, rank in enumerate(DECK_RANKS[52])}
        suits = {suit: i for i, suit in enumerate(SUIT_NAMES)}
        ordered = sorted(hand, key=lambda c: (ranks[c.rank], suits.get(c.suit or "", 0)))
        shown = " ".join(card.label() for card in ordered)
        raise RuleError("rules.pochen.hand_of_five", player=player, count=len(hand), cards=shown)


def _check_shown(table: PochenDeal, player: str, cards: Sequence[Card]) -> None:
    """One deck: the turned card is in no hand (the dealer's included: it is the card
    after the five each), a claimed card is in its claimant's hand only, and what the
    claims and the set reveal of *player*'s hand is at most five cards."""
    turned = table.turned_card()
    held = _claimed_cards(table.claimed, table.trump)
    for card in cards:
        if card == turned:
            raise RuleError("rules.pochen.turned_shown", card=card.label(), player=player)
        holder, pool = held.get(card, (player, ""))
        if holder != player:
            raise RuleError(
                "rules.pochen.claimed_card",
                card=card.label(),
                first=holder,
                pool=pool_phrase(pool),
                second=player,
            )
    claims = {card for card, (holder, _) in held.items() if holder == player}
    _check_hand(player, claims | set(cards))


def _check_sets(
    given: Any, resolve: Callable[[str], str], deck: OptionValue, table: PochenDeal
) -> dict[str, list[str]]:
    """Canonical ``{player: [codes]}``: 2-4 cards of one rank each, no card twice, none
    that the turned card or another player's claim already places (``_check_shown``)."""
    assert isinstance(deck, int)
    if isinstance(given, Mapping):
        given = list(given.items())
    if not isinstance(given, list | tuple) or not given:
        raise RuleError("rules.pochen.show_syntax")
    sets: dict[str, list[str]] = {}
    holder: dict[Card, str] = {}
    for pair in given:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise RuleError("rules.pochen.show_syntax")
        word, texts = pair
        if not isinstance(texts, list | tuple):
            raise RuleError("rules.pochen.show_syntax")
        player = resolve(str(word))
        if player in sets:
            raise RuleError("rules.pochen.shown_twice", player=player)
        cards = [_deck_card(str(text), deck) for text in texts]
        if not 2 <= len(cards) <= 4 or len({card.rank for card in cards}) != 1:
            shown = " ".join(card.code() for card in cards)
            raise RuleError("rules.pochen.bad_set", player=player, cards=shown)
        for card in cards:
            if card in holder:
                raise RuleError("cards.twice", card=card.code(), first=holder[card], second=player)
            holder[card] = player
        _check_shown(table, player, cards)
        sets[player] = [card.code() for card in cards]
    return sets


def _ranking_of_sets(sets: Mapping[str, Sequence[str]], trump: str | None) -> list[list[str]]:
    """Shown players, best set first; whoever did not show cannot win."""
    strength = {p: set_strength([parse_card(c) for c in cards], trump) for p, cards in sets.items()}
    levels = sorted(set(strength.values()), reverse=True)
    return [[p for p in sets if strength[p] == level] for level in levels]


def _check_decided(state: State, table: PochenDeal, ranking: Sequence[Sequence[str]]) -> None:
    """Every Poch pot needs someone named who can win it."""
    named = {p for group in ranking for p in group}
    for pot in table.betting.layers().pots:
        if not named & set(pot.eligible):
            raise RuleError(
                "rules.pochen.pot_undecided", chips=pot.amount, players=", ".join(pot.eligible)
            )


# -- what the property tests' generator plays (core/samples.py) ----------------------
def _turned_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    return {"card": draw.one(DECK)}


def _trump_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    return {"suit": draw.one(SUITS)}


def _claim_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """Pools claimed, sometimes more trump cards than a hand of five (refused)."""
    return {"player": pick, "pools": draw.some(POOLS[:7], 1, 4)}


def _bet_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """A bet or raise a little above the highest so far."""
    view = _GAME.round_view(state)
    high = (view.stake or 0) if view is not None else 0
    return {"player": pick, "amount": high + draw.number(1, 3)}


def _show_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """Sets from one deck, or not (the turned card, another's claim)."""
    sets = []
    for player in draw.some(choices, 1, unique=True):
        rank = draw.one(RANKS)
        suits = draw.some(SUITS, 2, 4, unique=True)
        sets.append([player, [rank + suit for suit in suits]])
    return {"sets": sets}


def _poch_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    return {"ranking": ranking_groups(draw, choices)}


def _out_sample(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """Who went out, and (card payment) what each other player paid: 6 is refused."""
    view = _GAME.round_view(state)
    others = [p for p in (view.dealt if view else ()) if p != pick]
    paid = {p: draw.number(1, 6) for p in others}
    return {"player": pick, "paid": paid if state.options["card_payment"] else {}}


_GAME = Pochen()

#: Card payment and the best set on an all-pass reach every rule; the board at the end
#: goes back, or also opens the next session (and one session of three opens with a
#: board carried over, one of three is ended with chips on the board); a deal takes many
#: more entries than a round.
SAMPLES = Samples(
    verbs={
        **dict.fromkeys(BETTING, player_only),
        "turned": _turned_sample,
        "trump": _trump_sample,
        "claim": _claim_sample,
        "bet": _bet_sample,
        "raise": _bet_sample,
        "show": _show_sample,
        "poch": _poch_sample,
        "out": _out_sample,
    },
    options={"stack": "40", "card_payment": "true", "all_pass": "best_set"},
    drawn_options={"end_board": ("share", "carry")},
    stacks={"A": 60},
    steps=110,
    carried={
        "board": {"jack": 3, "centre": 6},
        "shares": {"A": 3, "B": 2, "C": 2, "D": 2},
    },
    ended_sometimes=True,
)


register(
    GameSpec(
        _GAME,
        order=4,
        state_types=(PochenDeal, Betting),
        screen="scorekeeper.ui.screens.table_pochen:PochenTable",
        phone=PhoneForms(
            forms={
                "turned": "card",
                "trump": "suit",
                "check": "player",
                "show": "cards",
                "claim": "pools",
                "pass": "player",
                "bet": "amount",
                "call": "player",
                "raise": "amount",
                "fold": "player",
                "poch": "ranking",
                "out": "player",
            },
            hands=frozenset({"show"}),
            labels={"round": "phone.do.pochen.round", "show": "phone.do.pochen.show"},
        ),
        samples=SAMPLES,
        rules_doc="docs/rules/pochen.md",
        rules_doc_ja="docs/ja/rules.md",
        proposers={
            **dict.fromkeys(("turned", "trump"), "leader"),
            **dict.fromkeys(("claim", *BETTING, "out"), "self"),
            **dict.fromkeys(("show", "poch"), "anyone"),
        },
    )
)
