"""The Japanese wording and the small logic fixes found walking an evening (issue 43,
point 8): one word for one thing, and sentences that agree with the numbers shown."""

from __future__ import annotations

import re

import pytest

from scorekeeper.core.cards import parse_card
from scorekeeper.core.errors import RuleError
from scorekeeper.core.games import get_game
from scorekeeper.core.transcript import read_session
from scorekeeper.core.words import parse_entry
from scorekeeper.export.live import last_result_line, pot_lines
from scorekeeper.messages import CATALOG, t
from tests.ui_support import fixed_clock, press_all

P1 = open("examples/p1.txt", encoding="utf-8").read()  # noqa: SIM115 (read at import, closed)


def japanese() -> dict[str, str]:
    return {key: str(value[1]) for key, value in CATALOG.items() if isinstance(value, tuple)}


def test_the_phones_page_is_the_tables_page_卓_never_表():
    """表 stays only where it means a chart or a list (表示, 表計算); the table is 卓."""
    for key, text in japanese().items():
        rest = re.sub("表示|表計算|代表|発表|表す|表記|表現", "", text)
        assert "表" not in rest, (key, text)
    assert t("web.app.palette", "ja") == "卓のページを表示(スマートフォン)"


def test_a_pochen_deal_is_one_word_ラウンド():
    """ラウンド, as the table's round line and log say it: never 配り nor 第N回."""
    for key, text in japanese().items():
        assert "配り" not in text and "第{round}回" not in text, (key, text)
    assert t("ui.pochen.next", "ja", round=2, dealer="B") == "次: ラウンド2、ディーラー B"
    assert t("phone.do.pochen.round", "ja") == "新しいラウンド"


def test_a_fold_is_降り_everywhere():
    for key, text in japanese().items():
        assert "フォールド" not in text, (key, text)
    assert t("log.bet.fold", "ja", player="Ben") == "Benが降りた"
    assert t("ui.key.fold_hand", "ja") == t("phone.do.fold", "ja") == "降りる"


CHIPS = "game indian-chips\nplayers A B C D\noption stack 20\nround\n"
C2 = "game indian-chips\nplayers A B C D\noption stack 20\nstacks A=5\nparent D\nround\n"


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # C1 mid-betting: the layers differ only by calls still to come, nobody all-in
        (
            CHIPS + "check B\nbet C\nraise D\nfold A\n",
            ["メインポット 12: B, C, D", "未コール分 4: D"],
        ),
        (CHIPS + "check B\nbet C\nraise D\nfold A\ncall B\n", ["メインポット 24: B, C, D"]),
        # C2: A all-in for 5: now there is a side pot
        (
            C2 + "bet A\nraise B\ncall C\nraise D\ncall B\nfold C\n",
            ["メインポット 20: A, B, D", "サイドポット 20: B, D"],
        ),
    ],
)
def test_a_side_pot_only_once_someone_is_all_in(text, lines):
    session = read_session(text)
    view = session.game.round_view(session.state)
    assert view is not None
    assert pot_lines(view, ", ".join, "ja") == lines


def test_the_card_example_names_jk_only_where_the_deck_has_a_joker():
    chips = get_game("indian-chips")
    assert not chips.joker_in_deck({"joker": False})
    assert chips.joker_in_deck({"joker": True})
    assert not get_game("indian-official").joker_in_deck({})
    with pytest.raises(RuleError) as without:
        parse_card("XX", joker=False)
    with pytest.raises(RuleError) as with_joker:
        parse_card("XX")
    assert "JK" not in without.value.message("ja") and "JK" not in without.value.message("en")
    assert "JK" in with_joker.value.message("ja")
    official = read_session("game indian-official\nplayers A B C\nround\n")
    entry = parse_entry(official.game, ["showdown", "cards", "A=XX", "B=2H", "C=3H"])
    with pytest.raises(RuleError) as refused:
        official.check(entry)
    assert "JK" not in refused.value.message("ja")


def test_the_chips_left_on_the_board_are_the_boards_whole():
    """P1's second deal: nobody wins the Poch, C goes out; the deal put 28 on the board,
    which already held 12: the line says 40 stay, as the board shows (it said 28)."""
    text = P1 + "turned 8D\nclaim A ace\npass C\npass D\npass A\npass B\nout C\n"
    session = read_session(text)
    assert session.game.headline(session.state).value == 40
    line = last_result_line(session, "ja").splitlines()[0]
    assert line.endswith("収支: A -5, B -9, C -5, D -9(場へ28、場に40が残る)")
    assert (
        last_result_line(session, "en")
        .splitlines()[0]
        .endswith("; 28 went to the board, 40 stay on it")
    )
    first = read_session(P1.split("round               # deal 2")[0])  # the board was empty
    assert last_result_line(first, "ja").splitlines()[0].endswith("(場に12が残る)")


def test_pochen_offers_one_button_for_pass_and_check():
    """Before a bet a check is a pass; after one a pass is a fold: one of each is offered
    (the footer's keys, the phone's buttons); both are still accepted typed."""
    session = read_session(P1.split("round               # deal 2")[0].split("pass B")[0])
    kinds = [action.kind for action in session.legal_once()]
    assert "pass" in kinds and "check" not in kinds
    assert {"pass", "check"} <= {action.kind for action in session.legal()}
    opened = read_session(P1.split("call D")[0])  # B passed, C bet 3: D to act
    kinds = [action.kind for action in opened.legal_once()]
    assert "fold" in kinds and "pass" not in kinds


@pytest.mark.usefixtures("steady_screen")
async def test_pochens_table_has_one_key_for_pass_and_check(tmp_path):
    from scorekeeper.services.recording import create_session
    from scorekeeper.storage import Store
    from scorekeeper.ui.app import ScorekeeperApp

    session = read_session(P1.split("round               # deal 2")[0].split("pass B")[0])
    store = Store(tmp_path / "data")
    create_session(store, session.header, session.events)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        shown = {k for k, a in table.active_bindings.items() if a.binding.show and a.enabled}
        assert "o" in shown and "k" not in shown
        await press_all(pilot, ["k"])
        message = str(table.query_one("#message").render())
        assert message == t("ui.table.same_as", press="o", label=t("ui.key.pass_poch"))
        assert len(table.recording.session.events) == len(session.events)  # nothing recorded
