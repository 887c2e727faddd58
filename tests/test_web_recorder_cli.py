"""``scorekeeper display SESSION --serve --recorder NAME``: the recorder's address after
the viewers', its own token, and a tap through it recorded as ``record`` records it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from tests.cli_support import run


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "config"))
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Cy"], {}))
    return str(tmp_path / "data")


def serve(data: str, *extra: str) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", data, "display", "1"]
    proc = subprocess.Popen([*command, "--serve", "--port", "0", *extra], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdout is not None
    return proc, proc.stdout.readline().strip(), proc.stdout.readline().strip()


def post(url: str, body: dict) -> tuple[int, dict]:
    origin = url.split("/", 3)
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": "/".join(origin[:3])},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_recorders_link_comes_second_with_its_own_token(data):
    proc, viewers, recorder = serve(data, "--recorder", "ben")
    try:
        assert viewers.startswith("http://127.0.0.1:") and recorder.startswith("http://127.0.0.1:")
        token, rtoken = viewers.split("/")[3], recorder.split("/")[3]
        assert token != rtoken and len(rtoken) == len(token) == 22  # 128 bits each
        assert proc.stdout is not None
        said = "".join(proc.stdout.readline() for _ in range(3))
        assert "The recorder's link (Ben)" in said
        status, answer = post(
            recorder + "entry", {"id": "cli-tap-01", "after": 0, "words": ["round"]}
        )
        assert status == 200 and answer["recorded"], answer
        status, answer = post(
            viewers + "entry", {"id": "cli-tap-02", "after": 2, "words": ["raise"]}
        )
        assert status == 403 and "viewers' link" in answer["text"]
    finally:
        proc.terminate()
        proc.wait(10)
    events = load_session(Store(data), 1).events
    assert [(e.kind, e.recorder) for e in events] == [("recorder", "Aki"), ("round", "Ben")]


def test_a_recorder_who_is_no_player_is_refused_in_words(data, capsys):
    code, out, err = run(capsys, "--data-dir", data, "display", "1", "--serve", "--port", "0",
                         "--recorder", "Zed")  # fmt: skip
    assert code == 2 and out == ""
    assert "--recorder Zed: not a player of session 1 (Aki, Ben, Cy)" in err
