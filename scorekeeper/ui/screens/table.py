"""The table screen: what the recorder has open during play (one subclass per game).

Every key asks the core whether its entry is legal now: the footer shows only
the legal ones, and a key pressed out of turn explains why in plain words.
Every entry is on disk before the screen shows it.

The same screen shows a session it may not record (the table as it was at one
moment, the table display): it is given a recorder that refuses every entry
(services/showing.py), offers no entry key, and says on top what it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from scorekeeper.core.amounts import plain_number, whole_number
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.games import get_game
from scorekeeper.core.rate import amount_text, parse_rate_words, state_rate
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.words import split_line
from scorekeeper.export.live import headline_caption, last_result_line
from scorekeeper.messages import Phrase, UserError, t
from scorekeeper.messages.describe import board_shares_text, describe_text
from scorekeeper.services import recheck as rechecking
from scorekeeper.services.correcting import Correcting, round_lines
from scorekeeper.services.phone import Answer, Tap, record_tap
from scorekeeper.services.recording import Recorder, Recording
from scorekeeper.services.session_source import Resumption
from scorekeeper.ui.screens.cards import CardsDialog
from scorekeeper.ui.screens.dialogs import ConfirmDialog, TextDialog, ask_who
from scorekeeper.ui.screens.history import ReadingHistory, with_history
from scorekeeper.ui.screens.joining import JoinTable
from scorekeeper.ui.view_guard import open_view
from scorekeeper.ui.widgets.big_number import BigNumber
from scorekeeper.ui.widgets.key_bar import PALETTE_WORD, KeyBar
from scorekeeper.ui.widgets.log import LogPanel
from scorekeeper.ui.widgets.players import PlayerTable


@dataclass(frozen=True)
class TableAction:
    """A key on a table screen and the entry kind the core must allow for it."""

    name: str  # runs action_<name>
    key: str
    kind: str
    #: Its label ``ui.key.<words>`` (default: its name), so the keys of two games that
    #: read the same share it.
    words: str = ""
    #: What the key means across games (default: its entry kind): one key per meaning,
    #: and no key with two meanings in two games (tests/test_table_keys.py).
    meaning_: str = ""
    #: The game whose table the key is on (set by TableScreen), for its help: a game's
    #: entry keys have their own help, ``ui.help.<game>.<meaning>``, never another
    #: game's (a reveal in one game does not say that the lowest card loses)
    game: str = ""

    @property
    def meaning(self) -> str:
        return self.meaning_ or self.kind

    @property
    def label_key(self) -> str:
        return f"ui.key.{self.words or self.name}"

    @property
    def help_key(self) -> str:
        """Its help: the game's own for a game's key, else the common entry's."""
        if self.game:
            return f"ui.help.{self.game}.{self.meaning}"
        return f"ui.help.{self.words or self.name}"


COMMON_ACTIONS = (
    TableAction("new_round", "n", "round"),
    TableAction("undo", "u", "undo"),
    TableAction("note", "m", "note"),
    TableAction("rate", "dollar_sign", "rate"),
    TableAction("hand_over", "h", "recorder"),
    TableAction("join", "j", "join"),
    TableAction("leave", "l", "leave"),
    TableAction("rebuy", "y", "rebuy"),
    TableAction("end", "e", "end"),
)


#: What a table that only shows still offers: nothing among them records.
_SHOWING = frozenset({"standings", "close", "explain"})
#: Footer keys that give way, first to last, when the footer is narrow (help lists them;
#: then the palette's word (^p stays, and the palette names itself when opened), then the
#: hand-over; ctrl+r, offered once a round can be corrected, gives way last).
_SPARE = ("standings", "timeline", "rate", "close", PALETTE_WORD, "hand_over", "correct_round")
#: Views that act on the stored session itself: not offered where it is only shown.
_STORED_ONLY = frozenset({"timeline", "export", "correct_round"})


@dataclass(frozen=True)
class Banner:
    """What a table that only shows says on top: its title, and maybe one line; and what
    follows the title in the header, if not the game's whole name."""

    title: str
    line: str | None = None
    sub_title: str | None = None


