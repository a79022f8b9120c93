"""When may a person take a move back?  Only within their own turn, before anything hidden
is revealed or anyone else has acted (the web issue's rule).

A move is *private* when undoing it would hide nothing that someone has seen: it is not a
secret simultaneous commitment, it draws no chance, it writes no private log line, and its
outcome does not depend on anything hidden from the mover — checked by playing it in a few
determinizations for the mover and comparing what the mover and a spectator then see.
"""

from __future__ import annotations

import random

from motherlode.engine import Action, State


def is_private_move(state: State, seat: int, action: Action, samples: int = 3) -> bool:
    """True if ``seat`` playing ``action`` now could be taken back without a leak."""
    if state.is_simultaneous():
        return False
    probe = state.clone()
    probe.logging = True
    rng_before = state.rng.getstate()
    seen_before = [len(state.events_for(s)) for s in range(state.num_players)]
    probe.apply(seat, action)
    if probe.rng.getstate() != rng_before:
        return False  # dice or a shuffle: the future is now known
    for s, count in enumerate(seen_before):
        if any(e.seats is not None for e in probe.events_for(s)[count:]):
            return False  # somebody was told something in private
    rng = random.Random(0x5EED)
    first = None
    for _ in range(samples):
        world = state.determinize(seat, rng)
        world.apply(seat, action)
        seen = (world.observe(seat), world.observe(None))  # compared as values: no JSON text
        if first is None:
            first = seen
        elif seen != first:
            return False  # the result depended on something the mover could not see
    return True
