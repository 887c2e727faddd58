"""``scorekeeper new --like SESSION``: the same table again (transcript.md "Commands";
issue 35, point 3). With Pochen ``end_board carry`` the new session opens with the board
the old one ended with, written in its own header, and the chips settle to zero across
the two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.services.recording import load_session
from scorekeeper.storage import Store
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"

P1_CARRY = """\
game pochen
players A B C D
option stack 50
option end_board carry
recorder C
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
"""


def stored(home: Path, sid: int):
    return load_session(Store(home), sid)


def test_new_like_copies_game_seats_options_and_recorder(capsys, home):
    assert run(capsys, "import", str(O1))[1].strip() == "1"
    run(capsys, "record", "1", "recorder B")
    code, out, err = run(capsys, "new", "--like", "1")
    assert (code, out, err) == (0, "2\n", "")
    old, new = stored(home, 1), stored(home, 2)
    assert new.header.game == old.header.game
    assert new.header.players == old.state.seated()
    assert dict(new.header.options) == dict(old.header.options)
    assert new.header.recorder == "B"  # who held the record book last
    assert not new.events
    assert set(new.state.scores.values()) == {0}


def test_the_next_session_plays_for_the_same_money(capsys, home):
    """The rate in force at the end (the last one, not the first) is the new session's
    first entry, its own: changed there, the old session keeps its rate."""
    assert run(capsys, "import", str(O1))[1].strip() == "1"
    run(capsys, "record", "1", "rate 5 JPY", "rate 10 JPY")
    assert run(capsys, "new", "--like", "1")[1] == "2\n"
    new = stored(home, 2)
    assert [(e.kind, dict(e.data)) for e in new.events] == [
        ("rate", {"amount": "10", "currency": "JPY"})
    ]
    run(capsys, "record", "2", "rate 20")
    assert (stored(home, 1).state.rate, stored(home, 2).state.rate) == ("10", "20")
    assert run(capsys, "new", "--like", "2")[0] == 0
    assert [(e.kind, dict(e.data)) for e in stored(home, 3).events] == [
        ("rate", {"amount": "20", "currency": None})
    ]


def test_a_player_who_left_is_not_seated_again(capsys, home, tmp_path):
    text = "game pochen\nplayers A B C D\noption stack 50\nleave D\n"
    path = tmp_path / "left.txt"
    path.write_text(text, encoding="utf-8")
    run(capsys, "import", str(path))
    assert run(capsys, "new", "--like", "1")[0] == 0
    assert stored(home, 2).header.players == ("A", "B", "C")


def test_pochen_carry_opens_with_the_board_and_settles_to_zero_across_both(capsys, home, tmp_path):
    path = tmp_path / "p1.txt"
    path.write_text(P1_CARRY, encoding="utf-8")
    run(capsys, "import", str(path))
    # the deal is over but the session is not: its board is still in play
    code, out, err = run(capsys, "new", "--like", "1")
    assert (code, out) == (2, "")
    assert "12 chips are still on its board: end it first" in err
    run(capsys, "record", "1", "end")
    code, out, err = run(capsys, "new", "--like", "1")
    assert (code, out, err) == (0, "2\n", "")
    second = stored(home, 2)
    carried = {pool: chips for pool, chips in second.header.board.items() if chips}
    assert carried == {"jack": 4, "ten": 4, "sequence": 4}
    assert dict(second.header.shares) == {"A": 3, "B": 3, "C": 3, "D": 3}
    assert second.header.recorder == "C"
    code, out, _ = run(capsys, "show", "2", "--json")
    state = json.loads(out)
    assert state["scores"] == {"A": 47, "B": 47, "C": 47, "D": 47}
    assert state["board"]["jack"] == 4 and sum(state["board"].values()) == 12
    assert state["net"] == {"A": -3, "B": -3, "C": -3, "D": -3}
    # the new journal alone says it: its transcript has the board and the shares
    code, out, _ = run(capsys, "export", "2")
    assert "board jack=4 ten=4 sequence=4\nshares A=3 B=3 C=3 D=3\n" in out
    # the second session is played and ended: the two settle together to the chips won
    run(capsys, "record", "2", "round", "trump spades", "claim A jack", "pass B", "pass C",
        "pass D", "pass A", "out D", "end")  # fmt: skip
    code, out, _ = run(capsys, "show", "2", "--json")
    second_state = json.loads(out)
    assert sum(second_state["net"].values()) == 0
    assert sum(second_state["scores"].values()) == 200
    code, out, err = run(capsys, "settle", "1", "2")
    assert code == 0, err
    assert "A pays" in out or "pays A" in out


def test_share_opens_with_an_empty_board(capsys, home, tmp_path):
    path = tmp_path / "p1.txt"
    path.write_text(P1_CARRY.replace("carry", "share") + "end\n", encoding="utf-8")
    run(capsys, "import", str(path))
    assert run(capsys, "new", "--like", "1")[0] == 0
    second = stored(home, 2)
    assert not second.header.board
    assert set(second.state.scores.values()) == {50}


def test_refusals_in_plain_words(capsys, home):
    code, out, err = run(capsys, "new", "--like", "7")
    assert (code, out) == (2, "")
    assert err == "scorekeeper: There is no session 7.\n"
    code, out, err = run(capsys, "new", "--like", "x")
    assert code == 2 and "Traceback" not in err
    with pytest.raises(SystemExit) as info:  # argparse: the usage and what is missing
        run(capsys, "new")
    assert info.value.code == 2
    assert "--like" in capsys.readouterr().err
