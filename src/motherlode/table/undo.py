"""When may a person take a move back?  Only within their own turn, before anything hidden
is revealed or anyone else has acted (the web issue's rule).

A move is *private* when undoing it would hide nothing that someone has seen: it is not a
secret simultaneous commitment, it draws no chance, it writes no private log line, and its
outcome does not depend on anything hidden from the mover — checked by comparing what the
mover sees after the move in the real game and in a few determinizations for the mover (the
real game is one more sample of what the mover cannot see).  What a spectator sees is
public, and a seat's view holds everything public (``tests/table/test_undo_public.py``), so
the spectator's view is not compared as well: that cost a third of a live table's move.
"""

from __future__ import annotations

import random

from motherlode.engine import Action, State


class _Watched(random.Random):
    """A generator that notes whether anything was drawn from it: every draw of
    :class:`random.Random` goes through ``random`` or ``getrandbits``."""

    used = False

    def random(self) -> float:
        self.used = True
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.used = True
        return super().getrandbits(k)


def is_private_move(state: State, seat: int, action: Action, samples: int = 3) -> bool:
    """True if ``seat`` playing ``action`` now could be taken back without a leak."""
    if state.is_simultaneous():
        return False
    probe = state.clone()
    probe.logging = True
    rng = probe.rng
    if type(rng) is random.Random:  # a copy of its own: watch it rather than compare states
        rng.__class__ = _Watched
    else:
        rng = probe.rng = _Watched()
        rng.setstate(state.rng.getstate())
    seen_before = [len(state.events_for(s)) for s in range(state.num_players)]
    probe.apply(seat, action)
    if rng.used:  # type: ignore[attr-defined]
        return False  # dice or a shuffle: the future is now known
    for s, count in enumerate(seen_before):
        if any(e.seats is not None for e in probe.events_for(s)[count:]):
            return False  # somebody was told something in private
    first = probe.observe(seat)  # compared as values: no JSON text
    worlds = random.Random(0x5EED)
    for _ in range(samples - 1):
        world = state.determinize(seat, worlds)
        world.apply(seat, action)
        if world.observe(seat) != first:
            return False  # the result depended on something the mover could not see
    return True
