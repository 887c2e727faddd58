"""Words that fit each game (issue 14, point 4): dealer or parent, who won what,
the pot in the middle, hints with the session's real players, prefills from its
options, and standings columns that mean something in that game.

Each case is chosen so that a wrong rule gives other text: the dealer is not in
the first seat, a side pot goes to someone else than the main pot, the stack is
not the old hard-coded 50.
"""

from __future__ import annotations

import pytest

from scorekeeper import messages
from scorekeeper.cli.transcripts import standings_text
from scorekeeper.core.games import all_games, get_game
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings_counts
from scorekeeper.export.stats_table import headings
from scorekeeper.messages import t
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.standings import StandingsScreen
from tests.rules_support import enter
from tests.ui_support import fixed_clock, press_all

C2_BETTING = ["bet A", "raise B", "call C", "raise D", "call B", "fold C"]
P1 = ["round", "turned 8D", "claim B ace", "claim C king queen marriage"]
P1 += ["pass B", "bet C 3", "call D", "fold A", "fold B", "show C=KD,KS D=9C,9D,9S"]


def session_of(game: str, parent: str | None = None, stacks=None, **options: str) -> Session:
    header = make_header(game, ["A", "B", "C", "D"], options or None, parent=parent, stacks=stacks)
    return Session(header)


def said(session: Session, index: int, lang: str) -> str:
    key, params = session.describe(index)
    return t(key, lang, **params)


# -- 1. dealer or parent: the game says which -------------------------------------------


def test_only_the_official_points_game_has_a_parent():
    """Every game the registry holds leads its rounds by a dealer, but the official one."""
    roles = {game.id: game.button_role for game in all_games()}
    assert set(roles.values()) <= {"parent", "dealer"}
    assert [game for game, role in roles.items() if role == "parent"] == ["indian-official"]


#: The round's first line in the log, by who leads it (Game.button_role).
BEGINS = {
    "dealer": ("round 1 begins, C deals", "ラウンド1開始、ディーラーはC"),
    "parent": ("round 1 begins, C is parent", "ラウンド1開始、親はC"),
}


@pytest.mark.parametrize("game", [game.id for game in all_games()])  # every registered game
def test_the_log_names_the_dealer_or_the_parent(game):
    en, ja = BEGINS[get_game(game).button_role]
    session = session_of(game, parent="C")  # not the first seat
    enter(session, "round")
    assert (said(session, 0, "en"), said(session, 0, "ja")) == (en, ja)


def test_show_names_the_next_dealer_of_a_chip_game_and_the_parent_of_the_points_game():
    chips = session_of("indian-chips", parent="D", stack="20")
    messages.set_language("en")
    assert standings_text(chips).splitlines()[0] == (
        "Indian Poker with chips — round 0, next dealer D"
    )
    enter(chips, "round")
    assert standings_text(chips).splitlines()[0] == (
        "Indian Poker with chips — round 1, in play (pot 4), dealer D"
    )
    messages.set_language("ja")
    assert standings_text(chips).splitlines()[0] == (
        "インディアンポーカー(チップ) — ラウンド1進行中(ポット4)、ディーラーはD"
    )
    official = session_of("indian-official", parent="B")
    assert standings_text(official).splitlines()[0] == (
        "インディアンポーカー(公式ルール) — ラウンド0、次の親はB"
    )


def test_statistics_say_dealer_in_the_lowest_card_game():
    messages.set_language("en")
    lowest = dict(headings(get_game("indian-lowest")))
    official = dict(headings(get_game("indian-official")))
    assert (lowest["parent_rounds"], lowest["parent_net"]) == ("as dealer", "dealer net")
    assert (official["parent_rounds"], official["parent_net"]) == ("as parent", "parent net")


# -- 2. who won what ------------------------------------------------------------------


