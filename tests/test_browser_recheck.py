"""The phones' page in headless Chromium at a phone's size (390x844) when the one background
fold after opening finds that the snapshot lied (issue 44, point 1, fifth bullet): the
entries' own numbers, and the warning naming the line, read from the page's DOM."""

from __future__ import annotations

import os
import subprocess
import sys

from scorekeeper.services.recording import load_session
from tests.browser_support import Browser, require_browser
from tests.test_recheck import _last_line, long_session

require_browser()


async def test_a_phone_shows_the_entries_numbers_and_which_line_lied(tmp_path, monkeypatch):
    store = long_session(tmp_path, monkeypatch, forged=True)
    line = _last_line(store)
    scores = dict(load_session(store, 1).state.scores)
    env = dict(os.environ, SCOREKEEPER_HOME=str(store.root), SCOREKEEPER_LANG="en")
    env.pop("SCOREKEEPER_DATA", None)
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(store.root)]
    command += ["display", "1", "--serve", "--port", "0"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://"), url
        async with Browser() as browser:
            await browser.viewport(390, 844, 3)
            await browser.open(url)
            shown = "!document.getElementById('problem').hidden"
            assert await browser.wait_for(shown, seconds=30)
            assert await browser.text("#problem") == (
                f"Line {line} of session 1's file vouched for saved numbers that are not what"
                " its entries give: the page now shows the entries' own numbers."
            )
            fits = await browser.evaluate(
                "(() => { const p = document.getElementById('problem');"
                " const r = p.getBoundingClientRect();"
                " return r.left >= 0 && r.right <= window.innerWidth && r.height > 0; })()"
            )
            assert fits
            rows = await browser.evaluate(
                "[...document.querySelectorAll('#players tr[data-name]')]"
                ".map((tr) => [tr.dataset.name, tr.lastChild.innerText])"
            )
            shown = {name: int(net.replace("−", "-").replace("+", "").replace(",", ""))
                     for name, net in rows}  # fmt: skip
            assert shown == scores  # the entries' own points (the net, in this game)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
