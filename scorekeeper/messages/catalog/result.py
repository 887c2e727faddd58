"""The catalog's ``result.*`` messages: a round's result in words. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- round results ---------------------------------------------------------------
    "result.official.showdown": (
        "{winner} won the showdown at {stake}",
        "{winner}が{stake}の勝負に勝った",
    ),
    "result.official.all_folded": (
        "every child folded: {winner} (parent) collects",
        "子が全員降りた: 親の{winner}が受け取る",
    ),
    "result.chips.showdown": (
        "{winner} won the pot of {pot} at the showdown",
        "勝負で{winner}がポット{pot}を獲得",
    ),
    "result.chips.uncontested": (
        "everyone else folded: {winner} takes the pot of {pot}",
        "他の全員が降りた: {winner}がポット{pot}を獲得",
    ),
    "result.lowest.lost": ("{losers} lost", "{losers}の負け"),
    "result.pochen.deal": (
        "{out} went out first; Poch: {poch}",
        "{out}が最初に上がり、ポッヘンは{poch}",
    ),
    "result.pochen.deal_no_poch": (
        "{out} went out first; nobody won the Poch",
        "{out}が最初に上がり、ポッヘンは勝者なし",
    ),
    # -- results: who won what, and what stays on the board ------------------------
    "result.chips.showdown_split": (
        "{winner} split the pot of {pot} at the showdown",
        "勝負で{winner}がポット{pot}を山分け",
    ),
    "result.chips.showdown_side": (
        "{winner} won the main pot of {pot} at the showdown; side pot: {sides}",
        "勝負でメインポット{pot}は{winner}が獲得。サイドポット: {sides}",
    ),
    "result.chips.showdown_pots": (
        "{winner} won the main pot of {pot} at the showdown; side pots: {sides}",
        "勝負でメインポット{pot}は{winner}が獲得。サイドポット: {sides}",
    ),
}
