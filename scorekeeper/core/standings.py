"""Who is ahead: every ranking orders by the game's net result (core/read_model.py)."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.game import Game
from scorekeeper.core.games import get_game
from scorekeeper.core.read_model import ranking
from scorekeeper.core.state import State


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line of the standings."""

    rank: int
    player: str
    score: int  # points, chips in front of the player, or losses, as the game counts
    net: int  # the result so far: what the ranking orders by


def standings(state: State) -> list[Standing]:
    """Best net first; equal nets share a rank (1, 2, 2, 4); ties in seat order.

    In a round, the nets are those after the last finished round (settled_net): chips
    in the pot are not lost until the round ends, and every view says the same.
    """
    game = get_game(state.game)
    net = settled_net(game, state) if state.in_round else game.net(state)
    return [
        Standing(rank, name, state.scores[name], net[name])
        for rank, name in ranking(net, state.names())
    ]


def settled_net(game: Game, state: State) -> dict[str, int]:
    """Each player's net result after the last finished round (0 before the first).

    In a round, the net kept as the round began (State.settled): it costs the same at
    any length, where adding up every round result made closing or opening a long
    session mid-round slow (issue 36)."""
    if state.in_round and state.settled is not None:
        return {name: state.settled.get(name, 0) for name in state.names()}
    return {name: series[-1] for name, series in net_history(game, state).items()}


def leader(state: State) -> str | None:
    """The first-ranked player once a round has been played, else None."""
    return standings(state)[0].player if state.results and state.scores else None


def net_history(game: Game, state: State) -> dict[str, list[int]]:
    """Each player's net result before the first round and after each finished round.

    Built from the round results in force (corrections applied): a player
    counts 0 until the first round they were dealt into. What the net holds besides
    the rounds (``Game.outside_net``: a Pochen share of a board carried in, anted before
    the first deal, and of the board given back at the end) counts from the start and
    at the last point.
    """
    running = {name: -state.anted.get(name, 0) for name in state.names()}
    series = {name: [running[name]] for name in running}
    for result in state.results:
        for name, change in game.result_net(result).items():
            running[name] = running.get(name, 0) + change
        for name in series:
            series[name].append(running[name])
    for name, chips in state.returned.items():  # the board given back, at the end
        series[name][-1] += chips
    return series


def standings_counts(game: Game, state: State) -> list[tuple[str, dict[str, int]]]:
    """The game's own standings columns: each heading's catalog key, and each player's count.

    Which columns a game has is the game's to say (``Game.standings_columns``): the
    rounds a player led only mean something where the parent keeps the stake.
    """
    counts: dict[str, dict[str, int]] = {
        "played": {},
        "won": {},
        "lead_rounds": dict(state.parent_rounds),
    }
    for result in state.results:
        for name in result.deltas:
            counts["played"][name] = counts["played"].get(name, 0) + 1
        for name in result.winners:
            counts["won"][name] = counts["won"].get(name, 0) + 1
    return [
        (key, {name: counts[what].get(name, 0) for name in state.names()})
        for what, key in game.standings_columns
    ]
