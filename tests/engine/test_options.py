"""Typed game options (coercion, limits, clear errors) and Game.new_state's validation."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.options import parse_option_pairs
from tests.engine.nuggets import GAME, NuggetOptions


@dataclasses.dataclass(frozen=True)
class Opts(GameOptions):
    rounds: int = option(5, "rounds to play", min=1, max=8)
    fast: bool = option(False, "fast play")
    speed: float = option(1.0, "speed factor", min=0.5, max=2.0)
    board: str = option(
        "standard",
        "which board",
        choices=("standard", "big"),
        title="Board",
        sentence="The map you play on.",
        labels={"big": "Big: for 5 or more"},
    )
    seats: int = option(4, "table size", choices=(2, 4), advanced=True)
    path: str = option("", "a file to read", web=False)

    def validate(self) -> None:
        if self.fast and self.rounds > 6:
            raise BadOptions("fast play is for at most 6 rounds")


@dataclasses.dataclass(frozen=True)
class Odd(GameOptions):
    when: tuple[int, ...] = option((), "an unsupported type")


def test_defaults() -> None:
    assert Opts.from_dict() == Opts()
    assert Opts.from_dict(None) == Opts()
    assert Opts.from_dict({}).to_dict() == {
        "rounds": 5,
        "fast": False,
        "speed": 1.0,
        "board": "standard",
        "seats": 4,
        "path": "",
    }
    assert GAME.options().to_dict() == {"rounds": 5, "start_gold": 6, "challenges": True}


@pytest.mark.parametrize(
    ("name", "raw", "value"),
    [
        ("fast", "true", True),
        ("fast", "Yes", True),
        ("fast", "on", True),
        ("fast", "1", True),
        ("fast", "false", False),
        ("fast", "NO", False),
        ("fast", "off", False),
        ("fast", "0", False),
        ("fast", True, True),
        ("rounds", "3", 3),
        ("rounds", " 7 ", 7),
        ("rounds", 2, 2),
        ("speed", "1.5", 1.5),
        ("speed", "2", 2.0),
        ("speed", 1, 1.0),
        ("speed", 0.75, 0.75),
        ("board", "big", "big"),
        ("seats", "2", 2),
    ],
)
def test_coercion(name: str, raw: Any, value: Any) -> None:
    opts = Opts.from_dict({name: raw})
    got = getattr(opts, name)
    assert got == value and type(got) is type(value)


def test_unknown_options_are_named_with_the_known_ones() -> None:
    msg = "unknown option(s) colour, roundz; this game has: rounds, fast, speed, board, seats"
    with pytest.raises(BadOptions, match=re.escape(msg)):
        Opts.from_dict({"roundz": 3, "colour": "red"})


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        ("rounds", "three", "option rounds: expected a whole number, got 'three'"),
        ("rounds", "2.5", "option rounds: expected a whole number, got '2.5'"),
        ("rounds", 2.5, "option rounds: expected a whole number, got 2.5"),
        ("rounds", True, "option rounds: expected a whole number, got True"),
        ("rounds", None, "option rounds: expected a whole number, got None"),
        ("rounds", "", "option rounds: expected a whole number, got ''"),
        ("rounds", "-", "option rounds: expected a whole number, got '-'"),
        ("fast", "maybe", "option fast: expected true or false, got 'maybe'"),
        ("fast", 1, "option fast: expected true or false, got 1"),
        ("speed", "fast", "option speed: expected a number, got 'fast'"),
        ("speed", True, "option speed: expected a number, got True"),
        ("speed", None, "option speed: expected a number, got None"),
        ("board", 3, "option board: expected text, got 3"),
        ("rounds", 0, "option rounds: 0 is below the minimum 1"),
        ("rounds", "-2", "option rounds: -2 is below the minimum 1"),
        ("rounds", "9", "option rounds: 9 is above the maximum 8"),
        ("speed", "0.1", "option speed: 0.1 is below the minimum 0.5"),
        ("speed", 2.5, "option speed: 2.5 is above the maximum 2.0"),
        ("board", "huge", "option board: 'huge' is not one of standard, big"),
        ("seats", "3", "option seats: 3 is not one of 2, 4"),
    ],
)
def test_bad_values_name_the_option(name: str, raw: Any, message: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(message)):
        Opts.from_dict({name: raw})


def test_unsupported_option_type() -> None:
    with pytest.raises(BadOptions, match="option when: unsupported type"):
        Odd.from_dict({"when": [1]})


def test_cross_option_validation() -> None:
    assert Opts.from_dict({"fast": "yes", "rounds": "6"}).rounds == 6
    with pytest.raises(BadOptions, match="fast play is for at most 6 rounds"):
        Opts.from_dict({"fast": "yes", "rounds": "8"})


def test_nugget_options_from_command_line_strings() -> None:
    opts = GAME.options({"rounds": "3", "challenges": "no", "start_gold": "9"})
    assert opts == NuggetOptions(rounds=3, start_gold=9, challenges=False)
    with pytest.raises(BadOptions, match="option start_gold: 10 is above the maximum 9"):
        GAME.options({"start_gold": "10"})


BASIC = ("name", "type", "default", "help", "min", "max", "choices")


def test_describe() -> None:
    assert [{k: o[k] for k in BASIC} for o in Opts.describe()] == [
        {
            "name": "rounds",
            "type": "int",
            "default": 5,
            "help": "rounds to play",
            "min": 1,
            "max": 8,
            "choices": None,
        },
        {
            "name": "fast",
            "type": "bool",
            "default": False,
            "help": "fast play",
            "min": None,
            "max": None,
            "choices": None,
        },
        {
            "name": "speed",
            "type": "float",
            "default": 1.0,
            "help": "speed factor",
            "min": 0.5,
            "max": 2.0,
            "choices": None,
        },
        {
            "name": "board",
            "type": "str",
            "default": "standard",
            "help": "which board",
            "min": None,
            "max": None,
            "choices": ["standard", "big"],
        },
        {
            "name": "seats",
            "type": "int",
            "default": 4,
            "help": "table size",
            "min": None,
            "max": None,
            "choices": [2, 4],
        },
        {
            "name": "path",
            "type": "str",
            "default": "",
            "help": "a file to read",
            "min": None,
            "max": None,
            "choices": None,
        },
    ]
    assert [o["name"] for o in GAME.options_class.describe()] == [
        "rounds",
        "start_gold",
        "challenges",
    ]


def test_describe_in_players_words() -> None:
    """The lobby's words: a title (else the name in words), a sentence (else the help),
    a choice's label, the advanced fold and the options web tables leave out."""
    rows = {o["name"]: o for o in Opts.describe()}
    assert rows["board"]["title"] == "Board" and rows["board"]["sentence"] == "The map you play on."
    assert rows["board"]["labels"] == {"big": "Big: for 5 or more"}
    assert rows["rounds"]["title"] == "Rounds" and rows["rounds"]["sentence"] == "rounds to play"
    assert rows["rounds"]["labels"] is None
    assert [n for n, o in rows.items() if o["advanced"]] == ["seats"]
    assert [n for n, o in rows.items() if not o["web"]] == ["path"]
    assert Opts.terminal_only() == {"path": ""}


