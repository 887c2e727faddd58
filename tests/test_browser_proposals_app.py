"""Rounds played by the players' own phones with the recorder's app open (issue 46; headless
Chromium, touch at 390x844): the app starts its phones' page as it does for "Record from a
phone" (the real page process, ``--with-app``), hands each player their link from its
players' screen, and each player taps their move on their own page; the recorder confirms
each proposal with Enter in the app, or refuses one with X (the player's page says so in
their language). The journal then equals the one ``scorekeeper record`` makes from the
same words, event by event, plus who proposed each proposed entry; the app's table shows
the round's result. Along the way: a key at the app withdraws the proposal waiting (the
player is told), every phone says who proposed an entry and who confirmed it, and with the
switch on (w) a proposal is recorded by itself, still marked, and u undoes it. One app and
one page process a test, a tab a player. (The same without the app:
tests/test_browser_proposals.py.)"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable

import pytest
from textual.widgets import Static

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.player_links import PlayerLinksScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.proposals import proposals_text
from tests.browser_support import Browser, require_browser
from tests.test_browser_proposals import journal_as_typed
from tests.test_browser_recorder import ACTION, CHOICE, ROW, fits, phone, tap
from tests.ui_support import press_all

require_browser()

SAID = "document.body.dataset.proposal"
ANSWER = "document.getElementById('answer').textContent"
TIME = r"\d\d:\d\d:\d\d"


async def until(pilot, check: Callable[[], object], what: str) -> None:
    """Let the app run until *check* holds: the page process answers in its own time."""
    for _ in range(400):
        if check():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"never came: {what}")


class Table:
    """The recorder's app and each player's own page, a tab each in the worker's Chromium."""

    def __init__(self, app: ScorekeeperApp, pilot, players: dict[str, Browser]) -> None:
        self.app, self.pilot, self.players = app, pilot, players

    def count(self) -> int:
        screen = next(s for s in self.app.screen_stack if isinstance(s, TableScreen))
        return len(screen.recording.session.events)

    async def shown(self, entries: int) -> None:
        """The app's journal holds *entries* entries, and every phone shows that table."""
        await until(self.pilot, lambda: self.count() == entries, f"{entries} entries")
        for page in self.players.values():
            assert await page.wait_for(f"document.body.dataset.entries === '{entries}'", 20)

    async def keys(self, *keys: str, adds: int | None = None) -> None:
        """The recorder types *keys* at the app's table: *adds* entries (one a key)."""
        count = self.count()
        await press_all(self.pilot, list(keys))
        await self.shown(count + (len(keys) if adds is None else adds))

    async def proposes(self, name: str, kind: str, *then: str) -> None:
        """*name* taps *kind* on their page, then the form's picks (*then*: JS elements);
        the proposal waits at the app, last in its queue."""
        page = self.players[name]
        await tap(page, ACTION.format(kind))
        for element in then:
            await tap(page, element)
        assert await page.wait_for(f"{SAID} === 'waiting'", 20), await page.text("#answer")

        def queued() -> bool:
            return [p.player for p in self.app.proposals.waiting(1)][-1:] == [name]

        await until(self.pilot, queued, f"{name}'s proposal at the app")

    async def proposes_auto(self, name: str, kind: str) -> str:
        """With the switch on: *name*'s tap is recorded by itself, no key at the app; the
        words *name*'s page says."""
        count = self.count()
        page = self.players[name]
        await tap(page, ACTION.format(kind))
        said = await page.wait_for(f"{SAID} === 'confirmed'", 20)
        assert said, await page.text("#answer")
        await self.shown(count + 1)
        await self.none_waits()
        return await page.text("#answer")

    async def mark(self, name: str, seq: int) -> str:
        """What *name*'s page says by entry *seq* in its latest entries (who proposed it)."""
        note = f"document.querySelector('#entries li[data-seq=\"{seq}\"] .note')"
        assert await self.players[name].wait_for(f"!!{note}", 20), seq
        return str(await self.players[name].evaluate(f"{note}.textContent"))

    async def none_waits(self) -> None:
        """The app's queue is empty, and its line over the table says none waits (only
        the switch, when it is on)."""
        auto = self.app.screen.state.auto_confirm  # type: ignore[attr-defined]

        def empty() -> bool:
            return not self.app.proposals.waiting(1) and self.bar() == proposals_text([], auto)

        await until(self.pilot, empty, "no proposal waiting at the app")

    def bar(self) -> str:
        """The app's line over the table: the first proposal waiting, or the switch."""
        return self.text("#proposals")

    def result(self) -> list[str]:
        """The app's table's lines on the round just ended."""
        return [line.strip() for line in self.text("#result").splitlines()]

    def text(self, selector: str) -> str:
        """What *selector* shows on the app's screen ("" when hidden)."""
        shown = self.app.screen.query_one(selector, Static)
        return "" if shown.has_class("hidden") else str(shown.render())

    async def answers(self, name: str, key: str, status: str) -> str:
        """The recorder presses *key* (Enter confirms the first proposal, X refuses it);
        *name*'s page says *status*: its words."""
        count = self.count()
        assert self.bar().startswith(f"{name}: "), self.bar()
        await press_all(self.pilot, [key])
        page = self.players[name]
        said = await page.wait_for(f"{SAID} === '{status}'", 20)
        assert said, await page.text("#answer")
        await self.shown(count + (status == "confirmed"))
        return await page.text("#answer")


