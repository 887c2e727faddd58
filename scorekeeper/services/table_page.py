"""The live table page started from the app: ``scorekeeper display SESSION --serve --lan``
as a process of its own, so that serving the phones never slows the recorder's keys.

One page for the whole run of the app: its viewers' link (port and token) stays the same
from the moment it is first shown until the app quits. When the app opens another
session it tells the page to follow it (:meth:`TablePage.follow`: every phone moves with
it), a recorder's link added later is made by the running page (:meth:`TablePage.set_recorder`:
a new token, the same port), and F2, which starts the app again in the other language,
hands the running page on to the new app (:meth:`TablePages.hand_on`, :meth:`TablePages.adopt`:
the pipes are kept open across ``os.execv``), so no phone sees "connection lost".

Its first line of output is the page's address (cli/serve.py); anything it says on
its error output before that is why it could not start (no network, for one).

With the recorder's link ("Record from a phone"), the app stays the one writer: every tap
comes as a ``TAP {json}`` line on the page's output, is handed to *on_tap* (the app records
it as if typed), and its answer goes back as one JSON line on the page's input
(:meth:`TablePage.answer`).

The players' proposals (issue 46): the page says its whole queue on a ``PROPOSALS {json}``
line whenever it changes (handed to *on_proposals*), and the app answers one with
:meth:`TablePage.confirm` or :meth:`TablePage.refuse`; a confirmed one comes back as an
ordinary ``TAP`` line that carries who proposed it.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, Protocol

from scorekeeper.messages import UserError, language
from scorekeeper.services.app_proposals import Pending, read_pending

#: How long the page may take to start before the app gives up on it (seconds).
START_WITHIN = 20.0
#: The environment variable that hands a running page to the app started again by F2.
HANDED_ON = "SCOREKEEPER_TABLE_PAGE"

Tapped = Callable[["TablePage", dict[str, Any]], None]
#: Told the page's queue of proposals (oldest first) whenever it changes, in a reader thread.
Proposals = Callable[["TablePage", list[Pending]], None]


class _Process(Protocol):
    """What the app needs of the page's process: a started one, or one handed on."""

    def poll(self) -> int | None: ...
    def terminate(self) -> None: ...
    def kill(self) -> None: ...
    def wait(self, timeout: float | None = None) -> int: ...


