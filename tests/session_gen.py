"""Sessions built by Hypothesis: legal and illegal entries mixed with undo, corrections of
finished rounds, join/leave/rebuy, recorder changes and notes in any Unicode.

Shared by the cross-view property tests (tests/test_views_agree.py) and the long
run of them (tests/run_long_properties.sh). Every entry goes through the rules
exactly as the app and the CLI send it; what the rules refuse changes nothing
and is simply not in the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from hypothesis import strategies as st

from scorekeeper.core.corrections import correction_entry, in_force
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Proposed
from scorekeeper.core.game import LegalAction
from scorekeeper.core.games import game_spec, game_specs
from scorekeeper.core.header import make_header
from scorekeeper.core.samples import DECK as DECK  # the tests draw cards from it too
from scorekeeper.core.session import Session

T = TypeVar("T")
JOINERS = ["E", "佐藤", "Zoë"]


def options_of(game: str) -> dict[str, str]:
    """The options a game's sessions are generated with (its ``samples``, core/samples.py)."""
    return dict(game_spec(game).samples.options)


#: (game, options): every registered game (core/games), in the order games are offered,
#: with the options its registration declares for the generator (``GameSpec.samples``).
#: A game registered later (the sixth game of tests/sixth_game.py) is played by name:
#: build_session asks the registry, not this list.
GAMES: dict[str, dict[str, str]] = {spec.id: options_of(spec.id) for spec in game_specs()}

#: Any text a recorder might type into a note or a reason (surrogates are not text).
FREE_TEXT = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=30).filter(
    lambda text: bool(text.split())
)

#: Entries of any kind with data of any shape: the rules must refuse them in words.
GARBAGE = st.tuples(
    st.sampled_from(
        ["fold", "raise", "showdown", "bet", "call", "check", "claim", "out", "lose", "zap"]
    ),
    st.dictionaries(
        st.sampled_from(["player", "winner", "amount", "pools", "ranking", "cards", "losers"]),
        st.one_of(st.text(max_size=3), st.integers(-5, 500), st.lists(st.text(max_size=2))),
        max_size=3,
    ),
)

MOVES = (
    ["legal"] * 10
    + ["round_entry"] * 6
    + ["undo", "undo", "correct", "correct", "garbage", "note", "rate", "recorder"]
    + ["join", "leave", "leave", "rebuy", "end_attempt"]  # leaving twice as often: rejoins
    # the next parent (dealer) leaves, and a player who left comes back to their own seat:
    # the mixes where the rotation passes through a returning player's seat (issue 35)
    + ["leave_parent", "leave_parent", "rejoin", "rejoin", "rejoin"]
    # a rebuy, most often by the player shortest of chips (out of the game at 0): the rows
    # of the exports that jump without a word unless the rebuy is one (issue 43)
    + ["rebuy", "rebuy_short", "rebuy_short"]
    # the switch of players' proposals (issue 46): proposals auto / ask
    + ["proposals"]
)


class Clock:
    """Entry times a few seconds apart, as at a real table (whole seconds, UTC)."""

    def __init__(self) -> None:
        self.at = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=7)
        return self.at


