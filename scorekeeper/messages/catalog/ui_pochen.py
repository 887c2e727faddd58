"""The catalog's ``ui.pochen.*`` messages: Pochen's board, stages and forms on the app's
screens. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "ui.pochen.pool.ace": ("Ace", "エース"),
    "ui.pochen.pool.king": ("King", "キング"),
    "ui.pochen.pool.queen": ("Queen", "クイーン"),
    "ui.pochen.pool.jack": ("Jack", "ジャック"),
    "ui.pochen.pool.ten": ("Ten", "10"),
    "ui.pochen.pool.marriage": ("Marriage", "マリッジ"),
    "ui.pochen.pool.sequence": ("Sequence", "シークエンス"),
    "ui.pochen.pool.poch": ("Poch", "ポッヘン"),
    "ui.pochen.pool.centre": ("Centre", "センター"),
    "ui.pochen.claimed_by": ("→ {player}", "→ {player}"),
    "ui.pochen.carried": ("carried ×{deals}", "持ち越し{deals}回"),
    "ui.pochen.next": (
        "next: deal {round}, dealer {dealer}",
        "次: ラウンド{round}、ディーラー {dealer}",
    ),
    "ui.pochen.stage": ("trump {trump} · {stage}", "切り札 {trump} · {stage}"),
    "ui.pochen.stage.trump": ("turn up the trump (p or g)", "切り札を決める(pかg)"),
    "ui.pochen.stage.claims": (
        "claims (a) until the first Poch entry",
        "役の請求(a)はポッヘンの賭けが始まるまで",
    ),
    "ui.pochen.stage.poch": ("the Poch", "ポッヘン(賭け)"),
    "ui.pochen.stage.showdown": (
        "the Poch showdown (v show, s winner)",
        "ポッヘンの勝負(v 公開、s 勝者)",
    ),
    "ui.pochen.stage.sets": (
        "nobody bet: best set (v, s), then out (x)",
        "全員パス: 最強の役(v、s)、その後上がり(x)",
    ),
    "ui.pochen.stage.playout": (
        "play-out: who goes out first (x)",
        "場札出し: 最初に上がる人(x)",
    ),
    "ui.pochen.stage.between": ("between deals", "ラウンドの合間"),
    # The Poch under the stage line, which already says "the Poch": its pot is the pot
    "ui.pochen.pot": ("pot {chips}: {players}", "ポット {chips}: {players}"),
    "ui.pochen.turn": (
        "▶ {player} to act: {call} to call (highest {high})",
        "▶ {player}の番: コール{call}(最高{high})",
    ),
    "ui.pochen.turn_open": ("▶ {player} to act: pass or bet", "▶ {player}の番: パスかベット"),
    "ui.pochen.turn_call": (
        "▶ {player} to act: {call} to call",
        "▶ {player}の番: コール{call}",
    ),
    "ui.pochen.nobody_bet": (
        "nobody bet in the Poch: its pool stays",
        "全員パス: ポッヘンの場は持ち越し",
    ),
    "ui.pochen.bet_column": ("Poch", "賭け"),
    "ui.pochen.turned_title": (
        "The card turned up (it sets the trump)",
        "めくったカード(切り札になる)",
    ),
    "ui.pochen.trump_title": (
        "The trump suit: spades, hearts, diamonds, clubs (or S H D C)",
        "切り札のスート: スペード・ハート・ダイヤ・クラブ(S H D C)",
    ),
    "ui.pochen.who_claims": ("Who claims?", "請求するのは誰?"),
    "ui.pochen.claim_title": ("Pools {player} claims", "{player}が請求する場"),
    "ui.pochen.claim_placeholder": (
        "pools, e.g. king queen marriage (or K Q)",
        "場の名前。例: キング クイーン マリッジ(K Q でも可)",
    ),
    "ui.pochen.amount_placeholder": (
        "the total the player is in for",
        "そのプレイヤーの賭けの合計",
    ),
    "ui.pochen.bet_title": ("{player} bets: in for how many?", "{player}のベット: 合計いくつ?"),
    "ui.pochen.raise_title": (
        "{player} raises: in for how many?",
        "{player}のレイズ: 合計いくつ?",
    ),
    "ui.pochen.show_title": ("The sets shown", "公開された組"),
    "ui.pochen.poch_title": (
        "Who won the Poch? (best first, = for a tie)",
        "ポッヘンの勝者は?(強い順、=は同点)",
    ),
    "ui.pochen.who_out": ("Who went out first?", "最初に上がったのは誰?"),
    "ui.pochen.cards_left_title": (
        "{player} went out: cards left in each other hand",
        "{player}が上がり: 他の人の残り枚数",
    ),
    "ui.pochen.folded_mark": ("folded", "降り"),
    "ui.pochen.carried_short": ("carried ×{deals}", "持越×{deals}"),
}
