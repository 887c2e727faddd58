"""Correcting a past round in the app (issue 35, point 6): the round is played again on a
table of that round, with the game's usual keys and dialogs, then saved with a reason."""

from __future__ import annotations

import pytest

from scorekeeper.core.transcript import read_session
from scorekeeper.messages import set_language, t
from scorekeeper.services.recording import load_session
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.key_bar import KeyBar
from tests.fit_check import cuts, painted_lines
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

ROUND_1 = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
ROUND_2 = ["n", "s", "2", "enter"]
#: Round 1 as it really was: B folds, raise, C folds, E (not D) wins.
ROUND_1_AGAIN = ["f", "2", "enter", "r", "f", "3", "enter", "s", "5", "enter"]
CORRECTED = (
    "game indian-official\nplayers A B C D E\nround\nfold B\nraise\nfold C\nshowdown E\n"
    "round\nshowdown B\n"
)


def shown_keys(screen: TableScreen) -> set[str]:
    """The keys the footer offers now."""
    return {
        key
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.enabled
    }


async def test_ctrl_r_is_in_the_footer_once_a_round_has_finished(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "ctrl+r" not in shown_keys(app.screen)  # nothing to correct yet
        await press_all(pilot, ROUND_1)
        assert "ctrl+r" in shown_keys(app.screen)
        assert "^r" in "\n".join(painted_lines(app.screen)).splitlines()[-1]
        await press_all(pilot, ["n"])  # round 2 in play: round 1 can still be corrected
        assert "ctrl+r" in shown_keys(app.screen)
        assert not cuts(app.screen)


async def test_a_round_is_played_again_with_the_usual_keys_and_saved_with_a_reason(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, *ROUND_2])
        table = app.screen
        await press_all(pilot, ["ctrl+r", "1", "enter"])
        correcting = app.screen
        assert isinstance(correcting, TableScreen) and correcting is not table
        assert correcting.title == "Correcting round 1"
        assert correcting.state.in_round and correcting.state.round == 1
        keys = shown_keys(correcting)
        # the round's own keys and ctrl+r (it saves); no new round, no end, no join, no
        # note, no views
        assert {"f", "r", "s", "ctrl+r"} <= keys
        assert not keys & {"n", "e", "j", "l", "m", "h", "t", "i"}
        assert not cuts(correcting)
        await press_all(pilot, ROUND_1_AGAIN)
        assert isinstance(app.screen, TextDialog)  # the round is over: why?
        await press_all(pilot, [*"misread card", "enter"])
        assert app.screen is table
        message = str(table.query_one("#message").render())
        assert message.startswith("round 1 corrected (misread card)")
    expected = read_session(CORRECTED).state
    session = load_session(store, 1)
    assert session.events[-1].kind == "correct"
    assert dict(session.state.scores) == dict(expected.scores)


async def test_leaving_the_correcting_table_changes_nothing(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, *ROUND_2])
        table = app.screen
        before = table.state
        await press_all(pilot, ["ctrl+r", *"9", "enter"])
        assert "1 to 2" in str(app.screen.query_one("#text-error").render())
        await press_all(pilot, ["escape", "ctrl+r", "1", "enter", "f", "2", "enter", "r"])
        correcting = app.screen
        # not over yet: ctrl+r says so; u undoes within the round, never its start
        await press_all(pilot, ["ctrl+r"])
        assert "not over yet" in str(correcting.query_one("#message").render())
        for _ in range(2):
            await press_all(pilot, ["u", "y"])
        await press_all(pilot, ["u"])
        assert app.screen is correcting  # nothing to undo: said, no question
        assert "starts here" in str(correcting.query_one("#message").render())
        await press_all(pilot, ["escape"])
        assert app.screen is table
        assert table.state == before
        assert str(table.query_one("#message").render()) == "Round 1 was left unchanged."
    assert len(load_session(store, 1).events) == 7


async def test_the_reason_dialog_cancelled_leaves_the_round_played_again(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, *ROUND_2, "ctrl+r", "1", "enter", *ROUND_1_AGAIN])
        await press_all(pilot, ["escape"])  # no reason yet
        correcting = app.screen
        assert isinstance(correcting, TableScreen) and not correcting.state.in_round
        assert "ctrl+r" in shown_keys(correcting)
        assert not shown_keys(correcting) & {"n", "e", "j", "l", "m", "h", "t", "i"}
        await press_all(pilot, ["ctrl+r", "enter"])  # an empty reason is refused in words
        assert str(app.screen.query_one("#text-error").render()) == t("rules.correct_no_reason")
        await press_all(pilot, [*"E had the king", "enter"])
        assert not app.screen.has_class("correcting")
    assert load_session(store, 1).events[-1].kind == "correct"


