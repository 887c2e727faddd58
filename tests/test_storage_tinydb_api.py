"""TinyDB through its public API only, so that any TinyDB from 4.8 to the newest 4.x works.

CI runs the storage tests again on the oldest and the newest TinyDB of the range in
pyproject (see .ci/run); these tests fail if TinyDB's internals are used again or if
TinyDB's own insert/update/remove could leave a session file refused as damaged.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
from pathlib import Path
from typing import Any

import pytest
import tinydb
from tinydb import Query, TinyDB
from tinydb.storages import JSONStorage

import scorekeeper
from scorekeeper.storage import Store
from scorekeeper.storage.journal import JournalStorage, journal_of
from scorekeeper.storage.journal_format import encode, format_line

PACKAGE = Path(scorekeeper.__file__).resolve().parent
HEADER = {"game": "pochen", "players": ["Aiko", "Ben"]}


def event(n: int) -> dict[str, object]:
    return {"seq": n, "kind": "fold", "player": "B", "text": f'手番 {n} "q"\n'}


def tinydb_classes() -> list[type]:
    found: list[type] = []
    for info in pkgutil.iter_modules(tinydb.__path__):
        if info.name == "mypy_plugin":  # TinyDB's plugin for mypy: needs mypy, a linter
            continue  # (the dev extra), and holds no class the storage could use
        module = importlib.import_module(f"tinydb.{info.name}")
        found += [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj) and obj.__module__.startswith("tinydb")
        ]
    return found


#: Set on classes by Python itself (abc, typing), not part of TinyDB.
PYTHON_MACHINERY = {"_abc_impl", "_is_protocol", "_is_runtime_protocol"}


def is_private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and name not in PYTHON_MACHINERY


def tinydb_private_names() -> set[str]:
    """Underscore names of TinyDB's classes, and of instances of them (set in __init__)."""
    names = {
        name
        for cls in tinydb_classes()
        for base in cls.__mro__
        if base.__module__.startswith("tinydb")
        for name in vars(base)
        if is_private(name)
    }
    db = TinyDB(storage=tinydb.storages.MemoryStorage)
    table = db.table("t")
    table.insert({"a": 1})
    table.search(Query().a == 1)
    for obj in (db, table, db.storage, tinydb.table.Document({}, 1), Query().a == 1):
        names |= {name for name in vars(obj) if is_private(name)}
    return names


