"""How long does ``scorekeeper stats`` take over 1,000 stored sessions, cold and warm?

Creates N stored sessions (default 1,000; 20 rounds of Indian Poker by the
official rules, 5 players, about 90 entries each) in a temporary folder, then
times the statistics over all of them three ways:

- cold: no cache yet, every session read and folded (and the cache written);
- warm: nothing changed, everything from ``index-stats1.json``;
- one changed: one session got a new entry, so it alone is folded again.

    python benchmarks/bench_stats.py [--sessions 1000] [--dir /path/on/the/disk/to/test]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

try:
    import scorekeeper  # noqa: F401
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.services.recording import Recording
from scorekeeper.services.stats_store import gather
from scorekeeper.storage import Store

PLAYERS = ["Aki", "Ben", "千尋", "Dai", "Emi"]


def sample_session(start: datetime) -> Session:
    session = Session(make_header("indian-official", PLAYERS))
    at = start
    for n in range(20):
        parent = session.state.parent
        children = [p for p in PLAYERS if p != parent]
        lines = ["round", "raise", f"fold {children[n % 4]}", "raise"]
        lines.append(f"showdown {children[(n + 1) % 4] if n % 3 else parent}")
        for line in lines:
            at += timedelta(seconds=20)
            session.record(parse_entry(session.game, split_line(line)), at)
    return session


def timed(action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    return time.perf_counter() - start


def measure(sessions: int, folder: Path | None = None) -> tuple[float, float, float]:
    """(cold, warm, one changed) seconds for the statistics over *sessions* stored sessions."""
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        store = Store(Path(tmp))
        begin = time.perf_counter()
        base = datetime(2026, 1, 1, 19, tzinfo=UTC)
        for i in range(sessions):
            session = sample_session(base + timedelta(days=i % 365))
            store.create(header_to_doc(session.header), map(event_to_doc, session.events))
        made = time.perf_counter() - begin
        print(f"{sessions} sessions of {len(session.events)} entries created in {made:.1f} s")
        cold = timed(lambda: gather(store))
        warm = timed(lambda: gather(store))
        with Recording(store, store.ids()[0]) as rec:
            rec.record(parse_entry(rec.session.game, split_line("note late")))
        changed = timed(lambda: gather(store))
    return cold, warm, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--dir", type=Path, default=None, help="folder on the disk to measure")
    args = parser.parse_args()
    cold, warm, changed = measure(args.sessions, args.dir)
    print(f"stats, cold (every session folded):  {cold:7.2f} s")
    print(f"stats, warm (all from the cache):    {warm:7.2f} s")
    print(f"stats, one session changed:          {changed:7.2f} s")


if __name__ == "__main__":
    main()
