"""The catalog's ``settle.*`` messages: settling up: who pays whom, the money rate. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "settle.heading": (
        "Sessions {sessions} together",
        "セッション{sessions}をまとめて精算",
    ),
    "settle.totals": ("Totals: {totals}", "合計: {totals}"),
    "settle.total": ("{name} {amount}", "{name} {amount}"),
    "settle.twice": (
        "session {session} is listed twice: name each session once",
        "セッション{session}が二度指定されています。各セッションは一度だけ指定してください",
    ),
    "settle.separator": (", ", "、"),
    "settle.no_rate": (
        "not settled in money: sessions without a rate: {sessions}; each kind is settled"
        " apart, in its own units",
        "レートのないセッション({sessions})があるため、金額ではなく種類ごとにそれぞれの単位で精算します",
    ),
    "settle.part.point": ("In points (sessions {sessions}):", "点数(セッション{sessions}):"),
    "settle.part.chip": ("In chips (sessions {sessions}):", "チップ(セッション{sessions}):"),
    "settle.rates": ("Rates: {rates}", "レート: {rates}"),
    "settle.rate_of": ("session {session} {rate}", "セッション{session} {rate}"),
    "settle.currency_of": ("{currency} in {sessions}", "{sessions}は{currency}"),
    "settle.mixed_currencies": (
        "sessions in different currencies cannot be settled together ({currencies}):"
        " give them one currency with rate, or settle them apart",
        "通貨の違うセッションはまとめて精算できません({currencies})。"
        "rate で同じ通貨にするか、分けて精算してください",
    ),
    "settle.session_losses": (
        "session {session} counts losses only: there is nothing to settle; leave it out",
        "セッション{session}は負けの回数を数えるゲームなので精算するものがありません。外してください",
    ),
    "settle.session_in_round": (
        "session {session}: round {round} is still in play; settle once it is over",
        "セッション{session}: ラウンド{round}がまだ進行中です。終わってから精算してください",
    ),
    "settle.session_chips_on_table": (
        "session {session}: {chips} chips are still on the table; settle once they have been won",
        "セッション{session}: まだ{chips}枚のチップが場に残っています。取られてから精算してください",
    ),
    # -- the start screen -------------------------------------------------------------------
    "settle.ui.title": ("Settlement", "精算"),
    "settle.ui.title_one": ("Settlement of session {session}", "セッション{session}の精算"),
    "settle.ui.close": ("Enter or Esc closes", "Enter か Esc で閉じる"),
    "settle.ui.marked": (
        "Marked to settle together: {sessions} — $ settles them, Space unmarks",
        "まとめて精算する選択: {sessions} — $ で精算、Space で選択を外す",
    ),
    "settle.ui.nothing": ("No session to settle.", "精算するセッションがありません。"),
    "settle.ui.key.mark": ("Mark", "選択"),
    "settle.ui.key.settle": ("Settle", "精算"),
    "settle.ui.key.close": ("Close", "閉じる"),
    # -- the result copied as text for a chat app (final standings, settle-up: c) ---------
    "settle.ui.key.copy": ("Copy", "コピー"),
    "settle.ui.copied": (
        "The result is copied: paste it into the chat.",
        "結果をコピーしました。チャットに貼り付けてください。",
    ),
    "settle.ui.close_copy": (
        "c copies the result · Enter or Esc closes",
        "c で結果をコピー · Enter か Esc で閉じる",
    ),
    "settle.ui.key.more": ("Scroll", "スクロール"),
}
