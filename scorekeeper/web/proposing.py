"""Players' proposals on the page server (issue 46): ``POST propose`` on a seated player's
own link; ``POST confirm``, ``POST refuse`` and ``POST revoke`` on the recorder's.

A proposal is checked by the rules as a dry run, in a worker thread holding the feed's
lock (services/proposals.py), and waits in memory, in the order proposals came, until
the recorder confirms it: it is then handed to the recorder's desk (web/links.py Desk:
the session's lock, or the app) as an ordinary tap carrying who proposed it, so it is
recorded exactly as the recorder's own tap would be, checked by the rules at that
moment. With the session's switch on (``proposals auto``) it is confirmed at once. Every
change of the queue is pushed on the streams at once (Feed.queue_changed).
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import replace
from datetime import UTC, datetime

from aiohttp import web

from scorekeeper.messages import UserError, t
from scorekeeper.services.proposals import Proposal, read_words
from scorekeeper.web.answers import choose_language, refused
from scorekeeper.web.desk import JournalDesk
from scorekeeper.web.feed import FEED
from scorekeeper.web.guard import posted_json
from scorekeeper.web.links import SETTINGS, for_player
from scorekeeper.web.taps import TAPS, kept_or_too_fast

#: Proposals one player's link may send in any one second: more is no person tapping.
PROPOSALS_PER_SECOND = 5


class Rates:
    """Each player's proposals in the last second (the rate of issue 44, per link)."""

    def __init__(self) -> None:
        self.times: dict[str, deque[float]] = {}

    def too_fast(self, player: str, now: float) -> bool:
        """One proposal more of *player* at *now* would pass the rate (then not counted)."""
        times = self.times.setdefault(player, deque())
        while times and now - times[0] >= 1.0:
            times.popleft()
        if len(times) >= PROPOSALS_PER_SECOND:
            return True
        times.append(now)
        return False


RATES = web.AppKey("proposal_rates", Rates)


def add_proposal_routes(app: web.Application) -> None:
    """The proposals' routes (the guard lets each through only on its own link)."""
    app[RATES] = Rates()
    app.router.add_post("/{token}/propose", post_propose)
    app.router.add_post("/{token}/confirm", post_confirm)
    app.router.add_post("/{token}/refuse", post_refuse)
    app.router.add_post("/{token}/revoke", post_revoke)


async def post_propose(request: web.Request) -> web.StreamResponse:
    """``POST propose {id, after, words, session}``: one proposal of the player whose link
    it came in on (never another's: the link names them), queued, or refused in words."""
    settings, feed = request.app[SETTINGS], request.app[FEED]
    player = for_player(request)
    assert player is not None  # the guard let only a player's own link through
    lang = choose_language(request, settings.lang)
    body = await posted_json(request, lang)
    if isinstance(body, web.Response):
        return body
    try:
        key, words, after, sid = read_words(body)
    except UserError as error:
        return refused(request, 400, error.message(lang))
    before = feed.proposals.sent_before(player, key)
    if before is not None:  # the same tap sent again: answered, nothing queued twice
        return _said(t("phone.proposal.sent", lang, what=before.what(lang)), before, feed.count)
    if request.app[RATES].too_fast(player, settings.clock()):
        refusal = refused(request, 429, t("phone.too_fast", lang, limit=PROPOSALS_PER_SECOND))
        refusal.headers["Retry-After"] = "1"
        return refusal
    now = feed.followed.id
    if sid is not None and sid != now:
        return refused(request, 409, t("phone.other_session", lang, made=sid, now=now))

    def checked() -> Proposal:  # the rules read the session as no thread changes it
        with feed.lock:
            session = feed.followed.session
            at = datetime.now(UTC).replace(microsecond=0)
            return feed.proposals.propose(session, player, words, after, at, lang, key)

    try:
        proposal = await asyncio.get_running_loop().run_in_executor(None, checked)
    except UserError as error:
        return refused(request, 422, error.message(lang))
    feed.queue_changed()
    if feed.auto_confirm:  # the session's switch: confirmed as soon as the rules accept it
        await confirm(request.app, proposal.id, lang)
    return _said(t("phone.proposal.sent", lang, what=proposal.what(lang)), proposal, feed.count)


def _said(text: str, proposal: Proposal, count: int) -> web.Response:
    return web.json_response(
        {"recorded": False, "ok": True, "text": text, "id": proposal.id, "entries": count}
    )


