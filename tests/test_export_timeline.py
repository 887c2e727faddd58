"""The stake timeline of every export and of the phones' page after a correction (issue 35,
point 2): each stake change at the moment the stake went up, marked when a correction
replaced it, and the correction as itself, at its own time; never the correction's time
given to a raise, never out of time order. Example O1 of rules.md §1, a fifth round with a
raise, then round 3 corrected as docs/disputes.md corrects it (E had the ace).
"""

from __future__ import annotations

import csv
import io
import json
import time

import pytest

from scorekeeper.core.timeline import select, stake_timeline, timeline
from scorekeeper.export.formats import export_text
from scorekeeper.export.live import live_view
from tests.test_export import EXAMPLES, read_page, session_from
from tests.test_views_agree import unescape_md

#: O1, a fifth round (parent E) with a raise, and the correction of round 3 after it.
TEXT = (EXAMPLES / "o1.txt").read_text(encoding="utf-8") + (
    "\nround\nraise\nshowdown E\n"
    'correct 3 "E had the ace" raise raise raise raise "fold D" "showdown E"\n'
)

CORRECTED = (
    "stake 10 → 20; stake 20 → 40; stake 40 → 80; stake 80 → 160; D folded at 160;"
    " showdown at 160: E wins"
)

#: The entries of the stake timeline: (number, time, round, stake, what it did). The
#: clock gives each entry the next minute from 12:00 (UTC); the correction is entry 23.
ROWS = [
    (2, "12:01", 1, "at 10", "B folded at 10"),
    (3, "12:02", 1, "10 → 20", "stake 10 → 20"),
    (4, "12:03", 1, "at 20", "C folded at 20"),
    (9, "12:08", 3, "10 → 20", "stake 10 → 20"),
    (10, "12:09", 3, "20 → 40", "stake 20 → 40"),
    (11, "12:10", 3, "40 → 80", "stake 40 → 80"),
    (12, "12:11", 3, "80 → 160", "stake 80 → 160"),
    (13, "12:12", 3, "at 160", "D folded at 160"),
    (16, "12:15", 4, "at 10", "E folded at 10"),
    (17, "12:16", 4, "at 10", "A folded at 10"),
    (18, "12:17", 4, "at 10", "B folded at 10"),
    (19, "12:18", 4, "at 10", "C folded at 10"),
    (21, "12:20", 5, "10 → 20", "stake 10 → 20"),
    (23, "12:22", 3, "", "round 3 corrected (E had the ace): " + CORRECTED),
]
REPLACED = {9, 10, 11, 12, 13}  # round 3 as first recorded
MARK = "(replaced by correction #23)"


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def session(utc):
    return session_from(TEXT)


def test_the_correction_gives_the_docs_standings(session):
    # docs/disputes.md: E 750, D -50, B -100, A -230, C -370 after round 4; round 5 (parent
    # E, stake 20, E wins) then adds 4 x 40 to E's points
    assert dict(session.state.scores) == {"A": -270, "B": -140, "C": -410, "D": -90, "E": 910}


def test_the_core_stake_timeline_is_the_apps_stake_filter(session):
    entries = stake_timeline(session)
    assert entries == select(timeline(session), stake=True)
    assert [e.seq for e in entries] == [row[0] for row in ROWS]
    assert [e.local_time()[:5] for e in entries] == [row[1] for row in ROWS]
    assert {e.seq for e in entries if e.superseded_by == 23} == REPLACED
    assert stake_timeline(session, 3) == entries[-3:]
    assert stake_timeline(session, 40) == entries  # fewer than asked for: all of them


def test_the_latest_rows_of_a_long_session_are_its_last_rows(utc):
    # 100 rounds of O1's round 1, an undo of a raise, then a round: read from the end only
    text = (EXAMPLES / "o1.txt").read_text(encoding="utf-8")
    head, first = text.split("round               # 1, parent A")[0], "round\nfold B\nraise\n"
    session = session_from(head + "round\nshowdown B\n" * 100 + first + "undo\nfold C\n")
    full = stake_timeline(session)
    assert full == select(timeline(session), stake=True)
    for latest in (1, 2, 40):
        assert stake_timeline(session, latest) == full[-latest:]
    assert [e.kind for e in full] == ["fold", "raise", "undo", "fold"]


