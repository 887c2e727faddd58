"""Messages of the start screen and the new-session form: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- start screen ------------------------------------------------------------
    "ui.start.title": (
        "Saved sessions (recently updated first)",
        "保存されたセッション(更新の新しい順)",
    ),
    "ui.start.col.id": ("#", "#"),
    "ui.start.col.rounds": ("Rounds", "ラウンド"),
    "ui.start.col.leader": ("Leader", "首位"),
    "ui.start.col.last": ("Last entry", "最終記録"),
    "ui.start.col.finished": ("Done", "終了"),
    "ui.start.finished_mark": ("✓", "✓"),
    "ui.start.name_sep": (", ", "、"),
    "ui.start.names_more": ("{names} +{more}", "{names} ほか{more}人"),
    "ui.start.damaged": ("damaged: {error}", "破損: {error}"),
    "ui.start.empty": (
        "No saved sessions yet. Press n to start a new one.",
        "保存されたセッションはまだありません。n を押すと新しいセッションを始められます。",
    ),
    "ui.start.detail": (
        "Session {session}: {game} · {players}",
        "セッション{session}: {game} · {players}",
    ),
    "ui.start.detail_damaged": (
        "Session {session} cannot be read: {error}",
        "セッション{session}は読めません: {error}",
    ),
    "ui.start.key.resume": ("Resume", "再開"),
    "ui.start.key.new": ("New", "新規"),
    "ui.start.key.delete": ("Delete", "削除"),
    "ui.start.key.same_table": ("Same table", "同じ卓"),
    "ui.start.same_table_started": (
        "Session {session}: the same table as session {like} (game, seats, options, recorder).",
        "セッション{session}: セッション{like}と同じ卓です(ゲーム・席・オプション・記録役)。",
    ),
    "ui.start.same_table_board": (
        "Session {session}: the same table as session {like}, opening with its board "
        "({chips} chips; each player anted their share).",
        "セッション{session}: セッション{like}と同じ卓で、その場({chips}チップ)から始めます"
        "(各自が自分の分を払いました)。",
    ),
    "ui.start.cannot_same_table": (
        "Cannot start the same table again",
        "同じ卓で始められません",
    ),
    "ui.start.confirm_delete": (
        "Move session {session} ({players}) to the trash?",
        "セッション{session}({players})をゴミ箱に移しますか?",
    ),
    "ui.start.confirm_delete_plain": (
        "Move session {session} to the trash?",
        "セッション{session}をゴミ箱に移しますか?",
    ),
    "ui.start.delete_yes": ("Move to trash", "ゴミ箱へ移す"),
    "ui.start.trashed": (
        "Session {session} was moved to the trash.",
        "セッション{session}をゴミ箱に移しました。",
    ),
    "ui.start.cannot_delete": ("Cannot delete the session", "セッションを削除できません"),
    "ui.start.cannot_list": ("Cannot list the sessions", "セッション一覧を読めません"),
    # -- new session form --------------------------------------------------------
    "ui.new.title": ("New session", "新しいセッション"),
    "ui.new.name_placeholder": (
        "type a name, Enter adds a seat",
        "名前を入力し、Enterで席を追加",
    ),
    "ui.new.seat": ("{seat:>2}  {name}", "{seat:>2}  {name}"),
    "ui.new.player_count": (
        "{count} seated, clockwise · {min}–{max} players",
        "{count}人着席(時計回り)· {min}〜{max}人",
    ),
    "ui.new.remove": ("Remove", "外す"),
    "ui.new.up": ("Up", "上へ"),
    "ui.new.down": ("Down", "下へ"),
    "ui.new.options": ("House options", "ハウスルール"),
    "ui.new.help_default": ("{help} (default {value})", "{help}(既定値 {value})"),
    "ui.new.parent_first_seat": ("first seat ({name})", "席1({name})"),
    "ui.new.parent_no_seats": ("first seat", "席1"),
    "ui.new.recorder": ("Recorder", "記録役"),
    "ui.new.recorder_help": ("holds the record book first", "最初に記録をつける人"),
    "ui.new.create": ("Create", "作成"),
    "ui.new.key.remove": ("Remove seat", "席を外す"),
    "ui.new.key.up": ("Seat up", "席を上へ"),
    "ui.new.key.down": ("Seat down", "席を下へ"),
    "ui.new.stacks": ("Other starting chips", "個別の持ちチップ"),
    "ui.new.stacks_help": (
        "players who start with other than `stack` chips, like A=50 B=200 (optional)",
        "持ちチップが他の人と違う人(任意)。例: A=50 B=200",
    ),
}
