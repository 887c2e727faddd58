"""The app's side of the players' proposals on the page's pipes (issue 46): the page's
``PROPOSALS`` lines reach the app's callback, oldest first, and the app's confirm and
refuse go back as one JSON line each."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from typing import IO

from scorekeeper.services.app_proposals import Pending, ProposalDesk, read_pending
from scorekeeper.services.table_page import TablePage


class Running:
    """The page's process as the app sees it: running until stopped."""

    returncode = None

    def poll(self) -> int | None:
        return self.returncode

    def terminate(self) -> None:
        self.returncode = 0

    kill = terminate

    def wait(self, timeout: float | None = None) -> int:
        return 0


def piped_page() -> tuple[TablePage, IO[str], IO[str]]:
    """A TablePage over a pipe: what the test writes on *page_out* the page said; what
    the app says to the page is in *app_in* (a file)."""
    read_end, write_end = os.pipe()
    page_out = os.fdopen(write_end, "w", encoding="utf-8")
    app_in = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (the page's input)
    errors = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
    page = TablePage.__new__(TablePage)
    page_in = os.fdopen(read_end, "r", encoding="utf-8")
    page._setup(Running(), app_in, page_in, errors, 1, "A", None)
    page.url = "http://127.0.0.1:1/t/"
    return page, app_in, page_out


def item(pid: str, player: str, *words: str) -> dict[str, object]:
    label = f"{player}: {' '.join(words)}"
    return {"id": pid, "player": player, "words": list(words), "label": label, "at": "x"}


def test_the_pages_queue_reaches_the_app_and_its_answers_go_back():
    page, app_in, page_out = piped_page()
    told: list[list[Pending]] = []
    came = threading.Event()

    def on_proposals(_: TablePage, pending: list[Pending]) -> None:
        told.append(pending)
        came.set()

    page.on_proposals = on_proposals
    page._read_on()
    line = {"pending": [item("p1", "B", "fold", "B"), {"id": 3}, item("p2", "C", "raise")]}
    page_out.write("PROPOSALS " + json.dumps(line) + "\n")
    page_out.flush()
    assert came.wait(10)
    assert [(p.id, p.label) for p in told[0]] == [("p1", "B: fold B"), ("p2", "C: raise")]
    assert page.pending == told[0]
    assert page.confirm("p1") and page.refuse("p2")
    app_in.seek(0)
    said = [json.loads(x) for x in app_in.read().splitlines()]
    assert said == [{"do": "confirm", "id": "p1"}, {"do": "refuse", "id": "p2"}]
    handed = page.hand_on()
    assert read_pending(handed) == told[0]  # across F2 the app still sees them
    for name in ("stdin", "stdout", "stderr"):
        os.close(handed[name])
    page_out.close()


def test_each_answer_is_for_the_next_proposal_until_the_page_takes_it_off():
    desk = ProposalDesk()
    first, second = read_pending({"pending": [item("p1", "B", "fold", "B"),
                                              item("p2", "C", "fold", "C")]})  # fmt: skip
    desk.show(1, [first, second])
    assert desk.waiting(2) == []
    desk.answered("p1")
    assert desk.waiting(1) == [second]
    desk.show(1, [first, second])  # a line written before the answer came: still answered
    assert desk.waiting(1) == [second]
    desk.show(1, [second])
    desk.show(1, [first, second])  # p1 again (never in practice): shown again
    assert desk.waiting(1) == [first, second]
