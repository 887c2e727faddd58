"""What a player may propose from their own phone (issue 46): the recorder confirms it.

A player proposes only round entries, and only as their game's ``GameSpec.proposers``
says: ``"self"`` an entry naming themself (fold, bet, claim …), ``"anyone"`` dealt into
the round a result with any of its choices (a showdown), ``"leader"`` the round's parent
or dealer only (the official ``raise``). Everything else (the common entries: undo, a
correction, the rate, the end …) is the recorder's alone. The rules still decide: what is
offered here is cut from ``Session.legal_once``, and a proposal is checked by them.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.game import LegalAction, Proposer
from scorekeeper.core.games import game_spec
from scorekeeper.core.session import Session
from scorekeeper.messages import CATALOG, Phrase

__all__ = ["Proposer", "may_propose", "player_legal"]


def player_legal(session: Session, player: str) -> list[LegalAction]:
    """The entries legal now that *player* may propose, each with the choices open to them
    (their own name for a ``"self"`` entry): what their page offers."""
    return _cut(session, player, session.legal_once())


def _cut(session: Session, player: str, actions: list[LegalAction]) -> list[LegalAction]:
    """*actions* as *player* may propose them: the others left out."""
    proposers = game_spec(session.game.id).proposers
    state = session.state
    table = state.table
    dealt = () if table is None or not state.in_round else table.players
    mine = []
    for action in actions:
        rule = proposers.get(action.kind)
        if rule == "self" and player in action.choices:
            mine.append(replace(action, choices=(player,)))
        elif (rule == "anyone" and player in dealt) or (
            rule == "leader" and player == state.parent and player in dealt
        ):
            mine.append(action)
    return mine


def may_propose(session: Session, player: str, entry: Entry) -> RuleError | None:
    """Why *player* may not propose *entry* (already parsed) now, in plain words; None if
    they may: one of :func:`player_legal`'s entries (or one doing the same now, typed),
    which the rules accept as it stands."""
    kind = entry.kind
    what = _what(session, kind)
    rule: Proposer | None = game_spec(session.game.id).proposers.get(kind)
    if rule is None:
        return RuleError("rules.propose.recorders_only", what=what)
    refused = session.why_not(kind)
    if refused is not None:
        return refused
    state = session.state
    if rule == "self":
        try:
            actor = state.find_player(str(entry.data.get("player", "")))
        except RuleError as error:
            return error
        if actor != player:
            return RuleError("rules.propose.for_other", player=player, other=actor, what=what)
    offered = {a.kind: a.choices for a in _cut(session, player, session.legal())}
    if kind not in offered:
        if rule == "leader":
            return RuleError("rules.propose.leader_only", leader=state.parent, what=what)
        if rule == "anyone":
            return RuleError("rules.propose.not_dealt", player=player, what=what)
    try:
        session.check(entry)
    except RuleError as error:
        return error
    if kind not in offered:  # the rules took it, but not from this player now
        return RuleError("rules.propose.not_now", player=player, what=what)
    return None


def _what(session: Session, kind: str) -> Phrase | str:
    """An entry's kind as its phone button says it, else its verb as typed."""
    label = game_spec(session.game.id).phone.label(kind)
    return Phrase((label,)) if label in CATALOG else kind
