"""Long sessions (past the 256 entries a snapshot is first taken at) of every registered
game, built fast from a fixed seed: the moves of tests/session_gen.py (its entry data,
its rounds, undo, corrections, joins, leaves, rebuys, notes, rates) drawn from
``random.Random(seed)`` instead of Hypothesis, whose per-draw cost makes a 300-entry
Pochen session take minutes. The same seed gives the same session on every machine."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from scorekeeper.core.events import Entry
from scorekeeper.core.games import game_spec
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from tests import session_gen
from tests.session_gen import (
    Clock,
    correction,
    entry_data,
    options_of,
    play_round_entry,
    try_entry,
)

#: Moves of a long session: mostly play, some of everything else; never ``end``.
MOVES = ["legal"] * 4 + ["round_entry"] * 8 + [
    "undo", "correct", "note", "join", "leave", "rebuy_short", "rate", "recorder"
]  # fmt: skip
#: Notes written in a long session: any Unicode, as session_gen.FREE_TEXT draws.
NOTES = ["more", "佐藤さん 遅刻", "Zoë's turn", "\u202e mirrored", "😀 ok", "[b]Bo[/b]"]

#: Entries the rules must refuse in words, as session_gen.GARBAGE draws them.
GARBAGE = [("fold", {"player": "Z"}), ("raise", {"amount": -1}), ("zap", {}),
           ("claim", {"pools": ["x"]}), ("showdown", {"winner": ""})]  # fmt: skip

Draw = Callable[[random.Random], Any]


class _Strategies:
    """The few strategies session_gen's helpers build (``st.sampled_from`` …), each a
    function of a Random: what :class:`SeededData` draws from."""

    @staticmethod
    def sampled_from(items: Sequence[Any]) -> Draw:
        items = list(items)
        return lambda rng: rng.choice(items)

    @staticmethod
    def integers(low: int, high: int) -> Draw:
        return lambda rng: rng.randint(low, high)

    @staticmethod
    def booleans() -> Draw:
        return lambda rng: rng.random() < 0.5

    @staticmethod
    def none() -> Draw:
        return lambda rng: None

    @staticmethod
    def one_of(*choices: Draw) -> Draw:
        return lambda rng: rng.choice(choices)(rng)

    @staticmethod
    def permutations(items: Sequence[Any]) -> Draw:
        return lambda rng: rng.sample(list(items), len(items))

    @staticmethod
    def lists(
        element: Draw, min_size: int = 0, max_size: int | None = None, unique: bool = False
    ) -> Draw:
        def draw(rng: random.Random) -> list[Any]:
            size = rng.randint(min_size, max_size if max_size is not None else min_size + 4)
            made: list[Any] = []
            for _ in range(size * 20):
                if len(made) == size:
                    break
                item = element(rng)
                if not (unique and item in made):
                    made.append(item)
            return made

        return draw


class SeededData:
    """What session_gen's helpers take as Hypothesis's ``data``: draws from a Random. A
    real strategy is answered from a list: session_gen.GARBAGE from :data:`GARBAGE`, its
    FREE_TEXT from :data:`NOTES`."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def draw(self, strategy: Any) -> Any:
        if callable(strategy):
            return strategy(self.rng)
        if strategy is session_gen.GARBAGE:
            return self.rng.choice(GARBAGE)
        return self.rng.choice(NOTES)


@contextlib.contextmanager
def seeded_strategies() -> Iterator[None]:
    real = session_gen.st
    session_gen.st = _Strategies  # type: ignore[assignment]
    try:
        yield
    finally:
        session_gen.st = real


#: The last entries of a long session hold no undo and no correction: one reaching below
#: the state a snapshot keeps (64 entries back) would make every reader fold it whole, and
#: the snapshot would never be read.
QUIET_TAIL = 80


def long_session(game: str, seed: int, at_least: int = 300) -> Session:
    """A session of *game* with at least *at_least* entries (or as many as its moves
    reached), from *seed*, its last :data:`QUIET_TAIL` entries without undo or correction."""
    data = SeededData(seed)
    rng = data.rng
    stacks = dict(game_spec(game).samples.stacks) or None  # any registered game, by its id
    header = make_header(game, ["A", "B", "C", "D"], options_of(game), stacks=stacks)
    session = Session(header)
    clock = Clock()
    shared = ("end", "leave", "recorder", "note", "rate", "join", "rebuy", "undo", "proposals")
    with seeded_strategies():
        for _ in range(at_least * 20):
            if len(session.events) >= at_least:
                break
            state = session.state
            move = rng.choice(MOVES)
            if move in ("undo", "correct") and len(session.events) >= at_least - QUIET_TAIL:
                continue
            if move == "round_entry" and state.in_round:
                play_round_entry(data, session, clock)  # type: ignore[arg-type]
            elif move == "correct":
                if rng.random() < 0.2:  # a correction replays the rounds after it: rare
                    correction(data, session, clock)  # type: ignore[arg-type]
            elif move == "undo":
                try_entry(session, Entry("undo"), clock)
            elif move == "rebuy_short":
                seated = state.seated()
                if seated and not state.in_round:
                    short = min(seated, key=lambda name: state.scores.get(name, 0))
                    try_entry(session, Entry("rebuy", {"player": short, "chips": 12}), clock)
            else:
                kinds = [a for a in session.legal() if a.kind not in shared]
                if move not in ("legal", "round_entry"):
                    kinds = [a for a in session.legal() if a.kind == move]
                if kinds:
                    action = rng.choice(kinds)
                    made = entry_data(data, session, action)  # type: ignore[arg-type]
                    try_entry(session, Entry(action.kind, made), clock)
    return session
