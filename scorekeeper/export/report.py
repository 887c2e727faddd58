"""What the csv, md and html exports show, gathered once: rounds, totals, headings.

Each format only lays these out and escapes them its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from scorekeeper.core.game import Game
from scorekeeper.core.pots import contested
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.standings import Standing, net_history
from scorekeeper.core.standings import standings as standings_of
from scorekeeper.core.timeline import TimelineEntry, stake_timeline, state_after
from scorekeeper.core.times import local_text
from scorekeeper.export.timeline_doc import entry_words, stake_words
from scorekeeper.messages import t
from scorekeeper.messages.describe import board_returned_text, describe_text


@dataclass(frozen=True)
class RoundRow:
    round: int
    parent: str
    stake: int | None  # the stake at the end (points) or the pot (chips), else None
    how: str
    details: Mapping[str, Any]
    changes: Mapping[str, int]  # players dealt in: their result of the round
    totals: Mapping[str, int]  # every player known then: score after the round
    net: Mapping[str, int]  # every player known then: net result after the round


def round_rows(session: Session) -> list[RoundRow]:
    """One row per finished round in force (corrections applied), from the results alone."""
    state = session.state
    history = net_history(session.game, state)
    for name, chips in state.returned.items():  # the board given back is not a round's
        history[name][-1] -= chips
    return [
        RoundRow(
            round=result.round,
            parent=result.parent,
            stake=_pot(session.game, result.stake, result.paid, result.folded),
            how=result.how,
            details=result.details,
            changes=dict(result.deltas),
            totals=dict(result.scores),
            net={name: history[name][index + 1] for name in result.scores if name in history},
        )
        for index, result in enumerate(state.results)
    ]


def _pot(
    game: Game, stake: int | None, paid: Mapping[str, int], folded: Sequence[str]
) -> int | None:
    """The stake at the end (points), or the pot a chip round was played for: without
    the chips nobody matched, which went back (the words' "takes the pot of N")."""
    if stake is None or not game.uses_chips or not paid:
        return stake
    return contested(paid, folded)


@dataclass(frozen=True)
class BoardRow:
    """The board given back at the end (Pochen ``end_board``): not a round, but the last
    change of the totals, so a sheet's totals end where the standings do."""

    how: str  # the sentence the settlement says
    changes: Mapping[str, int]  # each player's share
    totals: Mapping[str, int]  # every player's total after it


def board_row(session: Session, lang: str | None = None) -> BoardRow | None:
    """The board given back at the end as a row after the rounds; None if none was."""
    state = session.state
    shares = session.game.board_returned(state)
    if not shares:
        return None
    return BoardRow(board_returned_text(shares, lang), dict(shares), dict(state.scores))


@dataclass(frozen=True)
class BroughtRow:
    """Chips brought to the table between rounds (a rebuy, a joiner's stack): not a round,
    but a change of the totals, so no row jumps without a word why."""

    after: int  # the rounds finished before it (0: before the first)
    kind: str  # the entry's kind: ``rebuy`` or ``join``
    how: str  # the entry in the log's words ("B buys 30 more chips")
    changes: Mapping[str, int]  # the chips each player brought
    totals: Mapping[str, int] = field(default_factory=dict)  # every total after it


#: The entries that bring chips to the table between rounds (State.brought).
BRINGS = frozenset({"rebuy", "join"})


def brought_rows(session: Session, lang: str | None = None) -> list[BroughtRow]:
    """Every entry in force that brought chips to the table, oldest first (totals unset:
    ``sheet_rows`` counts them on from the round before)."""
    voided, rows = session.voided(), []
    for index, event in enumerate(session.events):
        if event.kind not in BRINGS or event.seq in voided:
            continue
        before, after = session.state_before(index), state_after(session, index)
        changes = {
            name: after.brought.get(name, 0) - before.brought.get(name, 0)
            for name in after.names()
            if after.brought.get(name, 0) != before.brought.get(name, 0)
        }
        if changes:
            key, params = session.describe(index)
            words = describe_text(key, params, lang)
            rows.append(BroughtRow(len(before.results), event.kind, words, changes))
    return rows


SheetRow = RoundRow | BroughtRow | BoardRow


def sheet_rows(session: Session, lang: str | None = None) -> list[SheetRow]:
    """Every change of the totals in order: each round, each rebuy or joiner's stack
    between them, and the board given back at the end, so that each total is the one
    before plus the change, and the last ones are the standings'."""
    rounds = round_rows(session)
    brought: dict[int, list[BroughtRow]] = {}
    for row in brought_rows(session, lang):
        brought.setdefault(row.after, []).append(row)
    start = session.state_before(0) if session.events else session.state
    running: dict[str, int] = dict(start.scores)
    rows: list[SheetRow] = []
    for finished in range(len(rounds) + 1):
        for row in brought.get(finished, ()):
            for name, chips in row.changes.items():
                running[name] = running.get(name, 0) + chips
            rows.append(replace(row, totals=dict(running)))
        if finished < len(rounds):
            rows.append(rounds[finished])
            running = dict(rounds[finished].totals)
    board = board_row(session, lang)
    return rows if board is None else [*rows, board]


def row_doc(session: Session, row: SheetRow, lang: str) -> dict[str, Any]:
    """One row of the round table in numbers and words (the JSON export's ``rows``): a
    round, a rebuy or joiner's stack (``rebuy``, ``join``), the board given back
    (``board``); each total is the one before plus the change."""
    if isinstance(row, RoundRow):
        chips = session.game.uses_chips
        head: dict[str, Any] = {
            "kind": "round",
            "round": row.round,
            "lead": row.parent,
            "stake": None if chips else row.stake,
            "pot": row.stake if chips else None,
            "text": result_text(row, lang),
        }
    else:
        kind = row.kind if isinstance(row, BroughtRow) else "board"
        head = {"kind": kind, "round": None, "lead": None, "stake": None, "pot": None}
        head["text"] = row.how
    return {**head, "changes": dict(row.changes), "totals": dict(row.totals)}


@dataclass(frozen=True)
class StakeRow:
    """One line of the stake timeline, as the app's timeline shows it with ``s``."""

    entry: TimelineEntry  # the core's timeline entry (numbers, times, marks)
    stake: str  # ``20 → 40`` for a stake change, ``at 20`` for a fold, else empty
    what: str  # the entry in words (a correction: the round it replaces and how)
    mark: str  # ``(replaced by correction #N)``, ``(voided by #N)``, else empty

    @property
    def in_force(self) -> bool:
        return self.entry.in_force


def stake_rows(
    session: Session, lang: str, latest: int | None = None, within: int | None = None
) -> list[StakeRow]:
    """The stake timeline of a game played for a stake (else none), oldest first: each
    stake change and fold at its own time, undone or replaced ones marked, and each
    correction as itself with its own time (core/timeline.py decides which and when)."""
    return [stake_row(entry, lang) for entry in stake_timeline(session, latest, within)]


def stake_row(entry: TimelineEntry, lang: str) -> StakeRow:
    marks = []
    if entry.voided_by is not None:
        marks.append(t("log.voided_by", lang, seq=entry.voided_by))
    if entry.superseded_by is not None:
        marks.append(t("timeline.superseded", lang, seq=entry.superseded_by))
    return StakeRow(entry, stake_words(entry, lang), entry_words(entry, lang), " ".join(marks))


def initial_players(session: Session) -> tuple[str, ...]:
    """The players seated when the session began (others joined later)."""
    return session.header.players


def result_text(row: RoundRow, lang: str, escape: Callable[[str], str] = str) -> str:
    """The result of a round in words; names (and other text) passed through *escape*."""
    params = {k: escape(v) if isinstance(v, str) else v for k, v in row.details.items()}
    return t(row.how, lang, **params)


def players(session: Session) -> tuple[str, ...]:
    return session.state.names()


def standings(session: Session) -> list[Standing]:
    return standings_of(session.state)


def score_heading(game: Game, lang: str) -> str:
    if game.lower_is_better:
        return t("export.col.losses", lang)
    return t("word.chips" if game.uses_chips else "export.col.points", lang)


def parent_heading(game: Game, lang: str) -> str:
    return t(game.worded("word.lead"), lang)


def stake_heading(game: Game, lang: str) -> str:
    return t("word.pot" if game.uses_chips else "word.stake", lang)


def has_stakes(game: Game) -> bool:
    """A game played for a stake that rises in a round (the official rules), as opposed
    to chips or losses: the game's read side says so."""
    return game.has_stake


def local_time(at: datetime) -> str:
    return local_text(at, "%Y-%m-%d %H:%M:%S")


def title(session: Session, sid: int, lang: str) -> str:
    return t("export.title", lang, game=t(session.game.name_key, lang), session=sid)


def summary(session: Session, lang: str) -> str:
    """How many rounds, from the first entry to the last, and whether it is over."""
    if not session.events:
        return t("export.no_entries", lang)
    state = session.state
    text = t(
        "export.summary",
        lang,
        rounds=len(state.results),
        first=local_time(session.events[0].at),
        last=local_time(session.events[-1].at),
    )
    if state.finished:
        return f"{text} · {t('word.finished', lang)}"
    if state.in_round:
        return f"{text} · {t('export.status_in_round', lang, round=state.round)}"
    return text


def receipt_text(receipt: Receipt, lang: str) -> str:
    return t("export.receipt", lang, entries=receipt.entries, hash=receipt.hash)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)
