"""History across sessions: per-player numbers over stored sessions, the cache, the CLI."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

import scorekeeper.services.stats_store as history
from scorekeeper.cli.main import main
from scorekeeper.core.stats import PlayerStats, combine, session_stats
from scorekeeper.core.transcript import read_session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.export.columns import width
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store

pytestmark = pytest.mark.usefixtures("steady_screen")  # UTC and English

# Three rounds, parents A, B, C; A's fold in round 3 is voided.
# Round 1: C beats parent A; B folded at 10.   A -20, B -10, C +30
# Round 2: parent B wins at 20.                A -40, B +80, C -40
# Round 3: A beats parent C; B folded at 10.   A +30, B -10, C -20
OFFICIAL_MAY = """\
game indian-official
players A B C
@2026-05-01T20:00:00+09:00 round
@2026-05-01T20:01:00+09:00 fold B
@2026-05-01T20:02:00+09:00 showdown C
@2026-05-01T20:05:00+09:00 round
@2026-05-01T20:06:00+09:00 raise
@2026-05-01T20:07:00+09:00 showdown B
@2026-05-01T20:10:00+09:00 round
@2026-05-01T20:11:00+09:00 fold A
@2026-05-01T20:12:00+09:00 undo
@2026-05-01T20:13:00+09:00 fold B
@2026-05-01T20:14:00+09:00 showdown A
"""

# Round 1: parent A wins.                      A +40, B -20, D -20
# Round 2: parent B wins; D folded at 10.      A -20, B +30, D -10
# Round 3 is under way: its showdown was voided, so it counts nowhere.
OFFICIAL_JUNE = """\
game indian-official
players A B 佐藤
@2026-06-10T21:00:00+09:00 round
@2026-06-10T21:01:00+09:00 showdown A
@2026-06-10T21:02:00+09:00 round
@2026-06-10T21:03:00+09:00 fold 佐藤
@2026-06-10T21:04:00+09:00 showdown B
@2026-06-10T21:05:00+09:00 round
@2026-06-10T21:06:00+09:00 showdown 佐藤
@2026-06-10T21:07:00+09:00 undo
"""

LOWEST = """\
game indian-lowest
players A B C
@2026-06-11T20:00:00+09:00 round
@2026-06-11T20:01:00+09:00 lose B
@2026-06-11T20:02:00+09:00 round
@2026-06-11T20:03:00+09:00 reveal A=3H B=KC C=5D
"""

# Dealer A; B bets 4 over the ante, A folds: B takes A's ante.
CHIPS = """\
game indian-chips
players A B
option stack 20
@2026-07-01T19:00:00+00:00 round
@2026-07-01T19:01:00+00:00 bet B
@2026-07-01T19:02:00+00:00 fold A
"""


def stored(store: Store, *texts: str) -> list[int]:
    ids = []
    for text in texts:
        session = read_session(text)
        ids.append(create_session(store, session.header, session.events))
    return ids


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path))
    store = Store(tmp_path)
    stored(store, OFFICIAL_MAY, OFFICIAL_JUNE, LOWEST, CHIPS)
    return store


def by_player(rows: list[PlayerStats], game: str) -> dict[str, dict[str, int]]:
    return {
        p.player: {k: v for k, v in p.to_doc().items() if k not in ("game", "player")}
        for p in rows
        if p.game == game
    }


def numbers(
    sessions, rounds, won, folds, parent_rounds, parent_net, net, board=0
) -> dict[str, int]:
    return dict(
        sessions=sessions, rounds=rounds, won=won, folds=folds,
        parent_rounds=parent_rounds, parent_net=parent_net, board=board, net=net,
    )  # fmt: skip


def test_one_session_counts_only_entries_in_force():
    doc = session_stats(read_session(OFFICIAL_MAY))
    assert doc["started"] == "2026-05-01T20:00:00+09:00"
    assert doc["players"] == {
        "A": {
            "rounds": 3,
            "won": 1,
            "folds": 0,
            "parent_rounds": 1,
            "parent_net": -20,
            "board": 0,
            "net": -30,
        },
        "B": {
            "rounds": 3,
            "won": 1,
            "folds": 2,
            "parent_rounds": 1,
            "parent_net": 80,
            "board": 0,
            "net": 60,
        },
        "C": {
            "rounds": 3,
            "won": 1,
            "folds": 0,
            "parent_rounds": 1,
            "parent_net": -20,
            "board": 0,
            "net": -30,
        },
    }


def test_totals_per_game_and_player(store):
    totals = history.gather(store)
    assert totals.games() == ["indian-official", "indian-chips", "indian-lowest"]
    assert totals.sessions == {"indian-official": 2, "indian-lowest": 1, "indian-chips": 1}
    assert by_player(totals.players, "indian-official") == {
        "A": numbers(2, 5, 2, 0, 2, 20, -10),
        "B": numbers(2, 5, 2, 2, 2, 110, 70),
        "C": numbers(1, 3, 1, 0, 1, -20, -30),
        "佐藤": numbers(1, 2, 0, 1, 0, 0, -30),
    }
    # Lowest: won = rounds not lost; net = minus the losses.
    assert by_player(totals.players, "indian-lowest") == {
        "A": numbers(1, 2, 1, 0, 1, 0, -1),
        "B": numbers(1, 2, 1, 0, 1, 0, -1),
        "C": numbers(1, 2, 2, 0, 0, 0, 0),
    }
    # Chips: won = took a pot; net = chips won less chips brought.
    assert by_player(totals.players, "indian-chips") == {
        "A": numbers(1, 1, 0, 1, 1, -1, -1),
        "B": numbers(1, 1, 1, 0, 0, 0, 1),
    }
    official = [p.player for p in totals.players if p.game == "indian-official"]
    assert official == ["B", "A", "C", "佐藤"]  # best net first, then by name
    lowest = [p.player for p in totals.players if p.game == "indian-lowest"]
    assert lowest == ["C", "A", "B"]  # fewest losses first


def test_date_range_by_the_first_entry(store):
    since, until = history.day_range(datetime(2026, 6, 1).date(), datetime(2026, 6, 10).date())
    totals = history.gather(store, since=since, until=until)
    assert totals.sessions == {"indian-official": 1}
    assert by_player(totals.players, "indian-official")["A"] == numbers(1, 2, 1, 0, 1, 40, 20)
    # Open at one end; an aware bound in any zone.
    later = history.gather(store, since=datetime(2026, 6, 11, tzinfo=UTC))
    assert later.sessions == {"indian-lowest": 1, "indian-chips": 1}
    assert history.gather(store, until=datetime(2026, 5, 1, tzinfo=UTC)).players == []


def test_game_filter_and_unreadable_sessions(store):
    assert {p.game for p in history.gather(store, game="indian-chips").players} == {"indian-chips"}
    (store.sessions_dir / "99.journal").write_bytes(b"not a journal\n")
    totals = history.gather(store)
    assert totals.unreadable == 1
    assert totals.sessions["indian-official"] == 2


def test_unchanged_sessions_are_not_folded_again(store, monkeypatch):
    from scorekeeper.services import recording, session_source

    first = history.gather(store)
    assert all(store.vouched_summaries(sid) is not None for sid in store.ids())

    def refuse(*args: object) -> dict[str, object]:
        raise AssertionError("folded again")

    monkeypatch.setattr(recording, "summaries_now", refuse)
    monkeypatch.setattr(session_source, "fold_checked", refuse)
    assert history.gather(store) == first
    monkeypatch.undo()
    # A new entry changes the file: that session alone is computed again.
    with open_recording(store, 4) as rec:
        rec.record(parse_entry(rec.session.game, split_line("round")),
                   datetime(2026, 7, 1, 19, 5, tzinfo=UTC))  # fmt: skip
        rec.record(parse_entry(rec.session.game, split_line("bet A")),
                   datetime(2026, 7, 1, 19, 6, tzinfo=UTC))  # fmt: skip
        rec.record(parse_entry(rec.session.game, split_line("fold B")),
                   datetime(2026, 7, 1, 19, 7, tzinfo=UTC))  # fmt: skip
    chips = by_player(history.gather(store).players, "indian-chips")
    assert chips["A"] == numbers(1, 2, 1, 1, 1, -1, 0)
    assert chips["B"] == numbers(1, 2, 1, 1, 1, -1, 0)


def test_the_session_list_cache_is_left_alone(store):
    from scorekeeper.services.catalog import list_sessions

    history.gather(store)
    assert [s.id for s in list_sessions(store)] == [4, 3, 2, 1]
    history.gather(store)
    assert len(list_sessions(store)) == 4


def test_combine_skips_documents_of_another_version():
    assert combine([{"version": 0, "game": "x", "players": {}}]).unreadable == 1


# -- the command ---------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_table_lines_up_wide_names(store, capsys):
    code, out, err = run(capsys, "stats", "--game", "indian-official")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Indian Poker (official points) — sessions: 2"
    assert lines[1].split() == [
        "player", "sessions", "rounds", "won", "folds", "as", "parent", "parent", "net",
        "net", "points",
    ]  # fmt: skip
    assert lines[2].split() == ["B", "2", "5", "2", "2", "2", "+110", "+70"]
    assert lines[5].split() == ["佐藤", "1", "2", "0", "1", "0", "0", "-30"]
    assert len({width(line) for line in lines[1:]}) == 1  # every column ends in one place


def test_cli_groups_games_and_filters_dates(store, capsys):
    code, out, _ = run(capsys, "stats", "--from", "2026-06-11")
    blocks = out.strip().split("\n\n")
    assert [b.splitlines()[0] for b in blocks] == [
        "Indian Poker with chips — sessions: 1",
        "Indian Poker, lowest card loses — sessions: 1",
    ]
    assert "dealer net" in blocks[0] and "losses" in blocks[1]
    code, out, _ = run(capsys, "stats", "--to", "2026-04-30")
    assert code == 0 and out.startswith("No finished round")


def test_cli_json(store, capsys):
    code, out, _ = run(capsys, "stats", "--json", "--to", "2026-05-31")
    assert code == 0
    rows = json.loads(out)
    assert rows[0] == {
        "game": "indian-official", "player": "B", "sessions": 1, "rounds": 3, "won": 1,
        "folds": 2, "parent_rounds": 1, "parent_net": 80, "board": 0, "net": 60,
    }  # fmt: skip
    assert [r["player"] for r in rows] == ["B", "A", "C"]


def test_cli_refuses_bad_dates_and_games(store, capsys):
    code, _, err = run(capsys, "stats", "--from", "May 1")
    assert code == 2 and err.startswith("--from: 'May 1' is not a date")
    code, _, err = run(capsys, "stats", "--from", "2026-06-02", "--to", "2026-06-01")
    assert code == 2 and "ends (2026-06-01) before it starts (2026-06-02)" in err
    code, _, err = run(capsys, "stats", "--game", "skat")
    assert code == 2 and "skat" in err
