"""The recorder's taps posted from a phone: ``POST entry`` (one entry), ``POST correct``
(a past round played again in memory here, then one ``correct`` entry), and what the
recorder's page reads for a correction (``correction.json``, ``rounds.json``).

Each tap carries an id, answered once (the same tap sent again gets the same answer);
they go one at a time, at most :data:`TAPS_PER_SECOND` a second (more is no person
tapping), to the recorder's desk (web/links.py Desk), which records it through the
recording service (services/phone.py). A tap made on another session's table (the page
followed the app since) is refused; nothing is written for any refusal.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from dataclasses import replace

from aiohttp import web

from scorekeeper.export.live import live_view
from scorekeeper.export.live_stakes import whole_number
from scorekeeper.messages import UserError, t
from scorekeeper.services.phone import read_tap, round_lines
from scorekeeper.services.phone_correcting import PhoneCorrection, start_correction
from scorekeeper.web.answers import choose_language, plain, refused
from scorekeeper.web.feed import FEED
from scorekeeper.web.guard import posted_json
from scorekeeper.web.links import SETTINGS, for_recorder

#: Entries the recorder's link takes in any one second: more is no person tapping.
TAPS_PER_SECOND = 10
#: Answers to taps kept by id, for a tap sent again (a double tap, a retried request).
TAPS_KEPT = 512


class Taps:
    """The recorder's taps: one at a time, at most TAPS_PER_SECOND a second, the answer
    to each id kept for when the same tap comes again, and the correction in progress."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.answers: OrderedDict[str, tuple[int, dict[str, object]]] = OrderedDict()
        self.times: deque[float] = deque()
        #: The past round being played again on the recorder's page (services/
        #: phone_correcting.py): here, in memory, never in the page; None when none is.
        self.correction: PhoneCorrection | None = None

    def too_fast(self, now: float) -> bool:
        """One tap more at *now* would pass the rate (then it is not counted)."""
        while self.times and now - self.times[0] >= 1.0:
            self.times.popleft()
        if len(self.times) >= TAPS_PER_SECOND:
            return True
        self.times.append(now)
        return False

    def keep(self, tap_id: str, status: int, body: dict[str, object]) -> None:
        """The final answer to *tap_id*, for the same tap sent again (the oldest go)."""
        self.answers[tap_id] = (status, body)
        while len(self.answers) > TAPS_KEPT:
            self.answers.popitem(last=False)


TAPS = web.AppKey("taps", Taps)


async def post_entry(request: web.Request) -> web.StreamResponse:
    """One tap of the recorder's page: read, counted against the rate, answered from
    memory when its id was seen, else handed to the desk (one tap at a time)."""
    settings, feed, taps = request.app[SETTINGS], request.app[FEED], request.app[TAPS]
    link = settings.recorder
    assert link is not None  # the guard let only the recorder's token through
    lang = choose_language(request, settings.lang)
    body = await posted_json(request, lang)
    if isinstance(body, web.Response):
        return body
    try:
        tap = read_tap(body)
    except UserError as error:
        return refused(request, 400, error.message(lang))
    early = kept_or_too_fast(request, tap.id, lang)
    if early is not None:
        return early
    # a tap made on another session's table (the page followed the app since): refused
    now = feed.followed.id
    if tap.session is not None and tap.session != now:
        return refused(request, 409, t("phone.other_session", lang, made=tap.session, now=now))
    tap = replace(tap, session=now)
    async with taps.lock:
        kept = taps.answers.get(tap.id)  # the same tap, sent while the first was recorded
        if kept is not None:
            return web.json_response(kept[1], status=kept[0])
        answer = await link.desk(tap, lang)
        body = answer.as_json()
        if answer.final:  # an answer of the rules or of the journal
            taps.keep(tap.id, answer.status, body)
    if answer.recorded:
        feed.poke()
    return web.json_response(body, status=answer.status)


def kept_or_too_fast(request: web.Request, tap_id: str, lang: str) -> web.Response | None:
    """The answer already given to *tap_id*, or the refusal of one tap too many this
    second; None to go on."""
    settings, taps = request.app[SETTINGS], request.app[TAPS]
    kept = taps.answers.get(tap_id)
    if kept is not None:
        return web.json_response(kept[1], status=kept[0])
    if taps.too_fast(settings.clock()):
        refusal = refused(request, 429, t("phone.too_fast", lang, limit=TAPS_PER_SECOND))
        refusal.headers["Retry-After"] = "1"
        return refusal
    return None


def _correction_view(request: web.Request, lang: str) -> dict[str, object] | None:
    """The round being played again as the page draws a table (its buttons, its count of
    entries, what to do now), or None when no round is being corrected."""
    feed, correction = request.app[FEED], request.app[TAPS].correction
    if correction is None:
        return None
    view = live_view(correction.session, feed.followed.id, lang)
    view["problem"], view["version"] = "", feed.version
    view["actions"] = correction.actions(lang)
    view["after"] = correction.entries
    view["correction"] = correction.describe(lang)
    return view


