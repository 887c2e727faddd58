"""One key per meaning across games (issue 35, point 8).

Entering the cards is one key in every game, and no key means two things in two games:
the recorder who plays the official game on Monday and Pochen on Friday keeps their hands.
The bindings are read from the table screens themselves (every game's entry keys, the
common entries and the views), and the table in docs/app-table.md must say the same.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from textual.binding import Binding

from scorekeeper.core.games import all_games
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.tables import screen_class

ROOT = Path(__file__).resolve().parent.parent
GAMES = [game.id for game in all_games()]


def meanings(screen: type[TableScreen]) -> dict[str, str]:
    """Each shown key of *screen* -> what it means (an entry key's meaning, a view's action)."""
    keys: dict[str, str] = {}
    for binding in screen.BINDINGS:
        assert isinstance(binding, Binding)
        if not binding.show and binding.action.startswith("explain("):
            continue  # the same key's "why not" twin
        action = screen.ACTIONS.get(binding.action)
        meaning = action.meaning if action is not None else binding.action
        for key in binding.key.split(","):
            keys[key] = meaning
    return keys


def test_no_key_means_two_things_and_no_meaning_has_two_keys() -> None:
    by_key: dict[str, set[str]] = defaultdict(set)
    by_meaning: dict[str, set[str]] = defaultdict(set)
    for game in GAMES:
        for key, meaning in meanings(screen_class(game)).items():
            by_key[key].add(meaning)
            by_meaning[meaning].add(key)
    assert {k: m for k, m in by_key.items() if len(m) > 1} == {}
    # A meaning may have extra keys in one binding (? and f1), never a key of its own
    # in another game: every game's keys for it are the same set.
    for game in GAMES:
        keys = meanings(screen_class(game))
        for meaning in set(keys.values()):
            same = {k for k, m in keys.items() if m == meaning}
            assert by_meaning[meaning] == same, (game, meaning, by_meaning[meaning])


def test_entering_the_cards_is_one_key_in_every_game() -> None:
    keys = {
        game: sorted(k for k, m in meanings(screen_class(game)).items() if m == "cards")
        for game in GAMES
    }
    assert keys == {game: ["v"] for game in GAMES}


#: Keys as the docs write them -> as Textual names them.
_SHOWN = {"?": "question_mark", "esc": "escape", "$": "dollar_sign"}


def _doc_table(path: Path) -> dict[str, dict[str, str]]:
    """The binding table of *path*: key -> game id -> the cell (empty when not a key there)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("<!-- keys by game -->")
    lines = text[start:].splitlines()[1:]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    games = [re.search(r"`([a-z-]+)`", cell) for cell in header[2:]]
    ids = [match.group(1) if match else "" for match in games]
    rows: dict[str, dict[str, str]] = {}
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        for key in cells[0].split(" / "):
            key = _SHOWN.get(key.strip("`"), key.strip("`"))
            rows[key] = dict(zip(ids, cells[2:], strict=True))
    return rows


@pytest.mark.parametrize("doc", ["docs/app-table.md", "docs/ja/recording.md"])
def test_the_docs_table_lists_every_binding_of_every_game(doc: str) -> None:
    rows = _doc_table(ROOT / doc)
    assert sorted(rows[next(iter(rows))]) == sorted(GAMES)
    for game in GAMES:
        keys = meanings(screen_class(game))
        documented = {key for key, cells in rows.items() if cells[game] not in ("", "—")}
        assert documented == set(keys), (doc, game)


#: Messages that name table keys, and the meanings they name, in the order they name them.
KEY_HINTS = {
    "ui.table.enter_cards": ["cards"],
    "ui.pot.closed": ["names", "cards"],
    "ui.pochen.stage.trump": ["turned", "trump"],
    "ui.pochen.stage.claims": ["claim"],
    "ui.pochen.stage.showdown": ["cards", "names"],
    "ui.pochen.stage.sets": ["cards", "names", "out"],
    "ui.pochen.stage.playout": ["out"],
}


@pytest.mark.parametrize("key", sorted(KEY_HINTS))
def test_words_that_name_a_key_name_the_key_it_has(key: str) -> None:
    from scorekeeper.messages import CATALOG

    keys = {m: k for game in GAMES for k, m in meanings(screen_class(game)).items()}
    wanted = [keys[meaning] for meaning in KEY_HINTS[key]]
    for text in CATALOG[key]:
        named = re.findall(r"(?<![A-Za-z])[a-z](?![A-Za-z])", text)
        assert named == wanted, (key, text)
