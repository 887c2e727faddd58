"""Players' proposals waiting for the recorder (issue 46): a queue in the page server's
memory, never in the journal.

A player's tap is checked here as a dry run (the words read as ``scorekeeper record``
reads them, ``core/proposing.py may_propose``, which asks the rules too) against the
table the player saw: its count of entries (``after``) must be the session's now. Then
it waits, in the order proposals came, until the recorder confirms it (it becomes an
ordinary tap carrying who proposed it: :meth:`Proposal.tap`), refuses it, or an entry
recorded meanwhile makes it stale (:meth:`ProposalQueue.withdraw_stale`): a proposal is
never confirmed against a count it was not made for. Each player is told the last thing
that happened to theirs (:meth:`ProposalQueue.mine`).

A proposal is made for the table its player saw *plus the proposals queued ahead of it*
(docs/rules/proposals.md): confirming one from the queue moves the ones behind it, made
at the same count, on to the count after its entry (:meth:`ProposalQueue.tell`), so the
recorder confirms a queue in order with one key each, the rules checking each again as
it is recorded. Any other entry makes every waiting proposal stale.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Proposed
from scorekeeper.core.proposing import may_propose
from scorekeeper.core.session import Session
from scorekeeper.core.words import is_proposed_word, parse_entry
from scorekeeper.messages import LANGUAGES, UserError, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.phone import MAX_WORD, MAX_WORDS, Tap, entry_count

#: Proposals one player may have waiting at once (more is no person at a table).
PER_PLAYER = 4
#: Proposals waiting at once in all.
OVERALL = 32
#: The players' own ids of proposals kept, for the same tap sent again.
KEYS_KEPT = 256

#: What happened to a proposal, as its player's page says it.
Status = Literal["waiting", "confirmed", "refused", "withdrawn"]


@dataclass(frozen=True, slots=True)
class Proposal:
    """One player's proposal: the entry's words, the count of entries it was made at, when
    (UTC), the player's language, and the entry in words (for the recorder's list)."""

    id: str
    player: str
    words: tuple[str, ...]
    after: int
    at: datetime
    lang: str
    #: What the entry does, in each language ("Ben folded at 10"), worded once, as it was
    #: proposed: without who proposed it, which the player's own page would only repeat.
    labels: tuple[tuple[str, str], ...] = ()
    #: Its place in the order proposals came (the queue's own count): who is behind whom.
    order: int = 0

    def label(self, lang: str) -> str:
        """The proposal in words in *lang*, who and what ("Ben: Ben folded at 10"): the
        recorder's list."""
        return t("phone.proposal.label", lang, player=self.player, what=self.what(lang))

    def what(self, lang: str) -> str:
        """What the entry does in *lang* ("Ben folded at 10"): the player's own page."""
        return dict(self.labels).get(lang) or " ".join(self.words)

    def tap(self) -> Tap:
        """The tap that confirms it: recorded by the recorder's desk exactly as the
        recorder's own tap would be, at the count it was made at, marked with who
        proposed it and when."""
        return Tap(f"p-{self.id}", self.after, self.words, proposed=Proposed(self.player, self.at))


@dataclass(frozen=True, slots=True)
class Word:
    """The last thing a player is told about their proposals: what happened, to which,
    and the rules' own words when the rules refused it at confirming."""

    status: Status
    proposal: Proposal
    reason: str = ""


def read_words(body: object) -> tuple[str, tuple[str, ...], int, int | None]:
    """A player's posted proposal ``{id, after, words, session}``: its id (the page's, for a
    tap sent again), words, count and session; a UserError in plain words otherwise."""
    if not isinstance(body, dict):
        raise UserError("phone.bad_tap")
    key, after, words = body.get("id"), body.get("after"), body.get("words")
    sid = body.get("session")
    if not isinstance(key, str) or not 8 <= len(key) <= 64 or not key.isascii():
        raise UserError("phone.bad_tap")
    if type(after) is not int or after < 0:
        raise UserError("phone.bad_tap")
    if not isinstance(words, list) or not 1 <= len(words) <= MAX_WORDS:
        raise UserError("phone.bad_tap")
    if not all(isinstance(w, str) and 0 < len(w) <= MAX_WORD for w in words):
        raise UserError("phone.bad_tap")
    if words[0].startswith("@") or is_proposed_word(words[0]):  # the server says these
        raise UserError("phone.bad_tap")
    if sid is not None and (type(sid) is not int or sid < 1):
        raise UserError("phone.bad_tap")
    return key, tuple(words), after, sid


