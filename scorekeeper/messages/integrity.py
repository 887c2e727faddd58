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
        "{entry!r} cannot replace an entry of a round: only the round's own entries can ({valid})",
        "「{entry}」はラウンドの記録ではないため訂正に使えません(使えるのは {valid})",
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
    "log.correct_separator": ("; ", "、"),
    # -- verify ----------------------------------------------------------------------
    "cli.verify_ok": (
        "session {session}: OK, {entries} {entries:entry matches its|entries match their} chain (last hash {head})",
        "セッション{session}: OK、{entries}件の記録がチェーンと一致(最後のハッシュ {head})",
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
    "cli.verify_entry": (
        "entry {entry} does not match its chain: the file was edited after it was written",
        "記録{entry}がチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_header": (
        "the session header does not match its chain: the file was edited after it was written",
        "セッションの見出しがチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_unchained": (
        "entry {entry} carries no chain hash: the chain was stripped from the file, so"
        " nothing proves it unchanged",
        "記録{entry}にチェーンのハッシュがありません: ファイルからハッシュが取り除かれており、"
        "変更されていないことを確かめられません",
    ),
    "cli.verify_header_unchained": (
        "the session header carries no chain hash: the chain was stripped from the file (or"
        " it was written before entries were chained), so nothing proves it unchanged",
        "セッションの見出しにチェーンのハッシュがありません: ファイルからハッシュが取り除かれた"
        "(またはチェーン導入前の記録)ため、変更されていないことを確かめられません",
    ),
    "cli.verify_vouch": (
        "the snapshot note after entry {entry} does not match its chain: the file was"
        " edited after it was written",
        "記録{entry}の後のスナップショットの記載がチェーンと一致しません:"
        " 書き込み後にファイルが編集されています",
    ),
    "cli.verify_snapshot_forged": (
        "the journal vouches for a snapshot that is not what its entries give: a line of"
        " the file was forged after it was written",
        "ファイルが保証するスナップショットが記録から得られる内容と違います:"
        " 書き込み後にファイルの行が偽造されています",
    ),
    # -- opening a session whose chain does not hold (services/recording.py) ---------------
    "recording.chain_stripped": (
        "session {session} cannot be trusted: entry {entry} carries no chain hash, so the"
        " chain that proves it unchanged was stripped (or the file was written before"
        " entries were chained). Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は信頼できません: 記録{entry}にハッシュの連鎖がなく、変更されて"
        "いないことを示す連鎖が取り除かれています(またはチェーン導入前のファイルです)。"
        "何も変更していません。詳しくは scorekeeper verify {session}",
    ),
    "recording.chain_stripped_header": (
        "session {session} cannot be trusted: its header carries no chain hash, so the"
        " chain that proves it unchanged was stripped (or the file was written before"
        " entries were chained). Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は信頼できません: ヘッダーにハッシュの連鎖がなく、変更されて"
        "いないことを示す連鎖が取り除かれています(またはチェーン導入前のファイルです)。"
        "何も変更していません。詳しくは scorekeeper verify {session}",
    ),
    "recording.vouch_edited": (
        "session {session} was changed after it was written: the snapshot note after"
        " entry {entry} does not match its chain. Nothing was changed; scorekeeper verify"
        " {session} says more",
        "セッション{session}は書き込み後に変更されています: 記録{entry}の後のスナップショットの"
        "記載がハッシュの連鎖と一致しません。何も変更していません。詳しくは scorekeeper verify"
        " {session}",
    ),
}
