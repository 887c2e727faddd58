"""The timeline, core and CLI: the dispute example, filters, the table at a time."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.state_json import state_json
from scorekeeper.core.timeline import (
    index_at,
    parse_time,
    select,
    session_until,
    state_after,
    timeline,
)
from scorekeeper.core.transcript import read_session
from tests.cli_support import run

TOKYO = timezone(timedelta(hours=9))

# "When did the stake go up to 40, and had Ben folded by then?"
DISPUTE = """\
game indian-official
players Aki Ben Chihiro Dai
option base 20
@2026-11-29T21:00:00+09:00 round
@2026-11-29T21:02:10+09:00 fold Chihiro
@2026-11-29T21:03:05+09:00 raise
@2026-11-29T21:03:40+09:00 fold Ben
@2026-11-29T21:05:00+09:00 showdown Dai
@2026-11-29T21:06:00+09:00 round
@2026-11-29T21:06:30+09:00 raise
@2026-11-29T21:06:50+09:00 undo
@2026-11-29T21:07:00+09:00 note Ben says he folded before the raise
@2026-11-29T21:08:00+09:00 fold Chihiro
"""

CHIPS = """\
game indian-chips
players A B C
option ante 1
option bet 4
@2026-11-29T21:00:00+09:00 round
@2026-11-29T21:00:10+09:00 bet B
@2026-11-29T21:00:20+09:00 raise C
@2026-11-29T21:00:30+09:00 fold A
@2026-11-29T21:00:40+09:00 call B
"""


def imported(tmp_path: Path, capsys, text: str = DISPUTE) -> str:
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "import", str(path))
    assert code == 0
    return out.strip()


# -- core -------------------------------------------------------------------------------
def test_entries_carry_rounds_stakes_and_folds():
    entries = timeline(read_session(DISPUTE))
    assert [e.round for e in entries] == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]
    raise_ = entries[2]
    assert (raise_.stake_from, raise_.stake_to, raise_.kind) == (20, 40, "raise")
    ben = entries[3]
    assert (ben.fold_player, ben.fold_stake) == ("Ben", 40)
    assert entries[1].fold_stake == 20  # Chihiro folded before the raise
    assert entries[6].voided_by == 8 and entries[7].undoes == 7


def test_filters():
    entries = timeline(read_session(DISPUTE))
    stake = select(entries, stake=True)
    assert [e.seq for e in stake] == [2, 3, 4, 7, 8, 10]
    assert [e.seq for e in select(entries, round=2)] == [6, 7, 8, 9, 10]
    # Ben: his fold, the showdown he paid in, the round he was parent of, the note about him
    assert [e.seq for e in select(entries, player="Ben")] == [4, 5, 6]
    assert [e.seq for e in select(entries, stake=True, round=1, player="Ben")] == [4]


def test_chip_games_count_bets_and_raises_as_stake_changes():
    entries = timeline(read_session(CHIPS))
    stake = select(entries, stake=True)
    assert [(e.kind, e.stake_from, e.stake_to) for e in stake if e.is_stake_change] == [
        ("bet", 1, 5),
        ("raise", 5, 9),
    ]
    fold = next(e for e in stake if e.is_fold)
    assert (fold.fold_player, fold.fold_stake, fold.committed) == ("A", 9, 1)


def test_state_after_each_entry_is_the_replay_of_its_prefix():
    session = read_session(DISPUTE)
    lines = DISPUTE.splitlines()
    header = lines[:3]
    for index in range(len(session.events)):
        prefix = read_session("\n".join([*header, *lines[3 : 4 + index]]))
        assert state_after(session, index) == prefix.state
        assert state_json(session_until(session, index)) == state_json(prefix)


def test_folded_at_a_time():
    session = read_session(DISPUTE)
    game = session.game
    view = game.round_view(state_after(session, 3))
    assert view is not None and dict(view.folded) == {"Chihiro": 20, "Ben": 40}
    assert game.round_view(state_after(session, 4)) is None  # the round is over


def test_times_read_as_iso_or_clock_on_the_session_day():
    session = read_session(DISPUTE)
    iso = parse_time("2026-11-29T21:03:40+09:00", session)
    assert index_at(session, iso) == 3
    clock = parse_time("21:03:50", session, TOKYO)
    assert clock == datetime(2026, 11, 29, 21, 3, 50, tzinfo=TOKYO)
    assert index_at(session, clock) == 3
    assert parse_time("21:04", session, TOKYO).second == 0
    for bad in ("9pm", "25:00", "2026-11-29T21:00:00", ""):
        with pytest.raises(RuleError):
            parse_time(bad, session, TOKYO)
    with pytest.raises(RuleError, match="before the first entry"):
        index_at(session, parse_time("20:59", session, TOKYO))


def test_a_clock_time_after_midnight_is_on_the_next_day():
    text = DISPUTE.replace("@2026-11-29T21:08:00+09:00", "@2026-11-30T00:30:00+09:00")
    session = read_session(text)
    assert parse_time("00:15", session, TOKYO) == datetime(2026, 11, 30, 0, 15, tzinfo=TOKYO)
    assert index_at(session, parse_time("00:15", session, TOKYO)) == 8


# -- the command --------------------------------------------------------------------------
def test_the_dispute_answered_in_json(tmp_path, capsys, home, tokyo):
    sid = imported(tmp_path, capsys)
    code, out, err = run(capsys, "timeline", sid, "--stake", "--json")
    assert code == 0 and err == ""
    entries = json.loads(out)
    up = [e for e in entries if e.get("to") == 40 and e["voided_by"] is None]
    assert len(up) == 1
    assert up[0]["from"] == 20 and up[0]["at"] == "2026-11-29T21:03:05+09:00"
    assert up[0]["time"] == "21:03:05" and up[0]["round"] == 1
    ben = next(e for e in entries if e["kind"] == "fold" and e["player"] == "Ben")
    assert ben["stake"] == 40 and ben["at"] == "2026-11-29T21:03:40+09:00"
    assert ben["seq"] > up[0]["seq"]  # Ben folded after the raise: he pays 40
    assert ben["words"] == "Ben folded at 40" and ben["recorder"] == "Aki"
    voided = next(e for e in entries if e["voided_by"] is not None)
    assert voided["seq"] == 7 and voided["voided_by"] == 8
    assert set(up[0]) >= {"seq", "at", "recorder", "round", "kind", "data", "words", "voided_by"}


def test_a_transcript_file_is_read_directly(tmp_path, capsys, home, tokyo):
    path = tmp_path / "game.txt"
    path.write_text(DISPUTE, encoding="utf-8")
    code, out, _ = run(capsys, "timeline", str(path), "--stake")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "#3 21:03:05 Aki round 1: stake 20 → 40"
    assert lines[2] == "#4 21:03:40 Aki round 1: Ben folded at 40"
    assert lines[3].endswith("(voided by #8)")


def test_text_lines_and_filters(tmp_path, capsys, home, tokyo):
    sid = imported(tmp_path, capsys)
    code, out, _ = run(capsys, "timeline", sid)
    assert code == 0 and len(out.splitlines()) == 10
    assert out.splitlines()[0] == "#1 21:00:00 Aki round 1: round 1 begins, Aki is parent"
    _, out, _ = run(capsys, "timeline", sid, "--round", "2", "--player", "chihiro")
    assert out.splitlines() == ["#10 21:08:00 Aki round 2: Chihiro folded at 20"]
    code, _, err = run(capsys, "timeline", sid, "--round", "9")
    assert code == 2 and err.strip() == "scorekeeper: type a round number from 1 to 2"
    code, _, err = run(capsys, "timeline", sid, "--player", "Eve")
    assert code == 2 and len(err.splitlines()) == 1


def test_chip_lines_say_the_stake_when_the_words_do_not(tmp_path, capsys, home, tokyo):
    sid = imported(tmp_path, capsys, CHIPS)
    _, out, _ = run(capsys, "timeline", sid, "--stake")
    assert out.splitlines() == [
        "#2 21:00:10 A round 1: [1 → 5] B bets 4 (in for 5)",
        "#3 21:00:20 A round 1: [5 → 9] C raises to 9",
        "#4 21:00:30 A round 1: [at 9] A folds",
    ]


def test_state_at_a_time_is_the_replayed_prefix(tmp_path, capsys, home, tokyo):
    sid = imported(tmp_path, capsys)
    code, out, err = run(capsys, "timeline", sid, "--at", "21:03:50")
    assert code == 0 and err == ""
    doc = json.loads(out)
    after, then = doc.pop("after"), doc["folded"]
    assert after["seq"] == 4 and after["words"] == "Ben folded at 40"
    assert then == {"Chihiro": 20, "Ben": 40}
    prefix = read_session("\n".join(DISPUTE.splitlines()[:7]))
    assert doc == state_json(prefix)
    assert doc["stake"] == 40 and doc["in_round"] is True
    # an ISO time with another offset names the same moment
    _, out, _ = run(capsys, "timeline", sid, "--at", "2026-11-29T12:03:50Z")
    assert json.loads(out)["after"]["seq"] == 4


@pytest.mark.parametrize("at", ["20:59", "2026-11-29T20:00:00+09:00", "nine", "21:03:50+09"])
def test_an_unusable_time_is_one_plain_line(tmp_path, capsys, home, tokyo, at):
    sid = imported(tmp_path, capsys)
    code, out, err = run(capsys, "timeline", sid, "--at", at)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
