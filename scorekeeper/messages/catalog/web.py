"""The catalog's ``web.*`` messages: the phones' page and its server. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- the page ----------------------------------------------------------------------
    "web.round_in_play": ("round {round} in play", "ラウンド{round} 進行中"),
    "web.to_act": ("{player} to act ({call} to call)", "{player}の番(コール{call})"),
    "web.to_act_check": ("{player} to act (check or bet)", "{player}の番(チェックかベット)"),
    "web.to_act_pass": ("{player} to act (pass or bet)", "{player}の番(パスかベット)"),
    "web.acting_now": ("{player} to act", "{player}の番"),
    "web.next_round.parent": (
        "next: round {round}, parent {parent}",
        "次: ラウンド{round}、親 {parent}",
    ),
    "web.next_round.dealer": (
        "next: round {round}, dealer {parent}",
        "次: ラウンド{round}、ディーラー {parent}",
    ),
    "web.in": ("in", "参加中"),
    "web.folded": ("folded", "降り"),
    "web.acting": ("to act", "手番"),
    "web.label.players": ("Players", "プレイヤー"),
    "web.label.standings": ("Standings", "順位"),
    "web.label.standings_in_play": (
        "Standings after {rounds} {rounds:round|rounds}",
        "{rounds}ラウンド終了時点の順位",
    ),
    "web.label.pots": ("Pots", "ポット"),
    "web.label.board": ("Board", "盤"),
    "web.label.entries": ("Latest entries", "最近の記録"),
    "web.label.stakes": ("Stake changes", "賭け点の変化"),
    "web.label.result": ("Last round", "前のラウンド"),
    "web.column.seat": ("seat", "席"),
    "web.column.name": ("name", "名前"),
    "web.column.in_round": ("this round", "このラウンド"),
    "web.column.net": ("net", "収支"),
    "web.column.committed": ("bet", "賭け"),
    "web.column.rank": ("rank", "順位"),
    "web.column.time": ("time", "時刻"),
    "web.column.change": ("stake", "賭け点"),
    "web.column.what": ("what happened", "内容"),
    "web.pochen.stage.trump": ("the trump is being turned up", "切り札を決めています"),
    "web.pochen.stage.claims": ("claims", "役の請求"),
    "web.pochen.stage.poch": ("the Poch", "ポッヘン(賭け)"),
    "web.pochen.stage.showdown": ("the Poch showdown", "ポッヘンの勝負"),
    "web.pochen.stage.sets": ("nobody bet: the sets are shown", "全員パス: 役の公開"),
    "web.pochen.stage.playout": ("play-out", "場札の出し切り"),
    # -- the end of a session on every phone ----------------------------------------
    "web.ended.caption": ("The session has ended", "セッション終了"),
    "web.ended.share": ("Share the result", "結果を共有"),
    "web.ended.copy": ("Copy the result", "結果をコピー"),
    "web.ended.copied": (
        "Copied: paste it into the chat.",
        "コピーしました。チャットに貼り付けてください。",
    ),
    "web.ended.copy_failed": (
        "Could not copy: select the text below and copy it.",
        "コピーできませんでした。下の文章を選んでコピーしてください。",
    ),
    "web.ended.text": ("The result as text", "結果(テキスト)"),
    "web.none_yet": ("none yet", "まだありません"),
    "web.stakes.show": ("Show", "表示"),
    "web.stakes.latest": ("Latest changes", "最新の変化"),
    "web.stakes.all": ("Whole session", "セッション全体"),
    "web.stakes.round": ("Round {round}", "ラウンド{round}"),
    "web.stakes.older": ("Older changes", "それ以前の変化"),
    "web.stakes.loading": ("Loading…", "読み込み中…"),
    "web.stakes.retry": (
        "Could not load — tap to try again",
        "読み込めませんでした — タップして再読み込み",
    ),
    "web.stakes.no_stake": (
        "this game is played without a stake: it has no stake changes to list",
        "このゲームには賭け点がないため、賭け点の変化はありません",
    ),
    "web.stakes.round_number": ("a round number", "ラウンド番号"),
    "web.stakes.entry_number": ("an entry number", "記録番号"),
    "web.stakes.not_a_number": (
        "“{text}” is not {what}: give a whole number in the digits 0–9",
        "「{text}」は{what}ではありません。0〜9の数字で指定してください",
    ),
    "web.stakes.no_such_round": (
        "there is no round {round}: {rounds} {rounds:round has|rounds have} been played so far",
        "ラウンド{round}はありません(これまでのラウンドは{rounds})",
    ),
    "web.status.connecting": ("connecting…", "接続中…"),
    "web.status.live": ("live · updated {time}", "更新中 · {time}"),
    "web.status.reconnecting": (
        "connection lost, trying again…",
        "接続が切れました。再接続しています…",
    ),
    "web.status.expired": (
        "This link no longer works (the page was restarted). Scan the new code.",
        "このリンクは使えなくなりました(配信が再起動されました)。新しいコードを読み取ってください。",
    ),
    "web.other_language": ("日本語", "English"),
    "web.page_needs_script": (
        "This page updates itself with JavaScript; turn it on to follow the table.",
        "このページはJavaScriptで更新されます。有効にしてください。",
    ),
    # -- refusals, as plain text ----------------------------------------------------------
    "web.forbidden": (
        "This link is not valid. Scan the code the recorder shows again.",
        "このリンクは無効です。記録役が表示しているコードをもう一度読み取ってください。",
    ),
    "web.cross_origin": (
        "Refused: the table page answers only its own page.",
        "拒否しました: 卓のページは自分のページにだけ応答します。",
    ),
    "web.wrong_host": (
        "Refused: the table page answers only at the address it was started on (the one in "
        "the code the recorder shows).",
        "拒否しました: 卓のページは起動したときのアドレスでだけ応答します(記録役が表示している"
        "コードのアドレスです)。",
    ),
    "web.doubled_header": (
        "Refused: this request carries the {header} header twice.",
        "拒否しました: このリクエストには {header} ヘッダーが2つあります。",
    ),
    "web.too_many": (
        "This table page already has {limit} viewers. Close it on another device and try again.",
        "この卓のページはすでに{limit}台が見ています。ほかの端末で閉じてからやり直してください。",
    ),
    "web.too_many_recorder": (
        "The recorder's link is already open on {limit} devices. Close it on another and try again.",
        "記録役のリンクはすでに{limit}台で開かれています。ほかの端末で閉じてからやり直してください。",
    ),
    "web.read_only": (
        "The table page only shows the session; nothing can be changed here.",
        "卓のページは表示だけです。ここからは何も変更できません。",
    ),
    # -- the server, in the terminal --------------------------------------------------------
    "web.log.malformed": (
        "refused a request from {remote} that could not be read ({status}): {reason}",
        "{remote} からの読めないリクエストを拒否しました({status}): {reason}",
    ),
    "web.log.failed": (
        "a request failed: {what} ({kind}: {detail})",
        "リクエストの処理に失敗しました: {what}({kind}: {detail})",
    ),
    "web.log.said": ("the server says: {what}", "サーバーからの知らせ: {what}"),
    "web.log.out_of_files": (
        "out of open files ({detail}): new connections wait until some close",
        "開けるファイルが尽きました({detail})。接続がいくつか閉じるまで新しい接続は待ちます",
    ),
    "web.log.out_of_files_count": (
        "{count} more waits for an open file since the first one said",
        "最初の知らせのあと、さらに{count}回ファイルが開けるのを待ちました",
    ),
    "web.log.too_many_from": (
        "refused connections from {remote}: it has {limit} open already",
        "{remote} からの接続を拒否しました: すでに{limit}本開いています",
    ),
    # -- what the server answers itself, in the page's language (never aiohttp's page) --
    "web.error.bad_request": (
        "This request could not be read. Open the link again.",
        "このリクエストは読めませんでした。リンクを開き直してください。",
    ),
    "web.error.not_allowed": (
        "This address does not take that kind of request.",
        "このアドレスはその種類のリクエストを受け付けません。",
    ),
    "web.error.too_large": (
        "This request is too large; nothing was done.",
        "このリクエストは大きすぎます。何もしていません。",
    ),
    "web.error.failed": (
        "The table page could not answer this request; nothing was recorded by it. Try again.",
        "卓のページはこのリクエストに答えられませんでした。これで記録されたものはありません。もう一度どうぞ。",
    ),
    "web.error.other": (
        "This request was refused (HTTP {status}).",
        "このリクエストは拒否されました(HTTP {status})。",
    ),
    "web.error.slow": (
        "This request came too slowly and was dropped; nothing was done. Try again.",
        "このリクエストは届くのが遅すぎたので打ち切りました。何もしていません。もう一度どうぞ。",
    ),
    "web.serving": (
        "The table page of session {session} is at the address above (read only; Ctrl+C stops).",
        "セッション{session}の卓のページは上のアドレスです(表示のみ。Ctrl+Cで停止)。",
    ),
    # with the recorder's link (and the players'): the first address alone reads only
    "web.serving_links": (
        "The table page of session {session}: the first address above is to watch (read "
        "only). Ctrl+C stops.",
        "セッション{session}の卓のページです。上の最初のアドレスは観戦用(表示のみ)です。"
        "Ctrl+Cで停止。",
    ),
    "web.serving_latest_links": (
        "The table page follows the session written to last (session {session} now) and "
        "moves to the next one on the same links; the first address above is to watch (read "
        "only). Ctrl+C stops.",
        "卓のページは最後に記録されたセッション(いまはセッション{session})を表示し、次のセッションにも"
        "同じリンクのまま移ります。上の最初のアドレスは観戦用(表示のみ)です。Ctrl+Cで停止。",
    ),
    "web.serving_local": (
        "Only this machine can open it. For phones on the same network: --lan",
        "このマシンからだけ開けます。同じネットワークのスマートフォンから見るには --lan",
    ),
    "web.serving_lan": (
        # two lines: each fits 80 columns, where a terminal would break the one in a word
        "Anyone on this network who has the link or scans the code can watch.\n"
        "The link changes every time the page is started.",
        "このネットワークでリンクを持つ人、コードを読み取った人は誰でも見られます。\n"
        "リンクは起動するたびに変わります。",
    ),
    "web.scan": ("Scan to open it on a phone:", "スマートフォンで読み取って開く:"),
    "web.no_lan": (
        "No network address found: connect this machine to the table's Wi-Fi, "
        "or leave out --lan to open the page on this machine only.",
        "ネットワークのアドレスが見つかりません。このマシンをWi-Fiにつなぐか、"
        "--lan を付けずにこのマシンだけで開いてください。",
    ),
    "web.not_an_address": (
        "{address} is not an address a phone can open: give this machine's address on "
        "the table's network, or only --lan to find it.",
        "{address} はスマートフォンから開けるアドレスではありません。このマシンのネットワーク上の"
        "アドレスを指定するか、--lan だけにして自動で探してください。",
    ),
    "web.host_gone": (
        "--host {host} is no longer used: add --lan for the phones on this network "
        "(this machine's address there), or nothing for this machine only.",
        "--host {host} は使えなくなりました。同じネットワークのスマートフォン向けには --lan "
        "(このマシンのそのネットワーク上のアドレス)、このマシンだけなら何も付けません。",
    ),
    "web.port_busy": (
        "Port {port} is in use: choose another with --port (0 picks a free one).",
        "ポート{port}は使用中です。--port で別の番号を指定してください(0で空きを選びます)。",
    ),
    "web.cannot_listen": (
        "Cannot listen on {host} port {port}: {reason}",
        "{host} のポート{port}で待ち受けできません: {reason}",
    ),
    "web.bad_port": (
        "The port must be 0 to 65535, not {port}.",
        "ポートは0〜65535です({port}は不可)。",
    ),
    "web.bad_limit": (
        "--max-viewers must be 1 to 1000, not {limit}.",
        "--max-viewers は1〜1000です({limit}は不可)。",
    ),
    "web.could_not_start": (
        "The table page could not start: {reason}",
        "卓のページを開始できませんでした: {reason}",
    ),
    "web.app.title": (
        "Table page for phones · session {session}",
        "スマートフォン用の卓のページ · セッション{session}",
    ),
    "web.app.starting": ("Starting the table page…", "卓のページを開始しています…"),
    "web.app.scan": (
        "Point a phone's camera at the code, or open the address below it:",
        "スマートフォンのカメラでコードを読み取るか、その下のアドレスを開いてください:",
    ),
    "web.app.keys": (
        "esc: close (the page keeps running) · s: stop the page",
        "esc: 閉じる(ページは動いたまま) · s: ページを止める",
    ),
    "web.app.stopped": (
        "The table page of session {session} has stopped.",
        "セッション{session}の卓のページを止めました。",
    ),
    "web.app.stop_key": ("stop the page", "ページを止める"),
    "web.app.palette": ("Show the table page (phones)", "卓のページを表示(スマートフォン)"),
    "web.app.palette_help": (
        "A live page of this table for the players' phones: scan its code",
        "この卓のライブページをプレイヤーのスマートフォンに: コードを読み取るだけ",
    ),
    # -- the background fold of every entry found the snapshot lied (services/recheck.py) --
    "web.recheck_lied": (
        "Line {line} of session {session}'s file vouched for saved numbers that are not"
        " what its entries give: the page now shows the entries' own numbers.",
        "セッション{session}のファイルの{line}行目が保証していた保存済みの数字は記録と"
        "一致しません。このページは記録から求めた数字を表示しています。",
    ),
    "web.recheck_wrong": (
        "Session {session}'s file vouched for saved numbers that are not what its entries"
        " give: the page now shows the entries' own numbers.",
        "セッション{session}のファイルが保証していた保存済みの数字は記録と一致しません。"
        "このページは記録から求めた数字を表示しています。",
    ),
    "web.view_failed": (
        "The table could not be shown ({reason}); the last one is kept.",
        "卓を表示できませんでした({reason})。前の卓を表示しています。",
    ),
    "web.stopped": ("The table page has stopped.", "卓のページを停止しました。"),
    "web.serving_latest": (
        "The table page follows the session written to last (session {session} now) and "
        "moves to the next one on the same link (read only; Ctrl+C stops).",
        "卓のページは最後に記録されたセッション(いまはセッション{session})を表示し、次のセッションにも"
        "同じリンクのまま移ります(表示のみ。Ctrl+Cで停止)。",
    ),
    "web.help.display_session": (
        "the session (with --serve, leave it out to follow the session written to last)",
        "セッション番号(--serve のときは省略すると最後に記録されたセッションを表示し続けます)",
    ),
    "web.display_needs_session": (
        "give a session number (only --serve can follow the session written to last)",
        "セッション番号を指定してください(省略できるのは --serve のときだけです)",
    ),
    "web.recorder_needs_session": (
        "--recorder {name} records into one session: give its number "
        "(display N --serve --recorder {name}).",
        "--recorder {name} は一つのセッションに記録します。その番号を指定してください"
        "(display N --serve --recorder {name})。",
    ),
    "web.last_result": ("Last result", "前の結果"),
    "web.back_to_table": ("Back to the table", "いまの卓に戻る"),
    "web.showing_last": (
        "The result of the last session, as it was left. The table goes on:",
        "前のセッションの最後の結果です。卓は続いています:",
    ),
}
