"""The catalog's ``log.*`` messages: the log's lines: what each entry did, in words. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the log, one line per entry ------------------------------------------------
    "log.undo": ("undo: {what}", "取り消し: {what}"),
    "log.voided_by": ("(voided by #{seq})", "(#{seq}で取り消し)"),
    "log.note": ("note: {text}", "メモ: {text}"),
    # the game's own unit: a points game plays for so much a point, a chip game a chip
    "log.rate_point": (
        "rate: {money} per point from here on",
        "レート: 以後1点あたり{money}",
    ),
    "log.rate_chip": (
        "rate: {money} per chip from here on",
        "レート: 以後チップ1枚あたり{money}",
    ),
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
    "log.rebuy_deals": (
        "{player} buys {chips} {chips:more chip|more chips} and deals next",
        "{player}がチップを{chips}枚買い足し、次のディーラーになる",
    ),
    "log.end": ("the session ends", "セッション終了"),
    "log.proposals_auto": (
        "proposals are confirmed by themselves from now",
        "これからはプレイヤーの提案をそのまま記録します",
    ),
    "log.proposals_ask": (
        "proposals wait for the recorder",
        "プレイヤーの提案は記録役の確認を待ちます",
    ),
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
    "log.bet.fold": ("{player} folds", "{player}が降りた"),
    "log.chips.showdown": ("showdown for {pot}: {ranking}", "{pot}の勝負: {ranking}"),
    "log.chips.showdown_cards": ("showdown for {pot}: {cards}", "{pot}の勝負: {cards}"),
    "log.redraw": ("{player} redraws", "{player}が引き直し"),
    "log.lowest.reveal": (
        "cards shown ({cards}): lost by {losers}",
        "カード公開({cards}): {losers}の負け",
    ),
    "log.lowest.lose": ("round lost by {losers}", "{losers}の負け"),
    # -- the log ---------------------------------------------------------------------
    "log.pochen.turned": ("{card} turned up: trump {suit}", "{card}をめくった: 切り札は{suit}"),
    "log.pochen.trump": ("trump {suit}", "切り札は{suit}"),
    "log.pochen.claim": (
        "{player} claims {pools} and takes {chips}",
        "{player}が{pools}を請求して{chips}を獲得",
    ),
    "log.pochen.pass_folds": ("{player} passes (folds)", "{player}がパス(降りた)"),
    "log.pochen.show": (
        "sets shown ({sets}): {winner} wins {pot} and the poch pool of {poch}",
        "役の公開({sets}): {winner}がポット{pot}とポッヘンの場{poch}を獲得",
    ),
    "log.pochen.poch": (
        "Poch won by {ranking}: {pot} and the poch pool of {poch}",
        "ポッヘンの勝者{ranking}: ポット{pot}とポッヘンの場{poch}",
    ),
    "log.pochen.show_pool": (
        "nobody bet; sets shown ({sets}): {winner} takes the poch pool of {poch}",
        "全員パス、役の公開({sets}): {winner}がポッヘンの場{poch}を獲得",
    ),
    "log.pochen.poch_pool": (
        "nobody bet; best set {ranking}: the poch pool of {poch}",
        "全員パス、最強の役は{ranking}: ポッヘンの場{poch}",
    ),
    "log.pochen.out": (
        "{player} goes out first and takes the centre ({chips})",
        "{player}が最初に上がりセンター({chips})を獲得",
    ),
    "log.pochen.out_paid": (
        "{player} goes out first, takes the centre ({chips}) and {paid} for cards left",
        "{player}が最初に上がりセンター({chips})と残り札の支払い{paid}を獲得",
    ),
    "log.correct": (
        "round {round} corrected ({reason}): {entries}",
        "ラウンド{round}を訂正({reason}): {entries}",
    ),
    "log.correct_separator": ("; ", "、"),
    # -- the log ----------------------------------------------------------------------
    "log.round.parent": (
        "round {round} begins, {parent} is parent",
        "ラウンド{round}開始、親は{parent}",
    ),
    "log.round.dealer": (
        "round {round} begins, {parent} deals",
        "ラウンド{round}開始、ディーラーは{parent}",
    ),
}
