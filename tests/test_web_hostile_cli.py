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


def _desktop_files() -> None:
    """The files a process may open on a usual desktop (1,024)."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))


def _get(host: str, port: int, path: str, source: str = "127.0.0.1") -> int:
    """The status of one GET (0: no answer), from *source* (any 127.x.y.z is this machine)."""
    with socket.create_connection((host, port), GUARD, source_address=(source, 0)) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n"
                     .encode())  # fmt: skip
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split()[1]) if answer else 0


def _server(tmp_path, files) -> tuple[subprocess.Popen[str], str]:
    """``display 1 --serve`` with *files* setting its limit of open files; its address."""
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(tmp_path / "data"),
               "display", "1", "--serve", "--port", "0"]  # fmt: skip
    with (tmp_path / "err.txt").open("w") as err:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=err, text=True,
                                preexec_fn=files)  # fmt: skip
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def test_1100_half_sent_connections_from_one_phone_leave_the_page_up(tmp_path):
    """The report's attack: 1,100 slowloris connections from one address, against a
    process that may open 1,024 files. The address gets 64; a phone at another address
    still gets the table (today nothing was accepted for a minute)."""
    proc, url = _server(tmp_path, _desktop_files)
    flood: list[socket.socket] = []
    try:
        host, port_text = url.split("/")[2].rsplit(":", 1)
        port, token = int(port_text), url.split("/")[3]
        for _ in range(1100):
            try:
                sock = socket.create_connection((host, port), 5)
                flood.append(sock)
                sock.sendall(b"GET /")
            except OSError:  # closed at the door as it came: what the cap does
                pass
        status = _get(host, port, f"/{token}/state.json", source="127.0.0.2")
        assert status == 200, (tmp_path / "err.txt").read_text()[:2000]
    finally:
        for sock in flood:
            sock.close()
        proc.terminate()
        proc.wait(GUARD)
    said = (tmp_path / "err.txt").read_text()
    # said once per address while it holds its connections (again only after all of its
    # connections were dropped, 5 s on: a slow machine's flood may outlast that)
    assert "Traceback" not in said and "refused connections from 127.0.0.1" in said
    assert len(said.splitlines()) <= 5, said


def test_out_of_files_is_said_once_and_the_page_comes_back(tmp_path):
    proc, url = _server(tmp_path, _few_files)
    err_path = tmp_path / "err.txt"
    assert proc.stdout is not None
    flood: list[socket.socket] = []
    try:
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
