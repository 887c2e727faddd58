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
from unicodedata import east_asian_width

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.export import report
from scorekeeper.export.settlement import Settlement
from scorekeeper.messages import t

_STYLE = """
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.4;
  color: #1a1a1a; background: #fff; margin: 1em auto; max-width: 60em; padding: 0 1em;
  overflow-wrap: break-word; }
h1 { font-size: 1.5em; }
h2 { font-size: 1.25em; margin-top: 1.5em; }
.wide { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.6em; overflow-wrap: normal; }
th { background: #eee; white-space: nowrap; }
#rounds td:nth-child(4), #stakes td:nth-child(5) { min-width: 12em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.between td { font-style: italic; }
#settlement li, #settlement p { font-size: 1.125em; }
#receipt code { font-size: 14px; overflow-wrap: anywhere; }
svg { display: block; width: 100%; max-width: 32em; height: auto; }
svg text { fill: #1a1a1a; }
tr.gone td { color: #595959; }
""".strip()

_CSP = "default-src 'none'; style-src 'unsafe-inline'"

#: Line colours of the chart, one per player in seat order (then again); each at least
#: 4.5:1 against the white page, as its label at the line's end is written in it.
PALETTE = (
    "#0b5394",
    "#b3261e",
    "#1e6b1e",
    "#a14a00",
    "#6a3d9a",
    "#7a4a2b",
    "#ad1a72",
    "#4d4d4d",
    "#6b6b00",
    "#00707a",
)

#: Dash patterns of the lines, so that they differ by more than their colour.
DASHES = ("", "7 4", "2 3", "9 3 2 3", "4 4", "1 2", "12 4", "6 2 2 2 2 2")


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _row(cells: Sequence[object], numeric: Sequence[bool], tag: str = "td") -> str:
    parts = []
    for value, is_number in zip(cells, numeric, strict=True):
        cls = ' class="n"' if is_number and tag == "td" else ""
        parts.append(f"<{tag}{cls}>{_e(value)}</{tag}>")
    return "<tr>" + "".join(parts) + "</tr>"


def _table(
    ident: str,
    heading: Sequence[str],
    numeric: Sequence[bool],
    rows: list[list[object]],
    classes: Sequence[str] = (),
) -> list[str]:
    """A table in a box of its own that scrolls sideways on a narrow screen (the page
    never does); *classes* name a row's class, by row, where it has one."""
    lines = [
        f'<div class="wide"><table id="{ident}">',
        "<thead>" + _row(heading, numeric, "th") + "</thead>",
        "<tbody>",
    ]
    for index, cells in enumerate(rows):
        row = _row(cells, numeric)
        cls = classes[index] if index < len(classes) else ""
        lines.append(row.replace("<tr>", f'<tr class="{cls}">', 1) if cls else row)
    lines += ["</tbody>", "</table></div>"]
    return lines


def export_html(
    session: Session, sid: int, settlement: Settlement, lang: str, receipt: Receipt | None = None
) -> str:
    """The page, read on a phone as on a desk: who pays whom first, then the standings,
    the chart, the round table and the stake timeline."""
    title = report.title(session, sid, lang)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{_e(lang)}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{_e(_CSP)}">',
        f"<title>{_e(title)}</title>",
        f"<style>\n{_STYLE}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{_e(title)}</h1>",
        f'<p id="summary">{_e(report.summary(session, lang))}</p>',
    ]
    out += _settlement(settlement, lang)
    out += _standings(session, lang)
    sheet = report.sheet_rows(session, lang)
    round_rows = [row for row in sheet if isinstance(row, report.RoundRow)]
    if round_rows:
        out.append(f'<section id="chart-section"><h2>{_e(t("export.chart", lang))}</h2>')
        out += chart_svg(session, sheet, t("export.chart", lang), t("export.chart_end", lang))
        out.append("</section>")
    out += _rounds(session, sheet, lang)
    if report.has_stakes(session.game):
        out.append(f'<section id="stakes-section"><h2>{_e(t("export.stake_timeline", lang))}</h2>')
        out += _stake_table(report.stake_rows(session, lang), lang)
        out.append("</section>")
    if receipt is not None:
        out.append(f'<p id="receipt"><code>{_e(report.receipt_text(receipt, lang))}</code></p>')
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _settlement(settlement: Settlement, lang: str) -> list[str]:
    """Who pays whom (at the rate, if there is one), Pochen's board given back before it."""
    out = [f'<section id="settlement-section"><h2>{_e(t("export.settlement", lang))}</h2>']
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
    out.append("</section>")
    return out


