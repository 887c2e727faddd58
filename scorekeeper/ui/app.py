"""The recorder's app: sessions on the start screen, one table screen per open session."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.theme import Theme

from scorekeeper.collector import freeze_what_lives_on
from scorekeeper.messages import UserError, language, t
from scorekeeper.services import settings
from scorekeeper.services.app_proposals import Pending, ProposalDesk
from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.ui.screens.holds_keys import HoldsKeys, holds_after
from scorekeeper.ui.textual_words import LocalizedApp

if TYPE_CHECKING:  # the store is handed in by the command line
    from scorekeeper.storage import Store
    from scorekeeper.ui.screens.timeline import TimelineScreen

Clock = Callable[[], datetime | None]


class KeyDealtWith(Message):
    """Posted to the focused widget right after a key handed on from those held: it bubbles
    up to the app behind the key (through the same queues), so the key is dealt with, its
    bindings too, before the next held key goes on. *hold* names the hold it ends."""

    def __init__(self, hold: int) -> None:
        super().__init__()
        self.hold = hold


@dataclass(frozen=True)
class Relaunch:
    """Asked of the CLI when the app closes: start again in *lang*, on session *session*."""

    lang: str
    session: int | None


#: The longest keys typed after a dialog's Enter wait for the dialog to close (seconds).
#: Only a dialog that never says it is done waits this long; on a loaded machine a
#: dialog may take more than a second to close, and keys let go early went astray.
HOLD_AT_MOST = 3.0
FRAME = 1 / 60


class ScorekeeperApp(LocalizedApp[Relaunch | None]):
    CSS_PATH = Path(__file__).with_name(
        "scorekeeper.tcss"
    )  # absolute: subclasses may live anywhere
    TITLE = "scorekeeper"
    # Textual's own ctrl+q quits; the screens show their own way out (q, esc).
    BINDINGS = [
        Binding("f2", "switch_language", t("ui.key.language"), id="language", show=False),
        Binding("question_mark,f1", "help", t("ui_help.key.help"), id="help"),
    ]

    def __init__(
        self,
        store: Store,
        session_id: int | None = None,
        *,
        clock: Clock | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.start_session = session_id
        # Tests pass a clock so that times (and so snapshots) are fixed.
        self.clock: Clock = clock or (lambda: None)
        # Keys typed after an Enter that may close a dialog, held until it has closed
        # (or stayed open): they are for whatever is on top then, in the order typed.
        self._held: list[events.Key] | None = None
        self._holds = 0  # how many holds have begun: a late timer leaves a newer one alone
        self.last_opened: int | None = None  # the session whose table screen opened last
        self._releasing = False  # handing on held keys (release_keys)
        self._writing: list[threading.Thread] = []  # state checkpoints being written
        # live pages for the phones, started from a table; the players' proposals they say
        self.table_pages = TablePages(on_proposals=self._proposals_came)
        self.proposals = ProposalDesk()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:  # typed, not bubbling
            if self._held is not None:
                self._held.append(event)
                return
            screen = self._top()
            if holds_after(screen, event.key):
                self._held = []
                self._holds += 1
                # never held for good, should a dialog not say it is done
                self.set_timer(HOLD_AT_MOST, partial(self._release_stuck, self._holds))
            before = screen
            await super().on_event(event)
            opened = self._top()
            if (
                self._held is None
                and not self._releasing  # release_keys waits for a new dialog itself
                and opened is not before
                and opened is not None
            ):
                # a key opened a screen (a priority binding): the keys after it wait until
                # its box has the focus, so the first letter typed reaches it
                self._held = []
                self._holds += 1
                self.set_timer(HOLD_AT_MOST, partial(self._release_stuck, self._holds))
                self.set_timer(FRAME, partial(self._release_when_ready, opened))
            return
        await super().on_event(event)

    async def _release_stuck(self, hold: int) -> None:
        if hold == self._holds and self._held is not None:
            await self.release_keys()

    async def on_holds_keys_release(self, _: HoldsKeys.Release) -> None:
        await self.release_keys()

    async def release_keys(self) -> None:
        """Hand on the keys held since a dialog's Enter, in order, one at a time: each once
        the one before is dealt with (KeyDealtWith); a key that again may close a dialog
        holds the rest (HoldsKeys)."""
        held, self._held = self._held or [], None
        if self._top() is None or not held:  # closing: nothing left to type into
            return
        key, rest = held[0], held[1:]
        before = self._top()
        self._releasing = True
        try:
            await self.on_event(events.Key(key.key, key.character))
        finally:
            self._releasing = False
        if self._hold(rest):
            return
        # Held still when none is left: a key typed while this one is on its way waits
        # for it too (a "1" read after a released Backspace went in before the Backspace
        # acted, on a loaded machine). The hold ends when this key is dealt with.
        self._held = rest
        self._holds += 1
        self.set_timer(HOLD_AT_MOST, partial(self._release_stuck, self._holds))
        if self._top() is not before:
            # a dialog opened or closed: the rest once it is drawn and has the focus
            self.set_timer(FRAME, self._release_when_ready)
            return
        # The rest once this key is dealt with. A key that a binding acts on (Backspace,
        # Enter in a box) is acted on only when it has bubbled back up to the app, after
        # the box has taken keys handed on after it: "1" then Backspace, not Backspace
        # then "1". The message follows the key up through the same queues.
        target = self.focused or self.screen
        target.post_message(KeyDealtWith(self._holds))

    async def on_key_dealt_with(self, message: KeyDealtWith) -> None:
        if message.hold == self._holds and self._held is not None:
            await self.release_keys()

    async def _release_when_ready(self, opened: Screen[object] | None = None) -> None:
        """Release once a dialog (or the screen *opened*) just opened has its box focused,
        or is up with nothing to focus. Looked at again each frame for as long as that
        takes, not for a number of frames: on a loaded machine a dialog took longer than
        half a second to focus its box, and keys let go before went to nothing (the stuck
        timer, HOLD_AT_MOST, still lets them go should a box never take the focus)."""
        top = self._top()
        waits = isinstance(top, HoldsKeys) or (top is not None and top is opened)
        if waits and top is not None and not _ready_for_keys(top):
            self.set_timer(FRAME, partial(self._release_when_ready, opened))
            return
        await self.release_keys()

    def _top(self) -> Screen[object] | None:
        """The screen on top, or None while the app is closing."""
        return self.screen_stack[-1] if self.screen_stack else None

    def _hold(self, keys: list[events.Key]) -> bool:
        """Hold *keys* too if a key handed on has started holding again."""
        if self._held is None:
            return False
        self._held.extend(keys)
        return True

    def on_timeline_screen_show_then(self, request: TimelineScreen.ShowThen) -> None:
        from scorekeeper.ui.screens.table_then import show_then

        show_then(self, request)

    def get_default_screen(self) -> Screen[None]:
        """The start screen is the app's first screen itself: Textual styles, lays out and
        paints no blank screen before it."""
        from scorekeeper.ui.screens.start import StartScreen

        return StartScreen()

    def on_mount(self) -> None:
        self.store.clean_partial_writes()  # what a killed writer left half-written
        self._restore_theme()
        if self.start_session is not None:
            self.open_session(self.start_session)

    def _restore_theme(self) -> None:
        """The theme chosen last time (palette → theme); a name this Textual does not know
        (renamed, removed, mistyped in the file) is ignored."""
        saved = settings.load(self.store.root).get("theme")
        if isinstance(saved, str) and saved in self.available_themes:
            self.theme = saved
        self.theme_changed_signal.subscribe(self, self._theme_chosen)

    def _theme_chosen(self, theme: Theme) -> None:
        """Keep the theme chosen for the next start."""
        if settings.load(self.store.root).get("theme") != theme.name:
            settings.save(self.store.root, theme=theme.name)

    def open_session(self, sid: int) -> bool:
        """Open a stored session for recording on its table screen (takes its writer lock)."""
        from scorekeeper.services.recording import open_recording
        from scorekeeper.ui.screens.tables import table_screen_for

        try:
            # Picked up at its snapshot's state when the journal vouches for it: 100,000
            # entries open in a tenth of a second; what needs every entry reads them first
            # (ui/screens/history.py).
            recording = open_recording(self.store, sid, history=False, later=self._write_later)
        except UserError as error:
            self.notify(error.message(), title=t("ui.cannot_open"), severity="error")
            return False
        # The folded session lives as long as the table: keep the cycle collector from
        # scanning it again and again (a full pass over 100,000 entries' objects took up
        # to a second, in the middle of a key press). Freed by reference counting as usual.
        freeze_what_lives_on()
        self.push_screen(table_screen_for(recording))
        self.table_pages.follow(sid)  # the phones' page, if one runs, moves to this table
        self.last_opened = sid  # the start screen highlights it when it is back in view
        kept = self.store.set_aside(sid)
        if kept:
            files = ", ".join(str(path) for path in kept)
            said = t("cli.set_aside", session=sid, count=len(kept), files=files)
            self.notify(said, timeout=10, markup=False)  # file names are no markup
        others = self.store.not_set_aside(sid)  # planted, or copied: no write of this session
        if others:
            files = ", ".join(str(path) for path in others)
            said = t("cli.not_set_aside", session=sid, files=files)
            self.notify(said, timeout=10, markup=False)
        return True

    def _write_later(self, job: Callable[[], None]) -> None:
        """Take a snapshot's new state in a thread of its own, so that leaving a table is not
        held up by it (encoding 100,000 entries folded whole takes seconds); the session's
        lock is let go after it. A hint: if it fails, the next opening folds the session."""

        def write() -> None:
            with contextlib.suppress(Exception):
                job()

        thread = threading.Thread(target=write, name="snapshot")
        self._writing = [w for w in self._writing if w.is_alive()]
        self._writing.append(thread)
        thread.start()

    def show_table_page(self, sid: int) -> None:
        """The live page of session *sid* for the phones: started if it is not running."""
        from scorekeeper.ui.screens.table_page import TablePageScreen

        self.push_screen(TablePageScreen(self.table_pages, self.store.root, sid))

    def record_from_phone(self, sid: int, name: str, *, lan: bool = True) -> None:
        """The recorder's link of session *sid*, recording as *name*: this app records
        every tap (the page hands it over), as if typed at its table."""
        from scorekeeper.ui.screens.table_page import RecorderPageScreen

        screen = RecorderPageScreen(
            self.table_pages, self.store.root, sid, name, self._tapped, lan=lan
        )
        self.push_screen(screen)

    def show_player_links(self, sid: int) -> None:
        """Each seated player's own code for the page of session *sid*, one at a time
        (issue 46): the recorder hands each phone its code."""
        from scorekeeper.ui.screens.player_links import PlayerLinksScreen

        self.push_screen(PlayerLinksScreen(self.table_pages, self.store.root, sid))

    def adopt_table_page(self, handed: str) -> None:
        """Go on with the phones' page of the app before F2 (services/table_page.py): the
        same link, the same connections, its taps recorded here, the players' proposals
        that waited before F2 shown here."""
        page = self.table_pages.adopt(handed, on_tap=self._tapped)
        if page is not None:
            self.show_proposals(page.sid, page.pending)

    def _tapped(self, page: Any, said: dict[str, Any]) -> None:
        """A tap from the page's reader thread: recorded on the app's own thread."""
        with contextlib.suppress(Exception):  # the app is closing: the phone times out
            self.call_from_thread(self.phone_tap, page, said)

    def _proposals_came(self, page: TablePage, pending: list[Pending]) -> None:
        """The players' proposals waiting, from the page's reader thread: shown on the
        app's own thread."""
        with contextlib.suppress(Exception):  # the app is closing: nothing to show them on
            self.call_from_thread(self.show_proposals, page.sid, pending)

    def show_proposals(self, sid: int, pending: list[Pending]) -> None:
        """The queue of session *sid*'s proposals is now *pending*: every table shows it."""
        self.proposals.show(sid, pending)
        for screen in self.screen_stack:
            shown = getattr(screen, "show_proposals", None)
            if callable(shown) and screen.is_mounted:
                shown()

    def phone_tap(self, page: Any, said: dict[str, Any]) -> None:
        """Record one tap of the recorder's phone and answer it: at the table the app has
        open (shown there as if typed), when the tap was made on that session's table;
        with no table open, or one of another session, refused in words, nothing written
        (the link follows the app all evening: it never records into a session left)."""
        from scorekeeper.services.correcting import Correcting
        from scorekeeper.services.phone import Answer, read_tap
        from scorekeeper.ui.screens.table import TableScreen

        lang = str(said["lang"]) if said.get("lang") in ("en", "ja") else "en"
        number = said.get("n")
        tables = [  # the stored session's table: never a round played again over it
            screen
            for screen in self.screen_stack
            if isinstance(screen, TableScreen)
            and not screen.recording.read_only
            and not isinstance(screen.recording, Correcting)
        ]
        try:
            tap = read_tap(said, from_server=True)
        except UserError as error:
            answer = Answer(400, False, error.message(lang), -1)
        else:
            table = tables[-1] if tables else None
            if table is None:
                answer = Answer(409, False, t("phone.no_table", lang), -1)
            elif tap.session is not None and tap.session != table.recording.id:
                text = t("phone.other_session", lang, made=tap.session, now=table.recording.id)
                answer = Answer(409, False, text, -1)
            else:  # the app's own confirm: under its table's recorder, as its key would
                name = None if tap.from_app else page.recorder
                answer = table.phone_tap(tap, name, lang)
        page.answer(number, {"status": answer.status, "final": answer.final, **answer.as_json()})

    def finish_writing(self) -> None:
        """Wait for the snapshots still being taken (before the process is replaced)."""
        for thread in self._writing:
            thread.join()

    def action_help(self) -> None:
        """Every key of the screen on top, read from its bindings (? and F1)."""
        from scorekeeper.ui.screens.help import show_help

        show_help(self)

    def action_switch_language(self) -> None:
        """Switch between Japanese and English: every label is re-read, so the app restarts.

        Nothing is lost: every entry is already on disk, and the same session
        opens again. The choice is kept as a setting for the next start.
        """
        new = "en" if language() == "ja" else "ja"
        settings.save(self.store.root, lang=new)
        self.exit(Relaunch(new, self._open_session()))

    def _open_session(self) -> int | None:
        """The session on screen: the topmost screen that records one (a table), so that a
        dialog or the standings over a table reopen that table, not the list."""
        for screen in reversed(self.screen_stack):
            recording = getattr(screen, "recording", None)
            session = getattr(recording, "id", None) if recording is not None else None
            if isinstance(session, int):
                return session
        return None

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            t("ui.language.title"), t("ui.language.help"), self.action_switch_language
        )
        commands = getattr(screen, "palette_commands", None)
        if callable(commands):
            yield from commands()


if TYPE_CHECKING:  # mypy checks that the app is what its screens ask for (ui/app_protocol.py)
    from scorekeeper.ui.app_protocol import ScoreApp

    _THE_SCREENS_APP: type[ScoreApp] = ScorekeeperApp


def _ready_for_keys(screen: Screen[object]) -> bool:
    """Whether a screen just opened can take typed keys: its box has the focus, or it is
    mounted with nothing that can take it."""
    return screen.focused is not None or (screen.is_mounted and not screen.focus_chain)
