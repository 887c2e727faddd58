"""The recorder's phone says what its undo undoes, as the app does (issue 43, point 8): the
question before an undo names the entry that would be voided, in the page's language."""

from __future__ import annotations

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.phone import phone_actions
from tests.rules_support import enter


def undo_question(session: Session, lang: str) -> str:
    (undo,) = [a for a in phone_actions(session, lang) if a["kind"] == "undo"]
    assert undo["form"] == "confirm"
    return str(undo["confirm"])


def test_the_phones_undo_names_the_entry_it_voids_in_both_languages():
    session = Session(make_header("indian-official", ["A", "B", "C"], {}))
    enter(session, "round", "raise", "fold B")
    assert undo_question(session, "en") == "Undo entry #3: “B folded at 20”?"
    assert undo_question(session, "ja") == "記録#3「Bが20で降りた」を取り消しますか?"
    # once undone, the next undo is of the entry before: the raise
    enter(session, "undo")
    assert undo_question(session, "en") == "Undo entry #2: “stake 10 → 20”?"


def test_the_phone_asks_what_the_app_asks():
    """The same words as the table screen's undo (ui.table.undo_question)."""
    session = Session(make_header("pochen", ["A", "B", "C"], {"stack": "30"}))
    enter(session, "round", "turned 9D", "claim A ace")
    target = session.ledger.top.seq
    what = describe_text(*session.describe(target - 1), "ja")
    app = t("ui.table.undo_question", "ja", seq=target, what=what)
    assert undo_question(session, "ja") == app
    assert "A" in app and "#3" in app
