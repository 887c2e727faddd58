"""The catalog's ``word.*`` messages: words of entries as typed, and their names in each language. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- words said alone: headings of columns and sections, captions, states -----
    "word.game": ("Game", "ゲーム"),
    "word.players": ("Players", "プレイヤー"),
    "word.player": ("player", "プレイヤー"),
    "word.parent": ("parent", "親"),
    "word.round": ("round", "ラウンド"),
    "word.time": ("time", "時刻"),
    "word.stake": ("stake", "賭け点"),
    "word.pot": ("pot", "ポット"),
    "word.board": ("on the board", "盤上"),
    "word.chips": ("chips", "チップ"),
    "word.standings": ("Standings", "順位"),
    "word.rank": ("rank", "順位"),
    "word.net": ("net", "収支"),
    "word.finished": ("finished", "終了"),
    # -- who leads a round, said alone (column headings, the cards dialog's role) ----
    "word.lead.parent": ("parent", "親"),
    "word.lead.dealer": ("dealer", "ディーラー"),
}
