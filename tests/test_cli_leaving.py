"""A batch command's last steps (cli/leaving.py): the program leaves what the command read
to ``os._exit``, with the collector off; a caller of ``main`` in-process frees it as usual.
And ``replay`` reads the language chosen last without loading the store."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from scorekeeper.cli import leaving
from scorekeeper.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"


def _probe(home: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, SCOREKEEPER_HOME=str(home), **env)
    environment.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=False
    )


def test_the_program_leaves_with_what_replay_read_kept_and_the_collector_off(tmp_path):
    """Freed object by object on the way out, a 100,000-entry session cost 0.08 s of a 2 s
    replay; a pass of the collector on the way would have scanned it all."""
    probe = (
        "import gc, os, sys\n"
        "from scorekeeper.cli import leaving\n"
        "real_exit = os._exit\n"
        "def leave(code):\n"
        "    kept = [type(thing).__name__ for thing in leaving._kept]\n"
        "    print('KEPT', kept, 'COLLECTOR', gc.isenabled(), flush=True)\n"
        "    real_exit(code)\n"
        "os._exit = leave\n"
        f"sys.argv = ['scorekeeper', 'replay', {str(O1)!r}]\n"
        "from scorekeeper.cli.launch import entry\n"
        "entry()\n"
    )
    done = _probe(tmp_path / "data", probe, SCOREKEEPER_LANG="en")
    assert done.returncode == 0, done.stderr
    assert "KEPT ['Session'] COLLECTOR False" in done.stdout
    assert "A" in done.stdout.split("KEPT")[0]  # the standings were printed before


def test_main_called_in_process_keeps_nothing_and_restores_the_collector(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert gc.isenabled()
    assert main(["replay", str(O1)]) == 0
    assert leaving._kept == []
    assert gc.isenabled()


def test_replay_reads_the_language_chosen_last_without_loading_the_store(tmp_path):
    """The settings say where they are from the data folder's path alone
    (storage/paths.py): the store and TinyDB are loaded only by commands that read it."""
    home = tmp_path / "data"
    probe = (
        "import sys\n"
        "from scorekeeper.cli.main import main\n"
        "from scorekeeper.services import settings\n"
        "settings.save(lang='ja')\n"
        "for name in [m for m in sys.modules if m.startswith(('scorekeeper.storage', 'tinydb'))]:\n"
        "    del sys.modules[name]\n"
        f"code = main(['replay', {str(O1)!r}])\n"
        "print('LOADED', sorted(m for m in sys.modules\n"
        "                       if m.startswith(('scorekeeper.storage', 'tinydb'))))\n"
        "sys.exit(code)\n"
    )
    done = _probe(home, probe)
    assert done.returncode == 0, done.stderr
    assert "LOADED ['scorekeeper.storage', 'scorekeeper.storage.paths']" in done.stdout
    assert "次の親は" in done.stdout  # in Japanese, as the settings say