def _in_time_order(times: list[str]) -> None:
    assert times == sorted(times)


def test_html_lists_each_raise_at_its_own_time(session):
    page = read_page(export_text(session, 1, "html", lang="en"))
    heading, *rows = page.tables["stakes"]
    assert heading == ["#", "time", "round", "stake", "what happened"]
    assert [int(r[0]) for r in rows] == [row[0] for row in ROWS]
    assert [r[1] for r in rows] == [f"2026-11-29 {row[1]}:00" for row in ROWS]
    _in_time_order([r[1] for r in rows])
    assert [(int(r[2]), r[3]) for r in rows] == [(row[2], row[3]) for row in ROWS]
    for r, row in zip(rows, ROWS, strict=True):
        assert r[4] == (f"{row[4]} {MARK}" if row[0] in REPLACED else row[4])
    text = export_text(session, 1, "html", lang="en")
    assert '<tr data-seq="9" class="gone">' in text and "<del>stake 10 → 20</del>" in text


def test_markdown_has_the_same_stake_timeline(session):
    text = export_text(session, 1, "md", lang="en")
    section = text.split("## Stake timeline\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert section[0] == "| # | time | round | stake | what happened |"
    rows = [[unescape_md(c.strip()) for c in line.strip("|").split(" | ")] for line in section[2:]]
    assert [int(r[0]) for r in rows] == [row[0] for row in ROWS]
    _in_time_order([r[1] for r in rows])
    assert rows[3] == ["9", "2026-11-29 12:08:00", "3", "~~10 → 20~~", f"~~stake 10 → 20~~ {MARK}"]
    assert rows[-1][1] == "2026-11-29 12:22:00" and rows[-1][4].startswith("round 3 corrected")


def test_csv_has_the_stake_timeline_after_the_rounds(session):
    text = export_text(session, 1, "csv", lang="en").removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows[: rows.index([])]) == 1 + 5  # heading and the five rounds, as before
    title, heading, *stakes = rows[rows.index([]) + 1 :]
    assert title == ["Stake timeline"]
    assert heading == ["#", "time", "round", "stake", "what happened", "undone or replaced"]
    assert [(int(r[0]), r[1][11:16], int(r[2]), r[3]) for r in stakes] == [row[:4] for row in ROWS]
    assert [r[5] for r in stakes] == [MARK if row[0] in REPLACED else "" for row in ROWS]


def test_json_has_the_stake_timeline(session):
    doc = json.loads(export_text(session, 1, "json", lang="en"))
    rows = doc["stake_timeline"]
    assert [r["n"] for r in rows] == [row[0] for row in ROWS]
    assert [r["at"][11:16] for r in rows] == [row[1] for row in ROWS]
    assert [r["superseded_by"] for r in rows] == [23 if r["n"] in REPLACED else None for r in rows]
    assert rows[-1]["corrects"] == 3 and rows[-1]["kind"] == "correct"
    assert (rows[3]["from"], rows[3]["to"]) == (10, 20)


