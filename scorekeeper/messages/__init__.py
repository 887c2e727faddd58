"""The one message catalog: every string a user reads is looked up here.

The messages live in ``scorekeeper/messages/catalog/``, one file per key prefix
(``ui.*`` in ``ui.py``, ``rules.*`` in ``rules.py``, …; a large prefix's part may have
its own file, ``ui.help.*`` in ``ui_command_help.py``: catalog.PARTS), each as
``MESSAGES = {key: (english, japanese)}`` so the two languages of a message always
sit side by side and cannot drift apart.
Placeholders use ``str.format`` names (``{player}``); a test checks that both
languages use the same ones.

Stdlib only: the core raises errors that carry a key and parameters, and the
text is rendered here, in the language of whoever reads it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib import import_module
from typing import Final

from scorekeeper.messages.catalog import PARTS, PREFIXES, home_file
from scorekeeper.messages.text import visible

LANGUAGES: Final = ("en", "ja")


def _load() -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for name in (*PREFIXES, *PARTS):
        module = import_module(f"scorekeeper.messages.catalog.{name}")
        table: Mapping[str, tuple[str, str]] = module.MESSAGES
        for key, pair in table.items():
            if key in merged:
                raise RuntimeError(f"message key {key!r} is defined twice")
            if home_file(key) != name:
                raise RuntimeError(f"message key {key!r} belongs in catalog/{home_file(key)}.py")
            merged[key] = pair
    return merged


CATALOG: Final = _load()


def add_messages(table: Mapping[str, tuple[str, str]], owner: str) -> None:
    """Add the texts a game declared outside the catalog files brings with its
    registration (core/game.py ``GameSpec.messages``). A key the catalog holds already
    with other words is refused, never overwritten: no game rewords another's text."""
    for key, pair in table.items():
        if CATALOG.get(key, pair) != pair:
            raise RuntimeError(f"message key {key!r} of {owner} is in the catalog already")
    CATALOG.update(table)


_lang: str | None = None


def default_language() -> str:
    """The language from SCOREKEEPER_LANG, then LANG/LC_ALL, else English."""
    for var in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def set_language(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    global _lang
    _lang = lang


def language() -> str:
    return _lang if _lang is not None else default_language()


def t(key: str, lang: str | None = None, **params: object) -> str:
    """Render message *key* in *lang* (default: the current language).

    Text parameters come from users (names, notes, typed words): their control
    characters and bidi overrides are shown as escapes (core/text.py), so no
    message can carry a terminal escape to a screen or a terminal.
    """
    english, japanese = CATALOG[key]
    template = japanese if (lang or language()) == "ja" else english
    if not params:
        return template
    lang = lang or language()
    safe = {k: _param(v, lang) for k, v in params.items()}
    return template.format(**safe)


class Phrase(tuple[str, ...]):
    """A parameter made of catalog texts (keys), rendered in the reader's language.

    The core names a pool or an option without knowing who will read it: it
    passes ``Phrase(("<game>.pool.ace", "<game>.pool.king"))`` and the words
    come out as "ace, king" in English and 「エース・キング」 in Japanese.
    """

    __slots__ = ()


class Count(int):
    """A number that can choose the English noun after it: ``{rounds:round|rounds}``.

    English templates write ``{rounds} {rounds:round|rounds}`` so that one round
    is not "1 rounds"; Japanese has no plural and writes ``{rounds}ラウンド``.
    """

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|", 1)
            return one if self == 1 else many
        return int.__format__(self, spec)


def _param(value: object, lang: str) -> object:
    if isinstance(value, UserError):  # a refusal inside another: said in the same language
        return value.message(lang)
    if isinstance(value, Phrase):
        return t("list.separator", lang).join(t(key, lang) for key in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value)
    return visible(value) if isinstance(value, str) else value


class UserError(Exception):
    """An error meant for the person at the keyboard, in plain words.

    It carries a catalog key and its parameters rather than text, so the same
    error can be shown in English in a log and in Japanese on the screen.
    """

    def __init__(self, key: str, **params: object) -> None:
        if key not in CATALOG:
            raise KeyError(f"no message {key!r} in the catalog")
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, lang: str | None = None) -> str:
        return t(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.message()
