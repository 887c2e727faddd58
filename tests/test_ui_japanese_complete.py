"""Every screen of the app in Japanese, read as painted, has no English left in it.

The labels of keys are read when the screens are first imported, so the
screens are walked in a fresh process started in Japanese (as the app itself
is after --lang ja or F2): it paints each screen at 80×24, keeps the text of
every line as painted (the screen's compositor strips) and writes them out.
This test then looks at every run of Latin letters: player names are Japanese
here, so what may remain is card codes, key names, numbers and a short list
of words that are names in every language (scorekeeper, the game ids a
transcript uses).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual.theme import BUILTIN_THEMES

from scorekeeper.core.games import GAME_ORDER

ROOT = Path(__file__).resolve().parent.parent

PLAYERS = ["亜紀", "ベン", "千尋", "大", "恵美"]
POCHEN_PLAYERS = PLAYERS[:4]

#: Sessions on the start screen: each game in a round and between rounds.
SESSIONS: list[tuple[str, list[str], list[str]]] = [
    ("indian-official", PLAYERS, ["round", "fold ベン", "raise", "showdown 千尋", "round", "raise"]),  # noqa: E501
    ("indian-official", PLAYERS, ["round", "fold ベン", "showdown 千尋"]),
    ("indian-chips", PLAYERS, ["round", "bet ベン", "call 千尋"]),
    ("indian-chips", PLAYERS, ["round", "bet ベン", "fold 千尋", "fold 大", "fold 恵美", "fold 亜紀"]),  # noqa: E501
    ("indian-lowest", PLAYERS, ["round", "redraw ベン"]),
    ("indian-lowest", PLAYERS, ["round", "lose 千尋"]),
    ("pochen", POCHEN_PLAYERS, ["round", "turned 8D", "claim ベン ace"]),
    (
        "pochen",
        POCHEN_PLAYERS,
        [
            "round", "turned 8D", "claim ベン ace", "claim 千尋 king queen marriage",
            "pass ベン", "bet 千尋 3", "call 大", "fold 亜紀", "fold ベン",
            "show 千尋=KD,KS 大=9C,9D,9S", "out ベン",
        ],
    ),
    ("pochen", POCHEN_PLAYERS, ["round"]),
    ("indian-official", PLAYERS, []),
    ("indian-chips", PLAYERS, ["round", "bet ベン", "call 千尋", "call 大", "call 恵美", "call 亜紀"]),  # noqa: E501
]  # fmt: skip

#: What each session's table is asked, one dialog (or message) at a time: keys typed, then Esc.
DIALOGS: dict[int, list[list[str]]] = {
    1: [["f"], ["s"], ["v"], ["m"], ["u"], ["e"], ["h"], ["ctrl+e"], ["ctrl+r"], ["t"], ["i"]],
    2: [["j"], ["l"], ["y"], ["x"], ["ctrl+r", "1", "enter"], ["i", "p"], ["i", "g"]],
    3: [["b"], ["r"], ["s"], ["v"], ["y"], ["t"]],
    4: [["y"], ["j"], ["t"]],
    5: [["d"], ["v"], ["s"], ["t"]],
    6: [["s"], ["t"]],
    7: [["a"], ["a", "2", "enter"], ["b"], ["v"], ["s"], ["x"], ["t"]],
    8: [["p"], ["a"], ["y"], ["t"], ["i"]],
    # keys pressed where they do not apply: each says why, in words
    9: [[key] for key in "aobcrfksvxjly"] + [["p", *"2s", "enter"], ["g", *"xx", "enter"]],
    10: [[key] for key in "frsvuhe"] + [["ctrl+r"], ["n", "f", "1", "enter"], ["n", "r", "r"]],
    11: [[key] for key in "kbcrfsv"] + [["s", *"3 > 4", "enter"]],
}


def painted(app: Any) -> str:
    """The text of the screen on top, line by line, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def walk(out: Path) -> None:
    """Open every screen in Japanese and write what each one painted to *out* (JSON)."""
    from textual.widgets import Input, Select

    from scorekeeper.core.games import get_game
    from scorekeeper.core.header import make_header
    from scorekeeper.core.words import parse_entry, split_line
    from scorekeeper.services.recording import create_session, open_recording
    from scorekeeper.storage import Store
    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.display import DisplayApp
    from tests.ui_support import fixed_clock, type_burst

    Input._toggle_cursor = lambda self: None  # type: ignore[method-assign]
    screens: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "data")
        clock = fixed_clock()
        for game_id, players, lines in SESSIONS:
            sid = create_session(store, make_header(game_id, players, None))
            with open_recording(store, sid) as recording:
                game = get_game(game_id)
                for line in lines:
                    recording.record(parse_entry(game, split_line(line)), now=clock())

        app = ScorekeeperApp(store, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:

            async def keep(name: str, *keys: str) -> None:
                await type_burst(pilot, keys)
                screens[name] = painted(app)

            async def back_to(depth: int) -> None:
                while len(app.screen_stack) > depth:  # the start screen is the first
                    app.pop_screen()
                    await pilot.pause()

            await keep("start")
            await keep("palette", "ctrl+p")
            await back_to(1)
            app.action_change_theme()
            await keep("themes")
            await back_to(1)
            app.action_show_help_panel()  # the palette's Keys: the app's own help
            await keep("keys")
            await back_to(1)
            for game_id in GAME_ORDER:
                await keep("new session", "n")
                app.screen.query_one("#new-game", Select).value = game_id
                await keep(f"new session: {game_id}")
                await pilot.resize_terminal(80, 60)  # every option in view at once
                await keep(f"new session: {game_id}, all options")
                await pilot.resize_terminal(80, 24)
                await keep(f"new session: {game_id}, errors", "ctrl+s")
                app.screen.query_one("#new-options Input", Input).value = "0"
                await keep(f"new session: {game_id}, an option refused", "ctrl+s")
                await back_to(1)
            await keep("stats", "s")
            await back_to(1)
            for sid, dialogs in DIALOGS.items():
                app.open_session(sid)
                await keep(f"table {sid}")
                for keys in dialogs:
                    await keep(f"table {sid}: {' '.join(keys)}", *keys)
                    await back_to(2)
                await keep(f"table {sid}: palette", "ctrl+p")
                await back_to(1)

        app.finish_writing()  # the checkpoints it writes as it leaves, before the folder goes
        display = DisplayApp(store, 1)
        async with display.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.2)
            screens["display"] = painted(display)
            await pilot.press("ctrl+p")
            await pilot.pause(0.1)
            screens["display: palette"] = painted(display)
    out.write_text(json.dumps(screens, ensure_ascii=False, indent=1), encoding="utf-8")


