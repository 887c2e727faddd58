"""``verify`` judges the journal as it was when it began, whatever a writer appends meanwhile.

It reads a journal twice: a quick pass for the states its vouch lines name, then the
fold. A writer that appended a vouch line naming a new state between the two (the app
keeps its snapshot in a thread as it closes) made the fold meet a state the first pass
had not asked for, and ``verify`` called that true line forged (1 run in 5 under load).
"""

from __future__ import annotations

from scorekeeper.services import verifying
from tests.cli_support import run
from tests.test_history_cut import _small_states, _stored  # noqa: F401 (a fixture)

#: One whole deal after the six of the stored session: a new state is taken on the way.
DEAL = ["round", "turned 8D", "claim B ace", "pass D", "pass A", "pass B", "pass C", "out D"]


def _states_named(path) -> int:
    return path.read_bytes().count(b'"taken":') - path.read_bytes().count(b'"taken":null')


def test_a_vouch_line_appended_between_verifys_two_reads_is_not_called_forged(
    tmp_path, capsys, monkeypatch
):
    store = _stored(tmp_path, capsys, "pochen")
    before = _states_named(store.path(1))
    first_pass = verifying.wanted_of

    def then_a_writer(path):
        found = first_pass(path)
        monkeypatch.setattr(verifying, "wanted_of", first_pass)
        assert run(capsys, "--data-dir", str(store.root), "record", "1", *DEAL)[0] == 0
        return found

    monkeypatch.setattr(verifying, "wanted_of", then_a_writer)
    code, out, err = run(capsys, "--data-dir", str(store.root), "verify", "1")
    assert _states_named(store.path(1)) > before  # the writer did name a new state
    assert code == 0, err
    assert "OK, 48 entries" in out  # the journal as it was when verify began
    assert run(capsys, "--data-dir", str(store.root), "verify", "1")[0] == 0  # and now all
