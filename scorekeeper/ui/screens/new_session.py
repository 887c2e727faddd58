"""The new-session form: game, seats, house options, first parent and recorder.

The form decides no rule itself: on Create it hands everything to
``make_header`` and shows any refusal next to the field the error names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Select, Static, Switch

from scorekeeper.core.amounts import plain_number
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header, OptionValue
from scorekeeper.core.game import Game, OptionSpec
from scorekeeper.core.games import all_games, get_game
from scorekeeper.core.header import make_header, parse_stacks, seat_name
from scorekeeper.core.names import lookalike_of
from scorekeeper.core.rate import parse_rate_words
from scorekeeper.core.session import Session
from scorekeeper.core.words import split_line
from scorekeeper.messages import CATALOG, UserError, t
from scorekeeper.services.known_names import known_names
from scorekeeper.services.recording import create_session
from scorekeeper.ui.app_protocol import ScoreApp, score_app
from scorekeeper.ui.screens.holds_keys import release_held
from scorekeeper.ui.screens.name_question import known_question
from scorekeeper.ui.seats import pairs_example
from scorekeeper.ui.widgets.key_bar import KeyBar
from scorekeeper.ui.widgets.known_names import KnownNames

#: Fields of the header that are not options; an error naming any other field goes to the form.
_FIXED_FIELDS = ("game", "players", "parent", "recorder", "stacks", "rate")


class SeatList(OptionList):
    """The seats in clockwise order; its keys act on the highlighted seat."""

    BINDINGS = [
        Binding("delete,minus", "screen.remove_seat", t("ui.new.key.remove"), id="new-seat-remove"),
        Binding(
            "left_square_bracket,ctrl+up",
            "screen.move_seat(-1)",
            t("ui.new.key.up"),
            id="new-seat-up",
        ),
        Binding(
            "right_square_bracket,ctrl+down",
            "screen.move_seat(1)",
            t("ui.new.key.down"),
            id="new-seat-down",
        ),
    ]


def _line(text: str) -> Text:
    # Text, not str: a name such as "[b]" must not be read as markup; one line, cut if long.
    return Text(text, no_wrap=True, overflow="ellipsis")


def _field(
    label: str, control: Widget, help_text: str, error_id: str, field_id: str | None = None
) -> Vertical:
    """One field of the form: label and control, its explanation, and the line for its error."""
    parts: list[Widget] = [
        Horizontal(
            Label(label, classes="new-label", markup=False),
            Container(control, classes="new-control-box"),
            classes="new-row",
        )
    ]
    if help_text:
        parts.append(Static(help_text, classes="new-help", markup=False))
    parts.append(Static("", id=error_id, classes="field-error", markup=False))
    return Vertical(*parts, classes="new-field", id=field_id)


def option_value_label(spec: OptionSpec, word: str) -> str:
    """What the reader sees for an option's value: はい/いいえ, 上限なし…; the word itself
    (a number, say) when the catalog has nothing else to say. The session keeps *word*."""
    if spec.boolean:
        return t("ui.yes") if word == "true" else t("ui.no")
    key = f"option.value.{spec.key}.{word}"
    return t(key) if key in CATALOG else word


def option_control(spec: OptionSpec) -> Widget:
    """The widget that fits the option: a switch, a list of its words, or a whole number."""
    widget_id = f"opt-{spec.key}"
    if spec.boolean:
        return Switch(value=bool(spec.default), id=widget_id, animate=False)
    if spec.choices:
        return Select(
            [(_line(option_value_label(spec, word)), word) for word in spec.choices],
            value=spec.render(spec.default),
            allow_blank=False,
            id=widget_id,
            compact=True,
        )
    return Input(value=spec.render(spec.default), type="integer", id=widget_id, compact=True)


class NewSessionScreen(Screen[None]):
    """Everything a session starts with; only a form the rules accept creates one."""

    # The name box has the focus from the first frame: a name typed right after "n" on the
    # start screen lands there (keys wait for the first focus, ui/app.py).
    AUTO_FOCUS = "#new-name"

    BINDINGS = [
        Binding("ctrl+s", "create", t("ui.new.create"), id="new-create", priority=True),
        Binding("escape", "cancel", t("ui.cancel"), id="new-cancel"),
    ]

    def __init__(self, known: Sequence[str] | None = None) -> None:
        """*known*: the names played under before in this data folder, when the caller
        has them (the start screen's list); else they are read off the UI thread."""
        super().__init__(id="new-session")
        self.games = all_games()
        self.game: Game = self.games[0]
        self.seats: list[str] = []
        self.known: list[str] = list(known or ())
        self._read_known = known is None
        self.suggester = KnownNames(self.known, taken=lambda: self.seats)

    @property
    def sk_app(self) -> ScoreApp:
        return score_app(self)

    # -- building the form ------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(t("ui.new.title"), id="new-title", markup=False)
        with VerticalScroll(id="new-form", can_focus=False):
            games = [(_line(t(g.name_key)), g.id) for g in self.games]
            game = Select(games, value=self.game.id, allow_blank=False, id="new-game", compact=True)
            yield _field(t("word.game"), game, "", "error-game", "new-game-field")
            yield self._players_field()
            yield Static(t("ui.new.options"), classes="new-section", markup=False)
            with Vertical(id="new-options"):
                yield from self._option_fields()
            parent = Select(
                self._seat_choices(""), allow_blank=False, id="new-parent", compact=True
            )
            yield _field(
                t(self.game.worded("ui.new.lead")),
                parent,
                t(self.game.worded("ui.new.lead_help")),
                "error-parent",
                "new-parent-field",
            )
            recorder = Select(
                self._seat_choices(""), allow_blank=False, id="new-recorder", compact=True
            )
            yield _field(
                t("ui.new.recorder"), recorder, t("ui.new.recorder_help"), "error-recorder"
            )
            rate = Input(
                placeholder=t("ui.hint.example", example=t("ui.table.rate_example")),
                id="new-rate",
                compact=True,
            )
            yield _field(t("ui.new.rate"), rate, t("ui.new.rate_help"), "error-rate")
            with Horizontal(id="new-buttons"):
                yield Button(t("ui.new.create"), id="new-create-button", variant="primary")
                yield Button(t("ui.cancel"), id="new-cancel-button")
            yield Static("", id="error-form", classes="field-error", markup=False)
        yield KeyBar()

    def _players_field(self) -> Vertical:
        buttons = [
            Button(t("ui.new.remove"), id="seat-remove", compact=True),
            Button(t("ui.new.up"), id="seat-up", compact=True),
            Button(t("ui.new.down"), id="seat-down", compact=True),
        ]
        for button in buttons:
            button.can_focus = False  # keys do the same on the list; keep Tab short
        return Vertical(
            Horizontal(
                Label(t("word.players"), classes="new-label", markup=False),
                Vertical(
                    Input(
                        placeholder=t("ui.new.name_placeholder"),
                        id="new-name",
                        compact=True,
                        suggester=self.suggester,
                        select_on_focus=False,  # back in the box, a key adds to the name
                    ),
                    SeatList(id="new-seats", markup=False, compact=True),
                    Static("", id="new-count", markup=False),
                    classes="new-seats-box",
                ),
                Vertical(*buttons, classes="new-seat-buttons"),
                classes="new-row",
            ),
            Static("", id="error-players", classes="field-error", markup=False),
            classes="new-field",
        )

    def _option_fields(self) -> list[Vertical]:
        stacks = []
        if self.game.uses_chips:  # some players may start with other stacks
            control = Input(placeholder="A=40 B=10", id="opt-stacks", compact=True)
            stacks = [_field(t("ui.new.stacks"), control, t("ui.new.stacks_help"), "error-stacks")]
        return [
            _field(
                t(f"option.label.{spec.key}"),
                option_control(spec),
                t(
                    "ui.new.help_default",
                    help=t(spec.help_key),
                    value=option_value_label(spec, spec.render(spec.default)),
                ),
                f"error-opt-{spec.key}",
            )
            for spec in self.game.options
        ] + stacks

    def on_mount(self) -> None:
        self._refresh_seats()
        self.query_one("#new-name", Input).focus()
        if self._read_known:
            self.run_worker(self._reading_known, thread=True, exit_on_error=False)

    def _reading_known(self) -> None:
        """(A worker thread.) The names played under before, handed to the UI thread."""
        names = known_names(self.sk_app.store)
        self.app.call_from_thread(self._got_known, names)

    def _got_known(self, names: list[str]) -> None:
        self.known = names
        self.suggester.names = names

    @on(Select.Changed, "#new-game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game.id:
            return
        self.game = get_game(event.value)
        box = self.query_one("#new-options", Vertical)
        await box.remove_children()
        await box.mount_all(self._option_fields())
        self._refresh_seats()

    # -- seats --------------------------------------------------------------------

    @property
    def seat_list(self) -> SeatList:
        return self.query_one("#new-seats", SeatList)

    def _refresh_seats(self, highlight: int | None = None) -> None:
        """Show the seats again, and offer them as first parent and recorder."""
        seat_list = self.seat_list
        seat_list.clear_options()
        seat_list.add_options(
            [t("ui.new.seat", seat=n, name=name) for n, name in enumerate(self.seats, start=1)]
        )
        if self.seats:
            seat_list.highlighted = min(highlight or 0, len(self.seats) - 1)
        self.query_one("#new-count", Static).update(
            t(
                "ui.new.player_count",
                count=len(self.seats),
                min=self.game.min_players,
                max=self.game.max_players,
            )
        )
        if self.seats:
            first = t("ui.new.parent_first_seat", name=self.seats[0])
        else:
            first = t("ui.new.parent_no_seats")
        self._offer_seats("#new-parent", first)
        self._offer_seats("#new-recorder", t(self.game.worded("ui.new.recorder_same")))
        self._stacks_example()
        self._lead_words()

    def _lead_words(self) -> None:
        """First parent (official points game) or first dealer (the others): the game says."""
        field = self.query_one("#new-parent-field", Vertical)
        field.query_one(".new-label", Label).update(t(self.game.worded("ui.new.lead")))
        field.query_one(".new-help", Static).update(t(self.game.worded("ui.new.lead_help")))

    def _stacks_example(self) -> None:
        """The stacks box's example: the seated players, around the stack option as typed."""
        boxes = self.query("#opt-stacks").results(Input)
        box = next(boxes, None)
        if box is None:
            return
        typed_stack = next(self.query("#opt-stack").results(Input), None)
        value = plain_number(typed_stack.value.strip()) if typed_stack is not None else None
        default = self.game.option("stack").default
        stack = value if value is not None and value > 1 else default
        assert isinstance(stack, int)
        names = self.seats[:2] or ["A", "B"]
        box.placeholder = pairs_example(names, (str(stack * 2), str(stack // 2)))

    def _offer_seats(self, selector: str, default_label: str) -> None:
        """Replace a Select's players, keeping the one chosen if they are still seated."""
        select = self.query_one(selector, Select)
        chosen = select.selection
        select.set_options(self._seat_choices(default_label))
        if self.seats:
            # Setting the same value shows no new label: pass through a seat to redraw it.
            select.value = self.seats[0]
            select.value = chosen if chosen in self.seats else ""

    def _seat_choices(self, default_label: str) -> list[tuple[Text, str]]:
        return [(_line(default_label), ""), *((_line(name), name) for name in self.seats)]

    def holds_key(self, key: str) -> bool:
        """Enter in a box: keys typed after it wait until it is dealt with (ui/app.py), so
        the next name is not added to the one just seated."""
        return key == "enter" and isinstance(self.focused, Input)

    @on(Input.Submitted, "#new-name")
    def _name_entered(self, event: Input.Submitted) -> None:
        try:
            if not event.value.strip():
                self.focus_next()
                return
            self._add_seat(event.input)
        finally:
            release_held(self.app)

    @on(Input.Blurred, "#new-name")
    def _name_left(self, event: Input.Blurred) -> None:
        """Tab (or a click) away from a typed name seats it, as Enter does: a name left
        in the box was not counted, and the box, focused again, lost it to the next key."""
        if self.app.screen is self and event.value.strip():
            self._add_seat(event.input)

    def _add_seat(self, name_input: Input) -> bool:
        """Seat the typed name, or say next to the list why not; a name that looks like
        one played under before is asked about first (False until it is answered)."""
        self._set_error("players", "")
        try:
            name = seat_name(name_input.value, self.seats)
        except RuleError as error:
            self._set_error("players", error.message())
            return False
        known = lookalike_of(name, [k for k in self.known if k not in self.seats])
        if known is not None:
            self.app.push_screen(known_question(name, known), self._answered)
            return False
        self._seat(name)
        return True

    def _answered(self, name: str | None) -> None:
        """The recorder's answer to the question about a look-alike name: that spelling
        is seated (checked again: it may be seated by now); none, the box keeps the text."""
        if name is None:
            return
        try:
            checked = seat_name(name, self.seats)
        except RuleError as error:
            self._set_error("players", error.message())
            return
        self._seat(checked)

    def _seat(self, name: str) -> None:
        self.seats.append(name)
        self.query_one("#new-name", Input).value = ""
        self._refresh_seats(highlight=len(self.seats) - 1)

    def action_remove_seat(self) -> None:
        index = self.seat_list.highlighted
        if index is None or not 0 <= index < len(self.seats):
            return
        del self.seats[index]
        self._refresh_seats(highlight=index)

    def action_move_seat(self, step: int) -> None:
        index = self.seat_list.highlighted
        if index is None or not 0 <= index + step < len(self.seats):
            return
        seats = self.seats
        seats[index], seats[index + step] = seats[index + step], seats[index]
        self._refresh_seats(highlight=index + step)

    @on(Button.Pressed, "#seat-remove")
    def _remove_pressed(self) -> None:
        self.action_remove_seat()

    @on(Button.Pressed, "#seat-up")
    def _up_pressed(self) -> None:
        self.action_move_seat(-1)

    @on(Button.Pressed, "#seat-down")
    def _down_pressed(self) -> None:
        self.action_move_seat(1)

    # -- options ------------------------------------------------------------------

    @on(Input.Submitted, "#new-options Input, #new-rate")
    def _option_entered(self) -> None:
        self.focus_next()
        release_held(self.app)

    def chosen_options(self) -> dict[str, str | OptionValue]:
        """Each option as the form holds it: typed text is parsed by the rules, not here."""
        chosen: dict[str, str | OptionValue] = {}
        for spec in self.game.options:
            control = self.query_one(f"#opt-{spec.key}")
            if isinstance(control, Switch):
                chosen[spec.key] = control.value
            elif isinstance(control, Select):
                value = control.selection
                if isinstance(value, str):
                    chosen[spec.key] = value
            elif isinstance(control, Input):
                chosen[spec.key] = control.value
        return chosen

    def chosen_stacks(self) -> dict[str, int]:
        """``A=50 B=200`` as typed in the stacks field (chip games), read by the rules' syntax."""
        if not self.game.uses_chips:
            return {}
        text = self.query_one("#opt-stacks", Input).value
        return parse_stacks(text.replace(",", " ").split(), field="stacks")

    # -- creating -------------------------------------------------------------------

    def _error_id(self, field: str | None) -> str:
        if field in _FIXED_FIELDS:
            return f"error-{field}"
        if any(spec.key == field for spec in self.game.options):
            return f"error-opt-{field}"
        return "error-form"

    def _control_of(self, field: str | None) -> Widget:
        controls = {
            "game": "#new-game",
            "players": "#new-name",
            "parent": "#new-parent",
            "recorder": "#new-recorder",
            "stacks": "#opt-stacks",
            "rate": "#new-rate",
        }
        if field in controls:
            return self.query_one(controls[field])
        if any(spec.key == field for spec in self.game.options):
            return self.query_one(f"#opt-{field}")
        return self.query_one("#new-create-button")

    def _set_error(self, field: str | None, message: str) -> None:
        error = self.query_one(f"#{self._error_id(field)}", Static)
        error.update(message)
        error.set_class(bool(message), "-shown")

    def _clear_errors(self) -> None:
        for error in self.query(".field-error").results(Static):
            error.update("")
            error.remove_class("-shown")

    def _refuse(self, field: str | None, message: str) -> None:
        """Show the error next to its field and put the cursor there."""
        self._set_error(field, message)
        control = self._control_of(field)
        control.focus()
        error = self.query_one(f"#{self._error_id(field)}", Static)
        self.call_after_refresh(error.scroll_visible, animate=False)

    def action_create(self) -> None:
        self._clear_errors()
        name_input = self.query_one("#new-name", Input)
        if name_input.value.strip() and not self._add_seat(name_input):
            name_input.focus()  # a name typed but not yet seated counts, if it can be
            return
        parent = self.query_one("#new-parent", Select).selection
        recorder = self.query_one("#new-recorder", Select).selection
        try:
            header = make_header(
                self.game.id,
                self.seats,
                self.chosen_options(),
                parent=parent if isinstance(parent, str) and parent else None,
                recorder=recorder if isinstance(recorder, str) and recorder else None,
                stacks=self.chosen_stacks(),
            )
        except RuleError as error:
            self._refuse(error.field, error.message())
            return
        try:
            first = self.first_entries(header)
        except RuleError as error:  # the rate, checked by the rules as any entry is
            self._refuse("rate", error.message())
            return
        try:
            sid = create_session(self.sk_app.store, header, first)
        except UserError as error:
            self._refuse(None, error.message())
            return
        self.app.pop_screen()
        self.sk_app.open_session(sid)

    def first_entries(self, header: Header) -> list[Event]:
        """The session's first entries: its rate, if one is typed (``10 JPY``), recorded as
        a ``rate`` entry of this session (never a setting another session would see)."""
        typed = self.query_one("#new-rate", Input).value
        if not typed.strip():
            return []
        session = Session(header)
        clock: Callable[[], datetime] | None = getattr(self.app, "clock", None)
        data = parse_rate_words(split_line(typed))
        session.record(Entry("rate", data), clock() if clock else None)
        return list(session.events)

    @on(Button.Pressed, "#new-create-button")
    def _create_pressed(self) -> None:
        self.action_create()

    def action_cancel(self) -> None:
        self.app.pop_screen()

    @on(Button.Pressed, "#new-cancel-button")
    def _cancel_pressed(self) -> None:
        self.action_cancel()
