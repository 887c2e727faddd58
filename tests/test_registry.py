"""A game is declared once, and everything else it needs is checked for it (issue 36).

Each game module declares what the rest of the program needs of it in one
``register(GameSpec(...))`` (core/game.py); the snapshot codec, the table screen it opens
on, the order games are offered in and the property tests' list of games are derived from
that registry. What cannot be derived (catalog texts in both languages, the rules in
docs/, the generator's data for its verbs) is checked here for every registered game, and
each failure names the game and the piece it lacks, so that adding a game is: write its
module, run the tests, and do what they say (docs/architecture.md, "Adding a game").

The sixth game of the tests (tests/sixth_game.py), declared as a game outside the
package would be, is registered while this module's tests run and checked as every
real game is: the registry test is what keeps that extension path open.
"""

from __future__ import annotations

import inspect
import os
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core import state_codec
from scorekeeper.core.chain import Chain
from scorekeeper.core.events import Entry
from scorekeeper.core.game import Game, GameSpec
from scorekeeper.core.games import GAME_ORDER, all_games, game_spec, game_specs
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.messages import CATALOG
from tests import session_gen
from tests.long_sessions import SeededData, seeded_strategies
from tests.sixth_game import GAME_ID as SIXTH
from tests.sixth_game import sixth_registered

ROOT = Path(__file__).resolve().parent.parent
#: Every game the tests below check: the package's, and the sixth game of the tests.
CHECKED = (*GAME_ORDER, SIXTH)


@pytest.fixture(autouse=True)
def sixth():
    """The sixth game registered for each test here (and only here)."""
    with sixth_registered() as spec:
        yield spec


def catalog_gaps(game_id: str, key: str) -> list[str]:
    """What the catalog lacks of *key*: the key itself, or one of its two languages."""
    if key not in CATALOG:
        return [f"game {game_id!r}: no catalog key {key} (in English and in Japanese)"]
    english, japanese = CATALOG[key]
    return [
        f"game {game_id!r}: catalog key {key} has no {language} text"
        for language, text in (("English", english), ("Japanese", japanese))
        if not text.strip()
    ]


def report(problems: list[str]) -> None:
    """Fail with every problem on a line of its own (pytest shortens a list it compares)."""
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def screen_of(spec: GameSpec) -> tuple[type[Any] | None, list[str]]:
    """The table screen *spec* names, or why there is none."""
    from scorekeeper.ui.screens.table import TableScreen

    module, colon, name = spec.screen.partition(":")
    if not colon or not name:
        return None, [f"game {spec.id!r} has no table screen: {spec.screen!r} is no 'module:Class'"]
    try:
        found = getattr(import_module(module), name, None)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        return None, [f"game {spec.id!r} has no table screen: no module {module}"]
    except Exception as error:  # a key's label not in the catalog fails as the class is made
        return None, [f"game {spec.id!r}: its table screen {spec.screen} fails: {error!r}"]
    if found is None:
        return None, [f"game {spec.id!r} has no table screen: no {name} in {module}"]
    if not (isinstance(found, type) and issubclass(found, TableScreen)):
        return None, [f"game {spec.id!r} has no table screen: {spec.screen} is no TableScreen"]
    if spec.id != found.GAME_ID:
        return None, [
            f"game {spec.id!r} has no table screen: {spec.screen} is the table of {found.GAME_ID!r}"
        ]
    return found, []


# -- the registry itself -----------------------------------------------------------------
def test_the_registry_holds_the_games_in_the_order_they_are_offered():
    specs = game_specs()
    assert tuple(spec.id for spec in specs) == CHECKED  # a game registered later too
    assert [game.id for game in all_games()] == list(CHECKED)
    assert GAME_ORDER[:4] == ("indian-official", "indian-chips", "indian-lowest", "pochen")
    orders = [spec.order for spec in specs]
    assert len(set(orders)) == len(orders), f"two games are offered at one place: {orders}"


def test_every_game_class_in_the_games_package_is_registered():
    """A game module that defines its game but never registers it is no game at all."""
    import scorekeeper.core.games as package

    registered = {type(spec.game) for spec in game_specs()}
    unregistered = [
        f"{info.name}.{cls.__name__} is a game that is not registered (register(GameSpec(...)))"
        for info in pkgutil.iter_modules(package.__path__)
        for cls in vars(import_module(f"{package.__name__}.{info.name}")).values()
        if isinstance(cls, type)
        and issubclass(cls, Game)
        and not inspect.isabstract(cls)
        and cls.__module__ == f"{package.__name__}.{info.name}"
        and cls not in registered
    ]
    report(unregistered)


