"""The catalog's ``pochen.*`` messages: Pochen's board and sets in prose. Key -> (English, Japanese)."""

MESSAGES: dict[str, tuple[str, str]] = {
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
}
