"""Showdown rankings shared by the chip games: typed as ``C > B = D`` or derived from cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorekeeper.core.cards import Card, RankOrder, card_strength, parse_shown
from scorekeeper.core.errors import RuleError

_SEPARATORS = re.compile(r"\s*([>=])\s*")


def ace_high(options: Mapping[str, object]) -> str:
    """The ace-high card order's words, with the joker on top where the deck has one."""
    return "cards.order.joker_high" if options.get("joker") is True else "cards.order.ace_high"


def parse_ranking_words(args: Sequence[str]) -> list[list[str]]:
    """``["C", ">", "B", "=", "D"]`` (or ``["C>B=D"]``) -> ``[["C"], ["B", "D"]]``.

    Each word is split on its own, so a quoted name with a space (``"Aki Sato"``)
    stays one name; two names with no ``>`` or ``=`` between them are an error.
    """
    tokens = [part.strip() for word in args for part in _SEPARATORS.split(word)]
    tokens = [token for token in tokens if token]
    if len(tokens) % 2 == 0:
        raise RuleError("rules.ranking_syntax")
    groups: list[list[str]] = [[]]
    for index, token in enumerate(tokens):
        is_separator = token in (">", "=")
        if index % 2 == 0:
            if is_separator:
                raise RuleError("rules.ranking_syntax")
            groups[-1].append(token)
        elif not is_separator:
            raise RuleError("rules.ranking_syntax")
        elif token == ">":
            groups.append([])
    return groups


def ranking_words(groups: Sequence[Sequence[str]]) -> list[str]:
    words: list[str] = []
    for index, group in enumerate(groups):
        if index:
            words.append(">")
        for position, name in enumerate(group):
            if position:
                words.append("=")
            words.append(name)
    return words


def check_ranking(
    groups: Any,
    resolve: Callable[[str], str],
    contestants: Sequence[str],
    *,
    complete: bool = True,
) -> list[list[str]]:
    """Canonical groups naming each player at most once, and every contestant if *complete*.

    The Poch names only who wins (*complete* False): its game checks that
    every pot has someone named who can win it.
    """
    if not isinstance(groups, list | tuple) or not all(isinstance(g, list | tuple) for g in groups):
        raise RuleError("rules.ranking_syntax")
    seen: set[str] = set()
    result: list[list[str]] = []
    for group in groups:
        names = []
        for word in group:
            player = resolve(str(word))
            if player in seen:
                raise RuleError("rules.ranking_twice", player=player)
            seen.add(player)
            names.append(player)
        if names:
            result.append(names)
    missing = [p for p in contestants if p not in seen]
    if complete and missing:
        raise RuleError("rules.ranking_missing", players=", ".join(missing))
    return result


def check_cards(
    pairs: Any,
    resolve: Callable[[str], str],
    contestants: Sequence[str],
    *,
    joker: bool,
    syntax_key: str = "rules.showdown_cards_syntax",
) -> dict[str, str]:
    """Canonical ``{player: code}`` for every contestant; unreadable or repeated cards refused.

    *resolve* turns a typed name into a player of the showdown (or refuses it);
    a game may name its own key for the wrong shape.
    """
    if isinstance(pairs, Mapping):
        pairs = list(pairs.items())
    if not isinstance(pairs, list | tuple) or not all(
        isinstance(pair, list | tuple) and len(pair) == 2 for pair in pairs
    ):
        raise RuleError(syntax_key)
    named: dict[str, str] = {}
    for word, card in pairs:
        player = resolve(str(word))
        if player in named:
            raise RuleError("rules.card_for_player_twice", player=player)
        named[player] = str(card)
    missing = [p for p in contestants if p not in named]
    if missing:
        raise RuleError("rules.cards_missing", players=", ".join(missing))
    shown = parse_shown(named, joker_allowed=joker)
    return {p: c.code() for p, c in shown.items()}


def groups_from_cards(
    cards: Mapping[str, str], suits: str, *, highest_first: bool = True
) -> list[list[str]]:
    """Players grouped by card strength (ace high, joker on top); equal cards share a group."""
    shown: dict[str, Card] = parse_shown(cards, joker_allowed=True)
    strength = {p: card_strength(c, RankOrder.ACE_HIGH, suits) for p, c in shown.items()}
    order = sorted(set(strength.values()), reverse=highest_first)
    return [[p for p in cards if strength[p] == level] for level in order]


def pairs_of(words: Sequence[str]) -> list[tuple[str, str]]:
    pairs = []
    for word in words:
        name, sep, card = word.partition("=")
        if not sep or not name or not card:
            raise RuleError("rules.pair_syntax", word=word)
        pairs.append((name, card))
    return pairs
