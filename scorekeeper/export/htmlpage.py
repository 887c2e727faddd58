"""The html export: one self-contained page to keep or send after the game.

Standings, the round table, the stake timeline (games played for a stake),
an inline SVG chart of each player's score over the rounds, and the
settlement. No scripts and nothing fetched from elsewhere (a content
security policy says so to the browser too); every piece of text goes
through ``html.escape``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.export import report
from scorekeeper.export.settlement import Settlement
from scorekeeper.messages import t

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; }
th { background: #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
svg { max-width: 100%; height: auto; }
tr.gone td { color: #777; }
""".strip()

_CSP = "default-src 'none'; style-src 'unsafe-inline'"

#: Line colours of the chart, one per player in seat order (then again).
PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _row(cells: Sequence[object], numeric: Sequence[bool], tag: str = "td") -> str:
    parts = []
    for value, is_number in zip(cells, numeric, strict=True):
        cls = ' class="n"' if is_number and tag == "td" else ""
        parts.append(f"<{tag}{cls}>{_e(value)}</{tag}>")
    return "<tr>" + "".join(parts) + "</tr>"


def _table(
    ident: str, heading: Sequence[str], numeric: Sequence[bool], rows: list[list[object]]
) -> list[str]:
    lines = [
        f'<table id="{ident}">',
        "<thead>" + _row(heading, numeric, "th") + "</thead>",
        "<tbody>",
    ]
    lines += [_row(cells, numeric) for cells in rows]
    lines += ["</tbody>", "</table>"]
    return lines


def export_html(
    session: Session, sid: int, settlement: Settlement, lang: str, receipt: Receipt | None = None
) -> str:
    game = session.game
    title = report.title(session, sid, lang)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{_e(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_e(_CSP)}">',
        f"<title>{_e(title)}</title>",
        f"<style>\n{_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p id="summary">{_e(report.summary(session, lang))}</p>',
    ]

    out.append(f"<h2>{_e(t('word.standings', lang))}</h2>")
    heading = [t("word.rank", lang), t("word.player", lang)]
    heading.append(report.score_heading(game, lang))
    numeric = [True, False, True]
    if game.uses_chips:
        heading.append(t("word.net", lang))
        numeric.append(True)
    rows: list[list[object]] = []
    for line in report.standings(session):
        cells: list[object] = [line.rank, line.player, line.score]
        if game.uses_chips:
            cells.append(report.signed(line.net))
        rows.append(cells)
    out += _table("standings", heading, numeric, rows)

    out.append(f"<h2>{_e(t('export.rounds', lang))}</h2>")
    round_rows = report.round_rows(session)
    names = report.players(session)
    if not round_rows:
        out.append(f"<p>{_e(t('export.no_rounds', lang))}</p>")
    else:
        heading = [
            t("word.round", lang),
            report.parent_heading(game, lang),
            report.stake_heading(game, lang),
            t("export.col.result", lang),
        ]
        numeric = [True, False, True, False]
        for name in names:
            heading += [
                t("export.col.change", lang, player=name),
                t("export.col.total", lang, player=name),
            ]
            numeric += [True, True]
        rows = []
        for row in round_rows:
            cells = [row.round, row.parent, "" if row.stake is None else row.stake]
            cells.append(report.result_text(row, lang))
            for name in names:
                change = row.changes.get(name)
                cells.append("" if change is None else report.signed(change))
                cells.append(row.totals.get(name, ""))
            rows.append(cells)
        out += _table("rounds", heading, numeric, rows)

    if report.has_stakes(game):
        out.append(f"<h2>{_e(t('export.stake_timeline', lang))}</h2>")
        out += _stake_table(report.stake_rows(session, lang), lang)

    if round_rows:
        out.append(f"<h2>{_e(t('export.chart', lang))}</h2>")
        out += chart_svg(session, round_rows, t("export.chart", lang))

    out.append(f"<h2>{_e(t('export.settlement', lang))}</h2>")
    rate = settlement.rate_text(lang)
    if rate:
        out.append(f'<p id="rate">{_e(rate)}</p>')
    board = settlement.board_lines(lang) if settlement.reason is None else []
    out += [f'<p class="board-returned">{_e(line)}</p>' for line in board]
    if settlement.reason is not None or not settlement.transfers:
        rest = settlement.lines(lang)[len(board) :]
        out += [f'<p id="settlement">{_e(line)}</p>' for line in rest]
    else:
        out.append('<ul id="settlement">')
        out += [f"<li>{_e(line)}</li>" for line in settlement.transfer_lines(lang)]
        out.append("</ul>")
    if receipt is not None:
        out.append(f'<p id="receipt"><code>{_e(report.receipt_text(receipt, lang))}</code></p>')
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _stake_table(rows: list[report.StakeRow], lang: str) -> list[str]:
    """The stake timeline as the app's timeline shows it: each entry at its own time; one
    that no longer counts struck through (``<del>``) with the entry that undid or replaced it."""
    if not rows:
        return [f"<p>{_e(t('export.no_stake_changes', lang))}</p>"]
    heading = [
        t("export.col.seq", lang),
        t("word.time", lang),
        t("word.round", lang),
        t("word.stake", lang),
        t("export.col.what", lang),
    ]
    numeric = [True, False, True, True, False]
    out = ['<table id="stakes">', "<thead>" + _row(heading, numeric, "th") + "</thead>", "<tbody>"]
    for row in rows:
        entry = row.entry
        stake, what = _e(row.stake), _e(row.what)
        if not row.in_force:
            stake, what = (f"<del>{text}</del>" if text else "" for text in (stake, what))
        if row.mark:
            what += f' <span class="mark">{_e(row.mark)}</span>'
        cls = "" if row.in_force else ' class="gone"'
        out.append(
            f'<tr data-seq="{entry.seq}"{cls}><td class="n">{entry.seq}</td>'
            f'<td>{_e(report.local_time(entry.at))}</td><td class="n">{entry.round}</td>'
            f'<td class="n">{stake}</td><td>{what}</td></tr>'
        )
    out += ["</tbody>", "</table>"]
    return out


