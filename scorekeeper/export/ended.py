"""The end of a session in words: what every phone and the chat summary say once it has
ended (the final standings, who pays whom in money, Pochen's board given back, the
receipt), made once here so the phones' page and the copied text say the same."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings
from scorekeeper.core.times import local_text
from scorekeeper.export.settlement import Settlement, Transfer, settle
from scorekeeper.messages import t


def number_text(value: int, *, signed: bool) -> str:
    """A standing with thousands separators: signed for a result (+1,230, -50, 0)."""
    return f"{value:+,d}" if signed and value else f"{value:,d}"


@dataclass(frozen=True)
class Line:
    """One player's final standing: rank, name, and the number the ranking shows."""

    rank: int
    name: str
    value: int
    text: str  # the number as shown (signed, with thousands separators)


@dataclass(frozen=True)
class Pay:
    """One transfer and how it is said."""

    payer: str
    payee: str
    amount: int  # in points or chips
    money: str  # the amount to hand over, at the session's rate, with its currency
    text: str  # "B pays A 5,200"


@dataclass(frozen=True)
class Ended:
    """What the end of a session says, in one language."""

    title: str  # the game and the date it was played
    heading: str  # "Final standings after 4 rounds"
    standings: tuple[Line, ...]
    pay_title: str
    rate: str  # "at 10 per point", or "" without a rate
    pays: tuple[Pay, ...]
    notes: tuple[str, ...]  # why nothing is paid (all square, losses only, …)
    board: tuple[str, ...]  # Pochen's board given back at the end
    receipt: str  # "Receipt: 31 entries, last hash …", or "" when not known


def ended(session: Session, lang: str, receipt: Receipt | None = None) -> Ended:
    """The end of *session* as every view of it says it (its standings final only once
    it has ended; between rounds, those so far)."""
    state, game = session.state, session.game
    settled = settle(session)  # at the session's own rate (its ``rate`` entry), if any
    rounds = len(state.results)
    if state.finished:
        heading = t("export.share.final", lang, rounds=rounds)
    else:
        heading = t("web.label.standings_in_play", lang, rounds=rounds)
    lines = tuple(_line(s.rank, s.player, s.score, s.net, session) for s in standings(state))
    first = session.first_at or (session.events[0].at if session.events else None)
    date = local_text(first, "%Y-%m-%d") if first is not None else ""
    name = t(game.name_key, lang)
    return Ended(
        title=t("export.share.title", lang, game=name, date=date) if date else name,
        heading=heading,
        standings=lines,
        pay_title=t("timeline.settlement", lang),
        rate=(settled.rate_text(lang) or "") if settled.transfers else "",
        pays=tuple(_pay(settled, x, lang) for x in settled.transfers),
        notes=tuple(_notes(settled, lang)),
        board=tuple(settled.board_lines(lang)),
        receipt="" if receipt is None else receipt_line(receipt, lang),
    )


def receipt_line(receipt: Receipt, lang: str) -> str:
    """The receipt as every export says it: entries, and the whole last hash."""
    return t("export.receipt", lang, entries=receipt.entries, hash=receipt.hash)


def _line(rank: int, name: str, score: int, net: int, session: Session) -> Line:
    game = session.game
    if game.lower_is_better:  # losses: the count itself
        return Line(rank, name, score, number_text(score, signed=False))
    return Line(rank, name, net, number_text(net, signed=True))


def _pay(settled: Settlement, transfer: Transfer, lang: str) -> Pay:
    """A transfer as the settlement says it (Settlement.money: in money at its rate, else
    in points or chips; thousands separated either way)."""
    money = settled.money(transfer, lang)
    text = t("export.pays", lang, payer=transfer.payer, payee=transfer.payee, amount=money)
    return Pay(transfer.payer, transfer.payee, transfer.amount, money, text)


def _notes(settled: Settlement, lang: str) -> list[str]:
    if settled.reason is not None:
        key, params = settled.reason
        return [t(key, lang, **params)]
    return [] if settled.transfers else [t("export.all_square", lang)]
