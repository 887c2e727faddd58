"""The players' proposals on the app's table (issue 46): the page's queue shown over the
table, Enter confirming the first and X refusing it (each key the next, in the order they
came), the confirm coming back as a tap that keeps who proposed it, and w, the session's
switch, recorded as an entry that undo takes back. The page is a fake: what it is told."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from scorekeeper.core.events import Proposed
from scorekeeper.services.app_proposals import Pending, read_pending
from scorekeeper.services.recording import load_session
from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.key_bar import KeyBar
from tests.ui_support import fixed_clock, new_store, press_all

AT = datetime(2026, 11, 29, 12, 0, 5, tzinfo=UTC)


class FakePage:
    """The running page as the app sees it: its session, and every word it is told."""

    def __init__(self, sid: int = 1, recorder: str | None = None) -> None:
        self.sid, self.recorder, self.running = sid, recorder, True
        self.told: list[tuple[str, str]] = []
        self.answers: list[tuple[Any, dict[str, Any]]] = []

    def confirm(self, pid: str) -> bool:
        self.told.append(("confirm", pid))
        return True

    def refuse(self, pid: str) -> bool:
        self.told.append(("refuse", pid))
        return True

    def answer(self, number: Any, answer: dict[str, Any]) -> None:
        self.answers.append((number, answer))

    def follow(self, sid: int) -> None:
        self.sid = sid


class OnePage(TablePages):
    """The app's pages with the fake one running."""

    def __init__(self, page: FakePage, app: ScorekeeperApp) -> None:
        super().__init__(on_proposals=app._proposals_came)
        self.page = page

    def running(self, sid: int | None = None) -> TablePage | None:
        page = self.page
        return page if sid in (None, page.sid) else None  # type: ignore[return-value]


def queue(*items: tuple[str, str, str]) -> list[Pending]:
    """The page's PROPOSALS line's queue: (id, player, words) each, labelled as the app's."""
    return read_pending(
        {
            "pending": [
                {
                    "id": pid,
                    "player": who,
                    "words": words.split(),
                    "label": f"{who}: {words}",
                    "at": AT.isoformat(),
                }
                for pid, who, words in items
            ]
        }
    )


def bar(app: ScorekeeperApp) -> str:
    found = app.screen.query("#proposals")
    shown = found.first(Static) if found else None
    return "" if shown is None or shown.has_class("hidden") else str(shown.render())


def footer(app: ScorekeeperApp) -> dict[str, str]:
    return dict(app.screen.query_one(KeyBar).shown())


async def said_by_the_page(app: ScorekeeperApp, page: FakePage, pending: list[Pending]) -> None:
    """A PROPOSALS line, as the page's reader thread hands it on."""
    await asyncio.to_thread(app._proposals_came, page, pending)  # type: ignore[arg-type]


