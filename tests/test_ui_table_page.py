"""The table page from the recorder's app: the palette starts it, the screen shows its code
and address, esc leaves it running, s stops it, and a page that cannot start says why."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from textual.widgets import Static

from scorekeeper.messages import UserError
from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table_page import TablePageScreen
from scorekeeper.web.lan import lan_address
from scorekeeper.web.qr import qr_lines
from tests.ui_support import fixed_clock, new_store


def answers(url: str) -> int | None:
    try:
        with urllib.request.urlopen(url, timeout=3) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except OSError:
        return None


async def shown(pilot, app, selector: str, seconds: float = 15.0) -> str:
    for _ in range(int(seconds * 10)):
        text = str(app.screen.query_one(selector, Static).render())
        if text.startswith("http") or "could not start" in text:
            return text
        await pilot.pause(0.1)
    return str(app.screen.query_one(selector, Static).render())


async def test_the_palette_offers_the_table_page_on_the_recorders_table(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Show the table page (phones)" in titles


async def test_the_page_starts_shows_its_code_keeps_running_and_stops(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_table_page(1)
        await pilot.pause()
        assert isinstance(app.screen, TablePageScreen)
        if lan_address() is None:  # no network here: said, and nothing runs
            status = await shown(pilot, app, "#table-page-status")
            assert "No network address found" in status
            return
        url = await shown(pilot, app, "#table-page-url")
        assert url.startswith(f"http://{lan_address()}:")
        qr = str(app.screen.query_one("#table-page-qr", Static).render())
        assert qr.splitlines() == qr_lines(url)
        assert answers(url) == 200
        assert answers(url.rsplit("/", 2)[0] + "/") == 403
        await pilot.press("escape")
        assert not isinstance(app.screen, TablePageScreen)
        assert answers(url) == 200  # closed, still running for the phones
        app.show_table_page(1)
        await pilot.pause(0.3)
        assert await shown(pilot, app, "#table-page-url") == url  # the same page, not another
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, TablePageScreen)
        assert answers(url) is None
        assert app.table_pages.running(1) is None


def test_a_page_that_cannot_start_says_why(tmp_path):
    store = new_store(tmp_path)
    with pytest.raises(UserError) as refused:
        TablePage(store.root, 9, "en")
    assert refused.value.message() == "The table page could not start: There is no session 9."


def test_the_app_stops_its_pages_when_it_stops(tmp_path):
    store = new_store(tmp_path)
    pages = TablePages()
    page = pages.start(store.root, 1, lan=False)  # this machine only: any machine has it
    assert page.url.startswith("http://127.0.0.1:") and answers(page.url) == 200
    pages.stop_all()  # as the command line does once the app has returned
    assert not page.running and answers(page.url) is None


def test_a_page_started_by_an_app_that_crashed_stops_by_itself(tmp_path):
    """The app dies without stopping its page (killed, a crash: no atexit): the page
    notices its input closing and stops, so no table stays on the network unwatched."""
    import os
    import subprocess
    import sys
    import time

    store = new_store(tmp_path)
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from scorekeeper.services.table_page import TablePage\n"
        f"page = TablePage(Path({str(store.root)!r}), 1, 'en', lan=False)\n"
        "print(page.url, flush=True)\n"
        "os._exit(1)  # as a crash: nothing is stopped\n"
    )
    app = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=dict(os.environ, SCOREKEEPER_LANG="en"), timeout=30)  # fmt: skip
    url = app.stdout.strip()
    assert url.startswith("http://127.0.0.1:"), app.stderr
    for _ in range(50):
        if answers(url) is None:
            break
        time.sleep(0.1)
    assert answers(url) is None  # gone within 5 s of the app
