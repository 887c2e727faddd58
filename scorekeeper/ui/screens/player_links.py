"""The players' phones (issue 46): each seated player's own link, one code at a time, by
name, reached from the recorder's link screen. The recorder hands the phone to the player
named, who scans it; ←/→ (or the name's number) shows another, and r revokes the shown
player's link (asked once): a lost phone is refused at once, and a new code is shown.

The links are made by the running page (services/table_page.py ``TablePage.players``):
the same name keeps its link across the sessions of the table the page follows."""

from __future__ import annotations

import itertools
from pathlib import Path

from rich.text import Text
from textual import events, work
from textual.binding import Binding
from textual.widgets import Static

from scorekeeper.messages import UserError, t
from scorekeeper.services.table_page import TablePages
from scorekeeper.ui.screens.table_page import TablePageScreen, qr_text

#: How often the screen asks the page for the links again (seconds): a player who joined
#: or left since shows (or goes) without reopening it.
LOOK_AGAIN_EVERY = 2.0


class PlayerLinksScreen(TablePageScreen):
    """One seated player's code at a time; the page must run (the recorder's screen
    started it)."""

    BINDINGS = [
        Binding("left", "step(-1)", t("phone.player.app.prev_key"), id="player-links-prev"),
        Binding("right", "step(1)", t("phone.player.app.next_key"), id="player-links-next"),
        Binding("r", "revoke", t("phone.player.app.revoke_key"), id="player-links-revoke"),
        Binding("delete", "revoke", t("phone.player.app.revoke_key"), show=False),
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, pages: TablePages, store_root: Path, sid: int) -> None:
        super().__init__(pages, store_root, sid, "player-links-screen")
        self.links: list[tuple[str, str]] = []  # (name, address), by name
        self.shown = 0  # the index of the player whose code is shown
        self.asking: str | None = None  # the name whose revoke was asked once
        self._asks = itertools.count(1)  # each ask of the page numbered, in order
        self._answered = 0  # the newest ask answered: an older answer is let go

    def on_mount(self) -> None:
        self.query_one(".dialog-title", Static).update(
            t("phone.player.app.title", session=self.sid)
        )
        self.query_one("#table-page-keys", Static).update(t("phone.player.app.keys"))
        self.query_one("#table-page-status", Static).update(t("phone.player.app.starting"))
        # TablePageScreen.on_mount calls _start (Textual calls each class's own handler);
        # asked again now and then: one who joins (from a phone too) gets their code here
        self.set_interval(LOOK_AGAIN_EVERY, self._look_again)

    def _look_again(self) -> None:
        if self.links and self.asking is None:
            self._start()

    @work(thread=True, exit_on_error=False, group="table-page")
    def _start(self, revoke: str | None = None) -> None:
        number = next(self._asks)
        page = self.pages.running()
        try:
            if page is None:
                raise UserError("phone.player.app.no_page")
            links = page.players() if revoke is None else page.revoke(revoke)
        except UserError as error:
            self.app.call_from_thread(self._said, error.message())
            return
        self.app.call_from_thread(self._links, links, revoke, number)

    def _links(self, links: list[tuple[str, str]], revoked: str | None, number: int) -> None:
        if number < self._answered:  # a look asked before a revoke answered after it
            return
        self._answered = number
        if links == self.links and revoked is None:
            return  # nothing changed: the code shown stays as it is
        names = [name for name, _ in self.links]
        was = names[self.shown] if self.shown < len(names) else None
        self.links = links
        kept = [index for index, (name, _) in enumerate(links) if name == was]
        self.shown = kept[0] if kept else 0
        self._draw()
        if revoked is not None:
            self.query_one("#table-page-note", Static).update(
                t("phone.player.app.revoked", name=revoked)
            )

    def _draw(self) -> None:
        self.asking = None
        status = self.query_one("#table-page-status", Static)
        if not self.links:
            status.update(t("phone.player.app.none"))
            return
        name, url = self.links[self.shown]
        self.query_one("#table-page-qr", Static).update(qr_text(url))
        status.update(
            t("phone.player.app.showing", name=name, number=self.shown + 1, count=len(self.links))
        )
        self.query_one("#table-page-url", Static).update(Text(url, style="bold", no_wrap=True))
        self.query_one("#table-page-note", Static).update(t("phone.player.app.note"))

    def action_step(self, by: int) -> None:
        if self.links:
            self.shown = (self.shown + by) % len(self.links)
            self._draw()

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.links):
            self.shown = number - 1
            self._draw()

    def on_key(self, event: events.Key) -> None:
        """Any key but the revoke key again keeps the link that was asked about."""
        if self.asking is not None and event.key not in ("r", "delete"):
            self.asking = None
            self.query_one("#table-page-note", Static).update(t("phone.player.app.note"))

    def action_revoke(self) -> None:
        if not self.links:
            return
        name = self.links[self.shown][0]
        if self.asking != name:  # asked once: the same key again revokes
            self.asking = name
            self.query_one("#table-page-note", Static).update(
                t("phone.player.app.ask_revoke", name=name)
            )
            return
        self.asking = None
        self._start(name)
