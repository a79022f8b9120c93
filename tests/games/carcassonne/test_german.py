"""Carcassonne with The Goldmines in German (issue 32): every line of the log, every refusal
and every move's words are words (``T``) whose sentences the catalogs hold, the tiles' names
too (the game's ``i18n`` module lists them), and they read in English exactly as before.

The German entries come from the server catalog (``locale/de``): the test that reads it
passes once the game's translations are merged there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import motherlode
from motherlode.engine import Action, IllegalAction
from motherlode.engine.words import T
from motherlode.games.carcassonne.actions import Follower, GoldBar, Pass, Place, TakeGold
from motherlode.games.carcassonne.bots import HeuristicBot
from motherlode.games.carcassonne.components import (
    MAX_FEATURES,
    feature_name,
    feature_words,
    load_tileset,
)
from motherlode.games.carcassonne.i18n import browser_messages, server_messages
from motherlode.games.carcassonne.render import _label, label_words
from motherlode.games.carcassonne.rules import CarcassonneState
from motherlode.games.carcassonne.words import sentence, where, words
from tests.games.german import (
    Marker,
    by_bots,
    ends,
    extracted,
    log_sentences,
    moves_met,
    now_and_then,
    play,
    randomly,
    read_in_german,
    reasons,
    sentences,
)

GAME = motherlode.get_game("carcassonne")


def new_game(players: int, seed: int, goldmines: bool = True) -> CarcassonneState:
    state = GAME.new_state(players, seed=seed, options={"goldmines": goldmines})
    assert isinstance(state, CarcassonneState)
    return state


def games() -> Iterator[Iterator[CarcassonneState]]:
    """Seeded games: random and heuristic, with and without The Goldmines, named players."""
    for seed, players in ((0, 2), (1, 3), (2, 5)):
        yield play(new_game(players, seed=seed), randomly(seed))
    yield play(new_game(3, goldmines=False, seed=3), randomly(3))
    named = GAME.new_state(4, seed=4, names=("Anna", "Ben", "Cem", "Dora"))
    assert isinstance(named, CarcassonneState)
    yield play(named, randomly(4))
    yield play(new_game(3, seed=5), by_bots([HeuristicBot(seed=s) for s in range(5)]))


@cache
def finished() -> tuple[CarcassonneState, ...]:
    return ends(games())


def test_every_log_line_is_words_the_server_catalog_extracts() -> None:
    seen = log_sentences(e for state in finished() for e in state.events_for(None))
    assert "{player} places a tile ({tile}) {where}" in seen
    assert "{player} takes a gold bar from ({x}, {y})" in seen
    assert "{players} score {points} for {what}" in seen  # a shared majority
    assert set(server_messages(GAME)) & seen  # the tiles' names, from the data


def test_the_log_reads_in_english_as_before() -> None:
    state = GAME.new_state(2, seed=1, names=("Ann", "Bo"))
    state.apply(0, state.legal_actions(0)[0])
    texts = [e.text for e in state.events_for(None)]
    assert texts[0] == "The start tile lies in the middle; 79 tiles in the bag"
    assert re.fullmatch(
        r"Ann places a tile \([a-z :-]+\) \d (north|east|south|west) of the "
        r"first tile(, turned \d+°)?",
        texts[1],
    ), texts[1]
    assert str(where(2, -1)) == "1 north and 2 east of the first tile"
    assert str(where(0, 0)) == "on the first tile's square"


def test_every_feature_of_every_tile_is_words_read_as_before() -> None:
    marker = Marker()
    for tile in load_tileset().types:
        for rotation in range(4):
            for index in range(len(tile.features)):
                said = feature_words(tile.features, index, rotation)
                assert said.render() == feature_name(tile.features, index, rotation)
                said.render(marker)
    assert marker.seen - extracted("server") == set()
    assert str(feature_words(load_tileset().by_id["L"].features, 0, 0)) == "cloister"


@cache
def refused() -> tuple[Any, ...]:
    """The reasons of refusals met in the games: now and then, some of every kind of move."""
    out = []
    actions: list[Action] = [Follower(i) for i in range(MAX_FEATURES + 1)]
    actions += [Pass(), GoldBar(0, 1), TakeGold(0, 0), Place(0, 0, 5), Place(300, 0, 0)]
    for game in games():
        for n, state in enumerate(game):
            if state.is_over():
                continue
            seat = state.pending()[0]
            tried = [
                *actions,
                *(Place(x, y, r) for x in (-1, 0, 1) for y in (-1, 1) for r in range(4)),
            ]
            if n % 9 == 0:
                tried += list(state.legal_actions(seat))
            out += reasons(state, seat, tried)
    return tuple(out)


def test_every_refusal_is_words_the_server_catalog_extracts() -> None:
    seen = sentences(refused(), "refusal")
    assert "{player} must first place the drawn {tile} tile" in seen
    assert "the {tile} tile has features {features}" in seen


def test_a_refusal_reads_in_english_as_before() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(IllegalAction) as refused_:
        state.check(0, Place(0, 0, 5))
    assert str(refused_.value) == "rotation is 0 to 3 quarter turns clockwise, not 5"
    with pytest.raises(IllegalAction) as refused_:
        state.check(0, Follower(2))
    tile = state.observe(0)["tile"]
    assert str(refused_.value) == f"Player 1 must first place the drawn {tile} tile"


@cache
def moves_said() -> tuple[T, ...]:
    """Each legal move's words and label, now and then in the games, checked against the
    English the prompt gives."""
    return moves_met(now_and_then(games(), 5), sentence, words, (label_words, _label))


def test_each_move_and_its_label_are_words_read_as_before() -> None:
    seen = sentences(moves_said())
    assert {"Place the tile {where}", "Place no follower"} <= seen


def test_the_tiles_names_are_in_both_catalogs() -> None:
    names = {tile.name for tile in load_tileset().types}
    assert set(server_messages(GAME)) == names == set(browser_messages(GAME))
    assert names <= extracted("server") and names <= extracted("browser")


def test_every_sentence_reads_in_german() -> None:
    """The log, the refusals, the moves' words and the tiles' names through the German
    catalog: every sentence has its entry, and each line comes out whole."""
    lines = [e for state in finished() for e in state.events_for(None)]
    words_ = (*refused(), *moves_said())
    read_in_german(lines, words_, server_messages(GAME), all_change=True)
