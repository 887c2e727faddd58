"""Transcript words split as a POSIX.1-2024 shell splits them: exactly as shlex did for
every line without $'…', and $'…' for the characters no other quoting can show."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.shellwords import Unbalanced, dollar_quote, split
from scorekeeper.core.words import quote, split_line

# the characters that matter to splitting, and some that do not
TRICKY = st.text(alphabet=st.sampled_from(list(" \t\n'\"\\#$ab=,>é佐\x1b")), max_size=30)


@given(TRICKY)
def test_without_dollar_quotes_it_splits_as_shlex_does(line):
    line = line.replace("$'", "$ '")
    try:
        expected = shlex.split(line, comments=True)
    except ValueError:
        with pytest.raises(Unbalanced):
            split(line)
        return
    assert split(line) == expected


@given(st.text())
def test_every_word_reads_back_as_it_was(word):
    assert split(quote(word)) == [word]
    assert split(dollar_quote(word)) == [word]
    assert split_line(f"note {quote(word)} # a comment") == ["note", word]


@pytest.mark.parametrize(
    ("word", "written"),
    [
        ("\x1b]0;OWNED\x07", "$'\\x1b]0;OWNED\\x07'"),
        ("hidden\u202eesrever", "$'hidden\\u202eesrever'"),
        ("it's a\\b\x00", "$'it\\'s a\\\\b\\x00'"),
        ("家族👨\u200d👩\u200d👧 ok", '"家族👨\u200d👩\u200d👧 ok"'),
        ("C#", '"C#"'),
    ],
)
def test_hidden_characters_are_written_as_visible_escapes(word, written):
    assert quote(word) == written
    assert split(written) == [word]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("note $'a\\tb'", ["note", "a\tb"]),
        ("note $'\\e[1m' x", ["note", "\x1b[1m", "x"]),
        ("note $'\\101\\x41\\u0041\\U00000041'", ["note", "AAAA"]),
        ("note $'\\q\\x'", ["note", "\\q\\x"]),  # not escapes: kept as typed
        ("note pre$'\\x07'post", ["note", "pre\x07post"]),
        ("note '$'x", ["note", "$x"]),
        ("note \"$'x'\"", ["note", "$'x'"]),
    ],
)
def test_dollar_quotes(line, words):
    assert split(line) == words


@pytest.mark.parametrize("line", ["note 'open", 'note "open', "note $'open", "note $'\\", "a \\"])
def test_an_open_quote_is_refused_in_plain_words(line):
    with pytest.raises(RuleError) as error:
        split_line(line)
    assert error.value.message("en").startswith("a quotation mark is not closed in: ")
