"""Correcting a past round: one appended event, later rounds recomputed, undo exact."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from hypothesis import event as label
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from scorekeeper.core.corrections import correction_entry, in_force
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from tests.test_properties import SETTINGS, Driver, headers

HEAD = """game indian-official
players A B C D
parent A
"""
ROUNDS = [
    ["round", "fold B", "raise", "showdown D"],
    ["round", "raise", "fold C", "showdown B"],
    ["round", "raise", "raise", "fold A", "showdown {winner}"],  # round 3: the dispute
    ["round", "fold A", "fold B", "fold C"],
    ["round", "raise", "showdown cards A=KS B=2H C=10D D=QC"],
    ["round", "fold D", "raise", "showdown A"],
]


def official(winner: str) -> str:
    lines = [line.format(winner=winner) for entries in ROUNDS for line in entries]
    return HEAD + "\n".join(lines) + "\n"


def record(session: Session, text: str):
    return session.record(parse_entry(session.game, split_line(text)))


def outcome(state) -> dict:
    """Everything a correction recomputes (stake changes without their times and seqs)."""
    return {
        "scores": dict(state.scores),
        "results": [
            (r.round, r.parent, dict(r.deltas), r.how, dict(r.details)) for r in state.results
        ],
        "stakes": [(c.round, c.old, c.new) for c in state.stake_history],
        "parent": state.parent,
        "round": state.round,
        "in_round": state.in_round,
        "finished": state.finished,
        "recorder": state.recorder,
        "seats": state.seats,
        "parent_rounds": dict(state.parent_rounds),
        "bought": state.bought,
        "table": state.table,
        "board": state.board,
    }


def test_fixing_the_round_3_winner_recomputes_every_later_round_exactly():
    wrong, right = read_session(official("B")), read_session(official("C"))
    assert wrong.state.scores != right.state.scores
    events_before = list(wrong.events)
    event = record(wrong, 'correct 3 "C won, not B" raise raise "fold A" "showdown C"')
    assert wrong.events[: len(events_before)] == events_before  # nothing edited
    assert event.kind == "correct" and event.seq == len(events_before) + 1
    assert event.data["round"] == 3 and event.data["reason"] == "C won, not B"
    assert event.data["entries"][-1] == {"kind": "showdown", "data": {"winner": "C"}}
    assert outcome(wrong.state) == outcome(right.state)
    assert dict(wrong.state.results[2].deltas) == dict(right.state.results[2].deltas)
    assert wrong.state.scores == right.state.scores
    assert sum(wrong.state.scores.values()) == 0


def test_a_second_correction_of_a_later_round_starts_from_the_corrected_history():
    """After round 3 is corrected, the rounds after it hold no state of the old history:
    correcting round 5 next replays from round 3's new result, not from the scores the
    wrong winner left (a correction spliced in forgets every later state)."""
    session = read_session(official("B"))
    record(session, 'correct 3 "C won, not B" raise raise "fold A" "showdown C"')
    record(
        session, 'correct 5 "B showed a better card" raise "showdown cards A=KS B=AH C=10D D=QC"'
    )
    rounds = [line.format(winner="C") for entries in ROUNDS for line in entries]
    rounds[rounds.index("showdown cards A=KS B=2H C=10D D=QC")] = (
        "showdown cards A=KS B=AH C=10D D=QC"
    )
    right = read_session(HEAD + "\n".join(rounds) + "\n")
    assert outcome(session.state) == outcome(right.state)
    assert Session(session.header, list(session.events)).state == session.state


def test_the_log_marks_superseded_entries_and_says_what_was_corrected():
    session = read_session(official("B"))
    event = record(session, 'correct 3 "wrong winner" raise raise "fold A" "showdown C"')
    log = session.log()
    round_3 = [line.event.seq for line in log if line.superseded_by is not None]
    # round 3 is the entries 9..13: round, raise, raise, fold A, showdown B
    assert round_3 == [10, 11, 12, 13]
    assert all(line.superseded_by == event.seq for line in log if line.event.seq in round_3)
    assert session.superseded() == dict.fromkeys(round_3, event.seq)
    last = log[-1]
    assert last.key == "log.correct"
    # each entry of the correction in the log's own words, in the reader's language
    assert last.params == {
        "round": 3,
        "reason": "wrong winner",
        "entries": (
            ("log.official.raise", {"old": 10, "new": 20}),
            ("log.official.raise", {"old": 20, "new": 40}),
            ("log.official.fold", {"player": "A", "stake": 40}),
            ("log.official.showdown", {"stake": 40, "winner": "C"}),
        ),
    }
    assert describe_text(last.key, last.params) == (
        "round 3 corrected (wrong winner): stake 10 → 20; stake 20 → 40; A folded at 40;"
        " showdown at 40: C wins"
    )
    assert describe_text(last.key, last.params, "ja") == (
        "ラウンド3を訂正(wrong winner): 賭け点 10 → 20、賭け点 20 → 40、Aが40で降りた、"
        "40で勝負: Cの勝ち"
    )
    assert event.data["supersedes"] == round_3
    # a second correction of the same round supersedes the first one
    second = record(session, 'correct 3 "B after all" raise raise "fold A" "showdown D"')
    assert session.superseded()[event.seq] == second.seq
    assert session.round_entries(3)[-1].data == {"winner": "D"}


def test_undo_of_a_correction_restores_exactly_the_earlier_state():
    session = read_session(official("B"))
    before, legal = session.state, session.legal()
    record(session, 'correct 3 "wrong winner" raise raise "fold A" "showdown C"')
    assert session.state != before
    record(session, "undo")
    assert session.state is before
    assert session.legal() == legal
    assert session.superseded() == {}
    assert [line.voided_by for line in session.log()][-2] == len(session.events)


def test_only_a_finished_round_that_exists_can_be_corrected():
    session = read_session(official("B") + "round\nraise\n")
    for text, key in [
        ('correct 7 "x" "showdown A"', "rules.correct_in_play"),
        ('correct 9 "x" "showdown A"', "rules.correct_no_such_round"),
        ('correct 3 "x" raise raise "fold A" "showdown B"', "rules.correct_same"),
        ('correct 3 "x" raise raise "fold A"', "rules.correct_unfinished"),
        ('correct 3 "x" "showdown B" "showdown C"', "rules.correct_after_end"),
        ('correct 3 "x" "fold C"', "rules.correct_entry_refused"),  # C is the parent
        ('correct 3 "x" "note hi"', "rules.correct_kind"),
        ('correct 3 "" "showdown C"', "rules.correct_no_reason"),
        ("correct 3 showdown", "transcript.correct_syntax"),
    ]:
        state, events = session.state, list(session.events)
        with pytest.raises(RuleError) as caught:
            record(session, text)
        assert caught.value.key == key, text
        assert session.state is state and session.events == events
    # a correction of an earlier round while a round is in play replays that round too
    record(session, 'correct 3 "x" raise raise "fold A" "showdown C"')
    assert session.state.in_round and session.state.round == 7
    assert session.state.table.stake == 20


def test_a_session_that_ended_can_still_be_corrected():
    session = read_session(official("B") + "end\n")
    record(session, 'correct 3 "settled at the end" raise raise "fold A" "showdown C"')
    assert session.state.finished
    assert session.state.scores == read_session(official("C")).state.scores


CHIPS = """game indian-chips
players A B C
option stack 10
option ante 1
option bet 4
parent A
round
bet B
raise C
fold A
call B
showdown B > C
round
bet A
call B
showdown B > A > C
"""


def test_a_correction_that_makes_a_later_entry_illegal_is_refused_and_names_it():
    session = read_session(CHIPS)
    state, events = session.state, list(session.events)
    with pytest.raises(RuleError) as caught:
        record(session, 'correct 1 "C won" "bet B" "raise C" "fold A" "call B" "showdown C > B"')
    assert caught.value.key == "rules.correct_breaks"
    assert caught.value.params["seq"] == 8
    message = caught.value.message("en")
    assert "#8 (bet A)" in message and "C's turn" in message
    assert session.state is state and session.events == events


def test_a_correction_in_a_chip_game_conserves_the_chips():
    later = "round\nbet B\ncall A\nshowdown A > B\n"
    text = CHIPS.replace("bet A\ncall B\nshowdown B > A > C\n", "check A\ncheck B\n{showdown}\n")
    session = read_session(text.format(showdown="showdown B > A > C") + later)
    record(session, 'correct 2 "A showed the ace" "check A" "check B" "showdown A > B > C"')
    right = read_session(text.format(showdown="showdown A > B > C") + later)
    assert outcome(session.state) == outcome(right.state)
    assert (
        session.state.scores
        != read_session(text.format(showdown="showdown B > A > C") + later).state.scores
    )
    assert sum(session.state.scores.values()) == 30  # no chips on the table between rounds


def test_a_corrected_session_round_trips_through_a_transcript():
    session = read_session(official("B"))
    record(session, 'correct 3 "C won, not \'B\'" raise raise "fold A" "showdown C"')
    record(session, "undo")
    record(session, 'correct 5 "cards misread" raise "showdown cards A=2S B=KH C=10D D=QC"')
    record(session, "round")
    text = write_transcript(session)
    assert '"showdown cards A=2S B=KH C=10D D=QC"' in text
    again = read_session(text)
    assert again.state == session.state
    assert [(e.kind, dict(e.data), e.at) for e in again.events] == [
        (e.kind, dict(e.data), e.at) for e in session.events
    ]
    assert write_transcript(again) == text
    assert Session(session.header, list(session.events)).state == session.state


def test_the_app_can_correct_through_a_recording(tmp_path):
    store = Store(tmp_path)
    sid = create_session(
        store, read_session(official("B")).header, read_session(official("B")).events
    )
    with open_recording(store, sid) as rec:
        entries = [Entry(e.kind, e.data) for e in rec.session.round_entries(3)]
        entries[-1] = Entry("showdown", {"winner": "C"})
        rec.correct(3, "wrong winner", entries)
        live = rec.session.state
    stored = load_session(store, sid)  # folded again from the disk
    assert stored.state == live
    assert stored.state.scores == read_session(official("C")).state.scores


def test_cli_correct_records_and_refuses_with_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    path = tmp_path / "chips.txt"
    path.write_text(CHIPS, encoding="utf-8")
    assert main(["import", str(path)]) == 0
    capsys.readouterr()
    args = ["correct", "1", "1", "--reason", "C won", "bet B", "raise C", "fold A", "call B"]
    assert main([*args, "showdown C > B"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("1: correct 1: refused: after this correction, entry #8 (bet A)")
    assert (
        main(["correct", "1", "2", "--reason", "A won", "bet A", "call B", "showdown A > B > C"])
        == 0
    )
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[0].startswith("#11 ")
    assert (
        "round 2 corrected (A won): A bets 4 (in for 5); B calls 4 (in for 5);"
        " showdown for 11: A > B > C"
    ) in out
    assert (
        main(["correct", "1", "2", "--reason", "again", "bet A", "call B", "showdown A > B > C"])
        == 2
    )
    _, err = capsys.readouterr()
    assert err == "1: correct 2: the correction does not change round 2\n"
    assert main(["correct", "1", "2", "--reason", "x", "@2026-01-01T00:00Z fold B"]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


# -- property: a correction equals writing the corrected round in directly -------------


def round_kinds_of(session: Session) -> frozenset[str]:
    return session.game.round_kinds


def play_round(data, session: Session) -> list[Entry]:
    """Random legal round entries until the round in *session* finishes."""
    entries = []
    kinds = round_kinds_of(session)
    while session.state.in_round:
        actions = [a for a in session.legal() if a.kind in kinds]
        action = data.draw(st.sampled_from(actions), label="replacement")
        words = [action.kind]
        if action.choices:
            words.append(data.draw(st.sampled_from(action.choices), label="who"))
        entry = parse_entry(session.game, words)
        session.record(entry)
        entries.append(entry)
    return entries


@SETTINGS
@given(st.data(), headers(), st.integers(5, 45))
def test_a_random_correction_equals_replaying_with_the_round_written_in(data, header, steps):
    driver = Driver(data, header)
    session = driver.play(steps)
    state = session.state
    finished = state.round - (1 if state.in_round else 0)
    if finished < 1:
        label("no finished round")
        return
    number = data.draw(st.integers(1, finished), label="round")
    _, items = in_force(session.ledger)
    events = [item.event for item in items]
    starts = [i for i, e in enumerate(events) if e.kind == "round"]
    start = starts[number - 1]
    end = starts[number] if number < len(starts) else len(events)
    kinds = round_kinds_of(session)
    # the table as it was when round N began, then a random round instead of the real one
    direct = Session(session.header)
    for event in events[: start + 1]:
        direct.record(Entry(event.kind, event.data))
    replacement = play_round(data, direct)
    later = [
        e for i, e in enumerate(events[start + 1 :], start + 1) if i >= end or e.kind not in kinds
    ]
    at = session.events[-1].at + timedelta(seconds=1) if session.events else None
    entry = correction_entry(number, "random", replacement, at)
    old = [(e.kind, dict(e.data)) for e in events[start + 1 : end] if e.kind in kinds]
    if old == [(e.kind, dict(e.data)) for e in replacement]:
        with pytest.raises(RuleError):
            session.record(entry)
        label("the same round again: refused")
        return
    for event in later:  # official: a round's result never makes a later entry illegal
        if event.kind == "proposals" and direct.state.finished:
            # but the switch, made during the last round of a session that ends with it,
            # comes after the end here: no score depends on it, so it is left out of this
            # replay; where the correction itself meets it after the end, it is refused in
            # words naming that entry (undo the switch first)
            continue
        direct.record(Entry(event.kind, event.data))
    before = session.state
    try:
        session.record(entry)
    except RuleError as refused:
        assert "proposals" in str(refused), refused
        label("the switch in the way: refused")
        return
    label("corrected")
    assert outcome(session.state) == outcome(direct.state)
    assert sum(session.state.scores.values()) == 0
    # and the stored form folds to the same state, and undo is exact
    assert Session(session.header, list(session.events)).state == session.state
    session.record(Entry("undo"), at)
    assert session.state is before


# -- property: the app's correcting table (issue 35, point 6) ----------------------------


@SETTINGS
@given(st.data(), headers(), st.integers(5, 45))
def test_a_round_played_again_starts_where_it_began_and_is_said_in_words(data, header, steps):
    """``Session.at_round_start(N)`` is the table as round N began (earlier corrections in
    force), every game; a round played again on it is a correction the rules take or refuse
    as typed, and its log line says each entry in the log's words in both languages."""
    session = Driver(data, header).play(steps)
    finished = session.correctable_rounds()
    assert finished == len(session.state.results)
    if finished < 1:
        label("no finished round")
        return
    number = data.draw(st.integers(1, finished), label="round")
    _, items = in_force(session.ledger)
    events = [item.event for item in items]
    start = [i for i, e in enumerate(events) if e.kind == "round"][number - 1]
    direct = Session(session.header)
    for event in events[: start + 1]:
        direct.record(Entry(event.kind, event.data))
    again = session.at_round_start(number)
    assert again.state.in_round and again.state.round == number
    assert outcome(again.state) == outcome(direct.state)
    replacement = play_round(data, again)
    at = session.events[-1].at + timedelta(seconds=1)
    entry = correction_entry(number, "played again", replacement, at)
    try:
        session.record(entry)
    except RuleError as error:
        label(f"refused: {error.key}")
        return
    label("corrected")
    line = session.log()[-1]
    assert line.key == "log.correct"
    assert len(line.params["entries"]) == len(replacement)
    for lang in ("en", "ja"):
        text = describe_text(line.key, line.params, lang)
        assert text.count(t("log.correct_separator", lang)) >= len(replacement) - 1


