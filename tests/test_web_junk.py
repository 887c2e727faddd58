"""Junk at every endpoint of the phones' page (issue 44, point 4): whatever the method,
path, query or body, on either link, the answer is never a server error (status < 500).
On a real server (web/server.serve) in a thread of its own, as ``display --serve`` runs."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.web.desk import journal_desk
from scorekeeper.web.links import RecorderLink
from scorekeeper.web.server import bind, make_app, serve

TOKEN = "V1ewers-token-for-tests_0"
RTOKEN = "Rec0rder-token-for-tests_"
ROUTES = ["", "state.json", "last.json", "rounds.json", "stakes.json", "correction.json",
          "entry", "correct", "x", "state.json/x"]  # fmt: skip
KEYS = ["before", "round", "lang", "after", "x"]
#: Numbers as a phone could mistype them, or send to try the server.
NUMBERS = st.sampled_from(["²", "١٢", "٣", "１２", "-1", "1e3", "0x10", "9" * 40, "1" * 5000,
                           "NaN", "Infinity", " 1", "1.5", "", "0", "3"])  # fmt: skip
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
TAP_KEYS = st.sampled_from(["id", "after", "words", "session", "do", "round", "reason"])
TAPS = st.dictionaries(TAP_KEYS, JSON | NUMBERS, max_size=6)
BODIES = st.one_of(
    st.binary(max_size=300),
    st.just(b"[" * 4000),
    TAPS.map(lambda d: json.dumps(d).encode()),
    JSON.map(lambda d: json.dumps(d).encode()),
    st.text(max_size=100).map(lambda s: s.encode("utf-8")),
)


@pytest.fixture(scope="module")
def address(tmp_path_factory) -> Iterator[tuple[str, int]]:
    root = tmp_path_factory.mktemp("junk")
    store = Store(root / "data")
    create_session(store, make_header("indian-chips", ["A", "B", "C"], {}))
    link = RecorderLink(RTOKEN, "A", journal_desk(store, 1, "A"))
    app = make_app(store, 1, token=TOKEN, lang="en", max_viewers=10, recorder=link)
    sock = bind("127.0.0.1", 0)
    where = sock.getsockname()[:2]
    ready, stop = threading.Event(), threading.Event()
    thread = threading.Thread(
        target=lambda: asyncio.run(serve(app, sock, ready.set, stop.wait)), daemon=True
    )
    thread.start()
    assert ready.wait(20)
    yield where
    stop.set()
    thread.join(20)


def answer(
    address, method: str, path: str, body: bytes | None, content_type: str, language: str = "en"
):
    """The status and body of one request, sent as bytes by http.client."""
    host, port = address
    connection = http.client.HTTPConnection(host, port, timeout=20)
    try:
        headers = {"Content-Type": content_type, "Origin": f"http://{host}:{port}",
                   "Accept-Language": language}  # fmt: skip
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        return reply.status, reply.read()
    finally:
        connection.close()


def refused_in_words(status: int, said: bytes, method: str = "GET") -> None:
    assert status < 500, (status, said[:300])
    if status >= 400 and method != "HEAD":
        assert said.strip(), status  # in words, never an empty refusal


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    recorder=st.booleans(),
    route=st.sampled_from(ROUTES),
    query=st.dictionaries(st.sampled_from(KEYS), NUMBERS | st.text(max_size=12), max_size=3),
    language=st.sampled_from(["ja", "en;q=nan", "ja;q=1e999", "*;q=-1", ",;=,"])
    | st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=20),
)
@example(recorder=True, route="rounds.json", query={"before": "²"}, language="en")
@example(recorder=False, route="stakes.json", query={"round": "١"}, language="en")
def test_junk_in_any_query_is_never_a_server_error(address, recorder, route, query, language):
    path = f"/{RTOKEN if recorder else TOKEN}/{route}"
    if query:
        path += "?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())
    refused_in_words(*answer(address, "GET", path, None, "text/plain", language))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    method=st.sampled_from(["POST", "PUT", "HEAD", "DELETE"]),
    recorder=st.booleans(),
    route=st.sampled_from(["entry", "correct", *ROUTES]) | st.text(max_size=12),
    body=BODIES,
    content_type=st.sampled_from(["application/json", "text/plain", "application/json; x=1"]),
)
@example(method="POST", recorder=True, route="entry", body=b"[" * 4000,
         content_type="application/json")  # fmt: skip
@example(method="POST", recorder=True, route="correct", body=b"[" * 4000,
         content_type="application/json")  # fmt: skip
def test_junk_in_any_body_is_never_a_server_error(
    address, method, recorder, route, body, content_type
):
    path = f"/{RTOKEN if recorder else TOKEN}/{quote(route)}"
    refused_in_words(*answer(address, method, path, body, content_type), method)
