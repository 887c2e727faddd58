"""The table screen's base: its layout, what it shows, what is legal now, and the views it
opens (standings, timeline, export).

Every key asks the core whether its entry is legal now: the footer shows only
the legal ones, and a key pressed out of turn explains why in plain words.

The same screen shows a session it may not record (the table as it was at one
moment, the table display): it is given a recorder that refuses every entry
(services/showing.py), offers no entry key, and says on top what it shows.

The screen is built up in layers, each a module: this base; correcting a past round
(table_correcting.py); the entries and their dialogs (table_entries.py); the command
palette and the class every game's screen subclasses (table.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from scorekeeper.core.events import Entry
from scorekeeper.core.games import get_game
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.export.live import headline_caption, last_result_line
from scorekeeper.messages import UserError, t
from scorekeeper.services import recheck as rechecking
from scorekeeper.services.correcting import Correcting
from scorekeeper.services.recording import Recorder, Recording
from scorekeeper.services.session_source import Resumption
from scorekeeper.ui.screens.history import ReadingHistory, with_history
from scorekeeper.ui.screens.joining import JoinTable
from scorekeeper.ui.screens.table_actions import (
    COMMON_ACTIONS,
    SHOWING,
    SPARE,
    STORED_ONLY,
    TableAction,
    table_bindings,
)
from scorekeeper.ui.view_guard import open_view
from scorekeeper.ui.widgets.big_number import BigNumber
from scorekeeper.ui.widgets.key_bar import KeyBar
from scorekeeper.ui.widgets.log import LogPanel
from scorekeeper.ui.widgets.players import PlayerTable
from scorekeeper.ui.widgets.proposals import ProposalsBar


@dataclass(frozen=True)
class Banner:
    """What a table that only shows says on top: its title, and maybe one line; and what
    follows the title in the header, if not the game's whole name."""

    title: str
    line: str | None = None
    sub_title: str | None = None


