"""Journals committed with their hashes pinned to known values.

A change to the canonical form, the line format or the chain's rule would make every
stored session look tampered and stop the receipts written down at tables from
matching: these tests fail first. ``o1-before-vouches.journal`` was written by the
program before snapshots were vouched for (commit d0b6d76); ``o1.journal`` by today's,
the same entries with the vouch line its writer adds as it closes; ``o1-stats3.journal``
by the program before the statistics counted the Pochen board (STATS_VERSION 3): its
vouch line names a snapshot of the older shape, and still verifies.
"""

from __future__ import annotations

import hashlib
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.core.transcript import read_session
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import verify
from tests.cli_support import run
from tests.journal_support import without_trailing_vouches

GOLDEN = Path(__file__).resolve().parent / "golden"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

HEADER_HASH = "96b170f43e3f6d1590b3b87bfda7dc2278d4fec438f460b425f6e47017055a87"
#: The receipt of both: the last entry's hash.
RECEIPT = "6710f86e5c967889d067782efd14d8780b76de3ec02ab012376bf15a33b97f26"
#: SHA-256 of the 19 entries' hashes joined by spaces.
ALL_ENTRY_HASHES = "ab0a029fd92dcd01e87ee94e698138569cbdfc42829a8bebb88851ec4fa37606"
#: The hash the next entry of o1.journal chains to: its vouch line's.
VOUCH_HASH = "b9e6ae1d89c49e71b37a55b500aec58fe68f7805c24dd93f1f138ce6228afea9"
#: The same of o1-stats3.journal, whose snapshot was of the older shape.
VOUCH_HASH_STATS3 = "530593a180674a7f753e3816441865fea6c856b5abfbd2446e4240198f4c8cb1"
START = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)


def stored(tmp_path: Path, name: str) -> Path:
    root = tmp_path / name
    (root / "sessions").mkdir(parents=True)
    shutil.copyfile(GOLDEN / name, root / "sessions" / "1.journal")
    return root


@pytest.mark.parametrize(
    ("name", "tip"),
    [
        ("o1.journal", VOUCH_HASH),
        ("o1-stats3.journal", VOUCH_HASH_STATS3),
        ("o1-before-vouches.journal", RECEIPT),
    ],
)
def test_the_pinned_hashes_hold(tmp_path, name, tip):
    session = Store(stored(tmp_path, name)).read(1)
    verdict = verify(session.header, session.events, session.vouches)
    assert verdict.ok and verdict.entries == 19
    assert session.header["chain"] == HEADER_HASH
    assert verdict.head == RECEIPT and verdict.tip == tip
    joined = " ".join(event["chain"] for event in session.events)
    assert hashlib.sha256(joined.encode("ascii")).hexdigest() == ALL_ENTRY_HASHES


@pytest.mark.parametrize("name", ["o1.journal", "o1-stats3.journal", "o1-before-vouches.journal"])
def test_the_receipt_noted_at_the_table_still_matches(capsys, tmp_path, name):
    root = str(stored(tmp_path, name))
    code, out, err = run(capsys, "--data-dir", root, "verify", "1", "--expect", RECEIPT[:16])
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == (
        "session 1: the receipt matches: no entry was cut off or rewritten"
    )
    # an older journal opens, lists and takes entries as before: a snapshot is kept for it
    assert run(capsys, "--data-dir", root, "record", "1", "round")[0] == 0
    assert run(capsys, "--data-dir", root, "verify", "1", "--expect", RECEIPT[:16])[0] == 0
    assert "Official" in run(capsys, "--data-dir", root, "list")[1]  # the game in words


def test_the_same_entries_written_today_give_the_same_bytes(tmp_path):
    played = read_session((EXAMPLES / "o1.txt").read_text(encoding="utf-8"))
    store = Store(tmp_path / "today")
    sid = create_session(store, played.header)
    with open_recording(store, sid) as rec:
        for n, event in enumerate(played.events):
            rec.record(Entry(event.kind, event.data), START + timedelta(minutes=n))
    # the header and the entries byte for byte; the vouch line after them names the
    # snapshot, whose summaries change with what they count (STATS_VERSION)
    today = without_trailing_vouches(store.path(sid).read_bytes())
    assert today == without_trailing_vouches((GOLDEN / "o1.journal").read_bytes())
    assert today == (GOLDEN / "o1-before-vouches.journal").read_bytes()