def test_parse_option_pairs() -> None:
    pairs = ["rounds=3", "start-gold=4", " challenges = yes ", "note=a=b", "empty="]
    assert parse_option_pairs(pairs) == {
        "rounds": "3",
        "start_gold": "4",
        "challenges": "yes",
        "note": "a=b",
        "empty": "",
    }
    assert parse_option_pairs([]) == {}
    parsed = parse_option_pairs(["rounds=3", "start-gold=4", "challenges=off"])
    assert GAME.options(parsed) == NuggetOptions(rounds=3, start_gold=4, challenges=False)


@pytest.mark.parametrize("pair", ["rounds", "=3", " =3", ""])
def test_parse_option_pairs_errors(pair: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(f"options are written key=value, got {pair!r}")):
        parse_option_pairs(["rounds=1", pair])


@pytest.mark.parametrize("raw", ["--3", "²"])
def test_odd_number_text_is_bad_options(raw: str) -> None:
    with pytest.raises(BadOptions, match="option rounds"):
        Opts.from_dict({"rounds": raw})


def test_nan_is_refused() -> None:
    with pytest.raises(BadOptions, match="option speed"):
        Opts.from_dict({"speed": "nan"})


def test_infinity_is_out_of_range() -> None:
    with pytest.raises(BadOptions, match=re.escape("option speed: inf is above the maximum 2.0")):
        Opts.from_dict({"speed": "inf"})


# --------------------------------------------------------------- Game.new_state


def test_new_state_defaults() -> None:
    state = GAME.new_state()
    assert state.num_players == GAME.min_players == 2
    assert isinstance(state.seed, int) and not isinstance(state.seed, bool)
    assert state.options == NuggetOptions()
    seeds = {GAME.new_state().seed for _ in range(3)}
    assert len(seeds) == 3, "no seed: a fresh random one each time"
    assert GAME.new_state(4, 7).num_players == 4


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "Sealed Nuggets (test fixture) is for 2-4 players, not 1"),
        (5, "Sealed Nuggets (test fixture) is for 2-4 players, not 5"),
        (0, "is for 2-4 players, not 0"),
        ("3", "the number of players must be a whole number, got '3'"),
        (True, "the number of players must be a whole number, got True"),
        (2.0, "the number of players must be a whole number, got 2.0"),
    ],
)
def test_new_state_player_count(players: Any, message: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(message)):
        GAME.new_state(players, 1)


@pytest.mark.parametrize("seed", ["7", True, 1.5, [1]])
def test_new_state_seed_must_be_an_integer(seed: Any) -> None:
    with pytest.raises(BadOptions, match=re.escape(f"a seed is a whole number, got {seed!r}")):
        GAME.new_state(2, seed)


def test_new_state_options() -> None:
    assert GAME.new_state(2, 1, {"rounds": "2"}).options == NuggetOptions(rounds=2)
    given = NuggetOptions(rounds=3)
    assert GAME.new_state(2, 1, given).options == given
    with pytest.raises(BadOptions, match="option rounds: 0 is below the minimum 1"):
        GAME.new_state(2, 1, {"rounds": 0})
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new_state(2, 1, {"round": 3})
    with pytest.raises(BadOptions, match=re.escape("options of another game given to Sealed")):
        GAME.new_state(2, 1, Opts())


def test_same_seed_same_setup() -> None:
    a, b = GAME.new_state(3, 42), GAME.new_state(3, 42)
    assert [a.observe(s) for s in range(3)] == [b.observe(s) for s in range(3)]
    assert a.seed == 42


def test_options_object_is_checked_like_a_dict() -> None:
    with pytest.raises(BadOptions, match="option rounds: 100 is above the maximum 8"):
        GAME.new_state(2, 1, NuggetOptions(rounds=100))
