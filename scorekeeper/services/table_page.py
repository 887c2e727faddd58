"""The live table page started from the app: ``scorekeeper display SESSION --serve --lan``
as a process of its own, so that serving the phones never slows the recorder's keys.

Its first line of output is the page's address (cli/serve.py); anything it says on
its error output before that is why it could not start (no network, for one).
"""

from __future__ import annotations

import atexit
import subprocess
import sys
import threading
from pathlib import Path

from scorekeeper.messages import UserError, language

#: How long the page may take to start before the app gives up on it (seconds).
START_WITHIN = 20.0


class TablePage:
    """One running page server for one session, stopped with the app at the latest."""

    def __init__(self, data_dir: Path, sid: int, lang: str, *, lan: bool = True) -> None:
        """*lan*: for the phones (the machine's network address), else this machine only."""
        self.sid = sid
        command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data_dir)]
        command += ["--lang", lang, "display", str(sid), "--serve", "--port", "0"]
        command += ["--lan"] if lan else []
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
        for pipe in (out, err):  # never let its output block it
            threading.Thread(target=pipe.read, daemon=True).start()
        return line

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

    def running(self, sid: int) -> TablePage | None:
        page = self._pages.get(sid)
        return page if page is not None and page.running else None

    def start(self, store_root: Path, sid: int, *, lan: bool = True) -> TablePage:
        page = self.running(sid) or TablePage(store_root, sid, language(), lan=lan)
        self._pages[sid] = page
        return page

    def stop(self, sid: int) -> None:
        page = self._pages.pop(sid, None)
        if page is not None:
            page.stop()

    def stop_all(self) -> None:
        for sid in list(self._pages):
            self.stop(sid)
