"""Transcripts (transcript.md): syntax, times, header errors with their lines, round trips."""

from __future__ import annotations

import shlex
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import (
    TranscriptError,
    decode,
    parse_transcript,
    read_session,
    write_transcript,
)
from scorekeeper.core.words import quote, split_line

O1 = Path(__file__).resolve().parent.parent / "examples" / "o1.txt"
JST = timezone(timedelta(hours=9))


def fixed_clock(*times: datetime):
    """A clock for replay that gives *times* in turn (replay asks it once per entry)."""
    queue = list(times)
    return lambda: queue.pop(0) if len(queue) > 1 else queue[0]


def error_at(text: str) -> TranscriptError:
    with pytest.raises(TranscriptError) as info:
        read_session(text, fixed_clock(*[datetime(2026, 1, 1, tzinfo=UTC)] * 50))
    assert info.value.message("en")
    assert info.value.message("ja")
    return info.value


def round_trip(session):
    text = write_transcript(session)
    again = read_session(text)
    assert state_json(again) == state_json(session)
    assert again.state == session.state
    assert [(e.kind, dict(e.data), e.at.isoformat()) for e in again.events] == [
        (e.kind, dict(e.data), e.at.isoformat()) for e in session.events
    ]
    return text, again


# -- syntax -----------------------------------------------------------------------


def test_comments_and_blank_lines_are_ignored():
    text = """
# a session written on paper

game indian-official   # the official rules
players A B C          # clockwise

   # indented comment
round
fold B  # B folds at 10

showdown A
"""
    session = read_session(text)
    assert [e.kind for e in session.events] == ["round", "fold", "showdown"]
    assert dict(session.state.scores) == {"A": 30, "B": -10, "C": -20}


def test_header_lines_fill_the_header():
    text = """game indian-official
players A B
players C D
option cap 320
option base 20
option suits hokuto
option parent_double_folds yes
option rounds 5
parent C
recorder b
"""
    header = parse_transcript(text).header
    assert header.players == ("A", "B", "C", "D")
    assert dict(header.options) == {
        "base": 20,
        "cap": 320,
        "suits": "hokuto",
        "parent_double_folds": True,
        "rounds": 5,
    }
    assert (header.parent, header.recorder) == ("C", "B")


def test_quoted_names_with_spaces_and_japanese_names():
    text = """game indian-official
players "Aki Sato" 佐藤 'Ben Ito' すずき
round
fold 佐藤
fold "Ben Ito"
showdown "Aki Sato"
round
showdown cards 佐藤=KS "Ben Ito"=QS すずき=JS "Aki Sato"=10S
"""
    session = read_session(text)
    assert session.header.players == ("Aki Sato", "佐藤", "Ben Ito", "すずき")
    # round 1: parent Aki Sato; 佐藤 and Ben Ito fold at 10; すずき pays 20
    # round 2: parent 佐藤 wins with K♠: everyone else pays 20
    assert dict(session.state.scores) == {"Aki Sato": 20, "佐藤": 50, "Ben Ito": -30, "すずき": -40}
    text_out, again = round_trip(session)
    assert 'players "Aki Sato" 佐藤 "Ben Ito" すずき' in text_out.splitlines()
    assert again.header.players == session.header.players


@pytest.mark.parametrize(
    "word", ["Aki Sato", "佐藤", "O'Neil", 'Dee "DJ" Jay', "a#b", "#x", "back\\slash", "x'\"y"]
)
def test_quote_is_the_inverse_of_split_line(word):
    assert split_line(quote(word)) == [word]
    assert split_line(f"note {quote(word)} # comment") == ["note", word]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \t#ab=@佐\u3000'\"\\", max_size=16))
def test_split_line_splits_as_a_posix_shell(line):
    try:
        expected = shlex.split(line, comments=True)
    except ValueError:
        with pytest.raises(RuleError) as info:
            split_line(line)
        assert info.value.key == "transcript.quotes"
    else:
        assert split_line(line) == expected


def test_japanese_word_stays_unquoted():
    assert quote("佐藤") == "佐藤"
    assert quote("KS") == "KS"


def test_note_text_with_quotes_and_hash_round_trips():
    text = """game indian-official
players A B C
note 'he said "fold" # not a comment'
note "it's   spaced    out"
note plain words # and a comment
"""
    session = read_session(text)
    notes = [e.data["text"] for e in session.events]
    assert notes == ['he said "fold" # not a comment', "it's spaced out", "plain words"]
    text_out, again = round_trip(session)
    assert [e.data["text"] for e in again.events] == notes
    assert "#" in text_out


def test_unclosed_quote_is_an_error_at_its_line():
    error = error_at('game indian-official\nplayers A B C\nround\nfold "B\n')
    assert error.line == 4
    assert error.error.key == "transcript.quotes"


def test_unclosed_quote_in_header():
    error = error_at('game indian-official\nplayers "Aki Sato B C\n')
    assert error.line == 2
    assert error.error.key == "transcript.quotes"


