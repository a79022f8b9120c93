"""Provably fair dealing: a salted commitment to the seed, and the check anyone can run.

At a table with people the server draws the seed (every shuffle and die follows from it),
publishes ``commitment(seed, salt)`` when the table is made, and reveals seed and salt in
the record once the game is over.  The commitment is a plain SHA-256 of a short text, so a
player needs no motherlode to check it::

    printf 'motherlode-deal:%s:%d' SALT SEED | sha256sum

What this proves: the deal was fixed when the commitment was shown (the server could not
re-deal after seeing the first moves), and every recorded move was legal from that deal.
What it cannot prove on its own: that the server drew the seed at random rather than picking
a deal it liked before the table was made; only mixing in entropy from the players would.
The salt keeps the seed hidden during play: without it, anyone could try seeds until one
matched the commitment.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, field

from motherlode.engine import GameRecord, MotherlodeError, State, get_game
from motherlode.engine.actions import JsonValue
from motherlode.engine.record import record_options

SCHEME = "sha256(motherlode-deal:SALT:SEED)"
"""How the commitment is made, stored beside it so that a later scheme can be told apart."""

NO_COMMITMENT = (
    "this record has no seed commitment (a table of bots, or made before commitments existed)"
)
EXCERPT = 120
"""The most characters of a record's own text quoted in a detail (the record may be hostile)."""


def draw_seed() -> int:
    """A fresh seed from the OS's secure source: nobody, the server's code included, picks it."""
    return secrets.randbits(63)


