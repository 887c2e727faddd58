"""A phone's tap while the disk is full, with the app open as the one writer (issue 44,
point 4): the phone is answered "the disk is full: nothing was recorded" in its language,
the app's table says it too, nothing is recorded, and the app goes on (today the
storage error escaped the app's handling of the tap)."""

from __future__ import annotations

import errno
import os

from textual.widgets import Static

from scorekeeper.services.recording import load_session
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from tests.test_ui_phone import FakePage, said
from tests.ui_support import fixed_clock, new_store


async def test_a_tap_on_a_full_disk_is_said_on_the_phone_and_in_the_app(tmp_path, monkeypatch):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    page = FakePage()
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        monkeypatch.setattr(os, "write", full)
        try:
            app.phone_tap(page, said(1, 0, "round", lang="ja"))
        finally:
            monkeypatch.setattr(os, "write", real_write)
        await pilot.pause()
        answer = page.answers[-1][1]
        assert answer["status"] == 507 and answer["recorded"] is False
        assert answer["text"].startswith("記録していません: ディスクがいっぱいです。")
        line = app.screen.query_one("#message", Static)
        assert "the disk is full: nothing was recorded" in str(line.render())
        assert line.has_class("error")
        app.phone_tap(page, said(2, 0, "round"))  # room again: the app records on
        await pilot.pause()
        assert page.answers[-1][1]["recorded"] is True
    assert len(load_session(store, 1).events) == 1
