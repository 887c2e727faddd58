"""What a snapshot keeps of a session's state: the state as encoded (its histories apart,
core/state_codec.py), its statistics, and how many round results those count.

One shape for the writer that keeps it (services/snapshot_keeper.py), ``verify`` and the
background re-fold that compare it (services/verifying.py, services/snapshot_disagreement.py)
and ``import`` (services/importing.py)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.state import State
from scorekeeper.core.state_codec import (
    HistoryPieces,
    encode_state_apart,
    encode_state_digested,
    encode_state_pieces,
)


def state_payload(
    state: State, stats: dict[str, Any], *, digested: bool = False, pieces: bool = False
) -> tuple[dict[str, Any], list[Any]]:
    """What a snapshot keeps of a session's *state*: the state (its histories apart, see
    core/state_codec.py), its statistics, and how many round results those count. With
    *digested*, each history as the SHA-256 of its text, never made whole (``verify``);
    with *pieces*, each as a :class:`HistoryPieces`, to be written a piece at a time (a
    writer taking a new state)."""
    if pieces:
        doc, chains = encode_state_pieces(state)
        return payload_of(state, doc, stats), [HistoryPieces(chain) for chain in chains]
    doc, apart = encode_state_digested(state) if digested else encode_state_apart(state)
    return payload_of(state, doc, stats), apart


def payload_of(state: State, doc: dict[str, Any], stats: dict[str, Any]) -> dict[str, Any]:
    """:func:`state_payload`'s document, around *doc* (the state as encoded)."""
    return {"state": doc, "stats": stats, "results": len(state.results)}
