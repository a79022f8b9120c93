"""A designer's components folder: design numbers (parameters.toml) and components (a boss
card, the resource pool) changed together, each file holding only what changes, all seen in
play; an unknown file or key, a wrong type and numbers that do not fit the cards refused by
name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from motherlode import BadOptions
from motherlode.games.goodwill import results
from motherlode.games.goodwill.actions import Propose
from motherlode.games.goodwill.components import AMBER, DATA
from motherlode.games.goodwill.options import GoodwillOptions
from motherlode.games.goodwill.rules import GoodwillState
from tests.games.goodwill.helpers import GAME, money, new


def _designer(folder: Path) -> Path:
    """Other starting money, and Arthur (salary 15) renamed Zelda with a salary of 40."""
    (folder / "parameters.toml").write_text("start_cash = 150\nstart_capital = [120, 90, 90]\n")
    bosses = (DATA / "bosses.toml").read_text()
    arthur = 'name = "Arthur"\nsalary = 15\n'
    assert arthur in bosses
    (folder / "bosses.toml").write_text(bosses.replace(arthur, 'name = "Zelda"\nsalary = 40\n'))
    return folder


def test_money_and_a_boss_card_from_a_designers_folder(tmp_path: Path) -> None:
    state = new(4, 3, components=str(_designer(tmp_path)))
    assert state.cash == [150] * 4
    assert state.capital == [120, 90, 90]
    zelda = state.comp.boss_named("Zelda")
    assert zelda is not None and state.comp.boss_named("Arthur") is None
    assert state.comp.bosses[zelda].salary == 40
    # Zelda runs Amber: her salary is paid at the end of the year
    if zelda in state.available:
        state.available.remove(zelda)
    elif zelda in state.boss_deck:
        state.boss_deck.remove(zelda)
        state.boss_deck_unknown = min(state.boss_deck_unknown, len(state.boss_deck))
    elif state.boss[AMBER] != zelda:
        state.boss[state.boss.index(zelda)] = state.boss[AMBER]
    state.boss[AMBER] = zelda
    amber = state.observe(0)["companies"][AMBER]
    assert amber["boss"]["name"] == "Zelda" and amber["boss"]["salary"] == 40
    assert results.salary(state, AMBER) == 40
    expected = state.market[AMBER] - results.resource_cost(state, AMBER) - 40
    state.information = ()  # no events this year: only the result moves the capital
    results.year_results(state)
    assert state.capital[AMBER] == 120 + expected


def test_a_whole_game_with_the_folder_keeps_its_money(tmp_path: Path) -> None:
    folder = _designer(tmp_path)
    state = new(5, 7, components=str(folder))
    total = money(state)
    assert total == 5 * 150 + 300
    rng = random.Random(7)
    proposed: set[str] = set()
    while not state.is_over():
        seat = rng.choice(state.pending())
        legal = state.legal_actions(seat)
        proposed.update(a.boss for a in legal if isinstance(a, Propose))
        state.apply(seat, rng.choice(legal))
        assert money(state) == total
    assert "Arthur" not in proposed
    space = GAME.action_space(5, {"components": str(folder)})
    zelda = space.index(Propose("Zelda"))
    assert space.action(zelda) == Propose("Zelda")


def test_a_components_file_overrides_only_the_keys_it_holds(tmp_path: Path) -> None:
    (tmp_path / "board.toml").write_text("[resources]\npool = [9, 0, 0]\n")
    state = new(3, 1, components=str(tmp_path))
    assert state.resources == [[3, 0, 0]] * 3  # only oil in the box
    assert state.comp.resources == ("oil", "coal", "workers")  # the rest is the packaged file
    assert state.comp.percentages == tuple(range(5, 101, 5))


def test_options_override_the_folder_and_the_round_trip_keeps_both(tmp_path: Path) -> None:
    (tmp_path / "parameters.toml").write_text("start_cash = 150\n")
    options = {"components": str(tmp_path), "param.start_cash": "80", "param.last_year": 1955}
    state = new(3, 2, **options)
    assert state.cash == [80] * 3
    assert state.options.years == 3 and state.observe(0)["last_year"] == 1955
    assert GAME.options(state.options.to_dict()) == state.options
    assert "components" not in GAME.options().to_dict()  # the rulebook's game: as before


def test_the_rulebooks_numbers_are_the_defaults() -> None:
    p = GoodwillOptions().parameters
    assert p.start_capital == (110, 100, 100) and p.start_market == (30, 35, 35)
    assert (p.start_cash, p.start_price, p.price_min, p.price_max) == (100, 10, 0, 25)
    assert p.vote_threshold == (6, 5, 6, 6) and p.crimson_removed == (0, 2, 0, 0)
    assert (p.information_pairs, p.last_year, p.dividend_floor) == (4, 1957, 5)
    assert p.changed() == {}


def test_the_components_option_is_for_the_terminal_only() -> None:
    assert GoodwillOptions.terminal_only() == {"components": ""}


def test_a_designers_numbers_play_through_the_direct_encoder(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from tests.rl.test_direct import _check_game, _direct

    (tmp_path / "parameters.toml").write_text(
        "information_pairs = 5\nshares_per_company = 12\ntransactions_per_company = 3\n"
    )
    (tmp_path / "board.toml").write_text(
        "[information]\nvisible = [[0, 4], [1, 2], [2, 3], [3, 0], [4, 1], [1, 2]]\n"
    )
    options = {"components": str(tmp_path), "dividends": True}
    fast = _direct("goodwill", 4, options)
    for seed in range(2):
        states = _check_game("goodwill", 4, seed, fast, options)
        assert isinstance(states[0], GoodwillState)
        assert len(states[0].information) == 5 and states[0].in_play == (12, 12, 10)


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Bosses.toml").write_text("")
    with pytest.raises(
        BadOptions, match=r"Bosses\.toml: unknown file .*\(did you mean bosses\.toml\?\)"
    ):
        new(3, 1, components=str(tmp_path))


def test_a_file_given_for_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bosses.toml").write_text("")
    with pytest.raises(BadOptions, match="is a file, but components names a folder"):
        new(3, 1, components=str(tmp_path / "bosses.toml"))


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("parameters.toml", "start_money = 3\n", r"unknown parameter 'start_money'"),
        ("parameters.toml", "start_cash = 5000\n", "start_cash: 5000 is outside 0 to 1000"),
        ("parameters.toml", "vote_threshold = [6, 5]\n", "vote_threshold: expected 4 numbers"),
        ("board.toml", "[resources]\npol = [4, 4, 4]\n", r"board\.toml.*unknown key 'pol'"),
        ("board.toml", "[resources]\npool = 'many'\n", "'pool' must be an array"),
        ("bosses.toml", "[[boss]]\nname = 'Zed'\nsalery = 3\n", "unknown key 'salery'"),
        ("bosses.toml", "[[boss]]\nname = 'Zed'\nsalary = 'high'\n", "'salary' must be a whole"),
        (
            "events.toml",
            "[[card]]\nleft = { kind = 'tax', level = 'x' }\n",
            r"'left'\.level must be a whole",
        ),
        ("events.toml", "decks = 2\n", r"events\.toml: unknown key 'decks'"),
    ],
)
def test_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(BadOptions, match=message) as caught:
        new(3, 1, components=str(tmp_path))
    assert name in str(caught.value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"param.start_market": "30,30,30"}, r"param\.start_market: \[30, 30, 30\] must be"),
        ({"param.start_price": 30}, r"param\.start_price: \$30 is off the price scale"),
        ({"param.available_bosses": 10}, r"13 bosses are needed .* bosses\.toml has 12"),
        ({"param.vote_threshold": "6,11,6,6"}, "11 at 4 players is more votes than shares"),
        ({"param.crimson_removed": "0,10,0,0"}, "10 at 4 players leaves no Crimson share"),
        ({"param.information_pairs": 3}, "'visible' names space 3, but there are 3"),
        ({"param.start_resources": 5}, "draw 15 resource tokens, but .* pool holds 12"),
        ({"param.last_year": 1952}, "option start_year: 1953 is after the last year"),
    ],
)
def test_numbers_are_checked_against_each_other_and_the_components(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, options)
