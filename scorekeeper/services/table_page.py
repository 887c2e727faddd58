"""The live table page started from the app: ``scorekeeper display SESSION --serve --lan``
as a process of its own, so that serving the phones never slows the recorder's keys.

Its first line of output is the page's address (cli/serve.py); anything it says on
its error output before that is why it could not start (no network, for one).

With the recorder's link ("Record from a phone"), its second line is the recorder's
address, and the app stays the one writer: every tap comes as a ``TAP {json}`` line on
the page's output, is handed to *on_tap* (the app records it as if typed), and its answer
goes back as one JSON line on the page's input (:meth:`TablePage.answer`).
"""

from __future__ import annotations

import atexit
import json
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.messages import UserError, language

#: How long the page may take to start before the app gives up on it (seconds).
START_WITHIN = 20.0


class TablePage:
    """One running page server for one session, stopped with the app at the latest."""

    def __init__(
        self,
        data_dir: Path,
        sid: int,
        lang: str,
        *,
        lan: bool = True,
        recorder: str | None = None,
        on_tap: Callable[[TablePage, dict[str, Any]], None] | None = None,
    ) -> None:
        """*lan*: for the phones (the machine's network address), else this machine only.
        *recorder*: the recorder's link too, recording as that player; each tap is given
        to *on_tap* (in a reader thread), which answers it with :meth:`answer`."""
        self.sid = sid
        self.recorder = recorder
        self.recorder_url: str | None = None
        self._on_tap = on_tap
        self._answering = threading.Lock()
        command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data_dir)]
        command += ["--lang", lang, "display", str(sid), "--serve", "--port", "0"]
        command += ["--lan"] if lan else []
        command += ["--recorder", recorder] if recorder is not None else []
        command += ["--with-app"]  # it stops when our end of its input closes, even in a crash
        self._proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,  # never written to: held open for as long as we run
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        atexit.register(self.stop)
        self.url = self._first_line()

    def _first_line(self) -> str:
        """The address, or a UserError with what the server said instead."""
        out, err = self._proc.stdout, self._proc.stderr
        assert out is not None and err is not None
        found: list[str] = []

        def read() -> None:
            found.append(out.readline())
            if self.recorder is not None:
                found.append(out.readline())

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(START_WITHIN)
        line = found[0].strip() if found else ""
        if not line.startswith("http://"):
            self.stop()
            said = err.read().strip()
            reason = said.splitlines()[-1] if said else ""
            if reason.startswith("scorekeeper: "):
                reason = reason[len("scorekeeper: ") :]
            raise UserError("web.could_not_start", reason=reason or "-")
        if self.recorder is not None:
            self.recorder_url = found[1].strip() if len(found) > 1 else None
        threading.Thread(target=err.read, daemon=True).start()  # never let it block
        threading.Thread(target=self._read_taps, args=(out,), daemon=True).start()
        return line

    def _read_taps(self, out: Any) -> None:
        """Read the page's output to its end: each tap handed on, the rest let go."""
        for raw in out:
            if not raw.startswith("TAP ") or self._on_tap is None:
                continue
            try:
                said = json.loads(raw[4:])
            except ValueError:
                continue
            if isinstance(said, dict):
                self._on_tap(self, said)

    def answer(self, number: int, answer: dict[str, Any]) -> None:
        """Send the answer to tap *number* back to the page (it tells the phone)."""
        stdin = self._proc.stdin
        if stdin is None or self._proc.poll() is not None:
            return
        line = json.dumps({"n": number, **answer}, ensure_ascii=False)
        with self._answering:
            try:
                stdin.write(line + "\n")
                stdin.flush()
            except (OSError, ValueError):
                pass  # the page is gone: the phone is told by its own timeout

    @property
    def running(self) -> bool:
        return self._proc.poll() is None

    def stop(self) -> None:
        if self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        atexit.unregister(self.stop)


class TablePages:
    """The pages this app started, one per session, stopped when the app stops."""

    def __init__(self) -> None:
        self._pages: dict[int, TablePage] = {}
        #: Starts and stops one at a time (each from a worker thread): two at once would
        #: both find no page running and start two servers, one never stopped.
        self._changing = threading.RLock()

    def running(self, sid: int) -> TablePage | None:
        page = self._pages.get(sid)
        return page if page is not None and page.running else None

    def start(
        self,
        store_root: Path,
        sid: int,
        *,
        lan: bool = True,
        recorder: str | None = None,
        on_tap: Callable[[TablePage, dict[str, Any]], None] | None = None,
        renew: bool = False,
    ) -> TablePage:
        """The running page of *sid*, else a new one. With *recorder*, a page with that
        recorder's link (one without, or for someone else, is stopped first, its viewers'
        link with it);
        *renew*: new links whatever runs (the old ones answer 403 from then on)."""
        with self._changing:
            return self._start(store_root, sid, lan, recorder, on_tap, renew)

    def _start(
        self,
        store_root: Path,
        sid: int,
        lan: bool,
        recorder: str | None,
        on_tap: Callable[[TablePage, dict[str, Any]], None] | None,
        renew: bool,
    ) -> TablePage:
        page = self.running(sid)
        # a link made for another recorder (the book was handed over since) is replaced
        if page is not None and (renew or (recorder is not None and page.recorder != recorder)):
            self.stop(sid)
            page = None
        if page is None:
            page = TablePage(store_root, sid, language(), lan=lan, recorder=recorder,
                             on_tap=on_tap)  # fmt: skip
        self._pages[sid] = page
        return page

    def stop(self, sid: int) -> None:
        with self._changing:
            page = self._pages.pop(sid, None)
            if page is not None:
                page.stop()

    def stop_all(self) -> None:
        for sid in list(self._pages):
            self.stop(sid)
