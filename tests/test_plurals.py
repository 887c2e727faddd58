"""English counts choose their noun ("1 round", "2 rounds"); Japanese has no plural."""

from __future__ import annotations

import re

import pytest

from scorekeeper.messages import CATALOG, Count, Phrase, t

#: A count followed by a plural noun with no choice of form: "{rounds} rounds".
BARE_PLURAL = re.compile(
    # a name is not a count: "{parent} deals" is a verb
    r"\{(?!parent\}|player\}|dealer\}|name\})(\w+)\} (?:more |stored )?"
    r"(rounds|entries|sessions|deals|files|cards|times)\b"
)


def test_a_count_chooses_its_noun():
    assert f"{Count(1)} {Count(1):round|rounds}" == "1 round"
    assert f"{Count(0)} {Count(0):round|rounds}" == "0 rounds"
    assert f"{Count(12):>4}" == "  12"


@pytest.mark.parametrize(
    ("key", "params", "one", "two"),
    [
        ("ui.standings.after", {"rounds": 1, "entries": 1}, "after 1 round (1 entry)", "rounds"),
        (
            "cli.verify_ok",
            {"session": 3, "entries": 1, "head": "ab"},
            "1 entry matches its",
            "match",
        ),
        ("stats.unreadable", {"count": 1}, "1 stored session could not be read and is", "are"),
        ("export.chips_on_table", {"chips": 1}, "1 chip is still", "chips are"),
        ("log.rebuy", {"player": "Aki", "chips": 1}, "buys 1 more chip", "more chips"),
    ],
)
def test_english_messages_say_one_and_many_right(key, params, one, two):
    assert one in t(key, "en", **params)
    many = {name: 2 if isinstance(value, int) else value for name, value in params.items()}
    assert two in t(key, "en", **many)
    assert "|" not in t(key, "ja", **params)


def test_no_english_message_puts_a_plural_noun_after_a_bare_count():
    bare = [key for key, (english, _) in CATALOG.items() if BARE_PLURAL.search(english)]
    assert bare == []


def test_a_phrase_is_said_in_the_readers_language():
    pools = Phrase(("pochen.pool.king", "pochen.pool.queen"))
    assert t("log.pochen.claim", "en", player="C", pools=pools, chips=8) == (
        "C claims king, queen and takes 8"
    )
    assert t("log.pochen.claim", "ja", player="C", pools=pools, chips=8) == (
        "Cがキング・クイーンを請求して8を獲得"
    )
