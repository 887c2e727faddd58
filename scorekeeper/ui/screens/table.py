"""The table screen: what the recorder has open during play (one subclass per game).

Every entry is on disk before the screen shows it. The screen is built in layers, one
module each: its keys (table_actions.py); its layout, legality and views (table_base.py);
correcting a past round (table_correcting.py); the entries and their dialogs
(table_entries.py); the players' proposals (table_proposals.py); and here the command
palette and ``TableScreen``, the class every game's screen subclasses.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from textual.app import SystemCommand
from textual.binding import Binding

from scorekeeper.messages import t
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.screens.table_proposals import ProposalsTable


class TableScreen(ProposalsTable):
    """What every game's table screen shares: players, result, log, and the common entries.

    A game's screen lists its own keys in GAME_ACTIONS and draws its own panel
    (the stake, the pots, the tally) in ``game_panel``.
    """

    SHARED_BASE = True

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The legal actions by name, for the command palette (ctrl+p)."""
        standings = TableAction("standings", "t", "")
        for entry in [*self.ACTIONS.values(), standings]:
            if self.check_action(entry.name, ()):
                keys = self.app.get_key_display(Binding(entry.key, entry.name))  # $ for dollar_sign
                label = t("ui.palette.key", keys=keys, label=t(entry.label_key))
                callback = partial(self.run_action, entry.name)
                yield SystemCommand(t(entry.help_key), label, callback)
        if self.recording.read_only:  # the stored session's own views: not from a shown one
            return
        for action, key, name in (("timeline", "i", "open"), ("export", "ctrl+e", "export")):
            label = t("ui.palette.key", keys=key, label=t(f"timeline.key.{name}"))
            yield SystemCommand(t(f"timeline.help.{name}"), label, partial(self.run_action, action))
        show_page = getattr(self.app, "show_table_page", None)
        if callable(show_page):  # the recorder's app, not a display
            page = partial(show_page, self.recording.id)
            yield SystemCommand(t("web.app.palette"), t("web.app.palette_help"), page)
        from_phone = getattr(self.app, "record_from_phone", None)
        if callable(from_phone):  # the recorder's link: this app records every tap
            phone = partial(from_phone, self.recording.id, self.state.recorder)
            yield SystemCommand(t("phone.app.palette"), t("phone.app.palette_help"), phone)
        if self.check_action("correct_round", ()):
            label = t("ui.palette.key", keys="ctrl+r", label=t("ui.key.correct"))
            callback = partial(self.run_action, "correct_round")
            yield SystemCommand(t("ui.help.correct"), label, callback)
