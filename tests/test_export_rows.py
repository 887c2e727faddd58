"""The rows of the exports that list rounds (csv, md, html, json) end where the standings
do (issue 43, point 5): the pot column says the pot the result's words name, a rebuy
(and a joiner's stack) is a row of its own saying so, and Pochen's board given back is
the last row and the chart's last point.
"""

from __future__ import annotations

import csv
import io
import json
import re

from scorekeeper.core.session import Session
from scorekeeper.core.transcript import parse_transcript, replay
from scorekeeper.export import report
from scorekeeper.export.formats import export_text

#: Everyone else folds to D's raise: the 4 chips of it nobody matched go back to D, so
#: D takes the pot of 12 (rules.md §2: chips nobody matched are no pot), not 16.
UNMATCHED = """game indian-chips
players A B C D
option stack 20
round
check B
bet C
raise D
fold A
fold B
fold C
"""


def session_from(text: str) -> Session:
    return replay(parse_transcript(text))


def csv_rows(session: Session, lang: str = "en") -> list[dict[str, str]]:
    text = export_text(session, 1, "csv", lang=lang).removeprefix("\ufeff")
    return list(csv.DictReader(io.StringIO(text.split("\r\n\r\n")[0], newline="")))


def test_the_pot_column_is_the_pot_the_words_name_when_raised_chips_go_back():
    session = session_from(UNMATCHED)
    (row,) = csv_rows(session)
    assert row["result"] == "everyone else folded: D takes the pot of 12"
    assert row["pot"] == "12"
    (kept,) = report.round_rows(session)
    assert kept.stake == 12
    md = export_text(session, 1, "md", lang="en")
    assert "| 1 | A | 12 | everyone else folded: D takes the pot of 12 |" in md


#: A goes all-in and loses everything (−4, 0 chips), buys 20, and E joins with 20 before
#: round 2: both are rows of their own, so A's total goes 0 → 20 → 23 with a word why.
REBUY = """game indian-chips
players A B C
option stack 20
stacks A=4
round
bet B
call C
call A
showdown B > C > A
rebuy A 20
join E
round
check C
check E
check A
check B
showdown A > B = C = E
"""


def test_a_rebuy_and_a_joiners_stack_are_rows_of_their_own_in_the_csv():
    rows = csv_rows(session_from(REBUY))
    cells = [(r["round"], r["result"], r["A change"], r["A total"], r["E change"], r["E total"])
             for r in rows]  # fmt: skip
    assert cells == [
        ("1", "B won the main pot of 12 at the showdown; side pot: 2 → B", "-4", "0", "", ""),
        ("", "A buys 20 more chips", "20", "20", "", ""),
        ("", "E joins the table between C and A", "", "20", "20", "20"),
        ("2", "A won the pot of 4 at the showdown", "3", "23", "-1", "19"),
    ]
    totals_follow_changes(rows, ["A", "B", "C", "E"])


def totals_follow_changes(rows: list[dict[str, str]], names: list[str]) -> None:
    """Each total is the one before plus the change: no row jumps."""
    for name in names:
        before: int | None = None
        for row in rows:
            if row[f"{name} total"] == "":
                continue
            total, change = int(row[f"{name} total"]), int(row[f"{name} change"] or 0)
            if before is not None:
                assert total == before + change, (name, row)
            before = total