class ProposalQueue:
    """The proposals waiting, in the order they came, with caps per player and in all,
    and the last word each player is told. In the page server's loop only."""

    def __init__(self, per_player: int = PER_PLAYER, overall: int = OVERALL) -> None:
        self.per_player, self.overall = per_player, overall
        self._pending: OrderedDict[str, Proposal] = OrderedDict()
        self._words: dict[str, Word] = {}
        self._keys: OrderedDict[tuple[str, str], Proposal] = OrderedDict()
        self._arrived = 0  # proposals queued so far: each one's place in the order
        #: Proposals moved on behind a confirmed one, not yet worded for their new count.
        self._unworded: set[str] = set()

    def pending(self) -> list[Proposal]:
        """The proposals waiting, oldest first."""
        return list(self._pending.values())

    def sent_before(self, player: str, key: str) -> Proposal | None:
        """The proposal *player*'s page sent before under its id *key* (a tap sent again)."""
        return self._keys.get((player, key))

    def propose(
        self,
        session: Session,
        player: str,
        words: Sequence[str],
        after: int,
        now: datetime,
        lang: str = "en",
        key: str | None = None,
    ) -> Proposal:
        """Queue *player*'s proposal of *words*, made on the table of *after* entries: read,
        checked by the rules as *player*'s to propose (nothing written), at the count of
        now. A UserError in plain words otherwise, and nothing queued."""
        mine = [one for one in self._pending.values() if one.player == player]
        if any(one.words == tuple(words) for one in mine):  # a second tap of the same
            raise UserError("phone.proposal.already")
        if len(mine) >= self.per_player:
            raise UserError("phone.proposal.too_many", limit=self.per_player)
        if len(self._pending) >= self.overall:
            raise UserError("phone.proposal.queue_full", limit=self.overall)
        count = entry_count(session)
        if after != count:
            raise UserError("phone.proposal.moved_on", entries=count)
        entry = parse_entry(session.game, list(words))
        refused = may_propose(session, player, entry)
        if refused is not None:
            raise refused
        labels = _labels(session, entry, now)
        self._arrived += 1
        proposal = Proposal(
            secrets.token_hex(6), player, tuple(words), after, now, lang, labels, self._arrived
        )
        self._pending[proposal.id] = proposal
        self._words[player] = Word("waiting", proposal)
        if key is not None:
            self._keys[(player, key)] = proposal
            while len(self._keys) > KEYS_KEPT:
                self._keys.popitem(last=False)
        return proposal

    def take(self, proposal_id: str) -> Proposal:
        """The waiting proposal *proposal_id*, out of the queue (to confirm or refuse it);
        a UserError when none waits (confirmed, refused or withdrawn already)."""
        proposal = self._pending.pop(proposal_id, None)
        if proposal is None:
            raise UserError("phone.proposal.gone")
        return proposal

    def put_back(self, proposal: Proposal) -> None:
        """*proposal*, taken but not answered (the desk could not record just now), in
        the queue again at its place in the order they came."""
        behind = [one for one in self._pending.values() if one.order > proposal.order]
        self._pending[proposal.id] = proposal
        for one in behind:
            self._pending.move_to_end(one.id)

    def withdraw_stale(self, count: int | None) -> list[Proposal]:
        """Every waiting proposal made for a table older than *count* entries (an entry
        not from the queue was recorded since), out of the queue, each player told; the
        ones withdrawn. *count* None: every one (another session is shown now). One made
        for a later count is kept: it follows an entry confirmed from the queue that the
        feed has not read yet."""
        stale = [one for one in self._pending.values() if count is None or one.after < count]
        for proposal in stale:
            del self._pending[proposal.id]
            self._words[proposal.player] = Word("withdrawn", proposal)
        return stale

    def unworded(self) -> list[Proposal]:
        """The waiting proposals moved on since they were worded (their labels may say the
        table they were made at: "folded at 10" where a raise ahead made it 20)."""
        self._unworded &= self._pending.keys()
        return [one for one in self._pending.values() if one.id in self._unworded]

    def reword(self, worded: dict[str, tuple[int, tuple[tuple[str, str], ...]]]) -> bool:
        """Labels made again (:func:`reworded`: each id's count and labels) put on the
        proposals still waiting at that count; whether any label changed."""
        changed = False
        for proposal_id, (after, labels) in worded.items():
            one = self._pending.get(proposal_id)
            if one is None or one.after != after:
                continue
            self._unworded.discard(proposal_id)
            if labels and labels != one.labels:
                self._pending[proposal_id] = new = replace(one, labels=labels)
                word = self._words.get(one.player)
                if word is not None and word.proposal.id == proposal_id:
                    self._words[one.player] = replace(word, proposal=new)
                changed = True
        return changed

    def withdraw_player(self, player: str) -> list[Proposal]:
        """Every waiting proposal of *player* (their link was revoked, or they left)."""
        gone = [one for one in self._pending.values() if one.player == player]
        for proposal in gone:
            del self._pending[proposal.id]
        self._words.pop(player, None)
        return gone

    def tell(self, proposal: Proposal, status: Status, reason: str = "") -> None:
        """What happened to *proposal* (taken out of the queue): said to its player. When
        it was confirmed (recorded as entry ``after + 1``), each proposal behind it made
        for the same count moves on to that entry's count: it was made with this one
        waiting ahead of it, so this entry does not make it stale (the rules check it
        again when it is confirmed). The ones ahead of it were not: they go stale."""
        self._words[proposal.player] = Word(status, proposal, reason)
        if status != "confirmed":
            return
        for one in list(self._pending.values()):
            if one.order > proposal.order and one.after == proposal.after:
                self._pending[one.id] = moved = replace(one, after=proposal.after + 1)
                self._unworded.add(one.id)
                word = self._words.get(one.player)
                if word is not None and word.proposal.id == one.id:
                    self._words[one.player] = replace(word, proposal=moved)

    def mine(self, player: str, lang: str) -> dict[str, Any]:
        """*player*'s page's part: their proposals waiting (``"mine"``) and the last word
        said to them (``"said"``: its status and text, in *lang*), each without their own
        name before it: the page is theirs."""
        waiting = [
            {"id": one.id, "label": one.what(lang), "status": "waiting"}
            for one in self._pending.values()
            if one.player == player
        ]
        word = self._words.get(player)
        said = None
        if word is not None:
            key = f"phone.proposal.{word.status}"
            text = t(key, lang, what=word.proposal.what(lang), reason=word.reason)
            said = {"id": word.proposal.id, "status": word.status, "text": text}
        return {"mine": waiting, "said": said}

    def listed(self, lang: str) -> list[dict[str, Any]]:
        """The recorder's page's list: ``[{id, player, label, at}]``, oldest first."""
        return [
            {"id": one.id, "player": one.player, "label": one.label(lang), "at": _iso(one.at)}
            for one in self._pending.values()
        ]

    def for_app(self) -> dict[str, Any]:
        """The app's line: ``{"pending": [{id, player, words, label, at}]}``, oldest first,
        each label in its player's language."""
        return {
            "pending": [
                {
                    "id": one.id,
                    "player": one.player,
                    "words": list(one.words),
                    "label": one.label(one.lang),
                    "at": _iso(one.at),
                }
                for one in self._pending.values()
            ]
        }