async def confirm(
    app: web.Application, proposal_id: str, lang: str, *, from_app: bool = False
) -> tuple[int, dict[str, object]]:
    """Hand proposal *proposal_id* to the recorder's desk as an ordinary tap (one at a
    time with the recorder's own taps); its player told what came of it. The status and
    the answer for the recorder's page (in *lang*). *from_app*: the app's own Enter (its
    ``confirm`` word): the tap says so, and the app records it as its own key would."""
    feed, taps, link = app[FEED], app[TAPS], app[SETTINGS].recorder
    if link is None:
        return 409, {"recorded": False, "text": t("phone.proposal.gone", lang)}
    async with taps.lock:
        try:
            proposal = feed.proposals.take(proposal_id)
        except UserError as error:  # answered already: whoever shows the queue is told again
            feed.queue_changed()
            return 409, {"recorded": False, "text": error.message(lang)}
        tap = replace(proposal.tap(), session=feed.followed.id, from_app=from_app)
        answer = await link.desk(tap, lang)
    if answer.recorded:
        feed.proposals.tell(proposal, "confirmed")
        feed.poke()
    elif not answer.final:  # the app or the disk did not answer: it waits again
        feed.proposals.put_back(proposal)
    elif answer.status == 409:  # the table moved on: never confirmed against another
        feed.proposals.tell(proposal, "withdrawn")
    else:  # the rules refused it as the table is now: their words, in the player's language
        said = answer.text_in(proposal.lang) or (answer.text if lang == proposal.lang else "")
        feed.proposals.tell(proposal, "refused", f" ({said})" if said else "")
    feed.queue_changed()
    return answer.status, answer.as_json()


def _proposal_id(body: object) -> str | None:
    value = body.get("id") if isinstance(body, dict) else None
    ok = isinstance(value, str) and 1 <= len(value) <= 64 and value.isascii()
    return value if ok else None


async def _posted_id(request: web.Request) -> tuple[str, str] | web.Response:
    """The language of the answer and the proposal's id a recorder's post names, or the
    answer that refuses it (not JSON, too long, no id of the right shape)."""
    lang = choose_language(request, request.app[SETTINGS].lang)
    body = await posted_json(request, lang)
    if isinstance(body, web.Response):
        return body
    proposal_id = _proposal_id(body)
    if proposal_id is None:
        return refused(request, 400, t("phone.bad_tap", lang))
    return lang, proposal_id


async def post_confirm(request: web.Request) -> web.StreamResponse:
    """``POST confirm {id}`` (the recorder's link): the proposal recorded, as above."""
    posted = await _posted_id(request)
    if isinstance(posted, web.Response):
        return posted
    lang, proposal_id = posted
    early = kept_or_too_fast(request, f"confirm-{proposal_id}", lang)
    if early is not None:
        return early
    status, said = await confirm(request.app, proposal_id, lang)
    if said.get("recorded"):  # the same confirm sent again: the same answer
        request.app[TAPS].keep(f"confirm-{proposal_id}", status, said)
    return web.json_response(said, status=status)


async def post_refuse(request: web.Request) -> web.StreamResponse:
    """``POST refuse {id}`` (the recorder's link): out of the queue, its player told."""
    posted = await _posted_id(request)
    if isinstance(posted, web.Response):
        return posted
    lang, proposal_id = posted
    try:
        refuse(request.app, proposal_id)
    except UserError as error:
        return refused(request, 409, error.message(lang))
    return web.json_response({"recorded": False, "ok": True, "text": ""})


def refuse(app: web.Application, proposal_id: str) -> Proposal:
    """Proposal *proposal_id* refused by the recorder (a UserError when none waits)."""
    feed = app[FEED]
    proposal = feed.proposals.take(proposal_id)
    feed.proposals.tell(proposal, "refused")
    feed.queue_changed()
    return proposal


async def post_revoke(request: web.Request) -> web.StreamResponse:
    """``POST revoke {name, id}`` (the recorder's link, its page's Revoke): that player's
    link refused from now on (a lost phone), their proposals withdrawn; a new link made
    for the seated name, handed from the app or the terminal (the answer says where),
    never to a phone. The same request sent again (its *id*) gets the same answer."""
    feed, settings = request.app[FEED], request.app[SETTINGS]
    lang = choose_language(request, settings.lang)
    body = await posted_json(request, lang)
    if isinstance(body, web.Response):
        return body
    name = body.get("name") if isinstance(body, dict) else None
    if not isinstance(name, str) or not 0 < len(name) <= 80:
        return refused(request, 400, t("phone.bad_tap", lang))
    sent = _proposal_id(body)  # the page's own id of this tap, when it says one
    kept = f"revoke-{sent}" if sent is not None else None
    early = kept_or_too_fast(request, kept, lang) if kept is not None else None
    if early is not None:
        return early
    if not settings.revoke(name):  # as server.revoke_player says it (no cycle of imports)
        names = ", ".join(sorted(settings.players)) or "-"
        text = t("phone.player.no_link", lang, name=name, players=names)
        return refused(request, 422, text)
    if feed.proposals.withdraw_player(name):
        feed.queue_changed()
    else:
        feed.push()  # the recorder's list of links
    link = settings.recorder
    where = "app" if link is not None and not isinstance(link.desk, JournalDesk) else "terminal"
    said = {"recorded": False, "ok": True, "text": t(f"phone.player.revoked_{where}", lang,
                                                      name=name)}  # fmt: skip
    if kept is not None:
        request.app[TAPS].keep(kept, 200, said)
    return web.json_response(said)


def tell_desk(app: web.Application) -> None:
    """The queue changed: the recorder's desk is told, when it listens (the app's desk
    writes a ``PROPOSALS`` line: cli/serve.py). In the server's loop."""
    link = app[SETTINGS].recorder
    listening = getattr(link.desk, "proposals_changed", None) if link is not None else None
    if callable(listening):
        listening(app[FEED].proposals.for_app())