def draw_all(out: Path) -> dict[str, str]:
    env = dict(os.environ, SCOREKEEPER_LANG="ja", TZ="UTC", PYTHONPATH=str(ROOT))
    command = [sys.executable, "-c", f"import sys; sys.argv = ['walk', {str(out)!r}]; {RUN}"]
    subprocess.run(command, check=True, env=env, cwd=ROOT, timeout=600)
    return json.loads(out.read_text(encoding="utf-8"))


RUN = (
    "import asyncio, time; time.tzset(); from pathlib import Path; "
    "from tests.test_ui_japanese_complete import walk; asyncio.run(walk(Path(sys.argv[1])))"
)

#: A run of Latin letters (with the digits, dots, dashes and pluses that join a word).
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_.+'-]*")
#: Card codes (KD, 10H, JK) and single letters (ranks, suits S H D C, seat letters).
CARD = re.compile(r"^(?:10|[2-9AKQJT])?[SHDC]?$|^JK$|^[A-Z]$", re.IGNORECASE)
#: Keys as the footer and the hints write them.
KEY = re.compile(
    r"^(?:\^?[a-z]|ctrl\+\w+|shift\+\w+|F\d{1,2}|esc|escape|enter|tab|space|delete|backspace"
    r"|del|up|down|left|right|home|end|minus|pgup|pgdn|super\+\w+)$",
    re.IGNORECASE,
)
#: Words that are names in every language: the program, the game ids transcripts use,
#: file formats, and how times and dates are written.
ALLOWED = {
    "scorekeeper",
    *GAME_ORDER,
    "JSON",
    "CSV",
    "HTML",
    "Markdown",
    "ISO",
    "HH",
    "MM",
    "SS",
    "YYYY-MM-DD",
}
#: A file name, as the export dialog offers it.
FILE = re.compile(r"^[\w.-]+\.(?:txt|json|csv|md|html)$")
#: The language switch names the other language in that language, as language menus do.
OTHER_LANGUAGE = "Switch to English"
#: Words a screen may show as they are: the transcript's own syntax in the correction
#: dialog's box, the names of Textual's colour themes in the theme picker.
SYNTAX = {
    "table 2: ctrl+r 1 enter": {"fold", "showdown"},
    "table 9: g x x enter": {"xx"},  # what was typed, quoted back
    "themes": {word for theme in BUILTIN_THEMES for word in LATIN.findall(theme)},
}
#: Key names, to tell a key cut off at the screen's edge ("es" for esc).
KEY_NAMES = ("escape", "enter", "delete", "backspace", "ctrl+", "shift+")


