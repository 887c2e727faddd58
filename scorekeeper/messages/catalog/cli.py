"""The catalog's ``cli.*`` messages: the command line. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "cli.help.version": ("print the version and stop", "バージョンを表示して終了"),
    "cli.version_unknown": ("(version unknown: not installed)", "(バージョン不明: 未インストール)"),
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
    "cli.recorded_one_then": (
        "session {session}: entry #{first} was recorded (the journal holds it: see"
        " 'scorekeeper show {session}'); then {then}",
        "セッション{session}: #{first}は記録されました(ジャーナルに保存済みです。"
        "「scorekeeper show {session}」で確認できます)。そのあと{then}",
    ),
    "cli.recorded_many_then": (
        "session {session}: entries #{first} to #{last} were recorded (the journal holds"
        " them: see 'scorekeeper show {session}'); then {then}",
        "セッション{session}: #{first}〜#{last}は記録されました(ジャーナルに保存済みです。"
        "「scorekeeper show {session}」で確認できます)。そのあと{then}",
    ),
    "cli.then_internal": (
        "an internal error ({kind}): {detail}",
        "内部エラーが起きました({kind}): {detail}",
    ),
    "cli.then_interrupted": ("it was interrupted", "中断されました"),
    "cli.valid_now": ("valid now: {entries}", "いま記録できるもの: {entries}"),
    "cli.no_sessions": ("no sessions stored in {root}", "{root}に保存されたセッションはありません"),
    "cli.list_heading": (
        "id  game             rounds  leader        last entry           players",
        "番号 ゲーム            ラウンド 首位          最終記録              プレイヤー",
    ),
    "cli.standings_title": (
        "{game} — round {round}{status}",
        "{game} — ラウンド{round}{status}",
    ),
    "cli.status_finished": (", finished", "、終了"),
    "cli.rank_line": ("{rank:>3}  {name}  {score:>8}", "{rank:>3}  {name}  {score:>8}"),
    "cli.rank_line_net": (
        "{rank:>3}  {name}  {score:>8} chips  net {net:>6}",
        "{rank:>3}  {name}  {score:>8}枚  収支 {net:>6}",
    ),
    "cli.export_into_data": (
        "this would write over the stored sessions in {root}: choose a file outside it",
        "{root}に保存されたセッションを上書きしてしまいます。その外のファイルを指定してください",
    ),
    "cli.set_aside": (
        "session {session}: unfinished writes ({count}) were set aside in {files}; they were"
        " never reported as recorded",
        "セッション{session}: 書き込みが途中で終わった{count}件を{files}に取り分けています。"
        "記録済みとして報告されたものではありません",
    ),
    "cli.not_set_aside": (
        "session {session}: {files} found beside it, but this session never set a write"
        " aside there (its journal records none): not a write of this session",
        "セッション{session}: {files} が見つかりましたが、このセッションが取り分けた書き込みでは"
        "ありません（ジャーナルに記録がありません）",
    ),
    "cli.exported": (
        "session {session} written to {path}",
        "セッション{session}を{path}に書き出しました",
    ),
    "cli.help.data_dir": (
        "folder for stored sessions (default: user data dir)",
        "セッションを保存するフォルダ(既定: ユーザーのデータフォルダ)",
    ),
    "cli.help.lang": ("language of messages", "表示する言語"),
    "cli.help.replay": (
        "read a transcript and print the standings",
        "記録ファイルを読み、順位を表示",
    ),
    "cli.help.replay.json": ("print the state as JSON", "状態をJSONで表示"),
    "cli.help.import": (
        "store a transcript as a new session",
        "記録ファイルを新しいセッションとして保存",
    ),
    "cli.help.new": (
        "start a new session of the same table as a stored one; prints its number",
        "保存済みセッションと同じ卓で新しいセッションを始め、その番号を表示",
    ),
    "cli.help.new.like": (
        "the session to copy: game, seats, options and recorder (Pochen end_board "
        "carry: its board too)",
        "写すセッション: ゲーム・席・オプション・記録役(ポッヘンのend_board carryでは場も)",
    ),
    "cli.help.record": (
        "append entries to a stored session",
        "保存済みセッションに記録を追加",
    ),
    "cli.help.list": ("list stored sessions", "保存済みセッションの一覧"),
    "cli.help.export": (
        "write a stored session out",
        "保存済みセッションを書き出す",
    ),
    "cli.help.export.output": (
        "file to write (default: standard output)",
        "書き出すファイル(既定: 標準出力)",
    ),
    "cli.help.export.rate": (
        "settle at this much money per point or chip (10, 0.5), where the session has no rate",
        "1点・1チップあたりの金額で精算(10、0.5など。セッションにレートがないとき)",
    ),
    "cli.help.settle": (
        "who pays whom, with the fewest transfers",
        "誰が誰にいくら払うか(最少の回数で)",
    ),
    "cli.help.settle.rate": (
        "this much money per point or chip (10, 0.5) for a session without a rate of its own",
        "1点・1チップあたりの金額(10、0.5など。レートのないセッションに)",
    ),
    "cli.help.settle.json": (
        "print the balances, the transfers and the currency as JSON",
        "残高・支払い・通貨をJSONで出力",
    ),
    "cli.help.display": (
        "a read-only display of a session for the whole table",
        "テーブル全員向けの表示用画面(記録はできません)",
    ),
    "cli.help.display.serve": (
        "serve it as a live page for phones and browsers",
        "スマートフォンやブラウザ向けのライブページとして配信する",
    ),
    "cli.help.display.lan": (
        "let phones on this network in (this machine's network address, or ADDRESS)",
        "同じネットワークのスマートフォンから見られるようにする(このマシンのアドレス、またはADDRESS)",
    ),
    "cli.help.display.port": (
        "port to serve on (0: any free port)",
        "配信するポート(0で空きを選ぶ)",
    ),
    "cli.help.display.max_viewers": (
        "how many phones may watch at once (default 100)",
        "同時に見られる端末の数(既定は100)",
    ),
    "cli.help.open": (
        "open a stored session in the app",
        "保存済みセッションをアプリで開く",
    ),
    "cli.help.show": (
        "print a stored session's standings",
        "保存済みセッションの順位を表示",
    ),
    "cli.help.timeline": (
        "every entry with its time; the table at a time",
        "すべての記録と時刻、ある時点のテーブル",
    ),
    "cli.help.timeline.session": (
        "a stored session's number, or a transcript file",
        "保存済みセッションの番号、または記録ファイル",
    ),
    "cli.help.timeline.stake": (
        "only stake changes and folds",
        "賭け点の変化と降りだけ",
    ),
    "cli.help.timeline.round": ("only round N", "ラウンドNだけ"),
    "cli.help.timeline.player": (
        "only entries about this player",
        "このプレイヤーに関する記録だけ",
    ),
    "cli.help.timeline.at": (
        "the state right after the entry at TIME (HH:MM[:SS] on the session's day, or ISO with offset), as JSON",
        "TIME(時刻)の記録の直後の状態",
    ),
    "cli.help.timeline.json": ("print the entries as JSON", "記録をJSONで表示"),
    "cli.help.correct": (
        "replace the entries of a finished round",
        "終わったラウンドの記録を置き換える",
    ),
    "cli.help.correct.reason": (
        "why the round is corrected (in the log)",
        "訂正の理由(履歴に残ります)",
    ),
    "cli.help.correct.entries": (
        "the round's entries, as words",
        "そのラウンドの記録(記録ファイルと同じ書き方)",
    ),
    "cli.help.verify": (
        "check that no stored entry was edited",
        "保存された記録が書き換えられていないか確認",
    ),
    "cli.help.verify.expect": (
        "the last hash noted down earlier (a receipt, at least 16 hex digits): catches entries"
        " cut off the end",
        "以前に書き留めた最後のハッシュ(控え、16進数16桁以上): 末尾から削除された記録を見つけます",
    ),
    "cli.help.stats": (
        "per player over the stored sessions",
        "保存済みセッションをまたいだプレイヤーごとの統計",
    ),
    "cli.help.stats.game": (
        "only this game (indian-official, …)",
        "このゲームだけ(indian-official など)",
    ),
    "cli.help.stats.from": ("sessions from DATE on", "DATE以降のセッション"),
    "cli.help.stats.to": ("sessions up to DATE", "DATEまでのセッション"),
    "cli.help.stats.json": (
        "a JSON list, one per player",
        "プレイヤーごとのJSONの一覧",
    ),
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
        "{text} is not a receipt hash: give {least} to 64 hex digits as verify printed them",
        "{text}は控えのハッシュではありません。verify が表示した16進数を{least}〜64桁で入力してください",
    ),
    "cli.verify_expect_short": (
        "{text} is too short for a receipt: {digits} hex {digits:digit|digits} can be matched by"
        " a forged file found by trying; give at least {least}, as verify printed them",
        "{text}は控えとして短すぎます。{digits}桁では、試行を重ねて一致する偽のファイルを"
        "作れてしまいます。verify が表示したとおり{least}桁以上入力してください",
    ),
    "cli.verify_entry": (
        "entry {entry} does not match its chain: the file was edited after it was written",
        "記録{entry}がチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_header": (
        "the session header does not match its chain: the file was edited after it was written",
        "セッションの見出しがチェーンと一致しません: 書き込み後にファイルが編集されています",
    ),
    "cli.verify_entry_stray": (
        "entry {entry} holds a key this program never writes ({name}): the file was changed"
        " after it was written, a key nobody reads being a way to change its hash",
        "記録{entry}に、このプログラムが書くことのない項目({name})があります: 書き込み後に"
        "ファイルが変更されています(読まれない項目はハッシュを変える手段になります)",
    ),
    "cli.verify_header_stray": (
        "the session header holds a key this program never writes ({name}): the file was"
        " changed after it was written, a key nobody reads being a way to change its hash",
        "セッションの見出しに、このプログラムが書くことのない項目({name})があります: 書き込み後に"
        "ファイルが変更されています(読まれない項目はハッシュを変える手段になります)",
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
    "cli.verify_vouch_forged": (
        "line {line} of the file, the snapshot note after entry {entry}, holds numbers that"
        " are not what the entries give: it was forged after the entries were written",
        "ファイルの{line}行目 (記録{entry}の後のスナップショットの記載) の数値が記録から"
        "得られる値と違います: 記録の書き込み後に偽造されています",
    ),
    # -- `scorekeeper show`: the status after the game's name ---------------------------
    "cli.status_in_round.parent": (
        ", in play (stake {stake}), parent {parent}",
        "進行中(賭け点{stake})、親は{parent}",
    ),
    "cli.status_in_round.dealer": (
        ", in play (stake {stake}), dealer {parent}",
        "進行中(賭け点{stake})、ディーラーは{parent}",
    ),
    "cli.status_in_round_pot.parent": (
        ", in play (pot {pot}), parent {parent}",
        "進行中(ポット{pot})、親は{parent}",
    ),
    "cli.status_in_round_pot.dealer": (
        ", in play (pot {pot}), dealer {parent}",
        "進行中(ポット{pot})、ディーラーは{parent}",
    ),
    "cli.status_in_round_board.parent": (
        ", in play ({chips} on the board), parent {parent}",
        "進行中(盤上{chips})、親は{parent}",
    ),
    "cli.status_in_round_board.dealer": (
        ", in play ({chips} on the board), dealer {parent}",
        "進行中(盤上{chips})、ディーラーは{parent}",
    ),
    "cli.status_in_round_plain.parent": (", in play, parent {parent}", "進行中、親は{parent}"),
    "cli.status_in_round_plain.dealer": (
        ", in play, dealer {parent}",
        "進行中、ディーラーは{parent}",
    ),
    "cli.status_next.parent": (", next parent {parent}", "、次の親は{parent}"),
    "cli.status_next.dealer": (", next dealer {parent}", "、次のディーラーは{parent}"),
}
