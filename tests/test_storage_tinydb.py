"""The journal storage must be a drop-in for TinyDB's own JSONStorage.

TinyDB's own Table runs over both: random workloads side by side catch any
difference in what JournalStorage.read/write give and keep (CI runs this on the
oldest and the newest TinyDB that pyproject allows).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tinydb import TinyDB
from tinydb.storages import JSONStorage

from scorekeeper.storage.journal import JournalStorage
from scorekeeper.storage.journal_format import format_line

#: Any tables but a session's own ("session", "events"), which are append-only: a line
#: that deletes or rewrites in them is damage (tests/test_storage.py).
TABLES = ["players", "rounds", "_default"]

texts = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "点数",
            "ポッヘン",
            "インディアンポーカー",
            'say "hi"',
            "line\nbreak",
            "tab\t",
            "\\",
            "\u2028",
        ]
    ),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    texts,
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
docs = st.dictionaries(texts, values, max_size=5)
tables = st.sampled_from(TABLES)
doc_ids = st.lists(st.integers(min_value=1, max_value=8), max_size=3, unique=True)

inserts = st.tuples(st.just("insert"), tables, docs)
operations = st.one_of(
    inserts,
    inserts,
    inserts,  # mostly inserts, as in the app
    st.tuples(st.just("insert_multiple"), tables, st.lists(docs, max_size=4)),
    st.tuples(st.just("update"), tables, docs, doc_ids),
    st.tuples(st.just("remove"), tables, doc_ids),
    st.tuples(st.just("drop_table"), tables),
)


def run(db: TinyDB, op: tuple[Any, ...]) -> object:
    """Apply *op*; the outcome is its result or the type of the error it raised."""
    kind, name, *args = op
    try:
        if kind == "insert":
            return db.table(name).insert(args[0])
        if kind == "insert_multiple":
            return db.table(name).insert_multiple(args[0])
        if kind == "update":
            return db.table(name).update(args[0], doc_ids=args[1])
        if kind == "remove":
            return db.table(name).remove(doc_ids=args[0])
        db.drop_table(name)
        return None
    except Exception as exc:
        return type(exc)


def state(db: TinyDB) -> dict[str, list[tuple[int, dict[str, Any]]]]:
    return {
        name: [(doc.doc_id, dict(doc)) for doc in db.table(name).all()]
        for name in sorted(db.tables())
    }


def open_default(folder: Path) -> TinyDB:
    return TinyDB(folder / "default.json", storage=JSONStorage, encoding="utf-8")


def open_journal(folder: Path, *, writer: bool = True) -> TinyDB:
    return TinyDB(folder / "s.journal", storage=JournalStorage, writer=writer)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=st.lists(operations, max_size=25),
    second=st.lists(operations, max_size=10),
)
def test_journal_storage_matches_json_storage(
    first: list[tuple[Any, ...]], second: list[tuple[Any, ...]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "s.journal").write_bytes(format_line())
        default, journal = open_default(folder), open_journal(folder)
        for op in first:
            assert run(journal, op) == run(default, op), op
        assert state(journal) == state(default)

        # Survives close and reopen, and both go on the same way afterwards
        # (reopening resets TinyDB's next-id counters on both sides).
        default.close()
        journal.close()
        default, journal = open_default(folder), open_journal(folder)
        assert state(journal) == state(default)
        for op in second:
            assert run(journal, op) == run(default, op), op
        expected = state(default)
        assert state(journal) == expected
        default.close()
        journal.close()

        reader = open_journal(folder, writer=False)
        assert state(reader) == expected
        reader.close()
