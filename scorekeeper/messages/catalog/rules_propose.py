"""The catalog's ``rules.propose.*`` messages: what a player may propose from their own
phone, and why not. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "rules.propose.not_seated": (
        "{player} is not seated at this table, so cannot propose an entry",
        "{player}さんはこの卓に着席していないため、提案できません",
    ),
    "rules.propose.switch_words": (
        "write proposals auto (confirmed by themselves) or proposals ask (the recorder"
        " confirms each)",
        "proposals auto(提案をそのまま記録)または proposals ask(記録役が確認)と書いてください",
    ),
    "rules.propose.transcript_syntax": (
        "write who proposed an entry as proposed=NAME@TIME (a time with its offset), before"
        " the entry's words",
        "提案した人は proposed=名前@時刻(時差つき)の形で、記録の語の前に書いてください",
    ),
    "rules.propose.recorders_only": (
        "only the recorder enters “{what}”: a player cannot propose it",
        "「{what}」は記録役だけが入力できます。プレイヤーは提案できません",
    ),
    "rules.propose.for_other": (
        "{player} cannot propose “{what}” for {other}: each player proposes their own moves",
        "{player}さんは{other}さんの「{what}」を提案できません。提案できるのは自分の手だけです",
    ),
    "rules.propose.leader_only": (
        "only {leader}, who leads this round, may propose “{what}”",
        "「{what}」を提案できるのは、このラウンドの親の{leader}さんだけです",
    ),
    "rules.propose.not_dealt": (
        "{player} is not dealt into this round, so cannot propose “{what}”",
        "{player}さんはこのラウンドに参加していないため「{what}」を提案できません",
    ),
    "rules.propose.not_now": (
        "{player} cannot propose “{what}” now",
        "{player}さんは今「{what}」を提案できません",
    ),
}