#: Screens that name a game by its name only: its id is for transcripts, not for a form.
NAMES_ONLY = ("new session",)
GAME_IDS = frozenset(GAME_ORDER)


def english_words(
    text: str, allowed: frozenset[str] = frozenset(), *, ids: bool = True
) -> list[str]:
    """The runs of Latin letters in *text* that are not a card, a key or an allowed name
    (a game's id only where *ids*)."""
    found = []
    for line in text.replace(OTHER_LANGUAGE, "").splitlines():
        for match in LATIN.finditer(line):
            word = match.group().rstrip(".-+'")
            if CARD.match(word) or KEY.match(word) or FILE.match(word):
                continue
            if (word in ALLOWED and (ids or word not in GAME_IDS)) or word in allowed:
                continue
            edge = match.end() >= len(line.rstrip())
            if edge and any(k.startswith(word) for k in (*KEY_NAMES, *ALLOWED)):
                # a key or a name cut off at the right edge: a matter of fit, not of words
                continue
            found.append(word)
    return found


def test_english_words_are_found_and_cards_keys_and_names_are_not():
    assert english_words("ベンがaceを請求") == ["ace"]
    assert english_words("1 rounds") == ["rounds"]
    assert english_words("KD 10H JK ♠ ctrl+e esc F1 ^p n 新規 scorekeeper indian-chips") == []
    assert english_words("t 順位 i 経過 es\nes 戻る") == ["es"]  # cut off only at the edge
    assert english_words("ゲーム 公式(indian-official)", ids=False) == ["indian-official"]


def test_every_screen_in_japanese_has_no_english_left(tmp_path):
    screens = draw_all(tmp_path / "screens.json")
    names = {"start", "palette", "themes", "keys", "stats", "display", "table 7: a 2 enter"}
    assert names <= set(screens)
    assert "ポッヘン" in screens["table 7"] and "コマンドを検索" in screens["palette"]
    assert "キング" in screens["table 8: i"] or "請求" in screens["table 8: i"]
    left = {
        name: english_words(
            text, frozenset(SYNTAX.get(name, ())), ids=not name.startswith(NAMES_ONLY)
        )
        for name, text in screens.items()
    }
    left = {name: words for name, words in left.items() if words}
    assert left == {}, "\n".join(f"{name}: {' '.join(words)}" for name, words in left.items())


if __name__ == "__main__":  # python tests/test_ui_japanese_complete.py: print every screen
    with tempfile.TemporaryDirectory() as folder:
        for name, text in draw_all(Path(folder) / "screens.json").items():
            print(f"===== {name} =====\n{text}")
            print("LEFT:", " ".join(english_words(text, frozenset(SYNTAX.get(name, ())))))
    _ = asyncio, time


def test_a_refused_option_is_named_by_its_key_in_english_and_its_label_in_japanese():
    from scorekeeper.core.errors import RuleError
    from scorekeeper.core.games import get_game

    try:
        get_game("indian-official").option("base").parse("x")
    except RuleError as error:
        assert error.message("en") == "option base must be a whole number of at least 1, not 'x'"
        assert error.message("ja") == "「開始の賭け点」は1以上の整数です(「x」は使えません)"
    else:
        raise AssertionError("base x was accepted")
