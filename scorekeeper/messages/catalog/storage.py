"""The catalog's ``storage.*`` messages: the data folder, journals and their checks. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "storage.no_session": (
        "There is no session {session}.",
        "セッション {session} はありません。",
    ),
    "storage.locked": (
        "Session {session} is already open in another scorekeeper. Close it there first.",
        "セッション {session} は別の scorekeeper で開かれています。先にそちらを閉じてください。",
    ),
    "storage.foreign": (
        "{path} is not a scorekeeper session file. It was left untouched.",
        "{path} は scorekeeper のセッションファイルではありません。ファイルはそのままにしてあります。",
    ),
    "storage.damaged": (
        "{path} is damaged at line {line}. Nothing was changed; "
        "a backup copy of this file may still be good.",
        "{path} の {line} 行目が壊れています。ファイルは変更していません。"
        "バックアップがあれば、そちらは無事かもしれません。",
    ),
    "storage.newer_version": (
        "{path} was saved by a newer scorekeeper (file format {version}). "
        "Please update scorekeeper to open it.",
        "{path} は新しい scorekeeper で保存されています（ファイル形式 {version}）。"
        "開くには scorekeeper を更新してください。",
    ),
    "storage.write_failed": (
        "Could not save to {path}: {reason}. The last entry was not recorded.",
        "{path} に保存できませんでした（{reason}）。最後の記録は保存されていません。",
    ),
    "storage.write_failed_all": (
        "Could not save to {path}: {reason}. None of the {count} {count:entry|entries} "
        "of this command was recorded.",
        "{path} に保存できませんでした（{reason}）。このコマンドの {count} 件はどれも"
        "記録されていません。",
    ),
    "storage.cannot_create": (
        "Could not start a new session in {folder}: {reason}.",
        "{folder} に新しいセッションを作れませんでした（{reason}）。",
    ),
    "storage.cannot_read": (
        "Could not read {path}: {reason}.",
        "{path} を読み込めませんでした（{reason}）。",
    ),
    "storage.cannot_trash": (
        "Could not move session {session} to the trash: {reason}.",
        "セッション {session} をゴミ箱に移せませんでした（{reason}）。",
    ),
    # Reasons, shown inside the messages above in the reader's language.
    "storage.reason.disk_full": (
        "the disk is full",
        "ディスクがいっぱいです",
    ),
    "storage.reason.read_only": (
        "the folder is read-only",
        "読み取り専用の場所です",
    ),
    "storage.reason.no_permission": (
        "permission was denied",
        "アクセスが許可されていません",
    ),
    "storage.reason.missing": (
        "the folder does not exist",
        "フォルダーが見つかりません",
    ),
    "storage.reason.disk_error": (
        "the disk reported an error",
        "ディスクの読み書きでエラーが起きました",
    ),
    "storage.reason.not_a_file": (
        "it is not a regular file (a FIFO, a folder or a device)",
        "通常のファイルではありません（FIFO・フォルダー・デバイスなど）",
    ),
    "storage.reason.other": (
        "{detail}",
        "{detail}",
    ),
}