def test_the_private_names_are_found() -> None:
    # If TinyDB renames its internals, the scan below must still look for something.
    assert {"_storage", "_next_id", "_get_next_id", "_update_table"} <= tinydb_private_names()


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=str)
def test_no_tinydb_internals_are_touched(path: Path) -> None:
    """No ``x._next_id``, ``getattr(x, "_storage")`` … anywhere in the program."""
    private = tinydb_private_names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    used |= {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert not used & private


def test_no_tinydb_internals_are_overridden() -> None:
    """A subclass of a TinyDB class defines none of TinyDB's underscore names."""
    from scorekeeper import storage

    bases = set(tinydb_classes())
    subclasses = []
    for info in pkgutil.iter_modules(storage.__path__):
        module = importlib.import_module(f"scorekeeper.storage.{info.name}")
        subclasses += [
            obj
            for obj in vars(module).values()
            if inspect.isclass(obj)
            and obj.__module__ == module.__name__
            and bases & set(obj.__mro__)  # not issubclass: TinyDB has typing Protocols
        ]
    assert JournalStorage in subclasses
    private = tinydb_private_names()
    for cls in subclasses:
        assert not {name for name in vars(cls) if is_private(name)} & private, cls


# --- TinyDB's own writes on a session ---------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data")


def test_tinydb_insert_appends_the_writers_line(store: Store) -> None:
    """TinyDB's insert into the entries is one appended line, the session writer's own."""
    sid = store.create(HEADER, [event(1)])
    path = store.path(sid)
    with store.open_writer(sid) as writer:
        before = path.read_bytes()
        assert writer.db.table("events").insert(event(2)) == 2
        line = encode({"set": {"events": {"2": event(2)}}})[0]
        assert path.read_bytes() == before + line
        writer.append(event(3))  # the writer goes on after it, at the next id
        assert path.read_bytes() == before + line + encode({"set": {"events": {"3": event(3)}}})[0]
        assert [doc.doc_id for doc in writer.db.table("events").all()] == [1, 2, 3]
    assert [e["seq"] for e in store.read(sid).events] == [1, 2, 3]


def test_tinydb_insert_after_the_writer_never_reuses_an_id(store: Store) -> None:
    """TinyDB's counter does not see the writer's appends: its insert is refused, not merged."""
    sid = store.create(HEADER, [event(1)])
    with store.open_writer(sid) as writer:
        events = writer.db.table("events")
        assert events.insert(event(2)) == 2
        writer.append(event(3))
        before = store.path(sid).read_bytes()
        with pytest.raises(ValueError):
            events.insert(event(4))  # TinyDB would give id 3 again
        assert store.path(sid).read_bytes() == before
    assert [e["seq"] for e in store.read(sid).events] == [1, 2, 3]


@pytest.mark.parametrize(
    "change",
    [
        lambda db: db.table("events").update({"seq": 9}, doc_ids=[1]),
        lambda db: db.table("events").update({"seq": 9}),
        lambda db: db.table("events").remove(doc_ids=[1]),
        lambda db: db.table("events").truncate(),
        lambda db: db.table("events").upsert({"seq": 9}, Query().seq == 1),
        lambda db: db.table("session").update({"game": "lowest"}),
        lambda db: db.drop_table("events"),
        lambda db: db.drop_tables(),
    ],
    ids=["update", "update-all", "remove", "truncate", "upsert", "header", "drop", "drop-all"],
)
def test_tinydb_cannot_rewrite_a_session(store: Store, change: Any) -> None:
    """What the reader would refuse as damage is refused before it is written."""
    sid = store.create(HEADER, [event(1), event(2)])
    path = store.path(sid)
    before = path.read_bytes()
    with store.open_writer(sid) as writer:
        with pytest.raises(ValueError, match="append-only"):
            change(writer.db)
        assert path.read_bytes() == before
        assert writer.db.table("events").get(doc_id=1) == event(1)
        assert writer.db.table("session").get(doc_id=1) == HEADER
        writer.append(event(3))
    got = store.read(sid)
    assert got.header == HEADER
    assert got.events == [event(1), event(2), event(3)]


def test_other_tables_take_every_tinydb_change(store: Store) -> None:
    sid = store.create(HEADER, [event(1)])
    with store.open_writer(sid) as writer:
        notes = writer.db.table("notes")
        assert notes.insert_multiple([{"n": 1}, {"n": 2}, {"n": 3}]) == [1, 2, 3]
        assert notes.update({"n": 20}, Query().n == 2) == [2]
        assert notes.remove(doc_ids=[1]) == [1]
        assert [dict(doc) for doc in notes.all()] == [{"n": 20}, {"n": 3}]
        writer.db.drop_table("notes")
        assert writer.db.tables() == {"session", "events"}
    assert store.read(sid).events == [event(1)]


# --- a failed or half-done TinyDB change leaves nothing behind ----------------------


def open_both(folder: Path) -> tuple[TinyDB, TinyDB]:
    (folder / "s.journal").write_bytes(format_line())
    journal = TinyDB(folder / "s.journal", storage=JournalStorage, writer=True)
    default = TinyDB(folder / "default.json", storage=JSONStorage)
    return journal, default


def states(*dbs: TinyDB) -> list[dict[str, list[tuple[int, dict[str, Any]]]]]:
    return [
        {name: [(d.doc_id, dict(d)) for d in db.table(name).all()] for name in db.tables()}
        for db in dbs
    ]


def test_an_update_that_fails_half_way_changes_nothing(tmp_path: Path) -> None:
    """TinyDB changes the documents it read in place: they must be copies."""
    journal, default = open_both(tmp_path)
    for db in (journal, default):
        db.table("t").insert_multiple([{"x": [1]}, {"x": [2]}])

    def change_then_fail(doc: Any) -> None:
        doc["x"].append(0)
        if doc["x"][0] == 2:
            raise RuntimeError("half-way")

    for db in (journal, default):
        with pytest.raises(RuntimeError):
            db.table("t").update(change_then_fail)
        db.table("t").clear_cache()
    size = (tmp_path / "s.journal").stat().st_size
    assert states(journal) == states(default) == [{"t": [(1, {"x": [1]}), (2, {"x": [2]})]}]
    journal.close()
    assert (tmp_path / "s.journal").stat().st_size == size
    reopened = TinyDB(tmp_path / "s.journal", storage=JournalStorage)
    assert states(reopened) == states(default)


@pytest.mark.parametrize("new", [True, 1.0, -0.0, {"b": 1, "a": 2}])
def test_an_update_to_an_equal_but_different_value_is_kept(tmp_path: Path, new: Any) -> None:
    """1 == 1.0 == True in Python, not on the disk: the change is written as JSONStorage does."""
    journal, default = open_both(tmp_path)
    old = {"a": 2, "b": 1} if isinstance(new, dict) else (0.0 if new == 0 else 1)
    for db in (journal, default):
        db.table("t").insert({"v": old})
        db.table("t").update({"v": new})
    journal.close()
    reopened = TinyDB(tmp_path / "s.journal", storage=JournalStorage)
    assert states(reopened) == states(default)
    assert json.dumps(reopened.table("t").get(doc_id=1)) == json.dumps({"v": new})


def test_journal_of_uses_the_public_storage_property(store: Store) -> None:
    sid = store.create(HEADER)
    with store.open_writer(sid) as writer:
        assert journal_of(writer.db) is writer.db.storage
