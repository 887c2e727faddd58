"""The rows of the exports that list rounds (csv, md, html, json) end where the standings
do (issue 43, point 5): the pot column says the pot the result's words name, a rebuy
(and a joiner's stack) is a row of its own saying so, and Pochen's board given back is
the last row and the chart's last point.
"""

from __future__ import annotations

import csv
import io
import json

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
