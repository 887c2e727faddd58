"""The money rate of a settlement (like ``scorekeeper settle --rate``), kept in the settings.

The final standings ask it (``$``); they, the start screen's settlement and the exports made
from the app use it. A rate in the settings file that is not one is no rate.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from textual.app import App

from scorekeeper.export.settlement import parse_rate
from scorekeeper.messages import UserError, t
from scorekeeper.services import settings
from scorekeeper.ui.screens.dialogs import TextDialog

#: The settings' key: the rate as typed ("10", "0.5"), absent for none.
KEY = "rate"


def settings_root(app: object) -> Path | None:
    """The data folder, where older versions kept the settings (see services.settings)."""
    store = getattr(app, "store", None)
    root = getattr(store, "root", None)
    return root if isinstance(root, Path) else None


def kept_rate(app: object) -> Decimal | None:
    """The rate kept in the settings, or None (none kept, or not a rate)."""
    typed = settings.load(settings_root(app)).get(KEY)
    if not isinstance(typed, str):
        return None
    try:
        return parse_rate(typed)
    except UserError:
        return None


def rate_problem(typed: str) -> str | None:
    """Why *typed* is not a rate, in words; None for a rate or for nothing (no rate)."""
    if not typed.strip():
        return None
    try:
        parse_rate(typed)
    except UserError as error:
        return error.message()
    return None


def rate_dialog(app: App[object]) -> TextDialog:
    """The question: the rate now in its box, to be edited; empty takes the rate away."""
    rate = kept_rate(app)
    now = "" if rate is None else f"{rate.normalize():f}"
    return TextDialog(
        t("settle.ui.rate_question"), t("ui.hint.example", example="10"), rate_problem, value=now
    )


def keep_rate(app: object, typed: str) -> bool:
    """Keep *typed* (checked by rate_problem) as the rate; empty: no rate. False if the
    settings could not be written."""
    word = typed.strip()
    value = f"{parse_rate(word).normalize():f}" if word else None
    return settings.save(settings_root(app), **{KEY: value})
