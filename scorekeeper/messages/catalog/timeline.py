"""The catalog's ``timeline.*`` messages: the timeline of a session. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- times and refusals (core and CLI) -----------------------------------------
    "timeline.bad_time": (
        "cannot read the time {text}: type HH:MM, HH:MM:SS or an ISO time with its offset"
        " (2026-11-29T21:14:00+09:00)",
        "時刻 {text} が読めません: HH:MM、HH:MM:SS、またはオフセット付きのISO時刻"
        "(2026-11-29T21:14:00+09:00)で入力してください",
    ),
    "timeline.time_needs_offset": (
        "the time {text} needs an offset (+09:00 or Z), or type just HH:MM[:SS]",
        "時刻 {text} にはオフセット(+09:00 や Z)が必要です。HH:MM[:SS] だけでも入力できます",
    ),
    "timeline.before_first": (
        "{time} is before the first entry ({first}): the session had not started",
        "{time} は最初の記録({first})より前です: セッションはまだ始まっていません",
    ),
    "timeline.no_entries": (
        "the session has no entries yet",
        "このセッションにはまだ記録がありません",
    ),
    "timeline.bad_round": (
        "type a round number from 1 to {last}",
        "1〜{last}のラウンド番号を入力してください",
    ),
    "timeline.no_rounds": ("no round has started yet", "まだラウンドが始まっていません"),
    "timeline.read_only": (
        "this is the table as it was at {time}: nothing can be recorded here",
        "これは{time}時点の卓です。ここでは何も記録できません",
    ),
    # -- text lines (CLI) ----------------------------------------------------------
    "timeline.proposed": (
        "proposed by {by} {by_time}, confirmed by {recorder} {time}",
        "{by}さんが{by_time}に提案、{recorder}さんが{time}に確認",
    ),
    # a proposal recorded by the switch (proposals auto): nobody confirmed it
    "timeline.proposed_auto": (
        "proposed by {by} {by_time}, recorded by itself {time} (proposals confirm themselves)",
        "{by}さんが{by_time}に提案、{time}にそのまま記録(提案の自動確定)",
    ),
    "timeline.line": (
        "#{seq} {time} {recorder} round {round}: {what}",
        "#{seq} {time} {recorder} ラウンド{round}: {what}",
    ),
    "timeline.export.into_data": (
        "That file is where the sessions are kept: writing there would destroy them. Choose another file.",
        "そこはセッションを保存している場所です。書き込むと記録が消えます。別のファイルを選んでください。",
    ),
    "timeline.superseded": ("(replaced by correction #{seq})", "(#{seq}の訂正で置き換え)"),
    "timeline.stake_from_to": ("{old} → {new}", "{old} → {new}"),
    "timeline.fold_at": ("at {stake}", "{stake}で"),
    "timeline.none": ("no entry matches", "該当する記録はありません"),
    # -- the timeline screen -------------------------------------------------------
    "timeline.title": ("timeline of session {session}", "セッション{session}の経過"),
    "timeline.filter.all": ("every entry", "すべての記録"),
    "timeline.filter.stake": ("stake changes and folds", "賭け点の変更と降り"),
    "timeline.filter.round": ("round {round}", "ラウンド{round}"),
    "timeline.filter.player": ("entries about {player}", "{player}に関する記録"),
    "timeline.showing": (
        "{filter}: {count} of {total} {total:entry|entries}",
        "{filter}: {total}件中{count}件",
    ),
    "timeline.hint": (
        "Enter: the table right after the highlighted entry",
        "Enter: 選んだ記録の直後の卓を表示",
    ),
    "timeline.col.by": ("by", "記録者"),
    "timeline.col.round": ("rnd", "回"),
    "timeline.col.what": ("what happened", "内容"),
    "timeline.key.open": ("Log", "経過"),
    "timeline.help.open": (
        "Every entry with its time; stake changes, one round, one player; the table at a time",
        "各記録と時刻。賭け点の変更・ラウンド・プレイヤーで絞り込み、ある時点の卓を表示",
    ),
    "timeline.key.all": ("All", "全部"),
    "timeline.key.stake": ("Stake", "賭け点"),
    "timeline.key.round": ("Round", "ラウンド"),
    "timeline.key.player": ("Player", "プレイヤー"),
    "timeline.key.at": ("At time", "時刻指定"),
    "timeline.key.then": ("Table then", "その時の卓"),
    "timeline.round_title": (
        "Which round? (1 to {last})",
        "どのラウンド?(1〜{last})",
    ),
    "timeline.player_title": ("Entries about which player?", "どのプレイヤーの記録?"),
    "timeline.at_title": (
        "The table at what time? HH:MM, HH:MM:SS or an ISO time",
        "何時の卓?HH:MM、HH:MM:SS、またはISO時刻",
    ),
    # -- the table then (read-only) ------------------------------------------------
    "timeline.then.title": (
        "session {session} as it was at {time}",
        "セッション{session}、{time}時点",
    ),
    "timeline.then.message": (
        "Read-only: the table right after #{seq} ({time}: {what}). Esc goes back.",
        "閲覧のみ: #{seq}({time}: {what})の直後の卓。Escで戻る",
    ),
    "timeline.then.voided": (
        "That entry was later voided by #{seq}.",
        "この記録は後に#{seq}で取り消されました。",
    ),
    # -- export from the app ---------------------------------------------------------
    "timeline.key.export": ("Export", "書き出し"),
    "timeline.help.export": (
        "Write the session to a file: transcript, json, csv, md or html",
        "セッションをファイルに書き出す(記録テキスト・JSON・CSV・Markdown・HTML)",
    ),
    "timeline.export.title": ("Export session {session}", "セッション{session}を書き出す"),
    "timeline.export.format": ("Format", "形式"),
    "timeline.export.path": ("File", "ファイル"),
    "timeline.export.write": ("Write", "書き出す"),
    "timeline.export.format.transcript": (
        "transcript  text that reads back as this session",
        "記録テキスト  読み込めばこのセッションに戻るテキスト",
    ),
    "timeline.export.format.json": (
        "json        every entry, final state, settlement",
        "JSON          全記録・最終状態・精算",
    ),
    "timeline.export.format.csv": (
        "csv         one row per round, for a spreadsheet",
        "CSV           1ラウンド1行(表計算用)",
    ),
    "timeline.export.format.md": (
        "md          standings and rounds in Markdown",
        "Markdown      順位とラウンド",
    ),
    "timeline.export.format.html": (
        "html        one page with a chart, to read or send",
        "HTML          グラフ付きの1ページ(閲覧・送付用)",
    ),
    "timeline.export.no_path": ("type the file to write", "書き出すファイルを入力してください"),
    "timeline.export.exists": (
        "{path} already exists: Write again to replace it",
        "{path}はすでにあります。もう一度「書き出す」で置き換えます",
    ),
    "timeline.export.written": (
        "Session {session} written to {path}",
        "セッション{session}を{path}に書き出しました",
    ),
    "timeline.export.failed": (
        "Could not write {path}: {reason}",
        "{path}に書き出せませんでした: {reason}",
    ),
    # -- settlement on the standings screen ------------------------------------------
    "timeline.settlement": ("Settlement: who pays whom", "精算: 誰が誰に払うか"),
}
