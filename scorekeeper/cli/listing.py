"""``scorekeeper list``: a module of its own, free of the rules, so that listing cached
sessions (and shell completion, which lists their numbers) starts quickly."""

from __future__ import annotations

from scorekeeper.core.times import local_text
from scorekeeper.export.columns import ljust
from scorekeeper.messages import t
from scorekeeper.messages.game_names import short_game_name
from scorekeeper.messages.text import json_text
from scorekeeper.services.catalog import list_sessions as summaries
from scorekeeper.storage import Store


def list_sessions(store: Store, *, as_json: bool, ids: bool = False) -> int:
    found = summaries(store)
    if ids:  # for shell completion (cli/completion.py): numbers only, one a line
        print("\n".join(str(s.id) for s in found if not s.error))
        return 0
    if as_json:
        print(json_text([s.to_doc() for s in found]))
        return 0
    if not found:
        print(t("cli.no_sessions", root=store.root))
        return 0
    print(t("cli.list_heading"))
    for s in found:
        if s.error:
            print(f"{s.id:<3} {s.error}")
            continue
        last = ""
        if s.last_at:
            last = local_text(s.last_at, "%Y-%m-%d %H:%M")
        state = t("word.finished") if s.finished else ""
        game = short_game_name(s.game)  # the reader's words, not the id
        print(
            f"{s.id:<3} {ljust(game, 16)} {s.rounds:>6}  {ljust(s.leader or '-', 12)}"
            f"  {ljust(last, 19)}  {' '.join(s.players)} {state}".rstrip()
        )
    return 0