def test_pochen_showdown_line_names_the_winner():
    session = session_of("pochen", stack="50")
    enter(session, *P1)
    assert said(session, 9, "en") == (
        "sets shown (C KD KS, D 9C 9D 9S): D wins 6 and the poch pool of 4"
    )
    assert (
        said(session, 9, "ja") == "役の公開(C KD KS, D 9C 9D 9S): Dがポット6とポッヘンの場4を獲得"
    )


# -- 3. the pot in the middle ---------------------------------------------------------


def test_the_round_view_splits_every_chip_in_the_middle():
    session = session_of("indian-chips", stack="20")  # dealer A: B acts first
    enter(session, "round", "bet B")
    view = session.game.round_view(session.state)
    assert view is not None
    assert view.pot == 8
    assert [(p.amount, p.eligible) for p in view.pots] == [(4, ("A", "B", "C", "D"))]
    assert dict(view.unmatched) == {"B": 4}  # the bet nobody has called yet
    enter(session, "call C")
    view = session.game.round_view(session.state)
    assert view is not None and view.pot == 12
    assert [(p.amount, p.eligible) for p in view.pots] == [
        (4, ("A", "B", "C", "D")),
        (8, ("B", "C")),
    ]
    assert dict(view.unmatched) == {}
    enter(session, "raise D")  # D in for 1 + 4 + 4: 4 more than anyone has matched
    view = session.game.round_view(session.state)
    assert view is not None and view.pot == 20
    assert [p.amount for p in view.pots] == [4, 12] and dict(view.unmatched) == {"D": 4}


# -- 5. prefills from the session's options ---------------------------------------------


def test_rebuy_offers_the_session_stack():
    chips = session_of("indian-chips", stack="20")
    assert chips.game.rebuy_suggestion(chips.state) == 20
    official = session_of("indian-official")
    assert official.game.rebuy_suggestion(official.state) is None


# -- 6. standings columns that fit the game ---------------------------------------------


def test_standings_columns_fit_each_game():
    lowest = session_of("indian-lowest", parent="B")
    enter(lowest, "round", "lose C")
    assert standings_counts(lowest.game, lowest.state) == [
        ("standings.played", {"A": 1, "B": 1, "C": 1, "D": 1}),
        ("standings.no_loss", {"A": 1, "B": 1, "C": 0, "D": 1}),
    ]
    official = session_of("indian-official", parent="B")
    enter(official, "round", "showdown C")
    assert standings_counts(official.game, official.state) == [
        ("standings.as_parent", {"A": 0, "B": 1, "C": 0, "D": 0}),
        ("standings.won", {"A": 0, "B": 0, "C": 1, "D": 0}),
    ]


# -- the table screens: the same words, by keys --------------------------------------------

P1_KEYS = ["n", "p", *"8d", "enter", "a", "2", "enter", *"ace", "enter"]
P1_KEYS += [
    "a",
    "3",
    "enter",
    *"king queen marriage",
    "enter",
    "o",
    "b",
    "3",
    "enter",
    "c",
    "f",
    "f",
]

