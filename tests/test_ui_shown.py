"""A key at the table changes only the lines whose words changed: a raise is painted
without laying the screen out again (Textual lays out everything after any update that
asks for it, which was a good part of a key's time)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.widgets.log import LogPanel
from scorekeeper.ui.widgets.shown import show_text
from tests.ui_support import fixed_clock, new_store, press_all


class OneLine(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("", id="line")


async def test_show_text_updates_only_what_differs(monkeypatch):
    updates: list[object] = []
    real_update = Static.update

    def update(self, content="", *, layout=True):
        updates.append(content)
        return real_update(self, content, layout=layout)

    monkeypatch.setattr(Static, "update", update)
    app = OneLine()
    async with app.run_test():
        line = app.query_one("#line", Static)
        show_text(line, "stake 20")
        show_text(line, "stake 20")
        assert updates == ["stake 20"]
        show_text(line, Text("stake 20"))  # text where there were plain words: shown
        show_text(line, Text("stake 20"))
        show_text(line, Text("stake 20", style="dim"))  # the same words, dimmed: shown
        show_text(line, Text("stake 20", style="dim"))
        assert [str(u) for u in updates] == ["stake 20"] * 3
        assert str(line.render()) == "stake 20"


async def test_a_raise_asks_for_no_layout_and_a_new_round_repaints_the_log(tmp_path, monkeypatch):
    asked: list[str] = []
    real_refresh = Widget.refresh

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout or recompose:
            asked.append(f"{type(self).__name__}#{self.id}")
        return real_refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", refresh)
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "r"])
        await pilot.pause()
        log = app.screen.query_one(LogPanel)
        asked.clear()
        await press_all(pilot, ["r"])
        await pilot.pause()
        assert asked == []
        assert "20 → 40" in str(log.render()).splitlines()[-1]
        await press_all(pilot, ["s", "2", "enter"])
        await pilot.pause()
        asked.clear()
        await press_all(pilot, ["n"])
        await pilot.pause()
        assert asked and "LogPanel#log" not in asked  # its height never depends on its words
        assert "round 2 begins" in str(log.render()).splitlines()[-1]
