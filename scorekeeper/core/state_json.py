"""The State JSON of ``replay --json`` (transcript.md), built from a session."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.session import Session


def state_json(session: Session) -> dict[str, Any]:
    state = session.state
    table = state.table
    stake = getattr(table, "stake", None) if state.in_round else None
    pot = getattr(table, "pot", 0) if state.in_round else 0
    board = state.board if state.board is not None else getattr(table, "board", None)
    return {
        "game": state.game,
        "players": list(state.names()),
        "scores": dict(state.scores),
        "round": state.round,
        "parent": state.parent,
        "stake": stake,
        "pot": pot,
        "board": dict(board) if board is not None else None,
        "finished": state.finished,
        "stake_history": [
            {"round": c.round, "from": c.old, "to": c.new, "at": c.at.isoformat()}
            for c in state.stake_history
        ],
        "seated": list(state.seated()),
        "in_round": state.in_round,
        "recorder": state.recorder,
        "entries": len(session.events),
    }
