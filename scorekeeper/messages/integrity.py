"""Corrections of past rounds and the tamper-evident hash chain. key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- corrections ---------------------------------------------------------------
    "transcript.correct_syntax": (
        'write a correction as: correct ROUND "REASON" ENTRY…, each entry one quoted word,'
        ' like: correct 3 "wrong winner" raise "showdown D"',
        '訂正は correct ラウンド "理由" 記録… と書きます(記録は1つずつ引用符で囲む)。'
        '例: correct 3 "勝者の誤り" raise "showdown D"',
    ),
    "rules.correct_timed": (
        "a replacement entry takes no time of its own: {entry}",
        "訂正の記録には時刻を付けられません: {entry}",
    ),
    "rules.correct_kind": (
        "{entry!r} cannot replace an entry of a round of {game}: only the round's own entries can",
        "「{entry}」は{game}のラウンドの記録ではないため訂正に使えません",
    ),
    "rules.correct_no_such_round": (
        "there is no round {round} to correct ({rounds} {rounds:round has|rounds have} been played)",
        "訂正するラウンド{round}がありません(これまで{rounds}ラウンド)",
    ),
    "rules.correct_in_play": (
        "round {round} is still in play: undo the wrong entry or enter the right one instead",
        "ラウンド{round}はまだ進行中です: 誤った記録を取り消すか正しい記録を入力してください",
    ),
    "rules.correct_no_reason": (
        "a correction needs a reason",
        "訂正には理由が必要です",
    ),
    "rules.correct_reason_long": (
        "the reason of a correction can be at most {limit} characters",
        "訂正の理由は{limit}文字までです",
    ),
    "rules.correct_no_entries": (
        "a correction of round {round} needs the round's entries as they should have been",
        "ラウンド{round}の訂正には正しい記録が必要です",
    ),
    "rules.correct_after_end": (
        "replacement entry {n} ({entry}) comes after round {round} has already ended",
        "訂正の記録{n}({entry})はラウンド{round}の終了後になります",
    ),
    "rules.correct_entry_refused": (
        "replacement entry {n} ({entry}) is refused: {reason}",
        "訂正の記録{n}({entry})は受け付けられません: {reason}",
    ),
    "rules.correct_unfinished": (
        "the corrected round {round} does not finish: give every entry up to its end",
        "訂正したラウンド{round}が終わっていません: 終わりまでの記録をすべて入力してください",
    ),
    "rules.correct_same": (
        "the correction does not change round {round}",
        "この訂正ではラウンド{round}が変わりません",
    ),
    "rules.correct_breaks": (
        "refused: after this correction, entry #{seq} ({entry}) would break a rule: {reason}",
        "受け付けられません: この訂正をすると記録#{seq}({entry})がルール違反になります: {reason}",
    ),
    "log.correct": (
        "round {round} corrected ({reason}): {entries}",
        "ラウンド{round}を訂正({reason}): {entries}",
    ),
    # -- verify ----------------------------------------------------------------------
    "cli.verify_ok": (
        "session {session}: OK, {entries} {entries:entry matches its|entries match their} chain (last hash {head})",
        "セッション{session}: OK、{entries}件の記録がチェーンと一致(最後のハッシュ {head})",
    ),
    "cli.verify_ok_partly": (
        "session {session}: OK, {entries} {entries:entry matches its|entries match their} chain (last hash {head});"
        " the first {unchained} were written before entries were chained",
        "セッション{session}: OK、{entries}件の記録がチェーンと一致(最後のハッシュ {head})。"
        "最初の{unchained}件はチェーン導入前の記録です",
    ),
    "cli.verify_receipt": (
        "receipt: {entries} {entries:entry|entries}, last hash {short}… (note it down; verify --expect checks it)",
        "控え: 記録{entries}件、最後のハッシュ {short}…(書き留めておくと verify --expect で確認できます)",
    ),
    "cli.verify_expect_ok": (
        "session {session}: the receipt matches: no entry was cut off or rewritten",
        "セッション{session}: 控えと一致します。記録の削除や書き換えはありません",
    ),
    "cli.verify_expect_earlier": (
        "session {session}: the receipt is entry {entry}'s; {added} {added:entry was|entries were} added since,"
        " none cut off",
        "セッション{session}: 控えは記録{entry}のものです。その後{added}件が追加され、削除はありません",
    ),
    "cli.verify_expect_missing": (
        "the receipt {hash} is not in this session's chain: entries were cut off the end"
        " or rewritten since it was noted",
        "控え{hash}がこのセッションのチェーンにありません。控えを取った後に記録が末尾から"
        "削除されたか、書き換えられています",
    ),
    "cli.verify_expect_syntax": (
        "{text} is not a receipt hash: give 8 to 64 hex digits as verify printed them",
        "{text}は控えのハッシュではありません。verify が表示した16進数を8〜64桁で入力してください",
    ),
    "cli.verify_no_chain": (
        "session {session}: no chain, nothing to verify (written before entries were chained)",
        "セッション{session}: チェーンがないため検証できません(チェーン導入前の記録)",
    ),
    "cli.verify_entry": (
        "entry {entry} does not match its chain: the file was edited after it was written",
        "記録{entry}がチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_header": (
        "the session header does not match its chain: the file was edited after it was written",
        "セッションの見出しがチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_unchained": (
        "entry {entry} has no chain hash although earlier ones do:"
        " the file was edited after it was written",
        "記録{entry}にはチェーンのハッシュがありません(前の記録にはあります):"
        " 書き込み後にファイルが編集されています",
    ),
}