async def correction_json(request: web.Request) -> web.StreamResponse:
    """``GET correction.json``: the round being played again (a reloaded page goes on)."""
    if not for_recorder(request):
        raise web.HTTPNotFound()  # said as any path we do not have (the guard: 403)
    lang = choose_language(request, request.app[SETTINGS].lang)
    return web.json_response({"correction": _correction_view(request, lang)})


async def rounds_json(request: web.Request) -> web.StreamResponse:
    """``GET rounds.json``: the finished rounds to pick one to correct, newest first, a page
    at a time (``before``: the oldest round the page lists already), read when the
    recorder opens the list, in a worker thread, never with every table the page is sent."""
    if not for_recorder(request):
        raise web.HTTPNotFound()  # said as any path we do not have (the guard: 403)
    feed = request.app[FEED]
    lang = choose_language(request, request.app[SETTINGS].lang)
    try:  # ASCII digits only: Python reads "²" and "١٢" as digits, int() only the second
        before = whole_number(request.query.get("before"), "round_number")
    except UserError as error:
        return plain(400, error.message(lang))

    def lines() -> dict[str, object]:
        with feed.lock:
            return round_lines(feed.followed.session.state, lang, before)

    said = await asyncio.get_running_loop().run_in_executor(None, lines)
    return web.json_response(said)


async def post_correct(request: web.Request) -> web.StreamResponse:
    """``POST correct``: begin correcting round N, one entry of it played again, leave it,
    or save it with a reason (then one ``correct`` entry goes to the desk, as a tap does).
    Each carries an id, answered once; one at a time with the taps."""
    settings, taps = request.app[SETTINGS], request.app[TAPS]
    lang = choose_language(request, settings.lang)
    body = await posted_json(request, lang)
    if isinstance(body, web.Response):
        return body
    what = body.get("do") if isinstance(body, dict) else None
    tap_id = body.get("id") if isinstance(body, dict) else None
    if what not in ("start", "tap", "cancel", "save") or not isinstance(tap_id, str):
        return refused(request, 400, t("phone.bad_tap", lang))
    if not 8 <= len(tap_id) <= 64 or not tap_id.isascii():
        return refused(request, 400, t("phone.bad_tap", lang))
    assert isinstance(body, dict)
    early = kept_or_too_fast(request, tap_id, lang)
    if early is not None:
        return early
    async with taps.lock:
        kept = taps.answers.get(tap_id)  # the same tap, sent while the first was answered
        if kept is not None:
            return web.json_response(kept[1], status=kept[0])
        status, said, final = await _corrected(request, str(what), tap_id, body, lang)
        said.setdefault("recorded", False)  # only the saved correction is in the journal
        said["correction"] = _correction_view(request, lang)
        if final:
            taps.keep(tap_id, status, said)
    return web.json_response(said, status=status)


async def _corrected(
    request: web.Request, what: str, tap_id: str, body: dict[str, object], lang: str
) -> tuple[int, dict[str, object], bool]:
    """One step of a correction (the taps' lock held): its status, its answer, and whether
    the same id sent again gets the same answer."""
    link, feed, taps = request.app[SETTINGS].recorder, request.app[FEED], request.app[TAPS]
    assert link is not None
    loop = asyncio.get_running_loop()
    correction = taps.correction
    if correction is not None and correction.sid != feed.followed.id:  # the page moved on
        taps.correction = None
        now = feed.followed.id
        return 409, {"ok": False, "text": t("phone.other_session", lang, made=correction.sid,
                                             now=now)}, True  # fmt: skip
    if what == "start":
        number = body.get("round")
        if type(number) is not int:
            return 400, {"ok": False, "text": t("phone.bad_tap", lang)}, True
        followed = feed.followed
        try:
            taps.correction = await loop.run_in_executor(
                None, start_correction, followed.store, followed.id, number
            )
        except UserError as error:
            return 422, {"ok": False, "text": error.message(lang)}, True
        return 200, {"ok": True, "text": t("phone.correct.title", lang, round=number)}, True
    if correction is None:
        return 409, {"ok": False, "text": t("phone.correct.none", lang)}, True
    if what == "cancel":
        taps.correction = None
        left = t("phone.correct.left", lang, round=correction.number)
        return 200, {"ok": True, "text": left}, True
    if what == "tap":
        try:
            tap = read_tap(body)
        except UserError as error:
            return 400, {"ok": False, "text": error.message(lang)}, True
        answer = await loop.run_in_executor(None, correction.tap, tap, lang)
        return answer.status, {"ok": answer.recorded, **answer.as_json(), "recorded": False}, True
    reason = body.get("reason")
    try:
        tap = correction.correction_tap(tap_id, reason if isinstance(reason, str) else "")
    except UserError as error:
        return 422, {"ok": False, "text": error.message(lang)}, True
    answer = await link.desk(tap, lang)
    if answer.recorded:
        taps.correction = None
        feed.poke()
    return answer.status, {"ok": answer.recorded, **answer.as_json()}, answer.final
