"""The catalog's ``display.*`` messages: the big-screen display. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "display.title": (
        "session {session} (display)",
        "セッション{session}(表示用)",
    ),
    "display.read_only": (
        "this is the table display: it shows the session and records nothing",
        "これは表示用の画面です。記録はできません",
    ),
    # -- the table display's caption under the big number ---------------------------
    "display.stake.parent": (
        "stake · parent {parent} · cap {cap}",
        "賭け点 · 親 {parent} · 上限 {cap}",
    ),
    "display.stake.dealer": (
        "stake · dealer {parent} · cap {cap}",
        "賭け点 · ディーラー {parent} · 上限 {cap}",
    ),
    "display.round.parent": ("round · parent {parent}", "ラウンド · 親 {parent}"),
    "display.round.dealer": ("round · dealer {parent}", "ラウンド · ディーラー {parent}"),
    "display.pot.parent": ("pot · parent {parent}", "ポット · 親 {parent}"),
    "display.pot.dealer": ("pot · dealer {parent}", "ポット · ディーラー {parent}"),
    "display.board.parent": ("on the board · parent {parent}", "盤上 · 親 {parent}"),
    "display.board.dealer": ("on the board · dealer {parent}", "盤上 · ディーラー {parent}"),
}