def new_salt() -> str:
    """32 hex digits of secure randomness: the commitment then reveals nothing of the seed."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """Hex SHA-256 of ``motherlode-deal:SALT:SEED``: short enough to recompute by hand.

    The seed is written last, in decimal, so the text splits one way only: a server cannot
    reveal another salt and seed that give the same text.
    """
    return hashlib.sha256(f"motherlode-deal:{salt}:{seed}".encode()).hexdigest()


def fairness_meta(seed: int, salt: str) -> dict[str, JsonValue]:
    """What a finished table's record keeps as ``meta["fairness"]`` (the seed is the record's)."""
    return {"scheme": SCHEME, "commitment": commitment(seed, salt), "salt": salt}


@dataclass(frozen=True)
class Check:
    """One step of the verification, with what was found in words a player can follow."""

    name: str
    ok: bool
    detail: str


@dataclass
class Verdict:
    """Every check in order; the deal is fair only if all of them pass."""

    checks: list[Check] = field(default_factory=list)
    commitment: str | None = None
    """The commitment the record publishes (None when it has none)."""

    @property
    def fair(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)

    @property
    def first_failure(self) -> Check | None:
        return next((c for c in self.checks if not c.ok), None)


def verify_record(record: GameRecord, expected_commitment: str | None = None) -> Verdict:
    """Check a finished game: the seed matches its commitment, and the moves replay legally.

    ``expected_commitment`` is the value a player saw during play; without it, the check
    trusts that the record's commitment is the one the table showed.
    """
    published, commit_check = _check_commitment(record)
    verdict = Verdict([commit_check], published)
    if expected_commitment is not None:
        verdict.checks.append(_check_seen(published, expected_commitment))
    state, moves_check = _check_moves(record)
    verdict.checks.append(moves_check)
    if state is None:
        skipped = "not checked: the moves do not replay"
        verdict.checks += [Check("finished", False, skipped), Check("result", False, skipped)]
        return verdict
    over = state.is_over()
    if over:
        verdict.checks.append(
            Check("finished", True, f"the game is over after {state.move_count} moves")
        )
        verdict.checks.append(_check_result(record, state))
    else:
        waiting = ", ".join(_seat(record, s) for s in state.pending())
        verdict.checks.append(
            Check("finished", False, f"the game is not over: still waiting for {waiting}")
        )
        verdict.checks.append(Check("result", False, "not checked: the game is not over"))
    return verdict


def _check_commitment(record: GameRecord) -> tuple[str | None, Check]:
    name = "commitment"
    meta = record.meta.get("fairness")
    if meta is None:
        return None, Check(name, False, NO_COMMITMENT)
    if not isinstance(meta, dict):
        return None, Check(name, False, "the record's 'fairness' entry is not an object")
    scheme = meta.get("scheme", SCHEME)
    if scheme != SCHEME:
        return None, Check(
            name, False, f"unknown scheme {_excerpt(scheme)}; this software checks {SCHEME}"
        )
    published, salt = meta.get("commitment"), meta.get("salt")
    if not isinstance(published, str) or not isinstance(salt, str):
        return None, Check(name, False, "the record's commitment or salt is missing or not text")
    recomputed = commitment(record.seed, salt)
    if recomputed != published.strip().lower():
        return published, Check(
            name,
            False,
            f"seed {record.seed} with salt {_excerpt(salt)} gives {recomputed}, "
            f"but the record published {_excerpt(published)}",
        )
    return published, Check(
        name, True, f"seed {record.seed} with salt {_excerpt(salt)} gives the published {published}"
    )


def _check_seen(published: str | None, expected: str) -> Check:
    name = "as seen during play"
    if published is None:
        return Check(name, False, "the record publishes no commitment to compare with")
    seen = expected.strip().lower()
    if seen != published.strip().lower():
        return Check(
            name,
            False,
            f"shown during play: {_excerpt(seen)}; in the record: {_excerpt(published)}",
        )
    return Check(name, True, "the record's commitment is the one shown during play")


def _check_moves(record: GameRecord) -> tuple[State | None, Check]:
    """Replay move by move (not ``record.replay``) to name the seat and action that fail."""
    name = "moves"
    try:
        game = get_game(record.game)
    except MotherlodeError as exc:
        return None, Check(name, False, f"cannot replay: {exc}")
    if record.rules_version != game.rules_version:
        return None, Check(
            name,
            False,
            f"cannot replay: played under {game.title} rules version "
            f"{_excerpt(record.rules_version)}; this software implements {game.rules_version}",
        )
    names = [str(s.get("name") or f"Player {i + 1}") for i, s in enumerate(record.seats)]
    try:
        state = game.new_state(len(record.seats), record.seed, record_options(record), names)
    except MotherlodeError as exc:
        return None, Check(name, False, f"cannot set the game up: {exc}")
    for i, (seat, action_json) in enumerate(record.moves, 1):
        try:
            state.apply(seat, game.parse_action(action_json))
        except MotherlodeError as exc:
            action = _excerpt(json.dumps(action_json, separators=(",", ":"), default=repr))
            return None, Check(
                name,
                False,
                f"move {i}: {_seat(record, seat)} played {action}: {_excerpt(str(exc))}",
            )
    return state, Check(name, True, f"all {len(record.moves)} moves replay legally from the seed")


def _check_result(record: GameRecord, state: State) -> Check:
    name = "result"
    scores = list(state.scores())
    ranking = [list(group) for group in state.ranking()]
    claimed = [
        (what, record.meta[what], actual)
        for what, actual in (("scores", scores), ("ranking", ranking))
        if what in record.meta
    ]
    if not claimed:
        return Check(name, True, f"the record states no result; the replay scores {scores}")
    for what, stated, actual in claimed:
        if stated != actual:
            return Check(
                name,
                False,
                f"the record states {what} {_excerpt(json.dumps(stated, default=repr))}, "
                f"the replay gives {actual}",
            )
    which = " and ".join(what for what, _, _ in claimed)
    return Check(name, True, f"the record's {which} match the replay: {scores}, {ranking}")


def _seat(record: GameRecord, seat: int) -> str:
    if 0 <= seat < len(record.seats):
        name = record.seats[seat].get("name")
        if name:
            return f"seat {seat} ({_excerpt(str(name))})"
    return f"seat {seat}"


def _excerpt(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"
