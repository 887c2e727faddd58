"""Text a user typed is shown as typed: square brackets in a note or a name are not markup.

Textual reads ``[red]`` in a Static as a style and ``[/x]`` as an error; a note that
said so once styled the undo question, or could stop the screen from drawing.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

NOTE = "[/x] [red]tea[/red]"


async def test_a_note_with_brackets_is_shown_as_typed_in_the_log_and_the_undo_question(
    tmp_path,
):
    store = new_store(tmp_path, ["[b]Aki", "Ben", "Chie"])
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "m", *NOTE, "enter", "u"])
        question = app.screen.query_one(".dialog-question", Static)
        assert NOTE in str(question.render())
        await pilot.press("escape")
        await pilot.pause()
        painted = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert NOTE in painted
        assert "[b]Aki" in painted  # the parent's name, in the stake panel and the seats
