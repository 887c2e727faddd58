"""The recorder's phone in headless Chromium (touch, 390x844): the entries typed rather
than picked (a note, a player joining after another, a player leaving, the cards shown
at a chips showdown) and the lowest-card game (redraw, reveal by cards, losers) recorded
by taps, the numbers equal to the same entries recorded by ``scorekeeper record``; and
nothing overflows in landscape (844x390): the page, and each of its panels, no wider
than the screen, with a form open too."""

from __future__ import annotations

import json

from tests.browser_support import Browser
from tests.test_browser_recorder import (
    CHOICE,
    ROW,
    Taps,
    fits,
    phone,
    phones,
    table,  # noqa: F401  (the fixture)
    tap,
)

SEND = "document.getElementById('form-send')"
CARDS = 'document.querySelector(\'#actions button[data-kind="{0}"][data-form="cards"]\')'


async def type_in(browser: Browser, element: str, text: str) -> None:
    """Text typed into *element* as a keyboard would (the input events the page listens to)."""
    focused = await browser.evaluate(f"(() => {{ const n = {element}; n.focus();"
                                     " return document.activeElement === n; })()")  # fmt: skip
    assert focused, element
    await browser.call("Input.insertText", text=text)


async def cards(browser: Browser, shown: dict[str, str]) -> None:
    for name, card in shown.items():
        field = f"document.querySelector('#form-cards input[data-name={json.dumps(name)}]')"
        await type_in(browser, field, card)


