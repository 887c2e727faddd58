"""Rounds played by the players' own phones in a real browser (issue 46, wave 2; headless
Chromium, touch at 390x844, no app): each player taps their move on their own page, the
recorder confirms it on the recorder's page (or refuses it: the player is told, in their
language). The journal then equals the one ``scorekeeper record`` makes from the same
words, event by event, plus who proposed each proposed entry."""

from __future__ import annotations

import json

from aiohttp.test_utils import TestServer

from scorekeeper.cli.main import main
from scorekeeper.core.events import Event
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import SETTINGS, RecorderLink
from scorekeeper.web.server import make_app
from tests.browser_support import Browser, require_browser
from tests.test_browser_recorder import ACTION, CHOICE, ROW, fits, phone, tap

require_browser()

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
PROP = 'document.querySelector(\'#props-list li[data-player="{0}"] button[data-do="{1}"]\')'


class Phones:
    """The recorder's page and each player's own page, tabs side by side."""

    def __init__(self, recorder: Browser, players: dict[str, Browser]) -> None:
        self.recorder, self.players = recorder, players
        self.entries = 0

    async def shown(self, entries: int) -> None:
        """Every phone shows the table of *entries* entries."""
        for page in (self.recorder, *self.players.values()):
            assert await page.wait_for(f"document.body.dataset.entries === '{entries}'", 20)
        self.entries = entries

    async def recorder_taps(self, kind: str) -> None:
        await tap(self.recorder, ACTION.format(kind))
        await self.shown(self.entries + 1)

    async def proposes(self, name: str, kind: str, *then: str) -> None:
        """*name* taps *kind* on their page, then the form's picks (*then*: JS elements);
        the page then waits for the recorder."""
        page = self.players[name]
        await tap(page, ACTION.format(kind))
        for element in then:
            await tap(page, element)
        waiting = "document.body.dataset.proposal === 'waiting'"
        assert await page.wait_for(waiting, 20), await page.text("#answer")

    async def answers(self, name: str, what: str, status: str) -> str:
        """The recorder taps Confirm or Refuse on *name*'s proposal; *name*'s word."""
        await tap(self.recorder, PROP.format(name, what))
        page = self.players[name]
        said = await page.wait_for(f"document.body.dataset.proposal === '{status}'", 20)
        assert said, await page.text("#answer")
        if status == "confirmed":
            await self.shown(self.entries + 1)
        return await page.text("#answer")


async def play(tmp_path, game, players, options, lang, script):
    """Serve session 1 with the recorder's link (the first player records) and every
    player's own; run *script* on the phones; compare with session 2 recorded by the
    command line from *script*'s words."""
    data = tmp_path / "data"
    store = Store(data)
    for _ in range(2):
        create_session(store, make_header(game, players, options))
    link = RecorderLink(RTOKEN, players[0], journal_desk(store, 1, players[0]))
    app = make_app(store, 1, token=TOKEN, lang=lang, max_viewers=10, recorder=link, players=True)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    base = f"http://127.0.0.1:{server.port}/"
    tokens = {name: one.token for name, one in app[SETTINGS].players.items()}
    try:
        async with Browser() as recorder, Browser() as one, Browser() as two:
            pages = dict(zip(players[1:], (one, two), strict=True))
            await phone(recorder, base + RTOKEN + "/", lang)
            for name, page in pages.items():
                await phone(page, base + tokens[name] + "/", lang)
            phones = Phones(recorder, pages)
            await phones.shown(0)
            lines = await script(phones)
    finally:
        await server.close()
    by_phones = journal_as_typed(store, lines)
    return [e.proposed.by if e.proposed else None for e in by_phones]


def journal_as_typed(store: Store, lines: list[str]) -> list[Event]:
    """Session 1's entries (played by the phones), once session 2 is recorded by the
    command line from *lines*: each equal to the one typed, but for who proposed it."""
    assert main(["--data-dir", str(store.root), "record", "2", *lines]) == 0
    by_phones, by_cli = load_session(store, 1).events, load_session(store, 2).events
    assert len(by_phones) == len(by_cli) == len(lines)
    for phoned, typed in zip(by_phones, by_cli, strict=True):
        assert (phoned.kind, dict(phoned.data), phoned.recorder) == (
            typed.kind, dict(typed.data), typed.recorder,
        )  # fmt: skip
        assert typed.proposed is None
    return list(by_phones)


async def test_an_official_round_by_the_players_phones(tmp_path):
    async def script(phones: Phones) -> list[str]:
        await phones.recorder_taps("round")
        fold = "(" + ACTION.format("fold") + ").textContent"
        assert await phones.players["Chihiro"].evaluate(fold) == "Fold"  # not "Fold · Chihiro"
        await phones.proposes("Chihiro", "fold")
        said = await phones.answers("Chihiro", "refuse", "refused")
        assert said == "The recorder refused: Chihiro folded at 10"
        await phones.proposes("Ben", "fold")
        said = "document.getElementById('answer').textContent"
        assert await phones.players["Ben"].wait_for(f"{said} === 'waiting for Aki…'", 20)
        listed = await phones.recorder.text("#props-list")
        assert listed.startswith("Ben: Ben folded at 10"), listed
        await fits(phones.recorder, 390)
        said = await phones.answers("Ben", "confirm", "confirmed")
        assert said == "Confirmed: Ben folded at 10"
        choice = CHOICE.format(json.dumps("Chihiro"))
        await phones.proposes("Chihiro", "showdown", choice)
        await phones.answers("Chihiro", "confirm", "confirmed")
        await fits(phones.players["Chihiro"], 390)
        return ["round", "fold Ben", "showdown Chihiro"]

    proposed = await play(tmp_path, "indian-official", ["Aki", "Ben", "Chihiro"], {}, "en",
                          script)  # fmt: skip
    assert proposed == [None, "Ben", "Chihiro"]


async def test_a_chips_round_by_the_players_phones_in_japanese(tmp_path):
    async def script(phones: Phones) -> list[str]:
        await phones.recorder_taps("round")
        await phones.proposes("Ben", "check")
        await phones.answers("Ben", "confirm", "confirmed")
        await phones.proposes("Cy", "bet")  # the game's bet: one tap
        said = await phones.answers("Cy", "confirm", "confirmed")
        assert said.startswith("確定しました: Cy") and "Cy: " not in said
        await phones.recorder_taps("call")  # Aki records their own call with their key
        await phones.proposes("Ben", "fold")
        said = await phones.answers("Ben", "refuse", "refused")
        assert said.startswith("記録役が断りました: Ben") and "Ben: " not in said
        await phones.proposes("Ben", "call")
        await phones.answers("Ben", "confirm", "confirmed")
        rows = [ROW.format(name) for name in ("Cy", "Ben", "Aki")]
        await phones.proposes("Cy", "showdown", *rows, "document.getElementById('form-send')")
        await phones.answers("Cy", "confirm", "confirmed")
        return ["round", "check Ben", "bet Cy", "call Aki", "call Ben",
                "showdown Cy > Ben > Aki"]  # fmt: skip

    proposed = await play(tmp_path, "indian-chips", ["Aki", "Ben", "Cy"], {"stack": "20"}, "ja",
                          script)  # fmt: skip
    assert proposed == [None, "Ben", "Cy", None, "Ben", "Cy"]
