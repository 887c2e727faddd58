"""Messages that make the Japanese complete (issue 14): Textual's own words in the
command palette, the new-session form's option labels and values, and the names
of Pochen's pools in prose (the board has its own labels, ``ui.pochen.pool.*``).

key -> (English, Japanese).
"""

MESSAGES: dict[str, tuple[str, str]] = {
    "list.separator": (", ", "・"),
    # -- Pochen's pools in prose: English keeps the names the recorder types ---------
    "pochen.pool.ace": ("ace", "エース"),
    "pochen.pool.king": ("king", "キング"),
    "pochen.pool.queen": ("queen", "クイーン"),
    "pochen.pool.jack": ("jack", "ジャック"),
    "pochen.pool.ten": ("ten", "10"),
    "pochen.pool.marriage": ("marriage", "マリッジ"),
    "pochen.pool.sequence": ("sequence", "シークエンス"),
    "pochen.pool.poch": ("poch", "ポッヘン"),
    "pochen.pool.centre": ("centre", "センター"),
    "rules.pochen.pool_names": (
        "ace (A), king (K), queen (Q), jack (J), ten (10, T), marriage, sequence, poch, centre",
        "エース(A)・キング(K)・クイーン(Q)・ジャック(J)・10(テン、T)・マリッジ・シークエンス・"
        "ポッヘン・センター(英語の名前も使えます)",
    ),
    # -- Textual's own words: the command palette and its system commands --------------
    "ui.key.palette": ("palette", "コマンド"),
    "ui.palette.tooltip": ("Open the command palette", "コマンドの一覧を開く"),
    "ui.palette.search": ("Search for commands…", "コマンドを検索…"),
    "ui.palette.themes": ("Search for themes…", "テーマを検索…"),
    "ui.system.theme.title": ("Theme", "テーマ"),
    "ui.system.theme.help": ("Change the current theme", "画面の配色を変える"),
    "ui.system.quit.title": ("Quit", "終了"),
    "ui.system.quit.help": (
        "Quit the application (every entry is already saved)",
        "アプリを終了する(記録はすべて保存済み)",
    ),
    "ui.system.keys.title": ("Keys", "キー一覧"),
    "ui.system.keys.help": (
        "Show every key of this screen and what it does",
        "いま使えるキーの一覧を表示する",
    ),
    "ui.system.minimize.title": ("Minimize", "元の大きさに戻す"),
    "ui.system.minimize.help": (
        "Minimize the widget and restore to normal size",
        "最大化した部分を元の大きさに戻す",
    ),
    "ui.system.maximize.title": ("Maximize", "最大化"),
    "ui.system.maximize.help": (
        "Maximize the focused widget",
        "選んでいる部分を画面いっぱいに広げる",
    ),
    "ui.system.screenshot.title": ("Screenshot", "スクリーンショット"),
    "ui.system.screenshot.help": (
        "Save an SVG 'screenshot' of the current screen",
        "今の画面を画像として保存する",
    ),
    # -- the new-session form: options by name, values in words -------------------------
    "option.value.cap.none": ("none (no limit)", "上限なし(青天井)"),
    "option.value.suits.none": ("none (ties)", "なし(同点)"),
    "option.value.suits.sanma": ("sanma ♠>♥>♦>♣", "サンマ ♠>♥>♦>♣"),
    "option.value.suits.hokuto": ("hokuto ♥>♣>♦>♠", "ホクト ♥>♣>♦>♠"),
    "option.value.deck.32": ("32 cards", "32枚"),
    "option.value.deck.52": ("52 cards", "52枚"),
    "option.value.turned_honour.carry": ("carries over", "持ち越し"),
    "option.value.turned_honour.dealer": ("goes to the dealer", "ディーラーのもの"),
    "option.value.all_pass.stays": ("the poch pool stays", "ポッヘンの場は持ち越し"),
    "option.value.all_pass.best_set": ("the best set shown takes it", "見せた最強の役が取る"),
    "option.value.end_board.share": ("shared out", "等分して返す"),
    "option.value.end_board.carry": (
        "shared, and the next session opens with it",
        "等分し、次回に持ち越す",
    ),
    # -- entries named in a refusal: the verb in English, the footer's word in Japanese -
    "rules.verb.end": ("end", "終了"),
    "rules.verb.join": ("join", "参加"),
    "rules.verb.leave": ("leave", "離席"),
    "rules.verb.rebuy": ("rebuy", "買い足し"),
    "rules.verb.claim": ("claim", "請求"),
    "rules.verb.pass": ("pass", "パス"),
    "rules.verb.check": ("check", "チェック"),
    "rules.verb.bet": ("bet", "ベット"),
    "rules.verb.call": ("call", "コール"),
    "rules.verb.raise": ("raise", "レイズ"),
    "rules.verb.fold": ("fold", "フォールド"),
    "rules.verb.show": ("show", "役の公開"),
    "rules.verb.poch": ("poch", "ポッヘンの勝者"),
    "rules.verb.out": ("out", "上がり"),
}

#: Each option's label (English, Japanese): the form shows it, and a refusal names the
#: option by it in Japanese and by its key (as typed in a transcript) in English.
_OPTION_LABELS = {
    "rounds": ("Rounds to play", "ラウンド数"),
    "stack": ("Starting chips", "持ちチップ"),
    "base": ("Opening stake", "開始の賭け点"),
    "cap": ("Highest stake", "賭け点の上限"),
    "suits": ("Suit order", "スートの順"),
    "parent_double_folds": ("Folders pay double", "降りた子も倍払い"),
    "ante": ("Ante", "参加料"),
    "bet": ("Bet size", "ベット額"),
    "raises": ("Raises per round", "レイズの回数"),
    "joker": ("Joker", "ジョーカー"),
    "redraw": ("Redraw", "引き直し"),
    "deck": ("Deck", "デッキ"),
    "card_payment": ("Pay for cards left", "残り札の支払い"),
    "turned_honour": ("Turned honour's pool", "めくった絵札の場"),
    "all_pass": ("When nobody bets", "全員パスのとき"),
    "end_board": ("Board at the end", "終了時の場"),
}
for _key, (_english, _japanese) in _OPTION_LABELS.items():
    MESSAGES[f"option.label.{_key}"] = (_english, _japanese)
    MESSAGES[f"option.named.{_key}"] = (_key, _japanese)
