"""The verified checkpoint (issue 12, point 1): every open checks the chain, but only from
the last checkpoint on, and only while the bytes it was taken from are unchanged. A
checkpoint never hides an edit, is never needed, and anything wrong with it means the
whole chain is checked again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.services.recording import Recording, load_session
from scorekeeper.storage import Store, hashchain
from scorekeeper.storage import checkpoint as checkpoints
from tests.cli_support import run
from tests.test_integrity_on_open import edit_a_winner_and_see_it_refused

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ENTRIES = 19  # in examples/o1.txt


@pytest.fixture
def journal(capsys, home, monkeypatch) -> Path:
    monkeypatch.setattr(checkpoints, "EVERY", 5)
    assert run(capsys, "import", str(EXAMPLES / "o1.txt"))[0] == 0
    return home / "sessions" / "1.journal"


@pytest.fixture
def links(monkeypatch) -> list[int]:
    """How many entry hashes were worked out: the work a checkpoint saves."""
    count = [0]
    real = hashchain.link

    def counted(previous, doc):
        count[0] += 1
        return real(previous, doc)

    monkeypatch.setattr(hashchain, "link", counted)
    return count


def opened(home: Path, links: list[int]) -> int:
    links[0] = 0
    load_session(Store(home), 1)
    return links[0]


def test_the_first_open_checks_everything_and_notes_a_checkpoint(journal, home, links):
    assert checkpoints.load(journal) is None
    assert opened(home, links) == ENTRIES
    kept = checkpoints.load(journal)
    assert kept is not None
    assert (kept.entries, kept.size) == (ENTRIES, journal.stat().st_size)
    assert kept.chain == Store(home).read(1).events[-1]["chain"]


def test_later_opens_check_only_what_came_after_the_checkpoint(capsys, journal, home, links):
    opened(home, links)
    assert opened(home, links) == 0
    for n in range(3):
        assert run(capsys, "record", "1", f"note after {n}")[0] == 0
    assert opened(home, links) == 3
    assert checkpoints.load(journal).entries == ENTRIES  # 3 < EVERY: not noted again yet
    for n in range(2):
        assert run(capsys, "record", "1", f"note later {n}")[0] == 0
    assert opened(home, links) == 5  # 5 = EVERY: noted, so the next open checks none
    assert checkpoints.load(journal).entries == ENTRIES + 5
    assert opened(home, links) == 0


def test_the_recorder_notes_a_checkpoint_too(journal, home, links):
    with Recording(Store(home), 1) as recording:
        assert links[0] == ENTRIES
        assert len(recording.session.events) == ENTRIES
    assert checkpoints.load(journal).entries == ENTRIES
    links[0] = 0
    with Recording(Store(home), 1):
        assert links[0] == 0


def test_an_edit_before_the_checkpoint_is_still_refused(capsys, journal, home, links):
    opened(home, links)
    assert checkpoints.load(journal).entries == ENTRIES
    edit_a_winner_and_see_it_refused(capsys, journal)


def test_verify_never_relies_on_a_checkpoint(capsys, journal, home, links):
    opened(home, links)
    links[0] = 0
    code, out, _ = run(capsys, "verify", "1")
    assert code == 0 and "OK" in out and links[0] == ENTRIES


def _real(journal: Path, home: Path, links: list[int]) -> checkpoints.Checkpoint:
    opened(home, links)
    kept = checkpoints.load(journal)
    assert kept is not None
    return kept


@pytest.mark.parametrize(
    "forge",
    [
        lambda cp: b"not json",
        lambda cp: b"{}",
        lambda cp: b"[" * 5000,
        lambda cp: json.dumps({**cp, "entries": True}).encode(),
        lambda cp: json.dumps({**cp, "entries": 0}).encode(),
        lambda cp: json.dumps({**cp, "entries": ENTRIES + 1}).encode(),
        lambda cp: json.dumps({**cp, "size": cp["size"] + 1}).encode(),
        lambda cp: json.dumps({**cp, "digest": "0" * 64}).encode(),
        lambda cp: json.dumps({**cp, "chain": "f" * 64}).encode(),
        lambda cp: json.dumps({**cp, "extra": 1}).encode(),
        lambda cp: json.dumps({**cp, "chain": cp["chain"].upper()}).encode(),
    ],
    ids=[
        "garbage",
        "empty",
        "deep",
        "bool",
        "zero",
        "too-many",
        "size",
        "digest",
        "chain",
        "extra-key",
        "upper-hex",
    ],
)
def test_a_wrong_checkpoint_is_ignored_and_the_whole_chain_checked(journal, home, links, forge):
    kept = _real(journal, home, links)
    doc = {"entries": kept.entries, "chain": kept.chain, "size": kept.size, "digest": kept.digest}
    checkpoints.path_of(journal).write_bytes(forge(doc))
    assert opened(home, links) == ENTRIES


def test_a_checkpoint_vouches_only_for_the_very_same_bytes(journal, home, links):
    kept = _real(journal, home, links)
    data = journal.read_bytes()
    assert checkpoints.prefix_of(data, len(data), kept).vouched == kept
    assert checkpoints.prefix_of(data + b"more", len(data) + 4, kept).vouched == kept
    for at in (0, len(data) // 2, len(data) - 1):
        changed = bytearray(data)
        changed[at] ^= 0x20
        assert checkpoints.prefix_of(bytes(changed), len(data), kept).vouched is None
    assert checkpoints.prefix_of(data[:-1], len(data) - 1, kept).vouched is None


def test_trashing_a_session_drops_its_checkpoint(capsys, journal, home, links):
    opened(home, links)
    assert checkpoints.path_of(journal).exists()
    Store(home).trash(1)
    assert not checkpoints.path_of(journal).exists()
    assert [p.name for p in (home / "trash").iterdir()] == ["1.journal"]


def test_a_checkpoint_is_not_a_session_and_not_an_export_target(capsys, journal, home, links):
    opened(home, links)
    store = Store(home)
    assert store.ids() == [1]
    assert store.protects(checkpoints.path_of(journal))
    code, _, _ = run(capsys, "list")
    assert code == 0


def test_a_disk_that_refuses_the_checkpoint_only_costs_time(journal, home, links, monkeypatch):
    def refuse(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(checkpoints.durable, "replace_atomically", refuse)
    assert opened(home, links) == ENTRIES
    assert checkpoints.load(journal) is None
    assert opened(home, links) == ENTRIES
