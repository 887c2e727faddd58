"""The keys of a table screen: each entry key and the entry kind the core must allow for
it, the entries every game shares, and the footer's bindings made from them.

A game's screen lists its own keys (``GAME_ACTIONS``); ui/screens/table_base.py binds
them with the common ones when the class is made.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from textual.binding import Binding, BindingType

from scorekeeper.messages import t
from scorekeeper.ui.widgets.key_bar import PALETTE_WORD


@dataclass(frozen=True)
class TableAction:
    """A key on a table screen and the entry kind the core must allow for it."""

    name: str  # runs action_<name>
    key: str
    kind: str
    #: Its label ``ui.key.<words>`` (default: its name), so the keys of two games that
    #: read the same share it.
    words: str = ""
    #: What the key means across games (default: its entry kind): one key per meaning,
    #: and no key with two meanings in two games (tests/test_table_keys.py).
    meaning_: str = ""
    #: The game whose table the key is on (set by TableScreen), for its help: a game's
    #: entry keys have their own help, ``ui.help.<game>.<meaning>``, never another
    #: game's (a reveal in one game does not say that the lowest card loses)
    game: str = ""

    @property
    def meaning(self) -> str:
        return self.meaning_ or self.kind

    @property
    def label_key(self) -> str:
        return f"ui.key.{self.words or self.name}"

    @property
    def help_key(self) -> str:
        """Its help: the game's own for a game's key, else the common entry's."""
        if self.game:
            return f"ui.help.{self.game}.{self.meaning}"
        return f"ui.help.{self.words or self.name}"


COMMON_ACTIONS = (
    TableAction("new_round", "n", "round"),
    TableAction("undo", "u", "undo"),
    TableAction("note", "m", "note"),
    TableAction("rate", "dollar_sign", "rate"),
    TableAction("hand_over", "h", "recorder"),
    TableAction("join", "j", "join"),
    TableAction("leave", "l", "leave"),
    TableAction("rebuy", "y", "rebuy"),
    TableAction("end", "e", "end"),
    TableAction("proposals", "w", "proposals"),  # the switch of players' proposals (issue 46)
)


#: What a table that only shows still offers: nothing among them records.
SHOWING = frozenset({"standings", "close", "explain"})
#: Footer keys that give way, first to last, when the footer is narrow (help lists them;
#: then the palette's word (^p stays, and the palette names itself when opened), then the
#: hand-over; ctrl+r, offered once a round can be corrected, gives way last).
SPARE = ("standings", "timeline", "rate", "close", PALETTE_WORD, "hand_over", "correct_round")
#: Views that act on the stored session itself: not offered where it is only shown.
STORED_ONLY = frozenset({"timeline", "export", "correct_round"})


def table_bindings(actions: Iterable[TableAction]) -> list[BindingType]:
    """The footer's bindings of a table with these entry keys, then help and the views."""
    actions = list(actions)
    shown: list[Binding] = [
        Binding(a.key, a.name, t(a.label_key), id=f"table-{a.name}") for a in actions
    ]
    # The same keys again, hidden: reached only when the entry is not legal
    # now (check_action refused the first), they say why instead of nothing.
    explain = [
        Binding(a.key, f"explain('{a.name}')", show=False, id=f"table-why-{a.name}")
        for a in actions
    ]
    # The players' proposals (issue 46): shown first, only while one waits (table_proposals.py)
    answers = [
        Binding("enter", "confirm_proposal", t("ui.proposals.key.confirm"),
                id="table-confirm-proposal"),
        Binding("X", "refuse_proposal", t("ui.proposals.key.refuse"), id="table-refuse-proposal"),
    ]  # fmt: skip
    # Help right after the entry keys: it stays in sight when the footer is narrow.
    helps = [Binding("question_mark,f1", "app.help", t("ui_help.key.help"), id="table-help")]
    extra = [
        Binding("t", "standings", t("ui.key.standings"), id="table-standings"),
        Binding("i", "timeline", t("timeline.key.open"), id="table-timeline"),
        Binding("ctrl+e", "export", t("timeline.key.export"), show=False, id="table-export"),
        Binding("ctrl+r", "correct_round", t("ui.key.correct"), id="table-correct"),
        Binding("escape", "close", t("ui.key.back"), id="table-close"),
    ]
    # Priority: the app runs a table key (opening its dialog) before it hands on the next
    # key, so the letter typed right after "m" reaches the note box, not the table.
    return [replace(b, priority=True) for b in (*answers, *shown, *helps, *explain, *extra)]
