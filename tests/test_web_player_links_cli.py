"""``display N --serve --recorder NAME --players`` (issue 46): a line ``NAME: URL`` for
each seated player after the recorder's; ``--players`` alone refused in words; started
by the app, its words ``players`` and ``revoke`` answered by a ``PLAYERS`` line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request

from tests.cli_support import run
from tests.test_web_recorder_cli import data, serve  # noqa: F401 (data: a fixture)


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url + "state.json", timeout=10) as reply:
            doc = json.loads(reply.read())
            return int(reply.status) if doc.get("me") else -1
    except urllib.error.HTTPError as error:
        return error.code


def test_each_seated_player_gets_a_line_after_the_recorders(data):  # noqa: F811
    proc, viewers, recorder = serve(data, "--recorder", "Aki", "--players")
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline().strip() for _ in range(2)]
        # Aki records: the recorder's link does all a player's can, no player's line
        assert [line.split(": ", 1)[0] for line in lines] == ["Ben", "Cy"]
        urls = dict(line.split(": ", 1) for line in lines)
        tokens = {url.split("/")[3] for url in urls.values()}
        assert len(tokens | {viewers.split("/")[3], recorder.split("/")[3]}) == 4
        assert status_of(urls["Ben"]) == 200
        # what the page is, with the links it has: only the first address reads only
        told = " ".join(proc.stdout.readline().strip() for _ in range(4))
        assert "read only; Ctrl+C" not in told and "the first address above is to watch" in told
        assert "it records entries, and confirms or refuses the players' proposals" in told
        assert "proposes that player's moves" in told and "Aki plays on the recorder's" in told
        # revoked from the recorder's page: the new link is printed here, the same way
        origin = "/".join(recorder.split("/")[:3])
        asked = urllib.request.Request(
            recorder + "revoke", data=b'{"name": "Ben"}', method="POST",
            headers={"Content-Type": "application/json", "Origin": origin},
        )  # fmt: skip
        with urllib.request.urlopen(asked, timeout=10) as reply:
            assert "printed where the page server runs" in json.loads(reply.read())["text"]
        new = next_line_of(proc, "Ben: ")
        assert new != urls["Ben"] and status_of(new) == 200 and status_of(urls["Ben"]) == 403
    finally:
        proc.terminate()
        proc.wait(10)


def next_line_of(proc: subprocess.Popen[str], start: str) -> str:
    """The URL of the next line the server prints that starts with *start* (within 60 s)."""
    found: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(start):
                found.append(line[len(start) :].strip())
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    assert found, f"no line {start}"
    return found[0]


def test_players_without_a_recorder_is_refused_in_words(data, capsys):  # noqa: F811
    code, out, err = run(capsys, "--data-dir", data, "display", "1", "--serve", "--port", "0",
                         "--players")  # fmt: skip
    assert code == 2 and out == ""
    assert "--players makes each player's link beside the recorder's" in err


def said(proc: subprocess.Popen[str], head: str) -> dict:
    """The next ``HEAD {json}`` line the page writes (a page that never says it fails
    the test instead of holding it forever)."""
    assert proc.stdout is not None
    found: list[dict] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(head + " "):
                found.append(dict(json.loads(line[len(head) + 1 :])))
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    assert found, f"no {head} line"
    return found[0]


def test_the_apps_words_make_and_revoke_the_players_links(data):  # noqa: F811
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", data, "display", "1",
               "--serve", "--port", "0", "--with-app"]  # fmt: skip
    proc = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdout.readline()  # the viewers' address
        proc.stdin.write('{"do": "players"}\n')
        proc.stdin.flush()
        links = {one["name"]: one["url"] for one in said(proc, "PLAYERS")["links"]}
        assert sorted(links) == ["Aki", "Ben", "Cy"] and status_of(links["Ben"]) == 200
        proc.stdin.write('{"do": "revoke", "name": "Ben"}\n')
        proc.stdin.flush()
        after = {one["name"]: one["url"] for one in said(proc, "PLAYERS")["links"]}
        assert status_of(links["Ben"]) == 403 and status_of(after["Ben"]) == 200
        assert after["Cy"] == links["Cy"]
        proc.stdin.write('{"do": "revoke", "name": "Zed"}\n')
        proc.stdin.flush()
        assert "Zed has no link" in said(proc, "PLAYERS")["error"]
    finally:
        proc.stdin.close()
        proc.wait(10)
