"""What the live table page shows, as one JSON-ready document in one language.

The page (scorekeeper/web/) only puts these values into the page as text: every
number and every word is decided here, from the game's read side, so a phone
tells the same story as the recorder's screen. Long sessions cost the same as
short ones: only the latest entries and stake changes are taken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from scorekeeper.core.pots import Pot
from scorekeeper.core.read_model import BoardView, RoundView, Said
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings
from scorekeeper.core.state import State
from scorekeeper.core.times import local_text
from scorekeeper.export.ended import ended
from scorekeeper.export.js_exact import exact_for_js
from scorekeeper.export.live_stakes import stake_row_doc
from scorekeeper.export.report import (
    has_stakes,
    parent_heading,
    score_heading,
    stake_rows,
    title,
)
from scorekeeper.export.share_text import ended_text
from scorekeeper.export.timeline_doc import proposed_words
from scorekeeper.messages import Count, t
from scorekeeper.messages.describe import describe_text

#: How many of the latest entries and stake changes a page shows.
LATEST_ENTRIES = 15
LATEST_STAKES = 40
#: How far back the stake changes are read, in entries: never further than the state a
#: long session's page starts from (storage/snapshot.STATE_LAG entries back, 64), so the
#: page shows the same whether it folded the whole session or started at its snapshot.
STAKE_ENTRIES = 60


def live_view(
    session: Session, sid: int, lang: str, receipt: Receipt | None = None
) -> dict[str, Any]:
    """The page's document: headline, players, standings, pots or board, entries, stakes;
    once the session has ended, its end (*receipt*: the session's, when it is known).
    Whole numbers past what JavaScript holds exactly are sent as their digits (js_exact)."""
    state, game = session.state, session.game
    view = game.round_view(state) if state.in_round else None
    document: dict[str, Any] = exact_for_js(_document(session, sid, lang, receipt, state, view))
    return document


def _document(
    session: Session,
    sid: int,
    lang: str,
    receipt: Receipt | None,
    state: State,
    view: RoundView | None,
) -> dict[str, Any]:
    game = session.game
    board = game.board_view(state)
    return {
        "lang": lang,
        "session": sid,
        "entries_count": session.history_from - 1 + len(session.events),
        "rounds": state.round,  # the rounds started: the stake list's filter offers each
        "title": title(session, sid, lang),
        "headline": _headline(session, lang),
        "status": _status(session, view, lang),
        "players": _players(session, view, lang),
        "standings": _standings(state),
        # a game with a board shows what is bet for on it; other chip games show their pots
        "pots": _pots(view, lang) if game.uses_chips and board is None else None,
        "board": _board(board, lang) if board is not None else None,
        "result": last_result_line(session, lang),
        "entries": _entries(session, lang),
        "stakes": _stakes(session, lang),
        "finished": state.finished,
        "ended": _ended(session, receipt, lang) if state.finished else None,
        "uses_chips": game.uses_chips,  # the players' table has a column for chips put in
        "score_is_net": game.score_is_net,  # points: one column, not the same number twice
        "labels": {
            key: t(f"web.label.{key}", lang)
            for key in ("players", "standings", "pots", "board", "entries", "stakes", "result")
        }
        | _standings_label(state, lang),
        "columns": {
            "seat": t("web.column.seat", lang),
            "name": t("web.column.name", lang),
            "score": score_heading(game, lang),
            "in_round": t("web.column.in_round", lang),
            "committed": t("web.column.committed", lang),
            "net": t("web.column.net", lang),
            "rank": t("web.column.rank", lang),
            "time": t("web.column.time", lang),
            "round": t("word.round", lang),
            "stake": t("web.column.change", lang),
            "what": t("web.column.what", lang),
        },
    }


def headline_caption(session: Session, lang: str | None = None) -> str:
    """What the big number is, with who leads the round (and the cap of a stake): under
    the digits of the table display and of the phones' page alike."""
    state, game = session.state, session.game
    headline = game.headline(state)
    if headline.kind == "stake":
        cap = headline.cap if headline.cap is not None else "—"
        return t(game.worded("display.stake"), lang, parent=state.parent, cap=cap)
    if headline.kind == "round":
        return t(game.worded("display.round"), lang, parent=state.parent)
    if headline.kind == "board":
        return t(game.worded("display.board"), lang, parent=state.parent)
    return t(game.worded("display.pot"), lang, parent=state.parent)


def _headline(session: Session, lang: str) -> dict[str, Any]:
    state, game = session.state, session.game
    headline = game.headline(state)
    caption = headline_caption(session, lang)
    if state.finished:  # no stake, pot or board is in play any more: the end is shown
        caption = t("web.ended.caption", lang)
    return {
        "kind": headline.kind,
        "label": t(f"word.{headline.kind}", lang),
        "value": headline.value,
        "in_play": headline.in_play,
        "cap": headline.cap,
        "caption": caption,
        "parent": state.parent,
        "parent_label": parent_heading(game, lang),
    }


def _status(session: Session, view: RoundView | None, lang: str) -> str:
    """One line: the round in play and whose turn it is, or who deals next."""
    state = session.state
    if state.finished:  # (what the board gave back is said with the end: _ended)
        return t("ui.stake.finished", lang, round=state.round)
    if view is None:
        return t(
            session.game.worded("web.next_round"), lang, round=state.round + 1, parent=state.parent
        )
    line = t("web.round_in_play", lang, round=state.round)
    if view.to_act is not None:
        line += " · " + _to_act(session, view, lang)
    return line


def _ended(session: Session, receipt: Receipt | None, lang: str) -> dict[str, Any]:
    """The end on every phone: the final standings, who pays whom (in money at the
    session's rate), the board given back, the receipt, and the same as one text to share."""
    end, game = ended(session, lang, receipt), session.game
    return {
        "heading": end.heading,
        # losses are counted as they are; every other game ranks by the signed result
        "value_heading": score_heading(game, lang)
        if game.lower_is_better
        else t("web.column.net", lang),
        "signed": not game.lower_is_better,
        "standings": [
            {"rank": x.rank, "name": x.name, "value": x.value, "text": x.text}
            for x in end.standings
        ],
        "pay_title": end.pay_title,
        "rate": end.rate,
        "transfers": [
            {"from": x.payer, "to": x.payee, "amount": x.amount, "money": x.money, "text": x.text}
            for x in end.pays
        ],
        "notes": list(end.notes),
        "board": list(end.board),
        "receipt": None
        if receipt is None
        else {"entries": receipt.entries, "hash": receipt.hash, "text": end.receipt},
        "text": ended_text(end, lang),
        "words": {
            key: t(f"web.ended.{key}", lang)
            for key in ("share", "copy", "copied", "copy_failed", "text")
        },
    }


def _to_act(session: Session, view: RoundView, lang: str) -> str:
    """Whose turn, and what they may do: what it costs to call, or with nothing to call the
    entries the buttons offer now (check or bet; pass or bet in Pochen's Poch, where a
    check before a bet is its pass: ``Session.legal_once``, one button for one thing)."""
    if view.to_call:
        return t("web.to_act", lang, player=view.to_act, call=view.to_call)
    kinds = {action.kind for action in session.legal_once()}
    for kind in ("check", "pass"):
        if kind in kinds and "bet" in kinds:
            return t(f"web.to_act_{kind}", lang, player=view.to_act)
    return t("web.acting_now", lang, player=view.to_act)


def _players(session: Session, view: RoundView | None, lang: str) -> list[dict[str, Any]]:
    state, game = session.state, session.game
    net, seated = game.net(state), state.seated()
    rows = []
    for name, seat in state.numbers().items():
        if name not in seated:
            where, text = "left", t("ui.players.left", lang)
        elif view is None:
            where, text = "seated", ""
        elif name not in view.dealt:
            where, text = "out", t("ui.players.sitting_out", lang)
        elif name in view.folded:
            where, text = "folded", t("web.folded", lang)
        elif name == view.to_act:
            where, text = "to_act", t("web.acting", lang)
        else:
            where, text = "in", t("web.in", lang)
        committed = view.committed.get(name, 0) if view is not None else 0
        rows.append(
            {
                "seat": seat,
                "name": name,
                "parent": name == state.parent and name in seated,
                "recorder": name == state.recorder,
                "where": where,
                "where_text": text,
                "score": state.scores[name],
                "net": net[name],
                "committed": committed,
            }
        )
    return rows


def _standings_label(state: State, lang: str) -> dict[str, str]:
    """In a round, the standings' heading says they are those after the last finished
    round, as the app's standings do; in the first round, with none finished, the plain
    heading (not "after 0 rounds")."""
    if not state.in_round or not state.results:
        return {}
    rounds = Count(len(state.results))
    return {"standings": t("web.label.standings_in_play", lang, rounds=rounds)}


def _standings(state: State) -> list[dict[str, Any]]:
    return [{"rank": s.rank, "name": s.player, "net": s.net} for s in standings(state)]


def _pots(view: RoundView | None, lang: str) -> list[str]:
    """Each pot and who can win it, then chips nobody has matched yet."""
    return pot_lines(view, ", ".join, lang) if view is not None else []


def pot_lines(
    view: RoundView, who: Callable[[Iterable[str]], str], lang: str | None = None
) -> list[str]:
    """Each pot of the round in play and who can win it (*who* names them), then the chips
    nobody has matched yet: the app's pot panel and the phones' page say them alike."""
    lines, pots = [], view.pots
    if len(pots) > 1 and not view.all_in:  # apart only until the calls come: one pot
        pots = (Pot(sum(pot.amount for pot in pots), pots[0].eligible),)
    for index, pot in enumerate(pots):
        key = "ui.pot.main" if index == 0 else "ui.pot.side"
        lines.append(t(key, lang, chips=pot.amount, players=who(pot.eligible)))
    unmatched = view.unmatched
    if unmatched:
        chips = sum(unmatched.values())
        lines.append(t("ui.pot.unmatched", lang, chips=chips, players=who(unmatched)))
    return lines


def _board(board: BoardView, lang: str) -> dict[str, Any]:
    """The game's board as it lies (its read model: Game.board_view), with the stage and
    what is bet for in the middle."""
    rows = []
    for row in board.rows:
        cells = []
        for pool in row:
            if pool.claimed_by:
                note = t(board.claimed_key, lang, player=pool.claimed_by)
            elif pool.carried:
                note = t(board.carried_key, lang, deals=pool.carried)
            else:
                note = ""
            cells.append(
                {"pool": pool.pool, "name": t(pool.name, lang), "chips": pool.chips, "note": note}
            )
        rows.append(cells)
    return {"rows": rows, "stage": _said(board.stage, lang), "poch": _said(board.pot, lang)}


def _said(line: Said | None, lang: str) -> str:
    """A line the core words (a catalog key and its parameters) in *lang*; none: ""."""
    return "" if line is None else t(line[0], lang, **line[1])


def _entries(session: Session, lang: str) -> list[dict[str, Any]]:
    """The latest entries, newest first, marked as the timeline marks them."""
    voided, superseded = session.voided(), session.superseded()
    first = max(0, len(session.events) - LATEST_ENTRIES)
    rows = []
    for index in range(len(session.events) - 1, first - 1, -1):
        event = session.events[index]
        key, params = session.describe(index)
        mark = ""
        if event.seq in voided:
            mark = t("log.voided_by", lang, seq=voided[event.seq])
        elif event.seq in superseded:
            mark = t("timeline.superseded", lang, seq=superseded[event.seq])
        struck = bool(mark)
        # a player proposed it (issue 46), and the recorder or the switch recorded it
        proposed = proposed_words(event, lang, by_switch=session.by_switch(index))
        if proposed:
            mark = " · ".join(filter(None, (mark, proposed)))
        rows.append(
            {
                "seq": event.seq,
                "time": local_text(event.at, "%H:%M:%S"),
                "text": describe_text(key, dict(params), lang),
                "struck": struck,
                "mark": mark,
                "proposed": proposed,
            }
        )
    return rows


def _stakes(session: Session, lang: str) -> list[dict[str, Any]] | None:
    """The latest rows of the stake timeline, newest first, as the app's timeline shows
    them (each at its own time; undone or replaced ones marked); None in a game without a
    stake, which has no such list. The whole list is read when a phone asks for it
    (``stakes.json``, export/live_stakes.py), never sent with every table."""
    if not has_stakes(session.game):
        return None
    latest = stake_rows(session, lang, LATEST_STAKES, STAKE_ENTRIES)  # not the whole history
    return [stake_row_doc(row, lang) for row in reversed(latest)]  # the whole: live_stakes.py


def last_result_line(session: Session, lang: str | None = None) -> str:
    """The last round's result in one line: what happened, who paid whom, the standings."""
    state, game = session.state, session.game
    if not state.results:
        return ""
    result = state.results[-1]
    what = t(result.how, lang, **result.details)
    payers = ", ".join(f"{n} {-d}" for n, d in result.deltas.items() if d < 0)
    winners = ", ".join(f"{n} {d}" for n, d in result.deltas.items() if d > 0)
    changes = ", ".join(f"{n} {d:+d}" if d else f"{n} 0" for n, d in result.deltas.items())
    if game.uses_chips:  # pots and pools: each player's net, and the board's share
        paid = t("ui.table.net", lang, changes=changes)
        # what stays on the board is the board's whole after the round, as it is shown
        board = sum(result.board.values()) if result.board is not None else 0
        if result.to_board > 0 and board == result.to_board:
            paid += t("ui.table.to_board", lang, chips=board)
        elif result.to_board > 0:
            paid += t("ui.table.to_board_of", lang, chips=result.to_board, board=board)
        elif result.to_board < 0:
            paid += t("ui.table.from_board", lang, chips=-result.to_board, board=board)
    elif payers and winners:
        paid = t("ui.table.paid", lang, payers=payers, winners=winners)
    else:  # nobody or everybody gained: chips went to or came from the board
        changes = ", ".join(f"{n} {d:+d}" for n, d in result.deltas.items() if d)
        paid = t("ui.table.changes", lang, changes=changes) if changes else ""
    if game.uses_chips:  # ranked by the net result: show it, not the chips held
        ranked = " · ".join(
            f"{s.rank} {s.player} {s.net:+d}" if s.net else f"{s.rank} {s.player} 0"
            for s in standings(state)
        )
    else:
        signed = "d" if game.lower_is_better else "+d"
        ranked = " · ".join(f"{s.rank} {s.player} {s.score:{signed}}" for s in standings(state))
    return t("ui.table.result", lang, round=result.round, what=what, paid=paid, standings=ranked)
