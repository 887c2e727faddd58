"""The served display in a real browser: the page loads, shows the stake, and follows a raise."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys

import pytest

from tests.browser_support import Browser, missing_tools
from tests.ui_support import new_store

pytestmark = pytest.mark.skipif(missing_tools() is not None, reason=str(missing_tools()))

#: The log line "stake 10 → 20" as OCR reads it (a 0 may come out as 8 or O, the arrow as + or ~).
RAISE_LINE = r"stake [1l][0O8o]\W{1,4}2[0O8o]\b"
ROUND_LINE = r"round [1l] begins"
STAKE_CAPTION = r"stake\W+parent A\W+cap 1\w\w"  # "stake · parent A · cap 160"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def read_until(browser: Browser, path, pattern: str, seconds: float = 20) -> str:
    """OCR the page until *pattern* shows (the display needs a moment to start)."""
    text = ""
    for _ in range(int(seconds)):
        await asyncio.sleep(1)
        text = await browser.text(path)
        if re.search(pattern, text):
            return text
    return text


async def test_the_served_display_follows_a_raise(tmp_path):
    store = new_store(tmp_path)
    env = dict(os.environ, SCOREKEEPER_HOME=str(store.root), SCOREKEEPER_LANG="en")
    port = free_port()
    command = [sys.executable, "-m", "scorekeeper", "display", "1", "--serve", "--port", str(port)]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()  # "serving …": the port is bound
        async with Browser(free_port()) as browser:
            await browser.open(f"http://127.0.0.1:{port}/")
            shown = await read_until(browser, tmp_path / "before.png", STAKE_CAPTION)
            assert re.search(STAKE_CAPTION, shown), shown  # the stake's caption under the digits
            assert not re.search(ROUND_LINE, shown) and not re.search(RAISE_LINE, shown)
            record = [sys.executable, "-m", "scorekeeper", "record", "1", "round", "raise"]
            subprocess.run(record, env=env, check=True, capture_output=True)
            shown = await read_until(browser, tmp_path / "after.png", RAISE_LINE)
            assert re.search(ROUND_LINE, shown), shown
            assert re.search(RAISE_LINE, shown), shown  # the raise, in the page
    finally:
        server.terminate()
        server.wait(timeout=10)
