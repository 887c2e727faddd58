"""Transcripts: a whole session as plain text, read and written (transcript.md).

Reading stops at the first line that breaks a rule and says which line it
was; writing gives back text that reads as the same session, times included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.game import Game
from scorekeeper.core.games import get_game
from scorekeeper.core.header import make_header, parse_stacks
from scorekeeper.core.progress import Progress, ticking
from scorekeeper.core.session import Session
from scorekeeper.core.stream import NeedsWhole, StreamFold, folding
from scorekeeper.core.words import UNKNOWN_ENTRY, entry_line, parse_entry, quote, split_line
from scorekeeper.messages import UserError

HEADER_WORDS = frozenset(
    {"game", "players", "option", "stacks", "board", "shares", "parent", "recorder"}
)
#: Far above any real session (100,000 entries are about 4 MB; 1,000,000 about 36 MB),
#: far below trouble: a transcript is read whole, then played a line at a time.
MAX_TRANSCRIPT_BYTES = 48 * 1024 * 1024


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
    board: dict[str, int] = field(default_factory=dict)  # a board carried over
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


def _refuse_nul(text: str) -> None:
    if "\x00" in text:
        nul_line = text.count("\n", 0, text.index("\x00")) + 1
        raise TranscriptError(nul_line, RuleError("transcript.nul"))


class _LineReader:
    """A transcript's lines, one at a time: the header lines taken, then each line an entry
    of the game they name (parse_transcript and stream_text read lines the same way)."""

    def __init__(self) -> None:
        self.head = _HeaderLines()
        self.header: Header | None = None
        self.game: Game | None = None

    def entry(self, number: int, text_line: str) -> Entry | None:
        """The entry line *number* says; None for a blank or a header line."""
        words = split_line(text_line)
        if not words:
            return None
        if self.game is None:
            word = words[0].lower()
            if self.header is None and word in HEADER_WORDS:
                self.head.take(number, word, words[1:])
                return None
            if self.header is None:
                self.header = self.head.build(number)
            self.game = get_game(self.header.game)
        return parse_entry(self.game, words)

    def final_header(self, last_line: int) -> Header:
        """The header, once every line is read (a transcript of header lines only too)."""
        return self.header or self.head.build(max(last_line, 1))


def parse_transcript(text: str) -> Transcript:
    _refuse_nul(text)
    reader = _LineReader()
    entries: list[tuple[int, Entry]] = []
    lines = text.splitlines()
    for number, text_line in enumerate(lines, start=1):
        try:
            entry = reader.entry(number, text_line)
        except RuleError as error:
            valid = _valid_after(reader.header, entries) if error.key in UNKNOWN_ENTRY else ()
            raise TranscriptError(number, error, valid) from None
        if entry is not None:
            entries.append((number, entry))
    return Transcript(reader.final_header(len(lines)), entries)


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


#: Characters of a transcript split into lines at a time by :func:`numbered_lines`.
_CHUNK = 1 << 20


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``enumerate(text.splitlines(), start=1)`` without the list of every line: the text is
    split a megabyte at a time, each piece ending just after a newline (a line ends there
    whatever came before it, so the pieces give exactly the lines the whole text gives)."""
    number, pos = 0, 0
    while pos < len(text):
        cut = text.find("\n", pos + _CHUNK)
        end = len(text) if cut < 0 else cut + 1
        for line in text[pos:end].splitlines():
            number += 1
            yield number, line
        pos = end


def lines_about(text: str) -> int:
    """About how many lines *text* holds (a progress bar's end): its newlines, or its
    carriage returns if it has more of those (an old Mac's file), one more for the last."""
    return max(text.count("\n"), text.count("\r")) + 1


def replay_text(
    text: str, clock: Callable[[], datetime] | None = None, progress: Progress | None = None
) -> Session:
    """:func:`read_session` in bounded memory: each line is parsed and played as it is
    read, and no entry is kept (core/stream.py); the session it gives holds the state at
    the end and none of the entries. What it refuses, and at which line, is what
    :func:`read_session` refuses: a line that cannot be read anywhere in the text is said
    before an entry the rules refuse. An undo or a correction reaching further back than
    the fold keeps is played by :func:`read_session` instead. *progress* is told the
    lines played (core/progress.py)."""
    try:
        return stream_text(text, clock, progress=progress)
    except NeedsWhole:
        return read_session(text, clock)


#: Told each entry as :func:`stream_text` plays it, with the fold it was played on.
EachEntry = Callable[[Event, StreamFold], None]


def stream_text(
    text: str,
    clock: Callable[[], datetime] | None = None,
    each: EachEntry | None = None,
    progress: Progress | None = None,
) -> Session:
    """:func:`replay_text` without the hand-over: NeedsWhole when an undo or a correction
    reaches below what the fold keeps. *each* is told every entry as it is played (none
    after one the rules refuse: the text is then read on only to say a line that cannot
    be read first, and the refusal is raised at its end). *progress* is told the lines
    read of about how many there are."""
    _refuse_nul(text)
    reader = _LineReader()
    fold: StreamFold | None = None
    refused: TranscriptError | None = None
    count = 0
    with folding(fresh=True):
        lines = ticking(numbered_lines(text), lines_about(text) if progress else 0, progress)
        for number, text_line in lines:
            count = number
            try:
                entry = reader.entry(number, text_line)
            except RuleError as error:
                valid: tuple[str, ...] = ()
                header = reader.header
                if error.key in UNKNOWN_ENTRY and header is not None and refused is None:
                    valid = valid_kinds((fold or StreamFold(header)).session())
                raise TranscriptError(number, error, valid) from None
            if entry is None or refused is not None or reader.header is None:
                continue  # only a line that cannot be read is said before it
            if fold is None:
                fold = StreamFold(reader.header)
            try:
                event = fold.record(entry, clock() if clock else None)
            except RuleError as error:
                kinds = valid_kinds(fold.session()) if error.key in UNKNOWN_ENTRY else ()
                refused = TranscriptError(number, error, kinds)
                continue
            if each is not None:
                each(event, fold)
    if refused is not None:
        raise refused
    return (fold or StreamFold(reader.final_header(count))).session()


def read_session(text: str, clock: Callable[[], datetime] | None = None) -> Session:
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
    if header.board:  # a board carried over (end_board carry): what this session opened with
        pools = [f"{pool}={n}" for pool, n in header.board.items() if n]
        lines.append(" ".join(["board", *pools]))
        lines.append(" ".join(["shares", *(quote(f"{p}={n}") for p, n in header.shares.items())]))
    lines.append(f"parent {quote(header.parent)}")
    lines.append(f"recorder {quote(header.recorder)}")
    lines.extend(entry_line(game, event) for event in session.events)
    return "\n".join(lines) + "\n"
