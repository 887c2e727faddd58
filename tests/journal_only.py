"""The journal-only comparison (issue 44): a data folder as a table leaves it, and a copy
of it holding only the journals. Whatever is forged beside the entries (side files,
vouch lines appended to a journal), every view of the first must be what the second
shows, and ``record`` must go on in both alike. Shared by tests/test_journal_only.py (the
command line and the phones' page) and tests/test_journal_only_ui.py (the app)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.export.formats import FORMATS
from scorekeeper.services.recording import import_session
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import sealed, verify
from tests.cli_support import run
from tests.long_sessions import SeededData, long_session, seeded_strategies
from tests.session_gen import GAMES, build_session

#: The seed of every long session: the same sessions on every machine.
SEED = 44
#: What ``record`` adds in both folders once the forgery is in place.
MORE = "note more"
#: The exports compared once ``record`` went on in both folders (all of them before):
#: JSON holds every number the others lay out.
AFTER_FORMATS = ("json",)
#: Where the user's config folder of the table that made the template is kept: copied to
#: each test's own (``$SCOREKEEPER_CONFIG``), as the user's machine keeps it.
CONFIG = "user-config"


class Clock(datetime):
    """Entries recorded in both folders at the same moment, so their views can be equal."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[override]
        return datetime(2026, 12, 5, 20, 0, tzinfo=UTC).astimezone(tz)


def freeze_clock(patch: pytest.MonkeyPatch) -> None:
    import scorekeeper.core.ledger as ledger_module
    import scorekeeper.export.formats as formats_module

    patch.setattr(ledger_module, "datetime", Clock)
    patch.setattr(formats_module, "datetime", Clock)


def template(root: Path) -> dict[str, list[int]]:
    """A data folder under *root*/data, as a table leaves it: per registered game a long
    session (past its first snapshot) and a short generated one, each imported, recorded
    into twice by ``record`` (vouch lines after entries) and listed; the user's config
    folder beside it. Returns the session ids of each game, long one first."""
    data, config = root / "data", root / CONFIG
    ids: dict[str, list[int]] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SCOREKEEPER_CONFIG", str(config))
        freeze_clock(patch)
        store = Store(data)
        for number, game in enumerate(GAMES):
            with seeded_strategies():
                short = build_session(SeededData(SEED + number), game)  # type: ignore[arg-type]
            ids[game] = [
                import_session(store, long_session(game, SEED + number)),
                import_session(store, short),
            ]
        for game_ids in ids.values():
            for sid in game_ids:
                for text in ("note kept", "note again"):
                    code, _, err = main_run("--data-dir", str(data), "record", str(sid), text)
                    assert code == 0, err
        assert main_run("--data-dir", str(data), "list")[0] == 0
        assert main_run("--data-dir", str(data), "stats")[0] == 0
    return ids


def main_run(*args: str) -> tuple[int, str, str]:
    """The command line in-process, its output captured (outside a test's capsys)."""
    import contextlib
    import io

    from scorekeeper.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def copy_folder(source: Path, into: Path, *, journals_only: bool = False) -> Path:
    """A copy of the data folder *source*: whole, or holding only its journals."""
    if not journals_only:
        shutil.copytree(source, into, symlinks=True)
        return into
    (into / "sessions").mkdir(parents=True)
    for journal in (source / "sessions").glob("*.journal"):
        shutil.copyfile(journal, into / "sessions" / journal.name)
    return into


def use_config(made: Path) -> None:
    """The test's own config folder becomes the one the template was made with."""
    own = Path(os.environ["SCOREKEEPER_CONFIG"])
    if (made / CONFIG).exists() and not own.exists():
        shutil.copytree(made / CONFIG, own)


def global_views(capsys, root: Path) -> dict[str, object]:
    """The views over every session: the list and the statistics, with each filter."""
    folder = str(root)
    commands = [["list"], ["list", "--json"], ["stats"], ["stats", "--json"]]
    commands += [["stats", "--game", game, "--json"] for game in GAMES]
    commands += [["stats", "--from", "2026-11-29", "--to", "2026-11-29", "--json"]]
    return {" ".join(args): run(capsys, "--data-dir", folder, *args) for args in commands}


