"""The catalog's ``transcript.*`` messages: reading a transcript. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "transcript.quotes": (
        "a quotation mark is not closed in: {line}",
        "引用符が閉じていません: {line}",
    ),
    "transcript.bad_time": (
        "{time!r} is not a time; write it like 2026-11-29T21:03:05+09:00",
        "「{time}」は時刻として読めません。2026-11-29T21:03:05+09:00 のように書いてください",
    ),
    "transcript.time_alone": ("a time must be followed by an entry", "時刻の後に記録がありません"),
    "transcript.takes_nothing": (
        "{verb} takes no other words",
        "{verb}の後には何も書きません",
    ),
    "transcript.join_syntax": (
        "write a join as 'join NAME' or 'join NAME after SEAT'",
        "参加は「join 名前」か「join 名前 after 席の人」と書いてください",
    ),
    "transcript.rebuy_syntax": (
        "write a rebuy as 'rebuy NAME CHIPS', like 'rebuy B 50'",
        "買い足しは「rebuy 名前 枚数」と書いてください(例: rebuy B 50)",
    ),
    "transcript.rate_syntax": (
        "write a rate as 'rate AMOUNT' or 'rate AMOUNT CURRENCY', like 'rate 10 JPY'",
        "レートは「rate 金額」か「rate 金額 通貨」と書いてください(例: rate 10 JPY)",
    ),
    "transcript.header_one_word": (
        "'{word}' takes exactly one word",
        "「{word}」の後には1語だけ書いてください",
    ),
    "transcript.players_empty": (
        "'players' needs at least one name",
        "「players」に名前がありません",
    ),
    "transcript.option_syntax": (
        "write an option as 'option KEY VALUE', like 'option cap 320'",
        "オプションは「option キー 値」と書いてください(例: option cap 320)",
    ),
    "transcript.stacks_syntax": (
        "{word!r} should be a player and chips joined by =, like A=50",
        "「{word}」はプレイヤーとチップ数を=でつないでください(例: A=50)",
    ),
    "transcript.board_syntax": (
        "{word!r} should be a pool and chips joined by =, like jack=4",
        "「{word}」は場の名前とチップ数を=でつないでください(例: jack=4)",
    ),
    "transcript.no_game": (
        "the transcript does not say which game it is (a 'game ID' line)",
        "ゲームが指定されていません(「game ID」の行が必要です)",
    ),
    "transcript.no_players": (
        "the transcript names no players (a 'players NAME…' line)",
        "プレイヤーが指定されていません(「players 名前…」の行が必要です)",
    ),
    "transcript.not_utf8": (
        "this line is not UTF-8 text",
        "この行はUTF-8のテキストではありません",
    ),
    "transcript.nul": ("this line contains a NUL byte", "この行にNULバイトが含まれています"),
    "transcript.too_big": (
        "the file is larger than a transcript can be ({limit} bytes)",
        "ファイルが大きすぎます(上限{limit}バイト)",
    ),
    "transcript.json_unreadable": (
        "this is not readable JSON",
        "JSONとして読めません",
    ),
    "transcript.json_duplicate_key": (
        "this JSON gives the key {name} twice in one object: one reader would take the first"
        " value, another the last, so it is not imported",
        "このJSONは一つのオブジェクトに項目{name}が2回あります。読む側によってどちらの値を"
        "使うかが変わるため、取り込みません",
    ),
    "transcript.json_not_export": (
        "this JSON is not a scorekeeper export (from 'scorekeeper export --format json')",
        "このJSONは scorekeeper の書き出し(export --format json)ではありません",
    ),
    "transcript.json_version": (
        "this export has version {version}; this scorekeeper reads version 1",
        "この書き出しはバージョン{version}です。読めるのはバージョン1です",
    ),
    "transcript.json_deep": (
        "this JSON nests deeper than an export can ({limit} levels)",
        "このJSONは入れ子が深すぎます(書き出しは{limit}段まで)",
    ),
    "transcript.json_entry": (
        "entry {seq} breaks the rules: {reason}",
        "記録{seq}がルールに反しています: {reason}",
    ),
    # -- corrections ---------------------------------------------------------------
    "transcript.correct_syntax": (
        'write a correction as: correct ROUND "REASON" ENTRY…, each entry one quoted word,'
        ' like: correct 3 "wrong winner" raise "showdown D"',
        '訂正は correct ラウンド "理由" 記録… と書きます(記録は1つずつ引用符で囲む)。'
        '例: correct 3 "勝者の誤り" raise "showdown D"',
    ),
}
