"""The log chooses the entries that fit when it is painted: the frame right after a key
ends with the new entry, even when the message line above the log appears."""

from __future__ import annotations

from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.log import LogPanel
from tests.ui_support import fixed_clock, new_store, press_all


async def test_the_newest_entry_is_in_the_first_frame_when_the_message_line_appears(
    tmp_path, monkeypatch
):
    """The first key shows the message line above the log, which takes a line from it. The
    log chooses its entries when it is painted, at its new size: it is made once, and the
    frame painted right after the key already ends with the new entry."""
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPanel)
        assert app.screen.query_one("#message").has_class("hidden")
        made: list[int] = []
        real_show = LogPanel.show
        monkeypatch.setattr(LogPanel, "show", lambda self, s: made.append(1) or real_show(self, s))
        room = log.content_region.height
        await press_all(pilot, ["n"])
        await pilot.pause()
        assert not app.screen.query_one("#message").has_class("hidden")
        assert log.content_region.height == room - 1
        assert len(made) == 1
        assert "round 1 begins" in str(log.render()).splitlines()[-1]
