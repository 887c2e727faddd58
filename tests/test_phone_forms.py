"""The phone offers what each game declares (issue 45 point 1): its entries' forms, a
second way to one, and its buttons' labels come from the game's ``GameSpec.phone``
(core/phone_forms.py), and a board's pools from the game's ``board_view``; services/
phone.py keys nothing by a game's id. A game changed in its declaration alone changes
what the phone offers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.core import game as registry
from scorekeeper.core.games import game_spec
from scorekeeper.core.header import make_header
from scorekeeper.core.phone_forms import OtherWay, PhoneForms
from scorekeeper.core.session import Session
from scorekeeper.messages import t
from scorekeeper.services.phone import phone_actions
from tests.rules_support import enter


def declare(monkeypatch: pytest.MonkeyPatch, game_id: str, phone: PhoneForms) -> None:
    """The registry as if *game_id*'s module had declared *phone* (undone after the test)."""
    monkeypatch.setitem(registry._REGISTRY, game_id, replace(game_spec(game_id), phone=phone))


def buttons(session: Session) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for action in phone_actions(session, "en"):
        found.setdefault(action["kind"], []).append(action)
    return found


def test_the_phone_offers_a_games_entries_as_its_declaration_says(monkeypatch):
    session = Session(make_header("indian-official", ["Aki", "Ben", "Chie"]))
    enter(session, "round")
    before = buttons(session)
    assert before["fold"][0]["form"] == "player"
    assert [b["form"] for b in before["showdown"]] == ["player", "cards"]
    declare(
        monkeypatch,
        "indian-official",
        PhoneForms(
            forms={"raise": "now", "showdown": "ranking"},  # no fold on the phone
            also={"showdown": OtherWay("players", ("by",), "phone.do.lose")},
            labels={"round": "phone.do.undo", "showdown": "phone.do.poch"},
        ),
    )
    after = buttons(session)
    assert "fold" not in after
    assert [(b["form"], b.get("prefix"), b["label"]) for b in after["showdown"]] == [
        ("ranking", None, t("phone.do.poch", "en")),
        ("players", ["by"], t("phone.do.lose", "en")),
    ]
    assert after["raise"][0]["label"] == t("phone.do.raise", "en")  # no label of its own now
    assert after["note"][0]["label"] == t("phone.do.note", "en")  # the common ones stay


def test_a_label_the_game_declares_is_the_buttons_own(monkeypatch):
    session = Session(make_header("indian-lowest", ["Aki", "Ben", "Chie"]))
    assert buttons(session)["round"][0]["label"] == t("phone.do.round", "en")
    spec = game_spec("indian-lowest")
    declare(monkeypatch, "indian-lowest", replace(spec.phone, labels={"round": "phone.do.end"}))
    assert buttons(session)["round"][0]["label"] == t("phone.do.end", "en")


def test_the_phones_pools_are_the_boards_unclaimed_pools_a_hand_can_claim():
    session = Session(make_header("pochen", ["Aki", "Ben", "Chie", "Dai"], {"stack": "50"}))
    enter(session, "round", "turned 8D", "claim Ben ace")
    board = session.game.board_view(session.state)
    assert board is not None
    claim = buttons(session)["claim"][0]
    assert [p["pool"] for p in claim["pools"]] == [
        pool.pool for pool in board.pools if pool.claimable and pool.claimed_by is None
    ]
    assert "ace" not in [p["pool"] for p in claim["pools"]]
    assert {"poch", "centre"}.isdisjoint(p["pool"] for p in claim["pools"])
    assert [p["name"] for p in claim["pools"]][:1] == [t("ui.pochen.pool.king", "en")]
