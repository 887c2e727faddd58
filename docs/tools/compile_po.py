"""Compile a gettext ``.po`` catalog into the ``.mo`` next to it (a small msgfmt).

Used for argparse's words in Japanese (scorekeeper/locale/ja/LC_MESSAGES/); run it
after editing the ``.po``; tests/test_cli_extra.py fails while the two disagree::

    python docs/tools/compile_po.py scorekeeper/locale/ja/LC_MESSAGES/scorekeeper-argparse.po

Understands what that file uses: ``msgid``, ``msgid_plural``, ``msgstr``,
``msgstr[N]``, strings continued on the next lines, and ``#`` comments.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr as a ``.mo`` stores them (plural forms joined by NUL)."""
    entries: dict[str, str] = {}
    fields: dict[str, str] = {}
    current: str | None = None

    def finish() -> None:
        if "msgid" not in fields:
            return
        key = fields["msgid"]
        if "msgid_plural" in fields:
            key += "\0" + fields["msgid_plural"]
            forms = sorted(k for k in fields if k.startswith("msgstr["))
            value = "\0".join(fields[k] for k in forms)
        else:
            value = fields.get("msgstr", "")
        entries[key] = value

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"line {number}: a string continues nothing")
            fields[current] += ast.literal_eval(line)
            continue
        word, _, rest = line.partition(" ")
        if word == "msgid":
            finish()
            fields = {}
        fields[word] = ast.literal_eval(rest.strip())
        current = word
    finish()
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    """The GNU ``.mo`` format: header, the two tables of (length, offset), then the strings."""
    keys = sorted(entries)
    ids = [k.encode("utf-8") for k in keys]
    strs = [entries[k].encode("utf-8") for k in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count  # the header and both tables
    offsets: list[int] = []
    blob = b""
    for data in ids + strs:
        offsets += [len(data), start + len(blob)]
        blob += data + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return header + struct.pack(f"<{4 * count}I", *offsets) + blob


def compile_po(po_path: Path) -> bytes:
    return mo_bytes(parse_po(po_path.read_text(encoding="utf-8")))


def main(paths: list[str]) -> int:
    for name in paths:
        po = Path(name)
        po.with_suffix(".mo").write_bytes(compile_po(po))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
