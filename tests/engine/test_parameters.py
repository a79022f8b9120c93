"""Design numbers as data (engine/parameters.py) and a designer's components folder
(engine/components.py): loading, bounds, unknown keys and files, overrides, records."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import motherlode
from motherlode.engine import BadOptions, GameOptions, GameRecord, option
from motherlode.engine.components import (
    ComponentError,
    designer_folder,
    folder_cached,
    load,
    merge,
)
from motherlode.engine.parameters import Parameters, load_parameters, specs_for
from motherlode.testing import fingerprint, random_step

DATA = Path(__file__).resolve().parent / "parameters_data"


@dataclass(frozen=True)
class Opts(GameOptions):
    """A game whose data folder is ``parameters_data``: four numbers and a card file."""

    component_files = ("cards.toml",)

    rounds: int = option(3, "rounds to play", min=1, max=9)
    components: str = option("", "a designer's folder", web=False)

    @classmethod
    def data_folder(cls) -> Path:
        return DATA

    def cards(self) -> dict[str, Any]:
        return load(DATA, designer_folder(self.components, ("cards.toml",)), "cards.toml")[0]


@dataclass(frozen=True)
class Plain(GameOptions):
    """A game with no parameter file."""

    rounds: int = option(3, "rounds to play", min=1, max=9)


# ------------------------------------------------------------------ loading


def test_loading_the_defaults_as_plain_attributes() -> None:
    p = Opts().parameters
    assert p.start_credits == 10
    assert p.caps == (6, 8, 10, 12)
    assert p.final_dice == ((3,), (3, 2))
    assert p.tax == 0.25
    assert list(p) == ["start_credits", "caps", "final_dice", "tax"]
    assert p.changed() == {}
    specs = Opts.parameter_specs()
    assert [s.kind for s in specs.values()] == ["number", "array", "table", "number"]
    assert specs["start_credits"].allowed() == "a whole number from 0 to 100"
    assert (
        specs["caps"].allowed()
        == "4 numbers, each a whole number from [1, 2, 3, 4] to 50 (entry by entry)"
    )
    assert specs["tax"].allowed() == "a number from 0 to 1"


def test_parameters_are_read_only_and_name_what_exists() -> None:
    p = Opts().parameters
    with pytest.raises(AttributeError, match="read-only"):
        p.start_credits = 12
    with pytest.raises(
        AttributeError, match=r"no parameter 'start_credit' \(did you mean start_credits\?\)"
    ):
        _ = p.start_credit
    assert pickle.loads(pickle.dumps(p)).as_dict() == p.as_dict()


def test_one_parameters_object_per_distinct_set_of_overrides() -> None:
    a = Opts.from_dict({"param.start_credits": "12"})
    b = Opts.from_dict({"param.start_credits": 12})
    assert a == b and a.parameters is b.parameters
    assert Opts().parameters is Opts.from_dict({}).parameters
    assert a.parameters is not Opts().parameters


def test_a_game_without_a_parameter_file_has_none() -> None:
    assert Plain.parameter_specs() == {}
    assert list(Plain().parameters) == []
    with pytest.raises(
        BadOptions, match=r"unknown option param\.x; this game's parameters are: none"
    ):
        Plain.from_dict({"param.x": 1})


def test_every_game_finds_its_parameters_in_its_data_folder() -> None:
    for game_id in motherlode.games():
        game = motherlode.get_game(game_id)
        assert game.options_class.data_folder() == game.folder("data")
    for game_id in ("gonza", "carcassonne", "yukon"):
        described = motherlode.get_game(game_id).options_class.describe_parameters()
        assert described and all(d["name"].startswith("param.") and d["help"] for d in described)


# ------------------------------------------------------------------ options and bounds


@pytest.mark.parametrize(
    ("key", "raw", "value"),
    [
        ("start_credits", "12", 12),
        ("start_credits", 0, 0),
        ("start_credits", 7.0, 7),
        ("caps", "5,6,7,8", (5, 6, 7, 8)),
        ("caps", "[5, 6, 7, 8]", (5, 6, 7, 8)),
        ("caps", [1, 2, 3, 4], (1, 2, 3, 4)),
        ("final_dice", "2;1,1", ((2,), (1, 1))),
        ("final_dice", [[5], [4, 4]], ((5,), (4, 4))),
        ("tax", "0.5", 0.5),
        ("tax", 1, 1.0),
    ],
)
def test_overrides_from_the_command_line_and_json(key: str, raw: Any, value: Any) -> None:
    opts = Opts.from_dict({f"param.{key}": raw})
    assert getattr(opts.parameters, key) == value
    assert opts.parameters.changed() == (
        {} if value == Opts().parameters.as_dict()[key] else {key: value}
    )


@pytest.mark.parametrize(
    ("key", "raw", "message"),
    [
        (
            "start_credits",
            "101",
            r"param\.start_credits: 101 is outside 0 to 100; allowed: a whole number from 0 to 100",
        ),
        ("start_credits", "-1", "outside 0 to 100"),
        (
            "start_credits",
            "ten",
            r"param\.start_credits: expected a whole number from 0 to 100, got 'ten'",
        ),
        ("start_credits", 2.5, "expected a whole number"),
        ("start_credits", True, "expected a whole number"),
        ("caps", "6,8,10", "expected 4 numbers, each a whole number .*, got 3 entries"),
        ("caps", "6,1,10,12", r"param\.caps: entry 2 1 is outside 2 to 50"),
        ("final_dice", "3;3,2,1", r"param\.final_dice: expected rows of 1; 2 numbers"),
        ("final_dice", "3;3,9", "9 is outside 1 to 5"),
        ("tax", "nan", "outside 0 to 1"),
        ("tax", "2", "outside 0 to 1"),
    ],
)
def test_an_override_out_of_bounds_or_of_the_wrong_type_is_refused(
    key: str, raw: Any, message: str
) -> None:
    with pytest.raises(BadOptions, match=message):
        Opts.from_dict({f"param.{key}": raw})


def test_an_unknown_parameter_is_refused_naming_it() -> None:
    with pytest.raises(
        BadOptions, match=r"unknown option param\.start_credit \(did you mean start_credits\?\)"
    ):
        Opts.from_dict({"param.start_credit": 3})
    with pytest.raises(BadOptions, match=r"unknown option\(s\) params"):
        Opts.from_dict({"params": ()})


def test_to_dict_round_trips_the_overrides() -> None:
    opts = Opts.from_dict({"rounds": 4, "param.caps": "2,3,4,5", "param.start_credits": 20})
    data = opts.to_dict()
    assert data == {
        "rounds": 4,
        "components": "",
        "param.caps": [2, 3, 4, 5],
        "param.start_credits": 20,
    }
    assert Opts.from_dict(data) == opts
    assert Opts().to_dict() == {"rounds": 3, "components": ""}
    assert [d["name"] for d in Opts.describe()] == ["rounds", "components"]


def test_a_record_keeps_the_overrides_and_replays_exactly() -> None:
    game = motherlode.get_game("gonza")
    options = {"param.start_credits_others": 4, "param.caps": "5,6,7,8", "param.rerolls": 1}
    state = game.new_state(3, 11, options)
    rng = random.Random(11)
    for _ in range(60):
        if state.is_over():
            break
        random_step(state, rng)
    record = GameRecord.from_json(state.record().dumps())
    assert record.options["param.caps"] == [5, 6, 7, 8]
    again = motherlode.replay(record)
    assert again.options == state.options
    assert again.params.caps == (5, 6, 7, 8)  # type: ignore[attr-defined]
    assert fingerprint(again) == fingerprint(state)


# ------------------------------------------------------------------ the parameter file


def _spec_file(tmp_path: Path, text: str) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    (data / "parameters.toml").write_text(text)
    return data


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[x]\nvalue = 1\nmin = 0\nmax = 2\n", r"\[x\]: missing help"),
        ("[x]\nvalue = 1\nmin = 0\nmax = 2\nhelp = 'h'\nstep = 1\n", "unknown key 'step'"),
        (
            "[x]\nvalue = 5\nmin = 0\nmax = 2\nhelp = 'h'\n",
            r"5 is outside 0 to 2.*\(the default itself\)",
        ),
        ("[x]\nvalue = 'a'\nmin = 0\nmax = 2\nhelp = 'h'\n", "value must be a number"),
        ("[x]\nvalue = [1, 2]\nmin = [0]\nmax = 2\nhelp = 'h'\n", "one number per entry"),
        ("[Bad]\nvalue = 1\nmin = 0\nmax = 2\nhelp = 'h'\n", "lowercase letters"),
        ("[changed]\nvalue = 1\nmin = 0\nmax = 2\nhelp = 'h'\n", "not a method name"),
    ],
)
def test_a_faulty_parameter_file_is_refused_with_the_reason(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(ComponentError, match=message):
        specs_for(_spec_file(tmp_path, text))


# ------------------------------------------------------------------ a designer's folder


def test_a_designers_parameters_file_holds_only_what_changes(tmp_path: Path) -> None:
    (tmp_path / "parameters.toml").write_text(
        "start_credits = 30\n[caps]\nvalue = [9, 9, 9, 9]\nmin = [1, 2, 3, 4]\nmax = 50\n"
    )
    opts = Opts.from_dict({"components": str(tmp_path)})
    assert opts.parameters.changed() == {"start_credits": 30, "caps": (9, 9, 9, 9)}
    assert opts.parameters.tax == 0.25
    # an option names the last word
    both = Opts.from_dict({"components": str(tmp_path), "param.start_credits": 40})
    assert both.parameters.start_credits == 40 and both.parameters.caps == (9, 9, 9, 9)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "start_credit = 3\n",
            r"parameters\.toml: unknown parameter 'start_credit' \(did you mean start_credits\?\)",
        ),
        ("start_credits = 300\n", r"parameters\.toml: start_credits: 300 is outside 0 to 100"),
        ("start_credits = 'many'\n", "start_credits: expected a whole number"),
        ("[tax]\nvalue = 0.5\nmax = 2\n", r"tax: max is the game's \(1\); change only the value"),
        ("[tax]\nmin = 0\n", "a table here needs its value"),
    ],
)
def test_a_designers_parameters_file_is_checked(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "parameters.toml").write_text(text)
    with pytest.raises(BadOptions, match="option components: .*" + message):
        Opts.from_dict({"components": str(tmp_path)})


def test_a_designers_component_file_overrides_key_by_key(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text("dice = 6\n[market]\nsize = 4\n")
    cards = Opts.from_dict({"components": str(tmp_path)}).cards()
    assert cards["dice"] == 6 and cards["market"] == {"open": True, "size": 4}
    assert cards["name"] == "test deck" and len(cards["card"]) == 2
    (tmp_path / ".DS_Store").write_text("hidden entries are ignored")
    (tmp_path / "cards.toml").write_text("[[card]]\nid = 'gamma'\nprice = 1\ntags = []\n")
    assert [c["id"] for c in Opts.from_dict({"components": str(tmp_path)}).cards()["card"]] == [
        "gamma"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "dise = 6\n",
            r"cards\.toml: unknown key 'dise' \(did you mean dice\?\); "
            "the keys here are card, dice, faces, market, name",
        ),
        ("dice = '6'\n", r"cards\.toml: 'dice' must be a whole number \(as built in\), got '6'"),
        ("dice = 6.5\n", "'dice' must be a whole number"),
        ("faces = ['up', 3]\n", r"'faces', entry 2 must be text"),
        ("market = 3\n", "'market' must be a table"),
        ("[market]\nopen = 1\n", r"\[market\]: 'open' must be true or false"),
        ("[market]\nshape = 'round'\n", r"\[market\]: unknown key 'shape'"),
        (
            "[[card]]\nid = 'x'\ncost = 3\n",
            r"'card', entry 1: unknown key 'cost'; an entry's keys are id, price, tags",
        ),
        (
            "[[card]]\nid = 'x'\nprice = 'three'\n",
            r"'card', entry 1, 'price' must be a whole number",
        ),
        ("card = [1, 2]\n", r"'card', entry 1 must be a table"),
        ("dice = [\n", "not valid TOML"),
    ],
)
def test_an_unknown_key_or_a_wrong_type_is_refused_naming_file_and_key(
    tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "cards.toml").write_text(text)
    with pytest.raises(ComponentError, match=message):
        Opts.from_dict({"components": str(tmp_path)}).cards()


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Cards.toml").write_text("dice = 6\n")
    with pytest.raises(
        BadOptions,
        match=r"Cards\.toml: unknown file in the components folder \(did you mean cards\.toml\?\); "
        r"a components folder holds only cards\.toml, parameters\.toml",
    ):
        Opts.from_dict({"components": str(tmp_path)})
    (tmp_path / "Cards.toml").unlink()
    (tmp_path / "notes").mkdir()
    with pytest.raises(BadOptions, match="notes: unknown file"):
        Opts.from_dict({"components": str(tmp_path)})


def test_a_file_or_a_missing_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "cards.toml").write_text("dice = 6\n")
    with pytest.raises(
        BadOptions,
        match=r"cards\.toml is a file, but components names a folder: put the file in a folder",
    ):
        Opts.from_dict({"components": str(tmp_path / "cards.toml")})
    with pytest.raises(BadOptions, match="does not exist"):
        Opts.from_dict({"components": str(tmp_path / "nowhere")})


def test_a_key_that_became_a_design_number_says_where_it_went() -> None:
    with pytest.raises(ComponentError, match=r"start_credits must be set in parameters\.toml"):
        merge({"name": "x"}, {"start_credits": 3}, "cards.toml", {"start_credits"})


def test_a_folder_is_read_again_once_edited(tmp_path: Path) -> None:
    calls = []

    def read(folder: str) -> int:
        calls.append(folder)
        return int((Path(folder) / "cards.toml").read_text().split("=")[1])

    cached = folder_cached(read)
    (tmp_path / "cards.toml").write_text("dice = 4\n")
    assert cached(str(tmp_path)) == 4 and cached(str(tmp_path)) == 4
    assert len(calls) == 1
    (tmp_path / "cards.toml").write_text("dice = 10\n")
    assert cached(str(tmp_path)) == 10
    assert len(calls) == 2


def test_parameters_load_with_the_folder_and_the_overrides() -> None:
    p = load_parameters(DATA, "", (("tax", 0.5),))
    assert isinstance(p, Parameters)
    assert p.tax == 0.5 and p.start_credits == 10
    assert p is load_parameters(DATA, "", (("tax", 0.5),))
