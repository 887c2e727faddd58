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
