"""The app open on the session while the recorder taps on a phone (issue 37): the app is
the one writer; a tap shows on its table as if typed, and a key and a tap at the same
moment give both entries in the order they came, or one clean refusal."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from textual.widgets import Static

from scorekeeper.services.recording import load_session
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_page import RecorderPageScreen
from tests.ui_support import fixed_clock, new_store, type_burst


class FakePage:
    """What the page server would be to the app: its session, its recorder, the answers."""

    def __init__(self, sid: int = 1, recorder: str = "A") -> None:
        self.sid, self.recorder = sid, recorder
        self.answers: list[tuple[Any, dict[str, Any]]] = []

    def answer(self, number: Any, answer: dict[str, Any]) -> None:
        self.answers.append((number, answer))


def said(n: int, after: int, *words: str, lang: str = "en") -> dict[str, Any]:
    return {"n": n, "lang": lang, "id": f"tap-{n:08d}", "after": after, "words": list(words)}


async def test_the_palette_offers_recording_from_a_phone(tmp_path):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Record from a phone" in titles


async def test_a_tap_shows_on_the_table_as_if_typed(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    page = FakePage()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        app.phone_tap(page, said(1, 0, "round"))
        await pilot.pause()
        assert page.answers[-1][1]["recorded"] and page.answers[-1][1]["seq"] == 1
        assert app.screen.recording.session.state.in_round  # the app's own session has it
        message = str(app.screen.query_one("#message", Static).render())
        assert "round 1" in message.lower()
    assert len(load_session(store, 1).events) == 1


async def test_a_key_and_a_tap_at_once_keep_both_in_order_or_refuse_one(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    page = FakePage()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.phone_tap(page, said(1, 0, "round"))
        await pilot.pause()
        # the key first, then a tap made on the table before it: refused, nothing lost
        await type_burst(pilot, ["r"])
        await pilot.pause()
        app.phone_tap(page, said(2, 1, "fold", "B"))
        await pilot.pause()
        number, answer = page.answers[-1]
        assert number == 2 and not answer["recorded"] and answer["status"] == 409
        assert "the table changed" in answer["text"]
        # the tap first, then the key: both kept, in that order
        app.phone_tap(page, said(3, 2, "fold", "B"))
        await type_burst(pilot, ["r"])
        await pilot.pause()
        assert page.answers[-1][1]["recorded"]
    events = load_session(store, 1).events
    assert [(e.kind, dict(e.data)) for e in events] == [
        ("round", {}),
        ("raise", {}),
        ("fold", {"player": "B"}),
        ("raise", {}),
    ]


def post(url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    origin = "/".join(url.split("/", 3)[:3])
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": origin},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
    except urllib.error.URLError:
        return 0, {}  # nothing listens there any more


async def test_the_recorders_link_from_the_palette_hands_taps_to_the_app(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.record_from_phone(1, "A", lan=False)
        await pilot.pause()
        assert isinstance(app.screen, RecorderPageScreen)
        url = ""
        for _ in range(200):
            url = str(app.screen.query_one("#table-page-url", Static).render())
            if url.startswith("http"):
                break
            await pilot.pause(0.1)
        page = app.table_pages.running(1)
        assert page is not None and url == page.recorder_url and url != page.url
        body = {"id": "tap-from-phone", "after": 0, "words": ["round"]}
        status, answer = await asyncio.to_thread(post, url + "entry", body)
        assert status == 200 and answer["recorded"], answer
        # r: a new link, made by the same page (the viewers' link and port unchanged); the
        # old one is refused from then on
        await type_burst(pilot, ["r"])
        for _ in range(200):
            if page.recorder_url != url and not app.workers:
                break
            await pilot.pause(0.1)
        renewed = app.table_pages.running(1)
        assert renewed is page and page.recorder_url not in (None, url)
        assert page.recorder_url.rsplit("/", 2)[0] == url.rsplit("/", 2)[0]  # the same port
        body = {"id": "tap-old-link", "after": 1, "words": ["raise"]}
        status, answer = await asyncio.to_thread(post, url + "entry", body)
        assert status == 403, answer
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.recording.session.state.in_round  # the tap, on the app's table
        app.table_pages.stop_all()
    assert [e.kind for e in load_session(store, 1).events] == ["round"]


async def test_the_recorders_screen_starts_one_page_server(tmp_path, monkeypatch):
    """Textual calls each class's own on_mount: the recorder's screen once called its base's
    too, which started a second server (never stopped, its old link still answering)."""
    from scorekeeper.services.table_page import TablePages

    started = []
    real = TablePages.start

    def counted(self, *args, **kwargs):
        started.append(kwargs.get("renew", False))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(TablePages, "start", counted)
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.record_from_phone(1, "A", lan=False)
        for _ in range(200):
            await pilot.pause(0.1)
            page = app.table_pages.running(1)
            shown = str(app.screen.query_one("#table-page-url", Static).render())
            if page is not None and shown.startswith("http") and not app.workers:
                break
        assert started == [False]
        await type_burst(pilot, ["escape"])
    app.table_pages.stop_all()


async def test_a_note_a_join_a_leave_and_cards_tapped_with_the_app_open(tmp_path):
    """The entries the phone sends as typed words (a note, a joiner and where they sit, a
    leaver, each player's card) go through the app's table when it is open: the journal
    holds what the same words make from the command line, and the table shows them."""
    from scorekeeper.core.header import make_header
    from scorekeeper.core.words import parse_entry
    from scorekeeper.services.recording import create_session, open_recording
    from scorekeeper.storage import Store

    steps = [
        ["note", "dealer", "is", "B"],
        ["join", "F", "after", "B"],
        ["leave", "C"],
        ["round"],
        ["reveal", "A=8D", "B=3C", "D=QH", "E=5S", "F=3H"],
    ]
    header = make_header("indian-lowest", ["A", "B", "C", "D", "E"], {})
    tapped, typed = Store(tmp_path / "tapped"), Store(tmp_path / "typed")
    create_session(tapped, header)
    create_session(typed, header)
    app = ScorekeeperApp(tapped, 1, clock=fixed_clock())
    page = FakePage()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        for number, words in enumerate(steps):
            app.phone_tap(page, said(number + 1, number, *words))
            await pilot.pause()
            assert page.answers[-1][1]["recorded"], (words, page.answers[-1])
            assert page.answers[-1][1]["seq"] == number + 1
        shown = app.screen.recording.session.state  # the app's own session has them all
        assert shown.names() == ("A", "B", "F", "C", "D", "E")
        assert [seat.name for seat in shown.seats if seat.seated] == ["A", "B", "F", "D", "E"]
        assert not shown.in_round  # the reveal ended the round
        message = str(app.screen.query_one("#message", Static).render())
        assert "B" in message and "F" in message  # the two 3s lose, said as if typed
    with open_recording(typed, 1, history=False) as rec:
        for words in steps:
            rec.record(parse_entry(rec.session.game, words))
    by_tap, by_cli = load_session(tapped, 1), load_session(typed, 1)
    assert [(e.kind, dict(e.data)) for e in by_tap.events] == [
        (e.kind, dict(e.data)) for e in by_cli.events
    ]
    assert by_tap.state.scores == by_cli.state.scores == {
        "A": 0, "B": 1, "C": 0, "D": 0, "E": 0, "F": 1,
    }  # fmt: skip
    assert [e.recorder for e in by_tap.events] == ["A"] * len(steps)


async def test_a_round_corrected_on_the_phone_shows_on_the_apps_table(tmp_path):
    """The app open with the recorder's link: round 1 played again on the phone (the page
    server holds it), then its one correct entry handed to the app, which records it at
    its table (the standings recomputed there) as its own ctrl+r would."""
    from scorekeeper.core.words import parse_entry
    from scorekeeper.services.recording import open_recording

    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for words in (["round"], ["fold", "B"], ["showdown", "C"], ["round"], ["showdown", "C"]):
            rec.record(parse_entry(rec.session.game, words))
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        before = dict(table.recording.session.state.scores)
        app.record_from_phone(1, "A", lan=False)
        url = ""
        for _ in range(200):
            page = app.table_pages.running(1)
            url = page.recorder_url or "" if page is not None else ""
            if url.startswith("http"):
                break
            await pilot.pause(0.1)
        steps = [
            {"do": "start", "round": 1},
            {"do": "tap", "after": 1, "words": ["showdown", "B"]},
            {"do": "save", "reason": "B won round 1"},
        ]
        for number, step in enumerate(steps):
            body = {"id": f"correct-{number:04d}", **step}
            status, answer = await asyncio.to_thread(post, url + "correct", body)
            assert status == 200 and answer["ok"], answer
            await pilot.pause()
        assert answer["recorded"] and answer["seq"] == 6
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        assert app.screen is table
        session = table.recording.session  # the app's own session has the correction
        assert session.events[-1].kind == "correct"
        assert session.state.scores != before
        message = str(table.query_one("#message", Static).render())
        assert "round 1 corrected (B won round 1)" in message
        app.table_pages.stop_all()
    stored = load_session(store, 1)
    assert stored.state.scores == session.state.scores
    assert [e.kind for e in stored.events].count("correct") == 1


async def test_after_a_hand_over_the_link_is_made_for_the_new_recorder(tmp_path):
    """The phone does not hand the book over (its link records as the player it was made
    for); after **h** in the app, *Record from a phone* makes the new recorder's link, and
    the old one stops (it had kept recording as the old recorder)."""
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())

    async def link_for(pilot, name: str) -> str:
        app.record_from_phone(1, name, lan=False)
        for _ in range(200):
            await pilot.pause(0.1)
            page = app.table_pages.running(1)
            shown = str(app.screen.query_one("#table-page-url", Static).render())
            if page is not None and page.recorder == name and shown.startswith("http"):
                return shown
        raise AssertionError(f"no link for {name}")

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        old = await link_for(pilot, "A")
        note = str(app.screen.query_one("#table-page-note", Static).render())
        assert "can record" in note and "watch" not in note  # not the viewers' words
        await type_burst(pilot, ["escape"])
        new = await link_for(pilot, "B")
        assert new != old
        body = {"id": "tap-after-hand-over", "after": 0, "words": ["round"]}
        status, _ = await asyncio.to_thread(post, old + "entry", body)
        assert status in (0, 403)  # the old link is gone
        status, answer = await asyncio.to_thread(post, new + "entry", body)
        assert status == 200 and answer["recorded"], answer
        await type_burst(pilot, ["escape"])
        app.table_pages.stop_all()
    events = load_session(store, 1).events
    # A hands the book to B (recorded by A, who held it), then B records
    assert [(e.kind, e.recorder) for e in events] == [("recorder", "A"), ("round", "B")]
