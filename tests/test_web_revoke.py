"""Revoking a player's link from the recorder's page (issue 46: "the recorder can revoke a
link (a lost phone) with one key or tap"): the recorder's document lists the players'
links by name (whether a phone has each open), never a token or an address; ``POST
revoke`` answers where the new code is (the app, or the terminal the page server runs
in, which prints the new ``NAME: URL`` line), once per tap sent."""

from __future__ import annotations

from scorekeeper.web.links import SETTINGS, PlayerLink, Settings
from tests.test_web_player_links import RTOKEN, own, quick, started, tokens  # noqa: F401
from tests.test_web_proposals import answer, doc, until


async def test_the_recorders_page_lists_the_links_by_name_and_revokes_one_once(tmp_path):
    app, client = await started(tmp_path)
    try:
        ben = tokens(app)["B"]
        rec = await doc(client, RTOKEN)
        assert rec["links"] == [{"name": n, "open": False} for n in ("A", "B", "C")]
        stream = await client.get(f"/{ben}/events", headers=own(client))  # Ben's phone opens
        rec = await until(client, RTOKEN, lambda d: d["links"][1]["open"])
        assert [one["open"] for one in rec["links"]] == [False, True, False]
        body = {"id": "tap-revoke-0001", "name": "B"}
        reply = await answer(client, "revoke", body)
        assert reply.status == 200
        said = await reply.json()
        assert said["text"] == (
            "B's old link is refused from now on. B's new link is printed where the page "
            "server runs, as a new line “B: URL”."
        )
        new = tokens(app)["B"]
        assert new != ben
        again = await answer(client, "revoke", body)  # the same tap sent again: once only
        assert await again.json() == said and tokens(app)["B"] == new
        await stream.read()  # the lost phone's stream is closed
        stream.close()
        rec = await until(client, RTOKEN, lambda d: not d["links"][1]["open"])
        text = str(rec)
        assert all(one.token not in text for one in app[SETTINGS].players.values())
        assert ben not in text
        ja = await client.post(f"/{RTOKEN}/revoke?lang=ja", json={"name": "C"},
                               headers=own(client))  # fmt: skip
        assert (await ja.json())["text"].startswith("Cさんの古いリンクは無効になりました。")
    finally:
        await client.close()


def test_a_link_made_later_is_told_a_revoke_and_a_joiner_alike():
    settings = Settings("V1ewers-token-for-tests_0", "en", 10)
    settings.seat(("A", "B"))
    settings.make_player_links()
    made: list[PlayerLink] = []
    settings.on_new_link = made.append  # display --serve alone prints NAME: URL
    settings.revoke("B")
    settings.seat(("A", "B", "C"))
    assert [one.name for one in made] == ["B", "C"]
    assert made == [settings.players["B"], settings.players["C"]]
