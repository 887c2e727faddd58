"""The recorder's buttons after an entry made elsewhere (a key in the app, another
terminal): they wait a moment before a tap counts, so a finger already on its way does
not land on the new button that took its place (found in the walk by taps with the app
open: a key checked Cy, and the tap meant for Cy's check recorded Dan's). The phone's own
entries never make it wait. Headless Chromium, touch, 390x844."""

from __future__ import annotations

from tests.browser_support import require_browser
from tests.test_browser_recorder import (
    ACTION,
    phones,
    table,  # noqa: F401  (the fixture)
)

require_browser()

SETTLING = "document.body.dataset.settling === '1'"


async def test_buttons_wait_a_moment_after_an_entry_made_elsewhere(table):  # noqa: F811
    served = table("indian-official", ["Aki", "Ben", "Cy"], "Aki")
    async with phones(served, "en") as taps:
        recorder = taps.recorder
        await recorder.evaluate("document.body.dataset.settleMs = '60000'")
        await taps.action("round", 1)  # the phone's own entry: no wait after it
        assert not await recorder.evaluate(SETTLING)
        served.record_by_cli(["raise"], sid=1)  # as a key in the app would
        assert await recorder.wait_for("document.body.dataset.entries === '2'")
        assert await recorder.evaluate(SETTLING)
        raise_button = ACTION.format("raise")
        assert await recorder.evaluate(f"{raise_button}.disabled")
        await recorder.evaluate(f"{raise_button}.click()")  # a tap that lands now: nothing
        assert await recorder.evaluate("document.body.dataset.answered || '0'") == "1"
        assert served.state(1)["stake"] == 20
        # a short wait this time: the buttons come back by themselves
        await recorder.evaluate("document.body.dataset.settleMs = '300'")
        served.record_by_cli(["raise"], sid=1)
        assert await recorder.wait_for("document.body.dataset.entries === '3'")
        assert await recorder.wait_for(f"!({SETTLING}) && !{raise_button}.disabled")
        await taps.action("raise", 4)
        assert served.state(1)["stake"] == 80
