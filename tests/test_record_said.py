"""``scorekeeper record`` says what the journal holds after any failure (issue 45 point 2).

A newcomer's game made ``record`` write its entry (``verify`` confirmed it) and then say
"Nothing was recorded": an exception after the append (a missing catalog key, while the
entry was put in words) reached the last net of cli/main.py, whose words assume nothing
was written. Here a failure is injected right after the append, and at the first words
said after it; the message names the entries the journal holds, in English and Japanese,
and the journal holds them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli.errors import EXIT_INTERNAL, EXIT_INTERRUPTED
from scorekeeper.core.events import Event
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.messages import UserError
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.storage.writer import SessionWriter
from tests.cli_support import run

BEFORE = ["round", "raise", "showdown D"]  # entries #1 to #3


def _store(tmp_path: Path, capsys) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C", "D"], {}))
    assert run(capsys, "--data-dir", str(store.root), "record", "1", *BEFORE)[0] == 0
    return store


def _failing_after_the_append(monkeypatch, error: BaseException, held: int = len(BEFORE)) -> None:
    """Every entry after the *held* ones reaches the journal, then taking it into the
    session in memory raises *error* (the opening's fold of those is left alone)."""
    real = Session.commit

    def commit_or_fail(self: Session, event: Event) -> None:
        if event.seq > held:
            raise error
        real(self, event)

    monkeypatch.setattr(Session, "commit", commit_or_fail)


def _kinds(store: Store) -> list[str]:
    return [event.kind for event in load_session(store, 1).events]


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (KeyError("pochen.show.missing"), EXIT_INTERNAL),
        (KeyboardInterrupt(), EXIT_INTERRUPTED),
        (UserError("storage.cannot_read", path="1.journal.snap", reason="I/O"), EXIT_INTERNAL),
    ],
    ids=["internal", "interrupted", "plain_words"],
)
def test_a_failure_after_the_append_says_the_journal_holds_the_entries(
    tmp_path, capsys, monkeypatch, error, code
):
    store = _store(tmp_path, capsys)
    _failing_after_the_append(monkeypatch, error)
    said, out, err = run(capsys, "--data-dir", str(store.root), "record", "1", "round", "raise")
    monkeypatch.undo()
    assert _kinds(store) == [*(text.split()[0] for text in BEFORE), "round", "raise"]
    assert said == code and out == ""
    assert "entries #4 to #5 were recorded (the journal holds them" in err
    if isinstance(error, UserError):
        assert err.rstrip().endswith("then " + error.message())
    assert "Nothing was recorded" not in err and "Traceback" not in err
    assert run(capsys, "--data-dir", str(store.root), "verify", "1")[0] == 0


def test_one_entry_is_named_in_english_and_in_japanese(tmp_path, capsys, monkeypatch):
    store = _store(tmp_path, capsys)
    _failing_after_the_append(monkeypatch, KeyError("pochen.show.missing"))
    data = ("--data-dir", str(store.root))
    said, _, err = run(capsys, *data, "--lang", "en", "record", "1", "round")
    assert said == EXIT_INTERNAL
    assert err.startswith("scorekeeper: session 1: entry #4 was recorded (the journal holds it")
    assert "then an internal error (KeyError): 'pochen.show.missing'" in err
    monkeypatch.undo()
    _failing_after_the_append(monkeypatch, KeyError("pochen.show.missing"), held=4)
    said, _, err = run(capsys, *data, "--lang", "ja", "record", "1", "undo")
    assert said == EXIT_INTERNAL
    assert "セッション1: #5は記録されました(ジャーナルに保存済みです。" in err
    assert "そのあと内部エラーが起きました(KeyError)" in err
    assert "記録されていません" not in err
    monkeypatch.undo()
    assert _kinds(store)[-2:] == ["round", "undo"]
    assert run(capsys, *data, "verify", "1")[0] == 0


def test_a_failure_while_the_entries_are_said_names_them_too(tmp_path, capsys, monkeypatch):
    """The newcomer's case: the entry is on the disk, putting it in words fails."""
    store = _store(tmp_path, capsys)

    def no_words(key: str, params: dict) -> str:
        raise KeyError(key)

    monkeypatch.setattr("scorekeeper.cli.sessions.describe_text", no_words)
    said, out, err = run(
        capsys, "--data-dir", str(store.root), "--lang", "ja", "record", "1", "round"
    )
    assert said == EXIT_INTERNAL and out == ""
    assert "#4は記録されました" in err and "記録されていません" not in err
    assert len(_kinds(store)) == 4


def test_a_failure_before_anything_reached_the_journal_says_nothing_was(
    tmp_path, capsys, monkeypatch
):
    store = _store(tmp_path, capsys)

    def refuse(self: SessionWriter, events: list) -> None:
        raise RuntimeError("before the disk")

    monkeypatch.setattr(SessionWriter, "append_all", refuse)
    said, _, err = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert said == EXIT_INTERNAL
    assert "Nothing was recorded by this command" in err and "was recorded (" not in err
    assert len(_kinds(store)) == 3
