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
            shown = await read_until(browser, tmp_path / "before.png", r"stake.*parent")
            assert re.search(r"stake.*parent A.*cap 160", shown), shown
            assert not re.search(r"stake 10\D{1,4}20", shown)
            record = [sys.executable, "-m", "scorekeeper", "record", "1", "round", "raise"]
            subprocess.run(record, env=env, check=True, capture_output=True)
            shown = await read_until(browser, tmp_path / "after.png", r"stake 10\D{1,4}20")
            assert re.search(r"stake 10\D{1,4}20", shown), shown  # the raise, in the page
    finally:
        server.terminate()
        server.wait(timeout=10)
