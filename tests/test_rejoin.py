"""A player who left and joins again keeps their seat (transcript.md ``join``, issue 17):
without ``after`` they sit where they sat; with it, where it says. The log says where."""

from __future__ import annotations

import json

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.messages import t
from tests.cli_support import assert_json_export_reimports_the_same, run
from tests.rules_support import assert_transcript_round_trip, enter, refused, stacks

FIVE = ["A", "B", "C", "D", "E"]


def official() -> Session:
    return Session(make_header("indian-official", FIVE))


def said(session: Session, index: int = -1) -> tuple[str, str]:
    key, params = session.describe(index % len(session.events))
    return t(key, "en", **params), t(key, "ja", **params)


def test_a_returning_player_takes_the_old_seat_and_the_parent_follows_it():
    """B leaves after round 1 and comes back after round 2. B's seat is between A and C,
    so round 5 is A's as parent and round 6 B's. Put last (the old bug), B would deal
    round 5 and A pay a child's share: the numbers below would differ."""
    session = official()
    enter(session, "round", "showdown A", "leave B", "round", "showdown C", "join B")
    assert session.state.names() == ("A", "B", "C", "D", "E")
    assert session.state.seated() == ("A", "B", "C", "D", "E")
    assert said(session) == (
        "B comes back to their seat between A and C",
        "Bが元の席に戻る(AとCの間)",
    )
    enter(session, "round", "showdown D", "round", "showdown E")
    before = stacks(session)
    enter(session, "round")
    assert session.state.parent == "A"
    enter(session, "showdown C")
    # parent A pays 2 × 10 to C; B, D and E pay 10 each
    after = stacks(session)
    assert {p: after[p] - before[p] for p in FIVE} == {
        "A": -20, "B": -10, "C": 50, "D": -10, "E": -10
    }  # fmt: skip
    enter(session, "round")
    assert session.state.parent == "B"
    assert sum(stacks(session).values()) == 0
    assert_transcript_round_trip(session)


def test_a_returning_player_keeps_the_seat_number_and_the_standing():
    session = official()
    enter(session, "round", "showdown B", "leave B")
    kept = stacks(session)["B"]
    enter(session, "join b")  # any case: the same player
    assert stacks(session)["B"] == kept == 50
    assert session.state.names().index("B") == 1
    assert [e.data for e in session.events if e.kind == "join"] == [
        {"player": "B", "after": None, "number": 2}
    ]


def test_after_moves_a_returning_player_and_the_log_says_so():
    session = official()
    enter(session, "leave B", "join B after D")
    assert session.state.names() == ("A", "C", "D", "B", "E")
    assert said(session) == (
        "B comes back, now sitting between D and E",
        "Bが戻る(席はDとEの間に移動)",
    )
    # after the player already before them: the same seat
    enter(session, "leave B", "join B after D")
    assert said(session)[0] == "B comes back to their seat between D and E"


def test_a_new_player_sits_last_or_after_the_seat_named():
    session = official()
    enter(session, "join F")
    assert session.state.names()[-1] == "F"
    assert said(session) == ("F joins the table between E and A", "Fが参加(EとAの間)")
    enter(session, "join G after B")
    assert session.state.names() == ("A", "B", "G", "C", "D", "E", "F")
    assert said(session)[0] == "G joins the table between B and C"


def test_the_neighbours_named_are_seated_ones():
    session = official()
    enter(session, "leave C", "leave B")
    enter(session, "join B")
    # C has left: B sits between A and D
    assert said(session)[0] == "B comes back to their seat between A and D"


def test_rejoin_refusals_are_unchanged():
    session = official()
    refused(session, "join B", "rules.already_seated")
    enter(session, "leave B")
    refused(session, "join B after B", "rules.join_after_self")


@pytest.mark.parametrize("game", ["indian-chips", "pochen"])
def test_a_returning_chip_player_keeps_the_seat_and_the_chips(game):
    session = Session(make_header(game, ["A", "B", "C", "D"], {"stack": "30"}))
    enter(session, "leave A", "rebuy A 5", "join A")
    assert session.state.names() == ("A", "B", "C", "D")
    assert stacks(session)["A"] == 35
    enter(session, "round")
    assert session.state.table.players == ("A", "B", "C", "D")
    assert_transcript_round_trip(session)


