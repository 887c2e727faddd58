"""Words that depend on the game: who leads a round, results in words, hints.

Who leads a round is the *parent* (親) in the official points game and the
*dealer* (ディーラー) in the chip games and Pochen. Every message that names
that person comes in two forms, ``<key>.parent`` and ``<key>.dealer``; a view
asks the game which (``Game.worded``), never its name. key -> (English, Japanese).
"""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- who leads a round, said alone (column headings, the cards dialog's role) ----
    "word.lead.parent": ("parent", "親"),
    "word.lead.dealer": ("dealer", "ディーラー"),
    # -- the mark beside that player's name in the players column ---------------------
    "ui.players.mark.parent": ("親 parent", "親"),
    "ui.players.mark.dealer": ("dealer", "ディーラー"),
    # -- the log ----------------------------------------------------------------------
    "log.round.parent": (
        "round {round} begins, {parent} is parent",
        "ラウンド{round}開始、親は{parent}",
    ),
    "log.round.dealer": (
        "round {round} begins, {parent} deals",
        "ラウンド{round}開始、ディーラーは{parent}",
    ),
    # -- the stake panel ----------------------------------------------------------------
    "ui.stake.round.parent": ("round {round} · parent {parent}", "ラウンド{round} · 親 {parent}"),
    "ui.stake.round.dealer": (
        "round {round} · dealer {parent}",
        "ラウンド{round} · ディーラー {parent}",
    ),
    "ui.stake.between.parent": (
        "next: round {round} · parent {parent}",
        "次: ラウンド{round} · 親 {parent}",
    ),
    "ui.stake.between.dealer": (
        "next: round {round} · dealer {parent}",
        "次: ラウンド{round} · ディーラー {parent}",
    ),
    # -- the table display's caption under the big number ---------------------------
    "display.stake.parent": (
        "stake · parent {parent} · cap {cap}",
        "賭け点 · 親 {parent} · 上限 {cap}",
    ),
    "display.stake.dealer": (
        "stake · dealer {parent} · cap {cap}",
        "賭け点 · ディーラー {parent} · 上限 {cap}",
    ),
    "display.round.parent": ("round · parent {parent}", "ラウンド · 親 {parent}"),
    "display.round.dealer": ("round · dealer {parent}", "ラウンド · ディーラー {parent}"),
    "display.pot.parent": ("pot · parent {parent}", "ポット · 親 {parent}"),
    "display.pot.dealer": ("pot · dealer {parent}", "ポット · ディーラー {parent}"),
    "display.board.parent": ("on the board · parent {parent}", "盤上 · 親 {parent}"),
    "display.board.dealer": ("on the board · dealer {parent}", "盤上 · ディーラー {parent}"),
    # -- `scorekeeper show`: the status after the game's name ---------------------------
    "cli.status_in_round.parent": (
        ", in play (stake {stake}), parent {parent}",
        "進行中(賭け点{stake})、親は{parent}",
    ),
    "cli.status_in_round.dealer": (
        ", in play (stake {stake}), dealer {parent}",
        "進行中(賭け点{stake})、ディーラーは{parent}",
    ),
    "cli.status_in_round_pot.parent": (
        ", in play (pot {pot}), parent {parent}",
        "進行中(ポット{pot})、親は{parent}",
    ),
    "cli.status_in_round_pot.dealer": (
        ", in play (pot {pot}), dealer {parent}",
        "進行中(ポット{pot})、ディーラーは{parent}",
    ),
    "cli.status_in_round_board.parent": (
        ", in play ({chips} on the board), parent {parent}",
        "進行中(盤上{chips})、親は{parent}",
    ),
    "cli.status_in_round_board.dealer": (
        ", in play ({chips} on the board), dealer {parent}",
        "進行中(盤上{chips})、ディーラーは{parent}",
    ),
    "cli.status_in_round_plain.parent": (", in play, parent {parent}", "進行中、親は{parent}"),
    "cli.status_in_round_plain.dealer": (
        ", in play, dealer {parent}",
        "進行中、ディーラーは{parent}",
    ),
    "cli.status_next.parent": (", next parent {parent}", "、次の親は{parent}"),
    "cli.status_next.dealer": (", next dealer {parent}", "、次のディーラーは{parent}"),
    # -- statistics columns -------------------------------------------------------------
    "stats.col.lead_rounds.parent": ("as parent", "親"),
    "stats.col.lead_rounds.dealer": ("as dealer", "ディーラー"),
    "stats.col.lead_net.parent": ("parent net", "親の収支"),
    "stats.col.lead_net.dealer": ("dealer net", "ディーラー収支"),
}

