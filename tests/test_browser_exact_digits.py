"""A stack of 24 digits stored in an older journal, on a phone (390x844) in Chromium:
every digit as stored in the players' table (issue 44, point 5; today ``1e+24``)."""

from __future__ import annotations

from scorekeeper.core.amounts import as_stored
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.browser_support import Browser
from tests.test_browser import Served

BIG = "1" + "0" * 23  # the 24 digits of the report


async def test_a_24_digit_stack_shows_its_exact_digits_on_a_phone(tmp_path):
    store = Store(tmp_path / "data")
    with as_stored():  # stored before the bound: read as written
        header = make_header("indian-chips", ["Aki", "Ben", "Chihiro"], {"stack": int(BIG)})
    create_session(store, header)  # session 1, the one served (Served adds a second)
    table = Served(tmp_path, ["X", "Y", "Z"])
    try:
        async with Browser() as browser:
            await browser.viewport(390, 844, 3)
            await browser.open(table.url)
            assert await browser.wait_for("document.body.dataset.entries === '0'")
            cells = await browser.evaluate(
                "[...document.querySelectorAll('#players tbody tr')]"
                ".map(tr => [...tr.children].map(td => td.innerText))"
            )
            assert [row[1][:3] for row in cells] == ["Aki", "Ben", "Chi"]
            assert all(BIG in row for row in cells), cells
            assert "e+" not in await browser.text("#players")
    finally:
        table.stop()
