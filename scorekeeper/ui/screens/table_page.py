"""The table page for the players' phones, from the palette: its QR code and address.

The page runs as a process of its own (services/table_page.py) for as long as the
app runs, or until stopped here; closing this screen leaves it running, so the
phones stay connected while the recorder goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from scorekeeper.messages import UserError, t
from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.web.qr import qr_lines


def qr_text(url: str) -> Text:
    """The code in black on white, whatever the theme: it scans on any screen."""
    return Text("\n".join(qr_lines(url)), style="black on white", no_wrap=True)


class TablePageScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", t("ui_help.key.close"), id="table-page-close"),
        Binding("s", "stop_page", t("web.app.stop_key"), id="stop-page"),
    ]

    def __init__(
        self, pages: TablePages, store_root: Path, sid: int, screen_id: str = "table-page-screen"
    ) -> None:
        super().__init__(classes="dialog", id=screen_id)
        self.pages, self.store_root, self.sid = pages, store_root, sid

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="table-page-box"):
            yield Static(t("web.app.title", session=self.sid), classes="dialog-title", markup=False)
            with Horizontal(id="table-page-body"):
                yield Static("", id="table-page-qr", markup=False)
                with Vertical(id="table-page-words"):
                    yield Static(t("web.app.starting"), id="table-page-status", markup=False)
                    yield Static("", id="table-page-note", markup=False)
            # the whole width of the box under the code: the address on one line, whole
            yield Static("", id="table-page-url", markup=False)
            yield Static(
                t("web.app.keys"), classes="dialog-help", id="table-page-keys", markup=False
            )

    def on_mount(self) -> None:
        self._start()

    @work(thread=True, exit_on_error=False, group="table-page")
    def _start(self) -> None:
        try:
            page = self.pages.start(self.store_root, self.sid)
        except UserError as error:
            self.app.call_from_thread(self._said, error.message())
            return
        self.app.call_from_thread(self._show, page.url)

    def _said(self, words: str) -> None:
        status = self.query_one("#table-page-status", Static)
        status.update(words)
        status.add_class("error")

    def _show(self, url: str) -> None:
        self.query_one("#table-page-qr", Static).update(qr_text(url))
        self.query_one("#table-page-status", Static).update(t("web.app.scan"))
        self.query_one("#table-page-url", Static).update(Text(url, style="bold", no_wrap=True))
        self.query_one("#table-page-note", Static).update(t("web.serving_lan"))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_stop_page(self) -> None:
        self.pages.stop(self.sid)
        self.app.notify(t("web.app.stopped", session=self.sid))
        self.dismiss(None)


class RecorderPageScreen(TablePageScreen):
    """The recorder's link from the palette ("Record from a phone"): its code and address,
        on this screen only; r makes a new link (the old page is refused from then on), p
    shows each seated player's own link (issue 46)."""

    BINDINGS = [
        Binding("r", "renew", t("phone.app.renew_key"), id="recorder-page-renew"),
        Binding("p", "players", t("phone.player.app.key"), id="recorder-page-players"),
    ]

    def __init__(
        self,
        pages: TablePages,
        store_root: Path,
        sid: int,
        name: str,
        on_tap: Callable[[TablePage, dict[str, Any]], None],
        *,
        lan: bool = True,
    ) -> None:
        """*lan*: for the phones (the machine's network address), else this machine only."""
        super().__init__(pages, store_root, sid)
        self.phone_name, self.on_tap, self.lan = name, on_tap, lan
        self._renew = False

    def compose(self) -> ComposeResult:
        yield from super().compose()

    def on_mount(self) -> None:
        self.query_one(".dialog-title", Static).update(
            t("phone.app.title", session=self.sid, name=self.phone_name)
        )
        self.query_one("#table-page-keys", Static).update(t("phone.app.keys"))
        # TablePageScreen.on_mount (which starts the page) is called by Textual after this
        # one, as every class's own handler is: calling it here too started two servers

    @work(thread=True, exit_on_error=False, group="table-page")
    def _start(self) -> None:
        renew, self._renew = self._renew, False
        try:
            page = self.pages.start(
                self.store_root,
                self.sid,
                lan=self.lan,
                recorder=self.phone_name,
                on_tap=self.on_tap,
                renew=renew,
            )
        except UserError as error:
            self.app.call_from_thread(self._said, error.message())
            return
        self.app.call_from_thread(self._show, page.recorder_url or page.url)

    def _show(self, url: str) -> None:
        super()._show(url)
        self.query_one("#table-page-status", Static).update(t("phone.app.scan"))
        # not the viewers' note ("anyone with the link can watch"): this link records
        self.query_one("#table-page-note", Static).update(t("phone.app.note"))

    def action_players(self) -> None:
        """Each seated player's own code, one at a time (ui/screens/player_links.py)."""
        shown = getattr(self.app, "show_player_links", None)
        if callable(shown):
            shown(self.sid)

    def action_renew(self) -> None:
        self._renew = True
        self._start()
        self.app.notify(t("phone.app.renewed"))