class TableBase(Screen[None]):
    """What every table screen has before its entries: players, result, log, legality.

    A game's screen lists its own keys in GAME_ACTIONS and draws its own panel
    (the stake, the pots, the tally) in ``game_panel``.
    """

    GAME_ACTIONS: ClassVar[tuple[TableAction, ...]] = ()
    #: The game the screen records: it says which common entries it ever accepts.
    GAME_ID: ClassVar[str] = ""
    #: Set in a class's own body by a class game screens share (each layer of the table
    #: screen, BettingTable): it binds no keys.
    SHARED_BASE: ClassVar[bool] = False
    ACTIONS: ClassVar[dict[str, TableAction]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A base shared by game screens (BettingTable) binds no keys: binding the
        # common ones there would put them before the game's own in the footer.
        if not cls.__dict__.get("SHARED_BASE", False):
            game = get_game(cls.GAME_ID)
            common = [a for a in COMMON_ACTIONS if game.ever_accepts(a.kind)]
            cls.GAME_ACTIONS = tuple(replace(a, game=game.id) for a in cls.GAME_ACTIONS)
            actions = (*cls.GAME_ACTIONS, *common)
            cls.ACTIONS = {a.name: a for a in actions}
            cls.BINDINGS = table_bindings(actions)  # before Textual merges the bindings
        super().__init_subclass__(**kwargs)

    def __init__(
        self,
        recording: Recorder,
        *,
        banner: Banner | None = None,
        big: bool = False,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        """*banner*: the title and line of a table that only shows; *big*: the stake (or pot,
        or round) in big digits for the table display; *on_close*: instead of going back."""
        super().__init__(classes="table-screen")
        self.recording = recording
        self.banner = banner
        self.big = big
        self.on_close = on_close
        #: What is legal, for the ledger it was asked of: the footer asks once per key
        #: for each of its bindings, and the ledger is new after every entry.
        self._legal: tuple[object, dict[str, tuple[str, ...]]] | None = None
        #: A correcting table: whether its correction was saved into the stored session.
        self.saved = False
        #: The join key's questions, made at its first press (the known names read once).
        self._joining: JoinTable | None = None

    def game_panel(self) -> Widget:
        raise NotImplementedError

    def show_game(self) -> None:
        """Update the game's own panel and the players' columns."""
        raise NotImplementedError

    # -- layout ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        if self.big:
            yield BigNumber(id="big")
            yield Static("", id="big-caption", markup=False)
        yield Header()
        yield ProposalsBar(id="proposals", classes="hidden", markup=False)
        with Horizontal(id="table-top"):
            yield self.game_panel()
            yield PlayerTable(id="players")
        yield Static("", id="result", classes="hidden", markup=False)
        yield Static("", id="message", classes="hidden", markup=False)
        yield LogPanel(id="log", hints=not self.recording.read_only)
        yield KeyBar(spare=SPARE, compact=True)

    def on_mount(self) -> None:
        session = self.recording.session
        self.title = t("ui.table.title", session=self.recording.id)
        self.sub_title = t(session.game.name_key)
        self.refresh_view()
        if self.big:
            self.add_class("display")
        if self.banner is not None:
            self.title = self.banner.title
            if self.banner.sub_title is not None:
                self.sub_title = self.banner.sub_title
            if self.banner.line:
                self.say(self.banner.line)
        if self.recording.read_only:
            self.add_class("read-only")
        if isinstance(self.recording, Recording) and self.recording.resumed_from is not None:
            self._recheck(self.recording.resumed_from)

    # -- the one background fold after opening at a snapshot (services/recheck.py) ----
    @work(thread=True, exit_on_error=False, group="recheck")
    def _recheck(self, opened: Resumption) -> None:
        """Fold every entry once, off the keys' thread, against the snapshot's state the
        table was opened at; a lie is said and set right on the app's thread."""
        worker = get_current_worker()  # cancelled as the table goes: the fold is ended
        lie = rechecking.recheck(opened, lambda: worker.is_cancelled)
        if worker.is_cancelled:
            return
        if lie is not None:
            self.app.call_from_thread(self._rechecked, lie)

    def _rechecked(self, lie: rechecking.Lie) -> None:
        """The snapshot lied: the entries' own numbers (the whole session folded, the
        entries recorded since kept), and a plain warning naming the line."""
        recording = self.recording
        if not self.is_mounted or not isinstance(recording, Recording):
            return
        if any(isinstance(screen, ReadingHistory) for screen in self.app.screen_stack):
            # a whole read under way (the timeline, the standings …): said after it
            self.set_timer(0.2, lambda: self._rechecked(lie))
            return
        message = lie.message()
        if lie.damaged is not None:
            self.say(message, error=True)
            return
        recording.disown_snapshot()
        if recording.session.history_from == 1:  # already read whole (the timeline …)
            self.refresh_view()
            self.say(message, error=True)
            return

        def read(said: str | None) -> None:
            if recording.session.history_from == 1:
                self.refresh_view()
                self.say(message, error=True)
            elif said:
                self.say(said, error=True)

        self.app.push_screen(ReadingHistory(recording), read)

    @property
    def state(self) -> State:
        return self.recording.session.state

    def refresh_view(self) -> None:
        session = self.recording.session
        self.show_game()
        self.query_one(LogPanel).show(session)
        result = self._result_text()
        self.query_one("#result", Static).update(result)
        self.query_one("#result", Static).set_class(not result, "hidden")
        if self.big:
            self._show_big()
        self.refresh_bindings()

    def _show_big(self) -> None:
        """The headline in big digits, with what it is and who leads the round."""
        session = self.recording.session
        self.query_one(BigNumber).value = str(session.game.headline(session.state).value)
        self.query_one("#big-caption", Static).update(headline_caption(session))

    def _result_text(self) -> str:
        return last_result_line(self.recording.session)

    def say(self, message: str, *, error: bool = False) -> None:
        """A message line on the screen (and a toast): refusals are never silent."""
        line = self.query_one("#message", Static)
        line.update(message)
        line.set_class(error, "error")
        line.set_class(not message, "hidden")
        if error:
            self.notify(message, severity="error", timeout=4)

    # -- what is legal -------------------------------------------------------------
    def legal_kinds(self) -> dict[str, tuple[str, ...]]:
        return dict(self._legal_now())  # a copy: a caller may change it

    def _legal_now(self) -> dict[str, tuple[str, ...]]:
        session = self.recording.session
        kept = self._legal
        if kept is None or kept[0] is not session.ledger:
            # one key for one thing: a Pochen check before a bet is its pass (Game.same_as)
            kinds = {action.kind: action.choices for action in session.legal_once()}
            kept = self._legal = (session.ledger, kinds)
        return kept[1]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.recording.read_only:
            if action in SHOWING:
                return True
            if action in self.ACTIONS or action in STORED_ONLY:
                return False
        correcting = self._correcting()
        if action == "correct_round":  # the core says whether a round can be corrected
            if correcting is not None:  # saves it once played; before, says so
                return True
            return self.recording.session.correctable_rounds() > 0
        if correcting is not None:  # only the round's own entries, and undo
            if action in STORED_ONLY or action == "standings":
                return False
            kind = self.ACTIONS[action].kind if action in self.ACTIONS else None
            if kind == "undo" and not correcting.can_undo:  # never the round's start
                return False
            if kind is not None and kind != "undo" and kind not in self.round_kinds():
                return False
        known = self.ACTIONS.get(action)
        if known is None:
            return True
        legal = self._legal_now()
        if known.kind not in legal:
            return False
        return not (known.kind in ("fold", "leave", "recorder") and not legal[known.kind])

    def _correcting(self) -> Correcting | None:
        """The round being played again, when this is a correcting table."""
        return self.recording if isinstance(self.recording, Correcting) else None

    def round_kinds(self) -> frozenset[str]:
        """The entry kinds of a round of this session's game (the core's list)."""
        return self.recording.session.game.round_kinds

    def action_explain(self, action: str) -> None:
        """A key pressed where its entry is not allowed: why not, as the core says it (the
        same predicate that keeps the key off the footer and refuses the entry)."""
        kind = self.ACTIONS[action].kind
        refused = self.recording.why_not(kind)
        if refused is None:  # allowed, and the same now as another key's (Game.same_as)
            other = self.recording.session.game.same_as(self.state, kind)
            keys = [a for a in self.ACTIONS.values() if a.kind == other]
            if keys:
                label = t(keys[0].label_key)
                self.say(t("ui.table.same_as", press=keys[0].key, label=label), error=True)
                return
        self.say(t("ui.table.not_now") if refused is None else refused.message(), error=True)

    def app_clock(self) -> Any:
        clock: Callable[[], Any] | None = getattr(self.app, "clock", None)
        return clock() if clock else None

    def check_entry(
        self, kind: str, data: Mapping[str, Any], box: Mapping[str, str] | None = None
    ) -> str | None:
        """Why the rules refuse the entry, else None.

        *box* rewords the refusals that quote a transcript line (``lose B D``) in the
        terms of the dialog asking (what to type in that box): error key -> text.
        """
        try:
            self.recording.check(Entry(kind, data), self.app_clock())
        except UserError as error:
            return (box or {}).get(error.key) or error.message()
        return None

    def _seats(self, names: Iterable[str]) -> list[tuple[int, str]]:
        """Each of *names* with their number, as the core keeps it (never their place)."""
        numbers = self.state.numbers()
        return [(numbers[name], name) for name in names]

    def _with_history(self, then: Callable[[], None]) -> None:
        """*then*, once every entry of the session is read (ui/screens/history.py)."""
        with_history(self.app.push_screen, self.recording, then, self._view_failed)

    def action_timeline(self) -> None:
        if self.recording.session.history_from > 1:
            self._with_history(self.action_timeline)
            return
        session, sid = self.recording.session, self.recording.id
        open_view(self.app.push_screen, lambda: _timeline(session, sid), self._view_failed)

    def _view_failed(self, message: str) -> None:
        self.say(message, error=True)

    def action_export(self) -> None:
        if self.recording.session.history_from > 1:
            self._with_history(self.action_export)
            return

        def written(path: str | None) -> None:
            if path:
                self.say(t("timeline.export.written", session=self.recording.id, path=path))

        store = getattr(self.app, "store", None)
        protects = store.protects if store is not None else (lambda path: False)
        receipt = self.recording.receipt()
        from scorekeeper.ui.screens.export_dialog import ExportDialog  # with the first export

        dialog = ExportDialog(self.recording.session, self.recording.id, protects, receipt)
        self.app.push_screen(dialog, written)

    def action_close(self) -> None:
        self.recording.close()
        if self.on_close is not None:
            self.on_close()
        else:
            self.dismiss(None)

    def on_unmount(self) -> None:
        self.recording.close()


# The views a table opens on a key are loaded when first opened, not with the table.
def _timeline(session: Session, sid: int) -> Screen[None]:
    from scorekeeper.ui.screens.timeline import TimelineScreen

    return TimelineScreen(session, sid)
