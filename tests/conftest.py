"""Fixtures shared by the app's tests."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterator

import pytest


def _import_the_app_in(language: str) -> None:
    """Import every module of the app now, in the run's *language*. Keys' labels are read
    when a screen is first imported, so a Japanese test that happened to open a table first
    in a worker left its labels to every English test after it there (issue 45: which tests
    share a worker changes with their count; test_ui_help then read ラウンド for Round)."""
    import importlib
    import pkgutil

    import scorekeeper.ui

    before = os.environ.get("SCOREKEEPER_LANG")
    os.environ["SCOREKEEPER_LANG"] = language
    try:
        for module in pkgutil.walk_packages(scorekeeper.ui.__path__, "scorekeeper.ui."):
            importlib.import_module(module.name)
    finally:
        if before is None:
            del os.environ["SCOREKEEPER_LANG"]
        else:
            os.environ["SCOREKEEPER_LANG"] = before


_import_the_app_in("ja" if os.environ.get("SCOREKEEPER_LANG", "").startswith("ja") else "en")


# The Japanese screens need a process that imported the app in Japanese: they are run
# by tests/test_screens.py in one (or by hand with SCOREKEEPER_LANG=ja).
if not os.environ.get("SCOREKEEPER_LANG", "").startswith("ja"):
    collect_ignore = ["ja"]


@pytest.fixture
def steady_screen(monkeypatch):
    """UTC, English, and a text cursor that does not blink: screens and snapshots are stable.

    A blinking cursor is drawn or not depending on when the screenshot falls,
    which made a snapshot fail now and then.
    """
    from textual.widgets import Input

    def keep_cursor_shown(self: Input) -> None:
        self._cursor_visible = True

    monkeypatch.setattr(Input, "_toggle_cursor", keep_cursor_shown)
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def steady_screen_ja(steady_screen, monkeypatch):
    """As steady_screen, in Japanese."""
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")


@pytest.fixture(autouse=True)
def _reset_language():
    """``--lang`` sets the language process-wide: never let it leak into the next test."""
    import scorekeeper.messages as messages

    yield
    messages._lang = None


@pytest.fixture(autouse=True)
def _own_config_folder(tmp_path, monkeypatch):
    """Settings (language, theme, export folder) go to the test's own folder, never to the
    user's config folder; a test of where they go by default unsets this."""
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "user-config"))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh data folder for the command line, and English messages."""
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    return tmp_path / "data"


@pytest.fixture
def tokyo(monkeypatch):
    """Local time is Tokyo's, as at the table where the session was played."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def collector_passes() -> Iterator[list[int]]:
    """The generation of each pass of Python's cycle collector from now on, as they run
    (after one full pass, so that none is left over from before)."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.collect()
    gc.callbacks.append(note)
    try:
        yield seen
    finally:
        gc.callbacks.remove(note)


#: The tests that take longest alone (about 80 and 40 s on two cores): started first, so
#: that the suite's last minutes are not one worker alone with one of them while the
#: other waits (longest first, the usual rule for sharing jobs among workers).
LONGEST_FIRST = (
    "tests/test_screens.py::test_screens_in_japanese",
    "tests/test_ui_japanese_complete.py::test_every_screen_in_japanese_has_no_english_left",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {nodeid: n for n, nodeid in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid, len(rank)))  # stable: the rest as found
