"""The catalog's ``phone.*`` messages: the recorder's phone, its buttons, its answers, its
refusals. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the buttons: the same words as the app's keys ----------------------------------
    "phone.do.round": ("New round", "新しいラウンド"),
    "phone.do.pochen.round": ("New deal", "新しいラウンド"),
    "phone.do.undo": ("Undo", "取消"),
    "phone.do.end": ("End the session", "セッション終了"),
    "phone.do.rebuy": ("Rebuy", "買い足し"),
    "phone.do.raise": ("Raise", "レイズ"),
    "phone.do.indian-official.raise": ("Raise the stake", "賭け点を上げる"),
    "phone.do.fold": ("Fold", "降りる"),
    "phone.do.indian-official.fold": ("Fold", "降りる"),
    "phone.do.showdown": ("Showdown: rank the players", "勝負: 順位を入力"),
    "phone.do.indian-official.showdown": ("Showdown: who won", "勝負: 勝った人"),
    "phone.do.check": ("Check", "チェック"),
    "phone.do.bet": ("Bet", "ベット"),
    "phone.do.call": ("Call", "コール"),
    "phone.do.redraw": ("Redraw", "引き直し"),
    "phone.do.lose": ("Losers", "負けを入力"),
    "phone.do.trump": ("Trump suit", "切り札のスート"),
    "phone.do.claim": ("Claim pools", "役の請求"),
    "phone.do.pass": ("Pass", "パス"),
    "phone.do.poch": ("Poch: rank the players", "ポッヘン: 順位を入力"),
    "phone.do.out": ("Went out first", "最初に上がった人"),
    "phone.suit.spades": ("♠ spades", "♠ スペード"),
    "phone.suit.hearts": ("♥ hearts", "♥ ハート"),
    "phone.suit.diamonds": ("♦ diamonds", "♦ ダイヤ"),
    "phone.suit.clubs": ("♣ clubs", "♣ クラブ"),
    "phone.confirm.undo": (
        "Undo the latest entry that is still in force?",
        "有効な最新の記録を取り消しますか?",
    ),
    "phone.confirm.undo_entry": (
        "Undo entry #{seq}: “{what}”?",
        "記録#{seq}「{what}」を取り消しますか?",
    ),
    "phone.confirm.end": (
        "End the session? No more rounds can be played in it.",
        "セッションを終了しますか?これ以上ラウンドは記録できません。",
    ),
    # -- the page's own words -----------------------------------------------------------
    "phone.page.entries_title": ("Record", "記録"),
    "phone.page.pick_player": ("Tap a player", "プレイヤーをタップ"),
    "phone.page.pick_players": (
        "Tap the players in order, then Send",
        "プレイヤーを順にタップして「送信」",
    ),
    "phone.page.pick_pools": (
        "Tap the player, then the pools, then Send",
        "プレイヤー、次に場をタップして「送信」",
    ),
    "phone.page.pick_amount": (
        "Tap the player, set the amount, then Send",
        "プレイヤーをタップし、額を決めて「送信」",
    ),
    "phone.page.send": ("Send", "送信"),
    "phone.page.cancel": ("Cancel", "やめる"),
    "phone.page.yes": ("Yes", "はい"),
    "phone.page.no": ("No", "いいえ"),
    "phone.page.tie": ("= tie with the one before", "= 前の人と同順位"),
    "phone.page.clear": ("Start again", "やり直す"),
    "phone.page.sending": ("sending…", "送信中…"),
    "phone.page.not_sent": ("not sent — tap to retry", "未送信 — タップして再送"),
    "phone.page.retry": ("Retry", "再送"),
    "phone.page.recorded": ("recorded", "記録しました"),
    "phone.page.amount": ("amount", "額"),
    "phone.page.less": ("one less", "1減らす"),
    "phone.page.more": ("one more", "1増やす"),
    "phone.page.nothing_now": (
        "Nothing to record from the phone right now.",
        "いまスマホから記録できるものはありません。",
    ),
    "phone.page.viewer_link": ("Recording as {name}", "{name}として記録中"),
    # -- answers to a tap ---------------------------------------------------------------
    "phone.recorded": ("#{seq} {time} {what}", "#{seq} {time} {what}"),
    "phone.already": (
        "Already recorded as entry #{seq}; nothing was written again.",
        "すでに記録#{seq}として記録済みです。もう一度は書き込んでいません。",
    ),
    "phone.moved_on": (
        "Not recorded: the table changed since this page showed it (it has {entries} {entries:entry|entries} "
        "now). Look at the table and tap again.",
        "記録していません: このページの表示のあとに卓が変わりました(いま{entries}件)。"
        "卓を確かめてもう一度タップしてください。",
    ),
    "phone.open_elsewhere": (
        "Not recorded: session {session} is open for recording elsewhere (in the app or "
        "another command). Record there, or start the phone link from the app.",
        "記録していません: セッション{session}は別の場所(アプリや別のコマンド)で記録中です。"
        "そちらで記録するか、アプリからスマホのリンクを開始してください。",
    ),
    "phone.app_gone": (
        "Not recorded: the app that started this link is not answering.",
        "記録していません: このリンクを開始したアプリが応答しません。",
    ),
    "phone.disk_full": (
        "Not recorded: the disk is full: nothing was recorded. Free some space on the "
        "recorder's computer, then tap again.",
        "記録していません: ディスクがいっぱいです。何も記録されていません。"
        "記録役のコンピューターの空きを作ってから、もう一度タップしてください。",
    ),
    "phone.bad_tap": (
        "Not recorded: the page sent something that is not an entry. Reload the page.",
        "記録していません: ページから記録でないものが送られました。ページを再読み込みしてください。",
    ),
    # -- refusals of the server ---------------------------------------------------------
    "phone.viewer_cannot_write": (
        "Refused: this is the viewers' link; it only shows the table. Only the recorder's "
        "link can record.",
        "拒否しました: これは観戦用のリンクで、卓を表示するだけです。記録できるのは記録役の"
        "リンクだけです。",
    ),
    "phone.too_fast": (
        "Refused: more than {limit} {limit:entry|entries} a second. Wait a moment and tap again.",
        "拒否しました: 1秒に{limit}件を超えています。少し待ってからもう一度タップしてください。",
    ),
    "phone.needs_json": (
        "Refused: an entry is sent as JSON by the recorder's page.",
        "拒否しました: 記録は記録役のページからJSONで送られます。",
    ),
    "phone.post_only": (
        "Refused: the recorder's link records only entries sent by its own page.",
        "拒否しました: 記録役のリンクは自分のページから送られた記録だけを受け付けます。",
    ),
    # -- correcting a past round, played again on the phone -----------------------------
    "phone.do.correct": ("Correct a past round", "過去のラウンドを訂正"),
    # the switch of the players' proposals (issue 46), as the recorder's page offers it
    "phone.do.proposals_auto": ("Proposals confirm themselves", "提案をそのまま記録する"),
    "phone.do.proposals_ask": ("Proposals wait for me again", "提案を確認してから記録する"),
    "phone.correct.round": ("Round {round}", "ラウンド{round}"),
    "phone.correct.round_line": ("{what} · {changes}", "{what} · {changes}"),
    "phone.correct.title": ("Correcting round {round}", "ラウンド{round}を訂正中"),
    "phone.correct.banner": (
        "Tap round {round}'s entries again, as they should have been. Nothing is saved"
        " until the round is over and a reason is given; Cancel leaves it unchanged.",
        "ラウンド{round}の記録を、正しい内容でもう一度タップします。ラウンドが終わって理由を"
        "入れるまで何も保存されません。「訂正をやめる」で変更せずに戻ります。",
    ),
    "phone.correct.played": (
        "Round {round} is played again. Type the reason and save the correction (the later"
        " rounds are recomputed); Undo takes back its last entry; Cancel leaves it unchanged.",
        "ラウンド{round}を記録し直しました。理由を入れて訂正を保存します(後のラウンドは"
        "再計算されます)。取消で最後の記録を取り消し、「訂正をやめる」で変更せずに戻ります。",
    ),
    "phone.correct.confirm": (
        "Replace round {round} with the entries played again? Reason: {reason}",
        "ラウンド{round}を、記録し直した内容に置き換えますか?理由: {reason}",
    ),
    "phone.correct.tapped": (
        "Round {round} played again (not saved yet): {what}",
        "ラウンド{round}の記録し直し(まだ保存していません): {what}",
    ),
    "phone.correct.not_played": (
        "Round {round} is not over yet: play it to its end, then give the reason.",
        "ラウンド{round}はまだ終わっていません。最後まで記録してから理由を入れてください。",
    ),
    "phone.correct.left": (
        "Round {round} was left unchanged.",
        "ラウンド{round}は変更していません。",
    ),
    "phone.correct.none": (
        "Nothing written: no round is being corrected now (it was saved or left, or the"
        " page was restarted).",
        "何も書き込んでいません: いま訂正中のラウンドはありません(保存済みか、やめたか、"
        "ページが再起動されました)。",
    ),
    "phone.page.pick_round": (
        "Tap the round to play again",
        "もう一度記録するラウンドをタップ",
    ),
    "phone.page.loading_rounds": ("Reading the rounds…", "ラウンドを読み込み中…"),
    "phone.page.older_rounds": ("Older rounds", "もっと前のラウンド"),
    "phone.page.reason": ("Reason for the correction", "訂正の理由"),
    "phone.page.save_correction": ("Save the correction", "訂正を保存"),
    "phone.page.leave_correction": ("Cancel the correction", "訂正をやめる"),
    # -- the app ------------------------------------------------------------------------
    "phone.app.palette": ("Record from a phone", "スマホで記録"),
    "phone.app.palette_help": (
        "A link for the recorder's phone: the entries legal now as buttons; this app "
        "records each tap",
        "記録役のスマホ用のリンク: いま記録できるものがボタンに。タップはこのアプリが記録します",
    ),
    "phone.app.title": (
        "Record from a phone · session {session} · as {name}",
        "スマホで記録 · セッション{session} · {name}として",
    ),
    "phone.app.scan": (
        "Only the recorder scans this code: the link records entries.",
        "このコードは記録役だけが読み取ってください。このリンクで記録できます。",
    ),
    "phone.app.note": (
        # two lines, each within the box at 80 columns
        "Anyone on this network with this link can record:\n"
        "if someone else saw it, press r for a new one.",
        "このネットワークでこのリンクを持つ人は誰でも記録できます。\n"
        "ほかの人に見られたら r で新しいリンクに。",
    ),
    "phone.app.keys": (
        "esc: close (the link keeps working) · r: new link (the old one stops) · "
        "p: players' phones · s: stop",
        "esc: 閉じる(リンクは有効なまま) · r: 新しいリンク(古いリンクは無効に) · "
        "p: プレイヤーのスマホ · s: 止める",
    ),
    "phone.app.renew_key": ("new link", "新しいリンク"),
    "phone.app.no_link": (
        "No recorder's link: {reason}",
        "記録役のリンクを作れませんでした: {reason}",
    ),
    "phone.app.renewed": (
        "A new recorder's link: the old one no longer works.",
        "記録役のリンクを新しくしました。古いリンクは使えません。",
    ),
    # -- the command line ---------------------------------------------------------------
    "phone.help.recorder": (
        "also a link for the recorder's phone, recording as NAME (a player); printed "
        "after the viewers' link",
        "記録役のスマホ用のリンクも作る(NAMEとして記録。プレイヤーの名前)。観戦用のリンクの"
        "あとに表示",
    ),
    "phone.link": (
        "The recorder's link ({name}): it can record entries. Show it to the recorder only.",
        "記録役のリンク({name}): 記録ができます。記録役にだけ見せてください。",
    ),
    "phone.link_proposals": (
        "The recorder's link ({name}): it records entries, and confirms or refuses the "
        "players' proposals. Show it to the recorder only.",
        "記録役のリンク({name}): 記録ができ、プレイヤーの提案を確定したり断ったりします。"
        "記録役にだけ見せてください。",
    ),
    "phone.not_a_player": (
        "--recorder {name}: not a player of session {session} ({players}).",
        "--recorder {name}: セッション{session}のプレイヤーではありません({players})。",
    ),
    # -- entries typed on the phone (issue 37: notes, joining, leaving, cards) -----------
    "phone.do.note": ("Note", "メモ"),
    "phone.do.join": ("A player joins", "プレイヤーが加わる"),
    "phone.do.leave": ("A player leaves", "プレイヤーが抜ける"),
    "phone.do.indian-lowest.reveal": ("Reveal: enter the cards", "公開: カードを入力"),
    "phone.do.indian-chips.showdown_cards": ("Showdown: enter the cards", "勝負: カードを入力"),
    "phone.do.indian-official.showdown_cards": ("Showdown: enter the cards", "勝負: カードを入力"),
    "phone.do.turned": ("Turned card", "めくったカード"),
    "phone.do.pochen.show": ("Show: enter the hands", "手札を見せる: カードを入力"),
    "phone.page.note_text": ("Type the note", "メモを入力"),
    "phone.page.join_name": (
        "Type the new player's name; tap whom they sit after (none: at the end)",
        "新しいプレイヤーの名前を入力。誰の次に座るかをタップ(なければ最後)",
    ),
    "phone.page.join_after": ("sits after {name}", "{name}の次に座る"),
    "phone.page.join_back": ("{name} comes back to their seat", "{name}が元の席に戻る"),
    "phone.page.join_new_name": ("Or a new player:", "または新しいプレイヤー:"),
    "phone.page.name_known": (
        "{typed} looks like {known}, who played before: the same person?",
        "{typed}は以前に遊んだ{known}と似ています。同じ人ですか?",
    ),
    "phone.page.name_left": (
        "{typed} looks like {known}, who left: is it {known} coming back?",
        "{typed}は抜けた{known}と似ています。{known}が戻るのですか?",
    ),
    "phone.page.use_known": ("Use {known} (the same person)", "{known}にする(同じ人)"),
    "phone.page.keep_typed": ("Keep {typed} as another player", "{typed}のまま(別の人として)"),
    "phone.page.bring_back": ("Bring {known} back to their seat", "{known}を元の席に戻す"),
    "phone.page.type_again": ("Type another name", "別の名前を入力する"),
    "phone.page.enter_cards": (
        "Type each player's card as shown",
        "見えているカードをプレイヤーごとに入力",
    ),
    "phone.page.card_example": ("e.g. 8D", "例: 8D"),
    "phone.page.hand_example": ("e.g. KD,KS", "例: KD,KS"),
    "phone.page.enter_card": ("Type the card", "カードを入力"),
    "phone.other_session": (
        "Not recorded: this tap was made on the table of session {made}, and the table is "
        "session {now} now. Look at the table and tap again.",
        "記録していません: このタップはセッション{made}の卓で押されましたが、いまの卓はセッション"
        "{now}です。卓を見てもう一度タップしてください。",
    ),
    "phone.no_table": (
        "Not recorded: the app has no table open. Open a session in the app, then tap again.",
        "記録していません: アプリで開いている卓がありません。アプリでセッションを開いてから、"
        "もう一度タップしてください。",
    ),
}
