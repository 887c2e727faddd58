"""Whether a snapshot the journal vouches for is what folding the entries gives (``verify``).

A snapshot is nobody's word until a vouch line names it; one that is named but is not
what the entries fold to means the vouch line was forged, so the journal itself was
changed. The states it speaks of are taken from the fold ``verify`` made, not folded
again."""

from __future__ import annotations

from typing import Any

from scorekeeper.collector import collector_paused
from scorekeeper.core.session import Session
from scorekeeper.core.stats import state_stats
from scorekeeper.services.state_payload import state_payload
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store, StoredSession
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import is_seek_vouch


def snapshot_disagrees(store: Store, stored: StoredSession, whole: Session) -> bool:
    """True if the journal of *stored* (read whole, its chain found intact, folded as
    *whole*) vouches for the snapshot beside it, but the snapshot is not what folding the
    entries gives: its vouch line was forged, so the journal itself was changed. ``verify``
    asks this; a snapshot the journal does not vouch for is nobody's word and is not looked
    at. The states the snapshot speaks of are taken from *whole*, not folded again."""
    last = stored.vouches[-1] if stored.vouches else None
    if is_seek_vouch(last) and last is not None and _seek_disagrees(store, stored, whole, last):
        return True
    snap = store.snapshot(stored.id)
    if snap is None:
        return False
    digest = snap.digest
    named = [vouch for vouch in stored.vouches if vouch.get("snapshot") == digest]
    if not named:
        return False
    count = len(whole.events)
    summaries = snap.summaries()
    for vouch in named:
        after = vouch["after"]
        if after == count:
            folded = whole
        else:
            with collector_paused():
                folded = Session(whole.header, whole.events[:after])
        if summaries != summaries_of(folded, stored.id):
            return True
    taken = snap.state()
    if snap.data.split(b"\n")[1:2] != [b"null"] and taken is None:
        return True  # vouched for, yet not a state we write
    if taken is None:
        return False
    entries = taken.entries
    if not 0 < entries <= count:
        return True
    state = whole.state if entries == count else whole.state_before(entries)
    first_at = whole.first_at
    payload, apart = state_payload(state, state_stats(whole.game, state, first_at))
    return not (
        stored.events[entries - 1].get(HASH_KEY) == taken.chain
        and (taken.state, taken.apart) == (payload, tuple(apart))
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == whole.events[entries - 1].at.isoformat()
    )


def _seek_disagrees(
    store: Store, stored: StoredSession, whole: Session, last: dict[str, Any]
) -> bool:
    """:func:`snapshot_disagrees` for the new form: the summaries the last vouch line holds
    (what the session list shows when it is the journal's last line) and the state of the
    snapshot a vouch line names by its state digest, when its histories are the texts its
    state line names; both against the fold of the entries."""
    after = last["after"]
    if not 0 <= after <= len(whole.events):
        return True
    with collector_paused():
        folded = (
            whole if after == len(whole.events) else Session(whole.header, whole.events[:after])
        )
    if last["summaries"] != summaries_of(folded, stored.id):
        return True
    seekable = snapshots.load_seekable(store.path(stored.id))
    if seekable is None or not any(seekable.named_by(v) for v in stored.vouches):
        return False
    taken = seekable.taken
    try:
        texts = tuple(history.text() for history in taken.apart)
    except (OSError, ValueError):
        return False  # not the histories the vouched state line names: nobody's word
    entries = taken.entries
    if not 0 < entries <= len(whole.events):
        return True
    state = whole.state if entries == len(whole.events) else whole.state_before(entries)
    first_at = whole.first_at
    payload, apart = state_payload(state, state_stats(whole.game, state, first_at))
    return not (
        stored.events[entries - 1].get(HASH_KEY) == taken.chain
        and (taken.state, texts) == (payload, tuple(apart))
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == whole.events[entries - 1].at.isoformat()
    )
