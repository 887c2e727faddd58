"""The board screen of Pochen: nine pools, the trump, the stage, the Poch pot, stacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from scorekeeper.core.amounts import whole_number
from scorekeeper.core.betting import betting_of
from scorekeeper.core.cards import SUIT_SYMBOLS
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.game import Game
from scorekeeper.core.games.pochen import BOARD_ROWS, DealView, deal_view, pool_words
from scorekeeper.core.games.ranking import parse_ranking_words
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.round_words import round_words
from scorekeeper.ui.screens.betting import BettingTable, SeatWords
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.seats import pairs_example, ranking_example, seat_names, seat_pairs
from scorekeeper.ui.widgets.board import Board
from scorekeeper.ui.widgets.players import PlayerTable, player_rows


class PochenPanel(Vertical):
    """The board, then one line for the trump and the stage, one for the Poch."""

    DEFAULT_CSS = """
    PochenPanel #pochen-stage {
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        yield Board(BOARD_ROWS, id="board")
        yield Static("", id="pochen-stage", markup=False)
        yield Static("", id="pochen-poch", markup=False)

    #: Below this many rows the pools take two lines each, not three.
    SHORT_BELOW = 30

    def on_resize(self) -> None:
        short = self.screen.size.height < self.SHORT_BELOW
        if short != self.query_one(Board).has_class("-short"):
            self.query_one(Board).set_class(short, "-short")
            self.set_class(short, "-short")
            if isinstance(self.screen, PochenTable):
                self.screen.show_game()

    def show(self, game: Game, state: State, view: RoundView | None) -> None:
        """The board as the game reads it (``Game.board_view``, which the page shows too),
        then the stage and the Poch as the core reads them (*view*)."""
        deal = deal_view(state)
        board = game.board_view(state)
        if board is not None:
            self.query_one(Board).show(board, state.numbers())
        self.query_one("#pochen-stage", Static).update(stage_line(state, deal))
        self.query_one("#pochen-poch", Static).update("\n".join(poch_lines(deal, view)))


def stage_line(state: State, deal: DealView) -> str:
    """Where the deal is: the trump once there is one, then the stage (said once: before the
    trump the stage itself asks for it)."""
    now = deal.stage
    if state.finished:
        return t("ui.stake.finished", round=state.round)
    if now == "between":
        return t("ui.pochen.next", round=round_words(state), dealer=state.parent)
    stage = t(f"ui.pochen.stage.{now}")
    return (
        t("ui.pochen.stage", stage=stage, trump=SUIT_SYMBOLS[deal.trump]) if deal.trump else stage
    )


def poch_lines(deal: DealView, view: RoundView | None) -> list[str]:
    """The Poch under the stage: its pot and who is in it once something is bet, whose turn
    it is and what they need, each said once; and a Poch nobody bet in, in words."""
    if deal.nobody_bet and deal.stage == "playout":  # ("sets" says it in the stage)
        return [t("ui.pochen.nobody_bet")]
    if view is None or not deal.poch_open:
        return []
    lines = []
    if view.pot:
        who = " ".join(deal.contestants or view.live)
        lines.append(t("ui.pochen.pot", chips=view.pot, players=who))
    if view.to_act:
        if not view.stake:
            lines.append(t("ui.pochen.turn_open", player=view.to_act))
        elif view.to_call == view.stake:  # nothing in yet: the call is the highest
            lines.append(t("ui.pochen.turn_call", player=view.to_act, call=view.to_call))
        else:
            turn = t("ui.pochen.turn", player=view.to_act, call=view.to_call, high=view.stake)
            lines.append(turn)
    return lines


