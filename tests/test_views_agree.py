"""Every view of a session tells the same story, after any mix of entries.

Hypothesis builds sessions of all four games from legal and illegal entries,
undo, corrections of finished rounds, join/leave/rebuy, recorder changes and
notes in any Unicode (tests/session_gen.py). For each one, every view renders
without an exception (the five exports in both languages, settle, show,
state JSON, the timeline with each filter and at each moment, stats) and the
views agree: the ranking of state JSON's net is the standings order and the
order of the exports' standings; the exports' net columns and settle's
balances are the net; net sums to zero (points) or to minus the chips on the
table (chip games), and to zero once a session has ended (Pochen's board goes back);
between rounds the net is the sum of the round results in force; transcript and
JSON exports import back to the same state.

The app's screens get the same treatment in test_views_agree_ui.py.
``SCOREKEEPER_VIEW_EXAMPLES`` sets the number of sessions per game (CI keeps
it small; tests/run_long_properties.sh runs thousands).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from datetime import datetime
from html import unescape as html_unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.timeline import entry_doc, entry_line, marks
from scorekeeper.cli.timeline import run as timeline_command
from scorekeeper.cli.transcripts import standings_text
from scorekeeper.core.json_import import read_json_export
from scorekeeper.core.session import Session
from scorekeeper.core.standings import net_history, settled_net, standings
from scorekeeper.core.state import State
from scorekeeper.core.state_json import state_json
from scorekeeper.core.stats import combine, session_stats
from scorekeeper.core.timeline import index_at, select, session_until, state_after, timeline
from scorekeeper.core.transcript import parse_transcript, replay
from scorekeeper.export.formats import FORMATS, export_text
from scorekeeper.export.live import LATEST_ENTRIES, LATEST_STAKES, STAKE_ENTRIES, live_view
from scorekeeper.export.report import local_time
from scorekeeper.export.settlement import settle
from scorekeeper.ui.screens.timeline import stake_cell
from tests.session_gen import GAMES, build_session

EXAMPLES = int(os.environ.get("SCOREKEEPER_VIEW_EXAMPLES", "30"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def chips_on_table(session: Session) -> int:
    state = session.state
    view = session.game.round_view(state)
    return sum((state.board or {}).values()) + (view.pot if view is not None else 0)


class _Tables(HTMLParser):
    """The cells of each <table id=…> of an HTML export."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._table: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._table = dict(attrs).get("id") or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._table is not None and self._cell is not None:
            self.tables[self._table][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table":
            self._table = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def md_standings(text: str) -> list[list[str]]:
    """The rows of the first pipe table (the standings) of a Markdown export."""
    rows = []
    lines = iter(text.splitlines())
    for line in lines:
        if line.startswith("| "):
            next(lines)  # the alignment row
            for row in lines:
                if not row.startswith("| "):
                    break
                rows.append([cell.strip() for cell in row.strip("|").split(" | ")])
            break
    return rows


def unescape_md(text: str) -> str:
    text = re.sub(r"\\(.)", r"\1", text)
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def cli_output(command: Callable[..., int], *args: Any, **kwargs: Any) -> str:
    """What a command prints (the command line's own functions, not a copy of them)."""
    out = io.StringIO()
    with redirect_stdout(out):
        assert command(*args, **kwargs) == 0
    return out.getvalue()


def moments(session: Session) -> Iterator[int]:
    """A few entry indexes to look at the table as it was: first, middle, last."""
    count = len(session.events)
    yield from sorted({0, count // 2, count - 1}) if count else ()


def check_every_view(session: Session) -> None:
    state, game = session.state, session.game
    doc = state_json(session)
    net = doc["net"]
    names = list(state.names())

    # -- net: the one number of every ranking --------------------------------------
    assert set(net) == set(names)
    if game.uses_chips:
        assert sum(net.values()) == -chips_on_table(session)
        if state.finished:  # an ended session settles to zero: Pochen's board went back
            assert chips_on_table(session) == 0
            assert sum(net.values()) == 0
            assert sum(state.scores.values()) == sum(state.brought.values())
            assert settle(session).reason is None
    elif game.lower_is_better:
        assert net == {p: -state.scores[p] for p in names}
    else:
        assert sum(net.values()) == 0
    history = net_history(game, state)
    if not state.in_round:
        assert {p: series[-1] for p, series in history.items()} == net
    for result in state.results:  # each result in numbers adds up
        if result.paid or result.received:
            for player, delta in result.deltas.items():
                change = result.received.get(player, 0) - result.paid.get(player, 0)
                assert change == delta, (result, player)
        assert set(result.winners) <= set(result.deltas)

    # In a round the standings are those after the last finished round (issue 35): one
    # answer, settled_net, for the standings, the exports' tables and the page
    ranked = settled_net(game, state) if state.in_round else net
    order = [row.player for row in standings(state)]
    assert [ranked[p] for p in order] == sorted(ranked.values(), reverse=True)
    shown = standings_text(session).splitlines()[
        1 : 1 + len(order)
    ]  # then the board, if given back
    assert [line.split()[1] for line in shown] == order  # generated names hold no space

    # -- settlement -----------------------------------------------------------------
    settlement = settle(session)
    owed = dict(settlement.balances)
    if not game.lower_is_better:
        if settlement.rounded:  # money at a rate not whole in the currency's unit
            assert settlement.rate is not None and sum(owed.values()) == 0
            for p in names:  # each balance the net's money, rounded to one unit
                exact = net[p] * settlement.rate
                assert abs(settlement.value(owed[p]) - exact) < settlement.step, (p, exact)
        else:
            assert owed == net
        if settlement.reason is None:
            paid = dict.fromkeys(names, 0)
            for transfer in settlement.transfers:
                paid[transfer.payer] -= transfer.amount
                paid[transfer.payee] += transfer.amount
            assert {p: -v for p, v in paid.items()} == {p: -owed[p] for p in names}

    # -- exports: every format, both languages; standings in the same order ------------
    texts = {(fmt, lang): export_text(session, 1, fmt, lang=lang) for fmt in FORMATS
             for lang in ("en", "ja")}  # fmt: skip
    md_rows = md_standings(texts[("md", "en")])
    assert [unescape_md(row[1]) for row in md_rows] == order
    if game.uses_chips:
        assert [row[3] for row in md_rows] == [signed(ranked[p]) for p in order]
    parser = _Tables()
    parser.feed(texts[("html", "en")])
    html_rows = parser.tables["standings"][1:]
    assert [row[1] for row in html_rows] == order
    if game.uses_chips:
        assert [row[3] for row in html_rows] == [signed(ranked[p]) for p in order]
    rows = list(csv.reader(io.StringIO(texts[("csv", "en")].lstrip("\ufeff"))))
    rows = rows[: rows.index([])] if [] in rows else rows  # the stake timeline follows
    board = game.board_returned(state)  # Pochen's board given back: one row after the deals
    voided = session.voided()
    brought = [  # each rebuy, and each joiner who brought chips: a row of its own
        e for i, e in enumerate(session.events)
        if e.kind in ("rebuy", "join") and e.seq not in voided
        and brings(session.state_before(i), state_after(session, i))
    ]  # fmt: skip
    assert len(rows) == 1 + len(state.results) + len(brought) + (1 if board else 0)
    assert len([row for row in rows[1:] if row[0]]) == len(state.results)
    if board:
        assert rows[-1][:3] == ["", "", ""]
        rows = rows[:-1]
    rounds_only = [rows[0]] + [row for row in rows[1:] if row[0]]
    if state.results:
        last = state.results[-1]
        for name in names:
            heading = rounds_only[0]
            column = heading.index(f"{name} total") if f"{name} total" in heading else None
            if column is not None and name in last.scores:
                assert rounds_only[-1][column] == str(last.scores[name])
    exported = json.loads(texts[("json", "en")])
    assert exported["state"] == doc
    in_json = settlement.exact if settlement.rounded else int  # money: exact decimal strings
    assert exported["settlement"]["balances"] == {p: in_json(b) for p, b in owed.items()}

    check_stake_timelines(session, texts)
    check_rows_and_chart(session, texts, ranked)

    # -- the exports read back to the same state -------------------------------------
    again = replay(parse_transcript(texts[("transcript", "en")]))
    assert state_json(again) == doc
    assert state_json(read_json_export(texts[("json", "en")])) == doc

    # -- timeline: every filter, every moment; replaced and undone entries marked ----------
    entries = timeline(session)
    assert [e.seq for e in entries] == [e.seq for e in session.events]
    superseded, voided = session.superseded(), session.voided()
    for entry in entries:
        assert entry.superseded_by == superseded.get(entry.seq)
        assert entry.voided_by == voided.get(entry.seq)
        line = entry_line(entry)
        record = entry_doc(entry)
        assert record["n"] == entry.seq and record["text"]
        assert record["superseded_by"] == superseded.get(entry.seq)
        if entry.superseded_by is not None:
            assert f"#{entry.superseded_by}" in line
    assert len(select(entries, stake=True)) <= len(entries)
    for number in range(1, state.round + 1):
        kept = select(entries, round=number)
        assert all(e.round == number for e in kept)
    for name in names:
        select(entries, player=name)
    for index in moments(session):
        then = session_until(session, index)
        assert index_at(session, session.events[index].at) >= index
        standings_text(then)
        at = session.events[index].at.isoformat()
        shown_then = json.loads(cli_output(timeline_command, session, at=at))
        assert (
            shown_then["after"]["n"]
            == session.events[index_at(session, session.events[index].at)].seq
        )
        assert (
            shown_then["net"]
            == state_json(session_until(session, index_at(session, session.events[index].at)))[
                "net"
            ]
        )
    # the CLI's own output, every filter, as lines and as JSON
    for options in [{}, {"stake": True}, *({"round": n} for n in range(1, state.round + 1)),
                    *({"player": name} for name in names)]:  # fmt: skip
        cli_output(timeline_command, session, **options)
        listed = json.loads(cli_output(timeline_command, session, as_json=True, **options))
        assert all(item["superseded_by"] == superseded.get(item["n"]) for item in listed)

    # -- the phones' page: the same numbers, entries and marks as every other view ---------
    shown_seqs = [e.seq for e in session.events][::-1][:LATEST_ENTRIES]
    app_stakes = select(timeline(session), stake=True) if game.has_stake else []
    floor = len(session.events) - STAKE_ENTRIES  # the page reads its latest entries only
    latest_stakes = [e for e in app_stakes if e.index >= floor][::-1][:LATEST_STAKES]
    for lang in ("en", "ja"):
        page = json.loads(json.dumps(live_view(session, 1, lang)))
        assert page["headline"]["value"] == game.headline(state).value
        assert [row["name"] for row in page["standings"]] == order
        assert {row["name"]: row["net"] for row in page["players"]} == net
        assert [row["name"] for row in page["players"]] == names
        assert [e["seq"] for e in page["entries"]] == shown_seqs
        struck = {e["seq"] for e in page["entries"] if e["struck"]}
        assert struck == {seq for seq in shown_seqs if seq in voided or seq in superseded}
        if not game.has_stake:
            assert page["stakes"] is None
        else:  # the app's timeline with its stake filter, the latest first
            assert [
                (s["seq"], s["time"], s["round"], s.get("from"), s.get("to"), s["struck"])
                for s in page["stakes"]
            ] == [
                (e.seq, e.local_time(), e.round, e.stake_from, e.stake_to, not e.in_force)
                for e in latest_stakes
            ]
        if state.board is not None:
            chips = sum(cell["chips"] for row in page["board"]["rows"] for cell in row)
            assert chips == sum(state.board.values())
            assert page["headline"]["value"] == chips  # the chips on the board, never "0 pot"
        if lang == "en":  # nothing to call: what the player may do, never "0 to call"
            assert "(0 to call)" not in page["status"]
        if page["score_is_net"]:  # one column on the page: the points are the net
            assert net == dict(state.scores)
        if page["pots"]:
            view = game.round_view(state)
            assert view is not None
            amounts = [int(line.split(":")[0].split()[-1]) for line in page["pots"]]
            assert sum(amounts) == view.pot

    # -- stats: the numbers of the rounds in force ----------------------------------------
    stats = session_stats(session)
    json.dumps(stats)
    totals = combine([stats])
    if not state.in_round:
        for row in totals.players:
            assert row.net == net[row.player]
    won = {p: sum(p in r.winners for r in state.results) for p in names}
    for row in totals.players:
        assert row.won == won[row.player]


_POT = re.compile(r"pot of (\d+)")
_SIDE = re.compile(r"(\d+) → ")


def brings(before: State, after: State) -> bool:
    """Whether chips were brought to the table between the two states (a rebuy, a joiner's
    stack: never a joiner of a points game, who starts at 0)."""
    return any(after.brought.get(n, 0) != before.brought.get(n, 0) for n in after.names())


def check_rows_and_chart(
    session: Session, texts: dict[tuple[str, str], str], ranked: dict[str, int]
) -> None:
    """Every export that lists rounds (csv, md, html, json) ends where the standings do, and
    no total jumps without a row saying why (a rebuy, a joiner's stack, the board given
    back); the pot column says the pot the words name; the html chart's lines and their
    labels end at the standings' net (issue 43, point 5)."""
    state = session.state
    start = session.state_before(0).scores if session.events else state.scores
    names = list(state.names())
    rows = list(csv.reader(io.StringIO(texts[("csv", "en")].lstrip("\ufeff"))))
    rows = rows[: rows.index([])] if [] in rows else rows
    heading, body = rows[0], rows[1:]
    csv_cells = [
        {
            name: (row[heading.index(f"{name} change")], row[heading.index(f"{name} total")])
            for name in names
        }
        for row in body
    ]
    md = texts[("md", "en")]
    md_rows = md.split("## Rounds\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    md_heading = [unescape_md(c.strip()) for c in md_rows[0].strip("|").split(" | ")]
    md_cells = []
    for line in md_rows[2:] if md_rows[0].startswith("|") else []:
        cells = [c.strip() for c in line[2:-2].split(" | ")]
        each = {}
        for name in names:
            cell = cells[md_heading.index(name)]
            change, _, total = cell.rpartition(" ")
            each[name] = (change, total.strip("()"))
        md_cells.append(each)
    parser = _Tables()
    parser.feed(texts[("html", "en")])
    html = parser.tables.get("rounds", [[]])
    html_cells = [
        {
            name: (row[html[0].index(f"{name} change")], row[html[0].index(f"{name} total")])
            for name in names
        }
        for row in html[1:]
    ]
    exported = json.loads(texts[("json", "en")])["rows"]
    json_cells = [
        {
            name: (str(row["changes"].get(name, "")), str(row["totals"].get(name, "")))
            for name in names
        }
        for row in exported
    ]
    for fmt, table in (("csv", csv_cells), ("md", md_cells), ("html", html_cells),
                       ("json", json_cells)):  # fmt: skip
        assert len(table) == len(csv_cells), fmt
        for name in names:
            before = start.get(name, 0)
            for number, row in enumerate(table):
                change, total = row[name]
                if total == "":
                    continue
                assert int(total) == before + int(change or 0), (fmt, name, number, row)
                before = int(total)
            if not state.in_round and any(row[name][1] for row in table):
                assert before == state.scores[name], (fmt, name)  # the standings' chips

    # the pot column is the pot the words name: the main pot and each side pot
    pot_column = heading.index("pot") if "pot" in heading else None
    for row in body if pot_column is not None else []:
        if row[0] and row[pot_column]:
            text = row[3]
            named = [int(n) for n in _POT.findall(text)] + [int(n) for n in _SIDE.findall(text)]
            assert named and int(row[pot_column]) == sum(named), row

    # the chart: each line and its label end at the standings' net
    chart = texts[("html", "en")]
    lines = dict(re.findall(r'<polyline data-player="([^"]*)" data-net="([^"]*)"', chart))
    labels = dict(re.findall(r'class="end-label" data-player="([^"]*)"[^>]*>([^<]*)<', chart))
    played = {name for result in state.results for name in result.scores}
    if state.results:
        assert set(lines) == set(labels) == played
    for name, values in lines.items():
        name = html_unescape(name)
        assert int(values.split()[-1]) == ranked[name], (name, values)
    for name, text in labels.items():
        name = html_unescape(name)
        assert html_unescape(text) == f"{name} {signed(ranked[name])}"


def app_stake_rows(session: Session) -> list[tuple[int, str, int, str, str]]:
    """The app's timeline with its stake filter (ui/screens/timeline.py), as the exports
    lay it out: number, local time, round, the stake cell, marks (undone or replaced)."""
    if not session.game.has_stake:
        return []
    rows = []
    for entry in select(timeline(session), stake=True):
        stake = stake_cell(entry).plain
        rows.append((entry.seq, local_time(entry.at), entry.round, stake, marks(entry).strip()))
    return rows


def check_stake_timelines(session: Session, texts: dict[tuple[str, str], str]) -> None:
    """Every export's stake timeline is the app's: each entry at its own time (a replaced
    stake change too), a correction at its own, in the order they were made."""
    expected = app_stake_rows(session)
    times = [row[1] for row in expected]
    assert times == sorted(times)  # in time order: no raise at a correction's time
    parser = _Tables()
    parser.feed(texts[("html", "en")])
    html = [(int(r[0]), r[1], int(r[2]), r[3], r[4]) for r in parser.tables.get("stakes", [[]])[1:]]
    assert [(n, at, rnd, stake) for n, at, rnd, stake, _ in html] == [r[:4] for r in expected]
    for (*_, what), row in zip(html, expected, strict=True):
        assert what.endswith(row[4])
    md = texts[("md", "en")]
    if session.game.has_stake:
        section = md.split("## Stake timeline\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
        section = section[2:] if expected else []
        cells = [[unescape_md(c.strip()) for c in line.strip("|").split(" | ")] for line in section]
        shown = [(int(c[0]), c[1], int(c[2]), c[3].strip("~")) for c in cells]
        assert shown == [r[:4] for r in expected]
    else:
        assert "## Stake timeline" not in md
    rows = list(csv.reader(io.StringIO(texts[("csv", "en")].lstrip("\ufeff"))))
    table = rows[rows.index([]) + 3 :] if [] in rows else []
    assert [(int(r[0]), r[1], int(r[2]), r[3], r[5]) for r in table] == expected
    exported = json.loads(texts[("json", "en")])["stake_timeline"]
    assert [(r["n"], local_time(datetime.fromisoformat(r["at"])), r["round"], r["stake_text"])
            for r in exported] == [r[:4] for r in expected]  # fmt: skip


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_every_view_agrees(game, data):
    check_every_view(build_session(data, game))
