"""The footers' keys are styled once, as they are mounted (ui/widgets/footer.py)."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from scorekeeper.ui.app import ScorekeeperApp
from tests.ui_support import PLAYERS, fixed_clock, new_store, press_all


async def test_no_footer_key_is_styled_again_after_it_is_mounted(tmp_path, monkeypatch):
    """Textual's key starts compact and takes the footer's compactness once mounted: its
    class changed twice and the key styled again each time (a tenth of the app's start).
    Here: never, on the start screen (not compact) nor at the table (compact), while each
    key looks as Textual's own footer makes it (the palette's key compact, the rest as
    the footer)."""
    restyled: list[str] = []
    real = FooterKey.update_node_styles

    def update_node_styles(self, animate=True):
        restyled.append(self.key_display)
        return real(self, animate)

    monkeypatch.setattr(FooterKey, "update_node_styles", update_node_styles)
    app = ScorekeeperApp(new_store(tmp_path, PLAYERS), clock=fixed_clock())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause(0.2)
        keys = list(app.screen.query(FooterKey))
        assert keys and restyled == []
        assert [k.compact for k in keys] == [k.has_class("-command-palette") for k in keys]
        assert all(k.compact == k.has_class("-compact") for k in keys)
        await press_all(pilot, ["enter"])  # the table of session 1: a compact footer
        await pilot.pause(0.2)
        keys = list(app.screen.query(FooterKey))
        assert keys and restyled == [] and all(k.compact and k.has_class("-compact") for k in keys)