async def play(
    tmp_path,
    game: str,
    players: list[str],
    options: dict[str, str],
    lang: str,
    script: Callable[[Table], Awaitable[list[str]]],
) -> list[str | None]:
    """The app on session 1, recording as the first player, its phones' page started from
    the app; *script* played; compared with session 2 recorded by the command line from
    *script*'s words. Who proposed each entry."""
    data = tmp_path / "data"
    store = Store(data)
    for _ in range(2):
        create_session(store, make_header(game, players, options))
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        try:
            app.record_from_phone(1, players[0], lan=False)  # the palette's "Record from a phone"
            await until(pilot, lambda: app.table_pages.running() is not None, "the page")
            await press_all(pilot, ["p"])  # each player's code, by name
            await until(pilot, lambda: isinstance(app.screen, PlayerLinksScreen), "the codes")
            links = app.screen
            assert isinstance(links, PlayerLinksScreen)
            await until(pilot, lambda: len(links.links) == len(players), "every link")
            urls = dict(links.links)
            await press_all(pilot, ["escape", "escape"])
            await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table again")
            async with Browser() as one, Browser() as two:
                pages = dict(zip(players[1:], (one, two), strict=True))
                for name, page in pages.items():
                    await phone(page, urls[name], lang)
                table = Table(app, pilot, pages)
                await table.shown(0)
                for page in pages.values():  # the finger guard after a change elsewhere
                    await page.evaluate("document.body.dataset.settleMs = '50'")  # is 0.7 s
                lines = await script(table)
        finally:
            app.table_pages.stop_all()
    by_phones = journal_as_typed(store, lines)
    for phoned in by_phones:
        assert phoned.recorder == players[0]
        if phoned.proposed is not None:  # asked before it was confirmed, in UTC
            assert phoned.proposed.at.tzinfo is not None and phoned.proposed.at <= phoned.at
    return [e.proposed.by if e.proposed else None for e in by_phones]