# -- refusals in the reader's language, the game by its name (issue 35, point 10) -------------
LATIN = re.compile(r"[A-Za-z]{3,}")


def test_an_entry_the_game_does_not_have_names_the_game_not_its_id():
    """The ledger's own check (an entry made without the words, as the app, a correction's
    replay or a JSON import make them): the game's name in the reader's language, and the
    nearest entry, as a typed word gets."""
    session = read_session(official("B"))
    for lang, name in [
        ("en", "Indian Poker (official points)"),
        ("ja", "インディアンポーカー(公式ルール)"),
    ]:
        with pytest.raises(RuleError) as caught:
            session.check(Entry("rais"))
        message = caught.value.message(lang)
        assert "indian-official" not in message, message
        assert name in message and "raise" in message, message


def test_a_json_export_with_an_entry_the_game_does_not_have_names_the_game(tmp_path, capsys):
    """A hand-edited export: refused with the game's name, in the reader's language."""
    transcript, exported = tmp_path / "in.txt", tmp_path / "out.json"
    transcript.write_text(official("B"))
    base = ("--data-dir", str(tmp_path / "data"))
    assert main([*base, "import", str(transcript)]) == 0
    assert main([*base, "export", "1", "--format", "json", "-o", str(exported)]) == 0
    edited = exported.read_text().replace('"kind": "raise"', '"kind": "rais"', 1)
    assert edited != exported.read_text()
    exported.write_text(edited)
    for lang, name in [
        ("en", "Indian Poker (official points)"),
        ("ja", "インディアンポーカー(公式ルール)"),
    ]:
        capsys.readouterr()
        assert main([*base, "--lang", lang, "import", str(exported)]) == 2
        err = capsys.readouterr().err
        assert name in err and "indian-official" not in err, err
        if lang == "ja":
            said = err.replace(str(exported), "")
            assert [w for w in LATIN.findall(said) if w not in ("rais", "raise")] == [], err


def test_a_refused_correction_says_why_in_the_reader_s_language():
    """The reason inside a correction's refusal (a replacement entry, a later entry that
    would break a rule) is said in the language of whoever reads the refusal."""
    session = read_session(official("B") + "round\nraise\n")
    with pytest.raises(RuleError) as caught:
        record(session, 'correct 3 "x" "fold C"')  # C is the parent
    assert caught.value.key == "rules.correct_entry_refused"
    ja = caught.value.message("ja")
    assert [word for word in LATIN.findall(ja) if word != "fold"] == [], ja
    assert "parent" in caught.value.message("en")
    chips = read_session(CHIPS)
    with pytest.raises(RuleError) as caught:
        record(chips, 'correct 1 "C won" "bet B" "raise C" "fold A" "call B" "showdown C > B"')
    ja = caught.value.message("ja")
    assert [word for word in LATIN.findall(ja) if word != "bet"] == [], ja
