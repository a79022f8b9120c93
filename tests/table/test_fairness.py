"""Provably fair dealing: the seed commitment and the verifier, on games played to the end."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motherlode.engine import GameRecord, IllegalAction, get_game
from motherlode.table import Table
from motherlode.table.fairness import (
    NO_COMMITMENT,
    SCHEME,
    commitment,
    draw_seed,
    fairness_meta,
    new_salt,
    verify_record,
)

SALT = "00112233445566778899aabbccddeeff"
FEW = settings(max_examples=15, deadline=None)


@cache
def _played(game: str, seats: tuple[str, ...], seed: int) -> str:
    table = Table.create(game, list(seats), seed=seed)
    table.play()
    record = table.record()
    record.meta["fairness"] = fairness_meta(seed, SALT)
    return record.dumps()


def finished(
    seed: int = 7, game: str = "nuggets", seats: tuple[str, ...] = ("random", "random")
) -> GameRecord:
    """A finished game with its commitment, as the server would publish it (a fresh copy)."""
    return GameRecord.from_json(_played(game, seats, seed))


def names(record: GameRecord, **kwargs: str) -> list[str]:
    return [c.name for c in verify_record(record, **kwargs).checks]


def failed(record: GameRecord, expected: str | None = None) -> tuple[str, str]:
    verdict = verify_record(record, expected)
    assert not verdict.fair
    first = verdict.first_failure
    assert first is not None
    return first.name, first.detail


# -------------------------------------------------------------------- the scheme


def test_commitment_is_the_sha256_anyone_can_recompute() -> None:
    # printf 'motherlode-deal:%s:%d' 00112233445566778899aabbccddeeff 1234567890123 | sha256sum
    known = "6b7c7c12bf83bcf6e9baff59e2582dc0fd34cd3fb80c65d89a3a44a03057841b"
    assert commitment(1234567890123, SALT) == known
    text = f"motherlode-deal:{SALT}:42".encode()
    assert commitment(42, SALT) == hashlib.sha256(text).hexdigest()
    assert SCHEME == "sha256(motherlode-deal:SALT:SEED)"


def test_seeds_and_salts_are_fresh_and_well_formed() -> None:
    seeds = {draw_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(0 <= s < 2**63 for s in seeds)
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50 and all(re.fullmatch(r"[0-9a-f]{32}", s) for s in salts)


@given(st.integers(0, 2**63 - 1), st.integers(0, 2**63 - 1))
def test_a_commitment_binds_one_seed(seed: int, other: int) -> None:
    salt = new_salt()
    assert (commitment(seed, salt) == commitment(other, salt)) == (seed == other)


def test_fairness_meta() -> None:
    assert fairness_meta(9, SALT) == {
        "scheme": SCHEME,
        "commitment": commitment(9, SALT),
        "salt": SALT,
    }


# ------------------------------------------------------------------- fair games


@FEW
@given(st.integers(0, 2**63 - 1))
def test_finished_games_verify_fair(seed: int) -> None:
    record = finished(seed)
    verdict = verify_record(record)
    assert verdict.fair, verdict.checks
    assert [c.name for c in verdict.checks] == ["commitment", "moves", "finished", "result"]
    assert verdict.commitment == commitment(seed, SALT)
    assert "moves replay legally" in verdict.checks[1].detail


@pytest.mark.parametrize(
    ("game", "seats"),
    [("carcassonne", ("heuristic", "heuristic")), ("gonza", ("random", "random", "random"))],
)
def test_real_games_verify_fair(game: str, seats: tuple[str, ...]) -> None:
    record = finished(3, game, seats)
    assert len(record.moves) > 50
    verdict = verify_record(record, commitment(3, SALT))
    assert verdict.fair, verdict.checks


def test_the_commitment_seen_during_play_is_compared_case_insensitively() -> None:
    record = finished()
    seen = commitment(7, SALT).upper()
    verdict = verify_record(record, f" {seen} ")
    assert verdict.fair
    assert [c.name for c in verdict.checks][:2] == ["commitment", "as seen during play"]


def test_a_record_without_result_meta_is_still_checked() -> None:
    record = finished()
    del record.meta["scores"], record.meta["ranking"]
    verdict = verify_record(record)
    assert verdict.fair
    assert "states no result" in verdict.checks[-1].detail


# ------------------------------------------------------------ tampered records


def test_a_changed_seed_breaks_the_commitment() -> None:
    record = finished()
    record.seed += 1
    name, detail = failed(record)
    assert name == "commitment"
    assert commitment(8, SALT) in detail and commitment(7, SALT) in detail


@pytest.mark.parametrize("field", ["salt", "commitment"])
def test_a_changed_salt_or_commitment_fails(field: str) -> None:
    record = finished()
    fairness = record.meta["fairness"]
    assert isinstance(fairness, dict)
    fairness[field] = "ff" * (16 if field == "salt" else 32)
    name, detail = failed(record)
    assert name == "commitment" and "published" in detail


def test_no_commitment_is_not_fair_and_says_why() -> None:
    record = finished()
    del record.meta["fairness"]
    assert failed(record) == ("commitment", NO_COMMITMENT)
    assert "no seed commitment (a table of bots" in NO_COMMITMENT
    # the moves are still checked, and the commitment seen cannot be matched
    assert names(record, expected_commitment=commitment(7, SALT)) == [
        "commitment",
        "as seen during play",
        "moves",
        "finished",
        "result",
    ]
    seen = verify_record(record, commitment(7, SALT)).checks[1]
    assert not seen.ok and "no commitment" in seen.detail


@pytest.mark.parametrize(
    ("fairness", "words"),
    [
        ("abc", "not an object"),
        ({"scheme": "md5(seed)", "commitment": "x", "salt": "y"}, "unknown scheme"),
        ({"scheme": SCHEME, "salt": SALT}, "missing"),
        ({"scheme": SCHEME, "commitment": 5, "salt": SALT}, "not text"),
    ],
)
def test_malformed_fairness_meta_fails(fairness: object, words: str) -> None:
    record = finished()
    record.meta["fairness"] = fairness
    name, detail = failed(record)
    assert name == "commitment" and words in detail


def test_a_different_commitment_seen_during_play_fails() -> None:
    record = finished()
    other = commitment(7, "ee" * 16)
    name, detail = failed(record, other)
    assert name == "as seen during play"
    assert other in detail and commitment(7, SALT) in detail
    assert verify_record(record, other).checks[0].ok  # the record agrees with itself


def _illegal_swap(record: GameRecord, k: int) -> dict[str, object] | None:
    """Another move's action (a real action of this game) that is illegal as move ``k``."""
    game = get_game(record.game)
    seat = record.moves[k - 1][0]
    before = record.replay(k - 1)
    for _, action in record.moves:
        try:
            before.check(seat, game.parse_action(action))
        except IllegalAction:
            return action
    return None


