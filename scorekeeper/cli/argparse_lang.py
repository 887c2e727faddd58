"""argparse's own words (``usage:``, ``options``, ``error:`` …) in the chosen language.

argparse translates through the module-level :func:`gettext.gettext` and
:func:`gettext.ngettext` (domain ``messages`` unless :func:`gettext.textdomain`
says otherwise), at the moment a parser is built and when it prints help or an
error. For Japanese this points gettext at the catalog shipped in
``scorekeeper/locale`` (compiled from the ``.po`` beside it by
docs/tools/compile_po.py) for as long as the parser is in use, and puts
everything back afterwards: no other code in the process sees the change.
English needs nothing: argparse's words are English already.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: The folder laid out as gettext expects: ``ja/LC_MESSAGES/scorekeeper-argparse.mo``.
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "scorekeeper-argparse"


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """Within the block, argparse speaks *lang* (``en`` or ``ja``).

    gettext picks the language from ``LANGUAGE`` first (then ``LC_ALL``, ``LANG`` …),
    so the block sets it to *lang* and restores it, with the text domain, on the way
    out, whether the parser returned, printed help or exited on an error.
    """
    if lang != "ja":
        yield
        return
    domain = gettext.textdomain()
    before = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        gettext.textdomain(domain)
        if before is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = before
