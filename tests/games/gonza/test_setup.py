"""SETUP and the options: the table before the first turn."""

from pathlib import Path

import pytest

from motherlode import BadOptions
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.tables import TURN
from tests.games.gonza.helpers import GAME


def fresh(players: int = 4, seed: int = 3, **options: object) -> GonzaState:
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GonzaState)
    return state


def test_setup_1_six_corporations_face_up_on_their_white_start_spaces() -> None:
    state = fresh()
    comp = state.comp
    assert len(state.corps) == 6
    assert [state.pos[c] for c in range(6)] == [corp.start for corp in state.corps]
    assert len(state.corp_deck) == 6
    assert sorted([c.id for c in state.corps] + state.corp_deck) == sorted(
        c.id for c in comp.corporations
    )
    assert state.total == [0] * 6


def test_setup_1_the_market_is_shuffled_from_the_seed() -> None:
    markets = {tuple(c.id for c in fresh(seed=s).corps) for s in range(10)}
    assert len(markets) > 1
    assert tuple(c.id for c in fresh(seed=4).corps) == tuple(c.id for c in fresh(seed=4).corps)


def test_setup_2_each_colour_has_its_credits_in_the_general_supply() -> None:
    state = fresh(players=5, first_player=3)
    assert state.supply == [18, 18, 19, 18, 18]
    assert state.personal == [2, 2, 1, 2, 2]


@pytest.mark.parametrize("cards", [3, 4, 5, 6])
def test_setup_3_event_deck_of_chosen_size_the_rest_in_the_box(cards: int) -> None:
    state = fresh(event_cards=cards)
    assert len(state.event_deck) == cards
    assert len(state.event_box) == 11 - cards
    assert state.tokens == 0
    assert state.events_done == []


def test_setup_3_event_cards_default_to_four() -> None:
    assert len(fresh().event_deck) == 4


@pytest.mark.parametrize("cards", [2, 7, "many"])
def test_setup_3_event_cards_outside_three_to_six_are_refused(cards: object) -> None:
    with pytest.raises(BadOptions, match="event_cards"):
        GAME.new_state(4, 1, {"event_cards": cards})


def test_setup_4_four_broker_cards_face_up_the_rest_a_hidden_deck() -> None:
    state = fresh()
    assert len(state.face_up) == 4
    assert len(state.broker_deck) == 10
    assert state.deck_hidden == 10
    assert all(h == [] for h in state.hands)


def test_setup_first_player_takes_one_credit_the_others_two() -> None:
    state = fresh(players=3, first_player=2)
    assert state.first == 1 and state.active == 1
    assert state.personal == [2, 1, 2]
    assert state.phase == TURN and state.pending() == (1,)
    assert len(state.dice) == 5


def test_setup_first_player_chosen_randomly_by_default() -> None:
    firsts = {fresh(players=4, seed=s).first for s in range(20)}
    assert firsts == {0, 1, 2, 3}


def test_setup_first_player_beyond_the_table_is_refused() -> None:
    with pytest.raises(BadOptions, match="first_player"):
        GAME.new_state(2, 1, {"first_player": 3})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "not a player number"),
        ("6", "not a player number"),
        ("two", "not a player number"),
        ("2,2", "listed twice"),
    ],
)
def test_minister_option_is_validated(text: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, {"minister": text})


def test_minister_option_cannot_name_a_player_beyond_the_table() -> None:
    with pytest.raises(BadOptions, match="only 3 players"):
        GAME.new_state(3, 1, {"minister": "4"})


def test_minister_option_accepts_spaces_and_any_order() -> None:
    state = fresh(players=4, minister="4, 2")
    assert state.ai == (False, True, False, True)


def test_minister_rolls_option_is_bounded() -> None:
    with pytest.raises(BadOptions, match="minister_rolls"):
        GAME.new_state(3, 1, {"minister_rolls": 0})


def test_unknown_option_is_refused() -> None:
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.new_state(3, 1, {"rerolls": 3})


def test_components_directory_replaces_packaged_files(tmp_path: Path) -> None:
    (tmp_path / "dice.toml").write_text(
        'yellow_dice = 4\nyellow_faces = ["earn"]\nblack_faces = ["event"]\n'
        "credits_per_colour = 30\n"
    )
    state = fresh(components=str(tmp_path))
    assert state.supply[state.first] == 29
    assert set(state.dice[:4]) == {2} and state.dice[4] == 5


def test_components_errors_name_the_file_and_entry(tmp_path: Path) -> None:
    (tmp_path / "corporations.toml").write_text(
        '[[corporation]]\nid = "x"\nname = "X"\ntype = "mining"\ntrack = [0, 1]\nstart = 0\n'
    )
    with pytest.raises(BadOptions, match=r"corporations.toml, corporation 1: type 'mining'"):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


def test_components_directory_must_exist() -> None:
    with pytest.raises(BadOptions, match="does not exist"):
        GAME.new_state(3, 1, {"components": "/no/such/place"})


def test_components_broken_toml_is_refused(tmp_path: Path) -> None:
    (tmp_path / "events.toml").write_text("[[event]\n")
    with pytest.raises(BadOptions, match="not valid TOML"):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


def test_packaged_components_match_components_md() -> None:
    comp = fresh().comp
    assert len(comp.corporations) == 12
    for kind in ("financial", "services", "tech", "resource"):
        assert sum(c.type == kind for c in comp.corporations) == 3
    assert all(c.track[0] == 0 for c in comp.corporations)
    assert comp.corporation["hensler"].start_value == 2
    assert len(comp.events) == 11
    assert len(comp.broker_cards) == 14
    effects = {c.effect for c in comp.broker_cards}
    assert {
        "move",
        "hedge",
        "gain",
        "place",
        "protect",
        "search",
        "bonus",
        "bonus_types",
    } <= effects
    assert comp.card["inheritance"].amount == 5 and comp.card["inheritance"].when == "end"
    assert comp.card["diversified"].amount == 7
    assert comp.dice.yellow == 4 and comp.credits_per_colour == 20
    assert sorted(comp.dice.yellow_faces) == [0, 1, 2, 2, 3, 4]
    assert sorted(comp.dice.black_faces) == [0, 1, 3, 4, 5, 5]