def test_the_snapshot_codec_keeps_the_common_types_and_every_games_own():
    expected = {cls.__name__ for cls in state_codec.COMMON_TYPES}
    expected |= {cls.__name__ for spec in game_specs() for cls in spec.state_types}
    assert set(state_codec.known_types()) == expected


# -- each registered game, everything it needs -------------------------------------------
@pytest.mark.parametrize("game_id", CHECKED)
def test_a_game_has_its_table_screen(game_id):
    _, problems = screen_of(game_spec(game_id))
    report(problems)


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_game_is_worded_in_the_catalog_in_both_languages(game_id):
    """Its name and short name (ui/game_names.py finds them by the id, without the rules),
    and the help, name and label of each of its options."""
    game = game_spec(game_id).game
    problems = []
    if game.name_key != f"game.{game_id}":
        problems.append(f"game {game_id!r}: its name_key is not game.{game_id}")
    keys = [f"game.{game_id}", f"game.{game_id}.short"]
    for option in game.options:  # the new-session form labels each option
        keys += [option.help_key, f"option.named.{option.key}", f"option.label.{option.key}"]
    for key in keys:
        problems += catalog_gaps(game_id, key)
    report(problems)


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_games_entry_keys_have_its_own_help_in_both_languages(game_id):
    """Each key of its table has help of its own, ``ui.help.<game>.<meaning>``: no game's
    help says another game's rule ('reveal' in one game saying the lowest card loses),
    and each of its round verbs has a key."""
    screen, problems = screen_of(game_spec(game_id))
    if screen is None:
        pytest.skip("no table screen (test_a_game_has_its_table_screen)")
    game = game_spec(game_id).game
    for action in screen.GAME_ACTIONS:
        if not action.help_key.startswith(f"ui.help.{game_id}."):
            problems.append(f"game {game_id!r}: key {action.key} has help {action.help_key}")
        problems += catalog_gaps(game_id, action.help_key)
        problems += catalog_gaps(game_id, action.label_key)  # its button's label
    keyed = {action.kind for action in screen.GAME_ACTIONS}
    problems += [
        f"game {game_id!r}: round verb {kind!r} has no key on its table screen"
        for kind in sorted(game.round_kinds - keyed)
    ]
    report(problems)


def test_no_game_help_is_left_for_a_key_no_table_has():
    """The catalog's per-game help is exactly that of the registered games' keys."""
    screens = [screen_of(spec)[0] for spec in game_specs()]
    wanted = {action.help_key for screen in screens if screen for action in screen.GAME_ACTIONS}
    games = "|".join(map(re.escape, CHECKED))
    per_game = {key for key in CATALOG if re.match(rf"ui\.help\.({games})\.", key)}
    report(
        [
            f"catalog key {key} is the help of no key on its game's table"
            for key in sorted(per_game - wanted)
        ]
    )


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_game_has_its_rules_in_english_and_in_japanese(game_id):
    """The rules its registration names: its ``rules_doc``, and a section of its
    ``rules_doc_ja`` headed with the game's Japanese name that links to it."""
    spec = game_spec(game_id)
    problems = []
    english, japanese = ROOT / spec.rules_doc, ROOT / spec.rules_doc_ja
    if not english.is_file():
        problems.append(f"game {game_id!r} has no rules: no {spec.rules_doc}")
    if not japanese.is_file():
        report([*problems, f"game {game_id!r} has no rules in Japanese: no {spec.rules_doc_ja}"])
    text = japanese.read_text(encoding="utf-8")
    name = CATALOG.get(f"game.{game_id}", ("", ""))[1]
    if not name:
        problems.append(
            f"game {game_id!r}: no section in {spec.rules_doc_ja} (and no Japanese name "
            f"game.{game_id} to head it)"
        )
    elif f"\n## {name}\n" not in text:
        problems.append(f"game {game_id!r}: no section '## {name}' in {spec.rules_doc_ja}")
    link = Path(os.path.relpath(english, japanese.parent)).as_posix()
    if f"]({link})" not in text:
        problems.append(f"game {game_id!r}: {spec.rules_doc_ja} has no link to {link}")
    report(problems)


