"""Who may propose what from their own phone (core/proposing.py, issue 46): exact cases
of each game. The rules still decide; these say who may ask them."""

from __future__ import annotations

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.proposing import may_propose, player_legal
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry


def table(game: str, players: list[str], *words: str, **options: object) -> Session:
    session = Session(make_header(game, players, dict(options)))
    for line in ("round", *words):
        session.record(parse_entry(session.game, line.split()))
    return session


def offers(session: Session, player: str) -> dict[str, tuple[str, ...]]:
    return {action.kind: action.choices for action in player_legal(session, player)}


def refusal(session: Session, player: str, line: str) -> str | None:
    error = may_propose(session, player, parse_entry(session.game, line.split()))
    return None if error is None else error.message("en")


OFFICIAL = ["Aki", "Ben", "Cleo"]


def test_official_a_child_folds_only_themself_and_only_the_parent_raises():
    session = table("indian-official", OFFICIAL)
    assert offers(session, "Ben") == {"fold": ("Ben",), "showdown": ("Aki", "Ben", "Cleo")}
    assert offers(session, "Aki") == {"raise": (), "showdown": ("Aki", "Ben", "Cleo")}
    assert refusal(session, "Ben", "fold Ben") is None
    assert refusal(session, "Ben", "fold cleo") == (
        "Ben cannot propose “Fold” for Cleo: each player proposes their own moves"
    )
    assert refusal(session, "Ben", "raise") == (
        "only Aki, who leads this round, may propose “Raise the stake”"
    )
    assert refusal(session, "Aki", "raise") is None
    assert refusal(session, "Aki", "fold Aki") == "Aki is the parent, and the parent may never fold"
    assert refusal(session, "Cleo", "showdown Ben") is None  # anyone dealt in, any winner


def test_official_a_folded_child_still_proposes_the_showdown_but_no_second_fold():
    session = table("indian-official", OFFICIAL, "fold Ben")
    assert offers(session, "Ben") == {"showdown": ("Aki", "Cleo")}
    assert refusal(session, "Ben", "showdown Cleo") is None
    assert refusal(session, "Ben", "fold Ben") == "Ben has already folded (at 10)"


def test_common_entries_are_the_recorders_alone():
    session = table("indian-official", OFFICIAL)
    for line, what in (("undo", "Undo"), ("end", "End the session"), ("note hi", "Note")):
        assert refusal(session, "Aki", line) == (
            f"only the recorder enters “{what}”: a player cannot propose it"
        )
    assert refusal(session, "Aki", "rate 10") == (
        "only the recorder enters “rate”: a player cannot propose it"
    )
    between = Session(make_header("indian-official", OFFICIAL, {}))
    assert all(offers(between, name) == {} for name in OFFICIAL)  # "round" is the recorder's


def test_chips_only_the_player_to_act_bets_calls_or_folds():
    session = table("indian-chips", ["A", "B", "C", "D"], stack=20)  # dealer A: B to act
    assert offers(session, "B") == {"check": ("B",), "bet": ("B",)}
    assert offers(session, "C") == {}
    assert refusal(session, "B", "bet B") is None
    assert refusal(session, "C", "bet C") == "it is B's turn, not C's"
    assert refusal(session, "C", "check B") == (
        "C cannot propose “Check” for B: each player proposes their own moves"
    )
    session.record(parse_entry(session.game, ["bet", "B"]))
    assert offers(session, "C") == {"call": ("C",), "raise": ("C",), "fold": ("C",)}
    assert refusal(session, "C", "call C") is None
    for line in ("call C", "call D", "call A"):
        session.record(parse_entry(session.game, line.split()))
    assert offers(session, "A") == {"showdown": ("A", "B", "C", "D")}  # anyone dealt in


def test_pochen_claims_by_who_is_named_and_the_play_out_by_whoever_goes_out():
    session = table("pochen", ["A", "B", "C", "D"], "turned 8D", stack=50)
    assert offers(session, "B")["claim"] == ("B",)
    assert refusal(session, "B", "claim B ace") is None
    assert refusal(session, "B", "claim C king") == (
        "B cannot propose “Claim pools” for C: each player proposes their own moves"
    )
    fresh = table("pochen", ["A", "B", "C", "D"], stack=50)
    assert "turned" in offers(fresh, "A") and "turned" not in offers(fresh, "B")
    assert refusal(fresh, "B", "turned 8D") == (
        "only A, who leads this round, may propose “Turned card”"
    )
    for line in ("claim B ace", "pass B", "bet C 3", "call D", "fold A", "fold B"):
        session.record(parse_entry(session.game, line.split()))
    session.record(parse_entry(session.game, ["show", "C=KD,KS", "D=9C,9D,9S"]))
    assert offers(session, "B") == {"out": ("B",)}
    assert refusal(session, "B", "out B") is None
    assert refusal(session, "B", "out C") == (
        "B cannot propose “Went out first” for C: each player proposes their own moves"
    )


def test_lowest_each_redraws_for_themself_and_anyone_reveals():
    session = Session(make_header("indian-lowest", ["A", "B", "C"], {}))
    session.record(Entry("round"))
    assert offers(session, "A") == {
        "redraw": ("A",),
        "reveal": ("A", "B", "C"),
        "lose": ("A", "B", "C"),
    }
