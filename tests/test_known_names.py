"""The names played under before (services/known_names.py), as the form, join and the
phone's join form are offered them; the phone's join lists who left first."""

from __future__ import annotations

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.services.known_names import known_names
from scorekeeper.services.phone import phone_actions
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.rules_support import enter


def test_known_names_are_every_session_s_players_most_recent_first_each_once(tmp_path):
    store = Store(tmp_path / "data")
    assert known_names(store) == []
    create_session(store, make_header("indian-official", ["Aki", "Ben", "Chie"]))
    create_session(store, make_header("indian-chips", ["Dai", "aki", "Ben"]))
    names = known_names(store)
    assert sorted(names) == ["Aki", "Ben", "Chie", "Dai", "aki"]  # spellings kept apart
    assert names.index("Dai") < names.index("Chie")  # the later session's first


def test_the_phone_s_join_lists_who_left_and_the_names_played_under_before():
    session = Session(make_header("indian-official", ["Aki", "Ben", "Chie", "Dai"]))
    enter(session, "leave Ben")
    join = next(a for a in phone_actions(session, "en", known=["Eve", "Ben", "Aki"])
                if a["kind"] == "join")  # fmt: skip
    assert join["back"] == ["Ben"]
    assert join["known"] == ["Eve"]  # the table's own names are not offered again
    assert join["choices"] == ["Aki", "Chie", "Dai"]  # whom a new player sits after