class _HandedOn:
    """The page's process as the app started again by F2 sees it: still its child (an
    ``os.execv`` keeps the process), known by its id alone."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                done, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # not ours, or reaped already
                self.returncode = -1
            else:
                if done:
                    self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def terminate(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGTERM)

    def kill(self) -> None:
        with contextlib.suppress(OSError):
            os.kill(self.pid, getattr(signal, "SIGKILL", signal.SIGTERM))

    def wait(self, timeout: float | None = None) -> int:
        until = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if until is not None and time.monotonic() >= until:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0)
            time.sleep(0.02)
        assert self.returncode is not None
        return self.returncode


class TablePage:
    """The running page server, stopped with the app at the latest (or handed on to the
    app F2 starts again)."""

    #: Told the proposals waiting each time they change (in the reader thread).
    on_proposals: Proposals | None

    def __init__(
        self,
        data_dir: Path,
        sid: int,
        lang: str,
        *,
        lan: bool = True,
        recorder: str | None = None,
        on_tap: Tapped | None = None,
        on_proposals: Proposals | None = None,
    ) -> None:
        """*lan*: for the phones (the machine's network address), else this machine only.
        *recorder*: the recorder's link too, recording as that player; each tap is given
        to *on_tap* (in a reader thread), which answers it with :meth:`answer`. The
        players' proposals waiting are given to *on_proposals* each time they change."""
        command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data_dir)]
        command += ["--lang", lang, "display", str(sid), "--serve", "--port", "0"]
        command += ["--lan"] if lan else []
        command += ["--recorder", recorder] if recorder is not None else []
        command += ["--with-app"]  # it stops when our end of its input closes, even in a crash
        proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,  # the app's words and answers; held open while we run
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        self._setup(proc, proc.stdin, proc.stdout, proc.stderr, sid, recorder, on_tap)
        self.on_proposals = on_proposals
        self.url = self._first_line()

    def _setup(
        self,
        proc: _Process,
        stdin: IO[str],
        stdout: IO[str],
        stderr: IO[str],
        sid: int,
        recorder: str | None,
        on_tap: Tapped | None,
    ) -> None:
        self._proc, self._stdin, self._stdout, self._stderr = proc, stdin, stdout, stderr
        self.sid = sid  # the session the page follows (the app's open one)
        self.recorder = recorder
        self.recorder_url: str | None = None
        self.on_tap = on_tap
        self.on_proposals = None
        self.pending: list[Pending] = []  # the page's queue as it last said it
        self._answering = threading.Lock()  # one line at a time on the page's input
        self._links: queue.Queue[dict[str, Any]] = queue.Queue()
        self._players: queue.Queue[dict[str, Any]] = queue.Queue()  # PLAYERS lines
        self._asking = threading.Lock()  # one recorder's (or players') link asked at a time
        atexit.register(self.stop)

    @classmethod
    def adopt(
        cls,
        handed: dict[str, Any],
        on_tap: Tapped | None = None,
        on_proposals: Proposals | None = None,
    ) -> TablePage:
        """The page another run of this app handed on (:meth:`hand_on`), before F2's
        ``os.execv``: the same process, pipes, links, session and proposals waiting."""
        page = cls.__new__(cls)
        stdin = os.fdopen(int(handed["stdin"]), "w", encoding="utf-8")
        stdout = os.fdopen(int(handed["stdout"]), "r", encoding="utf-8", errors="replace")
        stderr = os.fdopen(int(handed["stderr"]), "r", encoding="utf-8", errors="replace")
        for stream in (stdin, stdout, stderr):
            os.set_inheritable(stream.fileno(), False)  # not into another page's process
        recorder = handed.get("recorder")
        page._setup(_HandedOn(int(handed["pid"])), stdin, stdout, stderr, int(handed["sid"]),
                    recorder if isinstance(recorder, str) else None, on_tap)  # fmt: skip
        page.url = str(handed["url"])
        recorder_url = handed.get("recorder_url")
        page.recorder_url = recorder_url if isinstance(recorder_url, str) else None
        page.on_proposals = on_proposals
        page.pending = read_pending({"pending": handed.get("pending")})
        page._read_on()
        return page

    def hand_on(self) -> dict[str, Any]:
        """What the app started again needs to go on with this page (:meth:`adopt`): a copy
        of each of its pipes, left open across ``os.execv`` (this app's own close with it).
        This object answers no tap from then on."""
        with self._answering, contextlib.suppress(OSError, ValueError):
            self._stdin.flush()
        self.on_tap = self.on_proposals = None
        kept = {}
        for name, stream in (("stdin", self._stdin), ("stdout", self._stdout),
                             ("stderr", self._stderr)):  # fmt: skip
            kept[name] = os.dup(stream.fileno())
            os.set_inheritable(kept[name], True)
        atexit.unregister(self.stop)
        pid = getattr(self._proc, "pid", None)
        return {"pid": pid, **kept, "url": self.url, "sid": self.sid,
                "recorder": self.recorder, "recorder_url": self.recorder_url,
                "pending": [_as_doc(p) for p in self.pending]}  # fmt: skip

    def _first_line(self) -> str:
        """The address, or a UserError with what the server said instead."""
        out, err = self._stdout, self._stderr
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
        self._read_on()
        return line

    def _read_on(self) -> None:
        threading.Thread(target=self._stderr.read, daemon=True).start()  # never let it block
        threading.Thread(target=self._read_taps, args=(self._stdout,), daemon=True).start()

    def _read_taps(self, out: Any) -> None:
        """Read the page's output to its end: each tap handed on, each link kept for the
        one who asked for it, the queue of proposals kept and handed on, the rest let go."""
        for raw in out:
            head, _, rest = raw.partition(" ")
            if head not in ("TAP", "LINK", "PLAYERS", "PROPOSALS"):
                continue
            try:
                said = json.loads(rest)
            except ValueError:
                continue
            if not isinstance(said, dict):
                continue
            if head == "LINK":
                self._links.put(said)
            elif head == "PLAYERS":
                self._players.put(said)
            elif head == "PROPOSALS":
                self.pending = read_pending(said)
                told = self.on_proposals
                if told is not None:
                    told(self, self.pending)
            elif self.on_tap is not None:
                self.on_tap(self, said)

    def _say(self, said: dict[str, Any]) -> bool:
        """One JSON line on the page's input; False when the page is gone."""
        if self._proc.poll() is not None:
            return False
        line = json.dumps(said, ensure_ascii=False)
        with self._answering:
            try:
                self._stdin.write(line + "\n")
                self._stdin.flush()
            except (OSError, ValueError):
                return False  # the page is gone: the phone is told by its own timeout
        return True

    def answer(self, number: int, answer: dict[str, Any]) -> None:
        """Send the answer to tap *number* back to the page (it tells the phone)."""
        self._say({"n": number, **answer})

    def confirm(self, pid: str) -> bool:
        """Confirm the players' proposal *pid*: the page hands it back as a tap (recorded
        by the app as any tap is, marked with who proposed it). False: the page is gone."""
        return self._say({"do": "confirm", "id": pid})

    def refuse(self, pid: str) -> bool:
        """Refuse the players' proposal *pid*: the page tells the player's phone."""
        return self._say({"do": "refuse", "id": pid})

    def follow(self, sid: int) -> None:
        """Every phone moves to session *sid* (the app opened it); nothing to wait for."""
        if sid != self.sid and self._say({"do": "follow", "session": sid}):
            self.sid = sid

    def set_language(self, lang: str) -> None:
        """The language of a phone that asks for neither (the app's, after F2)."""
        self._say({"do": "lang", "lang": lang})

    def set_recorder(self, name: str) -> str:
        """A recorder's link for *name*, made by the running page: a new token (a link made
        before stops), the viewers' link and port unchanged. Its address, or a UserError."""
        said = self._ask({"do": "recorder", "name": name}, self._links, "phone.app.no_link")
        token = said.get("token")
        if not isinstance(token, str):
            raise UserError("phone.app.no_link", reason=str(said.get("error") or "-"))
        self.recorder = str(said.get("name") or name)
        base = self.url.rstrip("/").rsplit("/", 1)[0]
        self.recorder_url = f"{base}/{token}/"
        return self.recorder_url

    def _ask(
        self, word: dict[str, Any], answers: queue.Queue[dict[str, Any]], refusal: str
    ) -> dict[str, Any]:
        """Say *word* to the page and wait for its answer on *answers* (one question at a
        time); a UserError (*refusal*) when the page cannot be told or does not answer."""
        with self._asking:
            with contextlib.suppress(queue.Empty):
                while True:  # an answer that came too late for the one who asked before
                    answers.get_nowait()
            if not self._say(word):
                raise UserError(refusal, reason="-")
            try:
                return answers.get(timeout=START_WITHIN)
            except queue.Empty:
                raise UserError(refusal, reason="-") from None

    def players(self) -> list[tuple[str, str]]:
        """Every seated player's own link, (name, address) by name: made by the running
        page once per name (and for each who joins). A UserError when it cannot."""
        return self._ask_players({"do": "players"})

    def revoke(self, name: str) -> list[tuple[str, str]]:
        """*name*'s link refused from now on (a lost phone), a new one made; the links."""
        return self._ask_players({"do": "revoke", "name": name})

    def _ask_players(self, word: dict[str, Any]) -> list[tuple[str, str]]:
        said = self._ask(word, self._players, "phone.player.app.no_links")
        links = said.get("links")
        if not isinstance(links, list):
            raise UserError("phone.player.app.no_links", reason=str(said.get("error") or "-"))
        return [(str(one.get("name")), str(one.get("url"))) for one in links
                if isinstance(one, dict)]  # fmt: skip

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
        with contextlib.suppress(OSError, ValueError):
            self._stdin.close()
        atexit.unregister(self.stop)


