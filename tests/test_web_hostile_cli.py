"""``display --serve`` out of open files (issue 44, point 4): a flood of half-sent
connections past the files the process may open is said once on standard error (then
counted), never as a traceback per failed ``accept`` (today 668,550 lines in a minute),
and the page answers again once they are gone. RLIMIT_NOFILE is lowered in the server's
process alone."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store

#: Files the server's process may open: a few dozen past what it opens to start.
FILES = 40
#: Half-sent connections from one address: past those files, under its cap of 64.
FLOOD = 60
GUARD = 20.0  # seconds any one wait may take before the test fails


def _few_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


def _get(host: str, port: int, path: str) -> int:
    """The status of one GET (0: no answer)."""
    with socket.create_connection((host, port), GUARD) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n"
                     .encode())  # fmt: skip
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split()[1]) if answer else 0


def test_out_of_files_is_said_once_and_the_page_comes_back(tmp_path):
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(tmp_path / "data"),
               "display", "1", "--serve", "--port", "0"]  # fmt: skip
    err_path = tmp_path / "err.txt"
    with err_path.open("w") as err:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=err, text=True,
                                preexec_fn=_few_files)  # fmt: skip
    assert proc.stdout is not None
    flood: list[socket.socket] = []
    try:
        url = proc.stdout.readline().strip()
        host, port_text = url.split("/")[2].rsplit(":", 1)
        port, token = int(port_text), url.split("/")[3]
        for _ in range(FLOOD):  # the kernel queues them: the server runs out accepting
            sock = socket.create_connection((host, port), GUARD)
            sock.sendall(b"GET /")
            flood.append(sock)
        said = ""
        for _ in range(200):  # until the server has said it (a bounded number of looks)
            said = err_path.read_text()
            if "out of open files" in said:
                break
            time.sleep(0.05)
        assert "out of open files" in said, said
        for sock in flood:
            sock.close()
        status = 0
        for _ in range(100):  # the page answers again (a bounded number of tries)
            try:
                status = _get(host, port, f"/{token}/state.json")
            except OSError:
                status = 0
            if status == 200:
                break
            time.sleep(0.1)
        assert status == 200
    finally:
        for sock in flood:
            sock.close()
        proc.terminate()
        proc.wait(GUARD)
    said = err_path.read_text()
    assert "Traceback" not in said and "socket.accept()" not in said, said[:2000]
    assert said.count("out of open files") == 1, said
    assert len(said.splitlines()) <= 5, said
