"""A turn of Gold am Yukon told in words a page can translate (issue 32): the log's lines and
the observation's narration, each a :class:`~motherlode.engine.words.T`.

A turn is one line of the log, ``{player} {actions}``: the throw, then what the team did, each
a phrase of its own (``moves to …``, ``meets an opposing team at … and turns back``), chained
by ``{earlier}, {then}`` so that no sentence is glued from English fragments.  The same chain
joins the spaces of a crawl.  ``str()`` of any of them is the English the log always read.
"""

from __future__ import annotations

from collections.abc import Sequence

from motherlode.engine.actions import JsonValue
from motherlode.engine.words import SeatName, T

ENTERS, MOVES = "enters", "moves"
"""Kinds of steps gathered into one phrase of the turn's story."""

PASSES = T("passes")
CANNOT_ENTER = T("cannot bring a gold-digger on")
CANNOT_MOVE = T("cannot move")
HAS_STAKED = T("has staked a claim")
"""Why the rest of a turn's pips are lost (built once: the rules name them on the hot path)."""

EVERY_CLAIM_STAKED = T("every claim is staked")
NO_TEAM_MOVES = T("no team can move any more")
"""Game End: why the game ended (the ones with nothing to fill in)."""


def listed(items: Sequence[T | str]) -> T | str:
    """Items in a row, ``a, b, c``: the comma is the template's, each item stays words."""
    out = items[0]
    for item in items[1:]:
        out = T("{earlier}, {then}", earlier=out, then=item)
    return out


def space_words(label: str) -> T | str:
    """A space's board code (``22:11``: claim 22, 11 o'clock) as a player says it."""
    claim, _, hour = label.partition(":")
    return T("{hour} o'clock of claim {claim}", hour=hour, claim=claim) if hour else label


def throws_phrase(throws: tuple[int, ...]) -> T:
    if len(throws) == 1:
        return T("throws {spots}", spots=throws[0])
    return T("throws {throws} = {total}", throws=" + ".join(map(str, throws)), total=sum(throws))


def crawl_phrase(kind: str, crawl: Sequence[int], labels: tuple[str, ...]) -> T:
    path = listed([space_words(labels[s]) for s in crawl])
    if kind == ENTERS:
        return T("brings gold-diggers onto {path}", path=path)
    return T("moves to {path}", path=path)


def turned_back(label: str) -> T:
    return T("meets an opposing team at {space} and turns back", space=space_words(label))


def pips_lost(why: T, pips: int) -> T:
    if pips == 1:
        return T("{why}: 1 pip lost", why=why)
    return T("{why}: {pips} pips lost", why=why, pips=pips)


def phrases(
    story: Sequence[T | tuple[int, ...]], kind: str, crawl: Sequence[int], labels: tuple[str, ...]
) -> list[T]:
    """A turn's story in words: the throws, what was done, the steps of the last crawl."""
    out = [p if isinstance(p, T) else throws_phrase(p) for p in story]
    if crawl:
        out.append(crawl_phrase(kind, crawl, labels))
    return out


def turn_line(
    name: str,
    story: Sequence[T | tuple[int, ...]],
    kind: str,
    crawl: Sequence[int],
    labels: tuple[str, ...],
) -> T:
    """The log's line for a turn (or the part of it before a staking), read only when shown."""
    return T("{player} {actions}", player=name, actions=listed(phrases(story, kind, crawl, labels)))


def only_one_moves(name: str) -> T:
    return T("only {player} can still move", player=name)


def stalemate(rounds: int) -> T:
    return T("no claim was staked in {rounds} rounds", rounds=rounds)


def with_walled_in(reason: T, names: str, turns: int) -> T:
    """Game End's reason, with the teams that could not move for ``turns`` turns in a row."""
    return T(
        "{reason} ({names} walled in for {turns} turns)", reason=reason, names=names, turns=turns
    )


def as_json(words: T | str) -> JsonValue:
    """Words for a page to translate: ``{"t": template, "p": {place: value}}``, a value that
    is words itself in the same form (the renderer's ``say`` reads it back)."""
    if not isinstance(words, T):
        return words
    if not words.params:
        return {"t": words.template}
    params: dict[str, JsonValue] = {k: _value(v) for k, v in words.params.items()}
    return {"t": words.template, "p": params}


def _value(value: object) -> JsonValue:
    """A sentence's value for the page: words as words (an unnamed seat's name too, so the
    page says "Spieler 1"), anything else as it is."""
    if isinstance(value, T):
        return as_json(value)
    if type(value) is SeatName:
        return as_json(value.words())
    return value


NARRATION = (
    "{earlier}, {then}",
    "{hour} o'clock of claim {claim}",
    "throws {spots}",
    "throws {throws} = {total}",
    "brings gold-diggers onto {path}",
    "moves to {path}",
    "meets an opposing team at {space} and turns back",
    "{why}: 1 pip lost",
    "{why}: {pips} pips lost",
    "passes",
    "cannot bring a gold-digger on",
    "cannot move",
    "has staked a claim",
    "every claim is staked",
    "no team can move any more",
    "only {player} can still move",
    "no claim was staked in {rounds} rounds",
    "{reason} ({names} walled in for {turns} turns)",
    "Player {number}",
)
"""The sentences the observation's ``words`` hold (``this_turn``, ``end_reason``): the page's
catalog lists them (``i18n.browser_messages``), as it cannot find them in the renderer."""
