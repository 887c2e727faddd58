"""Pochen at the end of a session (rules.md §4, docs/rules/pochen.md "The end of a
session"): the board goes back in equal shares (``end_board share``) or, with ``end_board
carry``, is settled the same way and opens the next session of the table (``new --like``);
a player left with exactly the next deal's ante stays in (issue 35, points 1, 3 and 13)."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.transcripts import standings_text
from scorekeeper.core.errors import RuleError
from scorekeeper.core.games.pochen import POOLS, carried_deals
from scorekeeper.core.header import header_like, make_header
from scorekeeper.core.session import Session
from scorekeeper.core.standings import net_history, standings
from scorekeeper.core.state_json import state_json
from scorekeeper.core.stats import session_stats, state_stats
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.core.words import parse_entry
from scorekeeper.export import report
from scorekeeper.export.formats import export_text
from scorekeeper.export.live import live_view
from scorekeeper.export.settlement import settle
from tests.rules_support import assert_transcript_round_trip, enter, refused, stacks
from tests.session_gen import build_session

FOUR = ["A", "B", "C", "D"]
P1_DEAL = [
    "round",
    "turned 8D",
    "claim B ace",
    "claim C king queen marriage",
    "pass B",
    "bet C 3",
    "call D",
    "fold A",
    "fold B",
    "show C=KD,KS D=9C,9D,9S",
    "out B",
]


def new_session(players=FOUR, parent=None, stacks=None, **options) -> Session:
    header = make_header("pochen", players, options or None, parent=parent, stacks=stacks)
    return Session(header)


def net(session: Session) -> dict[str, int]:
    return session.game.net(session.state)


def on_table(session: Session) -> int:
    return sum((session.state.board or {}).values())


# -- end_board share: the worked examples of docs/rules/pochen.md -------------------------


def test_p1_then_end_gives_the_board_back_in_equal_shares():
    session = new_session(stack=50)
    enter(session, *P1_DEAL)
    assert stacks(session) == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert on_table(session) == 12  # jack 4, ten 4, sequence 4
    enter(session, "end")
    state = session.state
    assert state.finished
    assert stacks(session) == {"A": 44, "B": 52, "C": 53, "D": 51}
    assert on_table(session) == 0
    assert dict(state.board) == dict.fromkeys(POOLS, 0)
    assert session.game.board_returned(state) == {"A": 3, "B": 3, "C": 3, "D": 3}
    assert net(session) == {"A": -6, "B": 2, "C": 3, "D": 1}
    assert sum(net(session).values()) == 0
    settlement = settle(session)
    assert settlement.reason is None
    assert [(x.payer, x.payee, x.amount) for x in settlement.transfers] == [
        ("A", "B", 2),
        ("A", "C", 3),
        ("A", "D", 1),
    ]
    # the net history and the statistics count the board given back
    assert {p: series[-1] for p, series in net_history(session.game, state).items()} == net(session)
    stats = session_stats(session)["players"]
    assert {p: stats[p]["net"] for p in FOUR} == net(session)
    assert state_json(session)["board_returned"] == {"A": 3, "B": 3, "C": 3, "D": 3}
    # given back, no pool is carried any more: the phones and the table say none
    assert set(carried_deals(state).values()) == {0}
    cells = [cell for row in live_view(session, 1, "en")["board"]["rows"] for cell in row]
    assert [cell["note"] for cell in cells] == [""] * len(POOLS)
    # undo takes the end back, and the board with it
    enter(session, "undo")
    assert not session.state.finished
    assert on_table(session) == 12
    assert {p for p, n in carried_deals(session.state).items() if n} == {"jack", "ten", "sequence"}
    assert stacks(session) == {"A": 41, "B": 49, "C": 50, "D": 48}


def test_odd_chips_go_one_each_from_the_left_of_the_last_dealer():
    # P1, then E joins (50 chips) and the session ends: 12 chips for five players,
    # 2 each and the 2 odd chips to B and C, the first two left of A, who dealt last
    session = new_session(stack=50)
    enter(session, *P1_DEAL, "join E", "end")
    assert session.game.board_returned(session.state) == {"A": 2, "B": 3, "C": 3, "D": 2, "E": 2}
    assert stacks(session) == {"A": 43, "B": 52, "C": 53, "D": 50, "E": 52}
    assert net(session) == {"A": -7, "B": 2, "C": 3, "D": 0, "E": 2}
    assert sum(net(session).values()) == 0


def test_a_player_who_left_gets_no_share():
    session = new_session(stack=50)
    enter(session, *P1_DEAL, "leave D", "end")
    assert session.game.board_returned(session.state) == {"A": 4, "B": 4, "C": 4}
    assert stacks(session) == {"A": 45, "B": 53, "C": 54, "D": 48}
    assert sum(net(session).values()) == 0


# -- exactly the next ante (issue 35, point 13) ------------------------------------------


def exact_ante(a_stack: int) -> Session:
    """Three players, B and C 30 chips, A *a_stack*; dealer C, so A deals next.

    Antes (9 each) → A a_stack − 9, B 21, C 21, board 27 (3 a pool). Everybody passes;
    C goes out first and takes the centre (3) and a chip per card from A and B."""
    session = new_session(
        ["A", "B", "C"], parent="C", stack=30, stacks={"A": a_stack}, card_payment=True
    )
    enter(session, "round", "trump hearts", "pass A", "pass B", "pass C", "out C A=1 B=1")
    return session


def test_a_player_left_with_exactly_the_next_ante_stays_in_and_deals():
    session = exact_ante(19)
    state = session.state
    assert stacks(session) == {"A": 9, "B": 20, "C": 26}  # A: 19 − 9 − 1
    assert on_table(session) == 24
    assert not state.finished
    assert state.parent == "A"
    enter(session, "round")
    state = session.state
    assert state.table.dealer == "A"
    assert state.table.players == ("A", "B", "C")
    assert stacks(session) == {"A": 0, "B": 11, "C": 17}
    assert on_table(session) == 51


def test_one_chip_less_ends_the_session_and_the_board_goes_back():
    session = exact_ante(18)
    state = session.state
    assert state.finished  # A has 8, one less than the 9 the next deal needs
    # the board (24) goes back at once: 8 each, from the left of C, who dealt
    assert session.game.board_returned(state) == {"A": 8, "B": 8, "C": 8}
    assert stacks(session) == {"A": 16, "B": 28, "C": 34}
    assert sum(stacks(session).values()) == 18 + 30 + 30
    assert net(session) == {"A": -2, "B": -2, "C": 4}
    refused(session, "round", "rules.session_ended")
    assert settle(session).reason is None
    # the last deal's result still shows the board as the deal left it
    assert sum(state.results[-1].board.values()) == 24


def test_the_rounds_limit_gives_the_board_back_too():
    session = new_session(stack=50, rounds=1)
    enter(session, *P1_DEAL)
    assert session.state.finished
    assert stacks(session) == {"A": 44, "B": 52, "C": 53, "D": 51}
    assert on_table(session) == 0


# -- end_board carry ------------------------------------------------------------------


def test_end_board_is_an_option_with_share_the_default():
    assert make_header("pochen", FOUR).options["end_board"] == "share"
    assert make_header("pochen", FOUR, {"end_board": "carry"}).options["end_board"] == "carry"
    with pytest.raises(RuleError) as info:
        make_header("pochen", FOUR, {"end_board": "keep"})
    assert info.value.key == "rules.option_choice"


def test_carry_settles_the_same_way_and_the_next_session_opens_with_that_board():
    first = new_session(stack=50, end_board="carry")
    enter(first, *P1_DEAL, "end")
    assert stacks(first) == {"A": 44, "B": 52, "C": 53, "D": 51}
    assert sum(net(first).values()) == 0
    carried = first.game.next_board(first.state)
    assert carried is not None
    board, shares = carried
    assert board == {"jack": 4, "ten": 4, "sequence": 4}
    assert shares == {"A": 3, "B": 3, "C": 3, "D": 3}
    header = make_header(
        "pochen", FOUR, first.header.options, parent="B", board=board, shares=shares
    )
    second = Session(header)
    state = second.state
    # each player antes their share: stacks 47, the board as it was left
    assert stacks(second) == {"A": 47, "B": 47, "C": 47, "D": 47}
    assert dict(state.board) == {**dict.fromkeys(POOLS, 0), **board}
    assert net(second) == {"A": -3, "B": -3, "C": -3, "D": -3}
    assert net_history(second.game, state)["A"] == [-3]
    # across the two sessions the shares cancel out
    total = {p: net(first)[p] + net(second)[p] for p in FOUR}
    assert total == {"A": -9, "B": -1, "C": 0, "D": -2}
    assert sum(total.values()) + on_table(second) == 0
    # the next deal: the carried pools grow by the antes (jack, ten, sequence 8)
    enter(second, "round")
    assert second.state.board["jack"] == 8
    assert second.state.board["ace"] == 4
    enter(second, "undo", "end")
    assert stacks(second) == {"A": 50, "B": 50, "C": 50, "D": 50}
    assert sum(net(second).values()) == 0
    assert_transcript_round_trip(second)
    text = write_transcript(second)
    assert "board jack=4 ten=4 sequence=4" in text
    assert "shares A=3 B=3 C=3 D=3" in text
    assert read_session(text).state == second.state


def test_share_has_no_next_board():
    first = new_session(stack=50)
    enter(first, *P1_DEAL, "end")
    assert first.game.next_board(first.state) is None


@pytest.mark.parametrize(
    ("board", "shares", "key"),
    [
        ({"jack": 4}, {"A": 3}, "rules.board_shares_sum"),
        ({"moon": 4}, {"A": 4}, "rules.pochen.unknown_pool"),
        ({"jack": -4}, {"A": -4}, "rules.board_negative"),
        ({"jack": 4}, {"Z": 4}, "rules.unknown_player"),
        ({"jack": 60}, {"A": 60}, "rules.share_over_stack"),
    ],
)
def test_a_carried_board_is_checked(board, shares, key):
    with pytest.raises(RuleError) as info:
        make_header("pochen", FOUR, {"stack": 50}, board=board, shares=shares)
    assert info.value.key == key
    assert info.value.message("en") and info.value.message("ja")


def test_only_pochen_has_a_board():
    with pytest.raises(RuleError) as info:
        make_header("indian-chips", FOUR, board={"jack": 4}, shares={"A": 4})
    assert info.value.key == "rules.board_not_in_game"


# -- every view says it, and settles to zero ---------------------------------------------


def ended_p1() -> Session:
    session = new_session(stack=50)
    enter(session, *P1_DEAL, "end")
    return session


def test_every_export_shows_the_board_given_back_and_settles():
    session = ended_p1()
    md = export_text(session, 1, "md", lang="en")
    assert "still on the table" not in md
    assert "At the end the 12 chips left on the board went back in equal shares" in md
    assert "A 3, B 3, C 3, D 3" in md
    assert "- A pays B 2" in md
    html = export_text(session, 1, "html", lang="en")
    assert '<p class="board-returned">At the end the 12 chips' in html
    assert "<li>A pays C 3</li>" in html
    doc = json.loads(export_text(session, 1, "json", lang="en"))
    assert doc["settlement"]["board_returned"] == {"A": 3, "B": 3, "C": 3, "D": 3}
    assert doc["settlement"]["note"] is None
    assert doc["state"]["board_returned"] == {"A": 3, "B": 3, "C": 3, "D": 3}
    assert sum(doc["settlement"]["balances"].values()) == 0
    ja = export_text(session, 1, "md", lang="ja")
    assert "終了時に場に残った12チップは等分して返しました" in ja
    assert "A 3、B 3、C 3、D 3" in ja
    # the round table's net after the deal is the deal's; the standings count the board
    assert report.round_rows(session)[-1].net == {"A": -9, "B": -1, "C": 0, "D": -2}
    again = read_session(export_text(session, 1, "transcript", lang="en"))
    assert state_json(again) == state_json(session)


def test_the_csv_ends_with_the_board_given_back_and_its_totals_are_the_standings():
    session = ended_p1()
    rows = list(csv.reader(io.StringIO(export_text(session, 1, "csv", lang="en").lstrip("\ufeff"))))
    heading, board = rows[0], rows[2]
    assert board[:3] == ["", "", ""]
    assert board[3].startswith("At the end the 12 chips left on the board went back")
    cells = dict(zip(heading[4:], board[4:], strict=True))
    assert [cells[f"{p} change"] for p in "ABCD"] == ["3", "3", "3", "3"]
    final = {row.player: row.score for row in standings(session.state)}
    assert {p: int(cells[f"{p} total"]) for p in "ABCD"} == final
    ja = export_text(session, 1, "csv", lang="ja")
    assert "終了時に場に残った12チップは等分して返しました" in ja


def test_a_carried_board_ended_before_any_deal_is_a_csv_row_too():
    """Found by the cross-view property (a carried board, then ``end`` at once): the csv
    left the board given back out when no deal had been played, so its totals were not
    the standings."""
    header = make_header(
        "pochen", FOUR, {"stack": 50}, board={"jack": 3, "centre": 6},
        shares={"A": 3, "B": 2, "C": 2, "D": 2},
    )  # fmt: skip
    session = Session(header)
    enter(session, "end")
    rows = list(csv.reader(io.StringIO(export_text(session, 1, "csv", lang="en").lstrip("\ufeff"))))
    heading, board = rows[0], rows[1]
    assert board[3].startswith("At the end the 9 chips left on the board went back")
    cells = dict(zip(heading[4:], board[4:], strict=True))
    assert [cells[f"{p} change"] for p in "ABCD"] == ["2", "3", "2", "2"]
    assert [cells[f"{p} total"] for p in "ABCD"] == ["49", "51", "50", "50"]
    final = {row.player: row.score for row in standings(session.state)}
    assert {p: int(cells[f"{p} total"]) for p in "ABCD"} == final


def test_show_says_the_board_given_back():
    text = standings_text(ended_p1())
    assert text.splitlines()[-1].startswith("At the end the 12 chips left on the board went back")
    assert "At the end" not in standings_text(new_session(stack=50))


def test_carry_is_said_in_the_settlement():
    session = new_session(stack=50, end_board="carry")
    enter(session, *P1_DEAL, "end")
    lines = settle(session).lines("en")
    assert lines[0].startswith("At the end the 12 chips")
    assert lines[1].startswith("The next session of this table (same table again) opens")
    assert settle(session).lines("ja")[1].startswith("この卓の次回")


def test_the_phones_page_says_it():
    session = ended_p1()
    board = live_view(session, 1, "en")["ended"]["board"]
    assert "At the end the 12 chips left on the board went back" in board[0]
    assert sum(row["net"] for row in live_view(session, 1, "en")["standings"]) == 0


# -- properties: any generated mix -------------------------------------------------------

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.data())
def test_any_ended_session_settles_to_zero_and_carries_over_exactly(data):
    session = build_session(data, "pochen")
    if not session.state.finished and _may_end(session):
        session.record(parse_entry(session.game, ["end"]))
    state, game = session.state, session.game
    if not state.finished:
        return
    # an ended session: the board is empty, the chips are the players', the nets sum to 0
    assert sum((state.board or {}).values()) == 0
    assert sum(state.scores.values()) == sum(state.brought.values())
    assert sum(game.net(state).values()) == 0
    assert settle(session).reason is None
    history = net_history(game, state)
    assert {p: series[-1] for p, series in history.items()} == game.net(state)
    stats = session_stats(session)["players"]
    for name, numbers in stats.items():
        assert numbers["net"] == game.net(state)[name]
    # the same table again: with carry, the board and the shares open the next session
    header = header_like(session.header, state)
    second = Session(header)
    carried = game.next_board(state)
    if carried is None:
        assert not any(header.board.values())
        return
    board, shares = carried
    assert sum(second.state.board.values()) == sum(board.values()) == sum(shares.values())
    for name, share in shares.items():
        assert game.net(second.state)[name] == -share
        # across the two sessions the share cancels out
        assert game.net(state)[name] + game.net(second.state)[name] == (
            game.net(state)[name] - share
        )
    total = sum(game.net(state).values()) + sum(game.net(second.state).values())
    assert total + sum(second.state.board.values()) == 0
    # ended at once, the second gives the same board back in the same shares
    second.record(parse_entry(second.game, ["end"]))
    assert sum(game.net(second.state).values()) == 0


def _may_end(session: Session) -> bool:
    return any(action.kind == "end" for action in session.legal())


@PROPERTY
@given(st.data())
def test_stats_counted_from_an_earlier_document_count_the_board_once(data):
    """A snapshot's statistics are grown from an earlier document (core/stats.py ``since``):
    the board's part is counted once, as a whole count would."""
    session = build_session(data, "pochen")
    if not session.state.finished and _may_end(session):
        session.record(parse_entry(session.game, ["end"]))
    frames = []
    frame = session.ledger.top
    while frame is not None:
        frames.append(frame)
        frame = frame.below
    earlier = data.draw(st.sampled_from(frames)).state
    game = session.game
    doc = state_stats(game, earlier, session.first_at)
    grown = state_stats(game, session.state, session.first_at, (doc, earlier.results))
    assert grown == state_stats(game, session.state, session.first_at)


def test_the_html_chart_of_a_carried_session_starts_at_the_share_anted():
    header = make_header(
        "pochen", FOUR, {"stack": "50"}, board={"jack": 8}, shares={"A": 2, "B": 2, "C": 2, "D": 2}
    )
    session = Session(header)
    enter(session, "round", "trump hearts", "claim A jack", "pass B", "pass C", "pass D")
    enter(session, "pass A", "out B")
    html = export_text(session, 1, "html", lang="en")
    chart = html[html.index('<svg id="chart"') :]
    zero = re.search(r'<line x1="[\d.]+" y1="([\d.]+)"', chart)
    assert zero is not None
    for player in FOUR:
        points = re.search(rf'data-player="{player}"[^>]*points="([^"]+)"', chart)
        assert points is not None
        first_y = points.group(1).split()[0].split(",")[1]
        assert first_y != zero.group(1)  # below the zero line: each anted 2 before round 1
