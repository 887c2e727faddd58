"""``scorekeeper display SESSION --serve`` from the command line: where it listens, what it
prints first, and a plain message for every setting it cannot use."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web.lan import lan_address
from scorekeeper.web.qr import BORDER, ERROR, qr_lines
from tests.cli_support import run


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    return str(tmp_path / "data")


def serve(data: str, *extra: str) -> tuple[subprocess.Popen[str], str]:
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", data, "display", "1"]
    proc = subprocess.Popen([*command, "--serve", "--port", "0", *extra], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip()


def test_it_listens_on_this_machine_only_unless_told(data):
    proc, url = serve(data)
    try:
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        assert proc.stdout is not None
        assert "Only this machine can open it" in proc.stdout.readline() + proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(10)


def test_with_lan_it_names_this_machines_network_address_never_0000(data, capsys):
    found = lan_address()
    if found is None:  # a machine without a network: said in plain words
        code, _, err = run(capsys, "--data-dir", data, "display", "1", "--serve", "--lan")
        assert code != 0 and "No network address found" in err
        return
    proc, url = serve(data, "--lan")
    try:
        assert url.startswith(f"http://{found}:"), url
        assert "0.0.0.0" not in url
        with socket.create_connection((found, int(url.split(":")[2].split("/")[0])), 2):
            pass  # it answers on that address
    finally:
        proc.terminate()
        proc.wait(10)


def read_to_the_end(sock: socket.socket) -> bytes:
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    return answer


def test_a_request_that_cannot_be_read_is_answered_400_and_said_in_one_line(data):
    """Too long or too many to read: aiohttp answers 400 itself, and its log, a traceback
    quoting the request, is said as one terminal-safe line on the server's error output."""
    proc, url = serve(data)
    host = url.split("/")[2]
    address, port = host.rsplit(":", 1)
    token = url.split("/")[3]
    start = f"GET /{token}/ HTTP/1.1\r\nHost: {host}\r\n".encode()
    requests = {
        "a 16 KB header value": start + b"X-Big: " + b"a" * 16_384 + b"\r\n\r\n",
        "5,000 headers": start + b"".join(b"X-%d: a\r\n" % n for n in range(5000)) + b"\r\n",
        "a 100 KB path": b"GET /" + b"a" * 100_000 + f" HTTP/1.1\r\nHost: {host}\r\n\r\n".encode(),
    }
    try:
        for what, request in requests.items():
            with socket.create_connection((address, int(port)), 10) as sock:
                sock.sendall(request)  # not half-closed: aiohttp would drop it unanswered
                answer = read_to_the_end(sock)
            assert answer.split(b" ", 2)[1] == b"400", what
        with socket.create_connection((address, int(port)), 10) as sock:  # still serving
            sock.sendall(start + b"Connection: close\r\n\r\n")
            assert read_to_the_end(sock).split(b" ", 2)[1] == b"200"
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = err.splitlines()
    assert len(lines) == 3, err
    for line in lines:
        assert line.startswith("refused a request from 127.0.0.1 that could not be read (400): ")
        assert len(line) < 250 and line.isprintable()


def test_two_starts_have_two_tokens(data):
    urls = []
    for _ in range(2):
        proc, url = serve(data)
        proc.terminate()
        proc.wait(10)
        urls.append(url.rsplit("/", 2)[1])
    assert urls[0] != urls[1] and len(urls[0]) >= 22


@pytest.mark.parametrize("address", ["0.0.0.0", "::", "127.0.0.1", "not-an-address"])
def test_addresses_no_phone_can_open_are_refused(data, capsys, address):
    code, out, err = run(capsys, "--data-dir", data, "display", "1", "--serve", "--lan", address)
    assert code != 0 and out == ""
    assert f"{address} is not an address a phone can open" in err
    assert "Traceback" not in err


def test_the_old_host_option_says_what_to_use_instead(data, capsys):
    code, out, err = run(capsys, "--data-dir", data, "display", "1", "--serve", "--host", "0.0.0.0")
    assert code != 0 and out == ""
    assert "--host 0.0.0.0 is no longer used: add --lan for the phones on this network" in err


def test_a_port_in_use_is_said(data, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        words = ["--data-dir", data, "display", "1", "--serve", "--port", str(port)]
        code, out, err = run(capsys, *words)
    assert code != 0 and out == ""
    assert f"Port {port} is in use: choose another with --port (0 picks a free one)." in err


@pytest.mark.parametrize(("option", "value", "words"), [
    ("--max-viewers", "0", "--max-viewers must be 1 to 1000, not 0."),
    ("--port", "70000", "The port must be 0 to 65535, not 70000."),
])  # fmt: skip
def test_settings_it_cannot_use_are_said(data, capsys, option, value, words):
    code, out, err = run(capsys, "--data-dir", data, "display", "1", "--serve", option, value)
    assert code != 0 and out == "" and words in err


def test_a_missing_session_is_refused_before_anything_listens(data, capsys):
    code, out, err = run(capsys, "--data-dir", data, "display", "7", "--serve")
    assert code != 0 and out == "" and "There is no session 7." in err


def test_the_qr_code_is_the_address_module_for_module():
    """The half blocks read back to segno's own matrix of the address (two rows a line)."""
    import segno

    url = "http://192.168.1.20:8000/AbCdEfGhIjKlMnOpQrStUv/"
    lines = qr_lines(url)
    matrix = segno.make(url, error=ERROR).matrix_iter(border=BORDER)
    expected = [[bool(m) for m in row] for row in matrix]
    top = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}
    read: list[list[bool]] = []
    for line in lines:
        read.append([top[ch][0] for ch in line])
        read.append([top[ch][1] for ch in line])
    assert read[: len(expected)] == expected
    assert len(lines) == (len(expected) + 1) // 2 and len(lines) <= 17  # fits 80x24 with words
    assert all(len(line) == len(expected[0]) <= 33 for line in lines)
