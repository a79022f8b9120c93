"""What the games' German tests share (tests/games/<id>/test_german.py): the catalogs'
extracted sentences, a translation that marks what it translated, a random player, the
walk through seeded games and the checks each game makes of what it met there (its log,
its refusals, its moves' words) against the catalogs and the German translation."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any, Protocol, TypeVar

from motherlode.engine import Action, Event, Game, IllegalAction, State
from motherlode.engine.words import T
from motherlode.web import i18n

S = TypeVar("S", bound=State)

UNFILLED = re.compile(r"\{\w+(?:[:!][^{}]*)?\}")
"""A place left unfilled in a rendered sentence."""


@cache
def extracted(domain: str) -> frozenset[str]:
    """Every sentence the code writes for ``domain``, as the catalogs extract them."""
    return frozenset(str(m.id) for m in i18n.extract(domain) if m.id)


class Marker:
    """A translation that marks what it translated and keeps each sentence it was asked."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, text: str) -> str:
        self.seen.add(text)
        return "§" + text


def randomly(seed: int) -> Callable[[Any, int], Any]:
    """A player choosing uniformly among the legal moves, seeded."""
    rng = random.Random(seed)
    return lambda state, seat: rng.choice(state.legal_actions(seat))


class Bot(Protocol):
    """What :func:`by_bots` asks of a game's bot."""

    def act(self, state: Any, seat: int) -> Action: ...


def by_bots(bots: Sequence[Bot]) -> Callable[[Any, int], Action]:
    """A player for every seat: the bot in that seat's place chooses."""
    return lambda state, seat: bots[seat].act(state, seat)


def play(state: S, choose: Callable[[S, int], Any]) -> Iterator[S]:
    """Each decision of a game to its end (the state itself, as it goes), the first
    pending seat moving."""
    while not state.is_over():
        yield state
        seat = state.pending()[0]
        state.apply(seat, choose(state, seat))
    yield state


def ends(games: Iterable[Iterator[S]]) -> tuple[S, ...]:
    """Each game played to its end: its last state."""
    return tuple([*game][-1] for game in games)


def now_and_then(games: Iterable[Iterator[S]], every: int, *, ended: bool = False) -> Iterator[S]:
    """Every ``every``-th state of each game (counting from its first), the ended ones
    only where ``ended`` asks for them."""
    for game in games:
        for n, state in enumerate(game):
            if n % every == 0 and (ended or not state.is_over()):
                yield state


def log_sentences(events: Iterable[Event]) -> set[str]:
    """The sentences of these log lines: each line is words (a translation reaches it)
    and each sentence is one the server catalog extracts."""
    marker = Marker()
    for event in events:
        assert event.text_in(marker).startswith("§"), f"plain text: {event.text!r}"
    assert marker.seen - extracted("server") == set()
    return marker.seen


def sentences(words: Iterable[Any], what: str = "words") -> set[str]:
    """The sentences of these words (refusals' reasons, moves' words): each is words
    (``T``, a translation reaches it) and each sentence one the server catalog extracts."""
    marker = Marker()
    for said in words:
        assert isinstance(said, T), f"plain {what}: {said!r}"
        assert said.render(marker).startswith("§"), said
    assert marker.seen - extracted("server") == set()
    return marker.seen


def seats(state: State, every_seat: bool) -> tuple[int, ...]:
    """The seats whose moves a walk checks: the first pending one, or each pending one."""
    return state.pending() if every_seat else state.pending()[:1]


def reasons(state: State, seat: int, actions: Iterable[Action]) -> list[Any]:
    """The reasons ``state`` gives for the ``actions`` it refuses ``seat``; each refusal
    reads as its reason."""
    out = []
    for action in actions:
        try:
            state.check(seat, action)
        except IllegalAction as exc:
            assert str(exc) == str(exc.args[0])
            out.append(exc.args[0])
    return out


def every_action(game: Game, state: State) -> list[Action]:
    """The game's whole action space at this table."""
    space = game.action_space(state.num_players, state.options)
    return [space.action(index) for index in range(space.size)]


