"""What the games' German tests share (tests/games/<id>/test_german.py): the catalogs'
extracted sentences, a translation that marks what it translated, a random player."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from motherlode.web import i18n

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
