"""A process in a pseudo-terminal, its output painted on an emulated screen, for timing.

Why: a headless Textual app (``run_test``) skips the terminal driver on the way in
and the write to the terminal on the way out, so it under-states what a user waits
for. Here the program runs in a real pty of a given size, exactly as in a terminal;
everything it writes is fed to a VT100 emulator (pyte) so we know what is on the
screen, keys go in as the bytes a terminal sends, and ``wait_for`` returns the
``time.perf_counter()`` of the read that brought the awaited text onto the screen.

    with Terminal([sys.executable, "-m", "scorekeeper"], env=bench_env()) as term:
        term.wait_for("Saved sessions")
        pressed = term.send(b"n")
        painted = term.wait_for("New session")
        print(painted - pressed)

Every wait has a deadline: on time-out it raises ``Timeout`` with the screen as it
was, and ``close`` kills the process group, so a run never hangs.

Timing notes. The pty is drained as a terminal drains it, before the emulator sees
a byte: once ``select`` says output is ready, every byte is read as it comes, until
none has come for :data:`DRAIN_QUIET`; only then is it fed to the emulator, read by
read, and a wait returns the time of the read after which the awaited text is on the
screen. So the emulator's own cost (a few ms per 4 KB) is never counted, and the
stamp is never earlier than the bytes that painted the text.

Why drained: the pty passes at most 4 KB at a time (the line discipline's buffer),
and a whole-screen frame is 12-16 KB. Until 2026-12-02 each batch was fed to the
emulator before the next was read, so the program's write waited on the emulator,
and the last piece of a frame was stamped 5-25 ms after it was written
(docs/performance.md, "The harness's reads").
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

try:
    import pyte
except ImportError:  # pragma: no cover - the bench extra installs it
    sys.exit("benchmarks need pyte: pip install -e '.[bench]'")

Condition = str | Callable[[list[str]], bool]

#: Seconds without a byte that end a drain: a frame's pieces follow each other within
#: a fraction of a millisecond when read at once.
DRAIN_QUIET = 0.003
#: A drain ends after this long even if bytes keep coming (a program that never stops
#: writing still gets its screen looked at).
DRAIN_LONGEST = 0.5

#: Keys as a terminal sends them. A lone ESC byte ("escape") is what a terminal without
#: the kitty keyboard protocol sends: Textual holds it for ESCDELAY (100 ms) to tell it
#: from the start of an escape sequence. "escape-u" is the same key from a terminal
#: speaking the protocol (Textual asks every terminal for it), reported at once.
KEYS = {
    "enter": b"\r",
    "escape": b"\x1b",
    "escape-u": b"\x1b[27u",
    "tab": b"\t",
    "backspace": b"\x7f",
}


class Timeout(Exception):
    """What was awaited did not appear in time; the message shows the screen."""


class Exited(Exception):
    """The program ended (or closed the terminal) while we waited for it."""


def bench_env(**extra: str) -> dict[str, str]:
    """The environment of a program under test: a UTF-8 xterm, English, no colour quirks."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "TEXTUAL"))}
    env.update(
        TERM="xterm-256color",
        COLORTERM="truecolor",
        LANG="C.UTF-8",
        SCOREKEEPER_LANG="en",
        PYTHONUNBUFFERED="1",
    )
    env.pop("NO_COLOR", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # byte code as an installed copy has it
    env.update(extra)
    return env


def _set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class _Screen(pyte.Screen):
    """pyte's screen, answering the terminal's queries (device attributes, cursor
    position) back into the pty, as a terminal would."""

    def __init__(self, cols: int, rows: int, answer: Callable[[str], None]) -> None:
        super().__init__(cols, rows)
        self._answer = answer

    def write_process_input(self, data: str) -> None:
        self._answer(data)


def _make_controlling_tty() -> None:  # in the child, after setsid
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """*argv* started in a fresh pty of *cols* x *rows*; ``spawned_at`` is just before exec."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        cols: int = 80,
        rows: int = 24,
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
    ) -> None:
        self.cols, self.rows = cols, rows
        self.argv = [str(word) for word in argv]
        self.screen = _Screen(cols, rows, self._answer)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = os.openpty()
        _set_size(slave, cols, rows)
        self.received = 0
        self.spawned_at = time.perf_counter()
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env) if env is not None else bench_env(),
                cwd=cwd,
                start_new_session=True,
                preexec_fn=_make_controlling_tty,
                close_fds=True,
            )
        finally:
            os.close(slave)
        os.set_blocking(self.master, False)

    # -- input -------------------------------------------------------------------------
    def _answer(self, data: str) -> None:
        with contextlib.suppress(OSError):
            os.write(self.master, data.encode())

    def send(self, data: bytes | str) -> float:
        """Type *data* (bytes, or a key name from KEYS, or text); returns the time just before."""
        if isinstance(data, str):
            data = KEYS.get(data, data.encode())
        now = time.perf_counter()
        os.write(self.master, data)
        return now

    # -- output ------------------------------------------------------------------------
    def _read_batch(
        self, timeout: float, what: Condition | None = None
    ) -> tuple[float, bool] | None:
        """Drain the pty (after up to *timeout* s for a first byte), then feed what was
        read to the emulator, read by read. None if nothing came; else whether *what*
        held after some read, with the time of the first such read (or, if it never
        held, of the last read)."""
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if not ready:
            return None
        reads: list[tuple[float, bytes]] = []
        ended = False
        until = time.perf_counter() + DRAIN_LONGEST
        while True:
            while True:
                try:
                    chunk = os.read(self.master, 65536)
                except BlockingIOError:
                    break
                except OSError as error:  # EIO: the child closed its side of the pty
                    if error.errno != errno.EIO:
                        raise
                    ended = True
                    break
                if not chunk:
                    ended = True
                    break
                reads.append((time.perf_counter(), chunk))
            left = min(DRAIN_QUIET, until - time.perf_counter())
            if ended or left <= 0 or not select.select([self.master], [], [], left)[0]:
                break
        if ended and not reads:
            raise Exited(self._story("the program ended"))
        if not reads:  # ready, yet nothing to read
            return None
        held = None
        for stamp, chunk in reads:
            self.received += len(chunk)
            self.stream.feed(chunk)
            if held is None and what is not None and self.shows(what):
                held = stamp
        return (reads[-1][0], False) if held is None else (held, True)

    def lines(self) -> list[str]:
        """The screen now, one string per row."""
        return list(self.screen.display)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def shows(self, what: Condition) -> bool:
        lines = self.lines()
        if isinstance(what, str):
            return any(what in line for line in lines)
        return bool(what(lines))

    def wait_for(self, what: Condition, timeout: float = 30.0, describe: str = "") -> float:
        """The read time at which *what* (text, or a test of the screen's lines) first holds.

        If it already holds, the time now. Raises ``Timeout`` after *timeout* seconds.
        """
        if self.shows(what):
            return time.perf_counter()
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                wanted = describe or (what if isinstance(what, str) else "the condition")
                raise Timeout(self._story(f"no {wanted!r} on the screen after {timeout:g} s"))
            try:
                batch = self._read_batch(left, what)
            except Exited:
                wanted = describe or (what if isinstance(what, str) else "the condition")
                raise Exited(self._story(f"the program ended before {wanted!r}")) from None
            if batch is not None and batch[1]:
                return batch[0]

    def settle(self, quiet: float = 0.1, timeout: float = 10.0) -> None:
        """Read until the program has written nothing for *quiet* seconds (or *timeout*)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self._read_batch(min(quiet, deadline - time.perf_counter())) is None:
                return

    def wait_exit(self, timeout: float = 30.0) -> int:
        """Its exit status, reading (and painting) what it writes until it ends."""
        deadline = time.perf_counter() + timeout
        while self.proc.poll() is None:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise Timeout(self._story(f"still running after {timeout:g} s"))
            try:
                self._read_batch(min(left, 0.05))
            except Exited:
                try:
                    return self.proc.wait(timeout=max(deadline - time.perf_counter(), 0.01))
                except subprocess.TimeoutExpired:
                    raise Timeout(self._story(f"still running after {timeout:g} s")) from None
        return self.proc.returncode

    def _story(self, what: str) -> str:
        code = self.proc.poll()
        status = "still running" if code is None else f"exit status {code}"
        return f"{what} ({' '.join(self.argv)}: {status}); the screen:\n{self.text()}"

    # -- the end -----------------------------------------------------------------------
    def close(self) -> int | None:
        """Stop the program (its whole process group) and free the pty; its exit status."""
        if self.proc.poll() is None:
            for sig, grace in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.proc.wait(timeout=grace)
                    break
                except subprocess.TimeoutExpired:
                    continue
        with contextlib.suppress(OSError):
            os.close(self.master)
        return self.proc.poll()

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


if __name__ == "__main__":  # a look at the start screen: python benchmarks/pty_harness.py
    with Terminal([sys.executable, "-m", "scorekeeper", *sys.argv[1:]]) as term:
        painted = term.wait_for("Saved sessions")
        print(f"painted after {(painted - term.spawned_at) * 1000:.0f} ms")
        term.settle()
        print(term.text())
