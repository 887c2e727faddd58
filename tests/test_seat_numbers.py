"""A player's number stays theirs for the session (issue 35, point 4).

Aki, Ben, Chika and Dai sit down as 1, 2, 3 and 4. Eve joins between Ben and Chika: the
table keeps its seating order (Aki, Ben, Eve, Chika, Dai), Eve takes the next number after
the highest used (5), and Chika is still 3, so ``f 3`` from habit still folds Chika.
"""

from __future__ import annotations

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.export.live import live_view
from tests.rules_support import assert_transcript_round_trip, enter

TABLE = ["Aki", "Ben", "Chika", "Dai"]


def eve_joined(game: str = "indian-official", **options: str) -> Session:
    session = Session(make_header(game, TABLE, options))
    enter(session, "join Eve after Ben")
    return session


def test_eve_joins_between_ben_and_chika_and_chika_is_still_3():
    state = eve_joined().state
    assert state.names() == ("Aki", "Ben", "Eve", "Chika", "Dai")
    assert state.numbers() == {"Aki": 1, "Ben": 2, "Eve": 5, "Chika": 3, "Dai": 4}
    assert state.numbered(3) == "Chika"
    assert state.numbered(5) == "Eve"
    assert state.numbered(6) is None


def test_a_player_back_keeps_their_number_and_a_newcomer_takes_the_next_free_one():
    session = eve_joined()
    enter(session, "leave Chika", "join Fumi", "join Chika")
    state = session.state
    assert state.number("Chika") == 3 and state.number("Fumi") == 6
    enter(session, "leave Ben", "join Ben after Dai")  # moved: still 2
    assert session.state.names() == ("Aki", "Eve", "Chika", "Dai", "Ben", "Fumi")
    assert session.state.number("Ben") == 2
    # a number is never handed to someone else, even after its player left
    enter(session, "leave Aki", "join Gen")
    assert session.state.number("Gen") == 7 and session.state.numbered(1) == "Aki"
    assert_transcript_round_trip(session)


def test_an_undone_join_frees_its_number():
    session = eve_joined()
    enter(session, "undo", "join Fumi after Ben")
    assert session.state.number("Fumi") == 5


def test_the_phones_page_lists_the_seats_in_order_each_with_its_number():
    for lang in ("en", "ja"):
        rows = live_view(eve_joined(), 1, lang)["players"]
        assert [(row["seat"], row["name"]) for row in rows] == [
            (1, "Aki"), (2, "Ben"), (5, "Eve"), (3, "Chika"), (4, "Dai")
        ]  # fmt: skip
