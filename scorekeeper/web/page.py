"""The page itself: one HTML file with its style and script inline, and the policy that
lets the browser run exactly those and nothing else (hashes, not 'unsafe-inline')."""

from __future__ import annotations

import base64
import hashlib
import json
from functools import cache
from html import escape
from importlib.resources import files
from typing import Final

from scorekeeper.export.live_stakes import stake_list_words
from scorekeeper.messages import LANGUAGES, t
from scorekeeper.services.phone import phone_words
from scorekeeper.services.proposals import proposal_words

#: How long the page waits without a word from the server before it connects again. The
#: server sends a keep-alive line more often than this (server.KEEP_ALIVE).
SILENCE_MS = 40_000


def _asset(name: str) -> str:
    return files("scorekeeper.web").joinpath(name).read_text(encoding="utf-8")


#: The page's script, in the order it runs: one file per thing it does, so that each
#: reads on its own, joined into the one inline script the page serves (and the policy
#: allows by its hash). Parts 3 to 6 are the recorder's desk, one function split in four
#: (a player's own page uses it too: its offers, proposed instead of recorded).
SCRIPT_PARTS: Final = (
    "page_table.js",  # opens the page's function: drawing the table, the last result
    "page_stakes.js",  # the stake list, whole or by round
    "page_recorder.js",  # the recorder's desk: its buttons and forms
    "page_recorder_words.js",  # the names and picks a form takes, the words it sends
    "page_proposals.js",  # players' proposals: the recorder's queue, a player's word
    "page_recorder_send.js",  # a tap sent once, the round played again
    "page_stream.js",  # the event stream and reconnecting; closes the page's function
)


@cache
def page_script() -> str:
    """The page's one script, its parts joined (SCRIPT_PARTS)."""
    return "".join(_asset(name) for name in SCRIPT_PARTS)


def _digest(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


@cache
def content_security_policy() -> str:
    """Only the page's own style and script, data only from its own address, no frames."""
    style = _asset("page.css")
    return "; ".join(
        [
            "default-src 'none'",
            f"style-src 'sha256-{_digest(style)}'",
            f"script-src 'sha256-{_digest(page_script())}'",
            "connect-src 'self'",
            "img-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


def _json_for_html(value: object) -> str:
    """JSON that cannot end the script element it sits in."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _act_title(player: str | None) -> str:
    """The heading of the buttons: the recorder records; a player proposes (issue 46)."""
    return "phone.page.entries_title" if player is None else "phone.player.move_title"


@cache
def page_html(
    lang: str,
    sid: int,
    recorder: str | None = None,
    player: str | None = None,
) -> str:
    """The page in *lang* before any data: its frame, and the words the script needs.
    *recorder*: the recorder's page (who records on it), with its buttons. *player*: a
    seated player's own page (issue 46): the viewers' table, who they are, and what they
    may propose to the recorder (named by each document: the link may be renewed)."""
    other = next(code for code in LANGUAGES if code != lang)
    config: dict[str, object] = {
        "lang": lang,
        "none_yet": t("web.none_yet", lang),
        "live": t("web.status.live", lang, time="{time}"),
        "reconnecting": t("web.status.reconnecting", lang),
        "expired": t("web.status.expired", lang),
        "silence_ms": SILENCE_MS,
        "recorder": recorder,
        "player": player,
        "last_result": t("web.last_result", lang),
        "back_to_table": t("web.back_to_table", lang),
        "showing_last": t("web.showing_last", lang),
        "stakes": stake_list_words(lang),
    }
    if recorder is not None or player is not None:
        words = {**phone_words(lang), **proposal_words(lang)}
        if player is not None:  # a player proposes, never records: their own empty word
            words["nothing_now"] = t("phone.player.nothing_now", lang)
        config["phone"] = words
    if recorder is not None:
        config["as_recorder"] = t("phone.page.viewer_link", lang, name=recorder)
        # the players' links, each revoked by a tap (asked once): "{name}" put in by the page
        parts = ("title", "open", "closed", "revoke", "ask_revoke")
        config["links"] = {w: t(f"phone.player.page.{w}", lang, name="{name}") for w in parts}
    if player is not None:
        # "{name}": the recorder the document names now (``"confirmer"``), put in by the page
        config["waiting_for"] = t("phone.proposal.waiting_for", lang, name="{name}")
        config["you_are"] = t("phone.player.you_are", lang, name=player)
        config["expired"] = t("phone.player.expired", lang)  # revoked, or left the table
    title = t("display.title", lang, session=sid)
    swaps = {
        "@@LANG@@": lang,
        "@@OTHER_LANG@@": other,
        "@@OTHER_LANG_NAME@@": escape(t("web.other_language", lang)),
        "@@TITLE@@": escape(title),
        "@@CONNECTING@@": escape(t("web.status.connecting", lang)),
        "@@NOSCRIPT@@": escape(t("web.page_needs_script", lang)),
        "@@ACT_TITLE@@": escape(t(_act_title(player), lang)),
        "@@CONFIG@@": _json_for_html(config),
        "@@STYLE@@": _asset("page.css"),
        "@@SCRIPT@@": page_script(),
    }
    html = _asset("page.html")
    for mark, value in swaps.items():
        html = html.replace(mark, value)
    return html