async def test_note_join_and_leave_by_taps(table):  # noqa: F811
    served = table("indian-official", ["Aki", "Ben", "Chihiro", "Dan"], "Aki")
    async with phones(served, "en") as taps:
        recorder = taps.recorder
        await taps.action("note")
        assert not await recorder.evaluate(f"{SEND}.disabled === false")  # nothing typed yet
        await type_in(recorder, "document.getElementById('text')", "dealer is Ben")
        await fits(recorder, 390)
        await tap(recorder, SEND)
        await taps.recorded(1)
        await taps.action("join")
        await type_in(recorder, "document.getElementById('text')", "Eve")
        await tap(recorder, ROW.format("Ben"))  # sits after Ben: tapped on the table
        assert await recorder.text("#form-picks") == "sits after Ben"
        await tap(recorder, SEND)
        await taps.recorded(2)
        await taps.action("leave")
        await tap(recorder, CHOICE.format(json.dumps("Chihiro")))
        await taps.recorded(3)
        await taps.action("round", 4)
        await taps.action("raise", 5)
        await taps.action("showdown")
        await tap(recorder, CHOICE.format(json.dumps("Ben")))
        await taps.recorded(6)
    served.record_by_cli(["note dealer is Ben", "join Eve after Ben", "leave Chihiro", "round",
                          "raise", "showdown Ben"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"]
    assert by_taps["players"] == by_cli["players"]
    assert by_taps["scores"]["Eve"] == -20 and by_taps["scores"]["Chihiro"] == 0


async def test_the_lowest_card_game_by_taps(table):  # noqa: F811
    served = table("indian-lowest", ["Aki", "Ben", "Cy", "Dan"], "Aki")
    async with phones(served, "ja") as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await taps.action("redraw")
        await tap(recorder, ROW.format("Ben"))
        await taps.recorded(2)
        await taps.action("reveal")
        assert "カード" in await recorder.text("#form-prompt")
        await cards(recorder, {"Aki": "8D", "Ben": "3C", "Cy": "QH"})
        assert await recorder.evaluate(f"{SEND}.disabled")  # Dan's card not typed yet
        await cards(recorder, {"Dan": "5S"})
        await fits(recorder, 390)
        await tap(recorder, SEND)
        await taps.recorded(3)
        await taps.action("round", 4)
        await taps.action("lose")
        await tap(recorder, ROW.format("Ben"))
        await tap(recorder, ROW.format("Dan"))
        await tap(recorder, SEND)
        await taps.recorded(5)
    served.record_by_cli(["round", "redraw Ben", "reveal Aki=8D Ben=3C Cy=QH Dan=5S", "round",
                          "lose Ben Dan"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"Aki": 0, "Ben": 2, "Cy": 0, "Dan": 1}


async def test_a_chips_showdown_by_the_cards_shown(table):  # noqa: F811
    served = table("indian-chips", ["Aki", "Ben", "Cy"], "Aki", {"stack": "20"})
    async with phones(served, "en") as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await taps.action("check", 2)
        await taps.action("bet", 3)
        await taps.action("call", 4)
        await taps.action("call", 5)
        await tap(recorder, CARDS.format("showdown"))
        await cards(recorder, {"Aki": "8D", "Ben": "3C", "Cy": "QH"})
        await tap(recorder, SEND)
        await taps.recorded(6)
    served.record_by_cli(["round", "check Ben", "bet Cy", "call Aki", "call Ben",
                          "showdown cards Aki=8D Ben=3C Cy=QH"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"Aki": 15, "Ben": 15, "Cy": 30}


OVERFLOWS = """[document.body, ...document.querySelectorAll('section, .form, .choices, .cards')]
  .filter((n) => n.offsetParent !== null || n === document.body)
  .filter((n) => n.scrollWidth > n.clientWidth)
  .map((n) => (n.id || n.className || n.tagName) + ' ' + n.scrollWidth + '>' + n.clientWidth)"""


async def test_nothing_overflows_in_landscape(table):  # noqa: F811
    players = ["Aki Yamamoto-Takahashi", "Benedict", "長谷川千尋", "Dan"]
    served = table("indian-lowest", players, "Aki Yamamoto-Takahashi")
    async with Browser() as recorder, Browser() as viewer:
        for lang in ("en", "ja"):
            await phone(viewer, served.url, lang, 844, 390)
            await phone(recorder, served.recorder_url, lang, 844, 390)
            for page in (viewer, recorder):  # each page loaded before it is measured
                loaded = "document.body && document.body.dataset.entries !== undefined"
                assert await page.wait_for(loaded)
                assert await page.evaluate(OVERFLOWS) == [], lang
                await fits(page, 844)
        taps = Taps(recorder, viewer)
        await taps.action("round", 1)
        await taps.action("reveal")  # the widest form: a field for each player's card
        assert await recorder.evaluate(OVERFLOWS) == []
        await fits(recorder, 844)


CARD_FORM = 'document.querySelector(\'#actions button[data-kind="{0}"][data-form="card"]\')'


async def test_pochen_turned_card_check_and_show_by_taps(table):  # noqa: F811
    """The Pochen entries the phone lacked while the table offered them: the turned card (one
    field), a pass before any bet in the Poch betting (one button: a check is the same thing
    then, and is not offered besides it), and the show by each player's hand."""
    served = table("pochen", ["A", "B", "C", "D"], "A", {"stack": "50"})
    async with phones(served, "ja") as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await tap(recorder, CARD_FORM.format("turned"))
        assert "カード" in await recorder.text("#form-prompt")
        await type_in(recorder, "document.querySelector('#form-cards input')", "8D")
        await tap(recorder, SEND)
        await taps.recorded(2)
        await taps.action("claim")
        await tap(recorder, ROW.format("B"))
        await tap(recorder, "document.querySelector('#board [data-pool=\"ace\"]')")
        await tap(recorder, SEND)
        await taps.recorded(3)
        await taps.action("claim")
        await tap(recorder, CHOICE.format(json.dumps("C")))
        for pool in ("king", "queen", "marriage"):
            await tap(recorder, f"document.querySelector('#board [data-pool=\"{pool}\"]')")
        await tap(recorder, SEND)
        await taps.recorded(4)
        assert "check" not in await taps.kinds()  # a check before a bet is the pass
        await taps.action("pass", 5)  # B
        await taps.action("bet")  # C
        await tap(recorder, "document.getElementById('more')")
        await tap(recorder, "document.getElementById('more')")
        await tap(recorder, SEND)
        await taps.recorded(6)
        await taps.action("call", 7)  # D
        await taps.action("fold", 8)  # A
        await taps.action("fold", 9)  # B
        await tap(recorder, CARDS.format("show"))
        await cards(recorder, {"C": "KD,KS", "D": "9C,9D,9S"})
        await fits(recorder, 390)
        await tap(recorder, SEND)
        await taps.recorded(10)
        await taps.action("out")
        await tap(recorder, ROW.format("B"))
        await taps.recorded(11)
    served.record_by_cli(["round", "turned 8D", "claim B ace", "claim C king queen marriage",
                          "check B", "bet C 3", "call D", "fold A", "fold B",
                          "show C=KD,KS D=9C,9D,9S", "out B"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert by_taps["board"] == by_cli["board"]


async def test_an_official_showdown_by_the_cards_shown(table):  # noqa: F811
    served = table("indian-official", ["Aki", "Ben", "Cy"], "Aki")
    async with phones(served, "en") as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await tap(recorder, CARDS.format("showdown"))
        await cards(recorder, {"Aki": "8D", "Ben": "KS", "Cy": "3C"})
        await tap(recorder, SEND)
        await taps.recorded(2)
    served.record_by_cli(["round", "showdown cards Aki=8D Ben=KS Cy=3C"])
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"Aki": -20, "Ben": 30, "Cy": -10}
