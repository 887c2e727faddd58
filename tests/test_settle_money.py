"""An evening of mixed games settled in money (issue 43, point 3).

``settle S1 S2 …`` settles points and chips together in money when each session has a
rate (its ``rate`` entry), as few transfers as the exact search finds, summing to zero
to the currency's unit; without rates each kind is settled apart and the command says
why; ``--json`` prints the balances, the transfers and the currency. Money is written
by one function (export/money.py).
"""

from __future__ import annotations

import json
from decimal import Context, Decimal, localcontext
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import errors
from scorekeeper.export.money import format_money, money_unit
from scorekeeper.export.settlement import fewest_transfers, to_units
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
POINTS = "game indian-official\nplayers Aki Ben Chie\nround\nshowdown Ben\n"  # -20 +30 -10


def stored(capsys, tmp_path, *texts: str) -> list[str]:
    ids = []
    for number, text in enumerate(texts):
        path = tmp_path / f"s{number}.txt"
        path.write_text(text, encoding="utf-8")
        code, out, err = run(capsys, "import", str(path))
        assert code == 0, err
        ids.append(out.strip())
    return ids


def chips_text() -> str:
    return (ROOT / "examples" / "c1.txt").read_text(encoding="utf-8")  # A -1 B +5 C +5 D -9


# -- format_money ----------------------------------------------------------------------
def test_money_is_written_with_separators_and_its_currency():
    assert format_money(Decimal(5200), "JPY", "ja") == "5,200円"
    assert format_money(Decimal(5200), "円", "en") == "¥5,200"
    assert format_money(Decimal(5200), "JPY", "en") == "¥5,200"
    assert format_money(Decimal("5200.5"), "USD", "en") == "$5,200.50"
    assert format_money(Decimal("5200.5"), "usd", "ja") == "$5,200.50"
    assert format_money(Decimal(1234567), "EUR", "en") == "€1,234,567"
    assert format_money(Decimal(5200), "XYZ", "en") == "5,200 XYZ"
    assert format_money(Decimal(5200), None, "ja") == "5,200"
    assert format_money(Decimal(-5200), "JPY", "ja") == "-5,200円"
    assert format_money(Decimal("-0.5"), "USD", "en") == "-$0.50"
    assert format_money(0, None, "en") == "0"
    assert money_unit("円") == 1 and money_unit("USD") == Decimal("0.01")


# -- the command line --------------------------------------------------------------------
def test_points_and_chips_with_rates_settle_together_in_money(capsys, home, tmp_path):
    ids = stored(capsys, tmp_path, POINTS, chips_text())
    assert run(capsys, "record", ids[0], "rate 10 JPY")[0] == 0
    assert run(capsys, "record", ids[1], "rate 50 円")[0] == 0  # the same money
    code, out, err = run(capsys, "settle", *ids)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Sessions 1, 2 together",
        "Totals: Aki -¥200, Ben +¥300, Chie -¥100, A -¥50, B +¥250, C +¥250, D -¥450",
        "Rates: session 1 at ¥10 per point, session 2 at ¥50 per chip",
        "Aki pays Ben ¥200",
        "Chie pays Ben ¥100",
        "A pays C ¥50",
        "D pays B ¥250",
        "D pays C ¥200",
    ]
    code, out, _ = run(capsys, "--lang", "ja", "settle", *ids)
    assert "AkiがBenに200円を支払う" in out.splitlines()
    code, out, _ = run(capsys, "settle", *ids, "--json")
    doc = json.loads(out)
    assert doc["currency"] == "JPY" and doc["unit"] == "money" and doc["apart"] is None
    assert doc["balances"] == {
        "Aki": "-200", "Ben": "300", "Chie": "-100", "A": "-50", "B": "250", "C": "250",
        "D": "-450",
    }  # fmt: skip
    assert doc["transfers"][0] == {"from": "Aki", "to": "Ben", "amount": "200"}
    assert len(doc["transfers"]) == 5


