"""``scorekeeper completion bash|zsh|fish``: a completion script generated from the parser.

shtab (a maintained tool) writes the script from the same ``argparse`` parser the
command uses, so every command and option completes as it is defined. Session
numbers complete from ``scorekeeper list --ids`` and game ids from the games the
core knows. shtab is imported only here, and only for this command.
"""

from __future__ import annotations

import argparse
from typing import Any

SHELLS = ("bash", "zsh", "fish")

#: How each shell completes a session number: ask the installed command (cheap: no Textual).
_SESSIONS_COMMAND = "scorekeeper list --ids 2>/dev/null"
SESSIONS: dict[str, Any] = {
    "bash": "_scorekeeper_sessions",
    "zsh": f"($({_SESSIONS_COMMAND}))",
    "fish": f"({_SESSIONS_COMMAND})",
    "preamble": {
        "bash": f'_scorekeeper_sessions() {{\n  compgen -W "$({_SESSIONS_COMMAND})" -- "$1"\n}}\n',
    },
}
FILE: dict[str, Any] = {"bash": "_shtab_compgen_files", "zsh": "_files",
                        "fish": "(__fish_complete_path (commandline -ct))"}  # fmt: skip


def words(values: list[str]) -> dict[str, Any]:
    """A fixed list of words (the game ids) in each shell's form."""
    listed = " ".join(values)
    return {
        "bash": "_scorekeeper_games",
        "zsh": f"({listed})",
        "fish": listed,
        "preamble": {"bash": f'_scorekeeper_games() {{\n  compgen -W "{listed}" -- "$1"\n}}\n'},
    }


def mark(action: argparse.Action, how: dict[str, Any]) -> None:
    """Tell shtab how to complete *action* (read only when a script is generated)."""
    action.complete = how  # type: ignore[attr-defined]


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script for *shell*: every ``session`` argument completes the stored
    session numbers, files and ``-o`` file names, ``--game`` the game ids (looked up here,
    not when every command starts)."""
    import shtab  # only this command needs it

    from scorekeeper.core.games import game_specs

    for action in _all_actions(parser):
        if action.dest == "session":
            mark(action, SESSIONS)
        elif action.dest in ("file", "output"):
            mark(action, FILE)
        elif "--game" in action.option_strings:
            mark(action, words([spec.id for spec in game_specs()]))  # every one registered
    return str(shtab.complete(parser, shell=shell))


def _all_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The actions of *parser* and of every command under it."""
    found = list(parser._actions)  # argparse keeps no public list of its subparsers
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_actions(sub)
    return found
