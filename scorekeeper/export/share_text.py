"""The result as plain text for a chat app: what the app copies (its final standings and
its settle-up) and what the phones' page shares, word for word the same."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.export.ended import Ended, ended
from scorekeeper.export.settlement import Together
from scorekeeper.messages import t


def share_text(session: Session, lang: str, receipt: Receipt | None = None) -> str:
    """The title (game, date), the standings with Pochen's board given back, who pays
    whom, the receipt: one short message, one line each."""
    return ended_text(ended(session, lang, receipt), lang)


def ended_text(end: Ended, lang: str) -> str:
    """:func:`share_text` from the end already said (the phones' page has it)."""
    lines = [end.title, "", end.heading]
    lines += [
        t("export.share.standing", lang, rank=x.rank, name=x.name, result=x.text)
        for x in end.standings
    ]
    lines += end.board  # what the standings hold of the board given back (Pochen)
    lines += ["", end.pay_title]
    if end.rate:
        lines.append(end.rate)
    lines += [x.text for x in end.pays]
    lines += end.notes
    if end.receipt:
        lines += ["", end.receipt]
    return "\n".join(lines)


def season_text(sids: Sequence[int], together: Together, lang: str) -> str:
    """Several sessions settled together: which ones, why they are settled apart if they
    are, each player's total over them, who pays whom (in money where every session has
    a rate)."""
    lines = together.opening(sids, lang)
    for part_sids, settled in together.parts:
        lines.append("")
        lines += together.part_heading(part_sids, settled, lang)
        lines += [
            t("settle.total", lang, name=name, amount=settled.total_text(amount, lang))
            for name, amount in settled.balances.items()
        ]
        lines += ["", t("timeline.settlement", lang)]
        lines += together.rates_line(settled, lang)
        lines += settled.transfer_lines(lang)
        if not settled.transfers:
            lines.append(t("export.all_square", lang))
    return "\n".join(lines)
