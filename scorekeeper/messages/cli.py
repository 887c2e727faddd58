"""Messages of the command line and the recording service: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "recording.session_invalid": (
        "session {session} cannot be read back: {reason}",
        "セッション{session}を読み込めません: {reason}",
    ),
    "cli.description": (
        "Keep score for card games played with a real deck at a real table.",
        "実物のトランプで遊ぶカードゲームの得点を記録します。",
    ),
    "cli.cannot_read": ("cannot read the file: {reason}", "ファイルを読めません: {reason}"),
    "cli.cannot_write": ("cannot write the file: {reason}", "ファイルに書き込めません: {reason}"),
    "cli.bad_session_id": (
        "{text!r} is not a session number (see 'scorekeeper list')",
        "「{text}」はセッション番号ではありません(「scorekeeper list」で確認できます)",
    ),
    "cli.internal": (
        "internal error ({kind}): {detail}. Nothing was recorded by this command"
        " that was not reported as recorded.",
        "内部エラー({kind}): {detail}。記録済みと表示されたもの以外は記録されていません。",
    ),
    "cli.recorded": ("#{seq} {time} {what}", "#{seq} {time} {what}"),
    "cli.no_sessions": ("no sessions stored in {root}", "{root}に保存されたセッションはありません"),
    "cli.list_heading": (
        "id  game             rounds  leader        last entry           players",
        "番号 ゲーム            ラウンド 首位          最終記録              プレイヤー",
    ),
    "cli.finished": ("finished", "終了"),
    "cli.standings_title": (
        "{game} — round {round}{status}",
        "{game} — ラウンド{round}{status}",
    ),
    "cli.status_in_round": (
        ", in play (stake {stake}), parent {parent}",
        "進行中(賭け点{stake})、親は{parent}",
    ),
    "cli.status_next": (", next parent {parent}", "、次の親は{parent}"),
    "cli.status_finished": (", finished", "、終了"),
    "cli.rank_line": ("{rank:>3}  {name}  {score:>8}", "{rank:>3}  {name}  {score:>8}"),
    "cli.exported": (
        "session {session} written to {path}",
        "セッション{session}を{path}に書き出しました",
    ),
}