CHIPS_EXPECTED = {
    "en": (
        "in the middle 16|main pot 4: A B C D\nside pot 8: A B\nnot called yet 4: B\n"
        "raises 1 of 3 · bet 4",
        "e.g. A > B = D (= ties; seats work too)",
        "type the ranking best first, like A > B = D (= for a tie)",
        "Round 1: A won the main pot of 20 at the showdown; side pot: 20 → D. "
        "Net: A +15, B -13, C -9, D +7\nStandings: 1 A +15 · 2 D +7 · 3 C -9 · 4 B -13",
    ),
    "ja": (
        "中央の合計 16|メインポット 4: A B C D\nサイドポット 8: A B\n未コール分 4: B\n"
        "レイズ 1/3回 · ベット額 4",
        "例: A > B = D(=は同点、席番号も可)",
        "強い順に入力してください(例: A > B = D、=は同点)",
        "ラウンド1: 勝負でメインポット20はAが獲得。サイドポット: 20 → D。"
        "収支: A +15, B -13, C -9, D +7\n順位: 1 A +15 · 2 D +7 · 3 C -9 · 4 B -13",
    ),
}


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_chips_table_pot_hints_result_and_rebuy(tmp_path, lang):
    """C2 (dealer D, A short): the middle in full, the ranking box, who won which pot."""
    messages.set_language(lang)
    store = Store(tmp_path / "data")
    header = make_header("indian-chips", ["A", "B", "C", "D"], {"stack": "20"},
                         stacks={"A": 5}, parent="D")  # fmt: skip
    create_session(store, header)
    middle, hint, empty, result = CHIPS_EXPECTED[lang]
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        await press_all(pilot, ["n", "b", "r"])  # A all-in for 5, B raises to 9
        # the caption and the digits say the whole middle; the lines under them, its parts
        caption, parts = middle.split("|")
        shown = f"{text_of(table, '#pot-caption')} {table.query_one('#pot-digits').value}"
        assert (shown, text_of(table, "#pot-layers")) == (caption, parts)
        await press_all(pilot, ["c", "r", "c", "f", "s"])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert dialog.query_one("#text-input").placeholder == hint
        await press_all(pilot, ["enter"])  # empty: what to type here, nothing recorded
        assert text_of(dialog, "#text-error") == empty
        await press_all(pilot, [">", "enter"])  # no ranking: the box's words, not 'showdown …'
        assert text_of(dialog, "#text-error") == empty
        await press_all(pilot, ["backspace"])
        assert table.state.in_round
        await press_all(pilot, [*"1 > 4 > 2", "enter"])
        assert text_of(table, "#result") == result
        await press_all(pilot, ["y", "2", "enter"])  # B rebuys: the session's stack, 20
        rebuy = app.screen
        assert isinstance(rebuy, TextDialog)
        assert rebuy.query_one("#text-input").value == "20"


POCHEN_EXPECTED = {
    "en": (
        "e.g. Cleo=KD,KS Dan=9C,9D,9S",
        "type each set as name=cards, like Cleo=KD,KS Dan=9C,9D,9S",
        "Round 1: Bob went out first; Poch: Dan. Net: Anna -9, Bob -1, Cleo 0, Dan -2; "
        "12 stay on the board\nStandings: 1 Cleo 0 · 2 Bob -1 · 3 Dan -2 · 4 Anna -9",
        "type the card turned up, like 8D",
    ),
    "ja": (
        "例: Cleo=KD,KS Dan=9C,9D,9S",
        "組を「名前=カード」の形で入力してください(例: Cleo=KD,KS Dan=9C,9D,9S)",
        "ラウンド1: Bobが最初に上がり、ポッヘンはDan。収支: Anna -9, Bob -1, Cleo 0, Dan -2"
        "(場に12が残る)\n順位: 1 Cleo 0 · 2 Bob -1 · 3 Dan -2 · 4 Anna -9",
        "めくったカードを入力してください(例: 8D)",
    ),
}


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_pochen_show_box_names_the_players_in_the_poch_and_the_board_keeps_its_share(
    tmp_path, lang
):
    """P1 with real names: Cleo and Dan are in the Poch (not the old C and D)."""
    messages.set_language(lang)
    store = Store(tmp_path / "data")
    create_session(store, make_header("pochen", ["Anna", "Bob", "Cleo", "Dan"], {"stack": "50"}))
    hint, empty, result, turned = POCHEN_EXPECTED[lang]
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        await press_all(pilot, ["n", "p", "enter"])  # the turned box left empty
        assert text_of(app.screen, "#text-error") == turned
        await press_all(pilot, [*P1_KEYS[2:], "v"])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert dialog.query_one("#text-input").placeholder == hint
        await press_all(pilot, ["enter"])
        assert text_of(dialog, "#text-error") == empty
        await press_all(pilot, [*"3=KD,KS 4=9C,9D,9S", "enter", "x", "2", "enter"])
        # 12 paid in and not won back: the antes of the jack, ten and sequence pools
        assert text_of(table, "#result") == result