async def official_in_japanese(table: Table) -> list[str]:
    await table.keys("n")  # the recorder starts the round at the app
    await table.proposes("千尋", "fold")
    said = await table.answers("千尋", "X", "refused")
    assert said.startswith("記録役が断りました: "), said
    await table.proposes("ベン", "fold")
    await table.keys("r")  # the parent raises at the app meanwhile: ベン's fold is withdrawn
    said = await table.players["ベン"].wait_for(f"{SAID} === 'withdrawn' && {ANSWER}", 20)
    assert said.startswith("確定の前に卓が変わったため取り下げました: "), said
    await table.none_waits()  # the app's line is gone too
    await table.proposes("ベン", "fold")  # again, on the table as it is now
    said = await table.answers("ベン", "enter", "confirmed")
    assert said.startswith("確定しました: "), said
    mark = await table.mark("千尋", 3)  # every phone says who proposed it, and who confirmed
    assert re.fullmatch(rf"ベンさんが{TIME}に提案、亜紀さんが{TIME}に確認", mark), mark
    await table.proposes("千尋", "showdown", CHOICE.format(json.dumps("千尋")))
    await table.answers("千尋", "enter", "confirmed")
    await fits(table.players["千尋"], 390)
    assert table.result() == [
        "Round 1: 千尋 won the showdown at 20. 亜紀 40, ベン 20 paid 千尋 60",
        "Standings: 1 千尋 +60 · 2 ベン -20 · 3 亜紀 -40",  # the parent pays 2s
    ]
    # the switch on: a proposal is recorded by itself, still marked; u undoes it
    await table.keys("w", "n")
    assert table.bar() == "proposals confirm themselves (w: the recorder confirms again)"
    said = await table.proposes_auto("千尋", "fold")
    assert said.startswith("確定しました: "), said
    assert (await table.mark("ベン", 7)).startswith("千尋さんが")
    await table.keys("u", "enter", adds=1)  # undo asks once
    return [
        "round",
        "raise",
        "fold ベン",
        "showdown 千尋",
        "proposals auto",
        "round",
        "fold 千尋",
        "undo",
    ]


async def chips_in_english(table: Table) -> list[str]:
    await table.keys("n")
    await table.proposes("Ben", "check")
    await table.answers("Ben", "enter", "confirmed")
    await table.proposes("Cy", "bet")  # the game's bet: one tap
    said = await table.answers("Cy", "enter", "confirmed")
    assert said.startswith("Confirmed: "), said
    mark = await table.mark("Ben", 3)
    assert re.fullmatch(rf"proposed by Cy {TIME}, confirmed by Aki {TIME}", mark), mark
    await table.keys("c")  # Aki, the recorder, calls with their own key
    await table.proposes("Ben", "fold")
    said = await table.answers("Ben", "X", "refused")
    assert said.startswith("The recorder refused: "), said
    await table.proposes("Ben", "call")
    await table.answers("Ben", "enter", "confirmed")
    rows = [ROW.format(name) for name in ("Cy", "Ben", "Aki")]
    await table.proposes("Cy", "showdown", *rows, "document.getElementById('form-send')")
    await table.answers("Cy", "enter", "confirmed")
    assert table.result() == [
        "Round 1: Cy won the pot of 15 at the showdown. Net: Aki -5, Ben -5, Cy +10",
        "Standings: 1 Cy +10 · 2 Aki -5 · 2 Ben -5",
    ]
    return ["round", "check Ben", "bet Cy", "call Aki", "call Ben", "showdown Cy > Ben > Aki"]


@pytest.mark.parametrize(
    ("game", "players", "options", "lang", "script", "proposed"),
    [
        pytest.param(
            "indian-official",
            ["亜紀", "ベン", "千尋"],
            {},
            "ja",
            official_in_japanese,
            [None, None, "ベン", "千尋", None, None, "千尋", None],
            id="official-ja",
        ),
        pytest.param(
            "indian-chips",
            ["Aki", "Ben", "Cy"],
            {"stack": "20"},
            "en",
            chips_in_english,
            [None, "Ben", "Cy", None, "Ben", "Cy"],
            id="chips-en",
        ),
    ],
)
async def test_a_round_by_the_players_phones_with_the_app_open(
    tmp_path, game, players, options, lang, script, proposed
):
    assert await play(tmp_path, game, players, options, lang, script) == proposed
