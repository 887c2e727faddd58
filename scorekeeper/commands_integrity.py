"""``scorekeeper correct`` and ``scorekeeper verify`` (docs/disputes.md)."""

from __future__ import annotations

from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.times import local_text
from scorekeeper.core.words import parse_replacement, split_line
from scorekeeper.messages import t
from scorekeeper.recording import Recording
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import verify as verify_chain
from scorekeeper.wording import describe_text

EXIT_NO_CHAIN = 1


def correct(store: Store, sid: int, round_number: int, reason: str, texts: list[str]) -> int:
    """Record one correction of *round_number*; print it and the standings after it."""
    from scorekeeper.cli import fail
    from scorekeeper.commands import standings_text

    where = f"{sid}: correct {round_number}"
    with Recording(store, sid) as rec:
        game = rec.session.game
        try:
            entries = []
            for text in texts:
                parsed = parse_replacement(game, split_line(text))
                entries.append(Entry(parsed["kind"], parsed["data"]))
            event = rec.record(correction_entry(round_number, reason, entries))
        except RuleError as error:
            fail(where, error.message())
        key, params = rec.session.describe(len(rec.session.events) - 1)
        local = local_text(event.at, "%H:%M:%S")
        print(t("cli.recorded", seq=event.seq, time=local, what=describe_text(key, params)))
        print(standings_text(rec.session))
    return 0


def verify(store: Store, sid: int) -> int:
    """0: every entry matches its chain; 1: no chain to check; 2: the first mismatch named."""
    from scorekeeper.cli import fail
    from scorekeeper.commands import tell_set_aside

    stored = store.read(sid)
    tell_set_aside(store, sid)
    verdict = verify_chain(stored.header, stored.events)
    if verdict.bad_header:
        fail(str(sid), t("cli.verify_header"))
    if verdict.bad_entry is not None:
        key = "cli.verify_unchained" if verdict.missing else "cli.verify_entry"
        fail(str(sid), t(key, entry=verdict.bad_entry))
    if not verdict.chained:
        print(t("cli.verify_no_chain", session=sid))
        return EXIT_NO_CHAIN
    if verdict.unchained:
        print(t("cli.verify_ok_partly", session=sid, entries=verdict.entries,
                head=verdict.head, unchained=verdict.unchained))  # fmt: skip
    else:
        print(t("cli.verify_ok", session=sid, entries=verdict.entries, head=verdict.head))
    return 0
