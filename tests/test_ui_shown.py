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
from scorekeeper.ui.widgets.players import PlayerTable
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
        # the footer's keys change with the round: painted again, nothing laid out (the
        # log's height is the room left)
        assert asked == []
        assert "round 2 begins" in str(log.render()).splitlines()[-1]
        players = app.screen.query_one(PlayerTable)
        widths = players.column_widths
        asked.clear()
        await press_all(pilot, ["f", "3", "enter"])
        await pilot.pause()
        assert players.column_widths != widths  # "folded at 10": a wider column
        assert "PlayerTable#players" not in asked  # but no taller: no layout for it


async def test_the_newest_entry_is_in_the_first_frame_when_the_message_line_appears(
    tmp_path, monkeypatch
):
    """The first key shows the message line above the log, which takes a line from it. The
    log chooses its entries when it is painted, at its new size: it is made once, and the
    frame painted right after the key already ends with the new entry."""
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPanel)
        assert app.screen.query_one("#message").has_class("hidden")
        made: list[int] = []
        real_show = LogPanel.show
        monkeypatch.setattr(LogPanel, "show", lambda self, s: made.append(1) or real_show(self, s))
        room = log.content_region.height
        await press_all(pilot, ["n"])
        await pilot.pause()
        assert not app.screen.query_one("#message").has_class("hidden")
        assert log.content_region.height == room - 1
        assert len(made) == 1
        assert "round 1 begins" in str(log.render()).splitlines()[-1]
        # and the lines made for the larger room still fit the smaller one, newest last
        newest = str(log._kept(2, 60)[-1][1])
        assert newest.endswith(str(log.render()).splitlines()[-1])
