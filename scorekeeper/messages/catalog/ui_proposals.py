"""The catalog's ``ui.proposals.*`` messages: the players' proposals on the app's table
(issue 46), the line over the table and its keys. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "ui.proposals.first": (
        "{label} · Enter confirm · X refuse",
        "{label} · Enter 確定 · X 却下",
    ),
    "ui.proposals.more": ("+{count} more", "ほか{count}件"),
    "ui.proposals.auto": (
        "proposals confirm themselves (w: the recorder confirms again)",
        "提案はそのまま記録されます(w:記録役の確認に戻す)",
    ),
    "ui.proposals.key.confirm": ("Confirm", "確定"),
    "ui.proposals.key.refuse": ("Refuse", "却下"),
    "ui.proposals.confirming": ("Confirming “{label}” …", "「{label}」を確定しています…"),
    "ui.proposals.refused": (
        "Refused “{label}”; the player's phone is told",
        "「{label}」を却下しました(本人の電話に伝えます)",
    ),
    "ui.proposals.no_phones": (
        "The switch is for the players' phones: show the phones' page first (ctrl+p)",
        "この切り替えはプレイヤーの電話用です。先に電話用ページを表示してください(ctrl+p)",
    ),
    "ui.proposals.no_page": (
        "The phones' page is not running, so the proposal cannot be answered",
        "電話用ページが動いていないため、提案に答えられません",
    ),
}
