"""The catalog's ``standings.*`` messages: standings. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the standings' own columns, per game (Game.standings_columns) --------------
    "standings.as_parent": ("rounds as parent", "親の回数"),
    "standings.won": ("rounds won", "勝ったラウンド"),
    "standings.played": ("rounds played", "参加ラウンド"),
    "standings.no_loss": ("rounds without a loss", "負けなしのラウンド"),
    "standings.deals_played": ("deals played", "参加したラウンド"),
    "standings.deals_won": ("deals won", "勝ったラウンド"),
}
