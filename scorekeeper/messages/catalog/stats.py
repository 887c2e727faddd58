"""The catalog's ``stats.*`` messages: statistics across sessions. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "stats.col.sessions": ("sessions", "参加数"),
    "stats.col.rounds": ("rounds", "ラウンド"),
    "stats.col.won": ("won", "勝ち"),
    "stats.col.folds": ("folds", "降り"),
    "stats.col.net_points": ("net points", "点数収支"),
    "stats.col.net_chips": ("net chips", "チップ収支"),
    "stats.col.net_losses": ("net (−losses)", "収支(−負け数)"),
    "stats.heading": ("{game} — sessions: {sessions}", "{game} — セッション数: {sessions}"),
    "stats.none": (
        "No finished round in the stored sessions (for this game and dates).",
        "保存されたセッションに終わったラウンドがありません(このゲームと期間では)。",
    ),
    "stats.unreadable": (
        "{count} {count:stored session|stored sessions} could not be read and {count:is|are} left out.",
        "{count}件のセッションは読み込めないため除外しました。",
    ),
    "stats.bad_date": (
        "{text!r} is not a date: write it as 2026-05-31",
        "「{text}」は日付ではありません: 2026-05-31 のように書いてください",
    ),
    "stats.dates_backwards": (
        "the range ends ({last}) before it starts ({first})",
        "期間の終わり({last})が始まり({first})より前です",
    ),
    # -- the screen ----------------------------------------------------------------
    "stats.key.open": ("Stats", "統計"),
    "stats.title": ("Statistics over all sessions", "全セッションの統計"),
    "stats.game": ("game", "ゲーム"),
    "stats.from": ("from", "開始日"),
    "stats.to": ("to", "終了日"),
    "stats.date_hint": ("YYYY-MM-DD", "YYYY-MM-DD"),
    "stats.key.next_game": ("Next game", "次のゲーム"),
    "stats.summary": (
        "sessions: {sessions} · {dates} · net: {net}",
        "セッション数: {sessions} · {dates} · 収支: {net}",
    ),
    "stats.all_dates": ("all dates", "全期間"),
    "stats.dates": ("{first} to {last}", "{first}〜{last}"),
    "stats.open_end": ("…", "…"),
    "stats.net.points": ("points won or lost", "獲得・失点の合計"),
    "stats.net.chips": ("chips won less chips brought", "獲得チップ − 持ち込んだチップ"),
    "stats.net.losses": (
        "minus the rounds lost (closer to 0 is better)",
        "負けたラウンド数のマイナス(0に近いほど良い)",
    ),
    "stats.empty": (
        "No finished round yet for this game and these dates.",
        "このゲームと期間では、終わったラウンドがまだありません。",
    ),
    "stats.no_games": (
        "No stored session has a finished round yet.",
        "終わったラウンドのあるセッションはまだありません。",
    ),
    # -- the score chart -------------------------------------------------------------
    "stats.chart.title": (
        "Net result over rounds ({low} to {high})",
        "ラウンドごとの収支({low}〜{high})",
    ),
    "stats.chart.empty": (
        "The chart starts once a round has finished.",
        "ラウンドが終わるとグラフが表示されます。",
    ),
    "stats.col.player": ("player", "名前"),
    # -- statistics columns -------------------------------------------------------------
    "stats.col.lead_rounds.parent": ("as parent", "親"),
    "stats.col.lead_rounds.dealer": ("as dealer", "ディーラー"),
    "stats.col.lead_net.parent": ("parent net", "親の収支"),
    "stats.col.lead_net.dealer": ("dealer net", "ディーラー収支"),
}