class PochenTable(BettingTable):
    GAME_ID = "pochen"
    SEAT_WORDS = SeatWords("ui.pochen.bet_column", "ui.players.sitting_out", False, False)

    GAME_ACTIONS = (
        TableAction("turned", "p", "turned"),
        TableAction("trump", "g", "trump"),
        TableAction("claim", "a", "claim"),
        TableAction("pass_poch", "o", "pass"),
        TableAction("check_poch", "k", "check", words="check"),
        TableAction("bet_poch", "b", "bet", words="bet"),
        TableAction("call_poch", "c", "call", words="call"),
        TableAction("raise_poch", "r", "raise", words="raise_bet"),
        TableAction("fold_poch", "f", "fold", words="fold_hand"),
        TableAction("show", "v", "show", meaning_="cards"),
        TableAction("poch_winner", "s", "poch", meaning_="names"),
        TableAction("out", "x", "out"),
    )

    def game_panel(self) -> Widget:
        return PochenPanel(id="pochen")

    def show_seats(self) -> None:
        """Pochen's seats say less than a chip table's: whose turn, who folded, what is in
        the Poch. They share one column, so the board and the seats fit 80 columns."""
        state, view = self.state, self.round_view()
        betting, turn = betting_of(state), view.to_act if view is not None else None
        committed = view.committed if view is not None else {}

        def cells(name: str) -> tuple[Text, ...]:
            chips = committed.get(name, 0)
            if name == turn:
                return (Text(f"▶ {chips or ''}".rstrip(), style="bold reverse"),)
            if betting is not None and name in betting.folded:
                return (Text(t("ui.pochen.folded_mark"), style="dim"),)
            return (Text(str(chips) if chips else "", justify="right"),)

        mark = t(self.recording.session.game.worded("ui.players.mark"))
        rows = player_rows(state, mark, cells, signed=False)
        columns = (t(self.SEAT_WORDS.committed_column),)
        self.query_one(PlayerTable).show(state, rows, columns, t("word.chips"))

    def show_game(self) -> None:
        game = self.recording.session.game
        self.query_one(PochenPanel).show(game, self.state, self.round_view())
        self.show_seats()

    # -- the trump -----------------------------------------------------------------
    def action_turned(self) -> None:
        box = t("ui.hint.turned")
        syntax = {"rules.pochen.turned_syntax": box}
        title = t("ui.pochen.turned_title")
        # words, never a bare value that reads as typed
        example = t("ui.hint.example", example="8D")
        self._ask("turned", title, example, lambda text: {"card": text.strip()}, box, syntax)

    def action_trump(self) -> None:
        box = t("ui.hint.trump")
        syntax = {"rules.pochen.trump_syntax": box}
        title = t("ui.pochen.trump_title")
        example = t("ui.hint.example", example="D")
        self._ask("trump", title, example, lambda text: {"suit": text.strip()}, box, syntax)

    def _ask(
        self,
        kind: str,
        title: str,
        placeholder: str,
        data: Any,
        empty: str | None = None,
        box: Mapping[str, str] | None = None,
        help_text: str = "",
    ) -> None:
        """A one-line entry, checked by the core before the dialog closes.

        *empty* says what to type when the box is left empty, and *box* rewords the
        refusals that quote a transcript line (error key -> text), in the box's own words;
        *help_text* is a rule shown above the box.
        """

        def check(text: str) -> str | None:
            if empty is not None and not text.strip():
                return empty
            try:
                return self.check_entry(kind, data(text), box)
            except RuleError as error:
                return (box or {}).get(error.key) or error.message()

        def done(text: str | None) -> None:
            if text:
                self.record(Entry(kind, data(text)))

        self.app.push_screen(TextDialog(title, placeholder, check, help_text=help_text), done)

    # -- claims ----------------------------------------------------------------------
    def action_claim(self) -> None:
        def pools_for(player: str) -> None:
            box = t("ui.hint.claim_empty", player=player)
            self._ask(
                "claim",
                t("ui.pochen.claim_title", player=player),
                t("ui.pochen.claim_placeholder"),
                lambda text: {"player": player, "pools": pool_words(text)},
                box,
                {"rules.pochen.claim_syntax": box},
            )

        self.pick("claim", t("ui.pochen.who_claims"), pools_for, complete=False)

    # -- the Poch --------------------------------------------------------------------
    def action_pass_poch(self) -> None:
        self.bet("pass")

    def action_check_poch(self) -> None:
        self.bet("check")

    def action_call_poch(self) -> None:
        self.bet("call")

    def action_fold_poch(self) -> None:
        self.bet("fold")

    def _amount(self, kind: str) -> None:
        player = self.turn()

        def data(text: str) -> dict[str, Any]:
            amount = whole_number(text.strip())  # past the one bound: refused in words
            if amount is None:
                raise RuleError("rules.pochen.amount_syntax", verb=kind)
            return {"player": player, "amount": amount}

        title = t(f"ui.pochen.{kind}_title", player=player)
        box = t("ui.hint.amount", player=player)
        syntax = {"rules.pochen.amount_syntax": box}
        self._ask(kind, title, t("ui.pochen.amount_placeholder"), data, box, syntax)

    def action_bet_poch(self) -> None:
        self._amount("bet")

    def action_raise_poch(self) -> None:
        self._amount("raise")

    def action_show(self) -> None:
        def data(text: str) -> dict[str, Any]:
            pairs = seat_pairs(self.state, text)
            return {"sets": [[name, cards.split(",")] for name, cards in pairs]}

        shown = pairs_example(self.legal_kinds().get("show", ()), ("KD,KS", "9C,9D,9S"))
        hint, empty = t("ui.hint.example", example=shown), t("ui.hint.sets_empty", example=shown)
        syntax = {"rules.pochen.show_syntax": empty}
        title = t("ui.pochen.show_title")
        self._ask("show", title, hint, data, empty, syntax, self._set_order())

    def action_poch_winner(self) -> None:
        def data(text: str) -> dict[str, Any]:
            return {"ranking": parse_ranking_words(seat_names(self.state, text))}

        example = ranking_example(self.legal_kinds().get("poch", ()))
        hint, empty = (
            t("ui.hint.ranking", example=example),
            t("ui.hint.ranking_empty", example=example),
        )
        syntax = {"rules.ranking_syntax": empty}
        title = t("ui.pochen.poch_title")
        self._ask("poch", title, hint, data, empty, syntax, self._set_order())

    def _set_order(self) -> str:
        """How sets rank in the Poch, as the game says it (Game.set_order), for the dialogs
        that show the sets or name the winner."""
        said = self.recording.session.game.set_order(self.state.options)
        return " ".join(t(key) for key in said)

    # -- the play-out ------------------------------------------------------------------
    def action_out(self) -> None:
        def chosen(player: str) -> None:
            if self.state.options.get("card_payment") is not True:
                self.record_player("out", player)
                return

            def data(text: str) -> dict[str, Any]:
                paid = [[name, _cards(n)] for name, n in seat_pairs(self.state, text)]
                return {"player": player, "paid": paid}

            title = t("ui.pochen.cards_left_title", player=player)
            others = [p for p in self.legal_kinds().get("out", ()) if p != player]
            left = pairs_example(others, ("3", "2", "1"))
            hint, empty = t("ui.hint.example", example=left), t("ui.hint.left_empty", example=left)
            self._ask("out", title, hint, data, empty)

        paying = self.state.options.get("card_payment") is True
        self.pick("out", t("ui.pochen.who_out"), chosen, complete=not paying)


def _cards(word: str) -> int | str:
    """Cards left as typed: a number (refused in words past the one bound), else the word
    itself, which the rules then refuse as it was typed."""
    number = whole_number(word)
    return word if number is None else number