def _iso(at: datetime) -> str:
    return at.isoformat(timespec="seconds")


def reworded(
    session: Session, proposals: Sequence[Proposal]
) -> dict[str, tuple[int, tuple[tuple[str, str], ...]]]:
    """Each of *proposals* made at the count of *session* now, worded again for its table
    (none when the rules refuse it now: its confirm will say why): id → (count, labels)."""
    count = entry_count(session)
    worded = {}
    for one in proposals:
        if one.after != count:
            continue
        try:
            entry = parse_entry(session.game, list(one.words))
        except (RuleError, UserError):  # read once already: never
            continue
        worded[one.id] = (count, _labels(session, entry, one.at))
    return worded


def _labels(session: Session, entry: Entry, now: datetime) -> tuple[tuple[str, str], ...]:
    """The proposed entry in words in each language: "Ben folded at 10"."""
    try:
        event = session.check(entry, now)
        key, params = session.game.describe(session.state, event)
    except RuleError:  # checked already: never, but a label is no reason to refuse
        return ()
    return tuple((lang, describe_text(key, params, lang)) for lang in LANGUAGES)


def proposal_words(lang: str) -> dict[str, str]:
    """The words the pages need for proposals beyond the recorder's page's own."""
    keys = {"proposals_title": "title", "confirm_proposal": "confirm",
            "refuse_proposal": "refuse"}  # fmt: skip
    return {name: t(f"phone.proposal.{key}", lang) for name, key in keys.items()}
