"""Random legal sessions of indian-official, drawn from Session.legal(), and what must hold."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import COMMON_KINDS
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.core.words import parse_entry

NAMES = ["A", "B", "C", "Aki Sato", "佐藤", "O'Neil", 'Dee "DJ" Jay', "eve", "Ben # 2"]
NEWCOMERS = ["Zed", "ゆうき", "New Guy", "Mo's"]
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUITS = ["S", "H", "D", "C"]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CARDS = [(rank, suit) for rank in RANKS for suit in SUITS]

# reference orders, written out independently of scorekeeper.core.cards
OFFICIAL_RANK = {r: 13 - i for i, r in enumerate(RANKS[1:])} | {"A": 0}
SUIT_RANK = {"sanma": "CDHS", "hokuto": "SDCH"}  # weakest first

ZONES = [UTC, timezone(timedelta(hours=9)), timezone(timedelta(hours=-5, minutes=-30))]
START = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)

KIND_WEIGHTS = {
    "round": 10,
    "fold": 6,
    "raise": 4,
    "showdown": 5,
    "undo": 1,
    "note": 1,
    "recorder": 1,
    "join": 1,
    "leave": 1,
    "end": 1,
}

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def headers(draw):
    players = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=8, unique=True))
    options = {
        "base": draw(st.sampled_from([1, 5, 10, 15, 25, 160])),
        "cap": draw(st.sampled_from([160, 320, 640, None])),
        "suits": draw(st.sampled_from(["sanma", "hokuto"])),
        "parent_double_folds": draw(st.booleans()),
        "rounds": draw(st.sampled_from([0, 0, 0, 1, 3])),
    }
    parent = draw(st.sampled_from(players))
    recorder = draw(st.sampled_from(players))
    return make_header("indian-official", players, options, parent=parent, recorder=recorder)


def spell(rank: str, suit: str, style: int) -> str:
    """One of the ways a recorder may type a card."""
    if style == 1 and rank == "10":
        return "T" + suit
    if style == 2:
        return (rank + suit).lower()
    if style == 3:
        return rank + SYMBOLS[suit]
    return rank + suit


def strength(code: str, suits: str) -> tuple[int, int]:
    rank, suit = code[:-1], code[-1]
    return OFFICIAL_RANK[rank], SUIT_RANK[suits].index(suit)


def expected_deltas(state, folds, winner: str) -> dict[str, int]:
    """What the round in *state* pays out when *winner* wins it (rules.md §1, step 4-5).

    *folds* are (child, stake when folding) in the round, the last fold included.
    """
    table, parent, options = state.table, state.parent, state.options
    stake = table.stake
    deltas = dict.fromkeys(table.players, 0)
    folded = dict(folds)
    contesting = [p for p in table.players if p != parent and p not in folded]
    for child, fold_stake in folds:
        amount = fold_stake * (2 if winner == parent and options["parent_double_folds"] else 1)
        deltas[child] -= amount
        deltas[winner] += amount
    if winner == parent:
        for child in contesting:
            deltas[child] -= 2 * stake
            deltas[parent] += 2 * stake
    else:
        deltas[parent] -= 2 * stake
        deltas[winner] += 2 * stake
        for child in contesting:
            if child != winner:
                deltas[child] -= stake
                deltas[winner] += stake
    return deltas


class Driver:
    """Plays a random legal session step by step, checking as it goes."""

    def __init__(self, data, header) -> None:
        self.data = data
        self.session = Session(header)
        self.clock = START
        self.in_force: list[tuple[int, object]] = []  # (seq, state before it), oldest first

    def now(self) -> datetime:
        step = self.data.draw(st.sampled_from([0, 1, 7, 61, 3600, -30]), label="tick")
        micro = self.data.draw(st.sampled_from([0, 0, 123456]), label="micro")
        zone = self.data.draw(st.sampled_from(ZONES), label="zone")
        self.clock = self.clock + timedelta(seconds=step)
        return (self.clock + timedelta(microseconds=micro)).astimezone(zone)

    def words(self) -> list[str]:
        """Words of one legal entry, drawn from what Session.legal() offers."""
        draw, session = self.data.draw, self.session
        actions = {a.kind: a for a in session.legal()}
        pool = [k for k in actions for _ in range(KIND_WEIGHTS.get(k, 1))]
        kind = draw(st.sampled_from(pool), label="kind")
        action = actions[kind]
        if kind in ("round", "raise", "undo", "end"):
            return [kind]
        if kind == "rate":
            return ["rate", draw(st.sampled_from(["10", "0.5"])), "JPY"]
        if kind == "proposals":  # the switch: an undo restores it exactly (the step's check)
            return ["proposals", draw(st.sampled_from(["auto", "ask"]))]
        if kind == "note":
            text = draw(st.sampled_from(["spilled tea", 'he said "no"', "# not a comment", "ok'"]))
            return ["note", text]
        if kind in ("fold", "recorder", "leave"):
            return [kind, draw(st.sampled_from(action.choices))]
        if kind == "join":
            state = session.state
            gone = [n for n in state.names() if n not in state.seated()]
            fresh = [n for n in NEWCOMERS if n not in state.names()]
            if not gone + fresh:  # every newcomer is already seated: nobody to join
                return ["note", "nobody left to join"]
            name = draw(st.sampled_from(gone + fresh))
            if draw(st.booleans()):
                return ["join", name, "after", draw(st.sampled_from(action.choices))]
            return ["join", name]
        # showdown: by name, or by the cards of everyone still in
        contesting = action.choices
        if draw(st.booleans()):
            return ["showdown", draw(st.sampled_from(contesting))]
        cards = draw(
            st.lists(
                st.sampled_from(ALL_CARDS),
                min_size=len(contesting),
                max_size=len(contesting),
                unique=True,
            )
        )
        order = draw(st.permutations(list(zip(contesting, cards, strict=True))))
        styles = [draw(st.integers(0, 3)) for _ in order]
        return [
            "showdown",
            "cards",
            *(
                f"{p}={spell(r, s, style)}"
                for (p, (r, s)), style in zip(order, styles, strict=True)
            ),
        ]

    def step(self) -> None:
        session = self.session
        before = session.state
        words = self.words()
        entry = parse_entry(session.game, words)
        event = session.record(entry, self.now())
        after = session.state
        # points always sum to zero
        assert sum(after.scores.values()) == 0
        if event.kind == "undo":
            seq, earlier = self.in_force.pop()
            assert event.data["voids"] == seq
            assert after == earlier
        else:
            self.in_force.append((event.seq, before))
        self.check_payout(before, after, event)
        self.check_legal()

    def check_payout(self, before, after, event) -> None:
        if event.kind == "showdown":
            if "winner" in event.data:
                winner = event.data["winner"]
            else:
                suits = before.options["suits"]
                cards = event.data["cards"]
                winner = max(cards, key=lambda p: strength(cards[p], suits))
        elif event.kind == "fold" and not after.in_round:
            winner = before.parent
        elif event.kind == "raise":
            assert after.table.stake == before.table.stake * 2
            cap = before.options["cap"]
            assert cap is None or after.table.stake <= cap
            return
        else:
            return
        folds = tuple(before.table.folds)
        if event.kind == "fold":
            folds += ((event.data["player"], before.table.stake),)
        expected = expected_deltas(before, folds, winner)
        assert dict(after.results[-1].deltas) == expected
        assert after.results[-1].details["winner"] == winner
        for name in after.scores:
            assert after.scores[name] == before.scores[name] + expected.get(name, 0)
        assert after.parent == before.left_of(before.parent)

    def check_legal(self) -> None:
        state = self.session.state
        kinds = [a.kind for a in self.session.legal()]
        if state.in_round and not state.finished:
            table = state.table
            cap = state.options["cap"]
            assert ("raise" in kinds) == (cap is None or table.stake * 2 <= cap)
            folded = dict(table.folds)
            children = tuple(p for p in table.players if p != state.parent and p not in folded)
            legal = {a.kind: a.choices for a in self.session.legal()}
            assert legal["fold"] == children
            assert legal["showdown"] == (state.parent, *children)
            assert "round" not in kinds
            assert "join" not in kinds
        elif state.finished:
            assert set(kinds) <= {"undo", "note", "rate", "recorder"}
        else:
            assert "round" in kinds
            assert "end" in kinds
            assert not {"fold", "raise", "showdown"} & set(kinds)

    def play(self, steps: int) -> Session:
        for _ in range(steps):
            self.step()
        return self.session


def garbage(data, session: Session) -> list[str]:
    """Words of an entry that can never be legal now."""
    state = session.state
    taken = {n.casefold() for n in state.names()}
    unknown = st.text(
        alphabet=st.characters(categories=("Lu", "Ll", "Lo", "Nd")), min_size=1, max_size=6
    ).filter(lambda w: w.casefold() not in taken)
    known_verbs = COMMON_KINDS | session.game.round_kinds
    verb = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=9).filter(
        lambda w: w not in known_verbs
    )
    seated = state.seated()
    choices = [
        st.tuples(verb).map(list),
        st.tuples(verb, unknown).map(list),
        st.tuples(st.sampled_from(["fold", "showdown", "recorder", "leave"]), unknown).map(list),
        st.just(["fold"]),
        st.just(["showdown"]),
        st.just(["raise", "now"]),
        st.just(["round", "two"]),
        st.just(["undo", "it"]),
        st.just(["recorder", state.recorder]),
        st.sampled_from(seated).map(lambda n: ["join", n.swapcase()]),
        st.sampled_from(seated).map(lambda n: ["join", n + "=x"]),
        st.tuples(st.just("showdown"), st.just("cards"), unknown.map(lambda n: n + "=KS")).map(
            list
        ),
    ]
    if session.events:
        earlier = session.events[-1].at - timedelta(seconds=1)
        choices.append(st.just([f"@{earlier.isoformat()}", "note", "late"]))
    if state.in_round:
        choices.append(st.just(["fold", state.parent]))
        choices.append(st.just(["round"]))
        choices.append(st.just(["end"]))
    else:
        choices.append(st.just(["raise"]))
        choices.append(st.sampled_from(state.names()).map(lambda n: ["fold", n]))
    if not session.events:
        choices.append(st.just(["undo"]))
    return data.draw(st.one_of(choices), label="garbage")


@SETTINGS
@given(st.data(), headers(), st.integers(0, 45))
def test_random_sessions_sum_to_zero_undo_exactly_and_offer_only_legal(data, header, steps):
    Driver(data, header).play(steps)


@SETTINGS
@given(st.data(), headers(), st.integers(0, 40))
def test_transcript_round_trip_and_refold(data, header, steps):
    session = Driver(data, header).play(steps)
    text = write_transcript(session, comment="random # session")
    again = read_session(text)
    assert state_json(again) == state_json(session)
    assert again.state == session.state
    assert [(e.kind, dict(e.data), e.at) for e in again.events] == [
        (e.kind, dict(e.data), e.at) for e in session.events
    ]
    assert [e.at.isoformat() for e in again.events] == [e.at.isoformat() for e in session.events]
    assert [e.recorder for e in again.events] == [e.recorder for e in session.events]
    assert write_transcript(again, comment="random # session") == text
    # folding the stored events again gives the live state
    refolded = Session(session.header, list(session.events))
    assert refolded.state == session.state
    assert refolded.legal() == session.legal()
    assert [line.key for line in refolded.log()] == [line.key for line in session.log()]


@SETTINGS
@given(st.data(), headers(), st.integers(0, 30))
def test_illegal_entries_raise_and_change_nothing(data, header, steps):
    driver = Driver(data, header)
    session = driver.session
    for _ in range(steps):
        words = garbage(data, session)
        state, events, legal = session.state, list(session.events), session.legal()
        try:
            session.record(parse_entry(session.game, words), driver.now())
        except RuleError as error:
            assert error.message("en")
        else:
            raise AssertionError(f"accepted {words!r}")
        assert session.state is state
        assert session.events == events
        assert session.legal() == legal
        driver.step()