def _standings(session: Session, lang: str) -> list[str]:
    game = session.game
    out = [f'<section id="standings-section"><h2>{_e(t("word.standings", lang))}</h2>']
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
    out.append("</section>")
    return out


def _rounds(session: Session, sheet: list[report.SheetRow], lang: str) -> list[str]:
    """Each round, and between them each rebuy or joiner's stack and at the end the board
    given back, with its words: each total is the one before plus the change."""
    game = session.game
    out = [f'<section id="rounds-section"><h2>{_e(t("export.rounds", lang))}</h2>']
    if not sheet:
        out += [f"<p>{_e(t('export.no_rounds', lang))}</p>", "</section>"]
        return out
    heading = [
        t("word.round", lang),
        report.parent_heading(game, lang),
        report.stake_heading(game, lang),
        t("export.col.result", lang),
    ]
    numeric = [True, False, True, False]
    names = report.players(session)
    for name in names:
        heading += [
            t("export.col.change", lang, player=name),
            t("export.col.total", lang, player=name),
        ]
        numeric += [True, True]
    rows: list[list[object]] = []
    classes: list[str] = []
    for row in sheet:
        cells: list[object]
        if isinstance(row, report.RoundRow):
            cells = [row.round, row.parent, "" if row.stake is None else row.stake]
            cells.append(report.result_text(row, lang))
            classes.append("")
        else:
            cells = ["", "", "", row.how]
            classes.append("between")
        for name in names:
            change = row.changes.get(name)
            cells.append("" if change is None else report.signed(change))
            cells.append(row.totals.get(name, ""))
        rows.append(cells)
    out += _table("rounds", heading, numeric, rows, classes)
    out.append("</section>")
    return out


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
    out = [
        '<div class="wide"><table id="stakes">',
        "<thead>" + _row(heading, numeric, "th") + "</thead>",
        "<tbody>",
    ]
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
    out += ["</tbody>", "</table></div>"]
    return out


#: Sizes of the chart in its own units, which a phone 390 px wide draws about one to one
#: (the page's text stays at least 12 px: tests/test_browser_export.py).
_FONT = 14
_LABEL_GAP = 17  # the least distance between two labels at the lines' ends


def _label_width(text: str) -> float:
    """About how wide *text* is drawn at the chart's font size (East Asian wide letters
    take a whole em)."""
    return sum(_FONT if east_asian_width(ch) in "WF" else _FONT * 0.62 for ch in text)


def _short(name: str, most: int = 12) -> str:
    """A name for a label at a line's end: at most *most* letters (the tables say it whole)."""
    return name if len(name) <= most else name[: most - 1] + "…"