def test_a_rebuy_is_a_row_of_its_own_in_md_html_and_json():
    session = session_from(REBUY)
    md = export_text(session, 1, "md", lang="en")
    assert "|  |  |  | A buys 20 more chips | +20 (20) | (29) | (15) |  |" in md
    md_ja = export_text(session, 1, "md", lang="ja")
    assert "| Aがチップを20枚買い足し | +20 (20) |" in md_ja
    html = export_text(session, 1, "html", lang="en")
    assert (
        '<tr class="between"><td class="n"></td><td></td><td class="n"></td>'
        '<td>A buys 20 more chips</td><td class="n">+20</td><td class="n">20</td>'
    ) in html
    rows = json.loads(export_text(session, 1, "json", lang="en"))["rows"]
    assert [(r["kind"], r["round"], r["text"]) for r in rows] == [
        ("round", 1, "B won the main pot of 12 at the showdown; side pot: 2 → B"),
        ("rebuy", None, "A buys 20 more chips"),
        ("join", None, "E joins the table between C and A"),
        ("round", 2, "A won the pot of 4 at the showdown"),
    ]
    assert rows[1]["changes"] == {"A": 20} and rows[1]["totals"] == {"A": 20, "B": 29, "C": 15}
    assert rows[0]["pot"] == 14 and rows[0]["stake"] is None
    assert rows[-1]["totals"] == dict(session.state.scores)


def test_an_undone_rebuy_is_no_row():
    session = session_from(REBUY.replace("rebuy A 20\n", "rebuy A 20\nundo\nrebuy A 15\n"))
    rows = csv_rows(session)
    assert [r["result"] for r in rows if not r["round"]] == [
        "A buys 15 more chips",
        "E joins the table between C and A",
    ]


#: Deal 1 of P1 (rules.md §4), then ``end``: the 12 chips left on the board go back, 3
#: each, so the standings are A −6, B +2, C +3, D +1, where the deal left A −9, B −1, C 0,
#: D −2.
POCHEN_ENDED = """game pochen
players A B C D
option stack 50
round
turned 8D
claim B ace
claim C king queen marriage
pass B
bet C 3
call D
fold A
fold B
show C=KD,KS D=9C,9D,9S
out B
end
"""


def test_the_pochen_chart_and_its_labels_end_at_the_standings():
    session = session_from(POCHEN_ENDED)
    html = export_text(session, 1, "html", lang="en")
    chart = html[html.index('<svg id="chart"') : html.index("</svg>")]
    net = {"A": -6, "B": 2, "C": 3, "D": 1}
    for player, value in net.items():
        line = re.search(rf'<polyline data-player="{player}" data-net="([^"]+)"', chart)
        assert line is not None
        assert int(line.group(1).split()[-1]) == value
        label = re.search(rf'class="end-label" data-player="{player}"[^>]*>([^<]+)<', chart)
        assert label is not None
        assert label.group(1) == f"{player} {value:+d}"
    assert ">end</text>" in chart  # the step of the board given back, after deal 1
    ja = export_text(session, 1, "html", lang="ja")
    assert ">終了</text>" in ja


def test_md_and_html_round_tables_end_with_the_board_given_back():
    session = session_from(POCHEN_ENDED)
    md = export_text(session, 1, "md", lang="en")
    assert "| 1 | A | B went out first; Poch: D | -9 (41) | -1 (49) | 0 (50) | -2 (48) |" in md
    assert "equal shares \\(odd chips" in md
    assert md.count("| +3 (44) | +3 (52) | +3 (53) | +3 (51) |") == 1
    html = export_text(session, 1, "html", lang="en")
    rounds = html[
        html.index('<table id="rounds">') : html.index("</table>", html.index('id="rounds"'))
    ]
    assert rounds.count('<tr class="between">') == 1
    assert '<td class="n">+3</td><td class="n">44</td>' in rounds


def test_a_pochen_rebuy_is_a_row_between_the_deal_and_the_board_given_back():
    session = session_from(POCHEN_ENDED.replace("end\n", "rebuy A 10\nend\n"))
    rows = csv_rows(session)
    assert [(r["round"], r["result"][:20], r["A change"], r["A total"]) for r in rows] == [
        ("1", "B went out first; Po", "-9", "41"),
        ("", "A buys 10 more chips", "10", "51"),
        ("", "At the end the 12 ch", "3", "54"),
    ]
    totals_follow_changes(rows, ["A", "B", "C", "D"])
    assert {name: int(rows[-1][f"{name} total"]) for name in "ABCD"} == dict(session.state.scores)