def _types_in(value: Any, depth: int = 0) -> Iterator[type]:
    """The dataclass types a state holds, at any depth (histories item by item)."""
    if depth > 40:
        return
    if isinstance(value, Chain):
        value = value.to_list()
    if is_dataclass(value) and not isinstance(value, type):
        yield type(value)
        for field in fields(value):
            yield from _types_in(getattr(value, field.name), depth + 1)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _types_in(key, depth + 1)
            yield from _types_in(item, depth + 1)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _types_in(item, depth + 1)


def a_round_started(game: Game) -> Session:
    """A session of *game* with its default options, four players if it can (else as few
    as it takes or as many as it allows), and its first round started."""
    count = min(max(4, game.min_players), game.max_players)
    players = ["A", "B", "C", "D", "E", "F", "G", "H"][:count]
    session = Session(make_header(game.id, players, {}))
    session.record(Entry("round"))
    return session


@pytest.mark.parametrize("game_id", CHECKED)
def test_the_snapshot_codec_keeps_a_games_round(game_id):
    """What a round of the game holds is kept by a snapshot: its types are the game's
    ``state_types`` (or common), and the state reads back the same."""
    spec = game_spec(game_id)
    session = a_round_started(spec.game)
    held = set(_types_in(session.state))
    kept = state_codec.known_types().values()
    missing = sorted(cls.__name__ for cls in held if cls not in kept)
    problems = [
        f"game {game_id!r}: the snapshot codec cannot keep its {name} (not in its state_types)"
        for name in missing
    ]
    if not missing:
        state = session.state
        again = state_codec.decode_state(state_codec.encode_state(state), state.options, game_id)
        if again != state:
            problems.append(f"game {game_id!r}: its state does not read back the same")
    report(problems)


@pytest.mark.parametrize("game_id", CHECKED)
def test_the_property_tests_play_a_game(game_id):
    """Its registration tells the generator (tests/session_gen.py) how to play it: options
    the rules accept, and data for each of its round verbs."""
    samples = game_spec(game_id).samples
    game = game_spec(game_id).game
    make_header(game_id, ["A", "B", "C", "D"], dict(samples.options), stacks=samples.stacks)
    report(
        [
            f"game {game_id!r}: its samples (GameSpec.samples.verbs) make no data for its "
            f"round verb {kind!r}"
            for kind in sorted(game.round_kinds - set(samples.verbs))
        ]
        + [
            f"game {game_id!r}: its samples make data for {kind!r}, which is none of its verbs"
            for kind in sorted(set(samples.verbs) - game.round_kinds)
        ]
    )


@pytest.mark.parametrize("game_id", CHECKED)
def test_the_generator_finishes_rounds_in_most_sessions_of_a_game(game_id):
    """Data of the right shape is not enough if the rules refuse it every time: most of a
    hundred generated sessions (seeded, the same on every run) finish a round, so the
    properties test the game's results, not only its refusals (issue 45: a game whose
    ``show`` was built in another game's shape finished none in 200)."""
    with seeded_strategies():
        finished = sum(
            bool(session_gen.build_session(SeededData(seed), game_id).state.results)
            for seed in range(100)
        )
    assert finished > 50, f"game {game_id!r}: {finished} of 100 generated sessions finish a round"


def _keys_said(key: str, params: Mapping[str, Any]) -> Iterator[str]:
    """A log line's catalog key and those of what it carries (an undo's, a correction's)."""
    yield key
    what = params.get("what")
    if isinstance(what, tuple):
        yield from _keys_said(*what)
    entries = params.get("entries")
    if isinstance(entries, tuple):
        for inner in entries:
            yield from _keys_said(*inner)


@pytest.mark.parametrize("game_id", CHECKED)
def test_what_a_game_says_is_in_the_catalog(game_id):
    """Every log line and round result its rules write in generated sessions is a catalog
    key there, in both languages, and so is every refusal: a missing one is named here
    with the game, not met as a KeyError by whoever reads the timeline or an export."""
    problems: set[str] = set()
    with seeded_strategies():
        for seed in range(30):
            try:
                session = session_gen.build_session(SeededData(seed), game_id)
            except KeyError as error:  # a refusal's key (UserError checks it as it is made)
                problems.add(f"game {game_id!r}: its rules refuse with {error.args[0]}")
                continue
            said = {
                key for i in range(len(session.events)) for key in _keys_said(*session.describe(i))
            }
            said |= {result.how for result in session.state.results}
            for key in said:
                problems.update(catalog_gaps(game_id, key))
    report(sorted(problems))


