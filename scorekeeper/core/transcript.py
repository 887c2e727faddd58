"""Transcripts: a whole session as plain text, read and written (transcript.md).

Reading stops at the first line that breaks a rule and says which line it
was; writing gives back text that reads as the same session, times included.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from scorekeeper.core.collector import collector_paused
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Header
from scorekeeper.core.game import Game
from scorekeeper.core.games import get_game
from scorekeeper.core.header import make_header, parse_stacks
from scorekeeper.core.session import Session
from scorekeeper.core.words import UNKNOWN_ENTRY, entry_line, parse_entry, quote, split_line
from scorekeeper.messages import UserError

HEADER_WORDS = frozenset(
    {"game", "players", "option", "stacks", "board", "shares", "parent", "recorder"}
)
#: Far above any real session (100,000 entries are about 5 MB), far below trouble.
MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024


class TranscriptError(Exception):
    """A transcript that cannot be read or breaks a rule, at a given line."""

    def __init__(self, line: int, error: UserError, valid: tuple[str, ...] = ()) -> None:
        super().__init__(f"{line}: {error}")
        self.line = line
        self.error = error
        #: For a word that is no entry: the entries the rules took at that line (kinds,
        #: the game's own first), when every line before it holds; else ().
        self.valid = valid

    def message(self, lang: str | None = None) -> str:
        return self.error.message(lang)


@dataclass
class Transcript:
    header: Header
    entries: list[tuple[int, Entry]] = field(default_factory=list)


@dataclass
class _HeaderLines:
    lines: dict[str, int] = field(default_factory=dict)  # field -> line it was given on
    game: str | None = None
    players: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)
    board: dict[str, int] = field(default_factory=dict)  # pochen: a board carried over
    shares: dict[str, int] = field(default_factory=dict)  # and each player's share of it
    parent: str | None = None
    recorder: str | None = None

    def take(self, number: int, word: str, args: list[str]) -> None:
        if word in ("game", "parent", "recorder"):
            if len(args) != 1:
                raise RuleError("transcript.header_one_word", word=word)
            setattr(self, word, args[0])
            self.lines[word] = number
        elif word == "players":
            if not args:
                raise RuleError("transcript.players_empty")
            self.players.extend(args)
            self.lines["players"] = number
        elif word == "option":
            if len(args) != 2:
                raise RuleError("transcript.option_syntax")
            self.options[args[0]] = args[1]
            self.lines[args[0]] = number
        elif word == "board":
            self.board.update(parse_stacks(args, "board", "transcript.board_syntax"))
            self.lines["board"] = number
        elif word == "shares":
            self.shares.update(parse_stacks(args, "shares"))
            self.lines["shares"] = number
        else:  # stacks
            self.stacks.update(parse_stacks(args))
            self.lines["stacks"] = number

    def build(self, fallback_line: int) -> Header:
        if self.game is None:
            raise TranscriptError(fallback_line, RuleError("transcript.no_game"))
        if not self.players:
            raise TranscriptError(fallback_line, RuleError("transcript.no_players"))
        try:
            return make_header(
                self.game,
                self.players,
                self.options,
                parent=self.parent,
                recorder=self.recorder,
                stacks=self.stacks,
                board=self.board,
                shares=self.shares,
            )
        except RuleError as error:
            where = self.lines.get(error.field or "", self.lines.get("game", fallback_line))
            raise TranscriptError(where, error) from None


def decode(raw: bytes) -> str:
    """UTF-8 text (a BOM allowed), or a TranscriptError at the line of the first bad byte."""
    if len(raw) > MAX_TRANSCRIPT_BYTES:
        raise TranscriptError(1, RuleError("transcript.too_big", limit=MAX_TRANSCRIPT_BYTES))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as bad:
        line = raw.count(b"\n", 0, bad.start) + 1
        raise TranscriptError(line, RuleError("transcript.not_utf8")) from None


def looks_like_json(text: str) -> bool:
    """A JSON export, read back as well as a transcript (core/json_import.py)."""
    return text.lstrip().startswith("{")


def parse_transcript(text: str) -> Transcript:
    if "\x00" in text:
        nul_line = text.count("\n", 0, text.index("\x00")) + 1
        raise TranscriptError(nul_line, RuleError("transcript.nul"))
    head = _HeaderLines()
    header: Header | None = None
    game: Game | None = None
    entries: list[tuple[int, Entry]] = []
    lines = text.splitlines()
    for number, text_line in enumerate(lines, start=1):
        try:
            words = split_line(text_line)
            if not words:
                continue
            if game is None:
                word = words[0].lower()
                if header is None and word in HEADER_WORDS:
                    head.take(number, word, words[1:])
                    continue
                if header is None:
                    header = head.build(number)
                game = get_game(header.game)
            entries.append((number, parse_entry(game, words)))
        except RuleError as error:
            valid = _valid_after(header, entries) if error.key in UNKNOWN_ENTRY else ()
            raise TranscriptError(number, error, valid) from None
    if header is None:
        header = head.build(max(len(lines), 1))
    return Transcript(header, entries)


_DONE: tuple[int, Entry] = (0, Entry("note"))


def valid_kinds(session: Session) -> tuple[str, ...]:
    """The kinds of entry the rules take now, each once, the game's own first."""
    return tuple(dict.fromkeys(action.kind for action in session.legal()))


