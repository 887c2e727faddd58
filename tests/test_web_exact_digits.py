"""A stack of 24 digits stored in an older journal (before amounts had a bound,
core/amounts.py) is shown on the phones with its exact digits (issue 44, point 5): the
page's JSON carries whole numbers past what JavaScript holds exactly (2**53 - 1) as
their digits; today it showed ``1e+24``."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.amounts import as_stored
from scorekeeper.core.header import make_header
from scorekeeper.export.js_exact import SAFE, exact_for_js
from scorekeeper.export.live import live_view
from scorekeeper.services.recording import create_session
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store

BIG = 10**23  # the 24 digits of the report


def older_session(root) -> Store:
    """A chips session whose stack of 24 digits was stored before the bound."""
    store = Store(root)
    with as_stored():
        header = make_header("indian-chips", ["A", "B", "C"], {"stack": BIG})
    create_session(store, header)
    return store


def test_a_24_digit_stack_is_sent_as_its_digits_in_the_pages_json(tmp_path):
    store = older_session(tmp_path / "data")
    view = live_view(Followed(store, 1, history=False).session, 1, "en")
    sent = json.loads(json.dumps(view))
    assert [p["score"] for p in sent["players"]] == [str(BIG)] * 3
    assert len(str(BIG)) == 24
    assert [p["net"] for p in sent["players"]] == [0, 0, 0]  # small ones stay numbers


@given(st.integers())
def test_every_whole_number_reads_back_exactly_as_a_javascript_reader_would(n):
    """What a page's JSON.parse holds: a double for a number (exact up to 2**53 - 1),
    the digits for a string; either way the number it means is n."""
    sent = json.loads(json.dumps(exact_for_js({"x": [n]})))["x"][0]
    if isinstance(sent, str):
        assert abs(n) > SAFE and int(sent) == n
    else:
        assert float(sent) == n  # exact as a double
    assert exact_for_js(True) is True