def session_views(
    capsys, root: Path, sid: int, formats: tuple[str, ...] = FORMATS
) -> dict[str, object]:
    """Everything a user or a phone is shown of session *sid*, but ``verify``: exported
    in each of *formats*."""
    from scorekeeper.core import timeline as timeline_module
    from scorekeeper.export.live import live_view
    from scorekeeper.export.live_stakes import stake_page
    from scorekeeper.services.showing import Followed

    folder, seen = str(root), {}
    for args in (
        ["show", str(sid)],
        ["show", str(sid), "--json"],
        ["timeline", str(sid)],
        ["settle", str(sid)],
        *(["export", str(sid), "--format", fmt] for fmt in formats),
    ):
        seen[" ".join(args)] = run(capsys, "--data-dir", folder, *args)
    store = Store(root)
    for history in (False, True):
        try:
            session = Followed(store, sid, history=history).session
            page: object = [live_view(session, sid, lang) for lang in ("en", "ja")]
        except Exception as error:  # what the page would say, compared
            page = type(error).__name__
        seen[f"page state.json history={history}"] = page
    try:
        whole = Followed(store, sid, history=True).session
        rows = timeline_module.stake_timeline(whole)
        seen["page stakes.json"] = stake_page(rows, whole.state.round, "en")
    except Exception as error:
        seen["page stakes.json"] = type(error).__name__
    return seen


def entries(root: Path, sid: int) -> list[dict[str, Any]]:
    """The entries stored, without their hashes (those chain through the vouch lines too,
    which differ with what each folder's side files made its writers do)."""
    return [{k: v for k, v in doc.items() if k != "chain"} for doc in Store(root).read(sid).events]


@contextmanager
def fed_fifo(path: Path, aside: Path) -> Iterator[None]:
    """A FIFO at *path* whose reader, if any, gets end of file at once, never a hang: a
    command that opens it (today's ``record``, ``verify``) goes on as with an empty file.
    *aside*: a name for it outside the data folder, to let the feeder go at the end even
    once a writer has put a file of its own at *path*."""
    os.mkfifo(path)
    os.link(path, aside)
    stop = threading.Event()

    def feed() -> None:
        while not stop.is_set():
            try:
                fd = os.open(aside, os.O_WRONLY)  # waits for a reader
            except OSError:
                return
            os.close(fd)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        yield
    finally:
        stop.set()
        reader = os.open(aside, os.O_RDONLY | os.O_NONBLOCK)  # lets the feeder go
        feeder.join()
        os.close(reader)
        aside.unlink()


def append_vouch(folder: Path, sid: int, body: dict[str, Any]) -> None:
    """Append a vouch line holding *body* to session *sid*'s journal, chained to the line
    before it and stored at the offset it names, as a closing writer appends one: what
    anyone who can write the data folder can do with storage/hashchain.py."""
    store = Store(folder)
    with store.open_writer(sid) as writer:
        tip = verify(writer.header, writer.events, writer.vouches).tip
        size, _ = writer.bytes_so_far()
        doc = {**body, "after": len(writer.events), "size": size}
        assert writer.append_vouch(sealed(tip, doc))


def last_vouch(folder: Path, sid: int) -> dict[str, Any]:
    return dict(Store(folder).read(sid).vouches[-1])


def moved_summaries(summaries: dict[str, Any], rounds: int, net: int) -> dict[str, Any]:
    """Plausible summaries: more rounds, the last player leading, every net moved."""
    moved = json.loads(json.dumps(summaries))
    for kind, doc in moved.items():
        if not kind:
            doc["rounds"] = doc.get("rounds", 0) + rounds
            if doc.get("players"):
                doc["leader"] = doc["players"][-1]
        for numbers in (doc.get("players") or {}).values() if kind else ():
            if isinstance(numbers, dict) and "net" in numbers:
                numbers["net"] += net
    return moved


def without_place(doc: dict[str, Any]) -> dict[str, Any]:
    """A vouch line's document without where it stands (its entry count, offset, hash)."""
    return {k: v for k, v in doc.items() if k not in ("after", "size", "chain")}


def forge_vouched_scores(folder: Path, sid: int, rounds: int = 7, net: int = 500) -> None:
    """A snapshot with moved scores and invented summaries, named by a self-chained vouch
    line appended to the journal, every other key as a writer gives it: what one who can
    write the data folder (not the user's config) can make."""
    from tests.journal_support import forged_scores

    store = Store(folder)
    true = last_vouch(folder, sid)
    forged = forged_scores(store, sid)
    store.keep_snapshot(sid, forged)
    body = without_place(true)
    body.update(
        state=hashlib.sha256(forged.split(b"\n")[1]).hexdigest(),
        summaries=moved_summaries(true["summaries"], rounds, net),
    )
    append_vouch(folder, sid, body)
