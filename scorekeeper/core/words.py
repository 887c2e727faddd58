"""Entries as words: the recorder's verbs, shared by transcripts and ``scorekeeper record``."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from scorekeeper.core import shellwords
from scorekeeper.core.amounts import whole_number
from scorekeeper.core.entries import (
    as_correct,
    as_join,
    as_note,
    as_player,
    as_proposals,
    as_rate,
    as_rebuy,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Proposed
from scorekeeper.core.game import Game
from scorekeeper.core.near import nearest
from scorekeeper.core.rate import parse_rate_words, rate_words
from scorekeeper.messages import Phrase
from scorekeeper.messages.text import hidden

_SAFE_WORD = re.compile(r"[^\s'\"\\#]+")
_SHELL_WHITESPACE = re.compile(r"[ \t\r\n]+")
_NEEDS_SPLITTER = re.compile(r"['\"\\]")


def split_line(line: str) -> list[str]:
    """Split one line as a POSIX shell would, with ``#`` starting a comment."""
    if not _NEEDS_SPLITTER.search(line):  # the common case, without the full splitter's cost
        return [word for word in _SHELL_WHITESPACE.split(line.split("#", 1)[0]) if word]
    try:
        return shellwords.split(line)
    except shellwords.Unbalanced:
        raise RuleError("transcript.quotes", line=line.strip()) from None


def quote(word: str) -> str:
    """The inverse of ``split_line`` for one word; plain words (Japanese too) stay as they are."""
    if any(map(hidden, word)):
        return shellwords.dollar_quote(word)
    if _SAFE_WORD.fullmatch(word):
        return word
    if '"' not in word and "\\" not in word:
        return f'"{word}"'
    return "'" + word.replace("'", "'\"'\"'") + "'"


def parse_time(word: str) -> datetime:
    try:
        at = datetime.fromisoformat(word)
    except ValueError:
        raise RuleError("transcript.bad_time", time=word) from None
    if at.tzinfo is None:
        raise RuleError("rules.time_needs_offset", time=word)
    return at


def parse_entry(game: Game, words: Sequence[str]) -> Entry:
    """Read one entry (its words already split), with an optional leading ``@TIME``."""
    at, start = None, 0
    if words and words[0].startswith("@"):
        at, start = parse_time(words[0][1:]), 1
    proposed = None
    if len(words) > start and is_proposed_word(words[start]):
        proposed, start = _proposed(words[start]), start + 1
    if len(words) <= start:
        raise RuleError("transcript.time_alone")
    verb, args = words[start].lower(), list(words[start + 1 :])
    return Entry(verb, _parse_data(game, verb, args), at, proposed)


#: The word before an entry's verb that says who proposed it from their phone, and when
#: (issue 46): ``proposed=NAME@TIME``, written after the entry's own ``@TIME``.
PROPOSED_WORD = "proposed="


def is_proposed_word(word: str) -> bool:
    """Whether *word* says who proposed an entry (a phone's tap may not say it)."""
    return word[: len(PROPOSED_WORD)].lower() == PROPOSED_WORD


def _proposed(word: str) -> Proposed:
    name, at, time = word[len(PROPOSED_WORD) :].rpartition("@")
    if not name or not at:
        raise RuleError("rules.propose.transcript_syntax")
    return Proposed(name, parse_time(time))


#: The verbs _parse_data reads itself, before asking the game.
_COMMON_VERBS = frozenset(
    {
        "round",
        "undo",
        "end",
        "note",
        "rate",
        "recorder",
        "leave",
        "join",
        "rebuy",
        "correct",
        "proposals",
    }
)

#: The words of the switch of players' proposals (issue 46), and what each sets.
SWITCH_WORDS = {"auto": True, "ask": False}


def _parse_data(game: Game, verb: str, args: list[str]) -> dict[str, Any]:
    if verb in game.round_kinds and verb not in _COMMON_VERBS:  # most entries, asked first
        return game.parse(verb, args)
    if verb in ("round", "undo", "end"):
        if args:
            raise RuleError("transcript.takes_nothing", verb=verb)
        return {}
    if verb == "note":
        return {"text": " ".join(args)}
    if verb == "rate":
        return parse_rate_words(args)
    if verb == "proposals":
        if len(args) != 1 or args[0].lower() not in SWITCH_WORDS:
            raise RuleError("rules.propose.switch_words")
        return {"auto": SWITCH_WORDS[args[0].lower()]}
    if verb in ("recorder", "leave"):
        if len(args) != 1:
            raise RuleError("rules.needs_one_player", verb=verb)
        return {"player": args[0]}
    if verb == "join":
        if len(args) == 1:
            return {"player": args[0], "after": None}
        if len(args) == 3 and args[1].lower() == "after":
            return {"player": args[0], "after": args[2]}
        raise RuleError("transcript.join_syntax")
    if verb == "rebuy":
        chips = whole_number(args[1]) if len(args) == 2 else None
        if chips is None:
            raise RuleError("transcript.rebuy_syntax")
        return {"player": args[0], "chips": chips}
    if verb == "correct":
        return parse_correction(game, args)
    if verb in game.round_kinds:
        return game.parse(verb, args)
    raise unknown_entry(game, verb)


