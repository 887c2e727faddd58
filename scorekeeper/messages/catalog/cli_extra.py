"""The catalog's ``cli_extra.*`` messages: the command line's later commands (completion, settle, …). Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- exit codes (cli/errors.py EXIT_CODES), listed at the end of --help ---------------
    "cli_extra.exit.heading": ("exit status:", "終了コード:"),
    "cli_extra.exit.line": ("  {code:<4} {meaning}", "  {code:<4} {meaning}"),
    "cli_extra.exit.ok": ("done as asked", "正常に終了"),
    "cli_extra.exit.tampered": (
        "verify: the session was edited after it was written, cut off, or its chain stripped",
        "verify: 書き込み後に変更された、途中で切れている、またはハッシュの連鎖が取り除かれている",
    ),
    "cli_extra.exit.refused": (
        "refused: a rule, an unreadable file or session, a mistyped command, or stdout closed",
        "拒否: ルール違反、読めないファイルやセッション、コマンドの打ち間違い、"
        "または標準出力が閉じている",
    ),
    "cli_extra.exit.internal": (
        "internal error (a bug), told in one line",
        "内部エラー(不具合)。一行で知らせます",
    ),
    "cli_extra.exit.output": (
        "the output could not be written (a full disk); what was recorded is kept",
        "出力を書けなかった(ディスクがいっぱいなど)。記録したものは残っています",
    ),
    "cli_extra.output_failed": (
        "could not write the output ({detail}), so it is incomplete. Entries are written "
        "to the session before anything is said about them: whatever this command "
        "recorded is kept (scorekeeper show says what is there).",
        "出力を書けませんでした({detail})。表示は途中までです。記録は表示より先に"
        "セッションへ書かれるので、このコマンドで記録したものは残っています"
        "(scorekeeper show で確認できます)。",
    ),
    "cli_extra.exit.interrupted": ("interrupted with Ctrl+C", "Ctrl+C で中断"),
    "cli_extra.exit.pipe": (
        "the reader of the output went away (… | head)",
        "出力の読み手がいなくなった(… | head など)",
    ),
    # -- standard streams closed when the program started (cli/streams.py) ----------------
    "cli_extra.stdout_closed": (
        "standard output is closed, so nothing was done (to discard what it prints, "
        "send it to /dev/null instead: >/dev/null)",
        "標準出力が閉じられているため、何もしませんでした(表示を捨てるなら、"
        "閉じずに >/dev/null へ送ってください)",
    ),
    "cli_extra.stderr_closed": (
        "standard error is closed, and the app draws its screen there: nothing was done",
        "標準エラー出力が閉じられています。アプリはそこに画面を描くため、何もしませんでした",
    ),
    # -- completion and the helpers it uses -----------------------------------------------
    "cli_extra.help.completion": (
        "print a shell completion script (bash, zsh or fish)",
        "シェル補完のスクリプトを表示(bash、zsh、fish)",
    ),
    "cli_extra.help.completion.shell": ("the shell to complete in", "補完に使うシェル"),
    "cli_extra.help.list.ids": (
        "session numbers only, one a line (used by shell completion)",
        "セッション番号だけを一行に一つ(シェル補完が使います)",
    ),
    "cli_extra.help.session": (
        "a session number (see scorekeeper list)",
        "セッション番号(scorekeeper list で確認できます)",
    ),
    "cli_extra.help.file": (
        "a transcript or a JSON export; - reads standard input",
        "記録ファイルまたは JSON の書き出し。- なら標準入力から",
    ),
    "cli_extra.help.entries": (
        'entries in the words of a transcript; quote one of several words ("fold B")',
        '記録ファイルと同じ言葉で書いた記録。空白を含むものは引用符で囲む("fold B")',
    ),
    "cli_extra.help.settle.sessions": (
        "one session, or several to settle together by player name",
        "セッション番号。複数なら名前ごとにまとめて精算",
    ),
    # -- the progress bar on a terminal (cli/progress_bar.py) --------------------------------
    "cli_extra.progress.replay": ("Replaying {file}", "{file}を再生中"),
    "cli_extra.progress.import": ("Importing {file}", "{file}を取り込み中"),
    "cli_extra.progress.verify": ("Verifying session {session}", "セッション{session}を検証中"),
    "cli_extra.progress.export": ("Reading session {session}", "セッション{session}を読み込み中"),
    "cli_extra.progress.export_write": ("Writing the {format} export", "{format}形式で書き出し中"),
}