def _bindings(actions: Iterable[TableAction]) -> list[BindingType]:
    actions = list(actions)
    shown: list[Binding] = [
        Binding(a.key, a.name, t(a.label_key), id=f"table-{a.name}") for a in actions
    ]
    # The same keys again, hidden: reached only when the entry is not legal
    # now (check_action refused the first), they say why instead of nothing.
    explain = [
        Binding(a.key, f"explain('{a.name}')", show=False, id=f"table-why-{a.name}")
        for a in actions
    ]
    # Help right after the entry keys: it stays in sight when the footer is narrow.
    helps = [Binding("question_mark,f1", "app.help", t("ui_help.key.help"), id="table-help")]
    extra = [
        Binding("t", "standings", t("ui.key.standings"), id="table-standings"),
        Binding("i", "timeline", t("timeline.key.open"), id="table-timeline"),
        Binding("ctrl+e", "export", t("timeline.key.export"), show=False, id="table-export"),
        Binding("ctrl+r", "correct_round", t("ui.key.correct"), id="table-correct"),
        Binding("escape", "close", t("ui.key.back"), id="table-close"),
    ]
    # Priority: the app runs a table key (opening its dialog) before it hands on the next
    # key, so the letter typed right after "m" reaches the note box, not the table.
    return [replace(b, priority=True) for b in (*shown, *helps, *explain, *extra)]


