"""The catalog's ``recording.*`` messages: recording: handovers, locks, the recorder. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "recording.entry_edited": (
        "session {session} was changed after it was written: entry {entry} does not match"
        " its chain. Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は書き込み後に変更されています: 記録{entry}がハッシュの連鎖と"
        "一致しません。何も変更していません。詳しくは scorekeeper verify {session}",
    ),
    "recording.header_edited": (
        "session {session} was changed after it was written: its header does not match"
        " its chain. Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は書き込み後に変更されています: ヘッダーがハッシュの連鎖と"
        "一致しません。何も変更していません。詳しくは scorekeeper verify {session}",
    ),
    "recording.session_unlistable": (
        "session {session} cannot be read ({kind}): run scorekeeper verify {session}",
        "セッション{session}は読めません({kind})。scorekeeper verify {session} で確認してください",
    ),
    "recording.checkpoint_wrong": (
        "session {session}: its journal vouches for a snapshot that is not what its entries"
        " give (a line of the file was forged); the session is now read from its entries"
        " alone. scorekeeper verify {session} says more",
        "セッション{session}: ファイルが保証するスナップショットが記録と一致しません"
        "(ファイルの行が偽造されています)。セッションは記録だけから読み直しました。"
        "詳しくは scorekeeper verify {session}",
    ),
    "recording.recheck_lied": (
        "session {session}: line {line} of its journal vouches for a snapshot that is not"
        " what its entries give (the line was forged); the table now shows the entries'"
        " own numbers. scorekeeper verify {session} says more",
        "セッション{session}: ファイルの{line}行目が保証するスナップショットが記録と一致"
        "しません(この行は偽造されています)。卓は記録から求めた数字を表示しています。"
        "詳しくは scorekeeper verify {session}",
    ),
    "recording.session_invalid": (
        "session {session} cannot be read back: {reason}",
        "セッション{session}を読み込めません: {reason}",
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
    "recording.entry_stray_key": (
        "session {session} was changed after it was written: entry {entry} holds a key"
        " this program never writes ({name}), which could only be there to change its hash."
        " Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は書き込み後に変更されています: 記録{entry}に、このプログラムが"
        "書くことのない項目({name})があります。ハッシュを変えるためとしか考えられません。"
        "何も変更していません。詳しくは scorekeeper verify {session}",
    ),
    "recording.header_stray_key": (
        "session {session} was changed after it was written: its header holds a key this"
        " program never writes ({name}), which could only be there to change its hash."
        " Nothing was changed; scorekeeper verify {session} says more",
        "セッション{session}は書き込み後に変更されています: ヘッダーに、このプログラムが"
        "書くことのない項目({name})があります。ハッシュを変えるためとしか考えられません。"
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
