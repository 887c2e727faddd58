"""Headless Chromium driven over the DevTools protocol: the page's DOM is read as text.

Used by the browser tests of the live table page (and docs/tools/web_screenshots.py).
Debian's ``chromium`` package; .ci/run installs it.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import shutil
import signal
import socket
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
    if shutil.which("chromium") is None:
        return "chromium is not installed (Debian package chromium; .ci/run installs it)"
    return None


def require_browser() -> None:
    """At a browser test module's top: skip it without Chromium, or fail when CI says the
    browser is required (SCOREKEEPER_BROWSER_REQUIRED)."""
    missing = missing_tools()
    if missing is not None:
        if os.environ.get("SCOREKEEPER_BROWSER_REQUIRED"):
            raise RuntimeError(missing)
        import pytest

        pytest.skip(missing, allow_module_level=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON values only)."""
        reply = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in reply:
            raise RuntimeError(json.dumps(reply["exceptionDetails"])[:500])
        return reply.get("result", {}).get("value")

    async def text(self, selector: str = "body") -> str:
        """The text the page shows in *selector* (its innerText), or "" if it is not there."""
        found = await self.evaluate(
            f"(() => {{ const n = document.querySelector({json.dumps(selector)});"
            " return n ? n.innerText : ''; })()"
        )
        return str(found or "")

    async def wait_for(self, expression: str, seconds: float = 10.0) -> Any:
        """Poll *expression* until it is truthy; its last value either way."""
        value: Any = None
        for _ in range(int(seconds * 20)):
            try:
                value = await self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            await asyncio.sleep(0.05)
        return value

    async def viewport(self, width: int, height: int, scale: float = 1.0) -> None:
        """Show the page as a screen this size would (a phone: 390x844 at 3)."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=width < 800,
        )

    async def screenshot(self, out: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        out.write_bytes(base64.b64decode(shot["data"]))

    async def __aexit__(self, *exc: object) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._http is not None:
            await self._http.close()
        if self._proc is not None:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()
        self._profile.cleanup()
