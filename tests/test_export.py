"""Exports (csv, md, html, json) and settlement.

The golden files under tests/golden/ were written once from the examples
replayed with a fixed clock in UTC, read by eye, and are now compared
exactly. After a deliberate change of an export, write them again with
``python tests/test_export.py --write-golden`` and review the diff.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.session import Session
from scorekeeper.core.transcript import parse_transcript, replay
from scorekeeper.export.csvfile import cell
from scorekeeper.export.formats import export_text
from scorekeeper.export.markdown import md_escape
from scorekeeper.export.money import format_money
from scorekeeper.export.settlement import (
    EXACT_LIMIT,
    Transfer,
    fewest_transfers,
    greedy_transfers,
    parse_rate,
    settle,
)
from scorekeeper.messages import UserError
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"
O1_SCORES = {"A": 730, "B": -100, "C": -370, "D": -50, "E": -210}

#: (example, format, language) of every golden file.
GOLDEN_CASES = [
    *(
        (name, fmt, "en")
        for name in ("o1", "c1", "c2", "l1")
        for fmt in ("csv", "md", "html", "json")
    ),
    ("o1", "md", "ja"),
    ("o1", "html", "ja"),
]


def fixed_clock(start: str = "2026-11-29T12:00:00+00:00") -> Iterator[datetime]:
    at = datetime.fromisoformat(start)
    while True:
        yield at
        at += timedelta(minutes=1)


def session_from(text: str) -> Session:
    clock = fixed_clock()
    return replay(parse_transcript(text), lambda: next(clock))


def example(name: str) -> Session:
    return session_from((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"))


def render(name: str, fmt: str, lang: str) -> str:
    return export_text(example(name), 1, fmt, lang=lang)


def golden_path(name: str, fmt: str, lang: str) -> Path:
    return GOLDEN / (f"{name}.{fmt}" if lang == "en" else f"{name}.{lang}.{fmt}")


@pytest.fixture
def utc(monkeypatch):
    """Local times in the exports are shown in UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


# -- golden files -----------------------------------------------------------------------
@pytest.mark.parametrize(("name", "fmt", "lang"), GOLDEN_CASES, ids="-".join)
def test_export_matches_the_golden_file(utc, name, fmt, lang):
    expected = golden_path(name, fmt, lang).read_bytes().decode("utf-8")
    assert render(name, fmt, lang) == expected


# -- csv --------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["o1", "c1", "c2", "l1"])
def test_csv_reads_back_and_running_totals_end_at_the_final_scores(utc, name):
    session = example(name)
    raw = export_text(session, 1, "csv", lang="en").encode("utf-8")
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    rows = rows[: rows.index([])] if [] in rows else rows  # a stake timeline follows
    heading, body = rows[0], rows[1:]
    assert heading[:4] == [
        "round",
        "parent" if name[0] == "o" else "dealer",  # lowest-card deals too: a dealer
        "stake" if name[0] != "c" else "pot",
        "result",
    ]
    assert len(body) == len(session.state.results)
    final = body[-1]
    for player, score in session.state.scores.items():
        assert int(final[heading.index(f"{player} total")]) == score
    # each total is the previous total plus the change (no rebuys in the examples)
    for player in session.state.names():
        change, total = heading.index(f"{player} change"), heading.index(f"{player} total")
        before = session.state_before(0).scores[player]
        for row in body:
            before += int(row[change] or 0)
            assert int(row[total]) == before


def test_o1_csv_rows(utc):
    text = render("o1", "csv", "en")
    rounds = text.removeprefix("\ufeff").split("\r\n\r\n")[0]  # the stake timeline follows
    rows = list(csv.DictReader(io.StringIO(rounds, newline="")))
    assert [(r["round"], r["parent"], r["stake"]) for r in rows] == [
        ("1", "A", "20"),
        ("2", "B", "10"),
        ("3", "C", "160"),
        ("4", "D", "10"),
    ]
    assert rows[3]["result"] == "every child folded: D (parent) collects"
    assert {p: int(rows[3][f"{p} total"]) for p in O1_SCORES} == O1_SCORES


def test_csv_keeps_japanese_names_and_headings(utc):
    session = session_from("game indian-official\nplayers 佐藤 鈴木 高橋\nround\nshowdown 鈴木\n")
    raw = export_text(session, 1, "csv", lang="ja").encode("utf-8")
    assert raw[:3] == b"\xef\xbb\xbf"
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[0][:4] == ["ラウンド", "親", "賭け点", "結果"]
    assert "佐藤 累計" in rows[0]
    assert rows[1][1] == "佐藤" and "鈴木" in rows[1][3]


