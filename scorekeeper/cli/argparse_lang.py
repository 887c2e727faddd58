"""argparse's own words (``usage:``, ``options``, ``error:`` …) in the chosen language.

argparse translates through the names ``_`` and ``ngettext`` it imports from
:mod:`gettext` at its top, at the moment a parser is built and when it prints help
or an error. Within :func:`argparse_language` those two names point at one catalog,
loaded once: for Japanese the one shipped in ``scorekeeper/locale`` (compiled from
the ``.po`` beside it by docs/tools/compile_po.py), for English none (argparse's
words are English already). Everything is put back afterwards: no other code in the
process sees the change.

Why not :func:`gettext.textdomain` and ``$LANGUAGE``, as before: module-level
:func:`gettext.gettext` looks for catalog files on disk at every call, 45 calls to
build our parser, a tenth of a whole ``scorekeeper list``.
"""

from __future__ import annotations

import argparse
import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: The folder laid out as gettext expects: ``ja/LC_MESSAGES/scorekeeper-argparse.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "scorekeeper-argparse"

_CATALOGS: dict[str, gettext.NullTranslations] = {}


def _catalog(lang: str) -> gettext.NullTranslations:
    if lang not in _CATALOGS:
        if lang == "ja":
            _CATALOGS[lang] = gettext.translation(
                DOMAIN, str(LOCALE_DIR), languages=[lang], fallback=True
            )
        else:
            _CATALOGS[lang] = gettext.NullTranslations()
    return _CATALOGS[lang]


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """Within the block, argparse speaks *lang* (``en`` or ``ja``), whether the parser
    returns, prints help or exits on an error."""
    catalog = _catalog(lang)
    names = vars(argparse)
    before = {name: names.get(name) for name in ("_", "ngettext")}
    names["_"] = catalog.gettext
    names["ngettext"] = catalog.ngettext
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                names.pop(name, None)
            else:
                names[name] = value
