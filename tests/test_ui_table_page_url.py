"""The app's code screen for the phones' page at 80x24, in both languages (issue 35, point
11): the address is on one line, whole, so it can be read and typed as it is; nothing on
the screen is cut."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.widgets import Static

from scorekeeper import messages
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table_page import TablePageScreen
from tests.fit_check import cuts, painted_lines
from tests.ui_support import fixed_clock, new_store

#: As long as an address gets: the longest IPv4 address, a five-digit port, the token.
URL = "http://192.168.100.200:54321/" + "Ab-d_fGh1jK2lM3nO4pQ5r" + "/"


@dataclass
class Page:
    url: str


class Pages:
    """Stands for services.table_page.TablePages: a page that has started at URL."""

    def start(self, store_root: Path, sid: int) -> Page:
        return Page(URL)

    def stop(self, sid: int) -> None:
        return None


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_address_is_on_one_line_at_80_columns(tmp_path, lang):
    messages.set_language(lang)
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(TablePageScreen(Pages(), store.root, 1))  # type: ignore[arg-type]
        for _ in range(50):
            await pilot.pause(0.05)
            if str(app.screen.query_one("#table-page-url", Static).render()) == URL:
                break
        await pilot.pause()
        lines = painted_lines(app.screen)
        assert any(URL in line for line in lines), "\n".join(lines)
        assert cuts(app.screen) == []
