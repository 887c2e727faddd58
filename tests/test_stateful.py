"""Stateful fuzzing of every game: legal and illegal entries mixed, invariants after each.

Invariants: points sum to zero (indian-official); chips are conserved, stacks
plus pots plus board equal what was brought (chip games); no stack is
negative; an illegal entry changes nothing; undo restores the exact earlier
state.
"""

from __future__ import annotations

from typing import Any, ClassVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from tests.session_gen import GARBAGE

SUITS = "SHDC"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7"]
POOLS = ["ace", "king", "queen", "jack", "ten", "marriage", "sequence"]


def table_chips(session: Session) -> int:
    state = session.state
    total = sum(state.scores.values()) + sum((state.board or {}).values())
    if state.in_round and state.table is not None:
        pot = getattr(state.table, "pot", 0)
        total += pot if isinstance(pot, int) else 0
    return total


class GameMachine(RuleBasedStateMachine):
    GAME = "indian-official"
    OPTIONS: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        super().__init__()
        header = make_header(self.GAME, ["A", "B", "C", "D"], self.OPTIONS)
        self.session = Session(header)
        self.history: list[Any] = []  # states before each entry in force
        self.brought = table_chips(self.session)

    def _data(self, data: st.DataObject, kind: str, choices: tuple[str, ...]) -> dict[str, Any]:
        state = self.session.state
        pick = data.draw(st.sampled_from(choices)) if choices else ""
        if kind in ("round", "undo", "end"):
            return {}
        if kind == "note":
            return {"text": "n"}
        if kind == "rate":
            return {"amount": "10", "currency": "JPY"}
        if kind == "join":  # a newcomer, or one who left coming back to the old seat
            left = [n for n in state.names() if n not in state.seated()]
            return {"player": data.draw(st.sampled_from(["E", "F", *left])), "after": None}
        if kind == "rebuy":
            return {"player": pick, "chips": data.draw(st.integers(1, 30))}
        if kind == "showdown" and self.GAME == "indian-official":
            return {"winner": pick}
        if kind in ("showdown", "poch"):
            order = data.draw(st.permutations(list(choices)))
            return {"ranking": [[name] for name in order]}
        if kind == "lose":
            return {
                "losers": data.draw(st.lists(st.sampled_from(choices), min_size=1, unique=True))
            }
        if kind == "reveal":
            cards = data.draw(
                st.lists(st.sampled_from([r + s for r in RANKS for s in SUITS]),
                         min_size=len(choices), max_size=len(choices), unique=True)
            )  # fmt: skip
            return {"cards": dict(zip(choices, cards, strict=True))}
        if kind == "turned":
            return {"card": data.draw(st.sampled_from(RANKS)) + data.draw(st.sampled_from(SUITS))}
        if kind == "trump":
            return {"suit": data.draw(st.sampled_from(SUITS))}
        if kind == "claim":
            return {"player": pick, "pools": [data.draw(st.sampled_from(POOLS))]}
        if kind in ("bet", "raise") and self.GAME == "pochen":
            table = state.table
            return {
                "player": pick,
                "amount": getattr(table, "high", 0) + data.draw(st.integers(1, 4)),
            }
        if kind == "out":  # the cards left of each other player (6: more than a hand, refused)
            others = [p for p in getattr(state.table, "players", ()) if p != pick]
            return {"player": pick, "paid": {p: data.draw(st.integers(1, 6)) for p in others}}
        if kind == "show":  # sets that one deck allows or not (the turned card, a claim's)
            shown = data.draw(st.lists(st.sampled_from(choices), min_size=1, unique=True))
            sets = {}
            for player in shown:
                rank = data.draw(st.sampled_from(RANKS))
                suits = data.draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=4,
                                           unique=True))  # fmt: skip
                sets[player] = [rank + suit for suit in suits]
            return {"sets": sets}
        return {"player": pick}

    @rule(data=st.data())
    def legal_entry(self, data: st.DataObject) -> None:
        actions = [a for a in self.session.legal() if a.kind not in ("end", "recorder")]
        action = data.draw(st.sampled_from(actions))
        entry = Entry(action.kind, self._data(data, action.kind, action.choices))
        before = self.session.state
        try:
            event = self.session.check(entry)
        except RuleError:  # a random claim or amount the rules refuse: nothing changed
            assert self.session.state is before
            return
        self.session.commit(event)
        if entry.kind == "undo":
            restored = self.history.pop()
            assert self.session.state == restored
        else:
            self.history.append(before)

    @rule(garbage=GARBAGE)
    def illegal_entry(self, garbage: tuple[str, dict[str, Any]]) -> None:
        kind, data = garbage
        before, count = self.session.state, len(self.session.events)
        try:
            event = self.session.check(Entry(kind, data))
        except RuleError:
            assert self.session.state is before and len(self.session.events) == count
            return
        self.session.commit(event)  # garbage that happens to be legal is just an entry
        self.history.append(before)

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self) -> None:
        expected = self.history.pop()
        self.session.record(Entry("undo"))
        assert self.session.state == expected

    @invariant()
    def no_negative_stack(self) -> None:
        if self.session.game.uses_chips:
            assert min(self.session.state.scores.values()) >= 0

    @invariant()
    def conserved(self) -> None:
        state = self.session.state
        if self.session.game.uses_chips:
            assert table_chips(self.session) == self.brought + state.bought
        elif not self.session.game.lower_is_better:
            assert sum(state.scores.values()) == 0


class OfficialMachine(GameMachine):
    GAME = "indian-official"
    OPTIONS: ClassVar[dict[str, str]] = {"cap": "none", "parent_double_folds": "true"}


class ChipsMachine(GameMachine):
    GAME = "indian-chips"
    OPTIONS: ClassVar[dict[str, str]] = {"stack": "12", "bet": "3", "raises": "2", "redraw": "true"}


class LowestMachine(GameMachine):
    GAME = "indian-lowest"


class PochenMachine(GameMachine):
    GAME = "pochen"
    OPTIONS: ClassVar[dict[str, str]] = {
        "stack": "30", "card_payment": "true", "all_pass": "best_set"
    }  # fmt: skip


SETTINGS = settings(
    max_examples=30, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)  # fmt: skip
TestOfficial = OfficialMachine.TestCase
TestOfficial.settings = SETTINGS
TestChips = ChipsMachine.TestCase
TestChips.settings = SETTINGS
TestLowest = LowestMachine.TestCase
TestLowest.settings = SETTINGS
TestPochen = PochenMachine.TestCase
TestPochen.settings = SETTINGS
