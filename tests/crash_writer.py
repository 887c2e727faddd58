"""Appends numbered events to one session until it is killed (used by test_storage_crash).

Usage: python tests/crash_writer.py DATA_ROOT SESSION_ID

Prints "ready" once the writer is open, then "ack N" (flushed) after each
append of event N has returned, i.e. after it is fsynced: every acked N must
survive a SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

from scorekeeper.storage import Store


def main() -> None:
    root, sid = Path(sys.argv[1]), int(sys.argv[2])
    with Store(root).open_writer(sid) as writer:
        n = max((int(e["seq"]) for e in writer.events), default=0)
        print("ready", flush=True)
        while True:
            n += 1
            writer.append({"seq": n, "kind": "bet", "player": "Aiko", "pad": "点" * 40 + "x" * 80})
            print(f"ack {n}", flush=True)


if __name__ == "__main__":
    main()