class TableScreen(Screen[None]):
    """What every game's table screen shares: players, result, log, and the common entries.

    A game's screen lists its own keys in GAME_ACTIONS and draws its own panel
    (the stake, the pots, the tally) in ``game_panel``.
    """

    GAME_ACTIONS: ClassVar[tuple[TableAction, ...]] = ()
    #: The game the screen records: it says which common entries it ever accepts.
    GAME_ID: ClassVar[str] = ""
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
            cls.BINDINGS = _bindings(actions)  # before Textual merges the bindings
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
        with Horizontal(id="table-top"):
            yield self.game_panel()
            yield PlayerTable(id="players")
        yield Static("", id="result", classes="hidden", markup=False)
        yield Static("", id="message", classes="hidden", markup=False)
        yield LogPanel(id="log", hints=not self.recording.read_only)
        yield KeyBar(spare=_SPARE, compact=True)

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
            if action in _SHOWING:
                return True
            if action in self.ACTIONS or action in _STORED_ONLY:
                return False
        correcting = self._correcting()
        if action == "correct_round":  # the core says whether a round can be corrected
            if correcting is not None:  # saves it once played; before, says so
                return True
            return self.recording.session.correctable_rounds() > 0
        if correcting is not None:  # only the round's own entries, and undo
            if action in _STORED_ONLY or action == "standings":
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

    # -- recording -----------------------------------------------------------------
    def record(self, entry: Entry) -> Event | None:
        """Record through the store; on any refusal say why and change nothing."""
        rounds_before = len(self.state.results)
        try:
            event = self.recording.record(entry, self.app_clock())
        except UserError as error:
            self.say(error.message(), error=True)
            return None
        index = len(self.recording.session.events) - 1
        self.say(describe_text(*self.recording.session.describe(index)))
        self.refresh_view()
        correcting = self._correcting()
        if correcting is not None:
            if correcting.played:  # the round is over again: why, and save it
                self.say(t("ui.correct.played_banner", round=correcting.number))
                self._ask_reason(correcting)
            return event
        if len(self.state.results) > rounds_before and self.state.finished:
            self.action_standings()
        return event

    def phone_tap(self, tap: Tap, name: str | None, lang: str) -> Answer:
        """A tap of the recorder's phone, recorded here as if typed (the table is the one
        writer): the rules first, then the journal, then the screen; the phone's answer."""
        answer = record_tap(self.recording, tap, name, lang)
        if answer.disk_full:  # the phone is told; the recorder here is told too
            self.say(t("phone.disk_full"), error=True)
        if answer.recorded and answer.seq == self.recording.session.ledger.next_seq - 1:
            index = len(self.recording.session.events) - 1
            self.say(describe_text(*self.recording.session.describe(index)))
            self.refresh_view()
        return answer

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

    def pick(
        self,
        kind: str,
        title: str,
        then: Callable[[str], None],
        *,
        complete: bool = True,
        **extra: Any,
    ) -> None:
        """Pick a player for *kind*; when the entry needs more than the player
        (*complete* false), only players the core offers can be picked here."""
        choices = self.legal_kinds().get(kind, ())

        def check(name: str) -> str | None:
            if complete:
                return self.check_entry(kind, {"player": name})
            return None if name in choices else t("ui.pick.not_now", player=name)

        dialog = ask_who(
            self.app,
            title,
            self._seats(choices),
            check=check,
            everyone=self._seats(self.state.names()),
            **extra,
        )
        self.app.push_screen(dialog, lambda name: then(name) if name else None)

    # -- actions ---------------------------------------------------------------------
    def action_new_round(self) -> None:
        self.record(Entry("round"))

    def record_player(self, kind: str, name: str) -> None:
        self.record(Entry(kind, {"player": name}))

    def cards_rows(self, names: Iterable[str]) -> list[tuple[int, str, str]]:
        """(seat, name, role) for the cards dialog, in seat order."""
        wanted = set(names)
        ordered = [name for name in self.state.names() if name in wanted]
        parent = t(self.recording.session.game.worded("word.lead"))
        return [
            (seat, name, parent if name == self.state.parent else "")
            for seat, name in self._seats(ordered)
        ]

    def ask_cards(self, title: str, names: Iterable[str], data_key: str, kind: str) -> None:
        """The cards dialog; the entry is checked by the core before it closes."""
        rows = self.cards_rows(names)

        def check(cards: Mapping[str, str]) -> str | None:
            return self.check_entry(kind, {data_key: dict(cards)})

        def done(cards: dict[str, str] | None) -> None:
            if cards:
                self.record(Entry(kind, {data_key: cards}))

        game, options = self.recording.session.game, self.state.options
        said = game.card_order(options)  # the game's words: the order, then the ties
        order = t("cards.order.said", order=Phrase(said[:1]), ties=Phrase(said[1:])) if said else ""
        joker = game.joker_in_deck(options)  # the example of a card names JK only then
        self.app.push_screen(CardsDialog(title, rows, check, order=order, joker=joker), done)

    def action_undo(self) -> None:
        if self.recording.session.ledger.reaches_below("undo"):
            self._with_history(self.action_undo)
            return
        session = self.recording.session
        target = session.ledger.top.seq
        what = describe_text(*session.describe(target - session.history_from))
        question = t("ui.table.undo_question", seq=target, what=what)

        def answered(yes: bool | None) -> None:
            if yes:
                self.record(Entry("undo"))

        self.app.push_screen(ConfirmDialog(question, t("ui.table.undo_yes")), answered)

    def action_note(self) -> None:
        dialog = TextDialog(
            t("ui.table.note_title"),
            check=lambda text: self.check_entry("note", {"text": text}),
        )
        self.app.push_screen(dialog, lambda text: self._note(text))

    def _note(self, text: str | None) -> None:
        if text:
            self.record(Entry("note", {"text": text}))

    def action_rate(self) -> None:
        """The money per point or chip from here on, and its currency: a ``rate`` entry of
        this session (never a setting another game would see); the rate now, to edit."""
        rate, currency = state_rate(self.state)
        now = (
            "" if rate is None else " ".join([amount_text(rate), *([currency] if currency else [])])
        )

        def data(text: str) -> dict[str, Any]:
            return parse_rate_words(split_line(text))

        def check(text: str) -> str | None:
            try:
                return self.check_entry("rate", data(text))
            except UserError as error:
                return error.message()

        dialog = TextDialog(
            t("ui.table.rate_title"),
            t("ui.hint.example", example=t("ui.table.rate_example")),
            check,
            now,
        )

        def done(text: str | None) -> None:
            if text and self.record(Entry("rate", data(text))) and self.state.finished:
                self.action_standings()  # the settle-up, now in money

        self.app.push_screen(dialog, done)

    def action_hand_over(self) -> None:
        title = t("ui.table.hand_to", player=self.state.recorder)
        self.pick("recorder", title, lambda name: self.record_player("recorder", name))

    def action_leave(self) -> None:
        self.pick("leave", t("ui.table.who_leaves"), lambda n: self.record_player("leave", n))

    def action_rebuy(self) -> None:
        def chips_for(name: str) -> None:
            def check(text: str) -> str | None:
                try:
                    chips = whole_number(text.strip())
                except UserError as error:  # past the one bound (core/amounts.py)
                    return error.message()
                if chips is None:
                    return t("ui.table.rebuy_number")
                return self.check_entry("rebuy", {"player": name, "chips": chips})

            suggested = self.recording.session.game.rebuy_suggestion(self.state)
            prefill = "" if suggested is None else str(suggested)  # the session's stack
            title = t("ui.table.rebuy_chips", player=name)
            dialog = TextDialog(title, t("ui.table.rebuy_number"), check, prefill)
            self.app.push_screen(dialog, lambda text: self._rebuy(name, text))

        self.pick("rebuy", t("ui.table.who_rebuys"), chips_for, complete=False)

    def _rebuy(self, name: str, text: str | None) -> None:
        chips = plain_number(text.strip()) if text else None  # the dialog checked it
        if chips is not None:
            self.record(Entry("rebuy", {"player": name, "chips": chips}))

    def action_join(self) -> None:
        """Who joins: a player who left, back to their seat, first (ui/screens/joining.py)."""
        if self._joining is None:
            self._joining = JoinTable(
                self.app,
                lambda: self.state,
                lambda name, after: self.check_entry("join", {"player": name, "after": after}),
                lambda name, after: self.record(Entry("join", {"player": name, "after": after})),
                lambda: self._seats(self.state.seated()),
                getattr(self.app, "store", None),
            )
        self._joining.ask()

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.record(Entry("end"))
                self.action_standings()

        question = t("ui.table.end_question")
        game = self.recording.session.game
        returned = game.board_returned(game.close(self.state))  # the rules say what `end` does
        if returned:
            shares = board_shares_text(returned)
            question += "\n" + t("ui.table.end_board", chips=sum(returned.values()), shares=shares)
        self.app.push_screen(ConfirmDialog(question, t("ui.key.end")), answered)

    def _with_history(self, then: Callable[[], None]) -> None:
        """*then*, once every entry of the session is read (ui/screens/history.py)."""
        with_history(self.app.push_screen, self.recording, then, self._view_failed)

    def action_standings(self) -> None:
        if self.recording.session.history_from > 1:
            self._with_history(self.action_standings)
            return
        session = self.recording.session
        receipt = self.recording.receipt() if session.state.finished else None
        ask = None if self.recording.read_only else self.action_rate
        make = partial(_standings, session, receipt, ask)
        open_view(self.app.push_screen, make, self._view_failed)

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

    # -- correcting a past round ----------------------------------------------------
    def action_correct_round(self) -> None:
        """Ask which finished round, then play it again on a table of that round (the
        usual keys and dialogs); on the correcting table itself, save it with a reason."""
        correcting = self._correcting()
        if correcting is not None:
            if correcting.played:
                self._ask_reason(correcting)
            else:
                self.say(t("ui.correct.not_played", round=correcting.number), error=True)
            return
        if self.recording.session.ledger.reaches_below("correct"):
            self._with_history(self.action_correct_round)
            return
        finished = self.recording.session.correctable_rounds()

        def round_number(text: str) -> int | None:
            number = plain_number(text.strip())
            return number if number is not None and 1 <= number <= finished else None

        def check_round(text: str) -> str | None:
            if round_number(text) is None:
                return t("ui.correct.which_round_error", rounds=finished)
            return None

        def chosen(text: str | None) -> None:
            number = round_number(text or "")
            if number is not None:
                self._play_again(number)

        if not finished:
            self.say(t("ui.correct.nothing_yet"), error=True)
            return
        # The placeholder is words, never a number: a grey "1" reads as a value already
        # typed, and Enter on the empty box is refused.
        # The rounds listed one line each, newest first, in the phone's words.
        shown, older = round_lines(self.recording.session.state)
        listing = [(t("phone.correct.round", round=n), line) for n, line in shown]
        if older:
            listing.append(("…", t("ui.correct.older_rounds", rounds=shown[-1][0] - 1)))
        dialog = TextDialog(
            t("ui.correct.which_round", rounds=finished),
            t("ui.correct.which_round_hint", rounds=finished),
            check_round,
            listing=listing,
        )
        self.app.push_screen(dialog, chosen)

    def _play_again(self, number: int) -> None:
        """The correcting table: this game's table over the session as round *number*
        began; what it saves is one correction of the stored session."""
        try:
            correcting = Correcting(self.recording, number)
        except UserError as error:
            self.say(error.message(), error=True)
            return
        banner = Banner(
            t("ui.correct.title", round=number),
            t("ui.correct.banner", round=number),
        )
        screen = type(self)(correcting, banner=banner)
        screen.add_class("correcting")

        def back(_: None) -> None:
            self.refresh_view()
            if screen.saved:
                index = len(self.recording.session.events) - 1
                self.say(describe_text(*self.recording.session.describe(index)))
            else:
                self.say(t("ui.correct.left", round=number))

        self.app.push_screen(screen, back)

    def _ask_reason(self, correcting: Correcting) -> None:
        number = correcting.number

        def check(text: str) -> str | None:
            if not text.strip():
                return t("rules.correct_no_reason")
            try:
                correcting.check_correction(text, self.app_clock())
            except UserError as error:
                return error.message()
            return None

        def done(text: str | None) -> None:
            if not text or not text.strip():
                return
            try:
                correcting.commit(text, self.app_clock())
            except UserError as error:
                self.say(error.message(), error=True)
                return
            self.saved = True
            self.dismiss(None)

        dialog = TextDialog(t("ui.correct.reason", round=number), "", check)
        self.app.push_screen(dialog, done)

    # -- command palette ---------------------------------------------------------------
    def palette_commands(self) -> Iterable[SystemCommand]:
        """The legal actions by name, for the command palette (ctrl+p)."""
        standings = TableAction("standings", "t", "")
        for entry in [*self.ACTIONS.values(), standings]:
            if self.check_action(entry.name, ()):
                keys = self.app.get_key_display(Binding(entry.key, entry.name))  # $ for dollar_sign
                label = t("ui.palette.key", keys=keys, label=t(entry.label_key))
                callback = partial(self.run_action, entry.name)
                yield SystemCommand(t(entry.help_key), label, callback)
        if self.recording.read_only:  # the stored session's own views: not from a shown one
            return
        for action, key, name in (("timeline", "i", "open"), ("export", "ctrl+e", "export")):
            label = t("ui.palette.key", keys=key, label=t(f"timeline.key.{name}"))
            yield SystemCommand(t(f"timeline.help.{name}"), label, partial(self.run_action, action))
        show_page = getattr(self.app, "show_table_page", None)
        if callable(show_page):  # the recorder's app, not a display
            page = partial(show_page, self.recording.id)
            yield SystemCommand(t("web.app.palette"), t("web.app.palette_help"), page)
        from_phone = getattr(self.app, "record_from_phone", None)
        if callable(from_phone):  # the recorder's link: this app records every tap
            phone = partial(from_phone, self.recording.id, self.state.recorder)
            yield SystemCommand(t("phone.app.palette"), t("phone.app.palette_help"), phone)
        if self.check_action("correct_round", ()):
            label = t("ui.palette.key", keys="ctrl+r", label=t("ui.key.correct"))
            callback = partial(self.run_action, "correct_round")
            yield SystemCommand(t("ui.help.correct"), label, callback)


# The views a table opens on a key are loaded when first opened, not with the table.
def _standings(
    session: Session, receipt: Receipt | None, ask_rate: Callable[[], None] | None = None
) -> Screen[None]:
    from scorekeeper.ui.screens.standings import StandingsScreen

    return StandingsScreen(session, receipt, ask_rate)


def _timeline(session: Session, sid: int) -> Screen[None]:
    from scorekeeper.ui.screens.timeline import TimelineScreen

    return TimelineScreen(session, sid)
