"""The result as plain text for a chat app (issue 43, point 4): the title (game, date), the
standings, Pochen's board given back, who pays whom with thousands separators, the receipt;
and several sessions settled together. Exact text, in English and Japanese."""

from __future__ import annotations

import pytest

from scorekeeper.core.receipt import Receipt
from scorekeeper.export.settlement import settle_together
from scorekeeper.export.share_text import season_text, share_text
from tests.test_live_ended import FOUR, o1, session_of
from tests.test_pochen_end import P1_DEAL

HASH = "5c0e1a2b3c4d" + "0" * 52
RECEIPT = Receipt(21, HASH)

pytestmark = pytest.mark.usefixtures("tokyo")


def test_o1_ended_in_english():
    assert share_text(o1("end"), "en", Receipt(20, HASH)) == "\n".join(
        [
            "Indian Poker (official points) · 2026-11-29",
            "",
            "Final standings after 4 rounds",
            "1. A +730",
            "2. D -50",
            "3. B -100",
            "4. E -210",
            "5. C -370",
            "",
            "Settlement: who pays whom",
            "B pays A 100",
            "C pays A 370",
            "D pays A 50",
            "E pays A 210",
            "",
            f"Receipt: 20 entries, last hash {HASH}",
        ]
    )


def test_p1_ended_in_japanese_with_the_board_given_back():
    session = session_of("pochen", FOUR, *P1_DEAL, "end", stack=50)
    assert share_text(session, "ja", RECEIPT) == "\n".join(
        [
            "ポッヘン · 2026-11-29",
            "",
            "最終順位(1ラウンド)",
            "1位 C +3",
            "2位 B +2",
            "3位 D +1",
            "4位 A -6",
            "終了時に場に残った12チップは等分して返しました(端数はディーラーの左から1枚ずつ): "
            "A 3、B 3、C 3、D 3。",
            "",
            "精算: 誰が誰に払うか",
            "AがBに2を支払う",
            "AがCに3を支払う",
            "AがDに1を支払う",
            "",
            f"控え: 記録21件、最後のハッシュ {HASH}",
        ]
    )


def test_thousands_separators_without_a_receipt():
    session = session_of("indian-official", list("ABC"), "round", "showdown B", "round",
                         "showdown B", "end", base=1000, cap="none")  # fmt: skip
    assert share_text(session, "en") == "\n".join(
        [
            "Indian Poker (official points) · 2026-11-29",
            "",
            "Final standings after 2 rounds",
            "1. B +7,000",
            "2. C -3,000",
            "3. A -4,000",
            "",
            "Settlement: who pays whom",
            "A pays B 4,000",
            "C pays B 3,000",
        ]
    )


def test_losses_only_say_there_is_nothing_to_settle():
    session = session_of("indian-lowest", FOUR, "round", "reveal A=3H B=2C C=KD D=2S", "end")
    assert share_text(session, "en").splitlines()[-1] == (
        "This game counts losses only: there is nothing to settle."
    )


def test_several_sessions_settled_together():
    first = o1("end")
    second = session_of("indian-official", list("ABC"), "round", "showdown B", "end")
    settled = settle_together([(1, first), (2, second)])
    assert season_text([1, 2], settled, "en") == "\n".join(
        [
            "Sessions 1, 2 together",
            "",
            "A +710",
            "B -70",
            "C -380",
            "D -50",
            "E -210",
            "",
            "Settlement: who pays whom",
            "B pays A 70",
            "C pays A 380",
            "D pays A 50",
            "E pays A 210",
        ]
    )
    assert season_text([1, 2], settled, "ja").splitlines()[0] == "セッション1、2をまとめて精算"
