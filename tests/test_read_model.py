"""The read side of every game with the exact numbers of the worked examples (rules.md):
headline, round view, net, and the round results in numbers; and the three reproductions
of issue 11 (a correction, then every view; net with rebuys; replaced entries marked)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.core.read_model import Headline
from scorekeeper.core.standings import net_history, standings
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import read_session
from tests.cli_support import run
from tests.rules_support import enter
from tests.test_export import example

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
O1_HEAD = "game indian-official\nplayers A B C D E\n"


def test_o1_headline_round_view_and_round_results():
    session = read_session(O1_HEAD)
    game = session.game
    assert game.headline(session.state) == Headline("stake", 10, False, 160)
    assert game.round_view(session.state) is None
    enter(session, "round", "fold B", "raise", "fold C")
    state = session.state
    assert game.headline(state) == Headline("stake", 20, True, 160)
    view = game.round_view(state)
    assert view is not None
    assert dict(view.folded) == {"B": 10, "C": 20}  # the stake each folded at
    assert view.live == ("A", "D", "E") and view.stake == 20 and view.to_act is None
    enter(session, "showdown D")
    result = session.state.results[-1]
    # Round 1 of O1: D collects A's 2x20, E's 20, B's 10 and C's 20 = 90
    assert result.winners == ("D",) and result.folded == ("B", "C")
    assert dict(result.paid) == {"B": 10, "C": 20, "A": 40, "E": 20}
    assert dict(result.received) == {"D": 90}
    assert result.stake == 20
    assert dict(result.scores) == {"A": -40, "B": -10, "C": -20, "D": 90, "E": -20}


def test_o1_net_is_the_points_and_orders_the_standings():
    session = example("o1")
    state = session.state
    assert session.game.net(state) == {"A": 730, "B": -100, "C": -370, "D": -50, "E": -210}
    assert [s.player for s in standings(state)] == ["A", "D", "B", "E", "C"]
    assert net_history(session.game, state)["A"] == [0, -40, -60, 740, 730]
    # round 3: A (KC) wins at 160; C the parent pays 2x160, B and E 160, D's fold 160
    third = state.results[2]
    assert third.winners == ("A",) and third.stake == 160
    assert dict(third.paid) == {"D": 160, "C": 320, "E": 160, "B": 160}
    assert dict(third.received) == {"A": 800}


def test_c1_split_pot_in_numbers():
    session = example("c1")
    result = session.state.results[-1]
    assert result.winners == ("B", "C")  # each winner of the split pot
    assert dict(result.paid) == {"A": 1, "B": 9, "C": 9, "D": 9}
    assert dict(result.received) == {"A": 0, "B": 14, "C": 14, "D": 0}
    assert result.stake == 28
    net = session.game.net(session.state)
    assert net == {"A": -1, "B": 5, "C": 5, "D": -9}


def test_c2_net_ranks_the_short_stack_first():
    session = example("c2")
    state = session.state
    assert dict(state.scores) == {"A": 20, "B": 7, "C": 11, "D": 27}
    net = session.game.net(state)
    assert net == {"A": 15, "B": -13, "C": -9, "D": 7}  # A started with 5 chips
    assert [s.player for s in standings(state)] == ["A", "D", "C", "B"]
    assert state.results[-1].winners == ("A", "D")


def test_c2_betting_round_view_pots_and_to_call():
    text = (EXAMPLES / "c2.txt").read_text(encoding="utf-8").split("raise D")[0]
    session = read_session(text)  # after bet A, raise B, call C: D to act
    view = session.game.round_view(session.state)
    assert view is not None
    assert view.to_act == "D" and view.to_call == 8  # D is in for 1, the high is 9
    assert dict(view.committed) == {"A": 5, "B": 9, "C": 9, "D": 1}
    assert view.pot == 24 and view.stake == 9
    # the pots as the chips lie now: D (in for 1) can only win the antes' layer so far
    assert [(p.amount, p.eligible) for p in view.pots] == [
        (4, ("A", "B", "C", "D")),
        (12, ("A", "B", "C")),
        (8, ("B", "C")),
    ]
    assert session.game.headline(session.state) == Headline("pot", 24, True)
    assert sum(session.game.net(session.state).values()) == -24  # the pot is nobody's yet


def test_l1_net_is_minus_the_losses():
    session = example("l1")
    state = session.state
    assert dict(state.scores) == {"A": 0, "B": 1, "C": 0, "D": 1}
    assert session.game.net(state) == {"A": 0, "B": -1, "C": 0, "D": -1}
    assert state.results[-1].winners == ("A", "C")
    assert session.game.headline(state) == Headline("round", 2, False)


def test_p1_net_counts_the_board_as_nobodys():
    text = (EXAMPLES / "p1.txt").read_text(encoding="utf-8")
    session = read_session(text.split("# deal 2")[0].rsplit("round", 1)[0])  # after deal 1
    state = session.state
    assert dict(state.scores) == {"A": 41, "B": 49, "C": 50, "D": 48}
    net = session.game.net(state)
    assert net == {"A": -9, "B": -1, "C": 0, "D": -2}
    assert sum(net.values()) == -12  # jack, ten and sequence hold 4 each
    assert [s.player for s in standings(state)] == ["C", "B", "D", "A"]


def test_p1_a_pass_facing_a_bet_is_a_fold():
    text = (EXAMPLES / "p1.txt").read_text(encoding="utf-8").split("show C=")[0]
    session = read_session(text)
    view = session.game.round_view(session.state)
    assert view is not None
    assert dict(view.folded) == {"A": 0, "B": 0}  # B passed, then answered C's bet by folding
    assert view.to_act is None and view.pot == 6


# -- issue 11's reproductions, through the command line ---------------------------------


def test_a_correction_then_every_export_settle_stats_and_the_timeline(capsys, home):
    assert run(capsys, "import", str(EXAMPLES / "o1.txt"))[0] == 0
    code, _, err = run(capsys, "correct", "1", "3", "--reason", "E had the ace",
                       "raise", "raise", "raise", "raise", "fold D", "showdown E")  # fmt: skip
    assert code == 0, err
    for fmt in ("transcript", "json", "csv", "md", "html"):
        code, out, err = run(capsys, "export", "1", "--format", fmt)
        assert code == 0 and err == "", (fmt, err)
    _, csv_text, _ = run(capsys, "export", "1", "--format", "csv")
    rows = csv_text.lstrip("\ufeff").splitlines()
    assert (
        rows[3] == "3,C,160,E won the showdown at 160,-160,-220,-160,-90,-320,-360,-160,-90,800,760"
    )
    code, out, _ = run(capsys, "settle", "1")
    assert code == 0 and out.splitlines() == [
        "A pays E 230", "B pays E 100", "C pays E 370", "D pays E 50"
    ]  # fmt: skip
    code, out, _ = run(capsys, "stats", "--json")
    assert code == 0
    assert {row["player"]: row["net"] for row in json.loads(out)} == {
        "E": 750, "D": -50, "B": -100, "A": -230, "C": -370
    }  # fmt: skip
    code, out, _ = run(capsys, "timeline", "1", "--round", "3", "--json")
    entries = json.loads(out)
    assert [(e["n"], e["superseded_by"]) for e in entries] == [
        (8, None), (9, 20), (10, 20), (11, 20), (12, 20), (13, 20), (14, 20), (20, None)
    ]  # fmt: skip
    assert entries[-1]["corrects"] == 3 and entries[1]["text"] == "stake 10 → 20"
    code, out, _ = run(capsys, "timeline", "1", "--round", "3")
    assert out.splitlines()[1].endswith("stake 10 → 20 (replaced by correction #20)")


def test_chip_standings_order_by_net_after_a_rebuy(capsys, home, tmp_path):
    game = tmp_path / "game.txt"
    game.write_text(
        "game indian-chips\nplayers A B C\noption stack 20\n"
        "round\ncheck B\nbet C\nfold A\nfold B\nrebuy B 20\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "replay", str(game))
    assert code == 0
    assert [line.split() for line in out.splitlines()[1:]] == [
        ["1", "C", "22", "chips", "net", "+2"],
        ["2", "A", "19", "chips", "net", "-1"],
        ["2", "B", "39", "chips", "net", "-1"],  # B holds the most chips but is 1 down
    ]
    _, out, _ = run(capsys, "replay", str(game), "--json")
    doc = json.loads(out)
    assert doc["net"] == {"A": -1, "B": -1, "C": 2}
    assert doc["results"][0]["winners"] == ["C"]
    assert doc == state_json(read_session(game.read_text(encoding="utf-8")))
