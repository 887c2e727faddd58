"""A seated player's own link (issue 46): its page, its refusals, the command line's
words and the app's screen of the players' codes."""

MESSAGES: dict[str, tuple[str, str]] = {
    "phone.player.you_are": ("You are {name}", "あなたは{name}さんです"),
    # a player proposes, never records: the heading of their buttons, and its empty word
    "phone.player.move_title": ("Your move", "あなたの一手"),
    "phone.player.nothing_now": (
        "Nothing for you to propose right now: wait for your turn.",
        "いま提案できるものはありません。自分の番を待ってください。",
    ),
    "phone.player.expired": (
        "This link no longer works (revoked, or you left the table). Ask the recorder for "
        "your new code.",
        "このリンクは使えなくなりました(無効にされたか、卓を離れました)。記録役に新しい"
        "コードをもらってください。",
    ),
    "phone.player.cannot": (
        "Refused: this is {name}'s own link; it shows the table and nothing of the recorder's.",
        "拒否しました: これは{name}さん専用のリンクです。卓を表示するだけで、記録役の操作は"
        "できません。",
    ),
    "phone.player.too_many": (
        "Too many pages are open on this player's link (at most {limit}). Close one and reload.",
        "このプレイヤーのリンクで開いているページが多すぎます(最大{limit})。一つ閉じてから"
        "再読み込みしてください。",
    ),
    "phone.player.needs_recorder": (
        "--players makes each player's link beside the recorder's: give --recorder NAME too.",
        "--players は記録役のリンクと一緒に各プレイヤーのリンクを作ります。--recorder 名前 も"
        "指定してください。",
    ),
    "phone.player.no_link": (
        "{name} has no link. Players with a link: {players}.",
        "{name}さんのリンクはありません。リンクのあるプレイヤー: {players}。",
    ),
    "phone.player.help": (
        "also a link for each seated player, printed as NAME: URL (with --recorder)",
        "着席中の各プレイヤーのリンクも作り、名前: URL の形で表示します(--recorder と一緒に)",
    ),
    # the app's players' phones screen: under each player's code
    "phone.player.app.note": (
        "Each player's own link proposes that player's moves for the recorder to confirm: "
        "hand this code to that player only.",
        "各プレイヤー専用のリンクです。その人の手を提案し、記録役が確定します。"
        "このコードはその人にだけ渡してください。",
    ),
    "phone.player.links_said": (
        "Each player's own link (NAME: URL) proposes that player's moves for the recorder to "
        "confirm: hand it to that player only. {name} plays on the recorder's link.",
        "各プレイヤー専用のリンク(名前: URL)です。その人の手を提案し、記録役が確定します。"
        "その人にだけ渡してください。{name}さんは記録役のリンクで記録します。",
    ),
    # -- the recorder's page: the players' links, each revoked by a tap -----------------
    "phone.player.page.title": ("Players' phones", "プレイヤーのスマホ"),
    "phone.player.page.open": ("phone open", "スマホで開いています"),
    "phone.player.page.closed": ("no phone open", "開いているスマホなし"),
    "phone.player.page.revoke": ("Revoke", "無効に"),
    "phone.player.page.ask_revoke": (
        "Revoke {name}'s link? Their phone stops at once; a new code is made for them.",
        "{name}さんのリンクを無効にしますか? そのスマホはすぐに使えなくなり、{name}さんには"
        "新しいコードが作られます。",
    ),
    "phone.player.revoked_app": (
        "{name}'s old link is refused from now on. {name}'s new code is in the app: "
        "the players' phones (p on the recorder's link screen).",
        "{name}さんの古いリンクは無効になりました。新しいコードはアプリの「プレイヤーの"
        "スマホ」(記録役のリンクの画面で p)にあります。",
    ),
    "phone.player.revoked_terminal": (
        "{name}'s old link is refused from now on. {name}'s new link is printed where the "
        "page server runs, as a new line “{name}: URL”.",
        "{name}さんの古いリンクは無効になりました。新しいリンクは、卓のページを動かしている"
        "端末に「{name}: URL」の行で表示されています。",
    ),
    # -- the app's screen of the players' codes ---------------------------------------
    "phone.player.app.title": (
        "Players' phones · session {session}",
        "プレイヤーのスマホ · セッション{session}",
    ),
    "phone.player.app.key": ("players' phones", "プレイヤーのスマホ"),
    "phone.player.app.starting": ("Making the players' links…", "プレイヤーのリンクを作成中…"),
    "phone.player.app.showing": (
        "{name} ({number} of {count}): hand the phone to {name}, who scans this code.",
        "{name}さん({number}/{count}): スマホを{name}さんに渡して、このコードを読み取って"
        "もらってください。",
    ),
    "phone.player.app.none": ("No player is seated.", "着席しているプレイヤーがいません。"),
    "phone.player.app.keys": (
        "←/→ or 1–9: another player · r: revoke this link · esc: back",
        "←/→ または 1–9: 別のプレイヤー · r: このリンクを無効に · esc: 戻る",
    ),
    "phone.player.app.ask_revoke": (
        "Revoke {name}'s link? Their phone stops at once and a new code is made. "
        "Press r again to revoke, any other key to keep it.",
        "{name}さんのリンクを無効にしますか? そのスマホはすぐに使えなくなり、新しいコードが"
        "作られます。もう一度 r で無効に、ほかのキーでそのまま。",
    ),
    "phone.player.app.revoked": (
        "{name}'s old link is refused from now on; this is the new code.",
        "{name}さんの古いリンクは無効になりました。これが新しいコードです。",
    ),
    "phone.player.app.revoke_key": ("revoke", "無効に"),
    "phone.player.app.prev_key": ("previous", "前へ"),
    "phone.player.app.next_key": ("next", "次へ"),
    "phone.player.app.no_page": (
        "The table page is not running: open the recorder's link first.",
        "卓のページが動いていません。先に記録役のリンクを開いてください。",
    ),
    "phone.player.app.no_links": (
        "No players' links: {reason}",
        "プレイヤーのリンクを作れませんでした: {reason}",
    ),
}