#: The refusals of a word that is no entry of the game: a reader may want the list of
#: what is valid now with them (``Session.legal``).
UNKNOWN_ENTRY = frozenset({"rules.unknown_entry", "rules.unknown_entry_near"})


def unknown_entry(game: Game, verb: str) -> RuleError:
    """*verb* is no entry of *game*: said with the game's name, and the nearest verb if any."""
    name = Phrase((game.name_key,))
    near = nearest(verb, sorted(game.round_kinds | _COMMON_VERBS))
    if near is None or near == verb:  # (undo and correct reach core/steps.py only by mistake)
        return RuleError("rules.unknown_entry", entry=verb, game=name)
    return RuleError("rules.unknown_entry_near", entry=verb, game=name, near=near)


def parse_correction(game: Game, args: Sequence[str]) -> dict[str, Any]:
    """``correct ROUND REASON ENTRY…``: each replacement ENTRY is one (quoted) word."""
    if len(args) < 3:
        raise RuleError("transcript.correct_syntax")
    number, reason, texts = whole_number(args[0]), args[1], args[2:]
    if number is None:
        raise RuleError("transcript.correct_syntax")
    return {
        "round": number,
        "reason": reason,
        "entries": [parse_replacement(game, split_line(text)) for text in texts],
    }


def parse_replacement(game: Game, words: Sequence[str]) -> dict[str, Any]:
    """One replacement entry of a corrected round: a round verb of the game, no time."""
    if not words:
        raise RuleError("transcript.correct_syntax")
    if words[0].startswith("@"):
        raise RuleError("rules.correct_timed", entry=" ".join(words))
    verb, args = words[0].lower(), list(words[1:])
    if verb not in game.round_kinds:
        raise RuleError("rules.correct_kind", entry=" ".join(words), valid=round_verbs(game))
    return {"kind": verb, "data": game.parse(verb, args)}


def round_verbs(game: Game) -> str:
    """The words a replacement entry may start with, listed for a refusal (never the id)."""
    return " · ".join(sorted(game.round_kinds))


def replacement_text(game: Game, kind: str, data: Mapping[str, Any]) -> str:
    """One replacement entry as the single word ``parse_replacement`` reads back."""
    return " ".join(map(quote, [kind, *game.words(kind, data)]))


def correction_words(game: Game, data: Mapping[str, Any]) -> list[str]:
    correct = as_correct(data)
    texts = [replacement_text(game, e["kind"], e["data"]) for e in correct["entries"]]
    return [str(correct["round"]), correct["reason"], *texts]


def entry_words(game: Game, event: Event) -> list[str]:
    """The words that give *event* again when read back (without its time)."""
    data = event.data
    kind = event.kind
    if kind in ("round", "undo", "end"):
        return [kind]
    if kind == "note":
        return [kind, as_note(data)["text"]]
    if kind == "rate":
        return [kind, *rate_words(as_rate(data))]
    if kind == "proposals":
        return [kind, "auto" if as_proposals(data)["auto"] else "ask"]
    if kind in ("recorder", "leave"):
        return [kind, as_player(data)["player"]]
    if kind == "join":
        join = as_join(data)
        after = join["after"]
        return [kind, join["player"], *(["after", after] if after else [])]
    if kind == "rebuy":
        rebuy = as_rebuy(data)
        return [kind, rebuy["player"], str(rebuy["chips"])]
    if kind == "correct":
        return [kind, *correction_words(game, data)]
    return [kind, *game.words(kind, data)]


def entry_line(game: Game, event: Event) -> str:
    by = event.proposed
    said = [] if by is None else [quote(f"{PROPOSED_WORD}{by.by}@{by.at.isoformat()}")]
    return " ".join(["@" + event.at.isoformat(), *said, *map(quote, entry_words(game, event))])
