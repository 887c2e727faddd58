"""Text a user typed is shown as typed: square brackets in a note or a name are not markup.

Textual reads ``[red]`` in a Static as a style and ``[/x]`` as an error; a note that
said so once styled the undo question, or could stop the screen from drawing.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, new_store, press_all, settled

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


NAMED = "[/x] [b]Bo[/b] [@click=app.quit]x[/]"


async def test_a_toast_shows_its_words_as_typed_whoever_asks_for_it(tmp_path):
    """A refusal's toast names a player: Textual's notify reads markup unless told not to,
    and a widget's notify tells the app to read it. Every toast goes through the app's."""
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        app.notify(NAMED, title="[b]Bo[/b]")
        app.screen.notify(NAMED.upper(), markup=True)  # what Widget.notify passes on
        words = [*NAMED.split(), *NAMED.upper().split()]

        def painted() -> str:
            return "\n".join(s.text for s in app.screen._compositor.render_strips())

        assert await settled(pilot, lambda: all(word in painted() for word in words)), painted()
        assert app.is_running


async def test_the_recorders_link_names_its_recorder_as_typed(tmp_path):
    """The palette's "Record from a phone" titles its screen with the recorder's name."""
    from scorekeeper.ui.screens.table_page import RecorderPageScreen
    from tests.screen_scenarios import _ShownPage

    class Page(_ShownPage):
        recorder_url = _ShownPage.url + "r/"

    app = ScorekeeperApp(new_store(tmp_path, ["[/x]", "[b]Bo[/b]", "C"]), 1, clock=fixed_clock())
    app.table_pages.start = lambda *args, **kwargs: Page()  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.record_from_phone(1, "[b]Bo[/b]", lan=False)
        await pilot.pause()
        assert isinstance(app.screen, RecorderPageScreen)
        title = app.screen.query_one(".dialog-title", Static)
        assert "[b]Bo[/b]" in str(title.render())


#: Textual widgets that read a str as markup unless built with ``markup=False``.
READ_MARKUP = frozenset({"Static", "Label", "OptionList"})


def _markup_readers() -> set[str]:
    """READ_MARKUP and the app's own widgets derived from them (SeatList, PoolCell …)."""
    import ast
    from pathlib import Path

    names = set(READ_MARKUP)
    trees = [ast.parse(p.read_text()) for p in Path("scorekeeper/ui").rglob("*.py")]
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names:
                    bases = {ast.unparse(base).split(".")[-1] for base in node.bases}
                    if bases & names:
                        names.add(node.name)
                        grew = True
    return names


def test_every_widget_that_could_read_markup_is_built_not_to():
    """The one way, read from the source: a Static, Label or OptionList (or one of ours
    derived from them) is built with ``markup=False``, and no toast asks for markup, so
    a screen added later cannot show a name such as ``[b]Bo[/b]`` as markup. DataTable
    cells are Text (tests/test_ui_markup_names.py checks every table the walks open)."""
    import ast
    from pathlib import Path

    readers = _markup_readers()
    found = []
    for path in sorted(Path("scorekeeper/ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            markup = {k.arg: ast.unparse(k.value) for k in node.keywords}.get("markup")
            built = name in readers and isinstance(func, ast.Name) and markup != "False"
            if built or (name == "notify" and markup not in (None, "False")):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not found, "\n".join(found)
