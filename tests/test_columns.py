"""The command line's text measure: its shortcut for plain text gives Rich's figures
(``rich.cells.cell_len``, the measure itself)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from scorekeeper.export import columns
from scorekeeper.export.columns import ljust, shorten, width


def _characters(ranges: str) -> list[str]:
    """Every character of a regular-expression class body such as ``a-z\u3000``."""
    found: list[str] = []
    i = 0
    while i < len(ranges):
        if i + 2 < len(ranges) and ranges[i + 1] == "-":
            found += [chr(c) for c in range(ord(ranges[i]), ord(ranges[i + 2]) + 1)]
            i += 3
        else:
            found.append(ranges[i])
            i += 1
    return found


_FAST = _characters(columns._NARROW) + _characters(columns._WIDE)
_PLAIN = st.sampled_from(_FAST)
#: Characters next to the shortcut's ranges, or common in names, that must go to Rich.
_NEAR = st.sampled_from(
    [
        "\t",
        "\x7f",
        "\u3003",
        "\u3099",
        "\u309a",
        "\u30fd",
        "\u0301",
        "\u200d",
        "\uff61",
        "ｱ",
        "é",
        "👨",
        "\ufe0f",
        "\u4dff",
        "\ua000",
        "\u2011",
        "\u2191",
    ]
)


def test_every_character_of_the_shortcut_measures_as_rich() -> None:
    assert len(_FAST) > 21_000
    wrong = [c for c in _FAST if width(c) != cell_len(c)]
    assert wrong == []


@given(st.text(_PLAIN, max_size=30))
def test_plain_text_measures_as_rich(text: str) -> None:
    assert width(text) == cell_len(text)


@given(st.lists(st.one_of(_PLAIN, _NEAR), max_size=30).map("".join))
def test_text_with_other_characters_measures_as_rich(text: str) -> None:
    assert width(text) == cell_len(text)


def test_examples() -> None:
    assert width("Aki") == 3
    assert width("あきら") == 6
    assert width("佐藤 花子") == 9
    assert width("Zoe\u0301") == 3  # combining accent: no column of its own
    assert ljust("山田", 6) == "山田  "
    assert shorten("たなかたろう", 7) == "たなか…"
