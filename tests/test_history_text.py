"""Histories kept as text by a streaming fold (core/history_text.py, issue 36): below the
entries a :class:`StreamFold` keeps, round results and stake changes are held only as the
text a snapshot writes; ``verify``, ``import`` and ``replay`` decode none of them, and what
they compare or write from that text is what the items give."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from rules_support import at_t0

from scorekeeper.core import history_text, stream
from scorekeeper.core.chain import Chain
from scorekeeper.core.history_text import HistoryText, pack
from scorekeeper.core.state import StakeChange
from scorekeeper.core.state_codec import history_pieces
from scorekeeper.core.transcript import read_session, replay_text

HEAD = "game indian-official\nplayers A B C D\n"


def raised_rounds(count: int) -> str:
    """*count* rounds, each with a raise: as many round results as stake changes."""
    return HEAD + "round\nraise\nshowdown A\n" * count


@pytest.fixture
def decoded(monkeypatch) -> list[int]:
    """Counts the items decoded from a history kept as text."""
    seen: list[int] = []
    items = HistoryText.items

    def counted(self):
        for item in items(self):
            seen.append(1)
            yield item

    monkeypatch.setattr(HistoryText, "items", counted)
    return seen


def held_as_objects(chain: Chain) -> int:
    """How many of *chain*'s items are held as objects: those after its text."""
    kept = chain.raw_then()
    assert kept is not None and isinstance(kept[0], HistoryText)
    return len(kept[1])


def test_a_streamed_fold_holds_its_history_as_text(monkeypatch, decoded):
    """At 300 rounds as at 3,000, no more than the entries the fold keeps hold their round
    results and stake changes as objects; the rest is text, and reads back the same."""
    monkeypatch.setattr(stream, "WINDOW", 16)
    for count in (300, 3_000):
        state = replay_text(raised_rounds(count)).state
        assert len(state.results) == len(state.stake_history) == count
        assert held_as_objects(state.results) <= 2 * 16
        assert held_as_objects(state.stake_history) <= 2 * 16
    assert not decoded  # folding decodes nothing
    whole = read_session(raised_rounds(300), at_t0).state
    streamed = replay_text(raised_rounds(300), at_t0).state
    assert list(streamed.results) == list(whole.results)
    assert streamed.stake_history == whole.stake_history
    assert "".join(history_pieces(streamed.results)) == "".join(history_pieces(whole.results))


def test_verify_import_and_replay_decode_no_history(tmp_path, monkeypatch, decoded):
    """The statistics, the summaries, the digests and the snapshot come from the text as
    it is, and the counts kept as the fold packed: not one item is decoded."""
    from scorekeeper.cli.transcripts import standings_text
    from scorekeeper.services.importing import import_text
    from scorekeeper.services.verifying import verify_streamed
    from scorekeeper.storage import Store

    monkeypatch.setattr(stream, "WINDOW", 16)
    text = raised_rounds(400)
    store = Store(tmp_path / "home")
    assert import_text(store, text) == 1
    checked = verify_streamed(store, 1, window=16)
    assert checked is not None and not checked.forged and checked.entries == 1_200
    standings_text(replay_text(text))
    assert not decoded


def test_verify_finds_a_changed_history_in_the_snapshot(tmp_path):
    """A snapshot whose kept state is right but one round result in its history is not
    (vouched for by a rewritten journal) is found forged by the fold that holds its
    history as text."""
    from journal_support import kept_state, vouch_as_writer

    from scorekeeper.services.recording import import_session
    from scorekeeper.services.verifying import verify_streamed
    from scorekeeper.storage import Store, snapshot

    store = Store(tmp_path / "home")
    sid = import_session(store, read_session(raised_rounds(200)))
    taken = kept_state(store, sid)
    assert taken is not None and len(taken.apart) == 2
    checked = verify_streamed(store, sid, window=16)
    assert checked is not None and not checked.forged
    results = json.loads(taken.apart[0])
    deltas = results[7]["f"][2]["m"]  # RoundResult.deltas of the 8th round
    deltas[0][1] += 1
    apart = (json.dumps(results, separators=(",", ":")), *taken.apart[1:])
    vouch_as_writer(store, sid, snapshot.encode_seekable(replace(taken, apart=apart))[0])
    checked = verify_streamed(store, sid, window=16)
    assert checked is not None and checked.forged


def test_a_packed_chain_reads_the_same_and_keeps_nothing_decoded(decoded):
    """Packed in place: its length, last item and items are what they were, a chain grown
    from it adds to them, and each read decodes again (nothing decoded is kept)."""

    from datetime import UTC, datetime

    at = datetime(2026, 1, 1, tzinfo=UTC)
    items = [StakeChange(1, 2**n, 2 ** (n + 1), at, n) for n in range(5)]
    chain: Chain[StakeChange] = Chain()
    for item in items[:3]:
        chain = chain.add(item)
    assert pack(chain, None) == items[:3]
    grown = chain.add(items[3]).add(items[4])
    assert held_as_objects(grown) == 2 and len(grown) == 5 and chain[-1] == items[2]
    assert not decoded
    assert list(grown) == items and list(chain) == items[:3]
    assert len(decoded) == 6  # each read decoded the three packed items again
    assert pack(grown, chain) == items[3:]
    assert list(grown) == items and grown[-1] == items[4]
    assert pack(Chain().add(items[0]), chain) is None  # not grown from it: nothing packed
    assert history_text.pack(grown, grown) == []
