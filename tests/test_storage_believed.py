"""What a reader of the store believes, and from which bytes (issue 45 point 7).

Two hand mutants of storage/store.py survived tests/test_storage*.py: a vouch line's own
hash not checked against the link from the line before it, and the digest check of the
bytes a read got to (the old form's ``ResumeAt.digest``) switched off. Each test here
fails with its mutant applied.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from scorekeeper.storage import Store
from scorekeeper.storage.journal_format import encode
from tests.test_storage import HEADER, event, seqs


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data")


# --- what a reader believes: a vouch line's link, the bytes a read got to ---------------

SEALER_KEY = bytes(range(32))
SUMMARIES = {"list": {"rounds": 2}}


def _sealed_store(tmp_path: Path) -> tuple[Store, int]:
    """A chained session of two entries whose last line is a sealed vouch of the new form."""
    from scorekeeper.storage.hashchain import KEY, seal_all, sealed_vouch
    from scorekeeper.storage.seal import Sealer

    store = Store(tmp_path / "sealed", sealer=Sealer(SEALER_KEY))
    head, docs = seal_all({"game": "pochen", "players": ["Aiko", "Ben"]}, [event(1), event(2)])
    sid = store.create(head, docs)
    with store.open_writer(sid) as writer:
        body = {"after": 2, "size": writer.bytes_so_far()[0], "state": None}
        body |= {"summaries": SUMMARIES, "taken": None}
        assert writer.append_vouch(sealed_vouch(docs[-1][KEY], body, store.sealer))
    return store, sid


def _last_vouch_rewritten(store: Store, sid: int, change) -> None:
    """The journal's last line (a vouch) changed by *change*, its checksum fixed up."""
    data = store.path(sid).read_bytes()
    begin = data.rfind(b"\n", 0, len(data) - 1) + 1
    vouch = json.loads(data[begin + 9 :])["set"]["vouches"][str(begin)]
    change(vouch)
    store.path(sid).write_bytes(data[:begin] + encode({"set": {"vouches": {str(begin): vouch}}})[0])


def test_summaries_are_believed_only_from_a_vouch_chained_to_the_line_before(tmp_path: Path):
    """The seal covers the hash a vouch chains on to and its body, not its own hash: a
    vouch line whose hash is not the link from the line before it (moved, or put after
    other lines) is not this journal's, seal or not, and its summaries are not taken."""
    store, sid = _sealed_store(tmp_path)
    assert store.vouched_summaries(sid) == SUMMARIES
    assert store.summaries() == {sid: SUMMARIES}

    def relinked(vouch: dict) -> None:
        vouch["chain"] = "0" * 64

    _last_vouch_rewritten(store, sid, relinked)
    assert store.vouched_summaries(sid) is None
    assert store.summaries() == {sid: None}


def test_a_vouch_of_the_first_form_is_never_taken_for_summaries(tmp_path: Path):
    """A vouch line of the first form (it names digests, holds no summaries) at the
    journal's end: the listing folds the session, whatever digests it names."""
    from scorekeeper.storage.hashchain import KEY, link

    store, sid = _sealed_store(tmp_path)
    data = store.path(sid).read_bytes()
    begin = data.rfind(b"\n", 0, len(data) - 1) + 1
    previous = json.loads(data[begin + 9 :])["set"]["vouches"][str(begin)]

    def first_form(vouch: dict) -> None:
        vouch.clear()
        vouch |= {"after": 2, "size": begin, "snapshot": "a" * 64, "head": "b" * 64}
        vouch["digest"] = hashlib.sha256(data[:begin]).hexdigest()
        vouch[KEY] = link(previous["chain"], vouch)  # not even chained right: see above

    _last_vouch_rewritten(store, sid, first_form)
    assert store.vouched_summaries(sid) is None


def test_a_read_goes_on_only_from_the_very_bytes_it_had(store: Store) -> None:
    """A follower's read goes on from where it got to only when the journal still begins
    with the bytes it read (their SHA-256): an entry changed in place, length and checksum
    kept, sends it back to a whole read; a resumed read of the first form is refused."""
    from scorekeeper.storage import NotResumable, ResumeAt

    sid = store.create(HEADER, [event(1), event(2)])
    at = store.read(sid).read_to
    assert at is not None and at.digest is not None
    with store.open_writer(sid) as writer:
        writer.append(event(3))
    found = store.read_since(sid, at)
    assert found is not None and seqs(found[0]) == [3]
    assert seqs(store.read_resumed(sid, at).events) == [3]

    data = store.path(sid).read_bytes()
    assert data.count(b'"B"') == 3
    changed = data.replace(b'"player":"B"', b'"player":"C"', 1)
    lines = [encode(json.loads(line[9:]))[0] for line in changed.splitlines()]
    store.path(sid).write_bytes(b"".join(lines))
    assert store.path(sid).read_bytes() != data
    assert len(store.path(sid).read_bytes()) == len(data)
    assert [e["player"] for e in store.read(sid).events] == ["C", "B", "B"]
    assert store.read_since(sid, at) is None
    with pytest.raises(NotResumable):
        store.read_resumed(sid, ResumeAt(at.size, at.digest, at.next_id))
