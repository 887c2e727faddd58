"""The recorder's phone joins players by name (issue 43, point 6), in headless Chromium at
390x844: the players who left come first, one tap back to their seat; the names played
under before are offered as the name is typed (a datalist); a name like one who left or
one played under before is asked about, and one like a seated player's in look-alike
letters is answered by the rules in words with their name (422), nothing recorded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.browser_support import require_browser
from tests.test_browser_recorder import fits, phones, tap
from tests.test_browser_recorder_entries import SEND, type_in

require_browser()

FIVE = ["Aki", "Ben", "Chihiro", "Dan", "Emi"]
TEXT = "document.getElementById('text')"
FIRST_CHOICE = "document.querySelector('#form-choices button')"


class Served:
    """Session 1 of FIVE served with its recorder's link, after session 2, where Eve,
    Fumi and Gen played (the names played under before)."""

    def __init__(self, tmp_path: Path) -> None:
        data = tmp_path / "data"
        store = Store(data)
        create_session(store, make_header("indian-official", FIVE))
        create_session(store, make_header("indian-official", ["Eve", "Fumi", "Gen"]))
        self.env = dict(os.environ, SCOREKEEPER_LANG="en")
        self.env["SCOREKEEPER_CONFIG"] = str(tmp_path / "config")
        self.base = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data)]
        command = [*self.base, "display", "1", "--serve", "--port", "0", "--recorder", "Aki"]
        self.proc = subprocess.Popen(command, env=self.env, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        self.recorder_url = self.proc.stdout.readline().strip()

    def record_by_cli(self, lines: list[str], sid: int = 1) -> None:
        subprocess.run([*self.base, "record", str(sid), *lines], env=self.env, check=True,
                       capture_output=True)  # fmt: skip

    def joins(self) -> list[dict[str, Any]]:
        out = subprocess.run([*self.base, "export", "1", "--format", "json"], env=self.env,
                             check=True, capture_output=True, text=True).stdout  # fmt: skip
        return [e["data"] for e in json.loads(out)["events"] if e["kind"] == "join"]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture
def served(tmp_path):
    one = Served(tmp_path)
    yield one
    one.stop()


async def test_the_join_form_offers_who_left_first_and_asks_about_look_alikes(served):
    async with phones(served, "en") as taps:  # type: ignore[arg-type]
        recorder = taps.recorder
        served.record_by_cli(["leave Ben", "leave Dan"])  # left, at the table
        assert await recorder.wait_for("document.body.dataset.entries === '2'")
        taps.entries = 2
        await taps.action("join")
        lines = await recorder.evaluate(
            "[...document.querySelectorAll('#form-choices > *')].map(n => n.textContent)"
        )
        assert lines[:3] == [
            "Ben comes back to their seat",
            "Dan comes back to their seat",
            "Or a new player:",
        ]
        known = await recorder.evaluate(
            "[...document.querySelectorAll('#known-names option')].map(o => o.value)"
        )
        assert known == ["Ben", "Dan", "Eve", "Fumi", "Gen"]
        assert await recorder.evaluate(f"{TEXT}.getAttribute('list')") == "known-names"
        await fits(recorder, 390)
        await tap(recorder, FIRST_CHOICE)  # one tap: Ben is back in his seat
        await taps.recorded(3)

        await taps.action("join")  # dan, typed: asked whether Dan comes back
        await type_in(recorder, TEXT, "ｄａｎ")
        await tap(recorder, SEND)
        question = await recorder.text("#name-question")
        assert question == "ｄａｎ looks like Dan, who left: is it Dan coming back?"
        assert await recorder.text("#name-yes") == "Bring Dan back to their seat"
        assert await recorder.text("#name-no") == "Type another name"
        await fits(recorder, 390)
        await tap(recorder, "document.getElementById('name-yes')")
        await taps.recorded(4)

        await taps.action("join")  # eve: like Eve, who played before; kept as typed
        await type_in(recorder, TEXT, "eve")
        await tap(recorder, SEND)
        assert await recorder.text("#name-question") == (
            "eve looks like Eve, who played before: the same person?"
        )
        assert await recorder.text("#name-yes") == "Use Eve (the same person)"
        await tap(recorder, "document.getElementById('name-no')")
        await taps.recorded(5)

        await taps.action("join")  # a Cyrillic А: the rules answer with Aki's name
        await type_in(recorder, TEXT, "\u0410ki")
        await tap(recorder, SEND)
        answered = str(taps.answered + 1)
        assert await recorder.wait_for(f"document.body.dataset.answered === '{answered}'")
        said = await recorder.text("#answer")
        assert "\u0410ki looks like Aki, who is at the table" in said
        assert "bad" in await recorder.evaluate("document.getElementById('answer').className")
    assert [j["player"] for j in served.joins()] == ["Ben", "Dan", "eve"]
