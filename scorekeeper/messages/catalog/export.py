"""The catalog's ``export.*`` messages: exports (HTML, Markdown, CSV, JSON). Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "export.title": ("{game} — session {session}", "{game} — セッション{session}"),
    "export.summary": (
        "rounds played: {rounds}, {first} to {last}",
        "{rounds}ラウンド、{first}〜{last}",
    ),
    "export.no_entries": ("no entries yet", "記録はまだありません"),
    "export.status_in_round": ("round {round} still in play", "ラウンド{round}進行中"),
    "export.rounds": ("Rounds", "ラウンド"),
    "export.no_rounds": ("No round has been played yet.", "まだラウンドは行われていません。"),
    "export.stake_timeline": ("Stake timeline", "賭け点の推移"),
    "export.no_stake_changes": (
        "The stake was never raised.",
        "賭け点は一度も上がりませんでした。",
    ),
    "export.receipt": (
        "Receipt: {entries} {entries:entry|entries}, last hash {hash}",
        "控え: 記録{entries}件、最後のハッシュ {hash}",
    ),
    # -- the end of a session, as the phones and the copied summary say it -------------
    "export.share.title": ("{game} · {date}", "{game} · {date}"),
    "export.share.standing": ("{rank}. {name} {result}", "{rank}位 {name} {result}"),
    "export.share.final": (
        "Final standings after {rounds} {rounds:round|rounds}",
        "最終順位({rounds}ラウンド)",
    ),
    "export.chart": ("Net result over rounds", "ラウンドごとの収支"),
    "export.chart_end": ("end", "終了"),
    "export.settlement": ("Settlement", "精算"),
    "export.col.points": ("points", "点数"),
    "export.col.losses": ("losses", "負け数"),
    "export.col.result": ("result", "結果"),
    "export.col.change": ("{player} change", "{player} 増減"),
    "export.col.total": ("{player} total", "{player} 累計"),
    "export.col.seq": ("#", "#"),
    "export.col.what": ("what happened", "内容"),
    "export.col.mark": ("undone or replaced", "取り消し・訂正"),
    # -- settlement ----------------------------------------------------------------
    "export.pays": ("{payer} pays {payee} {amount}", "{payer}が{payee}に{amount}を支払う"),
    "export.rate_point": ("at {rate} per point", "1点あたり{rate}"),
    "export.rate_chip": ("at {rate} per chip", "チップ1枚あたり{rate}"),
    "export.all_square": ("Nobody owes anybody anything.", "精算の必要はありません。"),
    "export.no_settlement_losses": (
        "This game counts losses only: there is nothing to settle.",
        "このゲームは負け数を数えるだけなので、精算はありません。",
    ),
    "export.settle_in_round": (
        "Round {round} is still in play: settle once it is over.",
        "ラウンド{round}が進行中です。終わってから精算してください。",
    ),
    "export.board_returned": (
        "At the end the {chips} {chips:chip|chips} left on the board went back in equal "
        "shares (odd chips one each from the dealer's left): {shares}.",
        "終了時に場に残った{chips}チップは等分して返しました(端数はディーラーの左から1枚ずつ): "
        "{shares}。",
    ),
    "export.board_carried": (
        "The next session of this table (same table again) opens with this board, each "
        "player anteing their share again.",
        "この卓の次回(同じ卓でもう一度)はこの場から始め、各自が自分の分をもう一度払います。",
    ),
    "export.board_share": ("{player} {chips}", "{player} {chips}"),
    "export.chips_on_table": (
        "{chips} {chips:chip is|chips are} still on the table: settle once they have been won.",
        "まだ{chips}枚のチップが場に残っています。獲得されてから精算してください。",
    ),
    "export.bad_rate": (
        "{text!r} is not a rate: give a positive number with at most 2 decimals, like 10 or 0.5",
        "「{text}」はレートではありません。10や0.5のように、小数点以下2桁までの正の数を指定してください",
    ),
}