def _valid_after(header: Header | None, entries: list[tuple[int, Entry]]) -> tuple[str, ...]:
    """What the rules took after *entries* (a line with a typo is read before any is played):
    played again to know it, on an error only; () if one of them breaks a rule."""
    if header is None:
        return ()
    try:
        return valid_kinds(replay(Transcript(header, list(entries))))
    except TranscriptError:
        return ()


def replay(
    transcript: Transcript,
    clock: Callable[[], datetime] | None = None,
    *,
    consume: bool = False,
) -> Session:
    """Play every entry through the rules; untimed entries get *clock*'s time. With
    *consume*, each entry is let go once played (the transcript is left empty of them):
    a replay of 100,000 entries otherwise holds every parsed entry to the end."""
    session = Session(transcript.header)
    entries = transcript.entries
    for index, (number, entry) in enumerate(entries):
        if consume:
            entries[index] = _DONE
        try:
            session.record(entry, clock() if clock else None)
        except RuleError as error:
            valid = valid_kinds(session) if error.key in UNKNOWN_ENTRY else ()
            raise TranscriptError(number, error, valid) from None
    return session


def read_session(text: str, clock: Callable[[], datetime] | None = None) -> Session:
    with collector_paused():
        return replay(parse_transcript(text), clock, consume=True)


def write_transcript(session: Session, comment: str | None = None) -> str:
    """The whole session as a transcript: every entry, voided ones and undos included."""
    header, game = session.header, session.game
    lines = [f"# {comment}"] if comment else []
    lines.append(f"game {header.game}")
    lines.append(" ".join(["players", *map(quote, header.players)]))
    for spec in game.options:
        lines.append(f"option {spec.key} {spec.render(header.options[spec.key])}")
    if header.stacks:
        lines.append(" ".join(["stacks", *(quote(f"{p}={n}") for p, n in header.stacks.items())]))
    if header.board:  # pochen end_board carry: the board this session opened with
        pools = [f"{pool}={n}" for pool, n in header.board.items() if n]
        lines.append(" ".join(["board", *pools]))
        lines.append(" ".join(["shares", *(quote(f"{p}={n}") for p, n in header.shares.items())]))
    lines.append(f"parent {quote(header.parent)}")
    lines.append(f"recorder {quote(header.recorder)}")
    lines.extend(entry_line(game, event) for event in session.events)
    return "\n".join(lines) + "\n"
