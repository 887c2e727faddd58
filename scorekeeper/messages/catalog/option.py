"""The catalog's ``option.*`` messages: house options: their labels, values and refusals. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- option help ----------------------------------------------------------
    "option.rounds": (
        "the session ends after this many rounds (0: no limit)",
        "このラウンド数で終了(0なら無制限)",
    ),
    "option.stack": ("chips each player starts with", "各プレイヤーの持ちチップ"),
    "option.official.base": ("opening stake of every round", "各ラウンドの開始の賭け点"),
    "option.official.cap": (
        "highest stake: 160, 320, 640 or none (青天井)",
        "賭け点の上限: 160・320・640・上限なし(青天井)",
    ),
    "option.official.suits": (
        "suit order that breaks rank ties: sanma ♠>♥>♦>♣, hokuto ♥>♣>♦>♠",
        "同じランクの強さを決めるスート順: サンマ ♠>♥>♦>♣、ホクト ♥>♣>♦>♠",
    ),
    "option.official.parent_double_folds": (
        "house rule: when the parent wins, folders pay double too",
        "ハウスルール: 親が勝ったとき、降りた子も倍払い",
    ),
    "option.chips.ante": (
        "ante: paid by every player with chips when a round starts",
        "参加料: ラウンド開始時にチップを持つ全員が払う",
    ),
    "option.chips.bet": ("size of a bet and of each raise", "ベットと各レイズの額"),
    "option.chips.raises": (
        "raises allowed per round after the opening bet",
        "最初のベットの後に許されるレイズの回数",
    ),
    "option.joker": ("a joker is in the deck and beats everything", "ジョーカーを入れる(最強)"),
    "option.chips.suits": (
        "none: equal ranks tie and split; sanma: ♠>♥>♦>♣ breaks ties",
        "なし: 同じランクは引き分けで山分け、サンマ: ♠>♥>♦>♣で決める",
    ),
    "option.lowest.suits": (
        "none: everyone tied for lowest loses; sanma: ♠>♥>♦>♣ breaks the tie",
        "なし: 最弱が同ランクなら全員負け、サンマ: ♠>♥>♦>♣で決める",
    ),
    "option.lowest.redraw": (
        "each player may redraw once per round",
        "各プレイヤーはラウンドごとに1回引き直せる",
    ),
    "option.chips.redraw": (
        "local rule: each player may redraw once per round, before the betting closes",
        "ローカルルール: 各プレイヤーはラウンドごとに1回、賭けが締め切られる前に引き直せる",
    ),
    # -- options ---------------------------------------------------------------------
    "option.pochen.ante": (
        "chips each player puts in each of the nine pools every deal",
        "毎ラウンド、各プレイヤーが9つの場それぞれに入れるチップ",
    ),
    "option.pochen.deck": (
        "32 cards (A K Q J 10 9 8 7) or the full 52",
        "32枚(A K Q J 10 9 8 7)か52枚すべて",
    ),
    "option.pochen.card_payment": (
        "old rule: the others pay the first player out one chip per card left",
        "古いルール: 他の人が最初に上がった人へ残り札1枚につき1チップ払う",
    ),
    "option.pochen.turned_honour": (
        "the pool of a turned-up trump honour carries over, or goes to the dealer",
        "めくられた切り札の絵札の場は持ち越しか、ディーラーのもの",
    ),
    "option.pochen.all_pass": (
        "when nobody bets in the Poch: the poch pool stays, or the best set shown takes it",
        "ポッヘンで誰も賭けなかったとき: ポッヘンの場は持ち越しか、見せた最強の役のもの",
    ),
    "option.pochen.end_board": (
        "chips left on the board at the end go back in equal shares; or the same, and the "
        "next session of this table opens with that board, each anteing their share",
        "終了時に場に残ったチップは等分して返す。または同じく返し、この卓の次回はその場から"
        "始めて各自が自分の分を払う",
    ),
    # -- the new-session form: options by name, values in words -------------------------
    "option.value.cap.none": ("none (no limit)", "上限なし(青天井)"),
    "option.value.suits.none": ("none (ties)", "なし(同点)"),
    "option.value.suits.sanma": ("sanma ♠>♥>♦>♣", "サンマ ♠>♥>♦>♣"),
    "option.value.suits.hokuto": ("hokuto ♥>♣>♦>♠", "ホクト ♥>♣>♦>♠"),
    "option.value.deck.32": ("32 cards", "32枚"),
    "option.value.deck.52": ("52 cards", "52枚"),
    "option.value.turned_honour.carry": ("carries over", "持ち越し"),
    "option.value.turned_honour.dealer": ("goes to the dealer", "ディーラーのもの"),
    "option.value.all_pass.stays": ("the poch pool stays", "ポッヘンの場は持ち越し"),
    "option.value.all_pass.best_set": ("the best set shown takes it", "見せた最強の役が取る"),
    "option.value.end_board.share": ("shared out", "等分して返す"),
    "option.value.end_board.carry": (
        "shared, and the next session opens with it",
        "等分し、次回に持ち越す",
    ),
}


#: Each option's label (English, Japanese): the form shows it, and a refusal names the
#: option by it in Japanese and by its key (as typed in a transcript) in English.
_OPTION_LABELS = {
    "rounds": ("Rounds to play", "ラウンド数"),
    "stack": ("Starting chips", "持ちチップ"),
    "base": ("Opening stake", "開始の賭け点"),
    "cap": ("Highest stake", "賭け点の上限"),
    "suits": ("Suit order", "スートの順"),
    "parent_double_folds": ("Folders pay double", "降りた子も倍払い"),
    "ante": ("Ante", "参加料"),
    "bet": ("Bet size", "ベット額"),
    "raises": ("Raises per round", "レイズの回数"),
    "joker": ("Joker", "ジョーカー"),
    "redraw": ("Redraw", "引き直し"),
    "deck": ("Deck", "デッキ"),
    "card_payment": ("Pay for cards left", "残り札の支払い"),
    "turned_honour": ("Turned honour's pool", "めくった絵札の場"),
    "all_pass": ("When nobody bets", "全員パスのとき"),
    "end_board": ("Board at the end", "終了時の場"),
}
for _key, (_english, _japanese) in _OPTION_LABELS.items():
    MESSAGES[f"option.label.{_key}"] = (_english, _japanese)
    MESSAGES[f"option.named.{_key}"] = (_key, _japanese)