async def test_a_correction_that_changes_nothing_is_refused_in_the_reason_dialog(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, *ROUND_2, "ctrl+r", "1", "enter", *ROUND_1[1:]])
        await press_all(pilot, [*"same", "enter"])
        error = str(app.screen.query_one("#text-error").render())
        assert error == t("rules.correct_same", round=1)
    assert len(load_session(store, 1).events) == 7


async def test_correcting_in_japanese_shows_no_english_words(tmp_path):
    set_language("ja")
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, *ROUND_2, "ctrl+r", "1", "enter"])
        correcting = app.screen
        assert correcting.title == "ラウンド1を訂正中"
        bar = correcting.query_one(KeyBar)
        assert bar is not None
        assert not cuts(correcting)
        await press_all(pilot, [*ROUND_1_AGAIN, *"カードの読み違い", "enter"])
        message = str(app.screen.query_one("#message").render())
        assert message.startswith("ラウンド1を訂正(カードの読み違い)")
        for word in ("fold", "raise", "showdown"):
            assert word not in message
    assert load_session(store, 1).events[-1].kind == "correct"


async def test_a_chip_round_is_played_again_with_the_betting_keys_and_the_ranking_box(tmp_path):
    """Every game's own keys: in the chip game, the betting keys act for the player to act
    and the ranking box names the winners, as when the round was first recorded."""
    from scorekeeper.core.header import make_header
    from scorekeeper.services.recording import create_session
    from scorekeeper.storage import Store

    store = Store(tmp_path / "data")
    players = ["Aki", "Ben", "Chie", "Dai"]
    header = make_header("indian-chips", players, {"stack": "20"}, stacks={"Aki": 5}, parent="Dai")
    create_session(store, header)
    betting = ["b", "r", "c", "r", "c", "f"]  # seed C2: Aki all-in, a side pot
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", *betting, "s", *"Aki > Dai > Ben", "enter"])
        await press_all(pilot, ["ctrl+r", "1", "enter"])
        correcting = app.screen
        assert correcting.has_class("correcting") and correcting.state.in_round
        assert "b" in shown_keys(correcting) and "y" not in shown_keys(correcting)
        await press_all(pilot, [*betting, "s", *"Dai > Aki > Ben", "enter"])
        assert isinstance(app.screen, TextDialog)
        await press_all(pilot, [*"Dai had the ace", "enter"])
        assert not app.screen.has_class("correcting")
    expected = read_session(
        "game indian-chips\nplayers Aki Ben Chie Dai\noption stack 20\nstacks Aki=5\n"
        "parent Dai\nround\nbet Aki\nraise Ben\ncall Chie\nraise Dai\ncall Ben\nfold Chie\n"
        "showdown Dai > Aki > Ben\n"
    ).state
    assert dict(load_session(store, 1).state.scores) == dict(expected.scores)


async def test_the_round_box_shows_words_not_a_number_that_looks_typed(tmp_path):
    """A grey "1" in the box read as a value already there; Enter then was refused."""
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, "ctrl+r"])
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        box = dialog.query_one("#text-input")
        assert box.placeholder == t("ui.correct.which_round_hint", rounds=1)
        await press_all(pilot, ["1", "enter"])
        assert isinstance(app.screen, TableScreen)
        assert "Correcting round 1" in "\n".join(painted_lines(app.screen))


async def test_the_money_rate_box_shows_an_example_in_words(tmp_path):
    """The rate box showed a bare grey "10" that read as a rate already kept."""
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, [*ROUND_1, "e", "y", "$"])  # the rate: once it has ended
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        box = app.screen.query_one("#text-input")
        assert box.placeholder == t("ui.hint.example", example=t("ui.table.rate_example"))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_ctrl_r_lists_the_rounds_one_line_each_as_the_phone_does(tmp_path, lang):
    """The rounds to correct are listed newest first, one line each, in the same words as
    the phone's list (services/correcting.round_lines), whole at 80×24."""
    from scorekeeper.services.phone import round_lines

    set_language(lang)
    try:
        app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press_all(pilot, [*ROUND_1, *ROUND_2, "ctrl+r"])
            dialog = app.screen
            assert isinstance(dialog, TextDialog)
            phone = round_lines(load_session(app.store, 1).state, lang)["rounds"]
            assert phone[0]["text"] == (
                "B won the showdown at 10 · A -20 B +80 C -20 D -20 E -20"
                if lang == "en"
                else phone[0]["text"]
            )
            assert dialog.listing == tuple((row["label"], row["text"]) for row in phone)
            painted = painted_lines(dialog)
            for row in phone:  # each round's label, its words beside it (they wrap under)
                start = f"{row['label']} {row['text'][:12]}"
                assert sum(start in line for line in painted) == 1, (start, painted)
            assert not cuts(dialog)
            await press_all(pilot, ["1", "enter"])
            assert isinstance(app.screen, TableScreen) and app.screen.state.round == 1
    finally:
        set_language("en")