#: The keys an entry has in every view, with the same meaning (export/timeline_doc.py).
SHARED = ("n", "seq", "at", "time", "recorder", "round", "kind", "text", "voided_by",
          "superseded_by", "corrects", "from", "to", "player", "stake", "committed",
          "voids")  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_timeline_entry_has_one_shape_in_every_view(session, lang):
    """``timeline --json --stake``, the JSON export's stake_timeline, the page's stake
    rows (sent with the table and read as stakes.json) give each entry the same keys with
    the same values: ``stake`` the number a player folded at (never words, never
    ``at_stake``), ``text`` the entry in words, ``stake_text`` the stake in words."""
    from scorekeeper.cli.timeline import entry_doc
    from scorekeeper.export.live_stakes import stake_page
    from scorekeeper.messages import set_language

    set_language(lang)
    try:
        listed = [entry_doc(e, lang) for e in select(timeline(session), stake=True)]
    finally:
        set_language("en")
    exported = json.loads(export_text(session, 1, "json", lang=lang))["stake_timeline"]
    sent = live_view(session, 1, lang)["stakes"][::-1]
    asked = stake_page(stake_timeline(session), session.state.round, lang)["rows"][::-1]
    assert [d["n"] for d in listed] == [row[0] for row in ROWS]

    def shared(doc):
        return {key: doc[key] for key in SHARED if key in doc}

    assert [shared(d) for d in exported] == [shared(d) for d in listed]
    assert [shared(d) for d in asked] == [shared(d) for d in listed]
    assert [shared(d) for d in sent] == [shared(d) for d in listed][-len(sent) :]
    assert [d["stake_text"] for d in asked] == [d["stake_text"] for d in exported]
    folds = [d for d in exported if d["kind"] == "fold"]
    assert folds and all(isinstance(d["stake"], int) for d in folds)
    assert not any("at_stake" in d or "what" in d for d in exported + asked + sent)
    if lang == "en":
        assert [d["stake_text"] for d in exported] == [row[3] for row in ROWS]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_phones_page_has_the_same_rows(session, lang):
    page = live_view(session, 1, lang)
    rows = page["stakes"][::-1]  # newest first on the page
    assert [r["seq"] for r in rows] == [row[0] for row in ROWS]
    assert [r["time"][:5] for r in rows] == [row[1] for row in ROWS]
    assert [r["struck"] for r in rows] == [row[0] in REPLACED for row in ROWS]
    if lang == "en":
        assert [r["stake_text"] for r in rows] == [row[3] for row in ROWS]
        assert [r["mark"] for r in rows] == [MARK if row[0] in REPLACED else "" for row in ROWS]


def test_japanese_exports_say_it_in_japanese(session):
    text = export_text(session, 1, "md", lang="ja")
    assert "## 賭け点の推移" in text and "\\(\\#23の訂正で置き換え\\)" in text
    assert "replaced" not in text and "what happened" not in text


def test_the_page_reads_no_further_back_than_a_long_sessions_snapshot_state():
    # a page started at the snapshot's state holds at least STATE_LAG entries: what it
    # shows (entries, stake changes) must come from those, as a whole fold's would
    from scorekeeper.export import live
    from scorekeeper.storage import snapshot

    assert live.LATEST_ENTRIES <= live.STAKE_ENTRIES <= snapshot.STATE_LAG


def test_the_page_reads_stake_changes_from_its_latest_entries_only(session, monkeypatch):
    from scorekeeper.export import live

    monkeypatch.setattr(live, "STAKE_ENTRIES", 4)  # entries 20-23: round 5 and the correction
    assert [r["seq"] for r in live_view(session, 1, "en")["stakes"]] == [23, 21]
    assert [e.seq for e in stake_timeline(session, 40, 4)] == [21, 23]


@pytest.mark.parametrize("name", ["c1", "c2", "l1", "p1"])
def test_games_without_a_stake_have_no_stake_timeline(utc, name):
    session = session_from((EXAMPLES / f"{name}.txt").read_text(encoding="utf-8"))
    assert stake_timeline(session) == []
    assert live_view(session, 1, "en")["stakes"] is None
    assert json.loads(export_text(session, 1, "json", lang="en"))["stake_timeline"] == []
    assert "stakes" not in read_page(export_text(session, 1, "html", lang="en")).tables
    assert "Stake timeline" not in export_text(session, 1, "md", lang="en")
    assert "Stake timeline" not in export_text(session, 1, "csv", lang="en")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Pochen — round 1, in play (36 on the board), dealer A"),
        ("ja", "ポッヘン — ラウンド1進行中(盤上36)、ディーラーはA"),
    ],
)
def test_show_says_pochens_chips_on_the_board(lang, line):
    # P1 of rules.md §4: four players, stack 50, antes into nine pools: 36 on the board
    from scorekeeper import messages
    from scorekeeper.cli.transcripts import standings_text

    session = session_from("game pochen\nplayers A B C D\noption stack 50\nround\n")
    messages.set_language(lang)
    assert standings_text(session).splitlines()[0] == line