def test_formula_looking_cells_are_neutralised():
    assert cell("=SUM(A1:A9)") == "'=SUM(A1:A9)"
    assert cell("+1") == "'+1" and cell("-1") == "'-1" and cell("@cmd") == "'@cmd"
    assert cell("Ann") == "Ann" and cell("") == ""


def test_csv_names_never_become_formulas(utc):
    session = session_from("game indian-official\nplayers +Ben -Ann Cy\nround\nshowdown -Ann\n")
    text = export_text(session, 1, "csv", lang="en").removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][4:6] == ["'+Ben change", "'+Ben total"]
    assert rows[1][1] == "'+Ben"  # the parent
    assert rows[1][3].startswith("'-Ann won")
    for row in rows:
        for value in row:
            if not value.lstrip("-").isdigit():  # numbers stay numbers
                assert not value.startswith(("=", "+", "-", "@"))


# -- markdown -----------------------------------------------------------------------------
def test_md_escapes_markdown_and_html_in_names(utc):
    session = session_from(
        "game indian-official\nplayers A|B <script *x* \nround\nshowdown <script\n"
    )
    text = export_text(session, 1, "md", lang="en")
    assert "<script" not in text and "&lt;script" in text
    assert "A\\|B" in text and "\\*x\\*" in text
    blocks = [b for b in text.split("\n\n") if b.startswith("|")]
    assert len(blocks) == 2  # standings and rounds
    for block in blocks:  # every row has as many cells as its heading: no pipe leaked
        counts = {line.replace("\\|", "").count("|") for line in block.splitlines()}
        assert len(counts) == 1
    assert md_escape("[a](b)") == "\\[a\\]\\(b\\)"


