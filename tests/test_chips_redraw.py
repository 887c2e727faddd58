"""Indian Poker with chips, ``option redraw`` (rules.md §2, seed 001's local rule, issue 17):
one redraw per player per round, before the betting closes; ``redraw X`` in a transcript."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.timeline import timeline
from scorekeeper.messages import t
from tests.cli_support import assert_json_export_reimports_the_same, run
from tests.rules_support import (
    T0,
    assert_transcript_round_trip,
    choices,
    enter,
    kinds,
    refused,
    stacks,
)

FOUR = ["A", "B", "C", "D"]
C1 = ["check B", "bet C", "raise D", "fold A", "call B", "call C"]


def chips(**options) -> Session:
    return Session(make_header("indian-chips", FOUR, {"stack": "20", **options}))


def test_redraw_is_off_by_default():
    session = chips()
    assert session.state.options["redraw"] is False
    enter(session, "round")
    assert "redraw" not in kinds(session)
    error = refused(session, "redraw B", "rules.redraw.off")
    assert error.message("en") == "this session is played without redraws (option redraw false)"
    assert error.message("ja") == "このセッションは引き直しなしです(引き直しの設定が「いいえ」)"


def test_one_redraw_per_player_per_round_in_or_out_of_turn():
    session = chips(redraw="true")
    enter(session, "round")
    assert choices(session, "redraw") == tuple(FOUR)
    enter(session, "redraw D")  # B is to act: a redraw is not a turn
    assert session.state.table.redraws == {"D"}
    assert session.state.table.betting.turn(session.state) == "B"
    assert session.describe(1) == ("log.redraw", {"player": "D"})
    assert choices(session, "redraw") == ("A", "B", "C")
    error = refused(session, "redraw d", "rules.redraw.twice")
    assert error.message("en") == "D has already redrawn in round 1"
    assert error.message("ja") == "Dはラウンド1ですでに引き直しています"
    refused(session, "redraw E", "rules.unknown_player")
    # C1 with redraws in between: the same chips (a redraw moves none)
    enter(session, "check B", "redraw B", "bet C", "raise D", "fold A")
    assert choices(session, "redraw") == ("C",)  # A folded; B and D have redrawn
    error = refused(session, "redraw A", "rules.chips.redraw_folded")
    assert error.message("en") == "A has folded: there is no card left to redraw"
    assert error.message("ja") == "Aは降りたので、引き直すカードがありません"
    enter(session, "redraw C", "call B")
    assert "redraw" not in kinds(session)  # nobody still in has a redraw left
    error = refused(session, "redraw A", "rules.redraw.all_used")
    assert error.message("en") == "everyone still in has already redrawn in round 1"
    enter(session, "call C")
    # the betting has closed: the cards are as good as shown
    assert kinds(session)[0] == "showdown" and "redraw" not in kinds(session)
    refused(session, "redraw B", "rules.chips.redraw_closed")  # whoever it names
    session2 = chips(redraw="true")
    enter(session2, "round", *C1)
    error = refused(session2, "redraw B", "rules.chips.redraw_closed")
    assert error.message("en") == "the betting has closed, so it is too late to redraw"
    assert error.message("ja") == "賭けが締め切られたので、もう引き直せません"
    enter(session, "showdown cards B=KS C=KH D=9C")
    assert stacks(session) == {"A": 19, "B": 25, "C": 25, "D": 11}
    # a new round: everyone may redraw again
    enter(session, "round", "redraw D")
    assert session.state.table.redraws == {"D"}


def test_an_all_in_player_may_still_redraw_before_the_betting_closes():
    session = Session(
        make_header("indian-chips", FOUR, {"stack": "20", "redraw": "true"}, stacks={"A": 5})
    )
    enter(session, "round", "check B", "bet C", "call D", "call A")
    assert stacks(session)["A"] == 0
    assert "A" in choices(session, "redraw")
    enter(session, "redraw A")


def test_redraw_survives_transcript_json_and_the_timeline(capsys, home, tmp_path):
    session = chips(redraw="true")
    enter(session, "round", "redraw B", *C1[:3], "redraw C", *C1[3:], "showdown C > B = D")
    assert_transcript_round_trip(session)
    texts = [
        t(item.key, "en", **item.params) for item in timeline(session) if item.kind == "redraw"
    ]
    assert texts == ["B redraws", "C redraws"]
    path = tmp_path / "c1.txt"
    path.write_text(
        "game indian-chips\nplayers A B C D\noption stack 20\noption redraw true\n"
        "round\nredraw B\ncheck B\nbet C\nraise D\nredraw C\nfold A\ncall B\ncall C\n"
        "showdown cards B=KS C=KH D=9C\n",
        encoding="utf-8",
    )
    assert run(capsys, "import", str(path))[1].strip() == "1"
    exported = tmp_path / "out.txt"
    run(capsys, "export", "1", "--format", "transcript", "-o", str(exported))
    text = exported.read_text(encoding="utf-8")
    assert "option redraw true" in text
    entries = [line.split()[1:] for line in text.splitlines() if line.startswith("@")]
    assert [words for words in entries if words[0] == "redraw"] == [
        ["redraw", "B"],
        ["redraw", "C"],
    ]
    code, out, _ = run(capsys, "replay", str(exported), "--json")
    assert code == 0 and json.loads(out)["scores"] == {"A": 19, "B": 25, "C": 25, "D": 11}
    assert_json_export_reimports_the_same(capsys, tmp_path)
    code, out, _ = run(capsys, "timeline", "1", "--json")
    assert [i["text"] for i in json.loads(out) if "redraw" in i["text"]] == [
        "B redraws",
        "C redraws",
    ]


def test_a_redraw_in_a_replay_with_the_option_off_is_refused_at_its_line(capsys, home, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("game indian-chips\nplayers A B C\nround\nredraw B\n", encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert err == f"{path}:4: this session is played without redraws (option redraw false)\n"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_rounds_with_redraws_conserve_chips_and_undo_exactly(data):
    """Redraws mixed into random betting: chips never move on a redraw, a player redraws
    at most once a round, never after folding or after the betting closed; undo restores."""
    session = chips(redraw="true", bet="3")
    history = []
    for _ in range(data.draw(st.integers(1, 60))):
        state = session.state
        actions = [a for a in session.legal() if a.kind not in ("end", "leave", "recorder")]
        action = data.draw(st.sampled_from(actions))
        if action.kind == "showdown":
            order = data.draw(st.permutations(list(action.choices)))
            entry = Entry("showdown", {"ranking": [[p] for p in order]})
        elif action.kind in ("note", "rate", "join", "rebuy", "proposals"):
            continue
        elif action.kind == "redraw" and data.draw(st.booleans()):
            # anyone at all, the rules decide
            entry = Entry("redraw", {"player": data.draw(st.sampled_from(FOUR))})
        else:
            pick = data.draw(st.sampled_from(action.choices)) if action.choices else ""
            entry = Entry(action.kind, {"player": pick} if pick else {})
        try:
            event = session.check(entry, T0)
        except RuleError as error:
            assert entry.kind == "redraw", error.message("en")
            table = state.table
            who = entry.data["player"]
            assert (
                who in table.redraws
                or who in table.betting.folded
                or who not in table.betting.players  # not dealt in (no chips left)
                or table.betting.turn(state) is None
            )
            continue
        session.commit(event)
        after = session.state
        if event.kind == "undo":
            assert after == history.pop()
            continue
        history.append(state)
        pot = after.table.pot if after.in_round else 0
        assert sum(after.scores.values()) + pot == 80
        if event.kind == "redraw":
            assert after.scores == state.scores
            assert after.table.betting == state.table.betting
            assert after.table.redraws == state.table.redraws | {event.data["player"]}
