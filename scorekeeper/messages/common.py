"""Messages shared by every part: game names, log lines, results. key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "game.indian-official": ("Indian Poker (official points)", "インディアンポーカー(公式ルール)"),
    "game.indian-chips": ("Indian Poker with chips", "インディアンポーカー(チップ)"),
    "game.indian-lowest": ("Indian Poker, lowest card loses", "インディアンポーカー(最弱負け)"),
    "game.pochen": ("Pochen", "ポッヘン"),
    # -- words said alone: headings of columns and sections, captions, states -----
    "word.game": ("Game", "ゲーム"),
    "word.players": ("Players", "プレイヤー"),
    "word.player": ("player", "プレイヤー"),
    "word.parent": ("parent", "親"),
    "word.round": ("round", "ラウンド"),
    "word.time": ("time", "時刻"),
    "word.stake": ("stake", "賭け点"),
    "word.pot": ("pot", "ポット"),
    "word.board": ("on the board", "盤上"),
    "word.chips": ("chips", "チップ"),
    "word.standings": ("Standings", "順位"),
    "word.rank": ("rank", "順位"),
    "word.net": ("net", "収支"),
    "word.finished": ("finished", "終了"),
    # -- the log, one line per entry ------------------------------------------------
    "log.undo": ("undo: {what}", "取り消し: {what}"),
    "log.voided_by": ("(voided by #{seq})", "(#{seq}で取り消し)"),
    "log.note": ("note: {text}", "メモ: {text}"),
    "log.recorder": (
        "{old} hands the record book to {new}",
        "{old}から{new}に記録役を交代",
    ),
    "log.join": (
        "{player} joins the table between {prev} and {next}",
        "{player}が参加({prev}と{next}の間)",
    ),
    "log.rejoin": (
        "{player} comes back to their seat between {prev} and {next}",
        "{player}が元の席に戻る({prev}と{next}の間)",
    ),
    "log.rejoin_moved": (
        "{player} comes back, now sitting between {prev} and {next}",
        "{player}が戻る(席は{prev}と{next}の間に移動)",
    ),
    "log.leave": ("{player} leaves the table", "{player}が抜ける"),
    "log.rebuy": (
        "{player} buys {chips} {chips:more chip|more chips}",
        "{player}がチップを{chips}枚買い足し",
    ),
    "log.end": ("the session ends", "セッション終了"),
    "log.official.raise": ("stake {old} → {new}", "賭け点 {old} → {new}"),
    "log.official.fold": ("{player} folded at {stake}", "{player}が{stake}で降りた"),
    "log.official.showdown": (
        "showdown at {stake}: {winner} wins",
        "{stake}で勝負: {winner}の勝ち",
    ),
    "log.official.showdown_cards": (
        "showdown at {stake} ({cards}): {winner} wins",
        "{stake}で勝負({cards}): {winner}の勝ち",
    ),
    # -- round results ---------------------------------------------------------------
    "result.official.showdown": (
        "{winner} won the showdown at {stake}",
        "{winner}が{stake}の勝負に勝った",
    ),
    "result.official.all_folded": (
        "every child folded: {winner} (parent) collects",
        "子が全員降りた: 親の{winner}が受け取る",
    ),
}

MESSAGES.update(
    {
        # -- betting, in both chip games (core/betting.py) ---------------------------
        "log.bet.check": ("{player} checks", "{player}がチェック"),
        "log.bet.pass": ("{player} passes", "{player}がパス"),
        "log.bet.bet_adds": (
            "{player} bets {chips} (in for {total})",
            "{player}が{chips}ベット(計{total})",
        ),
        "log.bet.bet_adds_all_in": (
            "{player} bets {chips}, all-in (in for {total})",
            "{player}が{chips}ベット、オールイン(計{total})",
        ),
        "log.bet.bet_total": ("{player} bets {total}", "{player}が{total}をベット"),
        "log.bet.bet_total_all_in": (
            "{player} bets {total}, all-in",
            "{player}が{total}をベット、オールイン",
        ),
        "log.bet.call": (
            "{player} calls {chips} (in for {total})",
            "{player}が{chips}コール(計{total})",
        ),
        "log.bet.call_all_in": (
            "{player} calls {chips}, all-in (in for {total})",
            "{player}が{chips}コール、オールイン(計{total})",
        ),
        "log.bet.raise": ("{player} raises to {total}", "{player}が{total}にレイズ"),
        "log.bet.raise_all_in": (
            "{player} raises to {total}, all-in",
            "{player}が{total}にレイズ、オールイン",
        ),
        "log.bet.fold": ("{player} folds", "{player}がフォールド"),
        "log.chips.showdown": ("showdown for {pot}: {ranking}", "{pot}の勝負: {ranking}"),
        "log.chips.showdown_cards": ("showdown for {pot}: {cards}", "{pot}の勝負: {cards}"),
        "result.chips.showdown": (
            "{winner} won the pot of {pot} at the showdown",
            "勝負で{winner}がポット{pot}を獲得",
        ),
        "result.chips.uncontested": (
            "everyone else folded: {winner} takes the pot of {pot}",
            "他の全員が降りた: {winner}がポット{pot}を獲得",
        ),
    }
)

MESSAGES.update(
    {
        "log.redraw": ("{player} redraws", "{player}が引き直し"),
        "log.lowest.reveal": (
            "cards shown ({cards}): lost by {losers}",
            "カード公開({cards}): {losers}の負け",
        ),
        "log.lowest.lose": ("round lost by {losers}", "{losers}の負け"),
        "result.lowest.lost": ("{losers} lost", "{losers}の負け"),
    }
)