def test_nul_byte_is_an_error_at_its_line():
    with pytest.raises(TranscriptError) as info:
        parse_transcript("game indian-official\nplayers A B C\n\nround\x00\n")
    assert info.value.line == 4
    assert info.value.error.key == "transcript.nul"


@pytest.mark.parametrize(
    ("raw", "line"),
    [
        (b"game indian-official\nplayers A B \xff C\nround\n", 2),
        (b"\xc3\x28game indian-official\n", 1),
        (b"game indian-official\nplayers A B C\n\n\nnote caf\xe9\n", 5),
        ("game indian-official\nplayers 佐藤 B C\n".encode()[:-6] + b"\n\n", 2),
    ],
)
def test_invalid_utf8_points_at_the_line_of_the_bad_byte(raw, line):
    with pytest.raises(TranscriptError) as info:
        decode(raw)
    assert info.value.line == line
    assert info.value.error.key == "transcript.not_utf8"


def test_decode_accepts_utf8_with_bom():
    text = decode("\ufeffgame indian-official\nplayers 佐藤 B C\n".encode())
    assert text.startswith("game")
    assert parse_transcript(text).header.players == ("佐藤", "B", "C")


# -- times -------------------------------------------------------------------------


def test_typed_times_keep_their_offsets_through_write_and_read():
    text = """game indian-official
players A B C
@2026-11-29T21:03:05+09:00 round
@2026-11-29T12:03:06Z raise
@2026-11-29T07:03:07.250000-05:00 fold B
@2026-11-29T21:03:09+09:00 showdown A
"""
    session = read_session(text)
    stamps = [e.at.isoformat() for e in session.events]
    assert stamps == [
        "2026-11-29T21:03:05+09:00",
        "2026-11-29T12:03:06+00:00",
        "2026-11-29T07:03:07.250000-05:00",
        "2026-11-29T21:03:09+09:00",
    ]
    assert session.events[1].at.utcoffset() == timedelta(0)
    out, again = round_trip(session)
    assert "@2026-11-29T21:03:05+09:00 round" in out.splitlines()
    assert "@2026-11-29T07:03:07.250000-05:00 fold B" in out.splitlines()
    assert [e.at.isoformat() for e in again.events] == stamps
    assert [e.at.utcoffset() for e in again.events] == [e.at.utcoffset() for e in session.events]
    assert state_json(again)["stake_history"] == [
        {"round": 1, "from": 10, "to": 20, "at": "2026-11-29T12:03:06+00:00"}
    ]


def test_untimed_entries_are_timed_by_the_clock():
    t1 = datetime(2026, 11, 29, 21, 0, 0, tzinfo=JST)
    t2 = datetime(2026, 11, 29, 21, 5, 0, tzinfo=JST)
    text = """game indian-official
players A B C
round
@2026-11-29T21:01:00+09:00 fold B
showdown A
"""
    # the clock is asked for every entry; the typed time wins over its answer
    session = read_session(text, fixed_clock(t1, t1, t2))
    assert [e.at for e in session.events] == [
        t1,
        datetime(2026, 11, 29, 21, 1, 0, tzinfo=JST),
        t2,
    ]
    assert session.events[0].at.isoformat() == "2026-11-29T21:00:00+09:00"


def test_untimed_entry_is_never_timed_before_the_one_it_follows():
    late = datetime(2026, 11, 29, 22, 0, 0, tzinfo=JST)
    early = datetime(2026, 11, 29, 20, 0, 0, tzinfo=JST)
    session = read_session(
        "game indian-official\nplayers A B C\nround\nraise\n", fixed_clock(late, early)
    )
    assert [e.at for e in session.events] == [late, late]


def test_times_backwards_is_an_error_at_its_line():
    text = """game indian-official
players A B C
@2026-11-29T21:03:05+09:00 round

@2026-11-29T21:03:06+09:00 raise
@2026-11-29T12:03:05Z fold B
"""
    error = error_at(text)
    assert error.line == 6
    assert error.error.key == "rules.time_backwards"


def test_typed_time_before_a_clocked_entry_is_backwards():
    text = "game indian-official\nplayers A B C\nround\n@2026-11-29T21:00:00+09:00 raise\n"
    with pytest.raises(TranscriptError) as info:
        read_session(text, fixed_clock(datetime(2026, 11, 29, 13, 0, tzinfo=UTC)))
    assert info.value.line == 4
    assert info.value.error.key == "rules.time_backwards"


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("@2026-11-29T21:03:05 round", "rules.time_needs_offset"),
        ("@tomorrow round", "transcript.bad_time"),
        ("@2026-11-29T21:03:05+09:00", "transcript.time_alone"),
    ],
)
def test_bad_times(line, key):
    error = error_at(f"game indian-official\nplayers A B C\n\n{line}\n")
    assert error.line == 4
    assert error.error.key == key


