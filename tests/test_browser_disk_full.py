"""A tap while the recorder's disk is full, on the recorder's phone in Chromium (390x844):
the page says "the disk is full: nothing was recorded" in the phone's language, and does
not offer "tap to retry" (issue 44, point 4). ENOSPC is injected into the journal's
writes for the one tap (as tests/test_fault_injection.py does)."""

from __future__ import annotations

import errno
import os

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.phone import Answer, Tap
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import make_app
from tests.browser_support import Browser, require_browser
from tests.test_browser_recorder import ACTION, phone, tap
from tests.test_web_hostile import RTOKEN, TOKEN, running

require_browser()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Not recorded: the disk is full: nothing was recorded."),
        ("ja", "記録していません: ディスクがいっぱいです。何も記録されていません。"),
    ],
)
async def test_a_full_disk_is_said_on_the_recorders_phone_without_retry(
    tmp_path, monkeypatch, lang, words
):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chihiro"], {}))
    desk = journal_desk(store, 1, "Aki")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    async def no_room(one: Tap, language: str) -> Answer:
        monkeypatch.setattr(os, "write", full)  # the journal's writes, for this tap
        try:
            return await desk(one, language)
        finally:
            monkeypatch.setattr(os, "write", real_write)

    link = RecorderLink(RTOKEN, "Aki", no_room)
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    async with running(app) as (host, port), Browser() as browser:
        await phone(browser, f"http://{host}:{port}/{RTOKEN}/?lang={lang}", lang)
        await tap(browser, ACTION.format("round"))
        assert await browser.wait_for("document.body.dataset.answered === '1'")
        said = await browser.text("#answer")
        assert said.startswith(words), said
        kind = await browser.evaluate("document.getElementById('answer').className")
        assert "retry" not in kind and "bad" in kind, kind
    assert load_session(store, 1).ledger.next_seq == 1  # nothing was recorded
