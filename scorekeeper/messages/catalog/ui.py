"""The catalog's ``ui.*`` messages: the app's screens, keys and dialogs. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    "ui.key.quit": ("Quit", "終了"),
    "ui.cannot_open": ("Cannot open the session", "セッションを開けません"),
    "ui.yes": ("Yes", "はい"),
    "ui.no": ("No", "いいえ"),
    "ui.cancel": ("Cancel", "キャンセル"),
    "ui.pick.placeholder": (
        "seat number or name, then Enter (↑↓ to choose)",
        "席番号か名前を入力してEnter(↑↓で選択)",
    ),
    "ui.pick.no_match": ("nobody here matches {text!r}", "「{text}」に当てはまる人はいません"),
    "ui.pick.no_match_near": (
        "nobody here matches {text!r}: {near}?",
        "「{text}」に当てはまる人はいません。{near} のことですか?",
    ),
    "ui.pick.type_first": (
        "type a seat number or a name first (or choose with ↑↓): Enter alone picks nobody",
        "先に席番号か名前を入力してください(↑↓でも選べます)。Enterだけでは誰も選びません",
    ),
    "ui.pick.ambiguous": (
        "{text!r} could be {names}: type more",
        "「{text}」は{names}のどれにも当てはまります。続けて入力してください",
    ),
    "ui.pick.will_pick": (
        "Enter picks {name} (seat {seat})",
        "Enterで{name}(席{seat})を選びます",
    ),
    "ui.stake.next": ("next round starts at", "次のラウンドの開始点"),
    "ui.stake.cap": ("cap {cap}", "上限 {cap}"),
    "ui.stake.no_cap": ("no cap (青天井)", "上限なし(青天井)"),
    "ui.round_of": ("{round} of {limit}", "{round}/{limit}"),
    "ui.stake.finished": (
        "session finished after round {round}",
        "ラウンド{round}でセッション終了",
    ),
    "ui.players.seat": ("#", "席"),
    "ui.players.score": ("score", "得点"),
    "ui.players.round": ("this round", "このラウンド"),
    "ui.players.in": ("in", "勝負中"),
    "ui.players.folded_at": ("folded at {stake}", "{stake}で降りた"),
    "ui.players.sitting_out": ("not dealt in", "不参加"),
    "ui.players.left": ("left the table", "離席"),
    "ui.log.empty": (
        "No entries yet. Press n to start the first round.",
        "まだ記録がありません。nで最初のラウンドを始めます。",
    ),
    "ui.log.earlier": (
        "Entries #1–#{last:,}: press i for the timeline",
        "記録#1〜#{last:,}はタイムライン(i)で",
    ),
    "ui.history.reading": (
        "Reading all {entries:,} {entries:entry|entries} of session {session}…",
        "セッション{session}の全{entries:,}件を読み込み中…",
    ),
    "ui.key.fold": ("Fold", "降りる"),
    "ui.key.raise_stake": ("Raise", "上げる"),
    "ui.key.showdown": ("Showdown", "勝負"),
    "ui.key.showdown_cards": ("Cards", "カード"),
    "ui.key.new_round": ("Round", "ラウンド"),
    "ui.key.undo": ("Undo", "取消"),
    "ui.key.note": ("Note", "メモ"),
    "ui.key.rate": ("Rate", "レート"),
    "ui.key.hand_over": ("Book", "交代"),
    "ui.key.join": ("Join", "参加"),
    "ui.key.leave": ("Leave", "離席"),
    "ui.key.end": ("End", "終了"),
    "ui.key.proposals": ("Auto", "自動確定"),
    "ui.key.standings": ("Ranks", "順位"),
    "ui.key.back": ("Back", "戻る"),
    "ui.table.title": ("scorekeeper — session {session}", "scorekeeper — セッション{session}"),
    "ui.table.result": (
        "Round {round}: {what}. {paid}\nStandings: {standings}",
        "ラウンド{round}: {what}。{paid}\n順位: {standings}",
    ),
    "ui.table.paid": ("{payers} paid {winners}", "{payers} → {winners}"),
    "ui.table.changes": ("Changes: {changes}", "増減: {changes}"),
    "ui.table.not_now": ("that cannot be entered now", "今は記録できません"),
    "ui.table.who_folds": ("Who folds at {stake}?", "{stake}で降りるのは誰?"),
    "ui.table.who_won": ("Who won the showdown at {stake}?", "{stake}の勝負に勝ったのは誰?"),
    "ui.table.enter_cards": (
        "→ enter the cards shown instead (key v on the table)",
        "→ 出たカードを入力する(テーブル画面ではvキー)",
    ),
    "ui.table.cards_title": (
        "Showdown at {stake}: the cards shown",
        "{stake}の勝負: 出たカード",
    ),
    "ui.table.undo_question": (
        "Undo entry #{seq}: “{what}”?",
        "記録#{seq}「{what}」を取り消しますか?",
    ),
    "ui.table.undo_yes": ("Undo it", "取り消す"),
    "ui.table.note_title": ("Note for the log", "履歴に残すメモ"),
    "ui.table.rate_example": ("10 USD", "10 円"),
    "ui.table.rate_title": (
        "Money per point or chip, and the currency if you like (10 JPY, 0.5 USD)",
        "1点・チップ1枚あたりの金額と、必要なら通貨(10 JPY、0.5 USD など)",
    ),
    "ui.table.hand_to": (
        "Who takes the record book from {player}?",
        "{player}から記録役を渡す相手",
    ),
    "ui.table.who_leaves": ("Who leaves the table?", "抜けるのは誰?"),
    "ui.table.join_title": ("Name of the new player", "新しいプレイヤーの名前"),
    "ui.table.join_who": ("Who joins?", "誰が加わりますか?"),
    "ui.table.join_comes_back": ("{player} comes back to their seat", "{player}が元の席に戻る"),
    "ui.table.join_new": ("A new player: type their name", "新しいプレイヤー(名前を入力)"),
    "ui.names.known_question": (
        "{typed} looks like {known}, who played before: the same person?",
        "{typed}は以前に遊んだ{known}と似ています。同じ人ですか?",
    ),
    "ui.names.use_known": ("Use {known} (the same person)", "{known}にする(同じ人)"),
    "ui.names.keep_typed": (
        "Keep {typed} as another player",
        "{typed}のまま(別の人として)",
    ),
    "ui.names.left_question": (
        "{typed} looks like {known}, who left: is it {known} coming back?",
        "{typed}は抜けた{known}と似ています。{known}が戻るのですか?",
    ),
    "ui.names.bring_back": ("Bring {known} back to their seat", "{known}を元の席に戻す"),
    "ui.names.type_again": ("Type another name", "別の名前を入力する"),
    "ui.table.join_after": ("{player} sits after…", "{player}が座る席(この人の次)"),
    "ui.table.join_last": ("the last seat", "最後の席"),
    "ui.table.join_back": ("their old seat", "元の席"),
    "ui.table.end_question": (
        "End the session? The standings become final (undo can reopen it).",
        "セッションを終了しますか?順位が確定します(取り消しで再開できます)。",
    ),
    "ui.table.end_board": (
        "The {chips} {chips:chip|chips} on the board go back in equal shares: {shares}.",
        "場の{chips}チップは等分して返します: {shares}。",
    ),
    "ui.cards.record": ("Record", "記録"),
    "ui.cards.help": (
        "Rank then suit: KS, 10H, 7D (S H D C or ♠ ♥ ♦ ♣). Enter moves to the next.",
        "ランク・スートの順: KS、10H、7D(S H D C または ♠ ♥ ♦ ♣)。Enterで次へ。",
    ),
    "ui.cards.missing": ("no card typed for {players}", "{players}のカードが未入力です"),
    "ui.standings.final": (
        "Final standings after {rounds} {rounds:round|rounds} ({entries} {entries:entry|entries})",
        "最終順位({rounds}ラウンド、記録{entries}件)",
    ),
    "ui.standings.in_play": (
        "Standings after {rounds} {rounds:round|rounds}; round {round} is in play"
        " ({entries} {entries:entry|entries})",
        "{rounds}ラウンド終了時点の順位。ラウンド{round}は進行中(記録{entries}件)",
    ),
    "ui.standings.after": (
        "Standings after {rounds} {rounds:round|rounds} ({entries} {entries:entry|entries})",
        "{rounds}ラウンド終了時点の順位(記録{entries}件)",
    ),
    "ui.standings.total": ("total", "合計"),
    # the receipt under the final standings: its hash goes on the next line, whole
    "ui.standings.receipt": (
        "Receipt: {entries} {entries:entry|entries}, last hash:",
        "控え: 記録{entries}件、最後のハッシュ:",
    ),
    "ui.view_failed": (
        "This view cannot be shown ({kind}: {detail}). Nothing was changed: every entry is kept.",
        "この画面は表示できません({kind}: {detail})。何も変更されていません。記録はすべて残っています。",
    ),
    "ui.key.rebuy": ("Rebuy", "買い足し"),
    "ui.palette.key": ("key {keys}: {label}", "キー {keys}: {label}"),
    "ui.table.who_rebuys": ("Who buys chips?", "チップを買い足すのは誰?"),
    "ui.table.rebuy_chips": (
        "How many chips does {player} buy?",
        "{player}が買い足すチップの枚数",
    ),
    "ui.table.rebuy_number": (
        "type a whole number of chips",
        "チップの枚数を整数で入力してください",
    ),
    # -- indian-chips ---------------------------------------------------------
    "ui.key.check": ("Check", "チェック"),
    "ui.key.bet": ("Bet", "ベット"),
    "ui.key.call": ("Call", "コール"),
    "ui.key.raise_bet": ("Raise", "レイズ"),
    "ui.key.fold_hand": ("Fold", "降りる"),
    "ui.pot.next": (
        "next: round {round}, dealer {dealer}, ante {ante}",
        "次: ラウンド{round}、ディーラー {dealer}、参加料 {ante}",
    ),
    "ui.pot.closed": ("betting closed: showdown (s or v)", "賭け終了: 勝負を入力(sかv)"),
    "ui.pot.turn_call": ("▶ {player} to act: {call} to call", "▶ {player}の番: コールは{call}"),
    "ui.pot.turn_check": (
        "▶ {player} to act: check or bet",
        "▶ {player}の番: チェックかベット",
    ),
    "ui.pot.main": ("main pot {chips}: {players}", "メインポット {chips}: {players}"),
    "ui.pot.side": ("side pot {chips}: {players}", "サイドポット {chips}: {players}"),
    "ui.pot.seats": ("seats {seats}", "席{seats}"),
    "ui.players.seat_n": ("seat {seat}", "席{seat}"),
    "ui.pot.raises": (
        "raises {used} of {cap} · bet {bet}",
        "レイズ {used}/{cap}回 · ベット額 {bet}",
    ),
    "ui.chips.committed": ("in pot", "賭け"),
    "ui.chips.out": ("out", "脱落"),
    "ui.chips.all_in": ("all-in", "オールイン"),
    "ui.chips.to_act": ("to act", "手番"),
    "ui.chips.did.check": ("checked", "チェック"),
    "ui.chips.did.bet": ("bet", "ベット"),
    "ui.chips.did.call": ("called", "コール"),
    "ui.chips.did.raise": ("raised", "レイズ"),
    "ui.chips.did.fold": ("folded", "降り"),
    "ui.chips.ranking_title": (
        "Showdown between {players}: the ranking, best first",
        "{players}の勝負: 強い順の順位",
    ),
    "ui.chips.cards_title": ("Showdown: the cards shown", "勝負: 出たカード"),
    # -- indian-lowest ----------------------------------------------------------
    "ui.key.redraw": ("Redraw", "引き直し"),
    "ui.key.reveal": ("Reveal", "公開"),
    "ui.key.lose": ("Losers", "負けを入力"),
    "ui.lowest.of_limit": ("rounds: {limit} in all", "全{limit}ラウンド"),
    "ui.lowest.in_round": ("dealer {dealer}", "ディーラー {dealer}"),
    "ui.lowest.next": ("next round, dealer {dealer}", "次のラウンド、ディーラー {dealer}"),
    "ui.lowest.most": ("most losses: {players} ({losses})", "負け最多: {players}({losses})"),
    "ui.lowest.losses": ("losses", "負け"),
    "ui.lowest.redraw_column": ("redraw", "引き直し"),
    "ui.lowest.redrawn": ("used", "済"),
    "ui.who_redraws": ("Who redraws?", "引き直すのは誰?"),
    "ui.lowest.cards_title": (
        "The cards shown: the lowest loses",
        "出たカード: 一番弱い人が負け",
    ),
    "ui.lowest.who_lost": ("Who lost this round?", "このラウンドで負けたのは誰?"),
    "ui.key.turned": ("Turned", "めくり札"),
    "ui.key.trump": ("Trump", "切り札"),
    "ui.key.claim": ("Claim", "請求"),
    "ui.key.pass_poch": ("Pass", "パス"),
    "ui.key.show": ("Show", "公開"),
    "ui.key.poch_winner": ("Winner", "勝者"),
    "ui.key.out": ("Out", "上がり"),
    "ui.pick.not_now": ("{player} cannot be picked for this now", "今は{player}を選べません"),
    "ui.key.correct": ("Correct", "訂正"),
    "ui.correct.nothing_yet": ("no round has finished yet", "まだ終わったラウンドがありません"),
    "ui.correct.which_round": (
        "Correct which round? (1–{rounds})",
        "どのラウンドを訂正しますか?(1〜{rounds})",
    ),
    "ui.correct.which_round_hint": (
        "a round number, 1 to {rounds}, then Enter",
        "ラウンドの番号(1〜{rounds})を入れてEnter",
    ),
    "ui.correct.older_rounds": (
        "rounds 1 to {rounds}: type the number",
        "ラウンド1〜{rounds}は番号で入力",
    ),
    "ui.correct.which_round_error": (
        "type the number of a finished round, 1 to {rounds}",
        "終わったラウンドの番号(1〜{rounds})を入力してください",
    ),
    "ui.correct.reason": ("Why is round {round} corrected?", "ラウンド{round}を訂正する理由"),
    # the correcting table: round N played again with the usual keys
    "ui.correct.title": ("Correcting round {round}", "ラウンド{round}を訂正中"),
    "ui.correct.banner": (
        "Play round {round} again with the usual keys; once it is over, a reason saves"
        " the correction. Esc leaves it unchanged.",
        "いつものキーでラウンド{round}をもう一度記録します。終わったら理由を入れて"
        "訂正を保存します。Esc で変更せずに戻ります。",
    ),
    "ui.correct.played_banner": (
        "Round {round} is played again: ctrl+r gives the reason and saves the correction;"
        " u undoes its last entry; Esc leaves it unchanged.",
        "ラウンド{round}を記録し直しました。ctrl+r で理由を入れて訂正を保存します。"
        "u で最後の記録を取り消し、Esc で変更せずに戻ります。",
    ),
    "ui.correct.only_round": (
        "while round {round} is corrected, only its own entries are made here",
        "ラウンド{round}の訂正中は、そのラウンドの記録だけができます",
    ),
    "ui.correct.undo_start": (
        "round {round} starts here: there is nothing of it to undo (Esc leaves unchanged)",
        "ここがラウンド{round}の始まりです。取り消す記録はありません(Esc で変更せずに戻ります)",
    ),
    "ui.correct.played": (
        "round {round} is over: ctrl+r saves the correction, u undoes its last entry",
        "ラウンド{round}は終わりました。ctrl+r で訂正を保存、u で最後の記録を取り消します",
    ),
    "ui.correct.not_played": (
        "round {round} is not over yet: play it to its end, then ctrl+r",
        "ラウンド{round}はまだ終わっていません。最後まで記録してから ctrl+r を押してください",
    ),
    "ui.correct.left": (
        "Round {round} was left unchanged.",
        "ラウンド{round}は変更していません。",
    ),
    "ui.key.language": ("日本語 / English", "English / 日本語"),
    "ui.language.title": (
        "日本語に切り替え (Switch to Japanese)",
        "Switch to English (英語に切り替え)",
    ),
    "ui.language.help": (
        "F2 · the app restarts in the other language, on the same session",
        "F2 · 同じセッションのまま、もう一方の言語で開き直します",
    ),
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
    "ui.new.rate": ("Rate", "レート"),
    "ui.new.rate_help": (
        "money per point or chip, and a currency if you like; this session's only"
        " (empty: none yet; $ on the table sets it later)",
        "1点・チップ1枚あたりの金額と、必要なら通貨。このセッションだけのもの"
        "(空欄: まだ決めない。卓の画面の $ で後から設定)",
    ),
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
    "ui.log.empty_shown": ("No entries yet.", "まだ記録がありません。"),
    "ui.start.names_count": ("{count} players", "{count}人"),
    # -- the mark beside that player's name in the players column ---------------------
    "ui.players.mark.parent": ("親 parent", "親"),
    "ui.players.mark.dealer": ("dealer", "ディーラー"),
    # -- the stake panel ----------------------------------------------------------------
    "ui.stake.round.parent": ("round {round} · parent {parent}", "ラウンド{round} · 親 {parent}"),
    "ui.stake.round.dealer": (
        "round {round} · dealer {parent}",
        "ラウンド{round} · ディーラー {parent}",
    ),
    "ui.stake.between.parent": (
        "next: round {round} · parent {parent}",
        "次: ラウンド{round} · 親 {parent}",
    ),
    "ui.stake.between.dealer": (
        "next: round {round} · dealer {parent}",
        "次: ラウンド{round} · ディーラー {parent}",
    ),
    "ui.table.net": ("Net: {changes}", "収支: {changes}"),
    "ui.table.to_board": ("; {chips} stay on the board", "(場に{chips}が残る)"),
    "ui.table.same_as": (
        "that is the same as {label} now: press {press}",
        "今は{label}と同じです。{press}を押してください",
    ),
    "ui.table.to_board_of": (
        "; {chips} went to the board, {board} stay on it",
        "(場へ{chips}、場に{board}が残る)",
    ),
    "ui.table.from_board": (
        "; {chips} came from the board, {board} stay on it",
        "(場から{chips}、場に{board}が残る)",
    ),
    # -- the pot panel during betting: every chip in the middle, then its parts -------
    "ui.pot.middle_caption": ("in the middle", "中央の合計"),
    "ui.pot.unmatched": ("not called yet {chips}: {players}", "未コール分 {chips}: {players}"),
    # -- hints in a box: the session's real players, in the box's own syntax --------
    "ui.hint.example": ("e.g. {example}", "例: {example}"),
    "ui.hint.ranking": (
        "e.g. {example} (= ties; seats work too)",
        "例: {example}(=は同点、席番号も可)",
    ),
    "ui.hint.ranking_empty": (
        "type the ranking best first, like {example} (= for a tie)",
        "強い順に入力してください(例: {example}、=は同点)",
    ),
    "ui.hint.losers": ("names or seat numbers, e.g. {example}", "名前か席番号(例: {example})"),
    "ui.hint.losers_empty": (
        "type who lost (names or seat numbers), like {example}",
        "負けた人を名前か席番号で入力してください(例: {example})",
    ),
    "ui.hint.sets_empty": (
        "type each set as name=cards, like {example}",
        "組を「名前=カード」の形で入力してください(例: {example})",
    ),
    "ui.hint.turned": (
        "type the card turned up, like 8D",
        "めくったカードを入力してください(例: 8D)",
    ),
    "ui.hint.trump": (
        "type the trump suit: diamonds, D or ♦ (spades, hearts, clubs alike)",
        "切り札のスートを入力してください(例: diamonds、D、♦)",
    ),
    "ui.hint.claim_empty": (
        "type the pools {player} claims, separated by spaces",
        "{player}が請求する場をスペース区切りで入力してください",
    ),
    "ui.hint.amount": (
        "type the total {player} is in for, as a whole number",
        "{player}の賭けの合計を整数で入力してください",
    ),
    "ui.hint.left_empty": (
        "type the cards left in each other hand as name=number, like {example}",
        "他の人の残り枚数を「名前=枚数」の形で入力してください(例: {example})",
    ),
    # -- the new-session form: who leads the first round ------------------------------
    "ui.new.lead.parent": ("First parent", "最初の親"),
    "ui.new.lead.dealer": ("First dealer", "最初のディーラー"),
    "ui.new.lead_help.parent": ("deals the first round", "最初のラウンドの親"),
    "ui.new.lead_help.dealer": ("deals the first round", "最初のラウンドのディーラー"),
    "ui.new.recorder_same.parent": ("same as first parent", "最初の親と同じ"),
    "ui.new.recorder_same.dealer": ("same as first dealer", "最初のディーラーと同じ"),
    # -- Textual's own words: the command palette and its system commands --------------
    "ui.key.palette": ("palette", "コマンド"),
    "ui.palette.tooltip": ("Open the command palette", "コマンドの一覧を開く"),
    "ui.palette.search": ("Search for commands…", "コマンドを検索…"),
    "ui.palette.themes": ("Search for themes…", "テーマを検索…"),
    "ui.system.theme.title": ("Theme", "テーマ"),
    "ui.system.theme.help": ("Change the current theme", "画面の配色を変える"),
    "ui.system.quit.title": ("Quit", "終了"),
    "ui.system.quit.help": (
        "Quit the application (every entry is already saved)",
        "アプリを終了する(記録はすべて保存済み)",
    ),
    "ui.system.keys.title": ("Keys", "キー一覧"),
    "ui.system.keys.help": (
        "Show every key of this screen and what it does",
        "いま使えるキーの一覧を表示する",
    ),
    "ui.system.minimize.title": ("Minimize", "元の大きさに戻す"),
    "ui.system.minimize.help": (
        "Minimize the widget and restore to normal size",
        "最大化した部分を元の大きさに戻す",
    ),
    "ui.system.maximize.title": ("Maximize", "最大化"),
    "ui.system.maximize.help": (
        "Maximize the focused widget",
        "選んでいる部分を画面いっぱいに広げる",
    ),
    "ui.system.screenshot.title": ("Screenshot", "スクリーンショット"),
    "ui.system.screenshot.help": (
        "Save an SVG 'screenshot' of the current screen",
        "今の画面を画像として保存する",
    ),
}
