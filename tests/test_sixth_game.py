"""The extension path, kept open: a sixth game that lives only in the tests
(tests/sixth_game.py, high card) registers once, as a game outside the package would, and
then passes what a real game passes (issue 45 point 2): the command line (replay,
record, correct, timeline, show, verify, settle, stats and every export, in both
languages), a long session kept by its snapshot, the cross-view property, the generator
with finished rounds in most sessions, and its table in the app. What it lacks would be
named by tests/test_registry.py, which checks it beside the real games.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core import state_codec
from scorekeeper.core.events import Entry
from scorekeeper.core.game import register, registered
from scorekeeper.core.games import GAME_ORDER, game_spec
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.stats import game_rank
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.messages import t
from scorekeeper.services.phone import phone_actions
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from tests.cli_support import assert_json_export_reimports_the_same, run
from tests.long_sessions import SeededData, long_session, seeded_strategies
from tests.session_gen import build_session
from tests.sixth_game import GAME_ID, SPEC, HighCardRound, sixth_registered
from tests.test_phone_offers import offers_what_the_table_offers
from tests.test_views_agree import SETTINGS, check_every_view
from tests.test_views_agree_page import record_by_page
from tests.test_views_agree_ui import SETTINGS as SCREEN_SETTINGS
from tests.test_views_agree_ui import drive_the_app, drive_the_display
from tests.ui_support import fixed_clock, press_all

TRANSCRIPT = """\
game high-card
players A B C D
recorder A
option stake 2

round
pass D
show A=KH B=7S C=QD
round
show A=2H B=AS C=AD D=3C
note good game
round
undo
round
show A=2H B=3S C=4D D=5C
correct 1 "wrong card" "show A=AH B=7S C=QD D=2C"
"""

#: The net after TRANSCRIPT: round 1 (corrected) A takes 2 from each of three, round 2 B
#: and C each take 2 from A and D, round 3 D takes 2 from each.
NET = {"A": 6 - 4 - 2, "B": -2 + 4 - 2, "C": -2 + 4 - 2, "D": -2 - 4 + 6}


@pytest.fixture(autouse=True, scope="module")
def sixth():
    """The sixth game registered while this module's tests run, and only then."""
    with sixth_registered() as spec:
        yield spec


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    path = tmp_path / "high.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    return path


def test_it_is_registered_by_the_one_call_and_gone_afterwards():
    assert game_spec(GAME_ID).screen == "tests.sixth_screen:HighCardTable"
    assert GAME_ID in registered()


def test_its_texts_join_the_catalog_and_reword_none_of_anothers():
    """Its texts are the catalog's while it is registered, in both languages; a game
    whose texts would reword a key the catalog holds is refused as it registers."""
    assert t(f"game.{GAME_ID}", "ja") == "ハイカード"
    before = dict(registered())
    clash = replace(SPEC, messages={**SPEC.messages, "word.round": ("Hand", "手")})
    with pytest.raises(RuntimeError, match=r"word\.round"):
        register(clash)
    assert registered() == before
    assert t("word.round", "en") == "round"


def test_a_game_registered_late_is_offered_at_its_own_place(capsys):
    """Statistics order games by their registration's ``order`` and shell completion
    offers every registered game: neither reads the list the package had at its import."""
    with sixth_registered(order=0):
        assert game_rank(GAME_ID) < game_rank("indian-official")  # no game id: the first
        code, out, _ = run(capsys, "completion", "bash")
        assert code == 0 and GAME_ID in out
    assert game_rank(GAME_ID) > game_rank(GAME_ORDER[-1])


def test_replay_and_timeline_of_its_transcript(capsys, transcript):
    code, out, err = run(capsys, "--lang", "en", "replay", "--json", str(transcript))
    assert (code, err) == (0, "")
    state = json.loads(out)
    assert state["game"] == GAME_ID and state["net"] == NET
    assert [r["winners"] for r in state["results"]] == [["A"], ["B", "C"], ["D"]]
    code, out, err = run(capsys, "--lang", "en", "replay", str(transcript))
    assert (code, err) == (0, "") and out.startswith("High card — round 3")
    for lang in ("en", "ja"):
        code, out, err = run(capsys, "--lang", lang, "timeline", str(transcript))
        assert (code, err) == (0, "")
        assert len(out.splitlines()) == 11
    code, out, _ = run(capsys, "--lang", "en", "timeline", str(transcript))
    assert "D passes (replaced by correction #11)" in out
    assert "round 1 corrected (wrong card): shown: A AH, B 7S, C QD, D 2C; highest A" in out


