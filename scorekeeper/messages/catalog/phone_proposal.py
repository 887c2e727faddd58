"""Players' proposals (issue 46, wave 2): what a player's page and the recorder's page
say about a proposal, and the refusals of the page server's queue."""

MESSAGES: dict[str, tuple[str, str]] = {
    "phone.proposal.label": ("{player}: {what}", "{player}: {what}"),
    "phone.proposal.already": (
        "You proposed this already: it waits for the recorder's answer.",
        "同じ提案がすでに記録役の返事を待っています。",
    ),
    "phone.proposal.too_many": (
        "You have {limit} proposals waiting already: wait for the recorder's answer.",
        "記録役の返事を待っている提案がすでに{limit}件あります。返事を待ってください。",
    ),
    "phone.proposal.queue_full": (
        "{limit} proposals are waiting for the recorder already: try again in a moment.",
        "記録役の返事を待っている提案がすでに{limit}件あります。少し待ってから送ってください。",
    ),
    "phone.proposal.moved_on": (
        "The table changed (now {entries} {entries:entry|entries}): look at it again and tap again.",
        "卓が変わりました(現在{entries}件)。もう一度見てからタップしてください。",
    ),
    "phone.proposal.gone": (
        "That proposal is no longer waiting (answered or withdrawn already).",
        "その提案はもう待っていません(返事済みか、取り下げられました)。",
    ),
    "phone.proposal.waiting": ("Waiting for the recorder: {what}", "記録役の確認待ち: {what}"),
    "phone.proposal.confirmed": ("Confirmed: {what}", "確定しました: {what}"),
    "phone.proposal.refused": (
        "The recorder refused: {what}{reason}",
        "記録役が断りました: {what}{reason}",
    ),
    "phone.proposal.withdrawn": (
        "Withdrawn, the table changed before it was confirmed: {what}",
        "確定の前に卓が変わったため取り下げました: {what}",
    ),
    "phone.proposal.sent": ("Sent to the recorder: {what}", "記録役に送りました: {what}"),
    "phone.proposal.waiting_for": ("waiting for {name}…", "{name}さんの確認待ち…"),
    "phone.proposal.title": ("Proposals", "提案"),
    "phone.proposal.confirm": ("Confirm", "確定"),
    "phone.proposal.refuse": ("Refuse", "断る"),
}
