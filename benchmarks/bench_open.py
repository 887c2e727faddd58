"""What checking the hash chain on every open costs, with and without a checkpoint.

Run: python benchmarks/bench_open.py [--entries 1000 10000] [--runs 7]
For each length, a stored indian-official session (seeded) is opened as every
command opens it (``load_session``: read, check the chain, fold through the
rules), alternating an open without a checkpoint (the whole chain is checked)
with one where the checkpoint is in place (storage/checkpoint.py: the bytes are
hashed once and only the entries after it are checked). The chain check itself
is timed the same two ways on the same entries. Medians are printed.

The claim it backs (docs/storage.md): with a checkpoint, the chain check costs
about the same at any length; only the one SHA-256 pass over the bytes grows.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sessions import make_session

from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.storage import checkpoint as checkpoints
from scorekeeper.storage.hashchain import verify


def _timed(action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    return time.perf_counter() - start


def measure(entries: int, runs: int) -> dict[str, float]:
    session = make_session(entries)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sid = create_session(store, session.header, session.events)
        path = store.path(sid)
        load_session(store, sid)  # the first open notes the checkpoint
        kept = checkpoints.load(path)
        assert kept is not None and kept.entries == len(session.events)
        stored = store.read(sid)
        assert stored.vouched == kept
        data = path.read_bytes()
        keys = ("open", "open+cp", "check", "check+cp", "hash")
        times: dict[str, list[float]] = {k: [] for k in keys}
        for _ in range(runs):
            checkpoints.discard(path)
            times["open"].append(_timed(lambda: load_session(store, sid)))
            checkpoints.save(path, kept)
            times["open+cp"].append(_timed(lambda: load_session(store, sid)))
            times["check"].append(_timed(lambda: verify(stored.header, stored.events)))
            times["check+cp"].append(
                _timed(lambda: verify(stored.header, stored.events, trusted=stored.vouched))
            )
            times["hash"].append(_timed(lambda: checkpoints.prefix_of(data, len(data), kept)))
        return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for n in args.entries:
        m = measure(n, args.runs)
        print(
            f"{n:>7} entries: open {m['open']:.3f} s without a checkpoint,"
            f" {m['open+cp']:.3f} s with one; chain check {m['check'] * 1000:.1f} ms"
            f" -> {m['check+cp'] * 1000:.2f} ms"
            f" after hashing the bytes in {m['hash'] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
