"""Actions: JSON form, text notation, the codec's errors and the integer action space."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motherlode.engine import Action, ActionCodec, ActionSpace, BadAction, BadOptions, Game
from motherlode.engine.errors import MotherlodeError
from tests.engine.nuggets import GAME, Bid, Challenge


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    TYPE = "move"
    to: int
    via: str | None
    fast: bool
    path: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Tag(Action):
    TYPE = "tag"
    labels: tuple[str, ...]
    note: str


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    TYPE = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    TYPE = "place"
    xy: tuple[int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class Either(Action):
    TYPE = "either"
    value: int | str


@dataclasses.dataclass(frozen=True, slots=True)
class Say(Action):
    TYPE = "say"
    text: str


CODEC = ActionCodec([Move, Tag, Pass, Place, Either, Say])

EXAMPLES: list[Action] = [
    Move(3, None, True, (1, 2)),
    Move(0, "mine", False, ()),
    Move(-4, "north", True, (7,)),
    Tag(("gold", "silver"), "shiny"),
    Tag((), "-"),
    Pass(),
    Place((2, -1)),
    Say("hello"),
]


# ------------------------------------------------------------------ JSON and notation


def test_json_form_is_type_plus_fields_with_tuples_as_lists() -> None:
    action = Move(3, None, True, (1, 2))
    data = action.to_json()
    assert data == {"type": "move", "to": 3, "via": None, "fast": True, "path": [1, 2]}
    assert json.loads(json.dumps(data)) == data
    assert Pass().to_json() == {"type": "pass"}
    assert Tag(("a",), "b").to_json() == {"type": "tag", "labels": ["a"], "note": "b"}


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Move(3, None, True, (1, 2)), "move 3 - yes 1,2"),
        (Move(0, "mine", False, ()), "move 0 mine no ."),
        (Tag(("gold", "silver"), "shiny"), "tag gold,silver shiny"),
        (Tag((), "x"), "tag . x"),
        (Pass(), "pass"),
        (Place((2, -1)), "place 2,-1"),
        (Bid(4), "bid 4"),
        (Challenge(True), "challenge yes"),
        (Challenge(False), "challenge no"),
    ],
)
def test_notation(action: Action, text: str) -> None:
    assert action.notation() == text
    assert str(action) == text


@pytest.mark.parametrize("action", EXAMPLES, ids=str)
def test_every_form_round_trips(action: Action) -> None:
    assert CODEC.from_json(action.to_json()) == action
    assert CODEC.parse(action.to_json()) == action
    assert CODEC.parse(json.dumps(action.to_json())) == action
    assert CODEC.from_text(action.notation()) == action
    assert CODEC.parse("  " + action.notation() + "  ") == action


WORDS = st.text(alphabet="abcxyz019_", min_size=1, max_size=8)
MOVES = st.builds(
    Move,
    st.integers(-(10**12), 10**12),
    st.none() | WORDS,
    st.booleans(),
    st.lists(st.integers(-999, 999), max_size=6).map(tuple),
)
TAGS = st.builds(Tag, st.lists(WORDS, max_size=4).map(tuple), WORDS)


@settings(max_examples=100, deadline=None)
@given(st.one_of(MOVES, TAGS))
def test_round_trips_hold_for_any_value(action: Action) -> None:
    assert CODEC.parse(action.notation()) == action
    assert CODEC.parse(json.dumps(action.to_json())) == action
    names = [f.name for f in dataclasses.fields(action)]
    values = action.notation().split()[1:]
    pairs = [f"{k}={v}" for k, v in zip(names, values, strict=True)]
    named = " ".join([action.TYPE, *reversed(pairs)])
    assert CODEC.parse(named) == action


@pytest.mark.parametrize(
    "text",
    [
        "move to=3 via=- fast=yes path=1,2",
        "move path=1,2 fast=yes via=- to=3",
        "move 3 - fast=yes path=1,2",
        "move 3 - yes path=1,2",
        "move 3 via=- fast=true path=1,2",
        "move 3 - YES 1,2",
        "move 3 - True 1,2",
    ],
)
def test_notation_positional_and_named(text: str) -> None:
    assert CODEC.parse(text) == Move(3, None, True, (1, 2))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("move 1 x no .", Move(1, "x", False, ())),
        ("move 1 x false .", Move(1, "x", False, ())),
        ("move 1 x No path=", Move(1, "x", False, ())),
        ("tag a,b,c note", Tag(("a", "b", "c"), "note")),
        ("tag labels=. note=n", Tag((), "n")),
        ("place xy=10,20", Place((10, 20))),
    ],
)
def test_notation_values(text: str, expected: Action) -> None:
    assert CODEC.parse(text) == expected


def test_actions_are_frozen_hashable_values() -> None:
    a, b = Move(1, None, True, (2,)), Move(1, None, True, (2,))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    bid: Action = Bid(1)
    challenge: Action = Challenge(True)
    assert bid != challenge and hash(bid) == hash(challenge), "equal fields, other classes"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.to = 2  # type: ignore[misc]


def test_game_parse_action_accepts_every_form() -> None:
    assert GAME.parse_action("bid 3") == Bid(3)
    assert GAME.parse_action("bid gold=3") == Bid(3)
    assert GAME.parse_action({"type": "challenge", "accept": True}) == Challenge(True)
    assert GAME.parse_action('{"type": "bid", "gold": 0}') == Bid(0)
    action = Bid(5)
    assert GAME.parse_action(action) is action


# ------------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("fly 3", "unknown action 'fly'; known: move, tag, pass, place, either, say"),
        ("Move 3 - yes .", "unknown action 'Move'"),
        ("move 1 - yes 1 extra", "move takes 4 value(s), got 5"),
        ("pass now", "pass takes 0 value(s), got 1"),
        ("move 1 -", "move: missing fast, path"),
        ("move to=1 3 yes .", "a plain value cannot follow name=value"),
        ("move 1 - yes . speed=3", "move: unknown field 'speed'"),
        ("move 1 - yes . to=2", "move: field 'to' given twice"),
        ("move x - yes .", "field 'to': expected a whole number, got 'x'"),
        ("move - - yes .", "field 'to': expected a whole number, got '-'"),
        ("move 1.5 - yes .", "field 'to': expected a whole number, got '1.5'"),
        ("move 1 - maybe .", "field 'fast': expected yes or no, got 'maybe'"),
        ("move 1 - yes 1,x", "field 'path': expected a whole number, got 'x'"),
        ("either 3", "field 'value': unsupported type"),
    ],
)
def test_bad_text(text: str, message: str) -> None:
    with pytest.raises(BadAction, match=re.escape(message)):
        CODEC.parse(text)


VALID = {"type": "move", "to": 1, "via": None, "fast": False, "path": [1]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "an action must be a JSON object, got list"),
        (42, "an action must be a JSON object, got int"),
        (None, "an action must be a JSON object, got NoneType"),
        ({}, "unknown action type None; known: move, tag"),
        ({"type": "fly"}, "unknown action type 'fly'"),
        ({"type": 3}, "unknown action type 3"),
        ({**VALID, "speed": 2, "colour": "red"}, "move: unknown field(s) colour, speed"),
        ({"type": "move", "to": 1, "fast": True}, "move: missing field(s)"),
        ({**VALID, "to": "1"}, "field 'to': expected a whole number, got '1'"),
        ({**VALID, "to": 1.0}, "field 'to': expected a whole number, got 1.0"),
        ({**VALID, "to": True}, "field 'to': expected a whole number, got True"),
        ({**VALID, "fast": "yes"}, "field 'fast': expected yes or no, got 'yes'"),
        ({**VALID, "fast": 1}, "field 'fast': expected yes or no, got 1"),
        ({**VALID, "via": 5}, "field 'via': expected text, got 5"),
        ({**VALID, "path": "1,2"}, "field 'path': expected a list, got '1,2'"),
        ({**VALID, "path": [1, "2"]}, "field 'path': expected a whole number, got '2'"),
        ({**VALID, "path": None}, "field 'path': expected a list, got None"),
        ({"type": "tag", "labels": [1], "note": "n"}, "field 'labels': expected text, got 1"),
        ({"type": "bid", "gold": 1}, "unknown action type 'bid'"),
    ],
)
def test_bad_json(data: object, message: str) -> None:
    with pytest.raises(BadAction, match=re.escape(message)):
        CODEC.parse(data)


def test_missing_fields_are_named() -> None:
    with pytest.raises(BadAction) as info:
        CODEC.from_json({"type": "move", "to": 1, "fast": True})
    assert "via" in str(info.value) and "path" in str(info.value)
    assert "to" not in str(info.value).split("missing")[1]


@pytest.mark.parametrize("text", ["{nope", '{"type": "bid", "gold": }', "{'type': 'bid'}"])
def test_malformed_json_text(text: str) -> None:
    with pytest.raises(BadAction, match="malformed JSON action"):
        GAME.parse_action(text)


def test_bad_action_is_a_motherlode_error() -> None:
    assert issubclass(BadAction, MotherlodeError)


def test_codec_refuses_two_classes_with_one_type() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class OtherMove(Action):
        TYPE = "move"

    with pytest.raises(ValueError, match="two action classes share the type 'move'"):
        ActionCodec([Move, OtherMove])


def test_fixed_length_tuple_checks_its_length() -> None:
    with pytest.raises(BadAction, match="xy"):
        CODEC.from_json({"type": "place", "xy": [1, 2, 3]})
    with pytest.raises(BadAction, match="xy"):
        CODEC.from_text("place 1")


@pytest.mark.parametrize(
    "action",
    [Say("two words"), Say("k=v"), Say(""), Move(1, "-", True, ()), Tag((".",), "x")],
    ids=repr,
)
def test_notation_round_trips_any_text(action: Action) -> None:
    assert CODEC.parse(action.notation()) == action


# ------------------------------------------------------------------ action space


def test_action_space_numbering() -> None:
    space = GAME.action_space(3)
    assert space.size == 12
    assert space.index(Bid(0)) == 0
    assert space.index(Bid(9)) == 9
    assert space.index(Challenge(False)) == 10
    assert space.index(Challenge(True)) == 11
    for i in range(space.size):
        assert space.index(space.action(i)) == i


def test_action_space_mask() -> None:
    space = GAME.action_space(2)
    mask = space.mask([Bid(0), Bid(2), Challenge(True)])
    assert len(mask) == space.size
    assert [i for i, on in enumerate(mask) if on] == [0, 2, 11]
    assert space.mask([]) == [False] * space.size
    state = GAME.new_state(2, seed=3)
    legal = state.legal_actions(0)
    assert [space.action(i) for i, on in enumerate(space.mask(legal)) if on] == legal


def test_action_space_errors() -> None:
    space = ActionSpace([Bid(0), Bid(1), Challenge(True)])
    with pytest.raises(BadAction, match=re.escape("bid 5 has no index in this game's action")):
        space.index(Bid(5))
    with pytest.raises(BadAction, match="has no index"):
        space.index(Pass())
    with pytest.raises(BadAction, match="has no index"):
        space.mask([Bid(0), Bid(7)])
    for bad in (-1, 3, 100):
        with pytest.raises(BadAction, match=re.escape(f"action index {bad} is outside 0..2")):
            space.action(bad)
    with pytest.raises(ValueError, match="lists the same action twice"):
        ActionSpace([Bid(0), Bid(1), Bid(0)])


def test_game_action_space_checks_players_and_existence() -> None:
    with pytest.raises(BadOptions, match="2-4 players, not 7"):
        GAME.action_space(7)
    with pytest.raises(BadOptions, match="rounds"):
        GAME.action_space(2, {"rounds": 0})
    plain: Game = dataclasses.replace(GAME, id="plain", action_space_factory=None)
    with pytest.raises(MotherlodeError, match="defines no integer action space"):
        plain.action_space(2)