class HypothesisDraw:
    """The choices a game's samples make (core/samples.py ``Draw``), drawn by Hypothesis
    (or by what tests/long_sessions.py puts in ``st``'s place)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def one(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))

    def some(
        self, options: Sequence[T], min_size: int = 0, max_size: int | None = None, *,
        unique: bool = False,
    ) -> list[T]:  # fmt: skip
        element = st.sampled_from(options)
        return self.data.draw(st.lists(element, min_size=min_size, max_size=max_size,
                                       unique=unique))  # fmt: skip

    def number(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def coin(self) -> bool:
        return self.data.draw(st.booleans())

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return self.data.draw(st.permutations(list(items)))


def entry_data(data: st.DataObject, session: Session, action: LegalAction) -> dict[str, Any]:
    """Data for a legal kind of entry; the rules may still refuse it (a claim nobody can make)."""
    kind, choices = action.kind, action.choices
    pick = data.draw(st.sampled_from(choices)) if choices else ""
    if kind in ("round", "undo", "end"):
        return {}
    if kind == "note":
        return {"text": data.draw(FREE_TEXT)}
    if kind == "proposals":  # the switch of players' proposals (issue 46)
        return {"auto": data.draw(st.booleans())}
    if kind == "rate":  # refused ones too: a rate the rules refuse changes nothing
        amount = data.draw(st.sampled_from(["10", "0.5", "1250.25", "0", "1e3", "1.005"]))
        currency = data.draw(st.sampled_from([None, "JPY", "usd", "円", "€", "X1"]))
        return {"amount": amount, "currency": currency}
    if kind == "join":
        after = data.draw(st.one_of(st.none(), st.sampled_from(choices))) if choices else None
        state = session.state
        left = [name for name in state.names() if name not in state.seated()]
        # newcomers, and (more often) players who left coming back: to their old seat
        # without after
        names = st.sampled_from(left) if left and data.draw(st.booleans()) else None
        player = data.draw(names if names is not None else st.sampled_from(JOINERS + left))
        return {"player": player, "after": after}
    if kind == "rebuy":
        return {"player": pick, "chips": data.draw(st.integers(1, 15))}
    game = session.game
    sample = game_spec(game.id).samples.verbs.get(kind) if kind in game.round_kinds else None
    if sample is None:  # a verb the game declares no data for: tests/test_registry.py says so
        return {"player": pick}
    return sample(HypothesisDraw(data), session.state, choices, pick)


def try_entry(session: Session, entry: Entry, clock: Clock) -> bool:
    """Record *entry* if the rules accept it; a refusal must change nothing."""
    before, count = session.state, len(session.events)
    try:
        event = session.check(entry, clock())
    except RuleError:
        assert session.state is before and len(session.events) == count
        return False
    session.commit(event)
    return True


def play_round_entry(data: st.DataObject, session: Session, clock: Clock) -> bool:
    """One entry of the round in play (the game's own kinds only)."""
    kinds = session.game.round_kinds
    actions = [a for a in session.legal() if a.kind in kinds]
    if not actions:
        return False
    action = data.draw(st.sampled_from(actions))
    entry = Entry(action.kind, entry_data(data, session, action))
    if data.draw(st.integers(0, 2)) == 0:  # a player proposed it from their phone (issue 46)
        by = data.draw(st.sampled_from(session.state.seated()))
        entry = replace(entry, proposed=Proposed(by, clock.at - timedelta(seconds=3)))
    return try_entry(session, entry, clock)


def round_start(session: Session, number: int) -> Session:
    """A scratch session holding the entries in force up to the start of round *number*."""
    _, items = in_force(session.ledger)
    scratch = Session(session.header)
    clock = Clock()
    started = 0
    for item in items:
        scratch.record(Entry(item.event.kind, item.event.data), clock())
        if item.event.kind == "round":
            started += 1
            if started == number:
                break
    return scratch


def correction(data: st.DataObject, session: Session, clock: Clock) -> bool:
    """Correct a finished round with a different, complete play of it (if the rules agree)."""
    finished = len(session.state.results)
    if not finished:
        return False
    number = data.draw(st.integers(1, finished))
    scratch = round_start(session, number)
    entries: list[Entry] = []
    for _ in range(40):
        if not scratch.state.in_round:
            break
        if play_round_entry(data, scratch, Clock()):
            event = scratch.events[-1]
            entries.append(Entry(event.kind, event.data))
    if scratch.state.in_round or not entries:
        return False
    reason = data.draw(FREE_TEXT)
    return try_entry(session, correction_entry(number, reason, entries), clock)


#: The chips some players start with, by game (its ``samples.stacks``): A has more than
#: the others, so that the chips held and the net result order the players differently.
STACKS = {spec.id: dict(spec.samples.stacks) for spec in game_specs() if spec.samples.stacks}


def build_session(data: st.DataObject, game: str) -> Session:
    """A session of *game* after a number of moves of every kind."""
    samples = game_spec(game).samples
    options, carried = options_of(game), {}
    for key, words in samples.drawn_options.items():  # Pochen: the board at the end goes
        options[key] = data.draw(st.sampled_from(words))  # back, or opens the next session
    # now and then this session opens with a board carried over from the one before
    if samples.carried is not None and data.draw(st.integers(0, 2)) == 0:
        carried = dict(samples.carried)
    stacks = dict(samples.stacks) or None
    header = make_header(game, ["A", "B", "C", "D"], options, stacks=stacks, **carried)
    session = Session(header)
    clock = Clock()
    count = data.draw(st.integers(1, samples.steps))
    for _ in range(count):
        move = data.draw(st.sampled_from(MOVES))
        state = session.state
        if move == "round_entry" and state.in_round:
            play_round_entry(data, session, clock)
        elif move in ("legal", "round_entry"):
            shared = ("end", "leave", "recorder", "note", "rate", "join", "rebuy", "undo")
            shared += ("proposals",)  # a move of its own
            actions = [a for a in session.legal() if a.kind not in shared]
            if actions:
                action = data.draw(st.sampled_from(actions))
                try_entry(session, Entry(action.kind, entry_data(data, session, action)), clock)
        elif move == "undo":
            try_entry(session, Entry("undo"), clock)
        elif move == "correct":
            correction(data, session, clock)
        elif move == "garbage":
            kind, payload = data.draw(GARBAGE)
            try_entry(session, Entry(kind, payload), clock)
        elif move == "end_attempt":
            if data.draw(st.integers(0, 3)) == 0:
                try_entry(session, Entry("end"), clock)
        elif move == "leave_parent":
            try_entry(session, Entry("leave", {"player": state.parent}), clock)
        elif move == "rebuy_short":
            seated = state.seated()
            if seated and not state.in_round:
                short = min(seated, key=lambda name: state.scores.get(name, 0))
                chips = data.draw(st.integers(1, 15))
                try_entry(session, Entry("rebuy", {"player": short, "chips": chips}), clock)
        elif move == "rejoin":
            left = [name for name in state.names() if name not in state.seated()]
            if left:
                player = data.draw(st.sampled_from(left))
                try_entry(session, Entry("join", {"player": player, "after": None}), clock)
        else:
            legal = {a.kind: a for a in session.legal()}
            action = legal.get(move)
            if action is not None:
                try_entry(session, Entry(move, entry_data(data, session, action)), clock)
    if samples.ended_sometimes and data.draw(st.integers(0, 2)) == 0:
        # ended with chips still on the board: they go back (end_board), the standings
        # count them, and every view must end there too (issue 43)
        try_entry(session, Entry("end"), clock)
    return session
