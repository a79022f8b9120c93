"""The reconstructed components: the board of COMPONENTS.md and the RISK deck file."""

import random
from pathlib import Path

import pytest

from motherlode.engine import BadOptions
from motherlode.games.goldfix import GAME
from motherlode.games.goldfix.components import (
    load_board,
    load_risk_deck,
    parse_board,
    parse_risk_deck,
    standard_board,
)


def test_the_board_follows_components_md() -> None:
    board = standard_board()
    assert board.size == 40
    assert board.mines == (
        "Alpaca", "Buffalo", "Cheetah", "Dingo", "Eagle", "Fox", "Grizzly", "Hyena", "Impala",
        "Jaguar", "Kudu", "Leopard", "Meerkat", "Nyala", "Oryx", "Puma", "Quagga", "Rhino",
    )  # fmt: skip
    kinds = [s.kind for s in board.squares]
    assert kinds[0] == "bank" and kinds[10] == "bullion_tax"
    assert kinds[20] == "goldfix_corner" and kinds[30] == "corporation_tax"
    assert [i for i, k in enumerate(kinds) if k == "goldfix"] == [2, 14, 24, 36]
    assert [i for i, k in enumerate(kinds) if k == "bullion_market"] == [12, 34]
    assert [i for i, k in enumerate(kinds) if k == "risk"] == [6, 16, 26, 37, 39]
    assert [i for i, k in enumerate(kinds) if k == "mine_lease_auction"] == [4, 22]
    assert [i for i, k in enumerate(kinds) if k == "drill_report_auction"] == [11, 32, 38]
    assert kinds.index("tax_budget_day") == 18 and kinds.index("merchant_bank") == 28


def test_the_board_fits_the_rulebook_example() -> None:
    """From EAGLE a 4 reaches the BULLION MARKET passing FOX and the BULLION TAX; a 5
    reaches GRIZZLY, after the tax."""
    board = standard_board()
    eagle = board.mine_squares[board.mine_number("Eagle")]
    passed = [board.squares[eagle + i] for i in range(1, 4)]
    assert [s.name for s in passed][:2] == ["Fox", "BULLION TAX"]
    assert board.squares[eagle + 4].kind == "bullion_market"
    assert board.squares[eagle + 5].name == "Grizzly"


def test_a_users_own_files_load_and_are_checked(tmp_path: Path) -> None:
    good = tmp_path / "board.toml"
    good.write_text(
        'squares = ["bank", "mine Alpha", "risk", "mine Beta"]\n'
        'cocopans = ["A", "B", "C", "D", "E", "F"]\ndrill_reports_per_mine = 2\n'
    )
    assert load_board(good).mines == ("Alpha", "Beta")
    with pytest.raises(ValueError, match="square 0 must be the BANK"):
        parse_board({"squares": ["risk", "bank"], "cocopans": ["A"] * 6})
    with pytest.raises(ValueError, match="unknown kind 'casino'"):
        parse_board({"squares": ["bank", "casino"]})
    with pytest.raises(ValueError, match="cannot read"):
        load_board(tmp_path / "missing.toml")
    deck = tmp_path / "risk.toml"
    deck.write_text(
        '[[card]]\nid = "x"\ntitle = "X"\ntext = "t"\nkind = "scenario"\n'
        'effects = [{ do = "cash", amount = 5 }]\ncount = 3\n'
    )
    assert len(load_risk_deck(deck)) == 3
    with pytest.raises(ValueError, match="unknown effect 'teleport'"):
        parse_risk_deck(
            {"card": [{"id": "x", "title": "X", "text": "t", "kind": "scenario",
                       "effects": [{"do": "teleport", "amount": 1}]}]}
        )  # fmt: skip
    with pytest.raises(ValueError, match="needs a rate"):
        parse_risk_deck(
            {"card": [{"id": "b", "title": "B", "text": "t", "kind": "bullion_broker"}]}
        )


def test_the_components_option_plays_ones_own_copy(tmp_path: Path) -> None:
    (tmp_path / "board.toml").write_text(
        'squares = ["bank", "mine Ant", "risk", "mine Bee", "mine_lease_auction", '
        '"bullion_market", "mine Cat", "drill_report_auction", "goldfix_corner", '
        '"mine Dog", "merchant_bank", "corporation_tax"]\n'
        'cocopans = ["A", "B", "C", "D", "E", "F"]\ndrill_reports_per_mine = 2\n'
    )
    (tmp_path / "risk.toml").write_text(
        '[[card]]\nid = "lucky"\ntitle = "LUCKY"\ntext = "t"\nkind = "scenario"\n'
        'hold = true\neffects = [{ do = "cash", amount = 5 }]\ncount = 2\n'
        '[[card]]\nid = "mb"\ntitle = "MB"\ntext = "t"\nkind = "merchant_bank"\n'
    )
    options = {"components": str(tmp_path), "circuit_limit": 3}
    space = GAME.action_space(4, options)
    for seed in range(5):
        state = GAME.new_state(4, seed, options)
        assert state.observe(0)["board"][1] == "Ant"
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.pending())
            legal = state.legal_actions(seat)
            assert sum(space.mask(legal)) == len(legal)
            state.apply(seat, rng.choice(legal))
    with pytest.raises(BadOptions, match=r"option components: .* does not exist"):
        GAME.new_state(3, 1, {"components": str(tmp_path / "nowhere")})
    with pytest.raises(BadOptions, match=r"is a file, but components names a folder"):
        GAME.new_state(3, 1, {"components": str(tmp_path / "board.toml")})
    (tmp_path / "empty").mkdir()  # a folder overrides only what it holds: nothing here
    plain = GAME.new_state(3, 1, {"components": str(tmp_path / "empty")})
    assert plain.observe(0)["board"][1] == standard_board().mines[0] == "Alpaca"