@FEW
@given(st.data())
def test_an_illegal_move_is_named(data: st.DataObject) -> None:
    record = finished(data.draw(st.integers(0, 50), label="seed"))
    k = data.draw(st.integers(1, len(record.moves)), label="move")
    swap = _illegal_swap(record, k)
    if swap is None:  # every action seen is legal there: move it to a seat not asked
        state = record.replay(k - 1)
        idle = [s for s in range(record.num_players) if s not in state.pending()]
        seat = idle[0] if idle else record.num_players  # or one that does not exist
        record.moves[k - 1] = (seat, record.moves[k - 1][1])
    else:
        seat = record.moves[k - 1][0]
        record.moves[k - 1] = (seat, swap)
    verdict = verify_record(record)
    assert [c.ok for c in verdict.checks] == [True, False, False, False]
    detail = verdict.checks[1].detail
    assert detail.startswith(f"move {k}: seat {seat}")
    assert f"played {json.dumps(record.moves[k - 1][1], separators=(',', ':'))}: " in detail
    assert "not checked" in verdict.checks[2].detail


@FEW
@given(st.data())
def test_a_move_given_to_another_seat_is_named(data: st.DataObject) -> None:
    record = finished(data.draw(st.integers(0, 50), label="seed"))
    k = data.draw(st.integers(1, len(record.moves)), label="move")
    seat, action = record.moves[k - 1]
    record.moves[k - 1] = (1 - seat, action)
    name, detail = failed(record)
    # a bid is legal for either bidder, so the swap may only show at the other's bid
    assert name == "moves"
    number = int(re.match(r"move (\d+): ", detail).group(1))  # type: ignore[union-attr]
    assert k <= number <= len(record.moves)
    if record.replay(k - 1).pending() == (seat,):  # a seat's own turn: caught at once
        assert detail.startswith(f"move {k}: seat {1 - seat}")


def test_an_engine_message_is_quoted() -> None:
    record = finished()
    seat = record.moves[0][0]
    record.moves[0] = (seat, {"type": "bid", "gold": 99})
    _, detail = failed(record)
    assert (
        detail
        == f'move 1: seat {seat} (random {seat + 1}) played {{"type":"bid","gold":99}}: '
        + ("you can bid 0 to 6 gold, not 99")
    )


def test_unparseable_moves_and_bad_seats_are_named() -> None:
    record = finished()
    record.moves[2] = (0, {"type": "teleport"})
    _, detail = failed(record)
    assert detail.startswith('move 3: seat 0 (random 1) played {"type":"teleport"}: ')
    record = finished()
    record.moves[0] = (5, record.moves[0][1])
    _, detail = failed(record)
    assert detail.startswith("move 1: seat 5 played") and "no seat 5" in detail


def test_a_move_after_the_end_is_refused() -> None:
    record = finished()
    record.moves.append(record.moves[-1])
    name, detail = failed(record)
    assert name == "moves"
    assert detail.startswith(f"move {len(record.moves)}:") and "the game is over" in detail


def test_a_record_cut_short_is_not_finished() -> None:
    record = finished()
    del record.moves[-1]
    verdict = verify_record(record)
    assert [c.ok for c in verdict.checks] == [True, True, False, False]
    assert "not over" in verdict.checks[2].detail and "waiting for seat" in verdict.checks[2].detail


@pytest.mark.parametrize("what", ["scores", "ranking"])
def test_altered_results_fail(what: str) -> None:
    record = finished()
    true = record.meta[what]
    assert isinstance(true, list)
    if what == "ranking":
        record.meta[what] = list(reversed(true))
    else:
        record.meta[what] = [float(s) + 1 for s in true]
    name, detail = failed(record)
    assert name == "result"
    assert f"the record states {what} " in detail and "the replay gives" in detail


def test_records_this_software_cannot_replay() -> None:
    record = finished()
    record.rules_version = "0"
    name, detail = failed(record)
    assert name == "moves" and "cannot replay" in detail and "rules version 0" in detail
    record = finished()
    record.game = "chess"
    name, detail = failed(record)
    assert name == "moves" and "cannot replay" in detail and "chess" in detail
    record = finished()
    record.options = {"rounds": 99}
    name, detail = failed(record)
    assert name == "moves" and "cannot set the game up" in detail


def test_hostile_text_is_quoted_in_short() -> None:
    record = finished()
    record.moves[0] = (0, {"type": "bid", "gold": "9" * 5000})
    _, detail = failed(record)
    assert len(detail) < 400 and "…" in detail
    assert '{"type":"bid","gold":"9999' in detail
