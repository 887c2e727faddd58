"""The catalog's ``cards.*`` messages: cards, ranks and suits. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "cards.unreadable": (
        "{text!r} is not a card: write the rank then the suit, like KS, 10H, 7♦ or JK",
        "「{text}」はカードとして読めません。ランク、スートの順に書いてください(例: KS、10H、7♦、JK)",
    ),
    "cards.unreadable_no_joker": (
        "{text!r} is not a card: write the rank then the suit, like KS, 10H or 7♦",
        "「{text}」はカードとして読めません。ランク、スートの順に書いてください(例: KS、10H、7♦)",
    ),
    "cards.no_joker": (
        "there is no joker in this game",
        "このゲームにジョーカーはありません",
    ),
    # How cards rank, as each game says (Game.card_order): the cards dialog shows them
    "cards.order.said": ("{order} {ties}", "{order}{ties}"),  # the two sentences below
    "cards.order.ace_low": ("K high down to 2, Ace low.", "強い順に K から 2、A が最弱。"),
    "cards.order.ace_high": ("Ace high, then K down to 2.", "強い順に A、K から 2。"),
    "cards.order.joker_high": (
        "Joker high, then Ace, K down to 2.",
        "強い順にジョーカー、A、K から 2。",
    ),
    "cards.ties.sanma": ("Same rank: ♠ > ♥ > ♦ > ♣.", "同じランクは ♠ > ♥ > ♦ > ♣。"),
    "cards.ties.hokuto": ("Same rank: ♥ > ♣ > ♦ > ♠.", "同じランクは ♥ > ♣ > ♦ > ♠。"),
    "cards.ties.split": ("Same rank: a tie.", "同じランクは引き分け。"),
    "cards.ties.all_lose": (
        "Same rank: everyone tied for lowest loses.",
        "同じランクは最弱の全員が負け。",
    ),
    # How Pochen's sets rank in the Poch (Game.set_order): the showdown's dialogs show it
    "cards.sets.order_32": (
        "Sets: more cards win (4 > 3 > 2), then the higher rank"
        " (A > K > Q > J > 10 > 9 > 8 > 7), then the set holding the trump.",
        "役の強さ: 枚数の多い組(4 > 3 > 2)、次にランクの高い組"
        "(A > K > Q > J > 10 > 9 > 8 > 7)、最後に切り札を含む組。",
    ),
    "cards.sets.order_52": (
        "Sets: more cards win (4 > 3 > 2), then the higher rank"
        " (A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3 > 2), then the set holding the trump.",
        "役の強さ: 枚数の多い組(4 > 3 > 2)、次にランクの高い組"
        "(A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3 > 2)、最後に切り札を含む組。",
    ),
    "cards.twice": (
        "{card} is shown twice ({first} and {second}); one deck has only one",
        "{card}が2回出ています({first}と{second})。1組のデッキに同じカードは1枚だけです",
    ),
}
