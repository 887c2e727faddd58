"""``scorekeeper stats``: per player, over the stored sessions, one table per game."""

from __future__ import annotations

from datetime import date

from scorekeeper.cli.errors import fail
from scorekeeper.core.games import get_game
from scorekeeper.core.stats import Totals
from scorekeeper.export.columns import ljust, rjust, width
from scorekeeper.export.stats_table import cell, headings
from scorekeeper.messages import t
from scorekeeper.messages.text import json_text
from scorekeeper.services.stats_store import day_range, gather
from scorekeeper.storage import Store


def parse_day(text: str | None, where: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        fail(where, t("stats.bad_date", text=text))


def table_text(totals: Totals) -> str:
    blocks = []
    for game_id in totals.games():
        game = get_game(game_id)
        rows = [p for p in totals.players if p.game == game_id]
        cols = headings(game)
        name_width = max(width(t("word.player")), *(width(p.player) for p in rows))
        widths = {
            field: max(width(head), *(width(cell(p, field, game)) for p in rows))
            for field, head in cols
        }
        heading = t("stats.heading", game=t(game.name_key), sessions=totals.sessions[game_id])
        lines = [heading]
        head = [ljust(t("word.player"), name_width)]
        head += [rjust(text, widths[field]) for field, text in cols]
        lines.append("  ".join(head).rstrip())
        for p in rows:
            line = [ljust(p.player, name_width)]
            line += [rjust(cell(p, field, game), widths[field]) for field, _ in cols]
            lines.append("  ".join(line).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def stats(
    store: Store,
    *,
    game: str | None = None,
    first: str | None = None,
    last: str | None = None,
    as_json: bool = False,
) -> int:
    if game is not None:
        game = get_game(game).id  # refuses an unknown game, naming the known ones
    start, end = parse_day(first, "--from"), parse_day(last, "--to")
    if start and end and end < start:
        fail("--to", t("stats.dates_backwards", first=start.isoformat(), last=end.isoformat()))
    since, until = day_range(start, end)
    totals = gather(store, game=game, since=since, until=until)
    if as_json:
        print(json_text([p.to_doc() for p in totals.players], indent=2))
    elif totals.players:
        print(table_text(totals))
    else:
        print(t("stats.none"))
    if totals.unreadable and not as_json:
        print(t("stats.unreadable", count=totals.unreadable))
    return 0