class TablePages:
    """The one page this app runs for the phones (whatever session it shows), stopped when
    the app stops, or handed on to the app F2 starts again."""

    def __init__(self, on_proposals: Proposals | None = None) -> None:
        """*on_proposals*: told the players' proposals waiting at any page this runs."""
        self.on_proposals = on_proposals
        self._page: TablePage | None = None
        self._wanted: int | None = None  # the session the app has open (the page follows)
        #: Starts and stops one at a time (each from a worker thread): two at once would
        #: both find no page running and start two servers, one never stopped.
        self._changing = threading.RLock()

    def running(self, sid: int | None = None) -> TablePage | None:
        """The page, if it runs (and follows session *sid*, when given)."""
        page = self._page
        if page is None or not page.running or (sid is not None and page.sid != sid):
            return None
        return page

    def start(
        self,
        store_root: Path,
        sid: int,
        *,
        lan: bool = True,
        recorder: str | None = None,
        on_tap: Tapped | None = None,
        renew: bool = False,
    ) -> TablePage:
        """The running page, now following *sid*, else a new one. With *recorder*, the
        page's recorder's link for that player, made by the running page when it has none
        or one for someone else (the book was handed over since), or *renew* (the old one
        answers 403 from then on); the viewers' link never changes."""
        with self._changing:
            page = self.running()
            if page is None:
                page = TablePage(store_root, sid, language(), lan=lan, recorder=recorder,
                                 on_tap=on_tap, on_proposals=self.on_proposals)  # fmt: skip
                self._page = page
            else:
                page.follow(sid)
                if on_tap is not None:
                    page.on_tap = on_tap
                if recorder is not None and (
                    renew or page.recorder != recorder or page.recorder_url is None
                ):
                    page.set_recorder(recorder)
            wanted = self._wanted
            if wanted is not None and wanted != sid:  # the app moved on while it started
                page.follow(wanted)
            return page

    def follow(self, sid: int) -> None:
        """The app opened session *sid*: the page (if one runs) shows it from now on."""
        self._wanted = sid
        page = self.running()
        if page is not None:
            page.follow(sid)

    def stop(self, sid: int | None = None) -> None:
        """Stop the page (the recorder asked: its links stop answering)."""
        with self._changing:
            page, self._page = self._page, None
            if page is not None:
                page.stop()

    def stop_all(self) -> None:
        self.stop()

    def hand_on(self) -> str | None:
        """The running page, as words for the app F2 starts again (None: none runs, or
        this system cannot keep it across ``os.execv``); it is left running."""
        with self._changing:
            page = self.running()
            if page is None or os.name != "posix":
                return None
            self._page = None
            return json.dumps(page.hand_on())

    def adopt(self, handed: str, on_tap: Tapped | None = None) -> TablePage | None:
        """Go on with the page the app before F2 handed on; None if it is gone."""
        try:
            page = TablePage.adopt(json.loads(handed), on_tap, self.on_proposals)
        except (ValueError, KeyError, TypeError, OSError):
            return None
        if not page.running:
            page.stop()
            return None
        self._page = page
        page.set_language(language())
        return page


def _as_doc(pending: Pending) -> dict[str, Any]:
    """A proposal waiting, as the page's line says it (handed on across F2)."""
    return {"id": pending.id, "player": pending.player, "words": list(pending.words),
            "label": pending.label, "at": pending.at}  # fmt: skip