def test_one_player_in_both_games_gets_one_amount(capsys, home, tmp_path):
    chips = "game indian-chips\nplayers Aki Ben Chie\noption stack 50\nround\nbet Ben\nfold Chie\n"
    ids = stored(capsys, tmp_path, POINTS, chips + "fold Aki\n")  # Aki -1, Ben +2, Chie -1
    run(capsys, "record", ids[0], "rate 10 USD")
    run(capsys, "record", ids[1], "rate 2.5 USD")
    code, out, _ = run(capsys, "settle", *ids, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["balances"] == {"Aki": "-202.5", "Ben": "305", "Chie": "-102.5"}
    assert doc["transfers"] == [
        {"from": "Aki", "to": "Ben", "amount": "202.5"},
        {"from": "Chie", "to": "Ben", "amount": "102.5"},
    ]
    assert "Aki pays Ben $202.50" in run(capsys, "settle", *ids)[1]


def test_without_rates_each_kind_is_settled_apart_and_the_command_says_why(capsys, home, tmp_path):
    ids = stored(capsys, tmp_path, POINTS, chips_text())  # refused before issue 43
    run(capsys, "record", ids[0], "rate 10 JPY")
    code, out, err = run(capsys, "settle", *ids)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Sessions 1, 2 together",
        "not settled in money: sessions without a rate: 2; each kind is settled apart,"
        " in its own units",
        "In points (sessions 1):",
        "Totals: Aki -20, Ben +30, Chie -10",
        "Aki pays Ben 20",
        "Chie pays Ben 10",
        "In chips (sessions 2):",
        "Totals: A -1, B +5, C +5, D -9",
        "A pays C 1",
        "D pays B 5",
        "D pays C 4",
    ]
    doc = json.loads(run(capsys, "settle", *ids, "--json")[1])
    assert doc["balances"] is None and doc["currency"] is None
    assert doc["note"].startswith("not settled in money")
    assert [part["unit"] for part in doc["apart"]] == ["point", "chip"]
    assert doc["apart"][1]["balances"] == {"A": -1, "B": 5, "C": 5, "D": -9}
    assert doc["apart"][0]["transfers"][0] == {"from": "Aki", "to": "Ben", "amount": 20}


def test_sessions_in_two_currencies_are_refused_in_words(capsys, home, tmp_path):
    ids = stored(capsys, tmp_path, POINTS, chips_text())
    run(capsys, "record", ids[0], "rate 10 JPY")
    run(capsys, "record", ids[1], "rate 1 USD")
    code, out, err = run(capsys, "settle", *ids)
    assert (code, out) == (errors.EXIT_REFUSED, "")
    assert err == (
        "scorekeeper: sessions in different currencies cannot be settled together"
        " (JPY in 1, USD in 2): give them one currency with rate, or settle them apart\n"
    )


def test_the_rate_of_the_session_is_used_and_a_later_one_replaces_it(capsys, home, tmp_path):
    (sid,) = stored(capsys, tmp_path, POINTS + "rate 100 JPY\nrate 5 JPY\n")
    code, out, _ = run(capsys, "settle", sid)
    assert out.splitlines() == ["at ¥5 per point", "Aki pays Ben ¥100", "Chie pays Ben ¥50"]
    code, out, _ = run(capsys, "settle", sid, "--rate", "7")  # the session's own wins
    assert code == 0
    assert out.splitlines()[0] == "at ¥5 per point"
    doc = json.loads(run(capsys, "settle", sid, "--json")[1])
    assert doc["currency"] == "JPY" and doc["balances"]["Ben"] == "150"


# -- the rule: rounding to the unit keeps the total at zero ------------------------------------
MONEY = st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=9)
RATES = st.sampled_from(["1", "0.5", "0.25", "2.75", "10", "0.01", "33.33"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(MONEY, RATES), min_size=1, max_size=4), st.sampled_from(["JPY", None]))
def test_money_transfers_sum_to_zero_to_the_unit_and_settle_every_balance(sessions, currency):
    money: dict[str, Decimal] = {}
    for amounts, rate in sessions:  # each session's balances sum to zero, as settle checks
        balances = [*amounts, -sum(amounts)]
        for seat, amount in enumerate(balances):
            name = f"P{seat}"
            money[name] = money.get(name, Decimal(0)) + amount * Decimal(rate)
    step = money_unit(currency)
    units = to_units(money, step)
    assert sum(units.values()) == 0  # zero to the unit
    for name, amount in money.items():  # each moved by less than one unit, never across it
        assert abs(units[name] * step - amount) < step
        if amount % step == 0:
            assert units[name] * step == amount
    left = dict(units)
    transfers = fewest_transfers(units)
    for x in transfers:
        assert x.amount > 0
        left[x.payer] += x.amount
        left[x.payee] -= x.amount
    assert not any(left.values())  # every balance settled
    assert len(transfers) <= max(0, sum(1 for v in units.values() if v) - 1)


