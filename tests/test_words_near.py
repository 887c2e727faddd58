"""A typo gets the nearest valid word, and the command line lists what is valid now
(issue 35, point 10): "rais" -> "raise?", a misspelled player -> the nearest seated name."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.games import get_game
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.cli_support import run

PLAYERS = ["Aki", "Ben", "Chika", "Dai"]


def refused(session: Session, line: str) -> RuleError:
    with pytest.raises(RuleError) as info:
        session.check(parse_entry(session.game, split_line(line)))
    return info.value


def test_a_misspelled_verb_is_answered_with_the_nearest_one():
    with pytest.raises(RuleError) as info:
        parse_entry(get_game("indian-official"), ["rais"])
    error = info.value
    assert error.message("en") == "'rais' is not an entry of Indian Poker (official points): raise?"
    assert (
        error.message("ja")
        == "「rais」はインディアンポーカー(公式ルール)の記録にはありません。raise のことですか?"
    )


def test_a_word_near_nothing_gets_no_guess():
    with pytest.raises(RuleError) as info:
        parse_entry(get_game("indian-official"), ["frobnicate"])
    assert info.value.key == "rules.unknown_entry"


def test_a_misspelled_player_is_answered_with_the_nearest_seated_name():
    session = Session(make_header("indian-official", PLAYERS))
    session.commit(session.check(parse_entry(session.game, ["round"])))
    error = refused(session, "fold Chka")
    assert error.message("en") == (
        "there is no player called 'Chka' (players: Aki, Ben, Chika, Dai): Chika?"
    )
    assert error.message("ja") == (
        "「Chka」というプレイヤーはいません(プレイヤー: Aki, Ben, Chika, Dai)。Chika のことですか?"
    )
    assert refused(session, "fold Zorro").key == "rules.unknown_player"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", PLAYERS))
    return store


def test_record_suggests_and_lists_what_is_valid_now(capsys, store, tmp_path):
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), "record", "1", "rais")
    assert code == 2 and out == ""
    assert "'rais' is not an entry of Indian Poker (official points): raise?" in err
    assert "valid now: note, rate, recorder, proposals, round, join, leave, end" in err
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), "record", "1", "round")
    assert code == 0
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "data"), "record", "1", "fodl Ben")
    assert code == 2
    assert "fold?" in err and "valid now: fold, raise, showdown, undo, note, rate, recorder" in err


def test_record_lists_what_is_valid_now_in_japanese(capsys, store, tmp_path):
    args = ("--data-dir", str(tmp_path / "data"), "--lang", "ja", "record", "1", "rais")
    code, _, err = run(capsys, *args)
    assert code == 2
    assert "raise のことですか?" in err
    assert "いま記録できるもの: note, rate, recorder, proposals, round, join, leave, end" in err


# -- replay and import: a refused line says the nearest word and what was valid there ---------
TRANSCRIPT = """game indian-official
players Aki Ben Chika Dai
parent Aki
recorder Aki
round
rais
"""


@pytest.mark.parametrize("command", ["replay", "import"])
def test_a_transcript_line_with_a_typo_lists_what_was_valid_there(capsys, store, tmp_path, command):
    path = tmp_path / "typo.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), command, str(path))
    assert code == 2 and out == ""
    assert f"{path}:6: 'rais' is not an entry of Indian Poker (official points): raise?" in err
    assert "valid now: fold, raise, showdown, undo, note, rate, recorder" in err  # in the round


def test_a_transcript_line_with_a_typo_lists_what_was_valid_there_in_japanese(
    capsys, store, tmp_path
):
    path = tmp_path / "typo.txt"
    path.write_text(TRANSCRIPT.replace("round\nrais", "rais"), encoding="utf-8")
    code, _, err = run(capsys, "--lang", "ja", "replay", str(path))
    assert code == 2
    assert f"{path}:5: 「rais」はインディアンポーカー(公式ルール)の記録にはありません。" in err
    assert "raise のことですか?" in err
    assert (
        "いま記録できるもの: note, rate, recorder, proposals, round, join, leave, end" in err
    )  # between rounds


def test_a_transcript_refused_earlier_by_the_rules_lists_nothing(capsys, store, tmp_path):
    """What was valid at a typo is known only if every line before it holds: else the
    typo is said alone (the earlier line's refusal is not made up)."""
    path = tmp_path / "typo.txt"
    path.write_text(TRANSCRIPT.replace("round\nrais", "fold Ben\nrais"), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert "raise?" in err and "valid now" not in err
