"""Every open checks the session's integrity, not only ``verify`` (issue 12, points 1-2):
an edited entry (line checksum fixed up), a line the writer never writes, or a whole
line that fails its checksum is refused in one plain line, and nothing is written; a
torn tail is set aside only when an entry is recorded, and reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.storage.journal_format import decode, encode
from tests.cli_support import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def journal(capsys, home) -> Path:
    assert run(capsys, "import", str(EXAMPLES / "o1.txt"))[0] == 0
    return home / "sessions" / "1.journal"


def rewrite_line(path: Path, number: int, change) -> None:
    """Edit line *number* (1-based) and fix up its checksum, as someone with an editor would."""
    lines = path.read_bytes().split(b"\n")
    record = decode(lines[number - 1])
    change(record)
    lines[number - 1] = encode(record)[0].rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))


def refused_everywhere(capsys, path: Path, message: str) -> None:
    before = path.read_bytes()
    for command in (["show", "1"], ["record", "1", "round"], ["export", "1", "--format", "csv"],
                    ["timeline", "1"], ["settle", "1"]):  # fmt: skip
        code, out, err = run(capsys, *command)
        assert (code, out) == (2, ""), command
        assert err == f"scorekeeper: {message}\n", command
    assert path.read_bytes() == before


def edit_a_winner_and_see_it_refused(capsys, journal: Path) -> None:
    """Make entry 5 (showdown D, line 7: line 2 is the header) name another winner, then
    expect every command to refuse the session, naming entry 5."""

    def new_winner(record):
        record["set"]["events"]["5"]["data"]["winner"] = "E"

    rewrite_line(journal, 7, new_winner)
    refused_everywhere(
        capsys,
        journal,
        "session 1 was changed after it was written: entry 5 does not match its chain."
        " Nothing was changed; scorekeeper verify 1 says more",
    )


def test_an_edited_winner_is_refused_on_every_open(capsys, journal):
    edit_a_winner_and_see_it_refused(capsys, journal)


@pytest.mark.parametrize(
    "record", [{"drop": ["events"]}, {"set": {"events": {"19": None}}}], ids=["drop", "delete"]
)
def test_a_line_that_erases_history_is_damage(capsys, journal, record):
    lines = journal.read_bytes().count(b"\n")  # the format, the header, 19 entries, a vouch
    assert lines == 22
    with open(journal, "ab") as handle:
        handle.write(encode(record)[0])
    refused_everywhere(
        capsys,
        journal,
        f"{journal} is damaged at line 23. Nothing was changed; a backup copy of this file"
        " may still be good.",
    )
    code, _, _ = run(capsys, "verify", "1")
    assert code == 2


def test_a_flipped_byte_in_the_last_whole_line_is_damage_not_a_torn_write(capsys, journal):
    data = bytearray(journal.read_bytes())
    data[-5] ^= 0x01
    journal.write_bytes(bytes(data))
    refused_everywhere(
        capsys,
        journal,
        f"{journal} is damaged at line 22. Nothing was changed; a backup copy of this file"
        " may still be good.",
    )


def test_a_torn_tail_is_kept_until_an_entry_goes_on_and_then_reported(capsys, journal):
    whole = journal.read_bytes()
    torn = encode({"set": {"events": {"20": {"seq": 20}}}})[0][:30]
    journal.write_bytes(whole + torn)
    code, _, err = run(capsys, "record", "1", "fold B")  # refused: no round in play
    assert code == 2 and journal.read_bytes() == whole + torn  # a refusal changes nothing
    code, _, _ = run(capsys, "record", "1", "round")
    assert code == 0
    side = journal.with_name("1.journal.torn")
    assert side.read_bytes() == torn
    code, out, err = run(capsys, "show", "1")
    assert code == 0 and "round 5" in out
    assert err == (
        f"session 1: unfinished writes (1) were set aside in {side}; they were never"
        " reported as recorded\n"
    )
    assert json.loads(run(capsys, "show", "1", "--json")[1])["entries"] == 20


def test_a_same_size_edit_with_its_old_time_is_not_hidden_by_the_list_cache(capsys, journal):
    import os

    code, out, _ = run(capsys, "list")
    assert code == 0 and "Official" in out  # the summary is cached now
    before = journal.stat()

    def new_winner(record):
        record["set"]["events"]["5"]["data"]["winner"] = "E"  # D -> E: same size

    rewrite_line(journal, 7, new_winner)
    os.utime(journal, ns=(before.st_atime_ns, before.st_mtime_ns))  # as touch -r would
    assert journal.stat().st_size == before.st_size
    code, out, _ = run(capsys, "list")
    assert code == 0
    # The list shows what the journal's last line, a vouch chained to the line before it,
    # holds; it hashes no byte before it, so an edit of the same length there is not seen
    # by the list (docs/storage.md): every command that reads the entries says it.
    assert out.splitlines()[1].startswith("1   Official")
    code, _, err = run(capsys, "show", "1")
    assert code != 0 and "entry 5 does not match its chain" in err
    assert run(capsys, "verify", "1")[0] == 1
