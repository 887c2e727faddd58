"""The catalog's ``rules.pochen.*`` messages: why Pochen's rules refuse an entry.
Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
    # -- syntax ---------------------------------------------------------------------
    "rules.pochen.turned_syntax": (
        "write the card turned up, like 'turned 8D'",
        "めくったカードを「turned 8D」のように書いてください",
    ),
    "rules.pochen.trump_syntax": (
        "write the trump suit, like 'trump diamonds' (or S H D C, ♠ ♥ ♦ ♣)",
        "切り札のスートを「trump ダイヤ」のように書いてください(S H D C、♠ ♥ ♦ ♣も可)",
    ),
    "rules.pochen.unknown_suit": (
        "{suit!r} is not a suit: spades, hearts, diamonds or clubs (S H D C, ♠ ♥ ♦ ♣)",
        "「{suit}」はスートではありません: スペード・ハート・ダイヤ・クラブ(S H D C、♠ ♥ ♦ ♣)",
    ),
    "rules.pochen.claim_syntax": (
        "write a claim as the player and the pools, like 'claim C king queen marriage'",
        "請求はプレイヤーと場の名前を「claim C キング クイーン マリッジ」のように書いてください",
    ),
    "rules.pochen.amount_syntax": (
        "{verb} needs a player and the total they are in for, like '{verb} B 3'",
        "{verb}にはプレイヤーと合計額を「{verb} B 3」のように書いてください",
    ),
    "rules.pochen.show_syntax": (
        "write each set as the player and the cards, like 'show C=KD,KS D=9C,9D,9S'",
        "役はプレイヤーとカードを「show C=KD,KS D=9C,9D,9S」のように書いてください",
    ),
    "rules.pochen.out_syntax": (
        "{word!r} should be a player and the cards they have left, like A=3",
        "「{word}」はプレイヤーと残りの枚数を「A=3」のように書いてください",
    ),
    # -- the stages ---------------------------------------------------------------
    "rules.pochen.trump_first": (
        "enter the trump first ('turned 8D' or 'trump diamonds'), then {entry}",
        "先に切り札(めくった札か切り札のスート)を記録してください。{entry}はその後です",
    ),
    "rules.pochen.trump_twice": (
        "the trump of this deal is already {suit}",
        "このラウンドの切り札はすでに{suit}です",
    ),
    "rules.pochen.not_in_deck": (
        "{card} is not in the {deck}-card deck",
        "{card}は{deck}枚のデッキにありません",
    ),
    "rules.pochen.not_dealt_in": (
        "{player} is not dealt in to deal {round}",
        "{player}はラウンド{round}に参加していません",
    ),
    # -- claims -----------------------------------------------------------------------
    "rules.pochen.claims_over": (
        "the Poch has begun, so the claims are over",
        "ポッヘン(賭け)が始まったので、請求はもうできません",
    ),
    "rules.pochen.nothing_to_claim": (
        "no pool is left to claim this deal",
        "このラウンドで請求できる場はもう残っていません",
    ),
    "rules.pochen.unknown_pool": (
        "there is no pool called '{pool}'; type one of: {pools}",
        "「{pool}」という場はありません。使える名前: {pools}",
    ),
    "rules.pochen.not_claimable": (
        "the {pool} pool cannot be claimed: poch goes to the best set, centre to the first player out",
        "{pool}の場は請求できません(ポッヘンの場は最強の役、センターは最初に上がった人のもの)",
    ),
    "rules.pochen.already_claimed": (
        "{player} has already claimed the {pool} pool this deal",
        "{pool}の場はこのラウンドですでに{player}が取っています",
    ),
    "rules.pochen.turned_pool": (
        "the {pool} pool cannot be claimed: its card {card} is the turned card",
        "{pool}の場は請求できません(そのカード{card}はめくられたカードです)",
    ),
    "rules.pochen.marriage_broken": (
        "marriage cannot be claimed this deal: {card} is the turned card",
        "このラウンドではマリッジを請求できません({card}がめくられたカードです)",
    ),
    "rules.pochen.marriage_needs": (
        "marriage needs the same player to claim king and queen ({player} has not)",
        "マリッジには同じプレイヤーがキングとクイーンを請求している必要があります({player}は請求していません)",
    ),
    "rules.pochen.sequence_broken": (
        "sequence cannot be claimed this deal: {card} is the turned card",
        "このラウンドではシークエンスを請求できません({card}がめくられたカードです)",
    ),
    # -- one deck: the cards a deal reveals ----------------------------------------------
    "rules.pochen.turned_shown": (
        "{card} is the turned card, in nobody's hand: {player} cannot show it",
        "{card}はめくった札で、誰の手札にもありません。{player}の役には入りません",
    ),
    "rules.pochen.claimed_card": (
        "{card} was claimed by {first} ({pool}); {second} cannot show it too",
        "{card}は{first}が請求した札です({pool})。{second}が見せることはできません",
    ),
    "rules.pochen.hand_of_five": (
        "{player} would hold {count} {count:card|cards} ({cards}), but each player is dealt five",
        "{player}の手札が{count}枚({cards})になります。配られるのは一人5枚です",
    ),
    # -- the Poch ---------------------------------------------------------------------
    "rules.pochen.all_passed": (
        "nobody bet, so the poch pool stays (option all_pass stays): enter who went out first ('out X')",
        "誰も賭けなかったので、ポッヘンの場は持ち越しです(「全員パスのとき」の設定)。最初に上がった人を記録してください",
    ),
    "rules.pochen.poch_over": (
        "the Poch is settled: enter who went out first ('out X')",
        "ポッヘンは決着しています。最初に上がった人を記録してください",
    ),
    "rules.pochen.betting_closed": (
        "the betting has closed: enter the sets ('show …') or the winner ('poch W')",
        "賭けは締め切られています。公開された役か、ポッヘンの勝者を記録してください",
    ),
    "rules.pochen.not_your_turn": (
        "it is {turn}'s turn in the Poch, not {player}'s",
        "ポッヘンは今{turn}の番です({player}の番ではありません)",
    ),
    "rules.pochen.check_facing_bet": (
        "{player} cannot check facing a bet of {high}: call, raise, fold or pass (= fold)",
        "{player}は{high}の賭けに対してチェックできません。コール・レイズ・降りる・パス(=降りる)のどれかです",
    ),
    "rules.pochen.nothing_to_call": (
        "there is no bet yet: {player} can pass or bet, not {verb}",
        "まだ賭けがありません。{player}はパスかベットです({verb}はできません)",
    ),
    "rules.pochen.bet_not_above": (
        "a bet must be above the highest so far ({high}), and {amount} is not",
        "ベットはこれまでの最高額({high})より上でなければなりません({amount}は不可)",
    ),
    "rules.pochen.raise_not_above": (
        "a raise must be above the highest so far ({high}), and {amount} is not",
        "レイズはこれまでの最高額({high})より上でなければなりません({amount}は不可)",
    ),
    "rules.pochen.second_bet": (
        "there is already a bet of {high}: {player} can call, raise or fold",
        "すでに{high}の賭けがあります。{player}はコール・レイズ・降りるのどれかです",
    ),
    "rules.pochen.raise_short": (
        "{player} has only {chips} {chips:chip|chips}: that is a call, all-in",
        "{player}のチップは{chips}枚だけです。オールインのコールになります",
    ),
    "rules.pochen.short": (
        "{player} cannot be in for {amount}: at most {most} (all-in)",
        "{player}は{amount}まで賭けられません。最大{most}(オールイン)です",
    ),
    "rules.pochen.showdown_early": (
        "the betting is still open: it is {turn}'s turn",
        "まだ賭けが続いています。{turn}の番です",
    ),
    "rules.pochen.not_in_poch": (
        "{player} is not in the Poch showdown (folded, or bet nothing)",
        "{player}はポッヘンの勝負に参加していません(降りたか、何も賭けていません)",
    ),
    "rules.pochen.shown_twice": (
        "{player}'s set is given twice",
        "{player}の役が2回書かれています",
    ),
    "rules.pochen.bad_set": (
        "{player}'s set ({cards}) is not 2 to 4 cards of one rank",
        "{player}の役({cards})は同じランクの2〜4枚ではありません",
    ),
    "rules.pochen.pot_undecided": (
        "nobody named can win the pot of {chips} ({players} can): name one of them too",
        "名前の挙がった人は{chips}のポットに勝てません({players}が対象です)。その中の誰かも書いてください",
    ),
    # -- the play-out -----------------------------------------------------------------
    "rules.pochen.poch_open": (
        "the Poch is not settled yet: it is {turn}'s turn",
        "ポッヘンがまだ決着していません。{turn}の番です",
    ),
    "rules.pochen.poch_undecided": (
        "the Poch needs its winner first: enter the sets ('show …') or 'poch W'",
        "先にポッヘンの勝者が必要です。公開された役か、ポッヘンの勝者を記録してください",
    ),
    "rules.pochen.no_card_payment": (
        "card_payment is off: write only who went out, like 'out B'",
        "残り札の支払いなしのセッションです。上がった人だけを記録してください",
    ),
    "rules.pochen.pays_self": (
        "{player} went out and pays nobody",
        "{player}は上がった人なので支払いません",
    ),
    "rules.pochen.paid_twice": (
        "{player}'s cards left are given twice",
        "{player}の残り枚数が2回書かれています",
    ),
    "rules.pochen.cards_left": (
        "{player} must have at least 1 card left, not {value!r}",
        "{player}の残り枚数は1以上です({value!r}は使えません)",
    ),
    "rules.pochen.cards_left_five": (
        "{player} cannot have {value} {value:card|cards} left: each player is dealt five",
        "{player}の残りが{value}枚にはなりません。配られるのは一人5枚です",
    ),
    "rules.pochen.payment_missing": (
        "with card_payment, write the cards left of everyone but {player}; missing: {players}",
        "残り札の支払いありのセッションです。{player}以外の全員の残り枚数を書いてください。足りないのは: {players}",
    ),
    "rules.pochen.pool_names": (
        "ace (A), king (K), queen (Q), jack (J), ten (10, T), marriage, sequence, poch, centre",
        "エース(A)・キング(K)・クイーン(Q)・ジャック(J)・10(テン、T)・マリッジ・シークエンス・"
        "ポッヘン・センター(英語の名前も使えます)",
    ),
}
