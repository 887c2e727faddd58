"""The csv export: one row per round (and per rebuy, joiner's stack and the board given
back, each with its words), opened by a spreadsheet as it is; in a game
played for a stake, the stake timeline follows as a table of its own after an empty row.

UTF-8 with a byte-order mark, so a spreadsheet reads Japanese names right;
any text cell that starts like a formula (``= + - @``, tab, carriage return)
gets a leading ``'`` so it is shown as text and never run.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence

from scorekeeper.core.session import Session
from scorekeeper.export import report
from scorekeeper.messages import t

BOM = "\ufeff"
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """Text as a spreadsheet will show it, never as a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def _player_cells(
    names: Sequence[str], changes: Mapping[str, int], totals: Mapping[str, int]
) -> list[str | int]:
    """Each player's change and total after it, in the heading's order."""
    return [value for name in names for value in (changes.get(name, ""), totals.get(name, ""))]


def export_csv(session: Session, lang: str) -> str:
    game = session.game
    names = report.players(session)
    heading = [
        t("word.round", lang),
        report.parent_heading(game, lang),
        report.stake_heading(game, lang),
        t("export.col.result", lang),
    ]
    for name in names:
        heading.append(t("export.col.change", lang, player=name))
        heading.append(t("export.col.total", lang, player=name))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([cell(text) for text in heading])
    for row in report.sheet_rows(session, lang):
        if isinstance(row, report.RoundRow):
            line: list[str | int] = [
                row.round,
                cell(row.parent),
                "" if row.stake is None else row.stake,
                cell(report.result_text(row, lang)),
            ]
        else:  # a rebuy, a joiner's stack, the board given back: no round, its words
            line = ["", "", "", cell(row.how)]
        writer.writerow(line + _player_cells(names, row.changes, row.totals))
    if report.has_stakes(game):  # the stake timeline: a table of its own, after an empty row
        writer.writerow([])
        writer.writerow([cell(t("export.stake_timeline", lang))])
        writer.writerow(
            [
                cell(text)
                for text in (
                    t("export.col.seq", lang),
                    t("word.time", lang),
                    t("word.round", lang),
                    t("word.stake", lang),
                    t("export.col.what", lang),
                    t("export.col.mark", lang),
                )
            ]
        )
        for stake in report.stake_rows(session, lang):
            entry = stake.entry
            writer.writerow(
                [
                    entry.seq,
                    report.local_time(entry.at),
                    entry.round,
                    cell(stake.stake),
                    cell(stake.what),
                    cell(stake.mark),
                ]
            )
    return BOM + out.getvalue()
