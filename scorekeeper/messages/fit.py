"""Short forms for narrow screens: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.indian-official.short": ("Official", "公式"),
    "game.indian-chips.short": ("Chips", "チップ"),
    "game.indian-lowest.short": ("Lowest", "最弱負け"),
    "game.pochen.short": ("Pochen", "ポッヘン"),
    "ui.log.empty_shown": ("No entries yet.", "まだ記録がありません。"),
    "ui.pochen.folded_mark": ("folded", "降り"),
    "ui.pochen.carried_short": ("carried ×{deals}", "持越×{deals}"),
    "stats.col.player": ("player", "名前"),
    "ui.start.names_count": ("{count} players", "{count}人"),
}
