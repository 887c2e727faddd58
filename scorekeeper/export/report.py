"""What the csv, md and html exports show, gathered once: rounds, totals, headings.

Each format only lays these out and escapes them its own way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core.game import Game
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.standings import Standing, net_history
from scorekeeper.core.standings import standings as standings_of
from scorekeeper.core.times import local_text
from scorekeeper.messages import t


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
            stake=result.stake,
            how=result.how,
            details=result.details,
            changes=dict(result.deltas),
            totals=dict(result.scores),
            net={name: history[name][index + 1] for name in result.scores if name in history},
        )
        for index, result in enumerate(state.results)
    ]


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
    """A points game played for a stake (indian-official), as opposed to chips or losses."""
    return not game.uses_chips and not game.lower_is_better


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
