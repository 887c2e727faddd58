"""The players' proposals over the app's table (issue 46): the first waiting, the keys that
answer it, how many more wait; or that proposals confirm themselves (the session's switch).
Hidden when there is nothing to say, so a table without phones looks as it always did."""

from __future__ import annotations

from textual.widgets import Static

from scorekeeper.messages import t
from scorekeeper.services.app_proposals import Pending


def proposals_text(waiting: list[Pending], auto: bool) -> str:
    """The line: "Ben: fold · Enter confirm · X refuse  +2 more", and the switch when on."""
    parts: list[str] = []
    if waiting:
        first = t("ui.proposals.first", label=waiting[0].label)
        more = len(waiting) - 1
        parts.append(first + ("  " + t("ui.proposals.more", count=more) if more else ""))
    if auto:
        parts.append(t("ui.proposals.auto"))
    return "\n".join(parts)


class ProposalsBar(Static):
    """One or two lines on top of the table: what waits for the recorder's answer."""

    def show(self, waiting: list[Pending], auto: bool) -> None:
        text = proposals_text(waiting, auto)
        self.update(text)
        self.set_class(not text, "hidden")
        self.set_class(bool(waiting), "waiting")