# -- header errors and their lines ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "key"),
    [
        (
            "game indian-official\nplayers A B C\noption cap 320\noption joker true\nround\n",
            4,
            "rules.unknown_option",
        ),
        (
            "game indian-official\noption cap 200\nplayers A B C\nround\n",
            2,
            "rules.option_choice",
        ),
        (
            "game indian-official\nplayers A B C\noption base 200\nround\n",
            3,  # the default cap (160) is below the typed base: the base line
            "rules.official.cap_below_base",
        ),
        (
            "game indian-official\noption cap 320\nplayers A B C\noption base 400\nround\n",
            4,
            "rules.official.cap_below_base",
        ),
        ("# two players\ngame indian-official\n\nplayers A B\nround\n", 4, "rules.player_count"),
        ("game indian-official\nplayers A B C a\nround\n", 2, "rules.name_twice"),
        ("game indian-official\nplayers A B C X=Y\nround\n", 2, "rules.name_chars"),
        ("players A B C\n# comment\ngame indian-poker\nround\n", 3, "rules.unknown_game"),
        ("game indian-official\nplayers A B C\nparent Z\nround\n", 3, "rules.unknown_player"),
        ("game indian-official\nplayers A B C\nrecorder Z\nround\n", 3, "rules.unknown_player"),
        ("game indian-official\nplayers A B C\nstacks A=5\nround\n", 3, "rules.stacks_no_chips"),
        ("game indian-official\nplayers A B C\noption cap\n", 3, "transcript.option_syntax"),
        ("game indian-official two\nplayers A B C\n", 1, "transcript.header_one_word"),
        ("game indian-official\nplayers\n", 2, "transcript.players_empty"),
        ("game indian-official\nplayers A B C\nround\ngame pochen\n", 4, "rules.unknown_entry"),
    ],
)
def test_header_errors_point_at_their_line(text, line, key):
    error = error_at(text)
    assert (error.line, error.error.key) == (line, key)


def test_too_many_players_points_at_the_players_line():
    names = " ".join(f"P{i}" for i in range(53))
    error = error_at(f"game indian-official\noption cap 640\nplayers {names}\nround\n")
    assert (error.line, error.error.key) == (3, "rules.player_count")
    assert error.error.params["count"] == 53


def test_missing_game():
    error = error_at("players A B C\n\nround\nraise\n")
    assert (error.line, error.error.key) == (3, "transcript.no_game")


def test_missing_players():
    error = error_at("game indian-official\noption cap 320\n\nround\n")
    assert (error.line, error.error.key) == (4, "transcript.no_players")


def test_missing_game_in_a_header_only_file():
    error = error_at("players A B C\n# nothing else\n")
    assert (error.line, error.error.key) == (2, "transcript.no_game")


def test_empty_transcript():
    error = error_at("")
    assert (error.line, error.error.key) == (1, "transcript.no_game")


def test_rule_error_in_an_entry_points_at_its_line():
    error = error_at("game indian-official\nplayers A B C\nround\nfold B\n\nfold b\n")
    assert error.line == 6
    assert error.error.key == "rules.official.folded_twice"
    assert error.message("en") == "B has already folded (at 10)"


# -- export and import --------------------------------------------------------------


def test_o1_export_then_import_gives_the_same_state():
    session = read_session(O1.read_text(encoding="utf-8"))
    assert dict(session.state.scores) == {"A": 730, "B": -100, "C": -370, "D": -50, "E": -210}
    doc = state_json(session)
    assert doc["round"] == 4
    assert doc["parent"] == "E"
    assert doc["stake"] is None
    assert doc["finished"] is False
    assert [(c["round"], c["from"], c["to"]) for c in doc["stake_history"]] == [
        (1, 10, 20),
        (3, 10, 20),
        (3, 20, 40),
        (3, 40, 80),
        (3, 80, 160),
    ]
    text, again = round_trip(session)
    assert text.splitlines()[:8] == [
        "game indian-official",
        "players A B C D E",
        "option base 10",
        "option cap 160",
        "option suits sanma",
        "option parent_double_folds false",
        "option rounds 0",
        "parent A",
    ]
    # a written transcript reads back to itself
    assert write_transcript(again) == text


def test_write_keeps_voided_entries_and_undos():
    text = """game indian-official
players A B C
option cap none
@2026-11-29T21:00:00+09:00 round
@2026-11-29T21:00:01+09:00 fold B
@2026-11-29T21:00:02+09:00 undo
@2026-11-29T21:00:03+09:00 recorder C
@2026-11-29T21:00:04+09:00 raise
"""
    session = read_session(text)
    assert [e.kind for e in session.events] == ["round", "fold", "undo", "recorder", "raise"]
    assert session.voided() == {2: 3}
    assert session.state.table.folds == ()
    assert session.state.table.stake == 20
    out, again = round_trip(session)
    assert "option cap none" in out.splitlines()
    assert [e.recorder for e in again.events] == ["A", "A", "A", "A", "C"]


def test_comment_is_written_first_and_ignored_on_read():
    session = read_session("game indian-official\nplayers A B C\nround\n")
    out = write_transcript(session, comment="exported # from the app")
    assert out.splitlines()[0] == "# exported # from the app"
    assert state_json(read_session(out)) == state_json(session)
