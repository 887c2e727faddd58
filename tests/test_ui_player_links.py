"""The players' phones from the recorder's link screen (issue 46): each seated player's
code one at a time by name, →/← and the name's number to pick, r asked once then revoking
(the old link refused, a new code shown); and its look at 80x24."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from typing import cast

import pytest
from textual.widgets import Static

from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.player_links import PlayerLinksScreen
from scorekeeper.web.qr import qr_lines
from tests.test_ui_phone import post
from tests.ui_support import fixed_clock, new_store


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url + "state.json", timeout=10) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def text(app, selector: str) -> str:
    """What *selector* shows on the screen on top ("" before it is composed)."""
    found = app.screen.query(selector)
    return str(found.first(Static).render()) if found else ""


async def until(pilot, check) -> None:
    for _ in range(300):
        if check():
            return
        await pilot.pause(0.1)
    raise AssertionError("never came")


async def test_each_players_code_by_name_and_a_revoke_asked_once(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path, ["A", "B", "C"]), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.record_from_phone(1, "A", lan=False)
        await until(pilot, lambda: text(app, "#table-page-url").startswith("http"))
        recorder_url = text(app, "#table-page-url")
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, PlayerLinksScreen))
        await until(pilot, lambda: text(app, "#table-page-url").startswith("http"))
        assert text(app, "#table-page-status").startswith("A (1 of 3)")
        first = text(app, "#table-page-url")
        assert text(app, "#table-page-qr").splitlines() == qr_lines(first)
        await pilot.press("right")
        assert text(app, "#table-page-status").startswith("B (2 of 3)")
        ben = text(app, "#table-page-url")
        assert len({first, ben, recorder_url}) == 3
        await pilot.press("3")
        assert text(app, "#table-page-status").startswith("C (3 of 3)")
        await pilot.press("2", "r", "x", "r")  # another key between: asked again
        assert "Revoke B's link?" in text(app, "#table-page-note")
        assert await asyncio.to_thread(status_of, ben) == 200  # asked, not done
        await pilot.press("r")
        await until(pilot, lambda: text(app, "#table-page-url") not in ("", ben))
        assert text(app, "#table-page-status").startswith("B (2 of 3)")
        assert "B's old link is refused" in text(app, "#table-page-note")
        assert await asyncio.to_thread(status_of, ben) == 403
        assert await asyncio.to_thread(status_of, text(app, "#table-page-url")) == 200
        # D joins from the recorder's phone while this screen is open: D's code comes
        body = {"id": "tap-join-d", "after": 0, "words": ["join", "D"]}
        status, _ = await asyncio.to_thread(post, recorder_url + "entry", body)
        assert status == 200
        await until(pilot, lambda: "(2 of 4)" in text(app, "#table-page-status"))
        await pilot.press("4")
        assert text(app, "#table-page-status").startswith("D (4 of 4)")
        app.table_pages.stop_all()


class ShownPage:
    """Stands for the running page: fixed links, so the picture is the same every time."""

    def players(self) -> list[tuple[str, str]]:
        base = "http://192.168.1.20:8000/"
        return [(name, f"{base}{(name * 8)[:22]}/") for name in ("Aki", "Ben", "Cy")]


class ShownPages(TablePages):
    def running(self, sid: int | None = None) -> TablePage | None:
        return cast(TablePage, ShownPage())


@pytest.mark.usefixtures("steady_screen")
def test_the_players_phones_80x24(snap_compare, tmp_path):
    async def players(pilot) -> None:
        screen = PlayerLinksScreen(ShownPages(), tmp_path, 1)
        pilot.app.push_screen(screen)
        await until(pilot, lambda: bool(screen.links))
        await pilot.press("right")

    app = ScorekeeperApp(new_store(tmp_path, ["Aki", "Ben", "Cy"]), 1, clock=fixed_clock())
    assert snap_compare(app, terminal_size=(80, 24), run_before=players)
