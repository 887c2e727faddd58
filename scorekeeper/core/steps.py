"""One step of the fold for every entry that the state alone decides.

Checking an entry (its canonical data, or a RuleError) and applying it need
only the game and the state it is entered in, except for ``undo`` and
``correct``, which need the ledger's stack (core/ledger.py). Keeping these
steps apart lets a correction replay entries (core/corrections.py) through
the same rules without the ledger, which itself calls corrections.

Each kind has one small handler in each table; a round entry goes to the game.
Before any of them, ``refusal`` says whether an entry of the kind may be made at
all now, whatever its data: the one predicate of each kind, which ``legal`` (the
entries offered) and the explanation of a key pressed out of turn ask too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from scorekeeper.core.amounts import LIMIT, past_limit, within
from scorekeeper.core.entries import (
    EntryData,
    JoinData,
    NoData,
    NoteData,
    PlayerData,
    ProposalsData,
    RebuyData,
    as_join,
    as_player,
    as_proposals,
    as_rate,
    as_rebuy,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, frozen, thawed
from scorekeeper.core.game import Game
from scorekeeper.core.header import check_name
from scorekeeper.core.names import lookalike_of
from scorekeeper.core.rate import check_rate
from scorekeeper.core.state import Seat, State, next_number
from scorekeeper.core.words import unknown_entry
from scorekeeper.messages import Phrase

MAX_NOTE_LENGTH = 2000

Check = Callable[[Game, State, Mapping[str, Any]], EntryData]
Apply = Callable[[Game, State, Event], State]
Refusal = Callable[[Game, State], RuleError | None]


def refusal(game: Game, state: State, kind: str) -> RuleError | None:
    """Why no entry of *kind* may be made in *state*, whatever its data; None if one may.

    ``undo`` and ``correct`` are the ledger's (core/ledger.py ``Ledger.why_not``).
    The entries every game knows are answered here, a round entry by its game once a
    round is in play (``Game.refusal``)."""
    common = _REFUSALS.get(kind)
    if common is not None:
        return common(game, state)
    if kind not in game.round_kinds:  # the game by its name, and the nearest entry
        return unknown_entry(game, kind)
    if state.finished:
        return RuleError("rules.session_ended")
    if not state.in_round:
        return RuleError("rules.no_round")
    return game.refusal(state, kind)


#: The entries every game knows that the state alone allows (not undo nor correct), in
#: the order ``legal`` lists them after the game's own and undo.
COMMON_OFFERED = (
    "note",
    "rate",
    "recorder",
    "proposals",
    "round",
    "join",
    "leave",
    "rebuy",
    "end",
)


def common_choices(state: State, kind: str) -> tuple[str, ...]:
    """Whom an entry every game knows may name, for ``legal``."""
    if kind == "recorder":
        return tuple(n for n in state.names() if n != state.recorder)
    if kind in ("join", "leave"):  # join: whose seat to sit after
        return state.seated()
    if kind == "rebuy":
        return state.names()
    return ()


def normalize_entry(
    game: Game, state: State, kind: str, data: Mapping[str, Any], *, recorded: bool = False
) -> EntryData:
    """The canonical data of an entry of *kind* in *state*, or a RuleError.

    ``undo`` and ``correct`` are not known here: the ledger checks them. A *recorded*
    entry is one read back (a stored session, an import, a correction's replay): a
    ``join`` recorded before joins kept their number is read as it was recorded then.
    Whether one of *kind* may be made now at all is ``refusal``'s, asked first.
    """
    refused = refusal(game, state, kind)
    if refused is not None:
        raise _named_first(state, kind, data, refused)
    if kind == "join":
        return _check_join(game, state, data, recorded=recorded)
    if kind == "rebuy":
        return _check_rebuy(game, state, data, recorded=recorded)
    check = _CHECKS.get(kind)
    if check is not None:
        return check(game, state, data)
    return game.normalize(state, kind, data)


def _named_first(state: State, kind: str, data: Mapping[str, Any], refused: RuleError) -> RuleError:
    """*refused*, unless the player a ``leave`` names has already left: that is what the
    recorder needs to hear, not that too few would stay (issue 43)."""
    if kind == "leave" and refused.key == "rules.too_few_to_leave":
        gone = state.returning(str(data.get("player", "")))
        if gone is not None:
            return RuleError("rules.already_left", player=gone)
    return refused


def apply_entry(game: Game, state: State, event: Event) -> State:
    """The state after an event that ``normalize_entry`` accepted."""
    apply = _APPLIES.get(event.kind)
    return game.apply(state, event) if apply is None else apply(game, state, event)


# -- may one be made now: the predicate of each kind every game knows ---------------
def _always(game: Game, state: State) -> RuleError | None:
    """Notes, rates and recorder changes are allowed after the end too (a rate is often
    agreed just when the table settles up)."""
    return None


def _between_rounds(state: State, kind: str) -> RuleError | None:
    """Seats and chips change only between rounds, and not once the session has ended."""
    if state.finished:
        return RuleError("rules.session_ended")
    if state.in_round:
        entry = Phrase((f"rules.verb.{kind}",))  # "rebuy" in English, 買い足し in Japanese
        return RuleError("rules.between_rounds_only", entry=entry, round=state.round)
    return None


def _may_round(game: Game, state: State) -> RuleError | None:
    if state.finished:
        return RuleError("rules.session_ended")
    if state.in_round:
        return RuleError("rules.round_in_play", round=state.round)
    if len(game.dealable(state)) < game.min_players:
        return RuleError("rules.too_few_to_play", min=game.min_players)
    return None


def _may_end(game: Game, state: State) -> RuleError | None:
    return _between_rounds(state, "end")


def _may_join(game: Game, state: State) -> RuleError | None:
    refused = _between_rounds(state, "join")
    if refused is None and len(state.seated()) + 1 > game.max_players:
        return RuleError("rules.too_many", max=game.max_players)
    return refused


def _may_leave(game: Game, state: State) -> RuleError | None:
    refused = _between_rounds(state, "leave")
    if refused is None and len(state.seated()) - 1 < game.min_players:
        return RuleError("rules.too_few_to_leave", min=game.min_players)
    return refused


def _may_rebuy(game: Game, state: State) -> RuleError | None:
    refused = _between_rounds(state, "rebuy")
    if refused is None and not game.uses_chips:
        return RuleError("rules.rebuy_no_chips", game=Phrase((game.name_key,)))
    return refused


def _may_switch(game: Game, state: State) -> RuleError | None:
    """The switch of players' proposals (issue 46): in or between rounds, until the end."""
    return RuleError("rules.session_ended") if state.finished else None


_REFUSALS: dict[str, Refusal] = {
    "proposals": _may_switch,
    "note": _always,
    "rate": _always,
    "recorder": _always,
    "round": _may_round,
    "end": _may_end,
    "join": _may_join,
    "leave": _may_leave,
    "rebuy": _may_rebuy,
}


# -- checking ----------------------------------------------------------------------
def _check_note(game: Game, state: State, data: Mapping[str, Any]) -> NoteData:
    """Runs of white space become one space, so a note reads the same wherever it is shown."""
    text = " ".join(str(data.get("text", "")).split())
    if not text:
        raise RuleError("rules.note_empty")
    if len(text) > MAX_NOTE_LENGTH:
        raise RuleError("rules.note_long", limit=MAX_NOTE_LENGTH)
    return NoteData(text=text)


def _check_recorder(game: Game, state: State, data: Mapping[str, Any]) -> PlayerData:
    player = state.find_player(str(data.get("player", "")))
    if player == state.recorder:
        raise RuleError("rules.recorder_already", player=player)
    return PlayerData(player=player)


def _check_switch(game: Game, state: State, data: Mapping[str, Any]) -> ProposalsData:
    """``proposals auto`` or ``proposals ask``: nothing else."""
    auto = data.get("auto")
    if type(auto) is not bool:
        raise RuleError("rules.propose.switch_words")
    return ProposalsData(auto=auto)


def _nothing(game: Game, state: State, data: Mapping[str, Any]) -> NoData:
    """``round`` and ``end``: their refusal has said all there is."""
    return NoData()


def _check_join(
    game: Game, state: State, data: Mapping[str, Any], *, recorded: bool = False
) -> JoinData:
    """A player who left and comes back is named as before, whatever the case typed; a
    name the table could not tell from a player's in another way (width, look-alike
    letters: core/names.py) is refused with theirs, unless read as recorded.

    The data says the joiner's number (theirs again, or the next free one). A join
    recorded without it was recorded before the parent came back to a returning
    player's seat (issue 35): it is read, and folded, as it was then (_apply_join), so
    that a session stored then opens as it did."""
    name = check_name(str(data.get("player", "")))
    after = data.get("after")
    seat_after = state.find_player(str(after)) if after else None
    existing = [n for n in state.names() if n.casefold() == name.casefold()]
    if existing and existing[0] in state.seated():
        raise RuleError("rules.already_seated", player=existing[0])
    alike = None if existing or recorded else lookalike_of(name, state.names())
    if alike is not None:  # never split silently (docs/rules/names.md)
        seated = alike in state.seated()
        key = "rules.join_lookalike_seated" if seated else "rules.join_lookalike_left"
        raise RuleError(key, player=name, other=alike)
    if not existing:  # a new player brings the session's stack (chip games)
        _chips_within(state, game.initial_score(name, state.options, {}))
    if seat_after is not None and seat_after == (existing[0] if existing else None):
        raise RuleError("rules.join_after_self", player=name)
    player = existing[0] if existing else name
    checked = JoinData(player=player, after=seat_after)
    if recorded and "number" not in data:
        return checked
    seats = joined_seats(state, player, seat_after)
    checked["number"] = next(seat.number for seat in seats if seat.name == player)
    return checked


def _check_leave(game: Game, state: State, data: Mapping[str, Any]) -> PlayerData:
    player = state.find_player(str(data.get("player", "")))
    if player not in state.seated():
        raise RuleError("rules.already_left", player=player)
    return PlayerData(player=player)


def _check_rebuy(
    game: Game, state: State, data: Mapping[str, Any], *, recorded: bool = False
) -> RebuyData:
    """Whether the rebuy lets a player the deal passed over deal again (``deals``).

    A rebuy recorded without ``deals`` was recorded before the dealer was decided at
    ``round`` (issue 43): it is read, and folded, as it was then (_apply_rebuy)."""
    player = state.find_player(str(data.get("player", "")))
    chips = data.get("chips")
    if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
        raise RuleError("rules.rebuy_amount", value=chips)
    _chips_within(state, within(chips))
    checked = RebuyData(player=player, chips=chips)
    if recorded and "deals" not in data:
        return checked
    checked["deals"] = _takes_the_deal(game, _with_chips(state, player, chips), player)
    return checked


def _takes_the_deal(game: Game, state: State, player: str) -> bool:
    """Whether *player* deals the next round now: the dealer is decided when ``round`` is
    entered (rules.md), the first seat clockwise from the last deal's dealer whose player
    can be dealt in. So a player the deal passed over since then, because they were short,
    takes it back once they can pay, as one who left and came back does (_apply_join)."""
    if state.in_round or not state.results or player == state.parent:
        return False
    if player not in game.dealable(state):
        return False
    last = state.results[-1].parent
    return player in seats_between(state, last, state.parent)


def seats_between(state: State, start: str, end: str) -> tuple[str, ...]:
    """Every seat clockwise strictly after *start* and before *end* (every other seat when
    they are the same): the seats a deal passing from *start* to *end* passed over."""
    names = state.names()
    if start not in names or end not in names:
        return ()
    at, count, found = names.index(start), len(names), []
    for step in range(1, count):
        other = names[(at + step) % count]
        if other == end:
            break
        found.append(other)
    return tuple(found)


def _chips_within(state: State, added: int) -> None:
    """Every chip of the session, with *added* brought in, within the one bound (what any
    stack, pot or net adds up to: chips only change hands, except as brought)."""
    total = sum(state.brought.values()) + added
    if past_limit(total):
        raise RuleError("rules.too_large.chips", value=total, limit=LIMIT)


#: The data of each kind every game knows, once its refusal has let it through.
_CHECKS: dict[str, Check] = {
    "note": _check_note,
    "rate": lambda game, state, data: check_rate(data),
    "recorder": _check_recorder,
    "round": _nothing,
    "end": _nothing,
    "leave": _check_leave,
    "proposals": _check_switch,
}


# -- applying ----------------------------------------------------------------------
def _keep(game: Game, state: State, event: Event) -> State:
    """A note changes nothing but the log."""
    return state


def _apply_rate(game: Game, state: State, event: Event) -> State:
    """The rate from here on replaces any before it (an undo brings that one back)."""
    rate = as_rate(event.data)
    return replace(state, rate=rate["amount"], currency=rate["currency"])


def _apply_recorder(game: Game, state: State, event: Event) -> State:
    return replace(state, recorder=as_player(event.data)["player"])


def _apply_end(game: Game, state: State, event: Event) -> State:
    """The session is over; a game with a board gives it back (Game.close)."""
    return game.close(state)


def _apply_round(game: Game, state: State, event: Event) -> State:
    """Counts the round for its parent, then lets the game deal (antes, stake at base …)."""
    counts = thawed(state.parent_rounds)
    counts[state.parent] = counts.get(state.parent, 0) + 1
    # a view over a dict of our own, as frozen() would make (without copying it again)
    rounds = MappingProxyType(counts)
    settled = frozen(game.net(state))  # before the game deals: after the last round
    started = replace(
        state, round=state.round + 1, in_round=True, parent_rounds=rounds, settled=settled
    )
    return game.start_round(started)


def joined_seats(state: State, player: str, after: str | None) -> tuple[Seat, ...]:
    """The seats once *player* joins: clockwise after *after*; without it, a player who
    left takes their old seat back (transcript.md ``join``) and a new one the last seat.
    A player who comes back keeps their number; a new one takes the next free number."""
    if after is None and player in state.names():
        return tuple(Seat(s.name, s.number, s.seated or s.name == player) for s in state.seats)
    old = [s for s in state.seats if s.name == player]
    number = old[0].number if old else next_number(state.seats)
    seats = [s for s in state.seats if s.name != player]
    index = len(seats) if after is None else [s.name for s in seats].index(after) + 1
    seats.insert(index, Seat(player, number))
    return tuple(seats)


def join_place(state: State, player: str, after: str | None) -> dict[str, Any]:
    """Where *player* sits once joined, for the log: between which seated players, and
    whether it is a player coming back to the old seat, to another one, or a new one."""
    seats = joined_seats(state, player, after)
    seated = [s.name for s in seats if s.seated]
    at = seated.index(player)
    place = {"player": player, "prev": seated[at - 1], "next": seated[(at + 1) % len(seated)]}
    if player not in state.names():
        return {"how": "new", **place}
    moved = [s.name for s in seats] != list(state.names())
    return {"how": "moved" if moved else "back", **place}


def _apply_join(game: Game, state: State, event: Event) -> State:
    join = as_join(event.data)
    player, after = join["player"], join["after"]
    seats = joined_seats(state, player, after)
    back = player in state.names() and [s.name for s in seats] == list(state.names())
    scores, brought = thawed(state.scores), thawed(state.brought)
    bought = state.bought
    if player not in scores:  # a player who left and comes back keeps their standing
        scores[player] = brought[player] = game.initial_score(player, state.options, {})
        bought += scores[player]
    joined = replace(
        state,
        seats=seats,
        scores=frozen(scores),
        bought=bought,
        brought=frozen(brought),
    )
    keeps_turn = "number" in join  # recorded before: the parent stays (_check_join)
    if keeps_turn and back and player in state.passed and player in game.dealable(joined):
        # the parent passed over this seat only because its player had left: as if they
        # had never left, they are the next parent (transcript.md ``join``)
        kept = state.passed[: state.passed.index(player)]
        return replace(joined, parent=player, passed=kept)
    if player in state.passed:
        return replace(joined, passed=tuple(p for p in state.passed if p != player))
    return joined


def _apply_leave(game: Game, state: State, event: Event) -> State:
    """The player keeps their score; if they were the parent, the next one dealt in is."""
    player = as_player(event.data)["player"]
    seats = tuple(Seat(s.name, s.number, s.seated and s.name != player) for s in state.seats)
    if state.parent != player:
        return replace(state, seats=seats)
    others = tuple(p for p in game.dealable(state) if p != player)
    parent = state.left_of(player, others or None)
    left = replace(state, seats=seats, parent=parent)
    if parent == player:  # nobody else to pass it to
        return left
    # the parent passes over this seat (and those of players who left before it) because
    # its player left: coming back before the next round gives it back (_apply_join)
    passed = (*state.passed, player, *left.left_between(player, parent))
    return replace(left, passed=passed)


def _with_chips(state: State, player: str, chips: int) -> State:
    """*state* with *chips* bought by *player*: counted as brought, never a result."""
    scores, brought = thawed(state.scores), thawed(state.brought)
    scores[player] += chips
    brought[player] = brought.get(player, 0) + chips
    return replace(
        state,
        scores=frozen(scores),
        bought=state.bought + chips,
        brought=frozen(brought),
    )


def _apply_rebuy(game: Game, state: State, event: Event) -> State:
    """Chips bought are counted as brought, so they are never a result (Game.net); a
    player the deal passed over because they were short deals the next round (``deals``).
    The seats of players who left that the deal passed before theirs stay passed."""
    rebuy = as_rebuy(event.data)
    player = rebuy["player"]
    bought = _with_chips(state, player, rebuy["chips"])
    if not rebuy.get("deals"):
        return bought
    before = seats_between(state, state.results[-1].parent, player)
    passed = tuple(p for p in state.passed if p in before)
    return replace(bought, parent=player, passed=passed)


def _apply_switch(game: Game, state: State, event: Event) -> State:
    """Proposals confirmed by themselves from here on, or not (an undo brings back the
    switch as it was)."""
    return replace(state, auto_confirm=as_proposals(event.data)["auto"])


_APPLIES: dict[str, Apply] = {
    "proposals": _apply_switch,
    "note": _keep,
    "rate": _apply_rate,
    "recorder": _apply_recorder,
    "end": _apply_end,
    "round": _apply_round,
    "join": _apply_join,
    "leave": _apply_leave,
    "rebuy": _apply_rebuy,
}
