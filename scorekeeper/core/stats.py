"""History across sessions: per player, what they played, won, folded and netted.

Two steps, so that a stored session is folded once and not again until it
changes: :func:`session_stats` turns one session into a small JSON-able
document (cached next to the session list), and :func:`combine` adds such
documents up per game and player, over all sessions or a time range.

Everything here is read from the round results in force (``State.results``,
see core/read_model.py): a voided entry, a round it finished, and the
entries a correction replaced are in no number here; the corrected round is.

What counts, per game (each game says who won, in ``RoundResult.winners``):

- rounds: finished rounds the player was dealt into;
- won: in a game played for a rising stake, the showdown or all-folded winner;
  in a chip game with pots, every player who won a pot, at a showdown (each
  winner of a split pot) or because everyone else folded; where the lowest card
  loses, every round the player did not lose; in a game with a board and a Poch,
  the Poch winner or the player who went out;
- folds: folds in finished rounds (in Pochen, a ``pass`` that answers a bet);
- as parent: rounds dealt as parent (dealer), and the sum of the player's
  net results in those rounds;
- board: in a game with a board, what the player's net holds besides the rounds
  (``Game.outside_net``): the share of a board given back at the end, less the
  share anted of a board carried over from the session before;
- net: the sum of the player's net results of the rounds (``Game.result_net``):
  points (a points game), chips won less chips put in (chip games),
  minus the losses (a game that counts losses), and the ``board`` above. Numbers of
  different games are never added together.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from scorekeeper.core.games import game_specs

if TYPE_CHECKING:  # only named here: ``stats`` over cached documents never folds
    from scorekeeper.core.chain import Chain
    from scorekeeper.core.game import Game
    from scorekeeper.core.session import Session
    from scorekeeper.core.state import RoundResult, State

#: Bump when the shape or the meaning of a session document changes: old
#: cached documents are then computed again. 3: a player who left and joins again
#: takes their old seat back (issue 17), which can change a session's later rounds;
#: a state checkpoint noted with other statistics is not used either. 4: ``board``, the
#: Pochen board given back at the end (and a carried board anted), counted in the net;
#: every seat keeps its number and the state notes the seats the parent passed over for
#: players who had left (issue 35): a state noted before has neither, the session is
#: folded again.
STATS_VERSION = 4

#: The numbers kept per player of one session, in this order.
FIELDS = ("rounds", "won", "folds", "parent_rounds", "parent_net", "board", "net")


@dataclass
class PlayerStats:
    """One player's numbers in one game, added up over sessions."""

    game: str
    player: str
    sessions: int = 0
    rounds: int = 0
    won: int = 0
    folds: int = 0
    parent_rounds: int = 0
    parent_net: int = 0
    board: int = 0
    net: int = 0

    def to_doc(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Totals:
    """The table of a query, and how many sessions went into it (or could not be read)."""

    players: list[PlayerStats]
    sessions: dict[str, int]  # game -> sessions counted
    unreadable: int = 0

    def games(self) -> list[str]:
        """Games in the table, in the order games are offered."""
        return sorted({p.game for p in self.players}, key=game_rank)


def game_rank(game_id: str) -> tuple[int, str]:
    """Where *game_id* is offered (its registration's ``order``, a game registered late
    too); a game no longer registered (a stored session of it) after every one."""
    order = {spec.id: spec.order for spec in game_specs()}
    return (order.get(game_id, sys.maxsize), game_id)


# -- one session ------------------------------------------------------------------


def session_stats(
    session: Session, since: tuple[Mapping[str, Any], Chain[RoundResult]] | None = None
) -> dict[str, Any]:
    """One session's numbers per player, as a document that JSON keeps exactly.

    *since* is the document of the same session when its round results were a chain
    this one grew from: only the results added since are counted into it (closing a
    session of 100,000 entries, or one picked up at a checkpoint, reads only the
    rounds since). If the results did not grow from it, all are counted."""
    return state_stats(session.game, session.state, session.first_at, since)


def state_stats(
    game: Game,
    state: State,
    first_at: datetime | None,
    since: tuple[Mapping[str, Any], Chain[RoundResult]] | None = None,
) -> dict[str, Any]:
    """:func:`session_stats` of a session whose state is *state* (an earlier state of it,
    for a checkpoint taken some entries back), its first entry made at *first_at*."""
    players: dict[str, dict[str, int]] = {}
    results: Iterable[RoundResult] = state.results
    added = state.results.grown_from(since[1]) if since is not None else None
    if since is not None and added is not None:
        players = {name: dict(numbers) for name, numbers in since[0]["players"].items()}
        results = added
        for numbers in players.values():  # the board's part is counted again below
            numbers["net"] -= numbers["board"]
            numbers["board"] = 0

    count_rounds(game, results, players)
    for name, chips in game.outside_net(state).items():
        numbers = players.setdefault(name, dict.fromkeys(FIELDS, 0))
        numbers["board"] += chips
        numbers["net"] += chips
    started = first_at.isoformat() if first_at else None
    return {"version": STATS_VERSION, "game": state.game, "started": started, "players": players}


def count_rounds(
    game: Game, results: Iterable[RoundResult], players: dict[str, dict[str, int]]
) -> dict[str, dict[str, int]]:
    """*players* (each player's numbers, a new player's row added as they first appear) with
    *results* counted in: what a document's players hold of its rounds, without the board.
    Given to :func:`state_stats` as its *since*, ``{"players": players}`` with the chain of
    those results counts the same (a streaming fold counts what it packs: core/stream.py)."""

    def row(name: str) -> dict[str, int]:
        return players.setdefault(name, dict.fromkeys(FIELDS, 0))

    for result in results:
        net = game.result_net(result)
        for name, change in net.items():
            numbers = row(name)
            numbers["rounds"] += 1
            numbers["net"] += change
            numbers["won"] += 1 if name in result.winners else 0
        for name in result.folded:
            row(name)["folds"] += 1
        parent = row(result.parent)
        parent["parent_rounds"] += 1
        parent["parent_net"] += net.get(result.parent, 0)
    return players


# -- many sessions -------------------------------------------------------------------


def _in_range(doc: Mapping[str, Any], since: datetime | None, until: datetime | None) -> bool:
    if since is None and until is None:
        return True
    started = doc.get("started")
    if not isinstance(started, str):
        return False  # no entry at all: no time to place it by
    at = datetime.fromisoformat(started)
    return (since is None or at >= since) and (until is None or at < until)


def combine(
    docs: Iterable[Mapping[str, Any]],
    *,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> Totals:
    """Add up session documents per game and player.

    A session counts when its first entry falls in ``[since, until)`` (aware
    datetimes; either may be None). A player counts a session in which they
    were dealt into at least one finished round. Documents with an ``error``
    are counted as unreadable and otherwise left out.
    """
    table: dict[tuple[str, str], PlayerStats] = {}
    sessions: dict[str, int] = {}
    unreadable = 0
    for doc in docs:
        if doc.get("error") is not None or doc.get("version") != STATS_VERSION:
            unreadable += 1
            continue
        game_id = str(doc["game"])
        if (game is not None and game_id != game) or not _in_range(doc, since, until):
            continue
        played = False
        for name, numbers in doc["players"].items():
            stats = table.setdefault((game_id, name), PlayerStats(game_id, name))
            if numbers["rounds"] > 0:
                stats.sessions += 1
                played = True
            for key in FIELDS:
                setattr(stats, key, getattr(stats, key) + numbers[key])
        if played:
            sessions[game_id] = sessions.get(game_id, 0) + 1
    rows = [stats for stats in table.values() if stats.rounds or stats.folds]
    rows.sort(key=_order)
    return Totals(rows, sessions, unreadable)


def _order(stats: PlayerStats) -> tuple[tuple[int, str], int, str]:
    """By game, then the best net result first, then by name."""
    return (game_rank(stats.game), -stats.net, stats.player)
