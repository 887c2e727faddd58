"""Messages of the dialogs that check as you go and of what the app remembers and loads
in the background (issue 14, points 6 and 7): key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "ui.memory.card_empty": ("type {player}'s card", "{player}のカードを入力してください"),
    "ui.memory.loading": (
        "Reading the sessions: {done} of {total}",
        "セッションを読み込み中: {total}件中{done}件",
    ),
    "ui.memory.no_folder": (
        "there is no folder {folder}: create it first, or choose another",
        "{folder}というフォルダはありません。先に作るか、別の場所を選んでください",
    ),
    "ui.memory.loading_start": ("Reading the sessions…", "セッションを読み込み中…"),
}
