"""Fixtures shared by the app's tests."""

from __future__ import annotations

import time

import pytest


@pytest.fixture
def utc_english(monkeypatch):
    """Local time is UTC and messages are English, so screens and snapshots are stable."""
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture(autouse=True)
def _reset_language():
    """``--lang`` sets the language process-wide: never let it leak into the next test."""
    import scorekeeper.messages as messages

    yield
    messages._lang = None