LOWEST_EXPECTED = {
    "en": (
        "names or seat numbers, e.g. Aki Ben",
        "type who lost (names or seat numbers), like Aki Ben",
        ["rank", "player", "total", "rounds played", "rounds without a loss"],
    ),
    "ja": (
        "名前か席番号(例: Aki Ben)",
        "負けた人を名前か席番号で入力してください(例: Aki Ben)",
        ["順位", "プレイヤー", "合計", "参加ラウンド", "負けなしのラウンド"],
    ),
}


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_lowest_lose_box_and_standings_columns(tmp_path, lang):
    messages.set_language(lang)
    store = Store(tmp_path / "data")
    players = ["Aki", "Ben", "Chie", "Dai"]
    create_session(store, make_header("indian-lowest", players, None, parent="Chie"))
    hint, empty, columns = LOWEST_EXPECTED[lang]
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "s"])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert dialog.query_one("#text-input").placeholder == hint
        await press_all(pilot, ["enter"])
        assert text_of(dialog, "#text-error") == empty
        await press_all(pilot, [*"Ben", "enter", "t"])
        standings = app.screen
        assert isinstance(standings, StandingsScreen)
        table = standings.query_one("#standings-table")
        assert [str(column.label) for column in table.columns.values()] == columns


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize(
    ("lang", "caption", "mark"),
    [
        ("en", "on the board · dealer Chie", "dealer"),
        ("ja", "盤上 · ディーラー Chie", "ディーラー"),
    ],
)
async def test_display_and_players_column_mark_the_dealer(tmp_path, lang, caption, mark):
    """Pochen, dealer in seat 3: the display's caption and the mark beside the name."""
    from scorekeeper.ui.display import DisplayApp
    from scorekeeper.ui.widgets.players import PlayerTable

    messages.set_language(lang)
    store = Store(tmp_path / "data")
    players = ["Aki", "Ben", "Chie", "Dai"]
    create_session(store, make_header("pochen", players, {"stack": "50"}, parent="Chie"))
    app = DisplayApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app.screen, "#big-caption") == caption
        rows = app.screen.query_one(PlayerTable)
        names = {name: rows.row_of(name)[1] for name in ("Aki", "Ben", "Chie", "Dai")}
        # the recorder is the first dealer unless said otherwise: ✎ too
        assert names == {"Aki": "Aki", "Ben": "Ben", "Chie": f"Chie {mark} ✎", "Dai": "Dai"}


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize(
    ("lang", "official", "chips", "stacks"),
    [
        ("en", "First parent", "First dealer", "Aki=40 Ben=10"),
        ("ja", "最初の親", "最初のディーラー", "Aki=40 Ben=10"),
    ],
)
async def test_new_session_form_says_dealer_and_builds_the_stacks_example(
    tmp_path, lang, official, chips, stacks
):
    from textual.widgets import Input, Label, Select

    from scorekeeper.ui.screens.new_session import NewSessionScreen
    from tests.ui_support import app_recording_opens, on_top, settled

    messages.set_language(lang)
    app, _ = app_recording_opens(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        form = await on_top(pilot, NewSessionScreen, "#new-game")

        def label() -> str:
            return str(form.query_one("#new-parent-field .new-label", Label).render())

        assert label() == official
        form.query_one("#new-game", Select).value = "indian-chips"
        assert await settled(pilot, lambda: label() == chips), label()
        form.query_one("#opt-stack", Input).value = "20"  # the session's stack, not 100
        for name in ("Aki", "Ben", "Chie"):
            await pilot.press(*name, "enter")
        await pilot.pause()
        assert form.query_one("#opt-stacks", Input).placeholder == stacks


@pytest.mark.parametrize("language", ["en", "ja"])
def test_an_unknown_option_names_the_game_not_its_id(language):
    from scorekeeper.core.errors import RuleError

    with pytest.raises(RuleError) as refused:
        get_game("indian-official").option("frobble")
    said = refused.value.message(language)
    assert said.startswith(t(get_game("indian-official").name_key, language))
    assert "indian-official" not in said