# -- html -----------------------------------------------------------------------------------
class PageReader(HTMLParser):
    """Tables by id (rows of cell texts), list items, tags, scripts and external references."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: dict[str, list[list[str]]] = {}
        self.items: list[str] = []
        self.tags: set[str] = set()
        self.references: list[str] = []
        self.polylines: dict[str, str] = {}
        self._table: str | None = None
        self._cell: list[str] | None = None
        self._item: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        attributes = dict(attrs)
        for key in ("src", "href", "xlink:href"):
            if key in attributes:
                self.references.append(attributes[key] or "")
        if tag == "table":
            self._table = attributes.get("id") or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "li":
            self._item = []
        elif tag == "polyline":
            self.polylines[attributes["data-player"] or ""] = attributes["points"] or ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self.tables[self._table][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table":
            self._table = None
        elif tag == "li" and self._item is not None:
            self.items.append("".join(self._item))
            self._item = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._item is not None:
            self._item.append(data)


def read_page(text: str) -> PageReader:
    reader = PageReader()
    reader.feed(text)
    reader.close()
    return reader


def test_html_numbers_match_the_session(utc):
    session = example("o1")
    page = read_page(export_text(session, 1, "html", lang="en"))
    standings = page.tables["standings"][1:]
    assert {row[1]: int(row[2]) for row in standings} == O1_SCORES
    assert [row[0] for row in standings] == ["1", "2", "3", "4", "5"]
    heading, *rounds = page.tables["rounds"]
    assert len(rounds) == 4
    for player, score in O1_SCORES.items():
        assert int(rounds[-1][heading.index(f"{player} total")]) == score
        changes = [int(row[heading.index(f"{player} change")]) for row in rounds]
        assert sum(changes) == score
    stakes = [(int(r[2]), r[3]) for r in page.tables["stakes"][1:] if "→" in r[3]]
    history = [(c.round, f"{c.old} → {c.new}") for c in session.state.stake_history]
    assert stakes == history  # no correction: the stake changes in force, and the folds
    assert page.tables["stakes"][2][:2] == ["3", "2026-11-29 12:02:00"]  # local time (UTC)
    assert page.items == ["B pays A 100", "C pays A 370", "D pays A 50", "E pays A 210"]
    assert set(page.polylines) == set(O1_SCORES)
    assert all(len(points.split()) == 5 for points in page.polylines.values())  # rounds 0..4


def test_html_is_self_contained_and_escapes_names(utc):
    session = session_from(
        "game indian-official\nplayers <script A&B Cy\nround\nshowdown <script\n"
    )
    text = export_text(session, 1, "html", lang="en")
    page = read_page(text)
    assert "script" not in page.tags
    assert page.references == []
    assert "<script" not in text and "&lt;script" in text and "A&amp;B" in text
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text
    assert {row[1] for row in page.tables["standings"][1:]} == {"<script", "A&B", "Cy"}


def test_html_of_chips_shows_net_and_no_stake_timeline(utc):
    page = read_page(render("c2", "html", "en"))
    assert "stakes" not in page.tables
    net = {row[1]: int(row[3]) for row in page.tables["standings"][1:]}
    assert net == {"A": 15, "B": -13, "C": -9, "D": 7}


# -- json -------------------------------------------------------------------------------------
def test_json_carries_the_settlement_at_a_rate(utc):
    text = export_text(example("o1"), 1, "json", rate=Decimal("0.5"), lang="en")
    doc = json.loads(text)
    assert doc["settlement"]["rate"] == "0.5"
    assert doc["settlement"]["balances"] == O1_SCORES
    assert doc["settlement"]["transfers"][0] == {
        "from": "B",
        "to": "A",
        "amount": 100,
        "money": "50",
    }
    assert doc["settlement"]["note"] is None


# -- settlement ---------------------------------------------------------------------------------
def apply(balances: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    left = dict(balances)
    for x in transfers:
        assert x.amount > 0 and x.payer != x.payee
        left[x.payer] += x.amount
        left[x.payee] -= x.amount
    return left


def test_o1_settles_in_four_transfers():
    settlement = settle(example("o1"))
    assert dict(settlement.balances) == O1_SCORES
    assert len(settlement.transfers) == 4
    assert set(apply(O1_SCORES, list(settlement.transfers)).values()) == {0}
    assert settlement.lines("en") == ["B pays A 100", "C pays A 370", "D pays A 50", "E pays A 210"]


def greedy_by_order(balances: dict[str, int]) -> list[Transfer]:
    """The first debtor pays the first creditor, in seat order: what one would do by hand."""
    left = dict(balances)
    transfers = []
    while any(left.values()):
        debtor = next(p for p, v in left.items() if v < 0)
        creditor = next(p for p, v in left.items() if v > 0)
        amount = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
    return transfers


def test_a_zero_sum_subgroup_saves_transfers():
    # A and D square each other, B and C square each other: two transfers.
    balances = {"A": 10, "B": 5, "C": -5, "D": -10}
    assert len(greedy_by_order(balances)) == 3
    transfers = fewest_transfers(balances)
    assert transfers == [Transfer("C", "B", 5), Transfer("D", "A", 10)]
    # here even largest-debtor-to-largest-creditor misses the subgroups
    balances = {"A": 8, "B": -2, "C": -7, "D": -8, "E": 9}  # D squares A; B and C pay E
    assert len(greedy_transfers(list(balances.items()))) == 4
    transfers = fewest_transfers(balances)
    assert transfers == [Transfer("B", "E", 2), Transfer("C", "E", 7), Transfer("D", "A", 8)]


def fewest_by_brute_force(balances: list[int]) -> int:
    """n − the most zero-sum blocks over every partition of the non-zero balances."""
    values = [v for v in balances if v]

    def partitions(items: list[int]) -> Iterator[list[list[int]]]:
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for size in range(len(rest) + 1):
            for chosen in itertools.combinations(range(len(rest)), size):
                block = [first, *(rest[i] for i in chosen)]
                others = [rest[i] for i in range(len(rest)) if i not in chosen]
                for tail in partitions(others):
                    yield [block, *tail]

    best = max(sum(1 for _ in p) for p in partitions(values) if all(sum(block) == 0 for block in p))
    return len(values) - best


def balances_strategy(max_players: int) -> st.SearchStrategy[dict[str, int]]:
    def close(values: list[int]) -> dict[str, int]:
        values = [*values, -sum(values)]
        return {f"P{i}": v for i, v in enumerate(values)}

    return st.lists(st.integers(-60, 60), min_size=1, max_size=max_players - 1).map(close)


@settings(max_examples=300, deadline=None)
@given(balances_strategy(EXACT_LIMIT + 4))
def test_transfers_settle_exactly_and_never_exceed_n_minus_one(balances):
    transfers = fewest_transfers(balances)
    assert set(apply(balances, transfers).values()) <= {0}
    assert len(transfers) <= max(len(balances) - 1, 0)
    assert transfers == fewest_transfers(balances)  # deterministic


@settings(max_examples=200, deadline=None)
@given(balances_strategy(7))
def test_transfers_are_minimal_for_small_tables(balances):
    assert len(fewest_transfers(balances)) == fewest_by_brute_force(list(balances.values()))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([-30, -20, -10, 10, 20, 30]), min_size=1, max_size=EXACT_LIMIT - 1))
def test_many_zero_sum_groups_are_found(values):
    balances = {f"P{i}": v for i, v in enumerate([*values, -sum(values)])}
    transfers = fewest_transfers(balances)
    assert set(apply(balances, transfers).values()) <= {0}
    assert len(transfers) <= len(greedy_transfers(list(balances.items())))


def test_chip_balances_count_rebuys_and_joiners():
    text = (
        "game indian-chips\nplayers A B C\noption stack 20\nparent A\n"
        "round\nbet B\nfold C\nfold A\n"  # B takes the antes of A and C
        "rebuy A 10\njoin D\n"
        "round\n"  # dealer B: antes of 1 each
        "bet C\nfold D\nfold A\nfold B\nend\n"
    )
    session = session_from(text)
    assert dict(session.state.brought) == {"A": 30, "B": 20, "C": 20, "D": 20}
    assert dict(session.state.scores) == {"A": 28, "B": 21, "C": 22, "D": 19}
    settlement = settle(session)
    assert settlement.reason is None
    expected = {"A": -2, "B": 1, "C": 2, "D": -1}  # chips now less chips brought
    assert dict(settlement.balances) == expected
    assert set(apply(expected, list(settlement.transfers)).values()) == {0}


def test_lowest_has_no_settlement():
    settlement = settle(example("l1"))
    assert settlement.transfers == ()
    assert settlement.lines("en") == ["This game counts losses only: there is nothing to settle."]


def test_no_settlement_in_the_middle_of_a_round():
    session = session_from("game indian-official\nplayers A B C\nround\nraise\n")
    assert settle(session).lines("en") == ["Round 1 is still in play: settle once it is over."]


@pytest.mark.parametrize(
    ("text", "value"),
    [("10", Decimal(10)), ("0.5", Decimal("0.5")), ("1.25", Decimal("1.25")), (" 3 ", Decimal(3))],
)
def test_rates(text, value):
    assert parse_rate(text) == value


@pytest.mark.parametrize("text", ["0", "-1", "abc", "1.005", "nan", "inf", "1e3", "", "0.00"])
def test_bad_rates_are_refused(text):
    with pytest.raises(UserError):
        parse_rate(text)


def test_amounts_have_at_most_two_decimals_and_thousands_separated():
    assert format_money(120, None, "en") == "120"
    assert format_money(Decimal("60.5"), None, "en") == "60.50"
    assert format_money(Decimal("0.25") * 3, None, "en") == "0.75"
    assert format_money(Decimal("1.50") * 2, None, "en") == "3"
    assert format_money(5200, None, "ja") == "5,200"


# -- the command line ------------------------------------------------------------------------------
def test_settle_command(capsys, home):
    run(capsys, "import", str(EXAMPLES / "o1.txt"))
    code, out, err = run(capsys, "settle", "1")
    assert (code, err) == (0, "")
    assert out.splitlines() == ["B pays A 100", "C pays A 370", "D pays A 50", "E pays A 210"]
    code, out, err = run(capsys, "settle", "1", "--rate", "0.5")
    assert code == 0
    assert out.splitlines() == [
        "at 0.50 per point",
        "B pays A 50",
        "C pays A 185",
        "D pays A 25",
        "E pays A 105",
    ]


@pytest.mark.parametrize("command", [["settle", "1"], ["export", "1", "--format", "md"]])
@pytest.mark.parametrize("rate", ["abc", "-2", "0", "0.125"])
def test_a_bad_rate_is_refused_plainly(capsys, home, command, rate):
    run(capsys, "import", str(EXAMPLES / "o1.txt"))
    code, out, err = run(capsys, *command, "--rate", rate)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "is not a rate" in err


@pytest.mark.parametrize("fmt", ["csv", "md", "html", "json"])
def test_export_command_writes_each_format(capsys, home, tmp_path, fmt):
    run(capsys, "import", str(EXAMPLES / "o1.txt"))
    target = tmp_path / f"out.{fmt}"
    code, out, err = run(capsys, "export", "1", "--format", fmt, "--rate", "10", "-o", str(target))
    assert code == 0 and out == ""
    assert str(target) in err
    raw = target.read_bytes()
    text = raw.decode("utf-8-sig")
    assert raw.startswith(b"\xef\xbb\xbf") == (fmt == "csv")
    if fmt == "csv":
        assert "\r\n" in text and "\r\r" not in text
    elif fmt == "json":
        assert json.loads(text)["settlement"]["transfers"][0]["money"] == "1000"
    else:
        assert "B pays A 1,000" in text
    code, out, err = run(capsys, "export", "1", "--format", fmt, "--rate", "10")
    assert code == 0 and err == ""
    assert out == raw.decode("utf-8")  # standard output gets the same text, BOM included


def test_export_in_japanese(capsys, home):
    run(capsys, "import", str(EXAMPLES / "o1.txt"))
    code, out, _ = run(capsys, "--lang", "ja", "export", "1", "--format", "md")
    assert code == 0
    assert "## 精算" in out and "BがAに100を支払う" in out


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-golden"]:
        sys.exit("usage: python tests/test_export.py --write-golden")
    import os

    os.environ["TZ"] = "UTC"
    time.tzset()
    GOLDEN.mkdir(exist_ok=True)
    for case in GOLDEN_CASES:
        golden_path(*case).write_bytes(render(*case).encode("utf-8"))
        print("wrote", golden_path(*case).relative_to(ROOT))
