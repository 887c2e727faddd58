"""Headless Chromium driven over the DevTools protocol, and tesseract to read what it shows.

Used by the browser test of the served display. Debian's ``chromium`` and
``tesseract-ocr`` packages; .ci/run installs them.
"""

from __future__ import annotations

import asyncio
import base64
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
]


def missing_tools() -> str | None:
    """Why the browser test cannot run here, or None."""
    for tool, package in (("chromium", "chromium"), ("tesseract", "tesseract-ocr")):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian package {package}; .ci/run installs it)"
    return None


class Browser:
    """One headless Chromium with one page, for the length of an ``async with``."""

    def __init__(self, port: int) -> None:
        self.port = port
        self._profile = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
        self._proc: subprocess.Popen[bytes] | None = None
        self._http: aiohttp.ClientSession | None = None
        self._ws: Any = None
        self._n = 0

    async def __aenter__(self) -> Browser:
        self._proc = subprocess.Popen(
            ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={self._profile.name}",
             f"--remote-debugging-port={self.port}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: every helper process goes with it
        )  # fmt: skip
        self._http = aiohttp.ClientSession()
        targets: list[dict[str, Any]] = []
        for _ in range(150):
            try:
                async with self._http.get(f"http://127.0.0.1:{self.port}/json/list") as reply:
                    targets = await reply.json()
                if any(t["type"] == "page" for t in targets):
                    break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
        page = next(t for t in targets if t["type"] == "page")
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        return self

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._n += 1
        await self._ws.send_json({"id": self._n, "method": method, "params": params})
        while True:
            message = await self._ws.receive_json()
            if message.get("id") == self._n:
                return dict(message.get("result", {}))

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def text(self, out: Path) -> str:
        """What the page shows now, read from a screenshot."""
        shot = await self.call("Page.captureScreenshot", format="png")
        out.write_bytes(base64.b64decode(shot["data"]))
        read = subprocess.run(
            ["tesseract", str(out), "-"], capture_output=True, text=True, check=True
        )
        return read.stdout

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self._proc is not None:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()
        self._profile.cleanup()
