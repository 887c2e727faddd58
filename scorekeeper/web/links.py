"""The page server's links and what it was started with: the viewers' token, the
recorder's link (its own token, who records, and the desk that records a tap), each
seated player's own link (issue 46: a token that acts as that player only), the
language, the cap on viewers. The guard (web/guard.py) lets a request through only on
one of these tokens; the routes ask :func:`for_recorder` and :func:`for_player` which
one it came in on."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from aiohttp import web

from scorekeeper.services.phone import Answer, Tap

#: What records a tap: services/phone.py with the session's lock (web/desk.py), or the
#: app that has the session open (cli/serve.py hands it the tap and waits for its answer).
Desk = Callable[[Tap, str], Awaitable[Answer]]


@dataclass(frozen=True)
class RecorderLink:
    """The recorder's link: its own token, who records through it, and what records."""

    token: str
    name: str
    desk: Desk


@dataclass(frozen=True)
class PlayerLink:
    """A seated player's own link: its token, and the one name it acts as."""

    token: str
    name: str


@dataclass
class Settings:
    """What the server was started with; the recorder's link may be added or renewed
    while it runs, and the language changed (the app's F2), in the server's loop."""

    token: str
    lang: str  # for a browser that asks for neither language
    max_viewers: int
    recorder: RecorderLink | None = None
    clock: Callable[[], float] = time.monotonic  # for the rate of taps
    #: Each seated player's link, by name (none until asked for: ``--players``, the app's
    #: word); kept across the sessions followed, topped up and cut as the seats change.
    players: dict[str, PlayerLink] = field(default_factory=dict)
    #: The players' links are made (for every seated player, and each who joins).
    player_links: bool = False
    #: Who is seated in the session shown now: only their links are let through.
    seated: frozenset[str] = frozenset()
    #: Told of each player's link made after the first ones (a revoke's new one, a player
    #: who joined): ``display --serve`` alone prints it, ``NAME: URL``, where it runs.
    on_new_link: Callable[[PlayerLink], None] | None = None

    def fresh_token(self, *also: PlayerLink) -> str:
        """A new token, none of those in use nor *also*'s (128 bits each: never, but never
        is checked)."""
        used = [self.token, *(link.token for link in (*self.players.values(), *also))]
        used += [self.recorder.token] if self.recorder is not None else []
        token = new_token()
        while any(same_token(token, one) for one in used):
            token = new_token()
        return token

    def seat(self, seated: tuple[str, ...] | frozenset[str]) -> None:
        """The session shown now seats *seated*: a link for each seated player who has
        none (with the links on), none for one who is not (they left: a link made for
        them later is a new token). In the server's loop."""
        self.seated = frozenset(seated)
        if not self.player_links:
            return
        kept = {name: link for name, link in self.players.items() if name in self.seated}
        made = []
        for name in sorted(self.seated - kept.keys()):
            kept[name] = PlayerLink(self.fresh_token(*kept.values()), name)
            made.append(kept[name])
        self.players = kept
        if self.on_new_link is not None:
            for link in made:
                self.on_new_link(link)

    def make_player_links(self) -> list[PlayerLink]:
        """Every seated player's link from now on (made once per name); the links."""
        self.player_links = True
        self.seat(self.seated)
        return self.player_list()

    def player_list(self) -> list[PlayerLink]:
        """The players' links in the order of their names."""
        return [self.players[name] for name in sorted(self.players)]

    def revoke(self, name: str) -> bool:
        """*name*'s link is gone at once (its requests refused, its stream closed, a lost
        phone shut out); the seated name gets a new link, a new token, at once.
        False: *name* has no link."""
        if name not in self.players:
            return False
        self.players = {kept: link for kept, link in self.players.items() if kept != name}
        self.seat(self.seated)  # still seated: a new link, for the phone they are handed
        return True

    def link_states(self, streams: Mapping[str, int]) -> list[dict[str, object]]:
        """The recorder's page's list of the players' links, by name: whether a phone has
        the link open now (*streams*: open streams by name). Never a token nor an address:
        a new code is handed from the app or the terminal, never from a phone."""
        return [{"name": link.name, "open": streams.get(link.name, 0) > 0}
                for link in self.player_list()]  # fmt: skip

    def player_at(self, first: str) -> str | None:
        """The seated player whose token *first* is, if any (every token compared, in
        constant time each)."""
        found = None
        for link in list(self.players.values()):
            if same_token(first, link.token) and link.name in self.seated:
                found = link.name
        return found


SETTINGS = web.AppKey("settings", Settings)


def new_token() -> str:
    """A fresh random token for one run of the server (128 bits)."""
    return secrets.token_urlsafe(16)


def same_token(given: str, token: str) -> bool:
    """*given* is *token*, compared in constant time (no timing tells a prefix)."""
    return secrets.compare_digest(given.encode(), token.encode())


def for_recorder(request: web.Request) -> bool:
    """The request came in on the recorder's token (the guard let nothing else through)."""
    link = request.app[SETTINGS].recorder
    first = request.path.lstrip("/").partition("/")[0]
    return link is not None and same_token(first, link.token)


def for_player(request: web.Request) -> str | None:
    """The seated player whose own link the request came in on, or None."""
    first = request.path.lstrip("/").partition("/")[0]
    return request.app[SETTINGS].player_at(first)