def refused_outside(
    game: Game, state: State, notations: Iterable[str], *, always: bool = True
) -> list[Any]:
    """The reasons for refusing these moves (notations outside the action space or the
    table) to the first pending seat: each refusal reads as its reason, and each move is
    refused unless ``always`` is False (a move the table may take now and then)."""
    seat = state.pending()[0]
    out = []
    for notation in notations:
        refused = reasons(state, seat, [game.parse_action(notation)])
        assert refused or not always, f"{notation!r} is not refused"
        out += refused
    return out


def refusals_met(
    game: Game,
    states: Iterable[State],
    outside: Sequence[str] = (),
    *,
    every_seat: bool = False,
    always: bool = True,
) -> tuple[Any, ...]:
    """The reasons of refusals met in ``states``: every action of the space checked for
    the first pending seat (each pending seat with ``every_seat``), then the notations
    ``outside`` (see :func:`refused_outside`)."""
    out = []
    for state in states:
        actions = every_action(game, state)
        for seat in seats(state, every_seat):
            out += reasons(state, seat, actions)
        out += refused_outside(game, state, outside, always=always)
    return tuple(out)


Say = Callable[[Any, int, Action], Any]


def moves_as_before(
    state: State,
    seat: int,
    said: Say,
    english: Say,
    labels: tuple[Say, Say] | None = None,
    *,
    label_is_words: bool = True,
) -> list[Any]:
    """The words of each legal move of ``seat`` (``said``), each reading as the English
    the page shows today (``english``); with ``labels`` (the label as words, as English),
    each move's label too, reading the same, and words (``T``) unless ``label_is_words``
    is False (a game whose labels may be plain text)."""
    out: list[Any] = []
    for action in state.legal_actions(seat):
        words = said(state, seat, action)
        assert isinstance(words, T)
        assert str(words) == english(state, seat, action)
        out.append(words)
        if labels is not None:
            label = labels[0](state, seat, action)
            assert (None if label is None else str(label)) == labels[1](state, seat, action)
            if label is not None:
                assert isinstance(label, T) or not label_is_words, label
                out.append(label)
    return out


def moves_met(
    states: Iterable[State],
    said: Say,
    english: Say,
    labels: tuple[Say, Say] | None = None,
    *,
    every_seat: bool = False,
) -> tuple[Any, ...]:
    """:func:`moves_as_before` in each of ``states``, for the first pending seat (each
    pending seat with ``every_seat``)."""
    return tuple(
        words
        for state in states
        for seat in seats(state, every_seat)
        for words in moves_as_before(state, seat, said, english, labels)
    )


def assert_german_entries(texts: Iterable[str], domain: str) -> None:
    """Every one of these sentences has its entry in the German ``domain`` catalog."""
    missing = sorted(set(texts) - i18n.catalog("de", domain).keys())
    assert missing == [], f"translate these in locale/de/LC_MESSAGES/{domain}.po"


def read_in_german(
    lines: Sequence[Event], words: Iterable[T], listed: Iterable[str] = (), *, all_change: bool
) -> list[tuple[str, str]]:
    """The log ``lines`` and the ``words`` through the German catalog: every sentence
    (and each of ``listed``) has its entry, and each line and words come out whole (no
    place unfilled); with ``all_change`` every line reads other than in English.  Each
    line in English and in German."""
    german = i18n.translator("de")
    assert german is not None
    words = tuple(words)
    seen = Marker()
    for event in lines:
        event.text_in(seen)
    for said in words:
        said.render(seen)
    assert_german_entries(seen.seen | set(listed), "server")
    read = []
    for event in lines:
        text = event.text_in(german)
        assert not UNFILLED.search(text), text
        if all_change:
            assert text != event.text, text
        read.append((event.text, text))
    for said in words:
        assert not UNFILLED.search(said.render(german)), said
    return read


def drawn_by(game_id: str) -> set[str]:
    """The browser catalog's sentences written in the game's own files (its renderer's
    ``K.t``, its cards' names and texts)."""
    return {
        str(m.id)
        for m in i18n.extract("browser")
        if m.id and any(game_id in str(where) for where, _ in m.locations)
    }
