"""The command line after an evening's walk (issue 43, point 7 and 8): ``leave`` of a player
who has already left says so, ``replay --json`` and ``show --json`` carry each player's
number, and ``list`` names games in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_support import run

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

#: Three of a four-seat table: B leaves, E joins after A, then B comes back to their seat.
SEATS = """\
game indian-official
players A B C D
round
showdown A
leave B
join E after A
join B
"""


def test_leave_of_a_player_who_left_says_so_in_both_languages(capsys, home, tmp_path):
    path = tmp_path / "three.txt"
    path.write_text("game indian-official\nplayers A B C D\nleave C\n", encoding="utf-8")
    assert run(capsys, "import", str(path))[1].strip() == "1"
    # three are left, so nobody else may leave: but C's leave is refused for what it is
    code, out, err = run(capsys, "record", "1", "leave C")
    assert (code, out) == (2, "")
    assert err == "1: leave C: C has already left the table\n"
    code, out, err = run(capsys, "--lang", "ja", "record", "1", "leave c")
    assert (code, out) == (2, "")
    assert err == "1: leave c: Cはすでに抜けています\n"
    # a seated player's leave still says why nobody may leave now
    code, _, err = run(capsys, "--lang", "en", "record", "1", "leave D")
    assert code == 2 and "at least 3 players must stay" in err


@pytest.mark.parametrize("command", ["replay", "show"])
def test_the_state_json_carries_each_players_number(capsys, home, tmp_path, command):
    path = tmp_path / "seats.txt"
    path.write_text(SEATS, encoding="utf-8")
    if command == "show":
        run(capsys, "import", str(path))
    code, out, _ = run(capsys, command, "1" if command == "show" else str(path), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["players"] == ["A", "E", "B", "C", "D"]
    # E sits after A but takes the next free number; B keeps 2
    assert state["numbers"] == {"A": 1, "E": 5, "B": 2, "C": 3, "D": 4}
    assert list(state["numbers"]) == state["players"]


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Official", "Chips", "Pochen"]),
        ("ja", ["公式", "チップ", "ポッヘン"]),
    ],
)
def test_list_names_games_in_the_readers_language(capsys, home, lang, names):
    for example in ("o1.txt", "c1.txt", "p1.txt"):
        run(capsys, "import", str(EXAMPLES / example))
    code, out, _ = run(capsys, "--lang", lang, "list")
    assert code == 0
    rows = out.splitlines()[1:]
    assert sorted(row.split()[1] for row in rows) == sorted(names)
    assert "indian-" not in out and "pochen" not in out
    # the JSON keeps the game's id, for programs
    _, listed, _ = run(capsys, "list", "--json")
    assert sorted(s["game"] for s in json.loads(listed)) == [
        "indian-chips",
        "indian-official",
        "pochen",
    ]
