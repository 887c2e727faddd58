"""Messages about cards: key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "cards.unreadable": (
        "{text!r} is not a card: write the rank then the suit, like KS, 10H, 7♦ or JK",
        "「{text}」はカードとして読めません。ランク、スートの順に書いてください(例: KS、10H、7♦、JK)",
    ),
    "cards.no_joker": (
        "there is no joker in this game",
        "このゲームにジョーカーはありません",
    ),
    "cards.twice": (
        "{card} is shown twice ({first} and {second}); one deck has only one",
        "{card}が2回出ています({first}と{second})。1組のデッキに同じカードは1枚だけです",
    ),
}
