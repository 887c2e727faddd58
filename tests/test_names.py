"""Names a table could not tell apart (core/names.py): case, width, look-alike letters."""

from __future__ import annotations

import string
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.names import lookalike_of, looks_like, skeleton

NAMES = st.text(min_size=1, max_size=12)
ORDINARY = st.text(alphabet=string.ascii_letters + "佐藤ベン", min_size=1, max_size=8)


def test_case_width_and_look_alike_letters_look_alike():
    for other in ("aki", "AKI", "Ａｋｉ", "\u0410ki", "\u0391ki", " Aki "):
        assert looks_like("Aki", other), other
    assert looks_like("ベン", "ﾍﾞﾝ")  # half-width katakana
    assert looks_like("Ben Ito", "Ben  Ito")


def test_different_names_do_not_look_alike():
    for a, b in (("Aki", "Ben"), ("Aki", "Akio"), ("佐藤", "佐籐"), ("Dai", "Daí")):
        assert not looks_like(a, b), (a, b)


def test_lookalike_of_names_the_other_spelling_and_not_the_name_itself():
    assert lookalike_of("aki", ["Ben", "Aki"]) == "Aki"
    assert lookalike_of("Ａｋｉ", ["Aki"]) == "Aki"
    assert lookalike_of("Aki", ["Aki", "aki"]) is None  # written as one of them: that one
    assert lookalike_of("Chie", ["Aki", "Ben"]) is None
    assert lookalike_of("Aki", []) is None


@given(NAMES, NAMES)
def test_looking_alike_is_symmetric(a, b):
    assert looks_like(a, b) == looks_like(b, a)


@given(NAMES)
def test_a_name_looks_like_its_normal_forms_and_cases(name):
    for variant in (
        unicodedata.normalize("NFKC", name),
        unicodedata.normalize("NFC", name),
        unicodedata.normalize("NFD", name),
        name.casefold(),
        unicodedata.normalize("NFKC", name).casefold(),
    ):
        assert looks_like(name, variant), (name, variant)


@given(ORDINARY, ORDINARY)
def test_distinct_ordinary_names_do_not_look_alike(a, b):
    assert looks_like(a, b) == (a.casefold() == b.casefold())


@given(NAMES, NAMES, NAMES)
def test_looking_alike_is_one_key(a, b, c):
    if looks_like(a, b) and looks_like(b, c):
        assert looks_like(a, c)
    assert skeleton(skeleton(a)) == skeleton(a)
