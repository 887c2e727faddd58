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
    "settle.mixed_units": (
        "points and chips cannot be settled together (sessions in points: {points};"
        " in chips: {chips}): settle each kind apart",
        "点数とチップはまとめて精算できません: セッション{points}は点数、"
        "セッション{chips}はチップです。種類ごとに分けて精算してください",
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
    # -- the money rate (final standings, $): kept in the settings ---------------------------
    "settle.ui.key.rate": ("Rate", "レート"),
    "settle.ui.key.more": ("Scroll", "スクロール"),
    "settle.ui.rate_question": (
        "Money per point or chip (like 10 or 0.5; empty: none)",
        "1点・チップ1枚あたりの金額(10、0.5など。空欄: なし)",
    ),
    "settle.ui.rate_not_kept": (
        "The rate could not be kept: the settings folder cannot be written. Nothing changed.",
        "レートを保存できませんでした(設定フォルダーに書き込めません)。何も変わっていません。",
    ),
}