def test_rejoin_round_trips_through_export_import_and_the_timeline(capsys, home, tmp_path):
    path = tmp_path / "rejoin.txt"
    path.write_text(
        "game indian-official\nplayers A B C D E\n"
        "round\nshowdown A\nleave B\nround\nshowdown C\njoin B\nround\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["players"] == FIVE and state["parent"] == "D"
    assert run(capsys, "import", str(path))[1].strip() == "1"
    exported = tmp_path / "out.txt"
    run(capsys, "export", "1", "--format", "transcript", "-o", str(exported))
    text = exported.read_text(encoding="utf-8")
    assert any(line.split()[-2:] == ["join", "B"] for line in text.splitlines())
    again = read_session(text)
    assert again.state.names() == tuple(FIVE)
    assert_json_export_reimports_the_same(capsys, tmp_path)
    code, out, _ = run(capsys, "timeline", "1", "--json")
    texts = [item["text"] for item in json.loads(out)]
    assert "B comes back to their seat between A and C" in texts
    assert write_transcript(again) in text  # all but the export's comment line


def test_a_state_checkpoint_noted_under_older_rules_is_not_used(tmp_path, capsys, monkeypatch):
    """Sessions folded before this rule put a returning player last: a state checkpoint
    (or statistics) noted then is not picked up, the session is folded again."""
    from dataclasses import replace

    import scorekeeper.services.session_source as source_module
    from scorekeeper.core.events import Entry
    from scorekeeper.core.stats import STATS_VERSION
    from scorekeeper.services.recording import load_session, open_recording
    from scorekeeper.storage import snapshot
    from tests.journal_support import kept_state, vouch_as_writer
    from tests.ui_support import new_store

    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", 4)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    monkeypatch.setattr(snapshot, "STATE_LAG", 2)
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for entry in ("round", "showdown A", "leave B", "round", "showdown C", "join B"):
            kind, *rest = entry.split()
            key = "winner" if kind == "showdown" else "player"
            rec.record(Entry(kind, {key: rest[0]} if rest else {}))
    root = str(store.root)
    assert run(capsys, "--data-dir", root, "record", "1", "note kept")[0] == 0
    taken = kept_state(store, 1)
    assert taken is not None and taken.state["stats"]["version"] == STATS_VERSION
    older = json.loads(json.dumps(taken.state))
    older["stats"]["version"] = STATS_VERSION - 1
    # Even vouched for by the journal, a state noted under other rules is not used.
    vouch_as_writer(store, 1, snapshot.encode_seekable(replace(taken, state=older))[0])
    folded = []
    whole = source_module.fold_checked

    def counted(stored):
        folded.append(1)
        return whole(stored)

    monkeypatch.setattr(source_module, "fold_checked", counted)
    assert run(capsys, "--data-dir", root, "record", "1", "round")[0] == 0
    assert folded  # the older checkpoint was not used
    assert load_session(store, 1).state.names() == tuple(FIVE)
    assert load_session(store, 1).state.parent == "D"


# -- the parent passes through a returning player's seat (issue 35, point 5) -------------
def _round_3_deltas(session: Session) -> dict[str, int]:
    before = stacks(session)
    enter(session, "round", "raise", "fold A", "showdown D")
    after = stacks(session)
    return {p: after[p] - before[p] for p in FIVE}


@pytest.mark.parametrize(
    "lines",
    [
        # C sits out round 2 (parent B) and comes back before round 3
        ("round", "showdown A", "leave C", "round", "showdown B", "join C"),
        # C plays round 2 (parent B), is the next parent, leaves and comes back
        ("round", "showdown A", "round", "showdown B", "leave C", "join C"),
    ],
    ids=["sat-out-round-2", "left-after-round-2"],
)
def test_a_player_back_just_after_the_round_before_their_seat_is_the_next_parent(lines):
    """Five players A–E; round 2's parent is B; C leaves and joins again before round 3.
    As if C had never left, C is round 3's parent and pays double: the stake is 20, A folds
    (pays 20), D wins; parent C pays 2 × 20, B and E 20 each: D collects 100. With D as
    parent (the old bug) D would collect 2 × 20 from B, C and E and A's 20: 140."""
    session = official()
    enter(session, *lines)
    assert session.state.parent == "C"
    assert _round_3_deltas(session) == {"A": -20, "B": -20, "C": -40, "D": 100, "E": -20}
    assert session.state.results[-1].parent == "C"
    assert session.state.parent == "D"  # and the rotation goes on from C
    assert_transcript_round_trip(session)


def test_a_new_player_joining_keeps_the_parent():
    """A NEW player sitting where the rotation has just passed does not take the parent."""
    session = official()
    enter(session, "round", "showdown A", "round", "showdown B", "join F after B")
    assert session.state.parent == "C"
    session = official()
    enter(session, "round", "showdown A", "leave C", "round", "showdown B", "join F after B")
    assert session.state.parent == "D"


def test_a_returning_player_moved_elsewhere_is_seated_as_a_new_one():
    """``join C after E`` is a new seat: the parent stays as it is (the rule for newcomers)."""
    session = official()
    enter(session, "round", "showdown A", "round", "showdown B", "leave C", "join C after E")
    assert session.state.parent == "D"


def test_a_player_whose_turn_is_not_next_does_not_take_it():
    """C left before round 1 and comes back after round 3 (parent D): the rotation has gone
    past C's seat long ago, the next parent stays E."""
    session = official()
    enter(session, "leave C", "round", "showdown A", "round", "showdown B")
    enter(session, "round", "showdown D", "join C")
    assert session.state.results[-1].parent == "D"
    assert session.state.parent == "E"


def test_two_players_back_in_the_gap_take_it_in_seat_order():
    session = official()
    enter(session, "round", "showdown A", "leave C", "leave D", "round", "showdown B")
    assert session.state.parent == "E"
    enter(session, "join D")
    assert session.state.parent == "D"
    enter(session, "join C")
    assert session.state.parent == "C"


def test_the_first_parent_back_before_the_first_round_is_the_parent_again():
    session = official()
    enter(session, "leave A")
    assert session.state.parent == "B"
    enter(session, "join A")
    assert session.state.parent == "A"


@pytest.mark.parametrize(
    ("game", "options", "finish"),
    [
        ("indian-chips", {"stack": "30"}, ("check B", "check C", "check D", "check A",
                                            "showdown A > B > C > D")),
        ("indian-lowest", {}, ("lose A",)),
        ("pochen", {"stack": "50"}, ("trump diamonds", "pass B", "pass C", "pass D",
                                     "pass A", "out A")),
    ],
    ids=["chips", "lowest", "pochen"],
)  # fmt: skip
def test_the_deal_passes_through_a_returning_players_seat_in_every_game(game, options, finish):
    """Four players, dealer A in deal 1; B is the next dealer, leaves and comes back: B
    deals deal 2, as if B had never left (today's bug made C the dealer)."""
    session = Session(make_header(game, ["A", "B", "C", "D"], options))
    enter(session, "round", *finish)
    assert session.state.parent == "B"
    enter(session, "leave B")
    assert session.state.parent == "C"
    enter(session, "join B", "round")
    assert session.state.parent == "B"
    assert session.state.table is not None and session.state.table.players == ("A", "B", "C", "D")
    assert_transcript_round_trip(session)


def _events_recorded_before(lines: list[tuple[str, dict]]) -> list:
    """Events as the program stored them before joins kept their number (issue 35)."""
    from datetime import UTC, datetime, timedelta

    from scorekeeper.core.events import Event, frozen

    start = datetime(2026, 11, 1, 19, 0, tzinfo=UTC)
    return [
        Event(seq, start + timedelta(minutes=seq), "A", kind, frozen(data))
        for seq, (kind, data) in enumerate(lines, start=1)
    ]


OLD_SESSION = [
    ("round", {}), ("showdown", {"winner": "A"}), ("round", {}), ("showdown", {"winner": "B"}),
    ("leave", {"player": "C"}), ("join", {"player": "C", "after": None}),
    ("round", {}), ("fold", {"player": "C"}), ("showdown", {"winner": "D"}),
]  # fmt: skip


def test_a_session_stored_before_the_rule_opens_as_it_did(tmp_path):
    """Its join was recorded without a number: the parent stayed D then, and C folded as a
    child in round 3, an entry the new rule (C the parent) would refuse. It opens, folds as
    it was recorded, and takes new entries; a join recorded now follows the new rule."""
    from scorekeeper.services.recording import create_session, load_session, open_recording
    from scorekeeper.storage import Store

    header = make_header("indian-official", FIVE)
    store = Store(tmp_path / "data")
    create_session(store, header, _events_recorded_before(OLD_SESSION))
    session = load_session(store, 1)
    assert session.state.results[-1].parent == "D"
    assert stacks(session) == {"A": 40, "B": 40, "C": -50, "D": 30, "E": -60}
    with open_recording(store, 1) as rec:  # and it goes on, a new join under the new rule
        rec.record(parse_entry_words(rec.session, "leave E"))
        assert rec.session.state.parent == "A"
        rec.record(parse_entry_words(rec.session, "join E"))
        assert rec.session.state.parent == "E"  # E was the next parent, left, came back
        rec.record(parse_entry_words(rec.session, 'correct 1 "wrong winner" "showdown B"'))
    again = load_session(store, 1)  # the correction replayed both joins as recorded
    assert again.state.parent == "E" and again.state.results[2].parent == "D"
    assert again.state.scores["C"] == -40 and again.state.scores["B"] == 110
    # the same entries typed today follow the rule: round 3's fold of C is refused
    today = official()
    enter(today, "round", "showdown A", "round", "showdown B", "leave C", "join C", "round")
    refused(today, "fold C", "rules.official.parent_folds")


def parse_entry_words(session: Session, line: str):
    from scorekeeper.core.words import parse_entry, split_line

    return parse_entry(session.game, split_line(line))
