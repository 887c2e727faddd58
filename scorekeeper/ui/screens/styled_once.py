"""Screens whose widgets are styled once as they are shown, not twice."""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Textual styles every widget of a screen as it is mounted, then all of them again
    when the screen is first shown (its ScreenResume), in case the styles changed while
    it was away; a screen just made was never away. The first time, this handler (which
    Textual calls before the Screen's own) says so; later returns still restyle. A theme
    changed meanwhile is still applied: Textual restyles every screen for it.

    Put it before ``Screen`` (or ``ModalScreen``) among the bases."""

    _resumed_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
        elif not self.restyle_on_return():
            event.refresh_styles = False

    def restyle_on_return(self) -> bool:
        """Whether a later return styles the screen again (a screen kept away may say no)."""
        return True
