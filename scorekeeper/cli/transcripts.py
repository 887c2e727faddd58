"""Reading a transcript file and printing standings: ``replay`` on its own, so that it
loads the rules and nothing of the store, the exports or the recording service."""

from __future__ import annotations

import os
import sys

from scorekeeper.cli.errors import fail, with_valid_now
from scorekeeper.cli.leaving import keep
from scorekeeper.cli.progress_bar import progress_bar
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import (
    MAX_TRANSCRIPT_BYTES,
    TranscriptError,
    decode,
    lines_about,
    looks_like_json,
    parse_transcript,
    replay_text,
)
from scorekeeper.core.transcript import replay as play
from scorekeeper.export.columns import ljust, width
from scorekeeper.messages import t
from scorekeeper.messages.describe import board_returned_text
from scorekeeper.messages.text import json_text, visible


def read_limited(path: str) -> bytes:
    """At most the size limit of a file, a pipe, a device or standard input (``-``).

    The limit holds whatever the source: one byte more than it is read, and then
    the whole input is refused (a size on disk cannot be trusted for a pipe).
    """
    limit = MAX_TRANSCRIPT_BYTES
    if path == "-":
        raw = sys.stdin.buffer.read(limit + 1)
    else:
        with open(path, "rb") as source:
            raw = source.read(limit + 1)
    if len(raw) > limit:
        fail(f"{path}:1", t("transcript.too_big", limit=limit))
    return raw


def read_text(path: str) -> str:
    """The text of a transcript or a JSON export (``import``, ``replay``), within the size
    limit and as UTF-8; else a plain refusal naming the file (and the line of a bad byte).
    The bytes are let go once decoded: a long transcript is not held twice."""
    try:
        raw = read_limited(path)
    except OSError as error:
        fail(path, t("cli.cannot_read", reason=error.strerror or str(error)))
    try:
        return decode(raw)
    except TranscriptError as error:
        fail(f"{path}:{error.line}", with_valid_now(error.message(), error.valid))


def read_transcript(path: str, *, streamed: bool = False) -> Session:
    """The session a transcript or a JSON export holds, kept to the program's end.
    *streamed*: the session at the end only, a transcript folded a line at a time without
    keeping its entries (``replay``: see :func:`replay_text`)."""
    return keep(_read_transcript(path, streamed))


def _read_transcript(path: str, streamed: bool) -> Session:
    text = read_text(path)
    try:
        if looks_like_json(text):  # a JSON export reads back as well as a transcript
            from scorekeeper.core.json_import import read_json_export  # only then

            return read_json_export(text)
        if streamed:  # a line at a time, no entry kept (core/stream.py)
            label = t("cli_extra.progress.replay", file=visible(os.path.basename(path)))
            with progress_bar(label, lines_about(text)) as bar:
                return replay_text(text, progress=bar)
        transcript = parse_transcript(text)
        del text
        return play(transcript, consume=True)
    except TranscriptError as error:  # a typo also lists what was valid at that line
        fail(f"{path}:{error.line}", with_valid_now(error.message(), error.valid))


def replay(path: str, *, as_json: bool) -> int:
    session = read_transcript(path, streamed=True)
    print_state(session, as_json)
    return 0


def print_state(session: Session, as_json: bool) -> None:
    if as_json:
        print(json_text(state_json(session)))
    else:
        print(standings_text(session))


def standings_text(session: Session) -> str:
    """The standings, best net result first; chip games show the chips and the net."""
    state, game = session.state, session.game
    if state.finished:
        status = t("cli.status_finished")
    elif state.in_round:
        headline = game.headline(state)
        if headline.kind == "stake":
            status = t(
                game.worded("cli.status_in_round"), stake=headline.value, parent=state.parent
            )
        elif headline.kind == "pot":
            status = t(
                game.worded("cli.status_in_round_pot"), pot=headline.value, parent=state.parent
            )
        elif headline.kind == "board":
            status = t(
                game.worded("cli.status_in_round_board"),
                chips=headline.value,
                parent=state.parent,
            )
        else:
            status = t(game.worded("cli.status_in_round_plain"), parent=state.parent)
    else:
        status = t(game.worded("cli.status_next"), parent=state.parent)
    lines = [t("cli.standings_title", game=t(game.name_key), round=state.round,
               status=status)]  # fmt: skip
    rows = standings(state)
    name_width = max(width(row.player) for row in rows) + 2
    for row in rows:
        name = ljust(row.player, name_width)
        if game.uses_chips:
            net = f"{row.net:+d}" if row.net else "0"
            lines.append(t("cli.rank_line_net", rank=row.rank, name=name, score=row.score, net=net))
        else:
            lines.append(t("cli.rank_line", rank=row.rank, name=name, score=row.score))
    board = game.board_returned(state)
    if board:  # the board given back at the end is in the scores: say so
        lines.append(board_returned_text(board))
    return "\n".join(lines)