async def test_the_queue_over_the_table_confirmed_and_refused_in_order(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    # the recorder's link was made for B: a confirm the app asked for never hands B the book
    page = FakePage(recorder="B")
    app.table_pages = OnePage(page, app)
    async with app.run_test(size=(80, 24)) as pilot:
        await press_all(pilot, ["n"])
        await press_all(pilot, ["enter"])  # nothing waits: Enter tells the page nothing
        assert page.told == [] and bar(app) == ""
        assert "⏎" not in footer(app) and "X" not in footer(app)
        three = queue(("p1", "B", "fold B"), ("p2", "C", "fold C"), ("p3", "A", "raise"))
        await said_by_the_page(app, page, three)
        assert bar(app) == "B: fold B · Enter confirm · X refuse  +2 more"
        assert footer(app)["⏎"] == "Confirm" and footer(app)["X"] == "Refuse"
        await press_all(pilot, ["enter"])
        assert page.told == [("confirm", "p1")]
        assert bar(app) == "C: fold C · Enter confirm · X refuse  +1 more"
        # the page hands the confirmed proposal back as a tap, with who proposed it
        tap = {"n": 1, "lang": "en", "id": "p-000000p1", "after": 1, "words": ["fold", "B"],
               "proposed": {"by": "B", "at": AT.isoformat()}, "from_app": True}  # fmt: skip
        app.phone_tap(page, tap)
        await said_by_the_page(app, page, three[1:])
        assert page.answers[-1][1]["recorded"], page.answers
        await press_all(pilot, ["X"])
        assert bar(app) == "A: raise · Enter confirm · X refuse"
        await press_all(pilot, ["enter"])
        assert page.told == [("confirm", "p1"), ("refuse", "p2"), ("confirm", "p3")]
        assert bar(app) == ""  # every one answered; the page takes them off
        # a confirm the rules refuse as it comes back (the table moved on): said here too
        app.phone_tap(page, {**tap, "n": 2, "id": "p-000000p3", "words": ["raise"]})
        assert not page.answers[-1][1]["recorded"]
        assert "the table changed" in str(app.screen.query_one("#message", Static).render())
        await said_by_the_page(app, page, [])
        assert bar(app) == "" and "X" not in footer(app)
    events = load_session(store, 1).events
    holder = events[0].recorder  # the app's recorder: no hand-over to the link's B
    assert [(e.kind, dict(e.data), e.proposed, e.recorder) for e in events] == [
        ("round", {}, None, holder),
        ("fold", {"player": "B"}, Proposed("B", AT), holder),
    ]
    assert holder != "B"


async def test_the_switch_is_an_entry_undo_takes_back(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    page = FakePage()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["w"])  # no phones' page: not in the footer, said why
        assert "w" not in footer(app) and not app.screen.state.auto_confirm
        assert "players' phones" in str(app.screen.query_one("#message", Static).render())
        app.table_pages = OnePage(page, app)
        await press_all(pilot, ["w"])  # proposals confirm themselves
        assert app.screen.state.auto_confirm
        assert "proposals confirm themselves" in bar(app)
        assert footer(app)["w"] == "Auto"
        await press_all(pilot, ["u", "enter"])
        assert not app.screen.state.auto_confirm and bar(app) == ""
    events = load_session(store, 1).events
    assert [(e.kind, dict(e.data)) for e in events] == [
        ("proposals", {"auto": True}),
        ("undo", {"voids": 1}),
    ]


async def test_the_proposals_waiting_before_f2_show_after_it(tmp_path, monkeypatch):
    page = FakePage()
    page.pending = queue(("p1", "B", "fold B"))  # type: ignore[attr-defined]
    monkeypatch.setattr(TablePages, "adopt", lambda self, handed, on_tap=None: page)
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.adopt_table_page("{}")
        app.table_pages = OnePage(page, app)
        await pilot.pause()
        assert bar(app) == "B: fold B · Enter confirm · X refuse"


@pytest.mark.usefixtures("steady_screen")
def test_two_proposals_waiting_80x24(snap_compare, tmp_path):
    async def waiting(pilot) -> None:
        app = pilot.app
        page = FakePage()
        app.table_pages = OnePage(page, app)
        await press_all(pilot, ["n"])
        await said_by_the_page(app, page, queue(("p1", "B", "fold B"), ("p2", "C", "fold C")))

    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    assert snap_compare(app, terminal_size=(80, 24), run_before=waiting)


JAPANESE = r"""
import asyncio, json, sys, tempfile
from pathlib import Path
sys.path.insert(0, {root!r})
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.key_bar import KeyBar
from tests.test_ui_proposals import FakePage, OnePage, bar, queue, said_by_the_page
from tests.ui_support import fixed_clock, new_store, press_all

async def main():
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder), ["亜紀", "ベン", "千尋"]), 1,
                             clock=fixed_clock())
        page = FakePage()
        app.table_pages = OnePage(page, app)
        async with app.run_test(size=(80, 24)) as pilot:
            await press_all(pilot, ["n"])
            two = queue(("p1", "ベン", "降りる"), ("p2", "千尋", "降りる"))
            await said_by_the_page(app, page, two)
            shown = [bar(app), dict(app.screen.query_one(KeyBar).shown())]
            await press_all(pilot, ["w"])
            shown.append(bar(app))
        app.finish_writing()
    print(json.dumps(shown, ensure_ascii=False))

asyncio.run(main())
"""


def test_the_queue_and_its_keys_in_a_japanese_process():
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, SCOREKEEPER_LANG="ja", TZ="UTC")
    script = JAPANESE.format(root=str(root))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, encoding="utf-8", check=True)  # fmt: skip
    first, keys, switched = json.loads(done.stdout.splitlines()[-1])
    assert first == "ベン: 降りる · Enter 確定 · X 却下  ほか1件"
    assert keys["⏎"] == "確定" and keys["X"] == "却下" and keys["w"] == "自動確定"
    assert switched.endswith("提案はそのまま記録されます(w:記録役の確認に戻す)")
