"""What the phones' page shows (export/live.py), with the worked examples' exact numbers:
the stake and when it changed, the pots and side pots, Pochen's board, the standings, and
entries undone or replaced marked as the timeline marks them."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.export import live
from scorekeeper.export.live import live_view
from scorekeeper.services.phone import phone_actions
from tests.test_official import O1_ROUNDS

START = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)  # 19:00 in Tokyo


pytestmark = pytest.mark.usefixtures("tokyo")  # times are the table's: Japan's here


def played(session: Session, *lines: str) -> Session:
    """Each entry 30 s after the one before."""
    for line in lines:
        at = START + timedelta(seconds=30 * (len(session.events) + 1))
        session.record(parse_entry(session.game, split_line(line)), at)
    return session


def official(*lines: str) -> Session:
    return played(Session(make_header("indian-official", list("ABCDE"), {})), *lines)


def test_o1_in_round_3_at_160_the_stake_and_when_it_went_there():
    session = official(*O1_ROUNDS[0][0], *O1_ROUNDS[1][0], "round", "raise", "raise", "raise")
    doc = live_view(session, 3, "en")
    json.dumps(doc)  # what the server sends
    assert doc["headline"] == {
        "kind": "stake",
        "label": "stake",
        "value": 80,
        "in_play": True,
        "cap": 160,
        "caption": "stake · parent C · cap 160",
        "parent": "C",
        "parent_label": "parent",
    }
    assert doc["status"] == "round 3 in play"
    # entry n is made at 19:00 + 30n s: the raises of round 3 are entries 9-11; the
    # folds with the stake they were paid at, as the app's timeline lists them with s
    assert [(s["time"], s["round"], s["stake_text"]) for s in doc["stakes"]] == [
        ("19:05:30", 3, "40 → 80"),
        ("19:05:00", 3, "20 → 40"),
        ("19:04:30", 3, "10 → 20"),
        ("19:02:00", 1, "at 20"),
        ("19:01:30", 1, "10 → 20"),
        ("19:01:00", 1, "at 10"),
    ]
    played(session, "raise", "fold D", "showdown cards C=AS E=2H A=KC B=QD")
    doc = live_view(session, 3, "en")
    assert doc["headline"]["value"] == 10 and not doc["headline"]["in_play"]
    assert doc["status"] == "next: round 4, parent D"
    assert [(s["rank"], s["name"], s["net"]) for s in doc["standings"]] == [
        (1, "A", 740), (2, "B", -90), (2, "D", -90), (4, "E", -200), (5, "C", -360),
    ]  # fmt: skip
    assert doc["result"].startswith("Round 3:")
    assert [p["score"] for p in doc["players"]] == [740, -90, -360, -90, -200]
    assert sum(p["net"] for p in doc["players"]) == 0


def test_o1_folds_show_who_is_out_of_the_round():
    session = official("round", "fold B", "raise", "fold C")
    players = {p["name"]: p for p in live_view(session, 1, "en")["players"]}
    assert [players[n]["where"] for n in "ABCDE"] == ["in", "folded", "folded", "in", "in"]
    assert players["A"]["parent"] and players["A"]["recorder"]
    assert players["B"]["where_text"] == "folded"


def test_undo_and_a_correction_are_marked_as_in_the_timeline():
    session = official("round", "raise", "raise", "undo", "showdown B")
    doc = live_view(session, 1, "en")
    assert [(e["seq"], e["struck"], e["mark"]) for e in doc["entries"]] == [
        (5, False, ""), (4, False, ""), (3, True, "(voided by #4)"), (2, False, ""),
        (1, False, ""),
    ]  # fmt: skip
    assert doc["entries"][1]["text"].startswith("undo")
    # the undone raise stays, struck through with the undo that voided it, as in the timeline
    assert [(s["seq"], s["stake_text"], s["struck"], s["mark"]) for s in doc["stakes"]] == [
        (4, "", False, ""), (3, "20 → 40", True, "(voided by #4)"), (2, "10 → 20", False, ""),
    ]  # fmt: skip
    played(session, 'correct 1 "D won" "showdown D"')
    doc = live_view(session, 1, "en")
    replaced = {e["seq"]: e["mark"] for e in doc["entries"] if e["struck"]}
    assert replaced[5] == "(replaced by correction #6)"
    # the raise at its own time, replaced; the correction as itself, at its own time
    assert [(s["seq"], s["time"], s["struck"], s["mark"]) for s in doc["stakes"]] == [
        (6, "19:03:00", False, ""), (4, "19:02:00", False, ""),
        (3, "19:01:30", True, "(voided by #4)"),
        (2, "19:01:00", True, "(replaced by correction #6)"),
    ]  # fmt: skip
    assert doc["stakes"][0]["text"] == "round 1 corrected (D won): showdown at 10: D wins"
    assert {s["name"]: s["net"] for s in doc["standings"]}["D"] > 0


def test_only_the_latest_entries_and_stake_changes_are_taken(monkeypatch):
    monkeypatch.setattr(live, "LATEST_ENTRIES", 3)
    monkeypatch.setattr(live, "LATEST_STAKES", 2)
    session = official(*O1_ROUNDS[0][0], *O1_ROUNDS[1][0], "round", "raise", "raise", "raise")
    doc = live_view(session, 1, "en")
    assert [e["seq"] for e in doc["entries"]] == [11, 10, 9]
    assert [s["stake_text"] for s in doc["stakes"]] == ["40 → 80", "20 → 40"]
    assert doc["entries_count"] == 11


def test_c2_the_main_pot_and_the_side_pot():
    header = make_header("indian-chips", list("ABCD"), {"stack": "20"}, parent="D",
                         stacks={"A": 5})  # fmt: skip
    session = played(Session(header), "round", "bet A", "raise B", "call C", "raise D", "call B")
    doc = live_view(session, 2, "en")
    assert doc["board"] is None
    players = {p["name"]: p for p in doc["players"]}
    assert {n: players[n]["committed"] for n in "ABCD"} == {"A": 5, "B": 13, "C": 9, "D": 13}
    assert players["C"]["where"] == "to_act"
    assert doc["status"] == "round 1 in play · C to act (4 to call)"
    played(session, "fold C")
    doc = live_view(session, 2, "en")
    assert doc["pots"] == ["main pot 20: A, B, D", "side pot 20: B, D"]
    assert doc["headline"]["kind"] == "pot" and doc["headline"]["value"] == 40
    played(session, "showdown A > D > B")
    doc = live_view(session, 2, "en")
    assert [p["score"] for p in doc["players"]] == [20, 7, 11, 27]
    assert doc["pots"] == []


def test_p1_the_board_as_it_lies_after_the_claims_in_japanese():
    session = Session(make_header("pochen", list("ABCD"), {"stack": "50"}))
    played(session, "round", "turned 8D", "claim B ace", "claim C king queen marriage")
    doc = live_view(session, 4, "ja")
    assert doc["pots"] is None
    pools = {cell["pool"]: cell for row in doc["board"]["rows"] for cell in row}
    assert [[cell["pool"] for cell in row] for row in doc["board"]["rows"]] == [
        ["ace", "king", "queen"], ["jack", "centre", "ten"], ["marriage", "sequence", "poch"],
    ]  # fmt: skip
    assert {p: c["chips"] for p, c in pools.items()} == {
        "ace": 0, "king": 0, "queen": 0, "jack": 4, "centre": 4, "ten": 4,
        "marriage": 0, "sequence": 4, "poch": 4,
    }  # fmt: skip
    assert pools["ace"]["note"] == "→ B"
    assert doc["board"]["stage"] == "切り札 ♦ · 役の請求"
    assert [p["score"] for p in doc["players"]] == [41, 45, 53, 41]
    played(session, "pass B", "bet C 3", "call D", "fold A", "fold B")
    doc = live_view(session, 4, "ja")
    assert doc["board"]["poch"] == "ポット 6: C D"  # under the stage, which says ポッヘン


@pytest.mark.parametrize(
    ("lang", "turn"), [("en", "B to act (pass or bet)"), ("ja", "Bの番(パスかベット)")]
)
def test_pochens_turn_line_names_what_the_buttons_offer(lang, turn):
    """Issue 46: before a bet Pochen's check is its pass (Game.same_as), and the phone's
    button says Pass: the turn line says it too, not "check or bet"."""
    session = Session(make_header("pochen", list("ABCD"), {"stack": "50"}))
    played(session, "round", "turned 8D", "claim B ace")
    assert live_view(session, 4, lang)["status"].endswith(" · " + turn)
    kinds = {action["kind"] for action in phone_actions(session, lang)}
    assert {"pass", "bet"} <= kinds and "check" not in kinds  # what the buttons offer


@pytest.mark.parametrize(
    ("lang", "heading"),
    [("en", "Standings after 1 round"), ("ja", "1ラウンド終了時点の順位")],
)
def test_in_a_round_the_standings_heading_says_they_are_after_the_last_round(lang, heading):
    """Issue 35 point 7: in a round the standings are those after the last finished round,
    and the page says so, as the app's standings do."""
    header = make_header("indian-chips", list("ABCD"), {"stack": "20"}, parent="D")
    first = live_view(played(Session(header), "round"), 2, lang)  # none finished yet
    assert first["labels"]["standings"] == ("Standings" if lang == "en" else "順位")
    session = played(Session(header), "round", "bet A", "fold B", "fold C", "fold D")
    played(session, "round", "check B", "bet C", "call D")  # round 2 in play, chips in
    doc = live_view(session, 2, lang)
    assert {s["name"]: s["net"] for s in doc["standings"]} == {"A": 3, "B": -1, "C": -1, "D": -1}
    assert doc["labels"]["standings"] == heading
    played(session, "call A", "fold B", "showdown C > D > A")
    doc = live_view(session, 2, lang)
    assert doc["labels"]["standings"] == ("Standings" if lang == "en" else "順位")
