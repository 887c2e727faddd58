"""A key given twice in one JSON object is refused: in a JSON export imported, and in a
journal line (damage). Python keeps the last of two equal keys silently, another reader may
keep the first, and the hash chain covers only the one we keep (issue 44, point 2)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.storage import Store
from scorekeeper.unique_json import DuplicateKey, loads_unique
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"


def imported(capsys) -> int:
    code, out, _ = run(capsys, "import", str(O1))
    assert code == 0
    return int(out)


def test_a_json_export_with_a_key_twice_is_refused_naming_the_key(home, capsys, tmp_path):
    sid = imported(capsys)
    text = run(capsys, "export", str(sid), "--format", "json")[1]
    # entry 5 says both: the last (what Python's json keeps) would be imported silently
    marker = '"kind": "raise"' if '"kind": "raise"' in text else '"kind":"raise"'
    assert marker in text
    twice = text.replace(marker, marker.replace("raise", "showdown") + ", " + marker, 1)
    path = tmp_path / "twice.json"
    path.write_text(twice, encoding="utf-8")
    before = sorted(p.name for p in (home / "sessions").iterdir())
    code, out, err = run(capsys, "import", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"{path}:1: this JSON gives the key kind twice in one object: one reader would take"
        " the first value, another the last, so it is not imported\n"
    )
    code, out, err = run(capsys, "--lang", "ja", "import", str(path))
    assert code == 2 and "項目kindが2回あります" in err
    assert sorted(p.name for p in (home / "sessions").iterdir()) == before  # nothing stored
    # the export itself, and the same text with its key once, import as ever
    path.write_text(text, encoding="utf-8")
    assert run(capsys, "import", str(path))[0] == 0


def _with_a_key_twice(path: Path) -> int:
    """The journal's last entry line given ``"kind"`` twice, its checksum fixed up: the
    first value a forger's, the last the one the chain's hash was computed on. Its line."""
    lines = path.read_bytes().splitlines(keepends=True)
    number = max(n for n, line in enumerate(lines) if b'"events"' in line)
    payload = lines[number][9:-1]
    doc = json.loads(payload)
    (entry,) = doc["set"]["events"].values()
    kind = json.dumps(entry["kind"])
    changed = payload.replace(b'"kind":' + kind.encode(), b'"kind":"end","kind":' + kind.encode())
    assert changed != payload
    lines[number] = b"%08x " % zlib.crc32(changed) + changed + b"\n"
    path.write_bytes(b"".join(lines))
    return number + 1


def test_a_journal_line_with_a_key_twice_is_damage(home, capsys):
    sid = imported(capsys)
    path = Store(home).path(sid)
    line = _with_a_key_twice(path)
    before = path.read_bytes()
    for command in (["show", str(sid)], ["verify", str(sid)], ["record", str(sid), "round"]):
        code, out, err = run(capsys, *command)
        assert (code, out) == (2, ""), command
        assert err.endswith(
            f"{path} is damaged at line {line}. Nothing was changed; a backup copy of this"
            " file may still be good.\n"
        ), command
    assert path.read_bytes() == before


def test_a_journal_with_no_key_twice_reads_as_before(home, capsys):
    sid = imported(capsys)
    assert run(capsys, "verify", str(sid))[0] == 0
    assert run(capsys, "record", str(sid), "round", "fold B")[0] == 0
    assert run(capsys, "show", str(sid))[0] == 0


KEYS = st.text(max_size=6)
LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=6))
OBJECTS = st.recursive(
    LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(OBJECTS)
def test_json_without_a_key_twice_reads_as_json_reads_it(value):
    text = json.dumps(value)
    assert loads_unique(text) == json.loads(text)


@settings(max_examples=200, deadline=None)
@given(key=KEYS, first=LEAVES, last=LEAVES, depth=st.integers(min_value=0, max_value=3))
def test_any_key_twice_at_any_depth_is_refused_and_named(key, first, last, depth):
    inner = json.dumps({key: first})[:-1] + ", " + json.dumps(key) + ": " + json.dumps(last) + "}"
    text = inner
    for _ in range(depth):
        text = '{"a": [' + text + "]}"
    try:
        loads_unique(text)
    except DuplicateKey as error:
        assert error.key == key
    else:
        raise AssertionError(f"{text} was read")
