"""The card dialog says how cards rank in this game, in the game's own words (issue 35,
point 7): Ace low in the official game, Ace high in the chips game and "lowest card loses"
(rules.md §1-§3). The words come from the core; the dialog only shows them."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from scorekeeper.core.games import get_game
from scorekeeper.core.header import make_header
from scorekeeper.messages import Phrase, t
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.cards import CardsDialog
from tests.ui_support import fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


def said(game_id: str, lang: str, **options: str) -> str:
    game = get_game(game_id)
    header = make_header(game_id, ["A", "B", "C"], options or None)
    said = game.card_order(header.options)
    return t("cards.order.said", lang, order=Phrase(said[:1]), ties=Phrase(said[1:]))


def test_each_game_says_its_card_order():
    assert said("indian-official", "en") == "K high down to 2, Ace low. Same rank: ♠ > ♥ > ♦ > ♣."
    assert said("indian-official", "en", suits="hokuto").endswith("Same rank: ♥ > ♣ > ♦ > ♠.")
    assert said("indian-chips", "en") == "Ace high, then K down to 2. Same rank: a tie."
    assert said("indian-chips", "en", joker="true", suits="sanma") == (
        "Joker high, then Ace, K down to 2. Same rank: ♠ > ♥ > ♦ > ♣."
    )
    assert said("indian-lowest", "en") == (
        "Ace high, then K down to 2. Same rank: everyone tied for lowest loses."
    )
    assert (
        said("indian-official", "ja") == "強い順に K から 2、A が最弱。同じランクは ♠ > ♥ > ♦ > ♣。"
    )
    assert said("indian-lowest", "ja") == ("強い順に A、K から 2。同じランクは最弱の全員が負け。")
    assert get_game("pochen").card_order({}) == ()  # no cards dialog: sets are typed


@pytest.mark.parametrize(
    ("game_id", "keys", "words"),
    [
        ("indian-official", ["n", "v"], "Ace low"),
        ("indian-lowest", ["n", "v"], "Ace high"),
        ("indian-chips", ["n", *"kkk", "v"], "Ace high"),
    ],
)
async def test_the_cards_dialog_shows_the_order(tmp_path, game_id, keys, words):
    store = Store(tmp_path / "data")
    create_session(store, make_header(game_id, ["A", "B", "C"]))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, keys)
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        order = str(dialog.query_one("#cards-order", Static).render())
        assert words in order


# -- Pochen: the order of sets in the dialogs that show or name the Poch's winner ----------
# P1 by keys (tests/test_ui_pochen.py) up to the showdown: C and D are in the Poch.
POCHEN_TO_SHOWDOWN = ["n", "p", *"8d", "enter", "o", "b", "3", "enter", "c", "f", "f"]


def pochen_store(tmp_path, **options: str) -> Store:
    store = Store(tmp_path / "data")
    players = ["A", "B", "C", "D"]
    create_session(store, make_header("pochen", players, {"stack": "50", **options}))
    return store


def test_pochen_says_its_order_of_sets():
    """rules.md §4: more cards of a kind, then the higher rank (ace high; the ranks of
    the deck in use), then the set holding the trump."""
    game = get_game("pochen")
    short = make_header("pochen", ["A", "B", "C"]).options
    full = make_header("pochen", ["A", "B", "C"], {"deck": "52"}).options
    en = " ".join(t(key, "en") for key in game.set_order(short))
    assert en == (
        "Sets: more cards win (4 > 3 > 2), then the higher rank "
        "(A > K > Q > J > 10 > 9 > 8 > 7), then the set holding the trump."
    )
    assert "(A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3 > 2)" in " ".join(
        t(key, "en") for key in game.set_order(full)
    )
    assert "".join(t(key, "ja") for key in game.set_order(short)) == (
        "役の強さ: 枚数の多い組(4 > 3 > 2)、次にランクの高い組"
        "(A > K > Q > J > 10 > 9 > 8 > 7)、最後に切り札を含む組。"
    )
    assert get_game("indian-official").set_order(short) == ()  # no sets in the other games


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("key", ["v", "s"])  # the sets shown, or the winner named
async def test_the_pochen_showdown_dialogs_show_the_order_of_sets(tmp_path, lang, key):
    from scorekeeper.messages import set_language
    from scorekeeper.ui.screens.dialogs import TextDialog
    from tests.fit_check import cuts
    from tests.test_ui_japanese_complete import english_words

    set_language(lang)
    app = ScorekeeperApp(pochen_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*POCHEN_TO_SHOWDOWN, key])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        said = str(dialog.query_one("#text-help", Static).render())
        assert "(A > K > Q > J > 10 > 9 > 8 > 7)" in said
        assert ("the set holding the trump" if lang == "en" else "切り札を含む組") in said
        if lang == "ja":
            assert english_words(said) == []
        assert not cuts(dialog)  # the whole box fits 80x24, in both languages


async def test_the_sets_dialog_after_everyone_passed_shows_the_order_too(tmp_path):
    """all_pass best_set: nobody bet, the best set shown takes the poch pool (52 cards)."""
    from scorekeeper.ui.screens.dialogs import TextDialog

    app = ScorekeeperApp(pochen_store(tmp_path, all_pass="best_set", deck="52"), 1,
                         clock=fixed_clock())  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "p", *"8d", "enter", "o", "o", "o", "o", "v"])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        assert "> 3 > 2), then" in str(dialog.query_one("#text-help", Static).render())