MESSAGES.update(
    {
        # -- results: who won what, and what stays on the board ------------------------
        "result.chips.showdown_split": (
            "{winner} split the pot of {pot} at the showdown",
            "勝負で{winner}がポット{pot}を山分け",
        ),
        "result.chips.showdown_side": (
            "{winner} won the main pot of {pot} at the showdown; side pot: {sides}",
            "勝負でメインポット{pot}は{winner}が獲得。サイドポット: {sides}",
        ),
        "result.chips.showdown_pots": (
            "{winner} won the main pot of {pot} at the showdown; side pots: {sides}",
            "勝負でメインポット{pot}は{winner}が獲得。サイドポット: {sides}",
        ),
        "ui.table.net": ("Net: {changes}", "収支: {changes}"),
        "ui.table.to_board": ("; {chips} stay on the board", "(場に{chips}が残る)"),
        "ui.table.from_board": ("; {chips} came from the board", "(場から{chips})"),
        # -- the pot panel during betting: every chip in the middle, then its parts -------
        "ui.pot.middle_caption": ("in the middle", "中央の合計"),
        "ui.pot.unmatched": ("not called yet {chips}: {players}", "未コール分 {chips}: {players}"),
    }
)

MESSAGES.update(
    {
        # -- hints in a box: the session's real players, in the box's own syntax --------
        "ui.hint.example": ("e.g. {example}", "例: {example}"),
        "ui.hint.ranking": (
            "e.g. {example} (= ties; seats work too)",
            "例: {example}(=は同点、席番号も可)",
        ),
        "ui.hint.ranking_empty": (
            "type the ranking best first, like {example} (= for a tie)",
            "強い順に入力してください(例: {example}、=は同点)",
        ),
        "ui.hint.losers": ("names or seat numbers, e.g. {example}", "名前か席番号(例: {example})"),
        "ui.hint.losers_empty": (
            "type who lost (names or seat numbers), like {example}",
            "負けた人を名前か席番号で入力してください(例: {example})",
        ),
        "ui.hint.sets_empty": (
            "type each set as name=cards, like {example}",
            "組を「名前=カード」の形で入力してください(例: {example})",
        ),
        "ui.hint.turned": (
            "type the card turned up, like 8D",
            "めくったカードを入力してください(例: 8D)",
        ),
        "ui.hint.trump": (
            "type the trump suit: diamonds, D or ♦ (spades, hearts, clubs alike)",
            "切り札のスートを入力してください(例: diamonds、D、♦)",
        ),
        "ui.hint.claim_empty": (
            "type the pools {player} claims, separated by spaces",
            "{player}が請求する場をスペース区切りで入力してください",
        ),
        "ui.hint.amount": (
            "type the total {player} is in for, as a whole number",
            "{player}の賭けの合計を整数で入力してください",
        ),
        "ui.hint.left_empty": (
            "type the cards left in each other hand as name=number, like {example}",
            "他の人の残り枚数を「名前=枚数」の形で入力してください(例: {example})",
        ),
    }
)

MESSAGES.update(
    {
        # -- the standings' own columns, per game (Game.standings_columns) --------------
        "standings.as_parent": ("rounds as parent", "親の回数"),
        "standings.won": ("rounds won", "勝ったラウンド"),
        "standings.played": ("rounds played", "参加ラウンド"),
        "standings.no_loss": ("rounds without a loss", "負けなしのラウンド"),
        "standings.deals_played": ("deals played", "参加した回"),
        "standings.deals_won": ("deals won", "勝った回"),
    }
)

MESSAGES.update(
    {
        # -- the new-session form: who leads the first round ------------------------------
        "ui.new.lead.parent": ("First parent", "最初の親"),
        "ui.new.lead.dealer": ("First dealer", "最初のディーラー"),
        "ui.new.lead_help.parent": ("deals the first round", "最初のラウンドの親"),
        "ui.new.lead_help.dealer": ("deals the first round", "最初のラウンドのディーラー"),
        "ui.new.recorder_same.parent": ("same as first parent", "最初の親と同じ"),
        "ui.new.recorder_same.dealer": ("same as first dealer", "最初のディーラーと同じ"),
    }
)
