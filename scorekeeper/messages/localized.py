"""Messages that make the Japanese complete (issue 14): Textual's own words in the
command palette, the new-session form's option labels and values, and the names
of Pochen's pools in prose (the board has its own labels, ``ui.pochen.pool.*``).

key -> (English, Japanese).
"""

MESSAGES: dict[str, tuple[str, str]] = {
    "list.separator": (", ", "・"),
    # -- Pochen's pools in prose: English keeps the names the recorder types ---------
    "pochen.pool.ace": ("ace", "エース"),
    "pochen.pool.king": ("king", "キング"),
    "pochen.pool.queen": ("queen", "クイーン"),
    "pochen.pool.jack": ("jack", "ジャック"),
    "pochen.pool.ten": ("ten", "10"),
    "pochen.pool.marriage": ("marriage", "マリッジ"),
    "pochen.pool.sequence": ("sequence", "シークエンス"),
    "pochen.pool.poch": ("poch", "ポッヘン"),
    "pochen.pool.centre": ("centre", "センター"),
    "rules.pochen.pool_names": (
        "ace (A), king (K), queen (Q), jack (J), ten (10, T), marriage, sequence, poch, centre",
        "エース(A)・キング(K)・クイーン(Q)・ジャック(J)・10(テン、T)・マリッジ・シークエンス・"
        "ポッヘン・センター(英語の名前も使えます)",
    ),
}
