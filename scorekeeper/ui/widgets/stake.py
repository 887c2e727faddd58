"""The stake in large digits, for everyone at the table to read from across it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label

from scorekeeper.core.game import Game
from scorekeeper.core.read_model import Headline
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.round_words import round_words
from scorekeeper.ui.widgets.toned_digits import TonedDigits


class StakePanel(Vertical):
    """Stake, cap, round and who leads it: what the official rules ask the parent to keep clear."""

    def compose(self) -> ComposeResult:
        yield Label("", id="stake-caption", markup=False)
        yield TonedDigits("", id="stake-digits")
        yield Label("", id="stake-cap", markup=False)
        yield Label("", id="stake-round", markup=False)

    def show(self, state: State, headline: Headline, game: Game) -> None:
        caption = t("word.stake") if headline.in_play else t("ui.stake.next")
        digits = str(headline.value)
        cap = headline.cap
        cap_text = t("ui.stake.cap", cap=cap) if cap is not None else t("ui.stake.no_cap")
        at_cap = headline.in_play and headline.value == cap
        if state.finished:
            round_text = t("ui.stake.finished", round=state.round)
        elif state.in_round:
            round_text = t(
                game.worded("ui.stake.round"), round=round_words(state), parent=state.parent
            )
        else:
            round_text = t(
                game.worded("ui.stake.between"), round=round_words(state), parent=state.parent
            )
        self.query_one("#stake-caption", Label).update(caption)
        tone = "warning" if at_cap else None if headline.in_play else "muted"
        self.query_one("#stake-digits", TonedDigits).show(digits, tone)
        self.query_one("#stake-cap", Label).update(cap_text)
        self.query_one("#stake-round", Label).update(round_text)