def chart_svg(session: Session, round_rows: list[report.RoundRow], label: str) -> list[str]:
    """Each player's net result after every round (round 0: before the first) as lines.

    A player who joined later starts at the round before the first one they were known in.
    """
    names = report.players(session)
    known = set(report.initial_players(session))
    series: dict[str, list[tuple[int, int]]] = {name: [] for name in names}
    anted = session.state.anted  # Pochen: a carried board's shares, anted before round 1
    for name in names:
        if name in known:
            series[name].append((0, -anted.get(name, 0)))
    for previous, row in enumerate(round_rows):
        for name, net in row.net.items():
            if not series[name]:
                series[name].append((round_rows[previous - 1].round if previous else 0, 0))
            series[name].append((row.round, net))
    values = [v for points in series.values() for _, v in points] or [0]
    low, high = min(*values, 0), max(*values, 0)
    if low == high:
        high = low + 1
    last = max(row.round for row in round_rows)
    width, height = 720, 320
    left, right, top, bottom = 56, 130, 12, 28
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(round_number: int) -> str:
        return f"{left + plot_w * round_number / max(last, 1):.1f}"

    def y(value: int) -> str:
        return f"{top + plot_h * (high - value) / (high - low):.1f}"

    out = [
        f'<svg id="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" role="img">',
        f"<title>{_e(label)}</title>",
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}"'
        ' fill="#fafafa" stroke="#bbb"/>',
    ]
    if low < 0 < high:
        out.append(
            f'<line x1="{left}" y1="{y(0)}" x2="{left + plot_w}" y2="{y(0)}"'
            ' stroke="#888" stroke-dasharray="4 3"/>'
        )
    for value in sorted({low, 0, high}):
        out.append(
            f'<text x="{left - 6}" y="{y(value)}" text-anchor="end" dominant-baseline="middle"'
            f' font-size="11">{value}</text>'
        )
    step = max(1, -(-last // 12))  # at most about a dozen round labels
    for number in range(0, last + 1, step):
        out.append(
            f'<text x="{x(number)}" y="{height - 8}" text-anchor="middle"'
            f' font-size="11">{number}</text>'
        )
    for index, (name, points) in enumerate(series.items()):
        if not points:
            continue
        colour = PALETTE[index % len(PALETTE)]
        coords = " ".join(f"{x(r)},{y(v)}" for r, v in points)
        out.append(
            f'<polyline data-player="{_e(name)}" fill="none" stroke="{colour}" stroke-width="2"'
            f' points="{coords}"/>'
        )
        legend_y = top + 14 + 16 * index
        out.append(
            f'<text x="{left + plot_w + 10}" y="{legend_y}" fill="{colour}" font-size="12">'
            f"{_e(name)} ({points[-1][1]})</text>"
        )
    out.append("</svg>")
    return out