def _spread(wanted: list[float], low: float, high: float) -> list[float]:
    """Heights for labels wanted at *wanted* (sorted), at least _LABEL_GAP apart, within
    [low, high] where they fit: pushed down from the top, then up from the bottom."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, low, placed[-1] + _LABEL_GAP if placed else low))
    for index in range(len(placed) - 1, -1, -1):
        ceiling = high if index == len(placed) - 1 else placed[index + 1] - _LABEL_GAP
        placed[index] = min(placed[index], ceiling)
    return placed


def chart_svg(
    session: Session, sheet: list[report.SheetRow], label: str, end_label: str
) -> list[str]:
    """Each player's net result after every round (round 0: before the first) as lines,
    each told apart by its dashes and a label at its end with the player's name and net.

    A player who joined later starts at the round before the first one they were known in.
    Pochen's board given back at the end is one more step (*end_label*), so that each
    line ends at the standings' net.
    """
    round_rows = [row for row in sheet if isinstance(row, report.RoundRow)]
    board = next((row for row in sheet if isinstance(row, report.BoardRow)), None)
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
    last = max(row.round for row in round_rows)
    if board is not None:  # the board given back: the last step, ending at the standings
        for name, points in series.items():
            if points:
                points.append((last + 1, points[-1][1] + board.changes.get(name, 0)))
    steps = last + (1 if board is not None else 0)
    values = [v for points in series.values() for _, v in points] or [0]
    low, high = min(*values, 0), max(*values, 0)
    if low == high:
        high = low + 1
    ends = {
        name: f"{_short(name)} {report.signed(points[-1][1])}"
        for name, points in series.items()
        if points
    }
    label_w = max((_label_width(text) for text in ends.values()), default=0)
    left = 8 + max(_label_width(str(value)) for value in (low, high))
    top, bottom = 10, 34
    plot_w = max(150.0, 300 - label_w)
    plot_h = max(170, _LABEL_GAP * len(ends) + 10)
    width = round(left + plot_w + 12 + label_w + 4)
    height = top + plot_h + bottom

    def x(step: int) -> float:
        return left + plot_w * step / max(steps, 1)

    def y(value: int) -> float:
        return top + plot_h * (high - value) / (high - low)

    out = [
        f'<svg id="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" role="img" aria-label="{_e(label)}">',
        f"<title>{_e(label)}</title>",
        f'<rect x="{left:.1f}" y="{top}" width="{plot_w:.1f}" height="{plot_h}"'
        ' fill="none" stroke="#bbb"/>',
    ]
    if low < 0 < high:
        out.append(
            f'<line x1="{left:.1f}" y1="{y(0):.1f}" x2="{left + plot_w:.1f}" y2="{y(0):.1f}"'
            ' stroke="#888" stroke-dasharray="4 3"/>'
        )
    shown: list[float] = []  # the lowest and highest values, then 0 if it has room
    for value in dict.fromkeys((low, high, 0)):
        if all(abs(y(value) - other) >= _LABEL_GAP for other in shown):
            shown.append(y(value))
            out.append(
                f'<text x="{left - 4:.1f}" y="{y(value):.1f}" text-anchor="end"'
                f' dominant-baseline="middle" font-size="{_FONT}">{value}</text>'
            )
    step = max(1, -(-last // 6))  # at most about six round labels
    ticks = [(number, str(number)) for number in range(0, last + 1, step)]
    if board is not None:  # the step of the board given back, and no round label under it
        room = _label_width(end_label) + _label_width(str(last)) / 2 + 4
        ticks = [(n, text) for n, text in ticks if x(steps) - x(n) >= room]
        ticks.append((steps, end_label))
    for number, text in ticks:
        anchor = "end" if number == steps and steps else "middle"
        out.append(
            f'<text x="{x(number):.1f}" y="{height - 8}" text-anchor="{anchor}"'
            f' font-size="{_FONT}">{_e(text)}</text>'
        )
    order = sorted(ends, key=lambda name: y(series[name][-1][1]))
    heights = _spread([y(series[name][-1][1]) for name in order], top + 6, top + plot_h - 2)
    placed = dict(zip(order, heights, strict=True))
    for index, (name, points) in enumerate(series.items()):
        if not points:
            continue
        colour = PALETTE[index % len(PALETTE)]
        dashes = DASHES[index % len(DASHES)]
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        coords = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in points)
        values_text = " ".join(str(v) for _, v in points)
        out.append(
            f'<polyline data-player="{_e(name)}" data-net="{values_text}" fill="none"'
            f' stroke="{colour}" stroke-width="2.5"{dash} points="{coords}"/>'
        )
        end_x, end_y = x(points[-1][0]), y(points[-1][1])
        out.append(
            f'<line x1="{end_x:.1f}" y1="{end_y:.1f}" x2="{end_x + 8:.1f}" y2="{placed[name]:.1f}"'
            f' stroke="{colour}"/>'
        )
        out.append(
            f'<text class="end-label" data-player="{_e(name)}" x="{end_x + 10:.1f}"'
            f' y="{placed[name]:.1f}" dominant-baseline="middle" style="fill: {colour}"'
            f' font-size="{_FONT}">{_e(ends[name])}</text>'
        )
    out.append("</svg>")
    return out