def test_a_stored_session_records_corrects_and_exports_every_format(
    capsys, transcript, tmp_path, home
):
    data = ["--data-dir", str(home)]
    assert run(capsys, *data, "import", str(transcript))[:2] == (0, "1\n")
    code, out, err = run(capsys, *data, "--lang", "en", "record", "1", "round", "pass B")
    assert (code, err) == (0, "") and "B passes" in out
    code, out, err = run(capsys, *data, "--lang", "en", "record", "1", "show A=2C C=3C")
    assert code == 2 and "D" in err and "Traceback" not in err  # D's card is missing
    code, _, err = run(capsys, *data, "record", "1", "show A=2C C=3C D=KS")
    assert (code, err) == (0, "")
    code, _, err = run(capsys, *data, "correct", "1", "2", "--reason", "misread",
                       "show A=2H B=AS C=3D D=3C")  # fmt: skip
    assert (code, err) == (0, "")
    code, out, err = run(capsys, *data, "show", "1", "--json")
    assert (code, err) == (0, "")
    shown = json.loads(out)
    assert [r["winners"] for r in shown["results"]][1] == ["B"]
    assert sum(shown["net"].values()) == 0
    for command in (["verify", "1"], ["settle", "1"], ["stats"], ["list"], ["show", "1"]):
        for lang in ("en", "ja"):
            code, out, err = run(capsys, *data, "--lang", lang, *command)
            assert (code, err) == (0, ""), command
            assert out
    for fmt in ("transcript", "json", "csv", "md", "html"):
        for lang in ("en", "ja"):
            target = tmp_path / f"out.{lang}.{fmt}"
            code, _, err = run(capsys, *data, "--lang", lang, "export", "1", "--format", fmt,
                               "-o", str(target))  # fmt: skip
            assert code == 0 and "Traceback" not in err, (fmt, lang)
            assert target.stat().st_size > 0
    assert "High card" in (tmp_path / "out.en.md").read_text(encoding="utf-8")
    assert "ハイカード" in (tmp_path / "out.ja.html").read_text(encoding="utf-8")
    assert_json_export_reimports_the_same(capsys, home)


def test_a_long_session_is_kept_by_its_snapshot(capsys, tmp_path, home):
    """Its round is kept by a snapshot even though the game registered after the codec
    was imported: the codec asks the registry again for a type it does not know."""
    state_codec._TYPES.pop(HighCardRound.__name__, None)  # as if imported before it
    with seeded_strategies():
        session = long_session(GAME_ID, seed=6, at_least=200)
    assert session.state.results
    path = tmp_path / "long.txt"
    path.write_text(write_transcript(session), encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data")]
    assert run(capsys, *data, "import", str(path))[:2] == (0, "1\n")
    store = Store(tmp_path / "data")
    assert load_session(store, 1).state == read_session(path.read_text("utf-8")).state
    state_codec._TYPES.pop(HighCardRound.__name__, None)
    started = build_session_with_round_in_play()
    again = state_codec.decode_state(state_codec.encode_state(started), started.options, GAME_ID)
    assert again == started
    code, _, err = run(capsys, *data, "verify", "1")
    assert (code, err) == (0, "")


def build_session_with_round_in_play():
    session = read_session(TRANSCRIPT + "round\npass B\n")
    assert isinstance(session.state.table, HighCardRound)
    return session.state


def test_the_generator_finishes_rounds_in_most_sessions():
    """The generator plays its verbs with the data its registration declares (a ``show``
    of high card, not Pochen's sets): most generated sessions finish a round."""
    with seeded_strategies():
        finished = sum(
            bool(build_session(SeededData(seed), GAME_ID).state.results) for seed in range(200)
        )
    assert finished >= 150


@SETTINGS
@given(data=st.data())
def test_every_view_agrees(data):
    check_every_view(build_session(data, GAME_ID))


@SETTINGS
@given(data=st.data())
def test_every_view_agrees_when_the_page_recorded_it(data, tmp_path_factory):
    """Recorded tap by tap through the recorder's page, as for a real game."""
    generated = build_session(data, GAME_ID)
    store = Store(tmp_path_factory.mktemp("page") / "data")
    create_session(store, generated.header)
    asyncio.run(record_by_page(store, generated))
    stored = load_session(store, 1)
    assert stored.state.results == generated.state.results
    check_every_view(stored)


@pytest.mark.usefixtures("steady_screen")
@SCREEN_SETTINGS
@given(data=st.data())
def test_every_screen_opens_and_agrees(data):
    """The app's table, standings, timeline and the table display, as for a real game."""
    session = build_session(data, GAME_ID)
    with TemporaryDirectory() as folder:
        store = Store(Path(folder) / "data")
        create_session(store, session.header, session.events)
        asyncio.run(drive_the_app(store, session))
        asyncio.run(drive_the_display(store, session))


async def test_its_table_in_the_app(tmp_path, steady_screen):
    """Its own screen (outside scorekeeper.ui) opens, and its keys record a round."""
    from tests.sixth_screen import HighCardTable

    store = Store(tmp_path / "data")
    create_session(store, make_header(GAME_ID, ["A", "B", "C", "D"], {"stake": "3"}))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HighCardTable)
        await press_all(pilot, ["n", "o", "4", "enter"])
        assert screen.state.table.passed == ("D",)
        await press_all(pilot, ["v", *"ks", "enter", *"kh", "enter", "9", "c", "enter"])
        assert dict(screen.state.scores) == {"A": 3, "B": 3, "C": -6, "D": 0}
    assert dict(load_session(store, 1).state.scores) == {"A": 3, "B": 3, "C": -6, "D": 0}


@SETTINGS
@given(data=st.data())
def test_the_phone_offers_every_entry_its_table_offers(data):
    """Its phone forms come from its declaration alone (GameSpec.phone): after every entry
    of generated sessions, each kind the rules allow now is a button on the phone."""
    offers_what_the_table_offers(build_session(data, GAME_ID))


def test_its_phone_buttons_are_worded_from_its_declaration():
    session = Session(make_header(GAME_ID, ["Aki", "Ben", "Chie"]))
    session.commit(session.check(Entry("round", {})))
    buttons = {a["kind"]: a for a in phone_actions(session, "ja")}
    assert buttons["pass"]["form"] == "player" and buttons["pass"]["label"] == "パス"
    assert buttons["show"]["form"] == "cards"
    assert buttons["show"]["label"] == "公開: 全員のカードを入力"
    assert buttons["show"]["choices"] == ["Aki", "Ben", "Chie"]