def test_the_generators_list_of_games_is_the_packages():
    """GAMES (what the property tests are parametrized over) is the registry's at import;
    a game registered later is played by its id (tests/test_sixth_game.py)."""
    assert list(session_gen.GAMES) == list(GAME_ORDER)


# -- the phone and the board: declared by the game, named here when a piece is missing ---
@pytest.mark.parametrize("game_id", GAME_ORDER)
def test_a_games_entries_are_on_the_phone_with_labels_in_both_languages(game_id):
    """Each round entry of the game has a form on the phone (its GameSpec ``phone``), and
    every button the phone can show for the game (its entries, a second way to one, the
    common entries) has its label in both languages: a missing one is named here, never a
    KeyError when the page asks (issue 45: it was found by a Hypothesis counterexample)."""
    from scorekeeper.services.phone import COMMON_FORMS

    spec = game_spec(game_id)
    phone, kinds = spec.phone, spec.game.round_kinds
    problems = [
        f"game {game_id!r}: its round entry {kind!r} has no form on the phone "
        "(GameSpec phone=PhoneForms(forms=...))"
        for kind in sorted(kinds - set(phone.forms))
    ]
    named = set(phone.forms) | set(phone.also) | phone.hands | set(phone.labels)
    problems += [
        f"game {game_id!r}: the phone names {kind!r}, which is no entry of the game"
        for kind in sorted(named - kinds - set(COMMON_FORMS))
    ]
    problems += [
        f"game {game_id!r}: {kind!r} takes hands on the phone, but its form is not cards"
        for kind in sorted(phone.hands)
        if phone.forms.get(kind) != "cards"
    ]
    for kind in sorted(set(phone.forms) | set(COMMON_FORMS)):
        problems += catalog_gaps(game_id, phone.label(kind))
    for other in phone.also.values():
        problems += catalog_gaps(game_id, other.label)
    report(problems)


@pytest.mark.parametrize("game_id", GAME_ORDER)
def test_a_games_board_is_worded_in_both_languages(game_id):
    """A game with a board (``Game.board_view``) names its pools and their notes by catalog
    keys the app's board, the page and the phone's pools all say in both languages."""
    game = game_spec(game_id).game
    session = a_round_started(game)
    board = game.board_view(session.state)
    if board is None:
        return  # a game without a board: nothing to word
    keys = [board.claimed_key, board.carried_key, board.carried_short_key]
    keys += [pool.name for pool in board.pools]
    keys += [line[0] for line in (board.stage, board.pot) if line is not None]
    problems: list[str] = []
    for key in keys:
        problems += catalog_gaps(game_id, key)
    if len({pool.pool for pool in board.pools}) != len(board.pools):
        problems.append(f"game {game_id!r}: its board names a pool twice")
    report(problems)


@pytest.mark.parametrize("game_id", CHECKED)
def test_a_games_proposers_name_its_round_entries_each_one_way(game_id):
    """Who may propose what from their phone (GameSpec ``proposers``, core/proposing.py)
    names only the game's round entries, each "self", "anyone" or "leader": a common entry
    (undo, the end …) is the recorder's alone."""
    spec = game_spec(game_id)
    problems = [
        f"game {game_id!r}: its proposers name {kind!r}, which is no round entry of the game"
        for kind in sorted(set(spec.proposers) - spec.game.round_kinds)
    ]
    problems += [
        f"game {game_id!r}: its proposers say {rule!r} for {kind!r} (self, anyone or leader)"
        for kind, rule in sorted(spec.proposers.items())
        if rule not in ("self", "anyone", "leader")
    ]
    report(problems)


def test_a_game_proposing_a_kind_it_does_not_have_is_named(sixth):
    """The test above names the game and the kind (checked on the sixth game, changed)."""
    from dataclasses import replace

    from scorekeeper.core.game import register

    register(replace(sixth, proposers={**sixth.proposers, "raise": "self"}))
    with pytest.raises(pytest.fail.Exception) as info:  # the fixture registers it back
        test_a_games_proposers_name_its_round_entries_each_one_way(SIXTH)
    assert f"game {SIXTH!r}: its proposers name 'raise', which is no round entry" in str(info.value)
