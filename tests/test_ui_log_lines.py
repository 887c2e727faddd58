"""The log shows the newest entries that fit, the newest always whole, after any mix of
entries (undos, corrections, joins and leaves, notes in any script) and at any size; a log
that showed other sessions before paints what a new one paints."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.visual import Visual, visualize

from scorekeeper.core.session import Session
from scorekeeper.messages import language, set_language
from scorekeeper.ui.widgets.log import LogPanel, _line
from tests.session_gen import GAMES, build_session


class TwoLogs(App[None]):
    """The log under test, shown one session after another, above a new one each time:
    the same size, so they must paint the same rows."""

    CSS = "LogPanel { height: 1fr; padding: 0 1; border: round $primary; }"

    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")
        yield LogPanel(id="fresh")


def painted(log: LogPanel) -> list[Strip]:
    return [log.render_line(y) for y in range(log.size.height)]


def textual_paints(log: LogPanel) -> list[Strip]:
    """What Textual paints for the log's text as one whole (its own render_line)."""
    width, height = log.size
    strips = Visual.to_strips(log, visualize(log, log.render()), width, height, log.visual_style)
    blank = Strip.blank(width, log.visual_style.rich_style)
    return strips + [blank] * (height - len(strips))


async def check(sessions: list[Session], size: tuple[int, int]) -> None:
    app = TwoLogs()
    async with app.run_test(size=size) as pilot:
        log = app.query_one("#log", LogPanel)
        for session in sessions:  # one after another: lines kept from the one before
            await app.query_one("#fresh").remove()
            fresh = LogPanel(id="fresh")
            await app.mount(fresh)
            log.show(session)
            fresh.show(session)
            await pilot.pause()
            assert log.size == fresh.size
            assert painted(log) == textual_paints(log)
            assert painted(log) == painted(fresh)  # no line kept in old words
            shown = log.render().plain.splitlines()
            if session.events:
                last = len(session.events) - 1  # the newest entry is always shown, whole
                newest = _line(session, last, session.voided(), session.superseded()).plain
                assert shown[-len(newest.splitlines()) :] == newest.splitlines()
        await pilot.resize_terminal(size[0] + 7, size[1] - 4)
        await pilot.pause()
        assert painted(log) == textual_paints(log)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    data=st.data(),
    game=st.sampled_from(sorted(GAMES)),
    size=st.tuples(st.integers(24, 100), st.integers(6, 30).map(lambda rows: 2 * rows)),
    lang=st.sampled_from(["en", "ja"]),
)
def test_the_log_paints_what_textual_paints_after_any_mix(data, game, size, lang):
    before = language()
    set_language(lang)
    try:
        whole = build_session(data, game)
        # the same session growing entry by entry, as keys add to it: shown before and
        # after each undo (which voids a line already painted) and each correction
        # (which strikes lines through), and at its last entries
        turns = [i for i, e in enumerate(whole.events) if e.kind in ("undo", "correct")]
        count = len(whole.events)
        picked = sorted({*(i - 1 for i in turns if i > 0), *turns, *range(count)[-3:]})
        sessions = [Session(whole.header)]
        for last in picked:
            session = Session(whole.header)
            for event in whole.events[: last + 1]:
                session.commit(event)
            sessions.append(session)
        asyncio.run(check(sessions, size))
    finally:
        set_language(before)


async def test_a_selection_in_the_log_is_painted_and_read_as_textual_does():
    """Selecting words with the mouse paints them highlighted and copies them: the rows
    carry their line's place, and with a selection the log paints through Textual."""
    from textual.geometry import Offset
    from textual.selection import Selection

    from scorekeeper.core.events import Entry
    from scorekeeper.core.header import make_header
    from tests.session_gen import Clock

    session = Session(make_header("indian-official", ["A", "B", "C"], {}))
    clock = Clock()
    for entry in (Entry("round"), Entry("raise"), Entry("note", {"text": "first"})):
        session.record(entry, clock())
    app = TwoLogs()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one("#log", LogPanel)
        log.show(session)
        await pilot.pause()
        plain = log.render().plain.splitlines()
        selection = Selection(Offset(0, 1), Offset(len(plain[1]), 1))  # the second line
        app.screen.selections = {log: selection}
        await pilot.pause()
        assert log.get_selection(selection) == (plain[1], "\n")
        assert painted(log) == textual_paints(log)
        highlighted = painted(log)[1]
        app.screen.selections = {}
        await pilot.pause()
        assert painted(log)[1] != highlighted  # the highlight went: the check can fail
        assert painted(log) == textual_paints(log)
