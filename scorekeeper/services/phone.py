"""The recorder's phone: what it may tap now, and one tap recorded as the app records a key.

The phone never decides a rule. It is sent the entries the rules allow now (the same
``Session.legal`` the table screen's footer asks), each with the kind of answer its
words need (nothing, a player, players in order, an amount, pools, a suit); it sends
back the entry's words, which are read as ``scorekeeper record`` reads them and checked
by the rules before anything is written.

A tap counts once. It carries an id, and the number of entries the page showed when it
was tapped (``after``). An entry is recorded only when the session still has exactly
that many: a tap made on an older table is refused in plain words ("the table changed"),
unless the entries written right after that point are the tap's own, which is what a
retried request, a double tap or a reloaded page finds; it is then answered as recorded,
and nothing is written again. That check reads the journal itself (under the session's
lock), so it holds across a restart of the server or of the app.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from scorekeeper.core.amounts import LIMIT
from scorekeeper.core.cards import SUIT_NAMES
from scorekeeper.core.corrections import MAX_REASON_LENGTH
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Proposed
from scorekeeper.core.game import LegalAction
from scorekeeper.core.games import game_spec
from scorekeeper.core.ledger import Ledger
from scorekeeper.core.phone_forms import Form
from scorekeeper.core.proposing import player_legal
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.times import local_text
from scorekeeper.core.words import entry_words, is_proposed_word, parse_entry
from scorekeeper.messages import LANGUAGES, UserError, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services import correcting
from scorekeeper.services.recording import Recorder, open_recording
from scorekeeper.storage import StorageError, Store

#: The longest tap the server reads (bytes of JSON); an entry is a few words.
MAX_TAP_BYTES = 4096
#: At most this many words in one tap, and this long each.
MAX_WORDS = 40
MAX_WORD = 80
#: A correction the page server sends the app: a round's entries, one word each, and the
#: reason (core/corrections.py's limit).
MAX_CORRECTION_WORDS = 2000
LIMITS = (MAX_WORDS, MAX_WORD)

#: What the common entries need from the thumb, in every game (core/phone_forms.py says
#: what each form is; each game declares its own entries' forms in its GameSpec ``phone``).
#: Entries not named here or by the game (handing the book over) are not offered on the
#: phone; a correction of a past round is its own button, played again on the page
#: (services/phone_correcting.py).
COMMON_FORMS: Mapping[str, Form] = {
    "round": "now",
    "undo": "confirm",
    "end": "confirm",
    "rebuy": "amount",
    "note": "text",
    "join": "join",
    "leave": "player",
}


def phone_actions(
    session: Session,
    lang: str,
    only: Callable[[str], bool] | None = None,
    known: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """The entries legal now that the phone offers, in the footer's order, as the page
    draws them: the kind, its label, what it asks for, and the players it may name; then
    correcting a past round when the core says one can be (as the app's ctrl+r).
    *only*: the kinds a round played again allows (services/correcting.py), and no
    correction of another round from there. *known*: the names played under before in
    the data folder (services/known_names.py), offered and asked about by ``join``."""
    # one button for one thing (Game.same_as)
    actions = _buttons(session, session.legal_once(), lang, only, known)
    if only is None and any(action.kind == "proposals" for action in session.legal_once()):
        # the switch of the players' proposals, turned the other way (issue 46)
        turn = "ask" if session.state.auto_confirm else "auto"
        actions.append(
            {
                "kind": "proposals",
                "label": t(f"phone.do.proposals_{turn}", lang),
                "form": "now",
                "choices": [],
                "prefix": [turn],
            }
        )
    if only is None and session.correctable_rounds() > 0:
        actions.append(
            {
                "kind": "correct",
                "label": t("phone.do.correct", lang),
                "form": "correct",
                "choices": [],
            }
        )
    return actions


def player_actions(session: Session, player: str, lang: str) -> list[dict[str, Any]]:
    """A player's page's buttons (issue 46): the entries legal now that *player* may
    propose (core/proposing.py ``player_legal``), drawn as the recorder's page draws the
    same entries, so a proposal confirmed is the entry the recorder's own tap makes."""
    return _buttons(session, player_legal(session, player), lang, None, ())


def _buttons(
    session: Session,
    legal: Sequence[LegalAction],
    lang: str,
    only: Callable[[str], bool] | None,
    known: Sequence[str],
) -> list[dict[str, Any]]:
    """The buttons of *legal* entries, each as the page draws it (``phone_actions``)."""
    state, game = session.state, session.game
    phone = game_spec(game.id).phone
    view = game.round_view(state) if state.in_round else None
    actions = []
    for action in legal:
        form = phone.forms.get(action.kind) or COMMON_FORMS.get(action.kind)
        if form is None or (only is not None and not only(action.kind)):
            continue
        label = t(phone.label(action.kind), lang)
        doc: dict[str, Any] = {
            "kind": action.kind,
            "label": label,
            "form": form,
            "choices": list(action.choices),
        }
        if form in ("players", "ranking") and not action.choices:
            continue
        if form == "amount":
            if action.kind == "rebuy":
                doc["start"] = game.rebuy_suggestion(state) or 1
            else:
                doc["start"] = ((view.stake or 0) if view is not None else 0) + 1
        elif form == "suit":
            doc["suits"] = [
                {"word": code, "name": t(f"phone.suit.{name}", lang)}
                for code, name in SUIT_NAMES.items()
            ]
        elif form == "join":  # who left first, to come back to their seat (issue 43)
            names = state.names()
            doc["back"] = [name for name in names if name not in state.seated()]
            doc["known"] = [name for name in known if name not in names][:KNOWN_SHOWN]
        elif form == "pools":  # the pools a hand can claim that nobody has this round
            board = game.board_view(state)
            doc["pools"] = [
                {"pool": pool.pool, "name": t(pool.name, lang)}
                for pool in (board.pools if board is not None else ())
                if pool.claimable and not pool.claimed_by
            ]
        if form == "confirm":
            doc["confirm"] = _confirm(session, action.kind, lang)
        elif action.kind in phone.hands:
            doc["hands"] = True
        actions.append(doc)
        also = phone.also.get(action.kind)
        if also is not None and action.choices:
            label = t(also.label, lang)
            actions.append({**doc, "form": also.form, "prefix": list(also.prefix), "label": label})
    return actions


#: Names played under before that the join form offers at most (the most recent first).
KNOWN_SHOWN = 200

#: Finished rounds the page lists at a time (newest first; "older rounds" asks for more).
ROUNDS_SHOWN = correcting.ROUNDS_SHOWN


def round_lines(state: State, lang: str, before: int | None = None) -> dict[str, Any]:
    """The finished rounds below *before* (all, if None), newest first, as the app lists
    them (services/correcting.py), each with its label; and whether older ones are left.
    Asked for when the recorder opens the list, never with every page's table: a long
    session's thousands of rounds would be worked out at every entry."""
    shown, older = correcting.round_lines(state, lang, before)
    lines = [{"round": number, "label": t("phone.correct.round", lang, round=number),
              "text": text} for number, text in shown]  # fmt: skip
    return {"rounds": lines, "older": older}


def _confirm(session: Session, kind: str, lang: str) -> str:
    """The question a confirmed entry asks. An undo names the entry it would void, in
    words, as the app's undo does (ui.table.undo_question), so the recorder sees what
    goes before tapping yes; one whose entry lies below a resumed session's entries
    (folded only when the undo is recorded) asks the plain question."""
    if kind == "undo":
        target = session.ledger.top.seq
        index = target - session.history_from
        if 0 <= index < len(session.events) and session.events[index].seq == target:
            what = describe_text(*session.describe(index), lang)
            return t("phone.confirm.undo_entry", lang, seq=target, what=what)
    return t(f"phone.confirm.{kind}", lang)


def phone_words(lang: str) -> dict[str, str]:
    """The words the recorder's page needs beyond the table's own."""
    keys = (
        "entries_title",
        "pick_player",
        "pick_players",
        "pick_pools",
        "pick_amount",
        "send",
        "cancel",
        "yes",
        "no",
        "tie",
        "clear",
        "sending",
        "not_sent",
        "retry",
        "recorded",
        "amount",
        "less",
        "more",
        "nothing_now",
        "viewer_link",
        "note_text",
        "join_name",
        "join_after",
        "join_back",
        "join_new_name",
        "name_known",
        "name_left",
        "use_known",
        "keep_typed",
        "bring_back",
        "type_again",
        "enter_cards",
        "card_example",
        "hand_example",
        "enter_card",
        "pick_round",
        "loading_rounds",
        "older_rounds",
        "reason",
        "save_correction",
        "leave_correction",
    )
    return {key: t(f"phone.page.{key}", lang) for key in keys}


@dataclass(frozen=True)
class Tap:
    """One tap: its id, the number of entries the page showed, the entry's words."""

    id: str
    after: int
    words: tuple[str, ...]
    #: A correction of a past round, put together on the page server as the round was
    #: played again (services/phone_correcting.py): *after* is the number of entries when
    #: it began, and it is checked against the session as it is now (every later entry
    #: must still hold), not refused because entries were recorded meanwhile.
    correction: bool = False
    #: The session whose table the tap was made on (the page's document says it): a
    #: page that follows the app from session to session never records into another one.
    #: None: not said (the page server then takes the session it shows).
    session: int | None = None
    #: Who proposed the entry from their phone, and when: a proposal the recorder
    #: confirmed (issue 46), said only by the page server (``read_tap(from_server=True)``).
    proposed: Proposed | None = None
    #: A proposal the app itself confirmed (its Enter, ``{"do": "confirm"}``), said only by
    #: the page server: recorded as the app's own key would, under the recorder the app's
    #: table has now, never handing the book to the name the recorder's link was made for.
    from_app: bool = False


def read_tap(body: object, *, from_server: bool = False) -> Tap:
    """A tap from the JSON the page posted, or a UserError saying what is wrong with it.
    *from_server*: the page server's own line to the app, which may be a correction it
    put together as a round was played again (larger than a tap, and not held to the
    entries the page showed: :attr:`Tap.correction`)."""
    if not isinstance(body, dict):
        raise UserError("phone.bad_tap")
    tap_id, after, words = body.get("id"), body.get("after"), body.get("words")
    correction = from_server and body.get("correction") is True
    most, longest = (MAX_CORRECTION_WORDS, MAX_REASON_LENGTH) if correction else LIMITS
    if not isinstance(tap_id, str) or not 8 <= len(tap_id) <= 64 or not tap_id.isascii():
        raise UserError("phone.bad_tap")
    if type(after) is not int or not 0 <= after <= LIMIT:  # no session has more entries
        raise UserError("phone.bad_tap")
    if not isinstance(words, list) or not 1 <= len(words) <= most:
        raise UserError("phone.bad_tap")
    if not all(isinstance(w, str) and 0 < len(w) <= longest for w in words):
        raise UserError("phone.bad_tap")
    if words[0].startswith("@") or is_proposed_word(words[0]):  # the server says these
        raise UserError("phone.bad_tap")
    if correction and words[0].casefold() != "correct":
        raise UserError("phone.bad_tap")
    session = body.get("session")
    if session is not None and (type(session) is not int or not 1 <= session <= LIMIT):
        raise UserError("phone.bad_tap")
    proposed = _proposed(body.get("proposed")) if from_server else None
    from_app = from_server and proposed is not None and body.get("from_app") is True
    return Tap(tap_id, after, tuple(words), correction, session, proposed, from_app)


def _proposed(value: object) -> Proposed | None:
    """Who proposed a tap, as the page server writes it: ``{"by": NAME, "at": ISO}`` with
    an offset; else a UserError (None: no proposal)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.keys() != {"by", "at"}:
        raise UserError("phone.bad_tap")
    by, at = value["by"], value["at"]
    if not isinstance(by, str) or not 0 < len(by) <= MAX_WORD or not isinstance(at, str):
        raise UserError("phone.bad_tap")
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        raise UserError("phone.bad_tap") from None
    if when.tzinfo is None:
        raise UserError("phone.bad_tap")
    return Proposed(by, when)


@dataclass(frozen=True)
class Answer:
    """What the phone is told: an HTTP status, whether the tap is in the journal, the
    entry number it got, one line in the phone's language, and the entries now."""

    status: int
    recorded: bool
    text: str
    entries: int
    seq: int | None = None
    #: The same tap sent again gets the same answer (not so for a session that was busy
    #: or could not be read: that one is tried again).
    final: bool = True
    #: A proposal the rules refused as it was confirmed: the rules' words in every
    #: language, (language, text) each, so its player hears why in their own.
    texts: tuple[tuple[str, str], ...] = ()

    def text_in(self, lang: str) -> str:
        """The refusal in *lang* (a proposal's player's), or "" when not said in it."""
        return dict(self.texts).get(lang, "")

    @property
    def disk_full(self) -> bool:
        """Nothing recorded: the disk had no room (the app says so on its table too)."""
        return self.status == DISK_FULL and not self.recorded

    def as_json(self) -> dict[str, Any]:
        said: dict[str, Any] = {
            "recorded": self.recorded,
            "text": self.text,
            "entries": self.entries,
            "seq": self.seq,
        }
        if self.texts:  # a proposal refused at confirming: the app hands it to the page
            said["texts"] = dict(self.texts)
        return said


def read_texts(value: object) -> tuple[tuple[str, str], ...]:
    """An answer's ``"texts"`` as the app writes it (:meth:`Answer.as_json`): only the
    catalog's languages, only text; anything else left out."""
    if not isinstance(value, dict):
        return ()
    return tuple((lang, value[lang]) for lang in LANGUAGES if isinstance(value.get(lang), str))


def _refused(error: RuleError, lang: str, count: int, tap: Tap) -> Answer:
    """The rules refused *tap*: said in *lang*; a proposal's refusal in every language too
    (its player hears it in theirs: web/proposing.py confirm)."""
    texts = tuple((one, error.message(one)) for one in LANGUAGES) if tap.proposed else ()
    return Answer(422, False, error.message(lang), count, texts=texts)


def entry_count(session: Session) -> int:
    return session.ledger.next_seq - 1


def _same(game: Any, event: Event, words: Sequence[str]) -> bool:
    stored = entry_words(game, event)
    return [w.casefold() for w in stored] == [w.casefold() for w in words]


def already_recorded(session: Session, tap: Tap, name: str | None) -> Event | None:
    """The entry this tap recorded before (its words right after ``tap.after``, with the
    hand-over of the record book before them when one was made), else None."""
    index = tap.after + 1 - session.history_from
    if index < 0:
        return None
    events = session.events[index:]
    game = session.game
    if events and _same(game, events[0], tap.words):
        return events[0]
    if (
        name is not None
        and len(events) >= 2
        and _same(game, events[0], ("recorder", name))
        and _same(game, events[1], tap.words)
    ):
        return events[1]
    return None


def _planned(session: Session, tap: Tap, name: str | None) -> list[Entry]:
    """The entries a tap makes (the hand-over first when the book is with someone else),
    checked in turn on the immutable ledger: nothing changes if one is refused."""
    game, ledger = session.game, session.ledger
    entry = parse_entry(game, list(tap.words))
    entries = []
    if name is not None and entry.kind != "undo":  # an undo never undoes a hand-over
        holder = ledger.state.recorder
        if ledger.state.find_player(name) != holder:
            entries.append(Entry("recorder", {"player": name}))
    if tap.proposed is not None:  # kept beside the recorder who confirms it
        entry = replace(entry, proposed=tap.proposed)
    entries.append(entry)
    trial: Ledger = ledger
    for each in entries:
        trial = trial.step(trial.check(each))
    return entries


def record_tap(rec: Recorder, tap: Tap, name: str | None, lang: str) -> Answer:
    """Record one tap on an open recording (the lock held): rules first, then the disk,
    then the fold, exactly as a key in the app or ``scorekeeper record`` does."""
    session = rec.session
    if tap.correction:
        return _record_correction(rec, tap, name, lang)
    if tap.after != entry_count(session):
        done = already_recorded(session, tap, name)
        if done is not None:
            text = t("phone.already", lang, seq=done.seq)
            return Answer(200, True, text, entry_count(session), done.seq)
        count = entry_count(session)
        return Answer(409, False, t("phone.moved_on", lang, entries=count), count)
    try:
        if session.ledger.reaches_below(tap.words[0].lower()):
            rec.ensure_history()
            session = rec.session
        entries = _planned(session, tap, name)
    except RuleError as error:
        return _refused(error, lang, entry_count(session), tap)
    return _recorded(rec, entries, lang)


#: The status of a tap the disk had no room for (HTTP's "insufficient storage"): the page
#: says so, and offers no "tap to retry" of the same tap (page.js).
DISK_FULL = 507


def _disk_full(lang: str, count: int) -> Answer:
    """The answer to a tap the disk had no room for: nothing was recorded."""
    return Answer(DISK_FULL, False, t("phone.disk_full", lang), count, final=False)


def _recorded(rec: Recorder, entries: list[Entry], lang: str) -> Answer:
    """Record *entries* (checked in turn already), and the phone's answer: a disk that
    could not take the first one is said in words (nothing was recorded), not a failure."""
    event = None
    try:
        for entry in entries:
            event = rec.record(entry)
    except StorageError as error:
        count = entry_count(rec.session)
        if event is None and error.disk_full:
            return _disk_full(lang, count)
        return Answer(503, event is not None, error.message(lang), count, final=False)
    assert event is not None
    session = rec.session
    key, params = session.describe(len(session.events) - 1)
    what = describe_text(key, params, lang)
    local = local_text(event.at, "%H:%M:%S")
    text = t("phone.recorded", lang, seq=event.seq, time=local, what=what)
    return Answer(200, True, text, entry_count(session), event.seq)


def _record_correction(rec: Recorder, tap: Tap, name: str | None, lang: str) -> Answer:
    """A correction put together on the page server: answered as recorded when the same
    correction is in the journal since it began (a request sent again), else checked on
    the session as it is now (every later entry replayed through the rules) and recorded;
    a refusal says why in the rules' words, and nothing is written."""
    try:
        rec.ensure_history()  # a correction reaches below any snapshot
        session = rec.session
        start = max(tap.after + 1 - session.history_from, 0)
        for event in session.events[start:]:
            if event.kind == "correct" and _same(session.game, event, tap.words):
                text = t("phone.already", lang, seq=event.seq)
                return Answer(200, True, text, entry_count(session), event.seq)
        entries = _planned(session, tap, name)
    except RuleError as error:
        return Answer(422, False, error.message(lang), entry_count(rec.session))
    return _recorded(rec, entries, lang)


def record_tap_locked(store: Store, sid: int, tap: Tap, name: str | None, lang: str) -> Answer:
    """:func:`record_tap` with the session's lock taken for this one tap (no app has the
    session open): a session open elsewhere is a clean refusal, nothing written. The tap
    is answered once its entry is on the disk and folded: no snapshot is kept as the lock
    is let go (services/keeping.py keeps it when the taps pause)."""
    try:
        rec = open_recording(store, sid, history=False, keep=False)
    except StorageError as error:
        if error.key == "storage.locked":
            text = t("phone.open_elsewhere", lang, session=sid)
            return Answer(409, False, text, -1, final=False)
        if error.disk_full:
            return _disk_full(lang, -1)
        return Answer(503, False, error.message(lang), -1, final=False)
    except UserError as error:
        return Answer(503, False, error.message(lang), -1, final=False)
    with rec:
        return record_tap(rec, tap, name, lang)
