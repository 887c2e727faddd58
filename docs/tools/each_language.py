"""Run a screenshot script once per language, each in a process of its own: the keys'
labels are read in the language a screen is first imported in, as in the app itself."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable

LANGUAGES = ("en", "ja")


def in_each_language(script: str, shoot: Callable[[str], Awaitable[str | None]]) -> None:
    """With a language on the command line, *shoot* in it here (printing what it says it
    saved); without one, *script* again for each language, in a process of its own."""
    if len(sys.argv) > 1:  # one language, in this process
        said = asyncio.run(shoot(sys.argv[1]))
        if said:
            print(said)
        return
    for lang in LANGUAGES:
        env = dict(os.environ, SCOREKEEPER_LANG=lang)
        subprocess.run([sys.executable, script, lang], check=True, env=env)
