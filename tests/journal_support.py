"""Journals as the tests cut and edit them: without the vouch lines a closing writer adds
after the last entry (storage/snapshot.py), so that "the last line" is the last entry."""

from __future__ import annotations

from scorekeeper.storage.journal_format import VOUCH_TABLE, decode


def is_vouch_line(line: bytes) -> bool:
    record = decode(line.rstrip(b"\n"))
    return isinstance(record, dict) and VOUCH_TABLE in record.get("set", {})


def without_trailing_vouches(data: bytes) -> bytes:
    """*data* up to the end of its last line that is not a vouch."""
    lines = data.splitlines(keepends=True)
    while lines and is_vouch_line(lines[-1]):
        lines.pop()
    return b"".join(lines)


def kept_state(store, sid: int):
    """The state session *sid*'s snapshot keeps (its histories as texts), or None: the
    new form (storage/snapshot.py SEEKABLE) or the first."""
    from dataclasses import replace

    from scorekeeper.storage import snapshot

    seekable = snapshot.load_seekable(store.path(sid))
    if seekable is not None:
        taken = seekable.taken
        return replace(taken, apart=tuple(history.text() for history in taken.apart))
    kept = store.snapshot(sid)
    return kept.state() if kept is not None else None


def vouch_as_writer(store, sid: int, data: bytes, summaries=None, *, with_key=True) -> None:
    """Keep *data* as session *sid*'s snapshot and append a vouch line naming it, chained,
    as a closing writer does, and sealed with this installation's key: what only someone
    who rewrites the journal *and* holds the key can do (*with_key* False: without it, a
    forgery every reader ignores). The vouch holds *summaries* (by default those the
    journal vouches for now)."""
    import hashlib

    from scorekeeper.storage import snapshot
    from scorekeeper.storage.hashchain import sealed_vouch, verify

    if summaries is None:
        summaries = store.vouched_summaries(sid)
    assert summaries is not None
    store.keep_snapshot(sid, data)
    lines = data.split(b"\n")
    seekable = len(lines) > 1 and lines[0] == snapshot.seekable_head()
    state = hashlib.sha256(lines[1]).hexdigest() if seekable else None
    with store.open_writer(sid) as writer:
        verdict = verify(writer.header, writer.events, writer.vouches)
        size, _ = writer.bytes_so_far()
        body = {"after": len(writer.events), "size": size, "state": state, "summaries": summaries}
        taken = snapshot.seekable_state_of(lines[1]) if seekable else None
        body["taken"] = taken.entries if taken is not None else None
        sealer = store.sealer if with_key else None
        assert writer.append_vouch(sealed_vouch(verdict.tip, body, sealer))


def forged_scores(store, sid: int) -> bytes:
    """Session *sid*'s snapshot with 100 points more for the first player in its state,
    as someone with an editor would make it."""
    import json
    from dataclasses import replace

    from scorekeeper.storage import snapshot

    taken = kept_state(store, sid)
    assert taken is not None
    forged = json.loads(json.dumps(taken.state))
    forged["state"]["f"][3]["m"][0][1] += 100  # State.scores, as state_codec writes it
    assert forged != taken.state
    return snapshot.encode_seekable(replace(taken, state=forged))[0]
