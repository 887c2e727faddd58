"""The md export: title, standings, round table and settlement, as Markdown.

Names and other recorded text are escaped: Markdown punctuation gets a
backslash, ``<``, ``>`` and ``&`` become entities, so a name never turns into
a link, a table column or HTML.
"""

from __future__ import annotations

from collections.abc import Mapping

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.export import report
from scorekeeper.export.settlement import Settlement, Transfer
from scorekeeper.messages import t

_SPECIALS = frozenset("\\`*_{}[]()#+-.!|~$")
_ENTITIES = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}


def md_escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ENTITIES:
            out.append(_ENTITIES[ch])
        elif ch in _SPECIALS:
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def _table(heading: list[str], align: str, rows: list[list[str]]) -> list[str]:
    """A pipe table; *align* has one letter per column, ``l`` or ``r``."""
    rule = ["---:" if a == "r" else "---" for a in align]
    return ["| " + " | ".join(cells) + " |" for cells in [heading, rule, *rows]]


def export_md(
    session: Session, sid: int, settlement: Settlement, lang: str, receipt: Receipt | None = None
) -> str:
    game = session.game
    lines = [f"# {report.title(session, sid, lang)}", ""]
    lines += [report.summary(session, lang), ""]

    lines += [f"## {t('word.standings', lang)}", ""]
    heading = [t("word.rank", lang), t("word.player", lang)]
    heading.append(report.score_heading(game, lang))
    chips = game.uses_chips
    if chips:
        heading.append(t("word.net", lang))
    rows = []
    for line in report.standings(session):
        cells = [str(line.rank), md_escape(line.player), str(line.score)]
        if chips:
            cells.append(report.signed(line.net))
        rows.append(cells)
    lines += [*_table(heading, "rlr" + ("r" if chips else ""), rows), ""]

    lines += [f"## {t('export.rounds', lang)}", ""]
    sheet = report.sheet_rows(session, lang)  # rounds, rebuys, the board given back
    if not sheet:
        lines += [t("export.no_rounds", lang), ""]
    else:
        names = report.players(session)
        show_stake = any(isinstance(r, report.RoundRow) and r.stake is not None for r in sheet)
        heading = [t("word.round", lang), report.parent_heading(game, lang)]
        align = "rl"
        if show_stake:
            heading.append(report.stake_heading(game, lang))
            align += "r"
        heading.append(t("export.col.result", lang))
        heading += [md_escape(name) for name in names]
        align += "l" + "r" * len(names)
        rows = []
        for row in sheet:
            if isinstance(row, report.RoundRow):
                cells = [str(row.round), md_escape(row.parent)]
                stake = "" if row.stake is None else str(row.stake)
                words = report.result_text(row, lang, md_escape)
            else:  # not a round: no number, its words
                cells, stake, words = ["", ""], "", md_escape(row.how)
            cells += [stake, words] if show_stake else [words]
            for name in names:
                cells.append(_change_and_total(row.changes, row.totals, name))
            rows.append(cells)
        lines += [*_table(heading, align, rows), ""]

    if report.has_stakes(game):
        lines += [f"## {t('export.stake_timeline', lang)}", ""]
        lines += [*_stake_table(report.stake_rows(session, lang), lang), ""]

    lines += [f"## {t('export.settlement', lang)}", ""]
    rate = settlement.rate_text(lang)
    if rate:
        lines += [rate, ""]
    if settlement.reason is not None:
        lines += settlement.lines(lang)
    else:
        board = settlement.board_lines(lang, md_escape)  # Pochen: the board given back
        lines += [*board, ""] if board else []
        if not settlement.transfers:
            lines.append(t("export.all_square", lang))
        lines += [f"- {_transfer_text(settlement, x, lang)}" for x in settlement.transfers]
    if receipt is not None:
        lines += ["", report.receipt_text(receipt, lang)]
    return "\n".join(lines) + "\n"


def _stake_table(rows: list[report.StakeRow], lang: str) -> list[str]:
    """The stake timeline as the app's timeline shows it: each entry at its own time; one
    that no longer counts struck through, with the entry that undid or replaced it."""
    if not rows:
        return [t("export.no_stake_changes", lang)]
    heading = [
        t("export.col.seq", lang),
        t("word.time", lang),
        t("word.round", lang),
        t("word.stake", lang),
        t("export.col.what", lang),
    ]
    cells = []
    for row in rows:
        stake, what = md_escape(row.stake), md_escape(row.what)
        if not row.in_force:
            stake, what = (f"~~{text}~~" if text else "" for text in (stake, what))
        if row.mark:
            what += " " + md_escape(row.mark)
        entry = row.entry
        cells.append([str(entry.seq), report.local_time(entry.at), str(entry.round), stake, what])
    return _table(heading, "rlrrl", cells)


def _change_and_total(changes: Mapping[str, int], totals: Mapping[str, int], name: str) -> str:
    if name not in totals:
        return ""
    total = str(totals[name])
    if name not in changes:
        return f"({total})"
    return f"{report.signed(changes[name])} ({total})"


def _transfer_text(settlement: Settlement, transfer: Transfer, lang: str) -> str:
    return t(
        "export.pays",
        lang,
        payer=md_escape(transfer.payer),
        payee=md_escape(transfer.payee),
        amount=settlement.money(transfer, lang),
    )
