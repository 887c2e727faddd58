"""The catalog's ``game.*`` messages: the games' names. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.indian-official": ("Indian Poker (official points)", "インディアンポーカー(公式ルール)"),
    "game.indian-chips": ("Indian Poker with chips", "インディアンポーカー(チップ)"),
    "game.indian-lowest": ("Indian Poker, lowest card loses", "インディアンポーカー(最弱負け)"),
    "game.pochen": ("Pochen", "ポッヘン"),
    "game.indian-official.short": ("Official", "公式"),
    "game.indian-chips.short": ("Chips", "チップ"),
    "game.indian-lowest.short": ("Lowest", "最弱負け"),
    "game.pochen.short": ("Pochen", "ポッヘン"),
}
