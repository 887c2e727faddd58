"""A toast is painted whole at 80x24 (issue 43, point 8): its text is never cut where it
crosses another widget's edge. Textual's compositor divides each screen line at every
widget's edge, and a wide character divided so is drawn as two spaces: over Pochen's
board (42 columns) a table's toast lost its first character (「り消す記録がありません」)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

from scorekeeper.core.games import GAME_ORDER
from scorekeeper.core.header import make_header
from scorekeeper.messages import set_language
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

OPTIONS = {"indian-chips": {"stack": "50"}, "pochen": {"stack": "50"}}


def painted_toasts(app: ScorekeeperApp) -> list[tuple[str, str]]:
    """Each toast's message and the text painted in its box (its border and padding off,
    the lines joined, spaces left out)."""
    screen = app.screen
    lines = list(screen._compositor.render_strips())
    found = []
    for widget, geometry in screen._compositor.full_map.items():
        if not isinstance(widget, Toast):
            continue
        box = geometry.region
        rows = [lines[y].crop(box.x, box.right).text[2:] for y in range(box.y, box.bottom)]
        found.append((widget._notification.message, "".join(rows).replace(" ", "")))
    return found


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game", GAME_ORDER)  # every registered game
async def test_a_refusals_toast_is_painted_whole_at_80x24(tmp_path: Path, game, lang):
    set_language(lang)
    try:
        store = Store(tmp_path / "data")
        create_session(
            store, make_header(game, ["佐々木優子", "Ben", "千尋", "Dai"], OPTIONS.get(game))
        )
        app = ScorekeeperApp(store, 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            # nothing to undo; a round still in play: no new one, no end
            for keys in (["u"], ["n", "n"], ["e"]):
                app.clear_notifications()
                await press_all(pilot, keys)
                toasts = []
                for _ in range(50):  # a count of turns: the toast is mounted, then laid out
                    toasts = painted_toasts(app)
                    if toasts:
                        break
                    await pilot.pause()
                assert toasts, keys
                for message, painted in toasts:
                    assert message.replace(" ", "") in painted, (keys, message, painted)
    finally:
        set_language("en")
