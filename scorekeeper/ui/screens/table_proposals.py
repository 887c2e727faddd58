"""The table screen's layer for the players' proposals (issue 46): the line over the table
with the first proposal waiting (ui/widgets/proposals.py), Enter to confirm it and X to
refuse it (each key the next one, in the order they came), and w for the session's switch
``proposals auto|ask``, an entry like any other (undo takes it back), offered while the
phones' page runs (or the switch is on, to turn it off).

The queue is the page server's (services/table_page.py reads its ``PROPOSALS`` lines, the
app keeps it in a ProposalDesk); a confirm goes to the page, which hands the proposal back
as a tap, recorded here as every tap is (EntryTable.phone_tap), with who proposed it.
"""

from __future__ import annotations

from scorekeeper.core.events import Entry
from scorekeeper.messages import t
from scorekeeper.services.app_proposals import Pending, ProposalDesk
from scorekeeper.services.table_page import TablePage, TablePages
from scorekeeper.ui.screens.table_entries import EntryTable
from scorekeeper.ui.widgets.proposals import ProposalsBar

#: The keys that answer the first proposal waiting (table_actions.py binds them).
ANSWERS = frozenset({"confirm_proposal", "refuse_proposal"})


class ProposalsTable(EntryTable):
    """A recording table that shows and answers the players' proposals."""

    SHARED_BASE = True

    def refresh_view(self) -> None:
        super().refresh_view()
        self.show_proposals()

    def show_proposals(self) -> None:
        """The line over the table, as the queue and the switch are now."""
        bars = self.query(ProposalsBar)
        if bars:
            auto = self.state.auto_confirm and not self.recording.read_only
            bars.first().show(self._waiting(), auto)
        self.refresh_bindings()

    def _desk(self) -> ProposalDesk | None:
        desk = getattr(self.app, "proposals", None)
        return desk if isinstance(desk, ProposalDesk) else None

    def _page(self) -> TablePage | None:
        """The phones' page, when it runs and shows this table's session."""
        pages = getattr(self.app, "table_pages", None)
        return pages.running(self.recording.id) if isinstance(pages, TablePages) else None

    def _waiting(self) -> list[Pending]:
        """The proposals waiting at this table: none where it only shows, or corrects."""
        desk = self._desk()
        if desk is None or self.recording.read_only or self._correcting() is not None:
            return []
        return desk.waiting(self.recording.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ANSWERS:  # Enter keeps any other meaning while nothing waits
            return bool(self._waiting())
        legal = super().check_action(action, parameters)
        if action == "proposals" and legal:  # in the footer where the phones are
            return self.state.auto_confirm or self._page() is not None
        return legal

    def action_explain(self, action: str) -> None:
        if action == "proposals" and super().check_action(action, ()):
            self.say(t("ui.proposals.no_phones"), error=True)  # legal, but no phone proposes
            return
        super().action_explain(action)

    def action_proposals(self) -> None:
        """The session's switch: proposals confirm themselves, or wait for the recorder."""
        self.record(Entry("proposals", {"auto": not self.state.auto_confirm}))

    def action_confirm_proposal(self) -> None:
        self._answer(confirm=True)

    def action_refuse_proposal(self) -> None:
        self._answer(confirm=False)

    def _answer(self, *, confirm: bool) -> None:
        """Confirm or refuse the first proposal waiting; the next key is for the next."""
        waiting, desk, page = self._waiting(), self._desk(), self._page()
        if not waiting or desk is None:
            return
        first = waiting[0]
        said = page is not None and (page.confirm(first.id) if confirm else page.refuse(first.id))
        if not said:
            self.say(t("ui.proposals.no_page"), error=True)
            return
        desk.answered(first.id)
        words = "ui.proposals.confirming" if confirm else "ui.proposals.refused"
        self.say(t(words, label=first.label))
        self.show_proposals()
