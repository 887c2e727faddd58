"""The catalog's ``ui.help.*`` messages: the one-line help beside each command, the
common ones and each game's. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "ui.help.new_round": ("Start the next round", "次のラウンドを始める"),
    "ui.help.proposals": (
        "Players' proposals recorded at once, or confirmed by you (an entry)",
        "提案をすぐ記録する / 確認してから記録する(記録に残る)",
    ),
    "ui.help.undo": (
        "Void the latest entry (the log keeps it)",
        "最新の記録を取り消す(履歴には残る)",
    ),
    "ui.help.note": ("Add a note to the log", "履歴にメモを残す"),
    "ui.help.rate": (
        "Money per point or chip, for the settle-up",
        "1点・チップ1枚あたりの金額(精算用)",
    ),
    "ui.help.hand_over": ("Hand the record book to another player", "記録役を別の人に渡す"),
    "ui.help.join": (
        "A new player sits down (between rounds)",
        "新しいプレイヤーが参加(ラウンドの合間)",
    ),
    "ui.help.leave": (
        "A player leaves the rotation (between rounds)",
        "プレイヤーが抜ける(ラウンドの合間)",
    ),
    "ui.help.end": (
        "End the session: the standings become final",
        "セッションを終了し、順位を確定",
    ),
    "ui.help.standings": (
        "Totals, ranks and what each player did",
        "合計・順位・各プレイヤーの成績",
    ),
    "ui.help.rebuy": (
        "A player buys more chips (between rounds)",
        "チップを買い足す(ラウンドの合間)",
    ),
    "ui.help.correct": (
        "Correct a past round (the later rounds are recomputed)",
        "過去のラウンドを訂正(後のラウンドは再計算)",
    ),
    # -- indian-official ---------------------------------------------------------------
    "ui.help.indian-official.fold": (
        "A child folds and owes the current stake",
        "子が降りて、今の賭け点を払う",
    ),
    "ui.help.indian-official.raise": (
        "The stake doubles",
        "賭け点が倍になる",
    ),
    "ui.help.indian-official.names": (
        "Pick the winner of the showdown",
        "勝負の勝者を選ぶ",
    ),
    "ui.help.indian-official.cards": (
        "Enter the cards shown and let the rules find the winner",
        "出たカードを入力して勝者を決める",
    ),
    # -- indian-chips ------------------------------------------------------------------
    "ui.help.indian-chips.check": (
        "The player to act checks",
        "手番の人がチェック",
    ),
    "ui.help.indian-chips.bet": (
        "The player to act bets",
        "手番の人がベット",
    ),
    "ui.help.indian-chips.call": (
        "The player to act calls",
        "手番の人がコール",
    ),
    "ui.help.indian-chips.raise": (
        "The player to act raises",
        "手番の人がレイズ",
    ),
    "ui.help.indian-chips.fold": (
        "The player to act folds",
        "手番の人が降りる",
    ),
    "ui.help.indian-chips.redraw": (
        "A player redraws (once per round)",
        "引き直し(1ラウンド1回)",
    ),
    "ui.help.indian-chips.names": (
        "Enter the ranking of the hands, best first",
        "強い順に順位を入力する",
    ),
    "ui.help.indian-chips.cards": (
        "Enter the cards shown and let the rules find the winner",
        "出たカードを入力して勝者を決める",
    ),
    # -- indian-lowest -----------------------------------------------------------------
    "ui.help.indian-lowest.redraw": (
        "A player redraws (once per round)",
        "引き直し(1ラウンド1回)",
    ),
    "ui.help.indian-lowest.cards": (
        "Enter the cards shown; the lowest loses",
        "出たカードを入力(一番弱い人が負け)",
    ),
    "ui.help.indian-lowest.names": (
        "Name the losers of the round",
        "このラウンドの負けを入力",
    ),
    # -- pochen ------------------------------------------------------------------------
    "ui.help.pochen.turned": (
        "The card turned up sets the trump",
        "めくったカードで切り札を決める",
    ),
    "ui.help.pochen.trump": (
        "Name the trump suit",
        "切り札のスートを入力",
    ),
    "ui.help.pochen.claim": (
        "A player claims pools with trump honours",
        "切り札の役で場を請求",
    ),
    "ui.help.pochen.pass": (
        "The player to act passes",
        "手番の人がパス",
    ),
    "ui.help.pochen.check": (
        "The player to act checks",
        "手番の人がチェック",
    ),
    "ui.help.pochen.bet": (
        "The player to act bets (a total)",
        "手番の人がベット(合計額)",
    ),
    "ui.help.pochen.call": (
        "The player to act calls",
        "手番の人がコール",
    ),
    "ui.help.pochen.raise": (
        "The player to act raises (a total)",
        "手番の人がレイズ(合計額)",
    ),
    "ui.help.pochen.fold": (
        "The player to act folds",
        "手番の人が降りる",
    ),
    "ui.help.pochen.cards": (
        "Enter the sets shown; the best wins",
        "公開された組を入力(最強が勝ち)",
    ),
    "ui.help.pochen.names": (
        "Name the winner of the Poch",
        "ポッヘンの勝者を入力",
    ),
    "ui.help.pochen.out": (
        "The first player out takes the centre",
        "最初に上がった人がセンターを取る",
    ),
}
