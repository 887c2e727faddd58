"""The page server's guard: who may ask what, checked before any route runs.

Every request must name the address it was sent to (``Host``: another name, as a DNS
rebinding page sends, is refused with 421), carry each site header (Origin,
Sec-Fetch-Site) at most once, and start with one of the tokens (web/links.py;
without one the answer is 403 whatever the path). The viewers' token only reads; the
recorder's posts to its two writing routes only; a seated player's own token reads
what the viewers' does (PLAYER_ROUTES), and a player who left has no token. The routes
with the session's data, and every post, refuse what another site's page asks (a
``Sec-Fetch-Site`` other than ``same-origin`` or ``none``, even ``same-site``; an Origin
not the server's own). A fault
of a route is said in one line on standard error and answered in the page's words.
A posted body has its limits here too (:func:`posted_json`: JSON, at most
MAX_TAP_BYTES, within connections.BODY_SECONDS); the connections' own limits (time for
the headers, caps per address and in all) are web/connections.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
from collections.abc import Awaitable, Callable

from aiohttp import web

from scorekeeper.messages import UserError, t
from scorekeeper.services.phone import MAX_TAP_BYTES
from scorekeeper.web.answers import (
    REQUEST_LOG,
    choose_language,
    error_text,
    plain,
    refused,
    secure,
    short,
)
from scorekeeper.web.connections import BODY_SECONDS
from scorekeeper.web.links import SETTINGS, same_token

#: A route's handler, as the guard hands it a request it let through.
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _served_hosts(request: web.Request) -> frozenset[str]:
    """The ``Host`` values this server answers for: the address and port the connection
    came in on (the one address it listens on: never 0.0.0.0, see lan.py), without the
    port when it is 80, and ``localhost`` when that address is the loopback."""
    where = request.transport.get_extra_info("sockname") if request.transport else None
    if not where:
        return frozenset()
    address, port = str(where[0]), int(where[1])
    names = [f"[{address}]" if ":" in address else address]
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(address).is_loopback:
            names.append("localhost")
    hosts = {f"{name}:{port}".lower() for name in names}
    if port == 80:
        hosts.update(name.lower() for name in names)
    return frozenset(hosts)


def _wrong_host(request: web.Request) -> bool:
    """A request for another name than the address it was sent to: a page of another
    site whose name was made to point here (DNS rebinding), or no ``Host`` at all."""
    given = request.headers.getall("Host", [])
    return len(given) != 1 or given[0].strip().lower() not in _served_hosts(request)


#: The routes that answer with the session's data (never to another site's page).
DATA_ROUTES = ("events", "state.json", "last.json", "correction.json", "rounds.json", "stakes.json")
#: The recorder's writing routes: one entry, a correction of a past round, and the
#: players' proposals (issue 46): confirm one, refuse one, revoke a player's link.
WRITING_ROUTES = ("entry", "correct", "confirm", "refuse", "revoke")
#: What a player's own link may ask (issue 46): the page and the table as the viewers'
#: link shows it; nothing of the recorder's; and its one writing route, a proposal.
PLAYER_ROUTES = ("", "events", "state.json", "last.json", "stakes.json")
PLAYER_WRITING = "propose"
#: Headers that decide whether a request comes from another site: one of each at most.
_ONCE = ("Origin", "Sec-Fetch-Site")


def _doubled(request: web.Request) -> str | None:
    """The first of :data:`_ONCE` that the request carries more than once."""
    return next((name for name in _ONCE if len(request.headers.getall(name, [])) > 1), None)


def _from_elsewhere(request: web.Request) -> bool:
    """A request another site's page made (the page may be opened from a link anywhere;
    its data only by the page itself)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and origin != f"{request.scheme}://{request.host}"


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Its own address, each site header once, the token, then only reading; the same
    safety headers on every answer."""
    settings = request.app[SETTINGS]
    lang = choose_language(request, settings.lang)
    first, _, rest = request.path.lstrip("/").partition("/")
    doubled = _doubled(request)
    link = settings.recorder
    recorder = link is not None and same_token(first, link.token)
    player = None if recorder else settings.player_at(first)
    reading = request.method in ("GET", "HEAD")
    if _wrong_host(request):
        response: web.StreamResponse = refused(request, 421, t("web.wrong_host", lang))
    elif doubled is not None:
        response = refused(request, 403, t("web.doubled_header", lang, header=doubled))
    elif not recorder and player is None and not same_token(first, settings.token):
        response = refused(request, 403, t("web.forbidden", lang))
    elif player is not None and not (
        (reading and rest in PLAYER_ROUTES) or (request.method == "POST" and rest == PLAYER_WRITING)
    ):
        # the recorder's routes (its entries, corrections, confirming, the rounds to
        # correct) and every other post: refused in words
        response = refused(request, 403, t("phone.player.cannot", lang, name=player))
    elif not recorder and player is None and request.method == "POST":
        response = refused(request, 403, t("phone.viewer_cannot_write", lang))
    elif not recorder and not reading and player is None:
        response = plain(405, t("web.read_only", lang))
    elif recorder and not reading and (request.method != "POST" or rest not in WRITING_ROUTES):
        response = refused(request, 405, t("phone.post_only", lang))
    elif (rest in DATA_ROUTES or not reading) and _from_elsewhere(request):
        response = refused(request, 403, t("web.cross_origin", lang))
    else:
        try:
            response = await handler(request)
        except web.HTTPException as error:  # aiohttp's own answer (a redirect is kept)
            if error.status < 400:
                raise
            if error.status == 404:  # a path we do not have: no word on what exists
                response = plain(403, t("web.forbidden", lang))
            else:  # in the page's language, never aiohttp's words
                response = refused(request, error.status, error_text(error.status, lang))
        except Exception:  # a fault of ours: said in one line, answered in words
            REQUEST_LOG.exception("%s %s", request.method, short(request.path, 60))
            response = refused(request, 500, error_text(500, lang))
    if not response.prepared:
        secure(response)
    return response


async def posted_json(request: web.Request, lang: str) -> object:
    """The JSON a tap posted, or the refusal to answer with (not JSON, too long)."""
    if request.content_type != "application/json":
        return refused(request, 415, t("phone.needs_json", lang))
    if request.content_length is not None and request.content_length > MAX_TAP_BYTES:
        return refused(request, 413, t("phone.bad_tap", lang))
    try:
        async with asyncio.timeout(BODY_SECONDS):  # half a body, then nothing: dropped
            raw = b""
            while len(raw) <= MAX_TAP_BYTES:
                chunk = await request.content.read(MAX_TAP_BYTES + 1 - len(raw))
                if not chunk:
                    break
                raw += chunk
    except TimeoutError:
        refusal = refused(request, 408, error_text(408, lang))
        refusal.force_close()
        return refusal
    try:
        if len(raw) > MAX_TAP_BYTES:
            raise UserError("phone.bad_tap")
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError, UserError):  # [[[[… nested deep
        return refused(request, 400, t("phone.bad_tap", lang))
