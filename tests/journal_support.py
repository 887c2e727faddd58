"""Journals as the tests cut and edit them: without the vouch lines a closing writer adds
after the last entry (storage/snapshot.py), so that "the last line" is the last entry."""

from __future__ import annotations

from scorekeeper.storage.journal import VOUCH_TABLE, decode


def is_vouch_line(line: bytes) -> bool:
    record = decode(line.rstrip(b"\n"))
    return isinstance(record, dict) and VOUCH_TABLE in record.get("set", {})


def without_trailing_vouches(data: bytes) -> bytes:
    """*data* up to the end of its last line that is not a vouch."""
    lines = data.splitlines(keepends=True)
    while lines and is_vouch_line(lines[-1]):
        lines.pop()
    return b"".join(lines)


def vouch_as_writer(store, sid: int, data: bytes) -> None:
    """Keep *data* as session *sid*'s snapshot and append a vouch line naming it, chained,
    as a closing writer does: what only someone who rewrites the journal can do."""
    import hashlib

    from scorekeeper.storage.hashchain import sealed, verify

    store.keep_snapshot(sid, data)
    with store.open_writer(sid) as writer:
        verdict = verify(writer.header, writer.events, writer.vouches)
        size, digest = writer.bytes_so_far()
        body = {
            "after": len(writer.events),
            "size": size,
            "digest": digest,
            "snapshot": hashlib.sha256(data).hexdigest(),
            "head": hashlib.sha256(data.partition(b"\n")[0]).hexdigest(),
        }
        assert writer.append_vouch(sealed(verdict.tip, body))


def forged_scores(store, sid: int) -> bytes:
    """Session *sid*'s snapshot with 100 points more for the first player in its state,
    as someone with an editor would make it."""
    import json
    from dataclasses import replace

    from scorekeeper.storage import snapshot

    kept = store.snapshot(sid)
    taken = kept.state() if kept is not None else None
    assert kept is not None and taken is not None
    forged = json.loads(json.dumps(taken.state))
    forged["state"]["f"][3]["m"][0][1] += 100  # State.scores, as state_codec writes it
    assert forged != taken.state
    return snapshot.encode(kept.summaries(), replace(taken, state=forged))
