"""The State JSON of ``replay --json`` (transcript.md), built from the game's read side."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult


def state_json(session: Session) -> dict[str, Any]:
    state, game = session.state, session.game
    headline = game.headline(state)
    view = game.round_view(state)
    return {
        "game": state.game,
        "players": list(state.names()),
        # each player's number, theirs for the whole session (transcript.md ``join``)
        "numbers": state.numbers(),
        "scores": dict(state.scores),
        "round": state.round,
        "parent": state.parent,
        "stake": headline.value if headline.kind == "stake" and headline.in_play else None,
        "pot": view.pot if view is not None else 0,
        "board": dict(state.board) if state.board is not None else None,
        "finished": state.finished,
        "stake_history": [
            {"round": c.round, "from": c.old, "to": c.new, "at": c.at.isoformat()}
            for c in state.stake_history
        ],
        "net": game.net(state),
        "seated": list(state.seated()),
        "in_round": state.in_round,
        "dealt": list(view.dealt) if view is not None else [],
        "folded": dict(view.folded) if view is not None else {},
        "to_act": view.to_act if view is not None else None,
        "to_call": view.to_call if view is not None else 0,
        "recorder": state.recorder,
        "entries": session.ledger.next_seq - 1,  # a streamed fold keeps none
        "results": [result_doc(result) for result in state.results],
        # Pochen: each player's share of the board given back at the end (end_board), else null
        "board_returned": game.board_returned(state) or None,
        # the money per point or chip in force (the last ``rate`` entry), an exact decimal
        # string, and its currency; null until one is entered
        "rate": state.rate,
        "currency": state.currency,
    }


def result_doc(result: RoundResult) -> dict[str, Any]:
    """One finished round in numbers (corrections applied)."""
    return {
        "round": result.round,
        "parent": result.parent,
        "winners": list(result.winners),
        "deltas": dict(result.deltas),
        "paid": dict(result.paid),
        "received": dict(result.received),
        "stake": result.stake,
    }
