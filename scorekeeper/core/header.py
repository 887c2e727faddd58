"""Building and checking a session header (game, seats, options, parent, recorder)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scorekeeper.core.amounts import LIMIT, past_limit, reading_stored, whole_number, within
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Header, OptionValue, frozen
from scorekeeper.core.games import get_game
from scorekeeper.core.names import lookalike_of
from scorekeeper.core.state import State
from scorekeeper.messages import Phrase

#: Characters a name may not contain: they would make entries ambiguous.
_FORBIDDEN_IN_NAME = set("=>,")
MAX_NAME_LENGTH = 40


def check_name(name: str) -> str:
    """A player's name as it will be kept: trimmed, and unambiguous in entries."""
    clean = name.strip()
    if not clean:
        raise RuleError("rules.name_empty", field="players")
    if len(clean) > MAX_NAME_LENGTH:
        raise RuleError("rules.name_long", field="players", name=clean, limit=MAX_NAME_LENGTH)
    if any(ch in _FORBIDDEN_IN_NAME for ch in clean) or clean[0] in "@#":
        raise RuleError("rules.name_chars", field="players", name=clean)
    if any(not ch.isprintable() for ch in clean):
        raise RuleError("rules.name_control", field="players", name=clean)
    return clean


def seat_name(name: str, seated: Sequence[str]) -> str:
    """*name* checked as a new seat next to *seated*: a valid name, and not one of theirs
    (names are compared without case: "aki" would be read as "Aki" in entries), nor one
    the table could not tell from theirs ("Ａｋｉ", a Cyrillic "Аki": core/names.py; a
    stored header is read as it was kept)."""
    clean = check_name(name)
    if any(clean.casefold() == other.casefold() for other in seated):
        raise RuleError("rules.name_twice", field="players", name=clean)
    alike = lookalike_of(clean, seated)
    if alike is not None and not reading_stored():
        raise RuleError("rules.name_lookalike", field="players", name=clean, other=alike)
    return clean


def parse_stacks(
    words: Iterable[str], field: str | None = None, key: str = "transcript.stacks_syntax"
) -> dict[str, int]:
    """``A=50 B=200`` (chip games' starting stacks), as the transcript's ``stacks`` line and
    the new-session form both write it; the names are checked with the seats later. The
    same for a carried board's pools and shares (``jack=4``, ``A=3``), refused by *key*."""
    stacks: dict[str, int] = {}
    for pair in words:
        name, sep, chips = pair.partition("=")
        number = whole_number(chips, field) if sep else None
        if number is None:
            raise RuleError(key, field=field, word=pair)
        stacks[name] = number
    return stacks


def make_header(
    game_id: str,
    players: Iterable[str],
    options: Mapping[str, str | OptionValue] | None = None,
    *,
    parent: str | None = None,
    recorder: str | None = None,
    stacks: Mapping[str, int] | None = None,
    board: Mapping[str, Any] | None = None,
    shares: Mapping[str, Any] | None = None,
) -> Header:
    """Check everything a session starts with and fill in the defaults.

    Option values may be given as typed text (``"320"``, ``"none"``) or as
    values already parsed; each error names the field it belongs to.
    """
    game = get_game(game_id)
    given = list(players)

    def wrong_count() -> RuleError:
        return RuleError(
            "rules.player_count",
            field="players",
            count=len(given),
            game=Phrase((game.name_key,)),
            min=game.min_players,
            max=game.max_players,
        )

    if len(given) > game.max_players:  # before any per-name work: a pasted list can be huge
        raise wrong_count()
    seats: list[str] = []
    for raw in given:
        seats.append(seat_name(raw, seats))
    if len(seats) < game.min_players:  # every name is seated or refused: len(seats) == len(given)
        raise wrong_count()
    chosen: dict[str, OptionValue] = {spec.key: spec.default for spec in game.options}
    for key, value in (options or {}).items():
        spec = game.option(key)
        chosen[key] = spec.accept(value)
    game.check_options(chosen)

    def seat_named(word: str, field: str) -> str:
        for name in seats:
            if name == word or name.casefold() == word.casefold():
                return name
        raise RuleError("rules.unknown_player", field=field, player=word, players=", ".join(seats))

    first_parent = seat_named(parent, "parent") if parent else seats[0]
    first_recorder = seat_named(recorder, "recorder") if recorder else first_parent
    chip_stacks: dict[str, int] = {}
    for word, chips in (stacks or {}).items():
        if not game.uses_chips:
            raise RuleError("rules.stacks_no_chips", field="stacks", game=Phrase((game.name_key,)))
        if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
            raise RuleError("rules.stack_negative", field="stacks", player=word)
        chip_stacks[seat_named(word, "stacks")] = within(chips, "stacks")
    if game.uses_chips:  # every chip the table starts with: what any pot or net adds up
        total = sum(game.initial_score(name, chosen, chip_stacks) for name in seats)
        if past_limit(total):
            field = "stacks" if chip_stacks else "stack"
            raise RuleError("rules.too_large.chips", field=field, value=total, limit=LIMIT)
    carried: dict[str, int] = {}
    anted: dict[str, int] = {}
    if board or shares:  # a board carried over (Pochen end_board carry): each antes a share
        carried = game.carried_board(chosen, board or {})
        for word, chips in (shares or {}).items():
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise RuleError("rules.share_negative", field="shares", player=word)
            anted[seat_named(word, "shares")] = within(chips, "shares")
        if sum(anted.values()) != sum(carried.values()):
            raise RuleError(
                "rules.board_shares_sum",
                field="shares",
                shares=sum(anted.values()),
                board=sum(carried.values()),
            )
        for name, share in anted.items():
            stack = game.initial_score(name, chosen, chip_stacks)
            if share > stack:
                raise RuleError(
                    "rules.share_over_stack", field="shares", player=name, share=share, stack=stack
                )
    return Header(
        game=game.id,
        players=tuple(seats),
        options=frozen(chosen),
        parent=first_parent,
        recorder=first_recorder,
        stacks=frozen(chip_stacks),
        board=frozen(carried),
        shares=frozen(anted),
    )


def header_like(header: Header, state: State) -> Header:
    """A new session of the same table (``new --like``): the same game, options and
    recorder, the players seated at the end of *state* in their seats; the first seat deals
    first and everyone starts at the ``stack`` option. With Pochen ``end_board carry`` the
    board the session ended with opens the new one, each player anteing the share given
    back to them (the header's ``board`` and ``shares``: the new journal alone says it).
    A carried board still in play (the session has not ended) is refused in words."""
    game = get_game(header.game)
    carried = game.next_board(state)
    if carried is None and header.options.get("end_board") == "carry" and not state.finished:
        on_board = sum((state.board or {}).values())
        if on_board:
            raise RuleError("rules.like_board_in_play", chips=on_board)
    seats = state.seated() or state.names()
    recorder = state.recorder if state.recorder in seats else None
    board, shares = carried if carried is not None else ({}, {})
    return make_header(
        header.game,
        seats,
        dict(header.options),
        recorder=recorder,
        board=board,
        shares=shares,
    )
