"""Terminal width of text: decomposed accents, zero-width characters, emoji sequences, CJK.

Both are checked: the command line's (scorekeeper.export.columns) and the app's
(scorekeeper.ui.cells), one measure since issue 45: Rich's, the one Textual lays cells out with.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

import scorekeeper.export.columns as columns
import scorekeeper.ui.cells as cells
from scorekeeper.core.transcript import read_session
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.cli_support import run

ZOE_COMPOSED = "Zo\u00e9"
ZOE_DECOMPOSED = "Zoe\u0301"  # as macOS often hands it over: e + COMBINING ACUTE ACCENT
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl
FLAG_JP = "\U0001f1ef\U0001f1f5"  # two regional indicators, one flag
THUMBS_UP_MEDIUM = "\U0001f44d\U0001f3fd"  # with a skin-tone modifier

MEASURES: dict[str, Callable[[str], int]] = {"cli": columns.width, "ui": cells.width}
measures = pytest.mark.parametrize("measure", MEASURES.values(), ids=MEASURES.keys())

WIDTHS = [
    ("Zoe", 3),
    (ZOE_COMPOSED, 3),
    (ZOE_DECOMPOSED, 3),
    ("U\u0308nal", 4),  # Ü decomposed
    ("e\u0301\u0302", 1),  # a letter with two combining marks
    ("\u200b", 0),  # ZERO WIDTH SPACE
    ("\u200d", 0),  # ZERO WIDTH JOINER
    ("\u2060", 0),  # WORD JOINER
    ("Al\u200bex", 4),
    (FAMILY, 2),
    ("\U0001f3f3\ufe0f\u200d\U0001f308", 2),  # rainbow flag: flag VS16 ZWJ rainbow
    ("\u2764\ufe0f", 2),  # heart + VS16: emoji presentation
    (FLAG_JP, 2),
    (THUMBS_UP_MEDIUM, 2),
    ("佐藤", 4),
    ("山田太郎", 8),
    ("さくら", 6),
    ("ベン", 4),
    ("…", 1),
]


@measures
@pytest.mark.parametrize(("text", "expected"), WIDTHS)
def test_width(measure, text, expected):
    assert measure(text) == expected


@measures
def test_japanese_characters_take_two_columns_each(measure):
    for ch in "山田太郎佐藤亜紀千尋さくらベンカタカナ":
        assert measure(ch) == 2, ch


@pytest.mark.parametrize("text", [text for text, _ in WIDTHS] + ["நிலா", "A\u0301\u0327"])
def test_the_app_measures_as_textual_paints(text):
    assert cells.width(text) == Content(text).cell_length


@pytest.mark.parametrize("pad", [columns.ljust, columns.rjust, cells.ljust, cells.rjust])
def test_a_decomposed_name_pads_like_the_composed_one(pad):
    composed, decomposed = pad(ZOE_COMPOSED, 8), pad(ZOE_DECOMPOSED, 8)
    assert composed.count(" ") == decomposed.count(" ") == 5
    assert unicodedata.normalize("NFC", decomposed) == composed


@measures
def test_padding_never_cuts_and_reaches_the_width(measure):
    for text, expected in WIDTHS:
        assert columns.ljust(text, 6, measure) == text + " " * max(0, 6 - expected)
        assert columns.rjust(text, 6, measure) == " " * max(0, 6 - expected) + text
    assert columns.ljust("山田太郎", 4, measure) == "山田太郎"  # too wide: kept whole


# -- shortening ----------------------------------------------------------------------


def test_grapheme_clusters():
    text = f"{ZOE_DECOMPOSED}\u200b{FLAG_JP}{FLAG_JP}{FAMILY}{THUMBS_UP_MEDIUM}山"
    # As Rich clusters: a zero-width space stays with what it follows (wcwidth, used until
    # issue 45, made it a cluster of its own); a flag's two halves are kept together.
    assert list(columns.graphemes(text)) == [
        "Z", "o", "e\u0301\u200b", FLAG_JP, FLAG_JP, FAMILY, THUMBS_UP_MEDIUM, "山",
    ]  # fmt: skip
    assert list(columns.graphemes(f"{FLAG_JP[0]}a{FLAG_JP}{FLAG_JP[1]}")) == [
        FLAG_JP[0], "a", FLAG_JP, FLAG_JP[1],
    ]  # fmt: skip


@measures
def test_shortening_keeps_what_fits(measure):
    assert columns.shorten(ZOE_DECOMPOSED, 3, measure) == ZOE_DECOMPOSED
    assert columns.shorten("山田太郎", 8, measure) == "山田太郎"


@measures
@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("Rene\u0301e Martin", 5, "Rene\u0301…"),  # the accent stays with its e
        ("Zoe\u0301\u0301 Martin", 4, "Zoe\u0301\u0301…"),
        (f"A{FAMILY}BC", 3, "A…"),  # no room for the family: not one of its people either
        (f"A{FAMILY}BC", 4, f"A{FAMILY}…"),
        (f"{FLAG_JP}{FLAG_JP}", 3, f"{FLAG_JP}…"),
        (f"{FLAG_JP}{FLAG_JP}", 2, "…"),  # never half a flag
        (f"{THUMBS_UP_MEDIUM}x", 2, "…"),  # never a thumb without its skin tone
        (f"a\u200b{FLAG_JP}a", 3, "a\u200b…"),
        (f"a{FLAG_JP}\u200ba", 3, "a…"),  # a flag's second half with a zero-width space
        ("山田太郎", 6, "山田…"),
        ("山田太郎", 5, "山田…"),
    ],
)
def test_shortening_never_splits_a_cluster(measure, text, limit, expected):
    assert columns.shorten(text, limit, measure) == expected


def test_the_app_shortens_to_the_full_width_with_an_accent_taking_no_column():
    short = cells.shorten("Rene\u0301e-Charlotte Dupont", 14)  # as the chart does
    assert short == "Rene\u0301e-Charlot…" and cells.width(short) == 14


#: Each its own grapheme cluster, whatever follows it.
CLUSTERS = ["a", "\u00e9", "e\u0301", "\u200b", "山", FAMILY, FLAG_JP, THUMBS_UP_MEDIUM]


@measures
@given(parts=st.lists(st.sampled_from(CLUSTERS), max_size=12), limit=st.integers(1, 14))
def test_shortening_cuts_only_between_clusters(measure, parts, limit):
    text = "".join(parts)
    short = columns.shorten(text, limit, measure)
    if measure(text) <= limit:
        assert short == text
        return
    assert short.endswith("…") and measure(short) <= limit
    kept = short[: -len("…")]
    boundaries = [len("".join(parts[:i])) for i in range(len(parts) + 1)]
    assert text.startswith(kept) and len(kept) in boundaries
    whole = boundaries.index(len(kept))  # clusters kept, all of them whole
    assert measure("".join(parts[: whole + 1]) + "…") > limit  # and the next would not fit


# -- the command line ----------------------------------------------------------------

# The first seat is parent in round 1 and wins it: the name leads (`list` shows it).
SESSION = """\
game indian-official
players {name} B 佐藤
@2026-06-10T21:00:00+09:00 round
@2026-06-10T21:01:00+09:00 showdown {name}
@2026-06-10T21:02:00+09:00 round
@2026-06-10T21:03:00+09:00 fold 佐藤
@2026-06-10T21:04:00+09:00 showdown B
"""


def command_output(tmp_path: Path, monkeypatch, capsys, name: str, *args: str) -> str:
    home = tmp_path / "data"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    session = read_session(SESSION.format(name=name))
    create_session(Store(home), session.header, session.events)
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    return out


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("args", [("list",), ("stats",), ("show", "1")])
def test_cli_tables_line_up_a_decomposed_name(tmp_path, monkeypatch, capsys, args):
    composed = command_output(tmp_path / "c", monkeypatch, capsys, ZOE_COMPOSED, *args)
    decomposed = command_output(tmp_path / "d", monkeypatch, capsys, ZOE_DECOMPOSED, *args)
    assert ZOE_DECOMPOSED in decomposed  # kept as typed, not normalized on the way
    # Same text once composed: every column starts at the same offset as with "Zoé".
    assert unicodedata.normalize("NFC", decomposed) == composed
    assert len(composed.splitlines()) > 1
