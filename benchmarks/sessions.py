"""Long, legal indian-official sessions for benchmarks, made by a seeded random recorder."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from scorekeeper.core.events import Entry, Event
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session

PLAYERS = ["Aki", "Ben", "Chihiro", "Dai", "Emi"]


def random_entry(session: Session, rng: random.Random) -> Entry:
    legal = {action.kind: action for action in session.legal()}
    if "round" in legal:
        return Entry("round")
    roll = rng.random()
    if "raise" in legal and roll < 0.3:
        return Entry("raise")
    fold = legal["fold"]
    if fold.choices and roll < 0.75:
        return Entry("fold", {"player": rng.choice(fold.choices)})
    return Entry("showdown", {"winner": rng.choice(legal["showdown"].choices)})


def make_session(entries: int, seed: int = 7) -> Session:
    rng = random.Random(seed)
    session = Session(make_header("indian-official", PLAYERS))
    start = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    while len(session.events) < entries:
        at = start + timedelta(seconds=len(session.events) * 3)
        session.record(random_entry(session, rng), at)
    return session


def events_of(entries: int) -> list[Event]:
    return make_session(entries).events
