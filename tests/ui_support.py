"""Shared set-up for the app's Pilot and snapshot tests: a store, sessions, a fixed clock."""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual import events

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

PLAYERS = ["A", "B", "C", "D", "E"]
START = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def fixed_clock(start: datetime = START, step: int = 7) -> Callable[[], datetime]:
    """Each call is *step* seconds after the one before: stable times for snapshots."""
    ticks = iter(range(10**9))

    def now() -> datetime:
        return start + timedelta(seconds=step * next(ticks))

    return now


def new_store(tmp_path: Path, players: list[str] | None = None, **options: str) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", players or PLAYERS, options))
    return store


def app_recording_opens(store: Store) -> tuple[ScorekeeperApp, list[int]]:
    """An app whose ``open_session`` only notes the id, for tests of the screens before it."""
    app = ScorekeeperApp(store)
    opened: list[int] = []

    def open_session(sid: int) -> bool:
        opened.append(sid)
        return True

    app.open_session = open_session  # type: ignore[method-assign]
    return app, opened


async def press_all(pilot, keys) -> None:
    """Press *keys* one at a time: each posted as the terminal's driver posts it, then
    Textual's own wait for the screen's widgets to take their messages and for the
    animations it began (one idle wait a key; Pilot's ``press`` then ``pause`` is three).
    Each key reaches the screen the one before left, as a person's keys do."""
    for key in keys:
        pilot.app.post_message(_key_event(key))
        await pilot.wait_for_scheduled_animations()
    await _let_go(pilot)


async def press_each(pilot, keys) -> None:
    """Press *keys* one by one, letting the app settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def settled(pilot, holds: Callable[[], bool], turns: int = 100) -> bool:
    """Whether *holds* comes true within *turns* pauses of the app: a change that takes a
    few messages (a Select's Changed, then the screen's answer) may need more than one
    pause on a busy machine. A count of turns, never a wall-clock bound."""
    for _ in range(turns):
        if holds():
            return True
        await pilot.pause()
    return holds()


def mounted(node, selector: str) -> bool:
    """Whether a widget matching *selector* is in *node* and mounted. A widget is in the DOM
    (``query`` finds it) before its ``on_mount`` ran; a Select takes its value there, so one
    read before is blank and one set before is lost (issue 45: a busy machine's flake)."""
    return any(widget.is_mounted for widget in node.query(selector))


async def on_top(pilot, kind: type, *selectors: str):
    """The screen of *kind* once it is on top and the widgets *selectors* name are mounted:
    a key pushes a screen a few messages later on a busy machine, and a Select set before
    its mount is reset by it. Fails, never hangs, when it does not come."""
    app = pilot.app
    assert await settled(
        pilot,
        lambda: isinstance(app.screen, kind) and all(mounted(app.screen, s) for s in selectors),
    ), f"{kind.__name__} with {selectors} is not on top: {app.screen!r}"
    return app.screen


#: The characters of the named keys a burst types (what a terminal sends for them).
_NAMED_CHARACTERS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}


def _key_event(key: str) -> events.Key:
    """The Key event a terminal's driver posts for *key* (a key name, or one character)."""
    if len(key) == 1:
        name = key if key.isalnum() else unicodedata.name(key).lower().replace(" ", "_")
        return events.Key(name.replace("-", "_"), key)
    character = _NAMED_CHARACTERS.get(key)
    if character is None and "+" not in key:
        with contextlib.suppress(KeyError):
            character = unicodedata.lookup(key.replace("_", " "))
    return events.Key(key, character)


async def type_burst(pilot, keys) -> None:
    """Type *keys* as fast as a terminal delivers them (a fast typist, tmux's send-keys):
    all posted to the app at once, as its driver posts them, then wait until the app has
    dealt with every one (it holds keys typed behind a dialog until the dialog is ready,
    ui/app.py). Cheaper than ``pilot.press``, which waits for the app to go idle twice
    after every key; the screens it reaches are the same (tests/test_screens.py)."""
    for key in keys:
        pilot.app.post_message(_key_event(key))
    # Textual's wait for the screen's widgets to take their messages, and for the
    # animations the keys began
    await pilot.wait_for_scheduled_animations()
    await _let_go(pilot)


async def _let_go(pilot) -> None:
    """Once the app holds no key typed behind a dialog (ui/app.py), and what those keys
    did is drawn: a wait only when it still held some."""
    app = pilot.app

    def let_go() -> bool:
        return getattr(app, "_held", None) is None

    if not let_go():
        assert await settled(pilot, let_go), "keys held"
        await pilot.wait_for_scheduled_animations()
