"""The board: 37 claims ringed by 12 spaces each, 70 nuggets, start spaces on the edge."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import motherlode
from motherlode.engine import BadOptions
from motherlode.games.yukon.components import (
    GRID_HOUR_OFFSET,
    BoardError,
    Claim,
    build_board,
    grid_position,
    load_board,
)

BOARD = load_board()


def test_37_claims_worth_16_ones_16_twos_4_fours_and_the_6_in_the_centre() -> None:
    assert len(BOARD.claims) == 37
    counts = Counter(c.nuggets for c in BOARD.claims)
    assert counts == {1: 16, 2: 16, 4: 4, 6: 1}
    assert BOARD.total_nuggets == 70
    centre = next(c for c in BOARD.claims if (c.q, c.r) == (0, 0))
    assert centre.nuggets == 6
    assert centre.number == 19


def test_claim_centres_fill_a_hexagon_of_radius_3() -> None:
    cells = {(c.q, c.r) for c in BOARD.claims}
    assert cells == {(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(-q - r) <= 3}


def test_the_values_are_symmetric_under_both_mirrors_and_a_half_turn() -> None:
    value = {(c.q, c.r): c.nuggets for c in BOARD.claims}
    for (q, r), nuggets in value.items():
        assert value[-q, -r] == nuggets  # half turn
        assert value[q + r, -r] == nuggets  # mirror in the horizontal axis
        assert value[-q - r, r] == nuggets  # mirror in the vertical axis


def test_each_claim_is_ringed_by_12_distinct_spaces_in_a_closed_circle() -> None:
    for claim, ring in enumerate(BOARD.ring):
        assert len(set(ring)) == 12
        for k in range(12):
            a, b = ring[k], ring[(k + 1) % 12]
            assert b in BOARD.neighbours[a] and a in BOARD.neighbours[b]
            assert claim in BOARD.rings_of[a]


def test_neighbouring_rings_share_the_space_between_their_centres() -> None:
    shared = [s for s in range(BOARD.num_spaces) if len(BOARD.rings_of[s]) == 2]
    assert len(shared) == 90  # one per pair of neighbouring claims
    assert BOARD.num_spaces == 37 * 12 - 90 == 354
    for s in shared:
        a, b = (BOARD.claims[c] for c in BOARD.rings_of[s])
        assert abs(a.q - b.q) + abs(a.r - b.r) + abs(a.q + a.r - b.q - b.r) == 2
        hours = [h for c in BOARD.rings_of[s] for h in range(1, 13) if BOARD.ring[c][h % 12] == s]
        assert all(h % 2 == 1 for h in hours), "shared spaces are at odd hours"
        assert (hours[0] - hours[1]) % 12 == 6, "they face each other"
    assert Counter(len(BOARD.rings_of[s]) for s in range(BOARD.num_spaces)) == {1: 264, 2: 90}


def test_adjacency_is_only_along_rings() -> None:
    for s in range(BOARD.num_spaces):
        along = {
            BOARD.ring[c][(k + d) % 12]
            for c in BOARD.rings_of[s]
            for k in range(12)
            if BOARD.ring[c][k] == s
            for d in (1, -1)
        }
        assert set(BOARD.neighbours[s]) == along
        assert len(BOARD.neighbours[s]) == 2 * len(BOARD.rings_of[s])


def test_start_spaces_are_the_unshared_spaces_of_the_outer_edge() -> None:
    assert len(BOARD.start_spaces) == 102
    for s in BOARD.start_spaces:
        assert len(BOARD.rings_of[s]) == 1
        claim = BOARD.claims[BOARD.rings_of[s][0]]
        assert max(abs(claim.q), abs(claim.r), abs(claim.q + claim.r)) == 3
    # a corner claim offers 7 start spaces, an edge claim 5, an inner claim none
    per_claim = Counter(BOARD.claims[BOARD.rings_of[s][0]].number for s in BOARD.start_spaces)
    assert per_claim[1] == 7 and per_claim[2] == 5 and 19 not in per_claim
    assert sum(BOARD.is_start) == 102


def test_spaces_are_named_by_the_lowest_claim_number_and_both_names_find_them() -> None:
    s = BOARD.space_at[19, 3]
    assert BOARD.space_at[20, 9] == s
    assert BOARD.labels[s] == "19:3"
    assert BOARD.labels[BOARD.space_at[19, 1]] == "13:7"
    assert len(set(BOARD.labels)) == BOARD.num_spaces


def test_every_space_has_its_own_cell_on_the_drawn_map() -> None:
    cells = set()
    for s, (number, hour) in enumerate(BOARD.names):
        claim = BOARD.claims[number - 1]
        cells.add(grid_position(claim.q, claim.r, hour))
        for c in BOARD.rings_of[s]:
            other = BOARD.claims[c]
            other_hour = next(h for h in GRID_HOUR_OFFSET if BOARD.ring[c][h % 12] == s)
            assert grid_position(other.q, other.r, other_hour) == grid_position(
                claim.q, claim.r, hour
            )
    assert len(cells) == BOARD.num_spaces


def test_a_board_file_of_ones_own(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text(
        'name = "seven claims"\nclaims = [\n'
        + "".join(
            f"  {{ number = {i + 1}, q = {q}, r = {r}, nuggets = {n} }},\n"
            for i, (q, r, n) in enumerate(
                [(0, -1, 1), (1, -1, 2), (-1, 0, 2), (0, 0, 6), (1, 0, 1), (-1, 1, 4), (0, 1, 1)]
            )
        )
        + "]\n"
    )
    state = motherlode.get_game("yukon").new_state(3, 1, {"components": str(tmp_path)})
    assert state.observe(None)["board"] == "seven claims"
    assert len(state.observe(None)["claims"]) == 7


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("claims = [", "not valid TOML"),
        ("claims = 3", "'claims' must be an array"),
        ("claims = [ { number = 1, q = 0, r = 0 } ]", "'nuggets' must be a whole number"),
        (
            "claims = [ { number = 1, q = 0, r = 0, nuggets = 1 },"
            " { number = 1, q = 1, r = 0, nuggets = 1 } ]",
            "numbered 1 to 2",
        ),
        (
            "claims = [ { number = 1, q = 0, r = 0, nuggets = 1 },"
            " { number = 2, q = 0, r = 0, nuggets = 1 } ]",
            "lie on the same cell",
        ),
    ],
)
def test_a_bad_board_file_is_refused_with_the_reason(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "board.toml"
    path.write_text(text)
    with pytest.raises(BadOptions, match=message):
        motherlode.get_game("yukon").new_state(3, 1, {"components": str(tmp_path)})


def test_a_missing_board_folder_is_refused() -> None:
    with pytest.raises(BadOptions, match="does not exist"):
        motherlode.get_game("yukon").new_state(3, 1, {"components": "/no/such/folder"})


def test_a_board_file_given_instead_of_a_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_text("name = 'mine'\n")
    with pytest.raises(BadOptions, match="is a file, but components names a folder"):
        motherlode.get_game("yukon").new_state(3, 1, {"components": str(path)})


def test_a_board_needs_claims_and_any_board_has_start_spaces_for_six() -> None:
    with pytest.raises(BoardError, match="at least one claim"):
        build_board("empty", [])
    single = build_board("one claim", [Claim(1, 0, 0, 6)])
    assert len(single.start_spaces) == 12
    pair = build_board("two claims", [Claim(1, 0, 0, 6), Claim(2, 1, 0, 1)])
    assert len(pair.start_spaces) == 22
