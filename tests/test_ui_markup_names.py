"""Players named ``[/x]`` or ``[b]Bo[/b]`` are shown as typed on every screen (issue 44, point 5).

Textual reads a str in a DataTable cell, an OptionList's option, a Static or a toast as
markup: ``[/x]`` stopped the standings (``t``) and the showdown's list (``s``) with a
MarkupError, and ``[b]Bo[/b]`` showed as a bold "Bo". Names may hold ``[``, ``]``, ``\\``,
``$`` and ``@`` (core/header.py refuses only ``=``, ``>``, ``,`` and control characters);
notes and correction reasons may hold anything, ``[@click=app.quit]x[/]`` too.

Each walk opens a session of every registered game, presses every key its table offers
and the views' keys, and checks two things on every screen: the names are painted as
typed, and no text a user typed ever reached Textual's or Rich's markup reader
(``Content.from_markup``, ``Text.from_markup``), whether or not it would have crashed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable

from scorekeeper.core.errors import RuleError
from scorekeeper.core.games import all_games
from scorekeeper.core.header import make_header, seat_name
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, quote, split_line
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import ConfirmDialog
from scorekeeper.ui.screens.name_question import ChoiceDialog
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.screens.start import StartScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.timeline import TimelineScreen
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

#: Four seats whose names Textual would read as markup (each a valid name).
NAMES = ["[/x]", "[b]Bo[/b]", "[red]", "\\["]
#: Text with ``=`` cannot be a name, but a note and a reason can hold it.
NOTE = "[@click=app.quit]x[/]"
REASON = "[link=http://x]y[/link]"
GAMES = [game.id for game in all_games()]  # the registry's games, in their order

#: Each game's entries: a finished round, a note, and a round in play (names by seat).
SCRIPTS = {
    "indian-official": [
        "round", "fold {1}", "raise", "showdown {2}",
        "correct 1 {reason} {fold3} {show2}", "round", "note {note}", "fold {3}",
    ],
    "indian-chips": [
        "round", "bet {1}", "call {2}", "fold {3}", "fold {0}", "showdown {1} > {2}",
        "note {note}", "round",
    ],
    "indian-lowest": [
        "round", "lose {1}", "note {note}", "round", "reveal {0}=3H {1}=KC {2}=5D {3}=7S",
        "round",
    ],
    "pochen": [
        "round", "turned 8D", "claim {1} ace", "claim {2} king queen marriage", "pass {1}",
        "bet {2} 3", "call {3}", "fold {0}", "fold {1}", "show {2}=KD,KS {3}=9C,9D,9S",
        "out {1}", "note {note}",
    ],
}  # fmt: skip
#: Options that let the scripts run (a Pochen stack that pays a bet of 3).
OPTIONS = {"pochen": {"stack": "50"}}
#: A game the registry adds later is played from its first round, with its defaults.
FIRST_ROUND = ["round", "note {note}"]


def played(game: str, names: list[str]) -> Session:
    """A session of *game* among *names*, played by its script."""
    session = Session(make_header(game, names, OPTIONS.get(game, {})))
    seats = [quote(name) for name in names]
    for line in SCRIPTS.get(game, FIRST_ROUND):
        words = line.format(
            *seats,
            note=quote(NOTE),
            reason=quote(REASON),
            fold3=quote(f"fold {seats[3]}"),
            show2=quote(f"showdown {seats[2]}"),
        )
        session.record(parse_entry(session.game, split_line(words)))
    return session


def bracket_store(root: Path, names: list[str] = NAMES) -> Store:
    """One session of each game (ids in the registry's order) among *names*."""
    store = Store(root / "data")
    for game in GAMES:
        session = played(game, names)
        create_session(store, session.header, session.events)
    return store


def painted(app: ScorekeeperApp) -> str:
    """The screen as the terminal shows it, line by line (the dialog over what is under it)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class MarkupReads:
    """Every text Textual's and Rich's markup readers are given while the app runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        content_read, text_read = Content.from_markup, Text.from_markup

        def content_from_markup(cls: type[Content], markup: str, **variables: object) -> Content:
            self.texts.append(str(markup))
            return content_read(markup, **variables)

        def text_from_markup(cls: type[Text], text: str, **options: object) -> Text:
            self.texts.append(text)
            return text_read(text, **options)  # type: ignore[arg-type]

        monkeypatch.setattr(Content, "from_markup", classmethod(content_from_markup))
        monkeypatch.setattr(Text, "from_markup", classmethod(text_from_markup))

    def of(self, typed: list[str]) -> list[str]:
        """The texts read as markup that hold something a user typed."""
        return [text for text in self.texts if any(word in text for word in typed)]


def assert_painted(app: ScorekeeperApp, words: list[str]) -> None:
    """The app is alive and *words* are on its screen as typed."""
    assert app.is_running
    screen = painted(app)
    missing = [word for word in words if word not in screen]
    assert not missing, f"{missing} not shown on {type(app.screen).__name__}:\n{screen}"


def assert_shown(app: ScorekeeperApp, words: list[str], reads: MarkupReads) -> None:
    """As assert_painted, and nothing a user typed was read as markup on the way."""
    assert_painted(app, words)
    assert not reads.of([*NAMES, NOTE, REASON]), type(app.screen).__name__
    for table in app.screen.query(DataTable):  # a str cell is markup to a DataTable
        cells = [cell for i in range(table.row_count) for cell in table.get_row_at(i)]
        assert not [cell for cell in cells if isinstance(cell, str)], table.id


def table_keys(table: TableScreen) -> Iterator[str]:
    """The keys of every entry the table offers now, then its views' and help's."""
    for action in table.ACTIONS.values():
        if table.check_action(action.name, ()):
            yield action.key
    yield from ("t", "i", "ctrl+e", "ctrl+r", "question_mark")


async def walk_table(app: ScorekeeperApp, pilot, names: list[str], reads: MarkupReads) -> None:
    """Every key of the open table, each screen it opens checked and closed again."""
    table = app.screen
    assert isinstance(table, TableScreen), type(table)
    assert_shown(app, names, reads)
    for key in list(table_keys(table)):
        await press_all(pilot, [key])
        screen = app.screen
        if isinstance(screen, StandingsScreen):
            assert_shown(app, names, reads)
            await press_all(pilot, ["c", "dollar_sign", "escape"])  # share, the rate box
        elif isinstance(screen, TimelineScreen):
            assert_shown(app, [NOTE], reads)
            await press_all(pilot, ["s", "a", "p", "escape", "enter"])  # the table then
            assert_shown(app, names, reads)
        else:
            assert_shown(app, [], reads)
        for _ in range(3):  # back to the table: a dialog, a view, the table then
            if app.screen is table:
                break
            await press_all(pilot, ["escape"])
        assert app.screen is table, type(app.screen)
    assert_shown(app, names, reads)


@pytest.mark.parametrize(("game", "lang"), [*((game, "en") for game in GAMES), (GAMES[0], "ja")])
async def test_every_key_of_each_games_table_shows_bracket_names_as_typed(
    tmp_path, monkeypatch, game, lang
):
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    reads = MarkupReads(monkeypatch)
    app = ScorekeeperApp(bracket_store(tmp_path), GAMES.index(game) + 1, clock=fixed_clock())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await walk_table(app, pilot, NAMES, reads)
        await press_all(pilot, ["t"])  # the standings (t), named in the issue
        assert_shown(app, NAMES, reads)
        await press_all(pilot, ["escape", "i"])
        assert_shown(app, [NAMES[0], NOTE], reads)


async def test_the_pick_lists_the_join_question_and_the_end_show_bracket_names(
    tmp_path, monkeypatch
):
    reads = MarkupReads(monkeypatch)
    app = ScorekeeperApp(bracket_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["s"])  # the showdown's list of who won
        assert_shown(app, [NAMES[0], *NAMES[2:]], reads)
        await press_all(pilot, ["escape", "h"])  # the record book: every seat
        assert_shown(app, NAMES, reads)
        await press_all(pilot, ["escape", "f", "3", "enter", "s", "1", "enter"])
        await press_all(pilot, ["l", "2", "enter", "j"])  # who joins: who left come first
        assert isinstance(app.screen, ChoiceDialog)
        assert_shown(app, [NAMES[1]], reads)  # "[b]Bo[/b] comes back to their seat"
        await press_all(pilot, ["enter", "e"])
        assert isinstance(app.screen, ConfirmDialog)
        assert_shown(app, [], reads)
        await press_all(pilot, ["y"])  # ended: the final standings
        assert isinstance(app.screen, StandingsScreen), type(app.screen)
        assert app.screen.session.state.finished
        assert_shown(app, NAMES, reads)


async def test_the_start_screen_stats_settle_and_new_form_show_bracket_names(tmp_path, monkeypatch):
    reads = MarkupReads(monkeypatch)
    app = ScorekeeperApp(bracket_store(tmp_path), clock=fixed_clock())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert_shown(app, NAMES, reads)
        await press_all(pilot, ["s"])  # statistics
        assert_shown(app, NAMES, reads)
        await press_all(pilot, ["escape", "space", "down", "space", "dollar_sign"])
        assert_shown(app, NAMES, reads)  # two sessions settled together
        await press_all(pilot, ["escape", "a"])  # the same table again: a toast
        assert_shown(app, [], reads)
        await press_all(pilot, ["d"])
        assert_shown(app, [], reads)
        await press_all(pilot, ["escape", "n", *NAMES[1], "enter", *NAMES[0], "enter"])
        assert_shown(app, NAMES[:2], reads)  # the seats and the parent's list
        assert app.is_running


#: Names by the names rule (core/header.py check_name), heavy in what markup reads, each
#: with a "[": no "=", ">" or "," (refused in a name), nor "@" or "#" first.
NAME_CHARS = st.sampled_from("[[]]/\\$@#:!bi ")
PIECE = st.text(
    st.one_of(NAME_CHARS, NAME_CHARS, st.characters(codec="utf-8", categories=["L", "So"])),
    max_size=6,
)
BRACKETY = st.tuples(PIECE, PIECE).map(lambda two: f"{two[0].lstrip('@# ')}[{two[1]}")


def seated(names: list[str]) -> list[str] | None:
    """*names* as four seats the rules accept (trimmed), or None when they refuse one."""
    seats: list[str] = []
    for name in names:
        try:
            seats.append(seat_name(name, seats))
        except RuleError:
            return None
    return seats


async def views_of_any_names(root: Path, game: str, seats: list[str]) -> None:
    """The table, the standings, the timeline and a pick list of *game* among *seats*: the
    app stays up, and the table and the standings show every name as typed."""
    app = ScorekeeperApp(bracket_store(root, seats), GAMES.index(game) + 1, clock=fixed_clock())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert_painted(app, seats)
        for key in ("t", "escape", "i", "escape", "s", "escape", "f"):
            await press_all(pilot, [key])
            assert app.is_running, key
            if isinstance(app.screen, StandingsScreen):
                assert_painted(app, seats)
            if isinstance(app.screen, ModalScreen):
                await press_all(pilot, ["escape"])
        assert app.is_running


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(BRACKETY, min_size=4, max_size=4), game=st.sampled_from(GAMES))
@example(names=["[/x]", "a[b]c", "[i]d[/i]", "\\["], game=GAMES[0])  # always tried
def test_any_name_with_brackets_is_shown_as_typed_on_the_table_and_its_views(
    tmp_path_factory, names, game
):
    seats = seated(names)
    if seats is None:
        return  # two names the table could not tell apart: no session has them
    asyncio.run(views_of_any_names(tmp_path_factory.mktemp("names"), game, seats))
