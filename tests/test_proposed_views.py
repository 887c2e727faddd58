"""Every view that lists entries says who proposed one from their phone and who confirmed
it, each with their time (issue 46): the timeline (app, CLI, --json), the JSON export, the
page's entry lines and the transcript; the transcript and the JSON export read back the
same."""

from __future__ import annotations

import json
import time

from scorekeeper.core.timeline import timeline
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.export.live import live_view
from scorekeeper.ui.screens.timeline import what_cell
from tests.cli_support import run

#: A round of the official game: Ben proposed his fold at 21:04:05 Tokyo time, Aki (the
#: recorder) confirmed it at 21:04:09; the raise is Aki's own.
TRANSCRIPT = """game indian-official
players Aki Ben Cleo
recorder Aki
@2026-12-06T21:03:00+09:00 round
@2026-12-06T21:04:09+09:00 proposed=Ben@2026-12-06T21:04:05+09:00 fold Ben
@2026-12-06T21:05:00+09:00 raise
@2026-12-06T21:06:00+09:00 proposals auto
"""
SAID = "proposed by Ben 21:04:05, confirmed by Aki 21:04:09"
SAID_JA = "Benさんが21:04:05に提案、Akiさんが21:04:09に確認"


def test_the_transcript_keeps_who_proposed_and_reads_back_the_same():
    session = read_session(TRANSCRIPT)
    fold = session.events[1]
    assert fold.proposed is not None and fold.proposed.by == "Ben"
    assert session.events[2].proposed is None
    assert session.state.auto_confirm is True
    written = write_transcript(session)
    assert "@2026-12-06T21:04:09+09:00 proposed=Ben@2026-12-06T21:04:05+09:00 fold Ben" in written
    again = read_session(written)
    assert again.events == session.events


def test_a_name_with_a_space_is_quoted_and_a_bad_word_refused(capsys, tmp_path):
    text = (
        TRANSCRIPT.replace("Ben", '"Ben Sato"')
        .replace('proposed="Ben Sato"@', '"proposed=Ben Sato@')
        .replace("+09:00 fold", '+09:00" fold')
    )
    session = read_session(text)
    assert session.events[1].proposed.by == "Ben Sato"
    assert read_session(write_transcript(session)).events == session.events
    path = tmp_path / "bad.txt"
    path.write_text(TRANSCRIPT.replace("proposed=Ben@", "proposed=Ben "), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"{path}:5: write who proposed an entry as proposed=NAME@TIME (a time with its"
        " offset), before the entry's words\n"
    )


def test_the_timeline_says_who_proposed_and_who_confirmed(home, capsys, tokyo, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "import", str(path))
    assert code == 0, err
    sid = out.strip()
    code, out, _ = run(capsys, "timeline", sid)
    assert f"#2 21:04:09 Aki round 1: Ben folded at 10 · {SAID}\n" in out
    assert "#3 21:05:00 Aki round 1: stake 10 → 20\n" in out
    assert "#4 21:06:00 Aki round 1: proposals are confirmed by themselves from now" in out
    docs = json.loads(run(capsys, "timeline", sid, "--json")[1])
    assert docs[1]["proposed"] == {
        "by": "Ben",
        "at": "2026-12-06T21:04:05+09:00",
        "time": "21:04:05",
        "text": SAID,
    }
    assert "proposed" not in docs[2]
    session = read_session(TRANSCRIPT)
    assert what_cell(timeline(session)[1]).plain == f"Ben folded at 10 · {SAID}"
    assert what_cell(timeline(session)[2]).plain == "stake 10 → 20"
    page = live_view(session, 1, "ja")
    fold = next(row for row in page["entries"] if row["seq"] == 2)
    assert (fold["mark"], fold["proposed"], fold["struck"]) == (SAID_JA, SAID_JA, False)


def test_the_json_export_keeps_who_proposed_and_imports_the_same(home, capsys, tmp_path):
    path = tmp_path / "t.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    sid = run(capsys, "import", str(path))[1].strip()
    exported = tmp_path / "e.json"
    run(capsys, "export", sid, "--format", "json", "-o", str(exported))
    doc = json.loads(exported.read_text(encoding="utf-8"))
    assert doc["events"][1]["proposed"] == {"by": "Ben", "at": "2026-12-06T21:04:05+09:00"}
    code, out, err = run(capsys, "import", str(exported))
    assert code == 0, err
    code, out, _ = run(capsys, "export", out.strip(), "--format", "transcript")
    assert "proposed=Ben@2026-12-06T21:04:05+09:00 fold Ben" in out
    assert "proposals auto" in out


def test_a_proposal_the_switch_recorded_says_nobody_confirmed_it(monkeypatch):
    """With ``proposals auto`` in force a proposal is recorded by itself: every view says
    so, not "confirmed by" the recorder who pressed nothing (the four-phone walk)."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")  # the times as the table read them
    time.tzset()
    text = TRANSCRIPT + (
        "@2026-12-06T21:07:02+09:00 proposed=Cleo@2026-12-06T21:07:01+09:00 fold Cleo\n"
    )
    session = read_session(text)
    auto = "proposed by Cleo 21:07:01, recorded by itself 21:07:02 (proposals confirm themselves)"
    entries = timeline(session)
    assert [e.by_switch for e in entries] == [False, False, False, False, True]
    assert auto in str(what_cell(entries[-1]))
    assert SAID in str(what_cell(entries[1]))  # confirmed by the recorder before the switch
    view = live_view(session, 1, "en")
    marks = [row["mark"] for row in view["entries"]]
    assert auto in marks[0] and "confirmed by" not in marks[0]
    assert SAID in marks[-2]
    japanese = live_view(session, 1, "ja")["entries"][0]["mark"]
    assert "Cleoさんが21:07:01に提案、21:07:02にそのまま記録(提案の自動確定)" in japanese
    monkeypatch.undo()
    time.tzset()