def test_a_balance_between_two_yen_is_rounded_by_the_largest_remainder(capsys, home, tmp_path):
    """c1 at 0.5円 a chip: A -0.5, B +2.5, C +2.5, D -4.5. Rounded down: -1, 2, 2, -5, two
    yen short; the remainders tie (0.5 each), so the first two seated get one each."""
    ids = stored(capsys, tmp_path, POINTS, chips_text())
    run(capsys, "record", ids[0], "rate 1 JPY")
    run(capsys, "record", ids[1], "rate 0.5 JPY")
    doc = json.loads(run(capsys, "settle", *ids, "--json")[1])
    balances = doc["balances"]
    assert [balances[p] for p in "ABCD"] == ["0", "3", "2", "-5"]
    assert sum(int(v) for v in balances.values()) == 0


def test_every_export_writes_the_sessions_money_in_its_language(capsys, home, tmp_path):
    (sid,) = stored(capsys, tmp_path, POINTS + "rate 10 JPY\n")
    for fmt in ("md", "html"):
        code, out, _ = run(capsys, "--lang", "ja", "export", sid, "--format", fmt)
        assert code == 0 and "1点あたり10円" in out and "AkiがBenに200円を支払う" in out
        code, out, _ = run(capsys, "--lang", "en", "export", sid, "--format", fmt)
        assert "at ¥10 per point" in out and "Aki pays Ben ¥200" in out
    doc = json.loads(run(capsys, "export", sid, "--format", "json")[1])
    assert doc["settlement"]["currency"] == "JPY" and doc["settlement"]["rate"] == "10"
    assert doc["settlement"]["transfers"][0]["money"] == "200"
    assert (doc["state"]["rate"], doc["state"]["currency"]) == ("10", "JPY")


def test_one_session_at_half_a_yen_settles_to_the_yen(capsys, home, tmp_path):
    """c1 at 0.5円 a chip: -0.5, +2.5, +2.5, -4.5 yen, rounded as several sessions are."""
    (sid,) = stored(capsys, tmp_path, chips_text() + "rate 0.5 JPY\n")
    code, out, _ = run(capsys, "settle", sid)
    assert code == 0
    assert out.splitlines() == ["at ¥0.50 per chip", "D pays B ¥3", "D pays C ¥2"]
    doc = json.loads(run(capsys, "settle", sid, "--json")[1])
    assert doc["balances"] == {"A": "0", "B": "3", "C": "2", "D": "-5"}
    export = json.loads(run(capsys, "export", sid, "--format", "json")[1])["settlement"]
    assert export["balances"] == doc["balances"]
    assert export["transfers"][0] == {"from": "D", "to": "B", "amount": "3", "money": "3"}


def test_money_at_the_bounds_stays_exact():
    """A balance of 10**15 at a rate of 999,999,999.99, over a thousand sessions, and a
    cent: 30 digits, past the 28 that Decimal keeps by default."""
    with localcontext(Context(prec=100)):
        money = Decimal(1000 * 10**15) * Decimal("999999999.99") + Decimal("0.01")
        expected, owed = money / Decimal("0.01"), -money  # (negating rounds too)
    units = to_units({"A": money, "B": owed}, Decimal("0.01"))
    assert units == {"A": int(expected), "B": -int(expected)}


def test_money_past_28_digits_is_written_exactly():
    with localcontext(Context(prec=100)):
        amount = -(Decimal(10**30) + Decimal("0.5"))
    assert format_money(amount, "USD", "en") == "-$1," + "000," * 9 + "000.50"
