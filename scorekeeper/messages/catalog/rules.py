"""The catalog's ``rules.*`` messages: refusals by the rules of a game, in plain words. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the session and its header ---------------------------------------------
    "rules.unknown_game": (
        "there is no game called {game!r}; the games are: {games}",
        "「{game}」というゲームはありません。ゲームは次のとおりです: {games}",
    ),
    "rules.unknown_option": (
        "{game} has no option {option!r}; its options are: {options}",
        "{game}に「{option}」というオプションはありません。オプション: {options}",
    ),
    "rules.option_bool": (
        "option {option} must be true or false, not {value!r}",
        "「{option}」ははい(true)かいいえ(false)です(「{value}」は使えません)",
    ),
    "rules.option_choice": (
        "option {option} must be one of {choices}, not {value!r}",
        "「{option}」は{choices}のどれかです(「{value}」は使えません)",
    ),
    "rules.option_number": (
        "option {option} must be a whole number of at least {minimum}, not {value!r}",
        "「{option}」は{minimum}以上の整数です(「{value}」は使えません)",
    ),
    "rules.name_empty": ("a player's name cannot be empty", "プレイヤー名が空です"),
    "rules.name_long": (
        "the name {name!r} is too long (at most {limit} characters)",
        "名前「{name}」が長すぎます({limit}文字まで)",
    ),
    "rules.name_chars": (
        "the name {name!r} cannot contain = > or , nor start with @ or #",
        "名前「{name}」には = > , を含められず、@ や # で始められません",
    ),
    "rules.name_control": (
        "the name {name!r} contains a control character",
        "名前「{name}」に制御文字が含まれています",
    ),
    "rules.name_twice": (
        "{name} is already a player (names must differ, ignoring case)",
        "{name}はすでにプレイヤーにいます(大文字小文字を区別せず、名前は重複できません)",
    ),
    "rules.player_count": (
        "{game} is played by {min} to {max} players, not {count}",
        "{game}は{min}〜{max}人で遊びます({count}人では遊べません)",
    ),
    "rules.unknown_player": (
        "there is no player called {player!r} (players: {players})",
        "「{player}」というプレイヤーはいません(プレイヤー: {players})",
    ),
    "rules.unknown_player_near": (
        "there is no player called {player!r} (players: {players}): {near}?",
        "「{player}」というプレイヤーはいません(プレイヤー: {players})。{near} のことですか?",
    ),
    "rules.stacks_no_chips": (
        "{game} is not played with chips, so it takes no starting stacks",
        "{game}はチップを使わないので、持ちチップは指定できません",
    ),
    # -- a board carried over from the session before (Pochen end_board carry) -------
    "rules.board_not_in_game": (
        "only Pochen has a board to carry over from the session before",
        "前回から持ち越せる場があるのはポッヘンだけです",
    ),
    "rules.board_negative": (
        "the carried board's {pool} cannot hold a negative number of chips ({chips})",
        "持ち越した場の{pool}を負のチップ数({chips})にはできません",
    ),
    "rules.board_shares_sum": (
        "the shares of the carried board add up to {shares}, but the board holds {board} chips",
        "持ち越した場の各自の分の合計は{shares}ですが、場には{board}チップあります",
    ),
    "rules.like_board_in_play": (
        "this session has not ended and {chips} chips are still on its board: end it first, "
        "so that the board can be carried over to the next session (end_board carry)",
        "このセッションはまだ終わっておらず、場に{chips}チップ残っています。"
        "場を次回に持ち越せるよう、先に終了してください",
    ),
    "rules.share_over_stack": (
        "{player}'s share of the carried board ({share}) is more than the {stack} chips "
        "{player} starts with",
        "{player}の持ち越した場の分({share})が、{player}の持ちチップ{stack}より多いです",
    ),
    # -- the one bound on amounts (core/amounts.py) --------------------------------
    "rules.too_large": (
        "{value} is too large: an amount may be at most {limit:,}, so that every page and "
        "export shows it exactly",
        "{value}は大きすぎます。数は{limit:,}までです(どのページや書き出しでも正確に表示できるように)",
    ),
    "rules.other_digits": (
        "{value} is written in digits other than 0–9: type it as {plain} (numbers take the"
        " digits 0–9 only)",
        "{value}は0〜9以外の数字で書かれています。{plain}のように半角の0〜9で入力してください",
    ),
    "rules.too_large.stake": (
        "raising would make the stake {value:,}: past {limit:,}, the most an amount may be "
        "(so that every page and export shows it exactly)",
        "賭け点を上げると{value:,}になり、数の上限{limit:,}を超えます"
        "(どのページや書き出しでも正確に表示できるように)",
    ),
    "rules.too_large.score": (
        "this entry would make {player}'s score {value:,}: past {limit:,}, the most an amount "
        "may be (so that every page and export shows it exactly)",
        "この記録で{player}の点数が{value:,}になり、数の上限{limit:,}を超えます"
        "(どのページや書き出しでも正確に表示できるように)",
    ),
    "rules.too_large.chips": (
        "this would bring the chips at the table to {value:,}: past {limit:,}, the most an "
        "amount may be (so that every page and export shows it exactly)",
        "これでテーブルのチップの合計が{value:,}になり、数の上限{limit:,}を超えます"
        "(どのページや書き出しでも正確に表示できるように)",
    ),
    "rules.stack_negative": (
        "{player}'s starting stack cannot be negative",
        "{player}の持ちチップを負の数にはできません",
    ),
    "rules.share_negative": (
        "{player}'s share of the carried board cannot be negative",
        "{player}の持ち越した場の分を負の数にはできません",
    ),
    # -- entries common to every game ------------------------------------------
    "rules.unknown_entry": (
        "{entry!r} is not an entry of {game}",
        "「{entry}」は{game}の記録にはありません",
    ),
    "rules.unknown_entry_near": (
        "{entry!r} is not an entry of {game}: {near}?",
        "「{entry}」は{game}の記録にはありません。{near} のことですか?",
    ),
    "rules.time_needs_offset": (
        "the time {time} needs its UTC offset, like +09:00 or Z",
        "時刻{time}にはUTCとの時差(+09:00やZなど)が必要です",
    ),
    "rules.option_type": (
        "option {option} cannot be {value}: give it as it is typed in a transcript",
        "「{option}」に{value}は使えません。記録テキストと同じ書き方にしてください",
    ),
    "rules.stored_recorder_mismatch": (
        "it names {recorder} as its recorder, but {expected} held the record book then",
        "記録役が{recorder}になっていますが、そのとき記録していたのは{expected}です",
    ),
    "rules.time_range": (
        "the time {time} is outside 1970–2099: type the time the entry was made",
        "時刻{time}は1970〜2099年の範囲外です。記録した時刻を入力してください",
    ),
    "rules.time_offset_range": (
        "the time {time} has an offset beyond ±14:00, which no time zone uses",
        "時刻{time}の時差が±14:00を超えています。そのようなタイムゾーンはありません",
    ),
    "rules.time_backwards": (
        "time goes backwards: {time} is before the previous entry ({previous})",
        "時刻が逆行しています: {time}は前の記録({previous})より前です",
    ),
    "rules.nothing_to_undo": ("there is nothing to undo", "取り消す記録がありません"),
    "rules.note_empty": ("a note needs some text", "メモが空です"),
    "rules.note_not_text": (
        "a note cannot hold {char}, which is half of a character, not text: type it again",
        "メモに文字の片割れ{char}(文字ではありません)が含まれています。入力し直してください",
    ),
    "rules.correct_reason_not_text": (
        "a reason cannot hold {char}, which is half of a character, not text: type it again",
        "理由に文字の片割れ{char}(文字ではありません)が含まれています。入力し直してください",
    ),
    "rules.note_long": (
        "a note can be at most {limit} characters",
        "メモは{limit}文字までです",
    ),
    "rules.rate_amount": (
        "{value!r} is not a rate: give a positive number with at most 2 decimals, like 10 or 0.5",
        "「{value}」はレートとして読めません。10や0.5のように、小数2桁までの正の数を書いてください",
    ),
    "rules.rate_currency": (
        "{currency!r} is not a currency: write a short word of at most {limit} letters, "
        "like JPY, USD or EUR",
        "「{currency}」は通貨として読めません。JPY・USD・円のように{limit}文字までの短い語で書いてください",
    ),
    "rules.recorder_already": (
        "{player} already holds the record book",
        "{player}はすでに記録役です",
    ),
    "rules.session_ended": (
        "the session has ended; only undo, notes, a rate and a new recorder can be entered",
        "このセッションは終了しています。取り消し・メモ・レート・記録役の交代だけができます",
    ),
    "rules.between_rounds_only": (
        "{entry} can only be entered between rounds, and round {round} is in play",
        "{entry}はラウンドの合間にだけ記録できます(ラウンド{round}が進行中です)",
    ),
    "rules.round_in_play": (
        "round {round} is still in play: finish it (or undo its entries) first",
        "ラウンド{round}がまだ進行中です。先に終わらせるか、記録を取り消してください",
    ),
    "rules.too_few_to_play": (
        "at least {min} {min:player|players} must be seated to play a round",
        "ラウンドを始めるには{min}人以上が着席している必要があります",
    ),
    "rules.already_left": (
        "{player} has already left the table",
        "{player}はすでに抜けています",
    ),
    "rules.too_few_to_leave": (
        "nobody can leave now: at least {min} {min:player|players} must stay at the table",
        "今は誰も抜けられません。{min}人以上が残る必要があります",
    ),
    "rules.name_lookalike": (
        "{name} looks like {other}, already a player: the table could not tell them apart"
        " (write {other}, or another name)",
        "{name}は{other}(すでにプレイヤーにいます)と見分けがつきません。"
        "{other}と書くか、別の名前にしてください",
    ),
    "rules.join_lookalike_seated": (
        "{player} looks like {other}, who is at the table: the table could not tell them"
        " apart; a new player needs a name that does not look like theirs",
        "{player}は着席中の{other}と見分けがつきません。"
        "新しいプレイヤーには見分けのつく名前を付けてください",
    ),
    "rules.join_lookalike_left": (
        "{player} looks like {other}, who left: join {other} brings them back to their seat;"
        " a new player needs a name that does not look like theirs",
        "{player}は抜けた{other}と見分けがつきません。join {other}で元の席に戻ります。"
        "新しいプレイヤーには見分けのつく名前を付けてください",
    ),
    "rules.already_seated": (
        "{player} is already at the table",
        "{player}はすでに着席しています",
    ),
    "rules.too_many": (
        "the table is full ({max} players at most)",
        "満席です(最大{max}人)",
    ),
    "rules.join_after_self": (
        "{player} cannot sit after themselves",
        "{player}を自分の後ろに座らせることはできません",
    ),
    "rules.rebuy_no_chips": (
        "{game} is not played with chips, so there is no rebuy",
        "{game}はチップを使わないので、買い足しはありません",
    ),
    "rules.rebuy_amount": (
        "a rebuy needs a whole number of chips above 0, not {value!r}",
        "買い足しは1以上の整数のチップです({value!r}は使えません)",
    ),
    "rules.no_round": (
        "no round is in play: start a new round first",
        "ラウンドが始まっていません。先に新しいラウンドを始めてください",
    ),
    "rules.not_in_round": (
        "{player} is not playing in round {round}",
        "{player}はラウンド{round}に参加していません",
    ),
    "rules.needs_one_player": (
        "{verb} needs exactly one player's name",
        "{verb}にはプレイヤー名を1人分だけ書いてください",
    ),
    "rules.pair_syntax": (
        "{word!r} should be a player and a card joined by =, like A=KS",
        "「{word}」はプレイヤーとカードを=でつないでください(例: A=KS)",
    ),
    "rules.card_for_player_twice": (
        "{player} is given a card twice",
        "{player}のカードが2回書かれています",
    ),
    "rules.undo_mismatch": (
        "stored entry {seq} voids an entry that is not the latest in force",
        "保存された記録{seq}が、最新でない記録を取り消しています",
    ),
    "rules.stored_entry_mismatch": (
        "stored entry {seq} does not match what the rules make of it",
        "保存された記録{seq}がルールと一致しません",
    ),
    "rules.stored_entry_invalid": (
        "stored entry {seq} breaks the rules: {reason}",
        "保存された記録{seq}がルールに反しています: {reason}",
    ),
    # -- indian-official ---------------------------------------------------------
    "rules.official.cap_below_base": (
        "the cap ({cap}) is below the opening stake ({base})",
        "上限({cap})が開始の賭け点({base})より低くなっています",
    ),
    "rules.official.raise_takes_nothing": (
        "raise takes no name: the stake doubles for everyone",
        "賭け点を上げるときに名前は要りません(賭け点が全員に対して倍になります)",
    ),
    "rules.official.at_cap": (
        "the stake is at the cap ({cap})",
        "賭け点は上限({cap})に達しています",
    ),
    "rules.official.past_cap": (
        "raising {stake} to {next} would pass the cap ({cap})",
        "{stake}から{next}への引き上げは上限({cap})を超えます",
    ),
    "rules.official.parent_folds": (
        "{player} is the parent, and the parent may never fold",
        "{player}は親です。親は降りられません",
    ),
    "rules.official.folded_twice": (
        "{player} has already folded (at {stake})",
        "{player}はすでに降りています({stake}で)",
    ),
    "rules.official.folded_wins": (
        "{player} has folded and cannot win the showdown",
        "{player}は降りているので勝負に勝てません",
    ),
    "rules.folded_in_showdown": (
        "{player} has folded and is not in the showdown",
        "{player}は降りているので勝負に参加していません",
    ),
    "rules.official.showdown_syntax": (
        "write the showdown as 'showdown WINNER' or 'showdown cards A=KS B=10H …'",
        "勝負は「showdown 勝者」か「showdown cards A=KS B=10H …」と書いてください",
    ),
    "rules.stored_header_invalid": (
        "the stored session header is not one this program wrote",
        "保存されたセッションのヘッダーが読めません",
    ),
    "rules.stored_event_invalid": (
        "a stored entry is not one this program wrote: {doc}",
        "保存された記録が読めません: {doc}",
    ),
    "rules.ranking_syntax": (
        "write the ranking best first, like 'showdown C > B = D' (= for a tie)",
        "順位は強い順に「showdown C > B = D」のように書いてください(=は同点)",
    ),
    "rules.ranking_twice": ("{player} is ranked twice", "{player}が2回並べられています"),
    "rules.ranking_missing": (
        "the ranking must name everyone still in; missing: {players}",
        "順位には残っている全員が必要です。足りないのは: {players}",
    ),
    "rules.showdown_cards_syntax": (
        "write the cards as 'showdown cards A=KS B=10H …'",
        "カードは「showdown cards A=KS B=10H …」と書いてください",
    ),
    "rules.cards_missing": (
        "the showdown needs the card of everyone still in; missing: {players}",
        "勝負には残っている全員のカードが必要です。足りないのは: {players}",
    ),
    "rules.chips.betting_closed": (
        "betting has closed: enter the showdown",
        "賭けは締め切られています。勝負を記録してください",
    ),
    "rules.chips.not_your_turn": (
        "it is {turn}'s turn, not {player}'s",
        "今は{turn}の番です({player}の番ではありません)",
    ),
    "rules.chips.check_facing_bet": (
        "{player} cannot check facing a bet: call {call}, raise or fold",
        "{player}は賭けに対してチェックできません。コール({call})・レイズ・降りるのどれかです",
    ),
    "rules.chips.second_bet": (
        "there is already a bet: {player} can call {call}, raise or fold",
        "すでにベットがあります。{player}はコール({call})・レイズ・降りるのどれかです",
    ),
    "rules.chips.nothing_to_call": (
        "there is no bet yet: {player} can check or bet, not {verb}",
        "まだベットがありません。{player}はチェックかベットです({verb}はできません)",
    ),
    "rules.chips.raise_cap": (
        "no more raises this round (the limit is {cap})",
        "このラウンドはもうレイズできません(上限{cap}回)",
    ),
    "rules.chips.raise_short": (
        "{player} has only {chips} {chips:chip|chips}: that is a call, all-in",
        "{player}のチップは{chips}枚だけです。オールインのコールになります",
    ),
    "rules.bet.has_folded": ("{player} has folded", "{player}はもう降りています"),
    "rules.chips.showdown_early": (
        "betting is still open: it is {turn}'s turn",
        "まだ賭けが続いています。{turn}の番です",
    ),
    "rules.lowest.lose_needs_names": (
        "name who lost, like 'lose B D'",
        "負けた人を「lose B D」のように書いてください",
    ),
    # -- redraws: indian-lowest, and indian-chips with option redraw -------------
    "rules.redraw.off": (
        "this session is played without redraws (option redraw false)",
        "このセッションは引き直しなしです(引き直しの設定が「いいえ」)",
    ),
    "rules.redraw.twice": (
        "{player} has already redrawn in round {round}",
        "{player}はラウンド{round}ですでに引き直しています",
    ),
    "rules.redraw.all_used": (
        "everyone still in has already redrawn in round {round}",
        "ラウンド{round}では残っている全員がすでに引き直しています",
    ),
    "rules.chips.redraw_folded": (
        "{player} has folded: there is no card left to redraw",
        "{player}は降りたので、引き直すカードがありません",
    ),
    "rules.chips.redraw_closed": (
        "the betting has closed, so it is too late to redraw",
        "賭けが締め切られたので、もう引き直せません",
    ),
    "rules.lowest.loser_twice": ("{player} is named twice", "{player}が2回書かれています"),
    "rules.correct_timed": (
        "a replacement entry takes no time of its own: {entry}",
        "訂正の記録には時刻を付けられません: {entry}",
    ),
    "rules.correct_kind": (
        "{entry!r} cannot replace an entry of a round: only the round's own entries can ({valid})",
        "「{entry}」はラウンドの記録ではないため訂正に使えません(使えるのは {valid})",
    ),
    "rules.correct_no_such_round": (
        "there is no round {round} to correct ({rounds} {rounds:round has|rounds have} been played)",
        "訂正するラウンド{round}がありません(これまで{rounds}ラウンド)",
    ),
    "rules.correct_in_play": (
        "round {round} is still in play: undo the wrong entry or enter the right one instead",
        "ラウンド{round}はまだ進行中です: 誤った記録を取り消すか正しい記録を入力してください",
    ),
    "rules.correct_no_reason": (
        "a correction needs a reason",
        "訂正には理由が必要です",
    ),
    "rules.correct_reason_long": (
        "the reason of a correction can be at most {limit} characters",
        "訂正の理由は{limit}文字までです",
    ),
    "rules.correct_no_entries": (
        "a correction of round {round} needs the round's entries as they should have been",
        "ラウンド{round}の訂正には正しい記録が必要です",
    ),
    "rules.correct_after_end": (
        "replacement entry {n} ({entry}) comes after round {round} has already ended",
        "訂正の記録{n}({entry})はラウンド{round}の終了後になります",
    ),
    "rules.correct_entry_refused": (
        "replacement entry {n} ({entry}) is refused: {reason}",
        "訂正の記録{n}({entry})は受け付けられません: {reason}",
    ),
    "rules.correct_unfinished": (
        "the corrected round {round} does not finish: give every entry up to its end",
        "訂正したラウンド{round}が終わっていません: 終わりまでの記録をすべて入力してください",
    ),
    "rules.correct_same": (
        "the correction does not change round {round}",
        "この訂正ではラウンド{round}が変わりません",
    ),
    "rules.correct_breaks": (
        "refused: after this correction, entry #{seq} ({entry}) would break a rule: {reason}",
        "受け付けられません: この訂正をすると記録#{seq}({entry})がルール違反になります: {reason}",
    ),
    # -- entries named in a refusal: the verb in English, the footer's word in Japanese -
    "rules.verb.end": ("end", "終了"),
    "rules.verb.join": ("join", "参加"),
    "rules.verb.leave": ("leave", "離席"),
    "rules.verb.rebuy": ("rebuy", "買い足し"),
    "rules.verb.claim": ("claim", "請求"),
    "rules.verb.pass": ("pass", "パス"),
    "rules.verb.check": ("check", "チェック"),
    "rules.verb.bet": ("bet", "ベット"),
    "rules.verb.call": ("call", "コール"),
    "rules.verb.raise": ("raise", "レイズ"),
    "rules.verb.fold": ("fold", "降り"),
    "rules.verb.show": ("show", "役の公開"),
    "rules.verb.poch": ("poch", "ポッヘンの勝者"),
    "rules.verb.out": ("out", "上がり"),
}
