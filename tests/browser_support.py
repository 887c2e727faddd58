"""Headless Chromium driven over the DevTools protocol: the page's DOM is read as text.

Used by the browser tests of the live table page (and docs/tools/web_screenshots.py).
Debian's ``chromium`` package; .ci/run installs it.
"""

from __future__ import annotations

import asyncio
import atexit
import base64
import contextlib
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
    # Tabs of one Chromium side by side (a recorder's phone and a viewer's in one test):
    # one in the background must go on running its timers and drawing as a phone would.
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
    "--disable-features=CalculateNativeWinOcclusion,IntensiveWakeUpThrottling",
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


class _Chromium:
    """The worker's one headless Chromium, started at its first browser test and killed as
    the worker ends: each test opens a tab of its own in it (:class:`Browser`). Starting a
    Chromium costs about a second of several processes' work; one per test was a tenth of
    the suite's time."""

    def __init__(self) -> None:
        self.port = free_port()
        self._profile = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
        self.proc = subprocess.Popen(
            ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={self._profile.name}",
             f"--remote-debugging-port={self.port}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: every helper process goes with it
        )  # fmt: skip
        atexit.register(self.stop)

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self._profile.cleanup()


_chromium: _Chromium | None = None
#: The tab in front of the worker's Chromium (the one that takes input).
_front: str | None = None


def _running_chromium() -> _Chromium:
    """The worker's Chromium, started again should it have gone."""
    global _chromium
    if _chromium is None or _chromium.proc.poll() is not None:
        if _chromium is not None:
            _chromium.stop()
        _chromium = _Chromium()
    return _chromium


class Browser:
    """A tab of its own in the worker's Chromium, for the length of an ``async with``: its
    own page, viewport, locale and touch settings, closed at the end. (Tabs share the
    profile; the page keeps nothing in cookies or storage, and each test serves it on a
    port of its own, so nothing carries over from one test to the next.)"""

    def __init__(self) -> None:
        self._http: aiohttp.ClientSession | None = None
        self._ws: Any = None
        self._target: str | None = None
        self._n = 0

    async def __aenter__(self) -> Browser:
        chromium = _running_chromium()
        base = f"http://127.0.0.1:{chromium.port}"
        self._http = aiohttp.ClientSession()
        page: dict[str, Any] | None = None
        for _ in range(150):
            try:
                async with self._http.put(f"{base}/json/new?about:blank") as reply:
                    page = await reply.json(content_type=None)
                break
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)  # still starting
        assert page is not None, "Chromium did not start"
        self._target = page["id"]
        self._ws = await self._http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        return self

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        global _front
        if method.startswith("Input.") and _front != self._target:
            # Chromium answers input only in the tab in front: with two tabs in a test,
            # a touch sent to the other one would wait for ever.
            _front = self._target
            await self.call("Page.bringToFront")
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
            if self._target is not None and _chromium is not None:
                with contextlib.suppress(aiohttp.ClientError):
                    url = f"http://127.0.0.1:{_chromium.port}/json/close/{self._target}"
                    async with self._http.get(url):
                        pass
            await self._http.close()
