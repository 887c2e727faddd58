"""Indian Poker, official points rules (rules.md §1): worked example O1, options, errors."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from tests.rules_support import T0, choices, enter, kinds, refused

FIVE = ["A", "B", "C", "D", "E"]
#: The entries offered in and between rounds until the end, in legal()'s order.
SHARED = ["note", "rate", "recorder", "proposals"]


def new_session(players=FIVE, parent=None, **options) -> Session:
    return Session(make_header("indian-official", players, options or None, parent=parent))


def scores(session: Session) -> list[int]:
    return [session.state.scores[name] for name in session.state.names()]


# -- worked example O1 -----------------------------------------------------------


O1_ROUNDS = [
    (["round", "fold B", "raise", "fold C", "showdown D"], [-40, -10, -20, 90, -20], "B"),
    (["round", "showdown B"], [-60, 70, -40, 70, -40], "C"),
    (
        [
            "round",
            "raise",
            "raise",
            "raise",
            "raise",
            "fold D",
            "showdown cards C=AS E=2H A=KC B=QD",
        ],
        [740, -90, -360, -90, -200],
        "D",
    ),
    (["round", "fold E", "fold A", "fold B", "fold C"], [730, -100, -370, -50, -210], "E"),
]


def test_o1_round_by_round():
    session = new_session()
    assert session.state.parent == "A"
    assert scores(session) == [0, 0, 0, 0, 0]
    for number, (lines, expected, next_parent) in enumerate(O1_ROUNDS, start=1):
        enter(session, *lines)
        assert scores(session) == expected, f"after round {number}"
        assert sum(session.state.scores.values()) == 0
        assert session.state.round == number
        assert not session.state.in_round
        assert session.state.parent == next_parent
        assert session.state.table is None
    assert not session.state.finished
    results = session.state.results
    assert [r.parent for r in results] == ["A", "B", "C", "D"]
    assert [r.details["winner"] for r in results] == ["D", "B", "A", "D"]
    assert [r.details["stake"] for r in results] == [20, 10, 160, 10]
    assert [r.how for r in results] == [
        "result.official.showdown",
        "result.official.showdown",
        "result.official.showdown",
        "result.official.all_folded",
    ]
    assert dict(results[0].deltas) == {"A": -40, "B": -10, "C": -20, "D": 90, "E": -20}
    assert dict(results[2].deltas) == {"A": 800, "B": -160, "C": -320, "D": -160, "E": -160}
    assert [(c.round, c.old, c.new) for c in session.state.stake_history] == [
        (1, 10, 20),
        (3, 10, 20),
        (3, 20, 40),
        (3, 40, 80),
        (3, 80, 160),
    ]


def test_o1_round3_winner_by_cards_is_a_and_fifth_raise_is_refused():
    session = new_session()
    enter(session, *O1_ROUNDS[0][0], *O1_ROUNDS[1][0])
    enter(session, "round", "raise", "raise", "raise", "raise")
    assert session.state.table.stake == 160
    assert session.state.parent == "C"
    assert "raise" not in kinds(session)
    error = refused(session, "raise", "rules.official.at_cap")
    assert error.params == {"cap": 160}
    assert error.message("en") == "the stake is at the cap (160)"
    enter(session, "fold D", "showdown cards C=AS E=2H A=KC B=QD")
    assert session.state.results[-1].details["winner"] == "A"
    assert scores(session) == [740, -90, -360, -90, -200]
    # the event keeps the cards in canonical spelling
    assert dict(session.events[-1].data["cards"]) == {"C": "AS", "E": "2H", "A": "KC", "B": "QD"}


def test_o1_log_describes_each_entry():
    session = new_session()
    enter(session, *O1_ROUNDS[0][0])
    described = [session.describe(i) for i in range(len(session.events))]
    assert described == [
        ("log.round.parent", {"round": 1, "parent": "A"}),
        ("log.official.fold", {"player": "B", "stake": 10}),
        ("log.official.raise", {"old": 10, "new": 20}),
        ("log.official.fold", {"player": "C", "stake": 20}),
        ("log.official.showdown", {"winner": "D", "stake": 20}),
    ]
    enter(session, *O1_ROUNDS[1][0])
    enter(session, *O1_ROUNDS[2][0])
    key, params = session.describe(len(session.events) - 1)
    assert key == "log.official.showdown_cards"
    assert params == {"winner": "A", "stake": 160, "cards": "C AS, E 2H, A KC, B QD"}
    enter(session, "undo")
    log = session.log()
    assert log[-1].key == "log.undo"
    assert log[-1].params["what"] == (key, params)
    assert log[-2].voided_by == log[-1].event.seq
    assert all(line.voided_by is None for line in log[:-2])
    assert scores(session) == [-60, 70, -40, 70, -40]


def test_check_changes_nothing_until_commit():
    session = new_session()
    state = session.state
    event = session.check(Entry("round"), T0)
    assert event.seq == 1
    assert event.recorder == "A"
    assert event.at == T0
    assert session.state is state
    assert session.events == []
    session.commit(event)
    assert session.events == [event]
    assert session.state.in_round
    assert session.state.round == 1


# -- suits, cap and options -------------------------------------------------------


@pytest.mark.parametrize(
    ("suits", "winner", "expected"),
    [("sanma", "A", [30, -20, -10]), ("hokuto", "B", [-20, 30, -10])],
)
def test_suits_break_rank_ties(suits, winner, expected):
    session = new_session(["A", "B", "C"], suits=suits)
    enter(session, "round", "fold C", "showdown cards A=KS B=KH")
    assert session.state.results[-1].details["winner"] == winner
    assert scores(session) == expected


def test_ace_is_lowest_in_the_showdown():
    session = new_session(["A", "B", "C"])
    enter(session, "round", "showdown cards A=AS B=2C C=3C")
    assert session.state.results[-1].details["winner"] == "C"
    # the parent A pays 2s to C, B pays s
    assert scores(session) == [-20, -10, 30]


def test_cap_limits_the_stake_not_the_parents_double_payment():
    session = new_session(["A", "B", "C"])
    enter(session, "round", "raise", "raise", "raise", "raise", "showdown A")
    # every contesting child pays 2 x 160 = 320 to the parent
    assert scores(session) == [640, -320, -320]
    enter(session, "round", "raise", "raise", "raise", "raise", "showdown C")
    # parent B pays 2 x 160 = 320 to C; A pays 160
    assert dict(session.state.results[-1].deltas) == {"A": -160, "B": -320, "C": 480}


@pytest.mark.parametrize(("cap", "raises"), [("160", 4), ("320", 5), ("640", 6)])
def test_cap_options(cap, raises):
    session = new_session(cap=cap)
    enter(session, "round", *["raise"] * raises)
    assert session.state.table.stake == int(cap)
    assert session.state.options["cap"] == int(cap)
    assert "raise" not in kinds(session)
    error = refused(session, "raise", "rules.official.at_cap")
    assert error.params == {"cap": int(cap)}


def test_cap_none_lets_the_stake_pass_640():
    session = new_session(["A", "B", "C"], cap="none")
    assert session.state.options["cap"] is None
    enter(session, "round", *["raise"] * 8)
    assert session.state.table.stake == 2560
    assert "raise" in kinds(session)
    enter(session, "showdown A")
    assert scores(session) == [10240, -5120, -5120]


def test_base_15_with_cap_160_refuses_120_to_240():
    session = new_session(base="15")
    enter(session, "round")
    assert session.state.table.stake == 15
    enter(session, "raise", "raise", "raise")
    assert session.state.table.stake == 120
    assert "raise" not in kinds(session)
    error = refused(session, "raise", "rules.official.past_cap")
    assert error.params == {"cap": 160, "stake": 120, "next": 240}
    enter(session, "fold B", "showdown A")
    # C, D, E pay 2 x 120; B's fold paid 120
    assert scores(session) == [840, -120, -240, -240, -240]


def test_next_round_starts_at_base_again():
    session = new_session(base="15")
    enter(session, "round", "raise", "showdown A", "round")
    assert session.state.table.stake == 15
    assert session.state.parent == "B"


@pytest.mark.parametrize(("base", "cap"), [("200", None), ("161", "160"), ("400", "320")])
def test_cap_below_base_refused_at_header(base, cap):
    options = {"base": base} | ({"cap": cap} if cap else {})
    with pytest.raises(RuleError) as info:
        make_header("indian-official", FIVE, options)
    assert info.value.key == "rules.official.cap_below_base"
    # every cap is at least 160 > the default base, so only a typed base can cause it
    assert info.value.field == "base"


@pytest.mark.parametrize(("base", "cap"), [("160", "160"), ("1000", "none"), ("1", "640")])
def test_cap_at_or_above_base_accepted(base, cap):
    header = make_header("indian-official", FIVE, {"base": base, "cap": cap})
    assert header.options["base"] == int(base)


@pytest.mark.parametrize(
    ("option", "value", "key"),
    [
        ("base", "0", "rules.option_number"),
        ("base", "ten", "rules.option_number"),
        ("cap", "200", "rules.option_choice"),
        ("suits", "none", "rules.option_choice"),
        ("parent_double_folds", "maybe", "rules.option_bool"),
        ("rounds", "-1", "rules.option_number"),
        ("joker", "true", "rules.unknown_option"),
    ],
)
def test_bad_option_values(option, value, key):
    with pytest.raises(RuleError) as info:
        make_header("indian-official", FIVE, {option: value})
    assert info.value.key == key
    assert info.value.field == option


def test_default_options():
    header = make_header("indian-official", FIVE)
    assert dict(header.options) == {
        "base": 10,
        "cap": 160,
        "suits": "sanma",
        "parent_double_folds": False,
        "rounds": 0,
    }
    assert header.parent == "A"
    assert header.recorder == "A"


# -- parent_double_folds -----------------------------------------------------------

FOUR = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("double", "expected"), [("false", [70, -10, -20, -40]), ("true", [100, -20, -40, -40])]
)
def test_parent_double_folds_when_the_parent_wins_a_showdown(double, expected):
    session = new_session(FOUR, parent_double_folds=double)
    enter(session, "round", "fold B", "raise", "fold C", "showdown A")
    assert scores(session) == expected


@pytest.mark.parametrize(
    ("double", "expected"), [("false", [30, -10, -20]), ("true", [60, -20, -40])]
)
def test_parent_double_folds_when_every_child_folds(double, expected):
    session = new_session(["A", "B", "C"], parent_double_folds=double)
    enter(session, "round", "fold B", "raise", "fold C")
    assert not session.state.in_round
    assert session.state.results[-1].how == "result.official.all_folded"
    assert scores(session) == expected


@pytest.mark.parametrize("double", ["false", "true"])
def test_parent_double_folds_not_for_a_winning_child(double):
    session = new_session(FOUR, parent_double_folds=double)
    enter(session, "round", "fold B", "raise", "fold C", "showdown D")
    assert scores(session) == [-40, -10, -20, 70]


# -- rounds, join and leave ---------------------------------------------------------


def test_rounds_option_ends_the_session():
    session = new_session(["A", "B", "C"], rounds="2")
    enter(session, "round", "showdown A")
    assert not session.state.finished
    enter(session, "round", "showdown C")
    assert session.state.finished
    assert scores(session) == [30, -40, 10]
    assert kinds(session) == ["undo", "note", "rate", "recorder"]
    refused(session, "round", "rules.session_ended")
    refused(session, "join F", "rules.session_ended")
    refused(session, "end", "rules.session_ended")
    # notes, a new recorder and undo are still allowed
    enter(session, "note the bus came", "recorder B")
    assert session.state.recorder == "B"
    enter(session, "undo", "undo")  # voids the handover, then the note
    assert session.state.finished
    assert session.state.recorder == "A"
    enter(session, "undo")  # voids the showdown that ended round 2
    assert not session.state.finished
    assert session.state.in_round
    assert session.state.recorder == "A"


def test_end_finishes_the_session():
    session = new_session()
    enter(session, "round", "showdown A", "end")
    assert session.state.finished
    refused(session, "round", "rules.session_ended")


def test_join_after_a_seat_and_last():
    session = new_session(FOUR)
    enter(session, "join F after B")
    assert session.state.names() == ("A", "B", "F", "C", "D")
    assert session.state.scores["F"] == 0
    enter(session, "join G")
    assert session.state.names() == ("A", "B", "F", "C", "D", "G")
    enter(session, "round")
    assert session.state.table.players == ("A", "B", "F", "C", "D", "G")
    enter(session, "showdown A")
    assert scores(session) == [100, -20, -20, -20, -20, -20]
    assert session.state.parent == "B"
    enter(session, "round", "showdown B")
    assert session.state.parent == "F"


def test_rejoin_keeps_the_score():
    session = new_session(FOUR)
    enter(session, "round", "showdown B")
    assert dict(session.state.scores) == {"A": -20, "B": 40, "C": -10, "D": -10}
    assert session.state.parent == "B"
    enter(session, "leave B")
    # B was the next parent: parenthood passes to B's left
    assert session.state.parent == "C"
    assert session.state.seated() == ("A", "C", "D")
    assert session.state.scores["B"] == 40
    enter(session, "round")
    assert session.state.table.players == ("A", "C", "D")
    refused(session, "fold B", "rules.not_in_round")
    enter(session, "showdown C")
    assert dict(session.state.scores) == {"A": -40, "B": 40, "C": 30, "D": -30}
    assert session.state.parent == "D"
    enter(session, "join b after A")  # any case finds the player who left
    assert session.state.names() == ("A", "B", "C", "D")
    assert session.state.seated() == ("A", "B", "C", "D")
    assert dict(session.state.scores) == {"A": -40, "B": 40, "C": 30, "D": -30}


def test_leave_of_the_last_seat_passes_parenthood_around():
    session = new_session(FOUR, parent="D")
    enter(session, "leave D")
    assert session.state.parent == "A"
    enter(session, "round", "showdown A")
    assert session.state.parent == "B"


def test_leave_of_someone_else_keeps_the_parent():
    session = new_session(FOUR)
    enter(session, "leave C")
    assert session.state.parent == "A"
    enter(session, "round", "showdown A", "round")
    assert session.state.parent == "B"
    enter(session, "showdown B")
    assert session.state.parent == "D"


def test_leaving_below_three_is_refused():
    session = new_session(["A", "B", "C"])
    assert "leave" not in kinds(session)
    error = refused(session, "leave C", "rules.too_few_to_leave")
    assert error.params == {"min": 3}  # nobody may leave: the same words for the key "l"
    assert session.why_not("leave") is not None
    assert session.why_not("leave").message("en") == error.message("en")


def test_leave_twice_is_refused():
    session = new_session([*FOUR, "E"])  # four stay: another may leave, but not C again
    enter(session, "leave C")
    refused(session, "leave C", "rules.already_left")


def test_join_of_someone_seated_is_refused():
    session = new_session(FOUR)
    refused(session, "join a", "rules.already_seated")


def test_join_past_52_is_refused():
    session = new_session([f"P{i}" for i in range(52)])
    assert "join" not in kinds(session)
    refused(session, "join Z", "rules.too_many")


# -- every error, with its key, changing nothing -----------------------------------

AT = "@2026-11-29T21:00:00+09:00"


@pytest.mark.parametrize(
    ("setup", "line", "key"),
    [
        (["round"], "fold A", "rules.official.parent_folds"),
        (["round", "raise", "raise", "raise", "raise"], "raise", "rules.official.at_cap"),
        (["round", "fold B"], "fold B", "rules.official.folded_twice"),
        (["round", "fold B"], "fold b", "rules.official.folded_twice"),
        (["round"], "fold Z", "rules.unknown_player"),
        (["round"], "showdown Z", "rules.unknown_player"),
        (["round"], "showdown cards A=KS B=2H C=3H D=4H Z=5H", "rules.unknown_player"),
        (["round"], "showdown cards A=KS B=KS C=2H D=3H E=4H", "cards.twice"),
        (["round"], "showdown cards A=10S B=TS C=2H D=3H E=4H", "cards.twice"),
        (["round"], "showdown cards A=KS B=1S C=2H D=3H E=4H", "cards.unreadable_no_joker"),
        (["round"], "showdown cards A=KS B=KX C=2H D=3H E=4H", "cards.unreadable_no_joker"),
        (["round"], "showdown cards A=KS B=JK C=2H D=3H E=4H", "cards.no_joker"),
        (["round"], "showdown cards A=KS A=KH C=2H D=3H E=4H", "rules.card_for_player_twice"),
        (["round", "fold B"], "showdown B", "rules.official.folded_wins"),
        (
            ["round", "fold B"],
            "showdown cards A=KS B=KH C=2H D=3H E=4H",
            "rules.folded_in_showdown",
        ),
        (["round", "fold B"], "showdown cards A=KS C=2H D=3H", "rules.cards_missing"),
        ([], "fold B", "rules.no_round"),
        ([], "raise", "rules.no_round"),
        ([], "showdown A", "rules.no_round"),
        ([], "showdown cards A=KS B=2H C=3H D=4H E=5H", "rules.no_round"),
        (["round", "showdown A"], "fold C", "rules.no_round"),
        (["round"], "round", "rules.round_in_play"),
        ([f"{AT} round"], "@2026-11-29T20:59:59+09:00 fold B", "rules.time_backwards"),
        ([f"{AT} round"], "@2026-11-29T11:59:59Z fold B", "rules.time_backwards"),
        (["round"], "leave B", "rules.between_rounds_only"),
        (["round"], "join F", "rules.between_rounds_only"),
        (["round"], "end", "rules.between_rounds_only"),
        ([], "undo", "rules.nothing_to_undo"),
        (["round", "undo"], "undo", "rules.nothing_to_undo"),
        ([], "recorder A", "rules.recorder_already"),
        ([], "recorder a", "rules.recorder_already"),
        ([], "recorder Z", "rules.unknown_player"),
        (["recorder C"], "recorder C", "rules.recorder_already"),
        ([], "join A", "rules.already_seated"),
        ([], "join e", "rules.already_seated"),
        ([], "join X=Y", "rules.name_chars"),
        ([], "join '#X'", "rules.name_chars"),
        ([], "join '  '", "rules.name_empty"),
        ([], "join F after Z", "rules.unknown_player"),
        ([], "leave Z", "rules.unknown_player"),
        ([], "note", "rules.note_empty"),
        ([], "rebuy A 10", "rules.rebuy_no_chips"),
        ([], "frobnicate", "rules.unknown_entry"),
        ([], "check A", "rules.unknown_entry"),
        (["round"], "raise B", "rules.official.raise_takes_nothing"),
        (["round"], "fold", "rules.needs_one_player"),
        (["round"], "fold B C", "rules.needs_one_player"),
        (["round"], "showdown", "rules.official.showdown_syntax"),
        (["round"], "showdown A=KS", "rules.official.showdown_syntax"),
        (["round"], "showdown A B", "rules.official.showdown_syntax"),
        (["round"], "showdown cards A KS", "rules.pair_syntax"),
        ([], "round now", "transcript.takes_nothing"),
        ([], "join F beside A", "transcript.join_syntax"),
        ([], f"{AT}", "transcript.time_alone"),
        ([], "@yesterday round", "transcript.bad_time"),
        ([], "@2026-11-29T21:00:00 round", "rules.time_needs_offset"),
    ],
)
def test_errors_change_nothing(setup, line, key):
    session = new_session()
    enter(session, *setup)
    refused(session, line, key)


def test_fold_at_parent_message_names_the_parent():
    session = new_session()
    enter(session, "round", "showdown A", "round")
    error = refused(session, "fold B", "rules.official.parent_folds")
    assert error.params == {"player": "B"}


def test_folded_twice_names_the_stake_of_the_fold():
    session = new_session()
    enter(session, "round", "raise", "fold C", "raise")
    error = refused(session, "fold C", "rules.official.folded_twice")
    assert error.params == {"player": "C", "stake": 20}
    assert error.message("en") == "C has already folded (at 20)"


def test_cards_missing_names_who():
    session = new_session()
    enter(session, "round", "fold B")
    error = refused(session, "showdown cards A=KS C=2H D=3H", "rules.cards_missing")
    assert error.params == {"players": "E"}


def test_time_backwards_names_both_times():
    session = new_session()
    enter(session, f"{AT} round")
    error = refused(session, "@2026-11-29T20:00:00+09:00 fold B", "rules.time_backwards")
    assert error.params == {
        "time": "2026-11-29T20:00:00+09:00",
        "previous": "2026-11-29T21:00:00+09:00",
    }
    # the same time again is not backwards
    enter(session, f"{AT} fold B")
    assert session.events[-1].at.isoformat() == "2026-11-29T21:00:00+09:00"


def test_untimed_entry_after_a_later_typed_time_is_not_timed_before_it():
    session = new_session()
    enter(session, "@2030-01-01T00:00:00+00:00 round")
    enter(session, "fold B")  # clock T0 (2026) is behind the typed time
    assert session.events[-1].at == datetime(2030, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize("count", [2, 1, 53])
def test_wrong_player_count_at_header(count):
    with pytest.raises(RuleError) as info:
        make_header("indian-official", [f"P{i}" for i in range(count)])
    assert info.value.key == "rules.player_count"
    assert info.value.field == "players"
    assert info.value.params["count"] == count
    assert (info.value.params["min"], info.value.params["max"]) == (3, 52)


@pytest.mark.parametrize("count", [3, 52])
def test_player_count_limits_accepted(count):
    header = make_header("indian-official", [f"P{i}" for i in range(count)])
    assert len(header.players) == count


@pytest.mark.parametrize(
    ("players", "key"),
    [
        (["A", "a", "B"], "rules.name_twice"),
        (["Aki", "AKI", "B"], "rules.name_twice"),
        (["A", " A ", "B"], "rules.name_twice"),
        (["A", "", "B"], "rules.name_empty"),
        (["A", "   ", "B"], "rules.name_empty"),
        (["A", "B=C", "D"], "rules.name_chars"),
        (["A", "B>C", "D"], "rules.name_chars"),
        (["A", "B,C", "D"], "rules.name_chars"),
        (["A", "@B", "D"], "rules.name_chars"),
        (["A", "#B", "D"], "rules.name_chars"),
        (["A", "B\tC", "D"], "rules.name_control"),
        (["A", "x" * 41, "D"], "rules.name_long"),
    ],
)
def test_name_rules_at_header(players, key):
    with pytest.raises(RuleError) as info:
        make_header("indian-official", players)
    assert info.value.key == key
    assert info.value.field == "players"


def test_names_are_trimmed_and_may_be_japanese_or_have_spaces():
    header = make_header("indian-official", [" Aki Sato ", "佐藤", "x" * 40])
    assert header.players == ("Aki Sato", "佐藤", "x" * 40)


def test_parent_and_recorder_at_header():
    header = make_header("indian-official", FIVE, parent="c", recorder="e")
    assert (header.parent, header.recorder) == ("C", "E")
    assert make_header("indian-official", FIVE, parent="C").recorder == "C"
    with pytest.raises(RuleError) as info:
        make_header("indian-official", FIVE, parent="Z")
    assert (info.value.key, info.value.field) == ("rules.unknown_player", "parent")
    with pytest.raises(RuleError) as info:
        make_header("indian-official", FIVE, stacks={"A": 10})
    assert info.value.key == "rules.stacks_no_chips"


def test_unknown_game():
    with pytest.raises(RuleError) as info:
        make_header("indian-nope", FIVE)
    assert (info.value.key, info.value.field) == ("rules.unknown_game", "game")


def test_recorder_handover_is_kept_on_events():
    session = new_session()
    enter(session, "round", "recorder C", "fold B")
    assert [e.recorder for e in session.events] == ["A", "A", "C"]
    assert session.state.recorder == "C"


# -- legal actions -------------------------------------------------------------------


def test_legal_at_the_start():
    session = new_session()
    assert kinds(session) == [*SHARED, "round", "join", "leave", "end"]
    assert choices(session, "recorder") == ("B", "C", "D", "E")
    assert choices(session, "leave") == tuple(FIVE)


def test_legal_with_three_players_offers_no_leave():
    session = new_session(["A", "B", "C"])
    assert kinds(session) == [*SHARED, "round", "join", "end"]


def test_legal_in_a_round():
    session = new_session()
    enter(session, "round")
    assert kinds(session) == ["fold", "raise", "showdown", "undo", *SHARED]
    assert choices(session, "fold") == ("B", "C", "D", "E")
    assert choices(session, "showdown") == ("A", "B", "C", "D", "E")
    enter(session, "fold C", "raise", "fold E")
    assert choices(session, "fold") == ("B", "D")
    assert choices(session, "showdown") == ("A", "B", "D")
    enter(session, "raise", "raise", "raise")
    assert session.state.table.stake == 160
    assert kinds(session) == ["fold", "showdown", "undo", *SHARED]


def test_legal_in_a_round_not_led_by_the_first_seat():
    session = new_session(parent="C")
    enter(session, "round")
    assert choices(session, "fold") == ("A", "B", "D", "E")
    assert choices(session, "showdown") == ("C", "A", "B", "D", "E")


def test_legal_between_rounds():
    session = new_session()
    enter(session, "round", "showdown A")
    assert kinds(session) == ["undo", *SHARED, "round", "join", "leave", "end"]


def test_every_offered_fold_is_accepted_and_no_other():
    session = new_session()
    enter(session, "round", "fold C")
    offered = set(choices(session, "fold"))
    for name in FIVE:
        probe = new_session()
        enter(probe, "round", "fold C")
        if name in offered:
            enter(probe, f"fold {name}")
            assert probe.state.table.folded()[name] == 10
        else:
            with pytest.raises(RuleError):
                enter(probe, f"fold {name}")


# -- folding stored events -----------------------------------------------------------


def stored(kind, data, seq=2):
    from scorekeeper.core.events import Event, frozen

    return [Event(1, T0, "A", "round", frozen({})), Event(seq, T0, "A", kind, frozen(data))]


def test_stored_events_fold_to_the_live_state():
    session = new_session()
    enter(session, *O1_ROUNDS[0][0], "undo", "showdown cards A=KS D=4H E=5H")
    assert scores(session) == [110, -10, -20, -40, -40]
    refolded = Session(session.header, session.events)
    assert refolded.state == session.state
    assert [e.seq for e in refolded.events] == list(range(1, len(session.events) + 1))


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        ("fold", {}),
        ("fold", {"player": 5}),
        ("fold", {"player": None}),
        ("fold", {"player": "A"}),
        ("showdown", {}),
        ("showdown", {"winner": None}),
        ("showdown", {"cards": "x"}),
        ("showdown", {"cards": [["A", "KS", "extra"]]}),
        ("showdown", {"cards": {"A": 5, "B": "KS", "C": "QS", "D": "JS", "E": "10S"}}),
        ("showdown", {"cards": {"A": "KS", "B": "KS", "C": "QS", "D": "JS", "E": "10S"}}),
        ("raise", {}),  # fine alone, but stored with the wrong seq below
    ],
)
def test_stored_events_that_break_the_rules_are_refused_in_words(kind, data):
    """A store not written by us is refused with a RuleError, never a crash."""
    from scorekeeper.core.ledger import FoldError

    seq = 3 if kind == "raise" else 2
    with pytest.raises(FoldError) as info:
        Session(new_session().header, stored(kind, data, seq))
    assert info.value.seq == seq
    assert info.value.key in ("rules.stored_entry_invalid", "rules.stored_entry_mismatch")
    assert info.value.message("en").startswith(f"stored entry {seq} ")


def test_stored_event_not_in_canonical_form_is_a_mismatch():
    from scorekeeper.core.ledger import FoldError

    with pytest.raises(FoldError) as info:
        Session(new_session().header, stored("fold", {"player": "b"}))
    assert info.value.cause.key == "rules.stored_entry_mismatch"


def test_a_new_seat_and_typed_stacks_are_checked_by_the_core_for_every_screen():
    from scorekeeper.core.header import parse_stacks, seat_name

    assert seat_name("  Zoé ", ["Aki"]) == "Zoé"
    with pytest.raises(RuleError) as error:
        seat_name("aki", ["Aki", "Ben"])
    assert error.value.message("en") == (
        "aki is already a player (names must differ, ignoring case)"
    )
    assert parse_stacks(["A=50", "B=200"]) == {"A": 50, "B": 200}
    with pytest.raises(RuleError) as error:
        parse_stacks(["A=5", "B50"], field="stacks")
    assert (error.value.key, error.value.field) == ("transcript.stacks_syntax", "stacks")
