"""A designer's components folder: the design numbers (parameters.toml: other starting cash,
a richer mine) and a component (risk.toml: another RISK deck) changed together, each
holding only the keys that change, all seen in play; unknown files and keys refused by
name; ``-o param.NAME=...`` over the folder; numbers that cannot work together refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from motherlode import BadOptions, IllegalAction
from motherlode.games.goldfix import GAME, money, prompt
from motherlode.games.goldfix.actions import Draw, Liquidate, Move, Repay
from motherlode.games.goldfix.core import DRAW, PRE_ROLL
from motherlode.games.goldfix.rules import GoldfixState
from motherlode.games.goldfix.words import words
from motherlode.testing import random_step
from tests.games.goldfix.helpers import at_move, at_pre_roll, give_mine, new
from tests.games.goldfix.test_properties import check_books

RICH_ALPACA = "mine_production = [" + ", ".join(["200"] + ["100"] * 17) + "]\n"
WINDFALL_DECK = (
    '[[card]]\nid = "windfall"\ntitle = "WINDFALL"\ntext = "Collect $77M."\n'
    'kind = "scenario"\neffects = [{ do = "cash", amount = 77 }]\ncount = 36\n'
)


def designer(folder: Path, **files: str) -> dict[str, object]:
    for name, text in files.items():
        (folder / name.replace("_toml", ".toml")).write_text(text)
    return {"components": str(folder)}


def test_starting_cash_a_richer_mine_and_a_risk_card_from_a_designers_folder(
    tmp_path: Path,
) -> None:
    options = designer(
        tmp_path, parameters_toml="start_cash = 700\n" + RICH_ALPACA, risk_toml=WINDFALL_DECK
    )
    state = new(4, 3, **options)
    assert state.cash == [700] * 4 and state.notes == [2] * 4  # the rest: the rulebook's
    assert state.observe(0)["board"][1] == "Alpaca"  # board.toml: the built-in one
    # Alpaca yields twice the table: one matching DRILL REPORT, a 1 used: 2 x 60 kOz,
    # and the landing BONUS (100 kOz, as every mine's)
    give_mine(state, 0, "Alpaca", reports=1)
    at_move(state, 0, 0, (1, 6))
    state.apply(0, Move(1))
    assert state.vault[0] == 120 + 100
    # the designer's deck: every RISK card is the $77M windfall
    at_move(state, 1, 5, (1, 6))
    state.apply(1, Move(1))
    assert state.phase == DRAW
    state.apply(1, Draw(True))
    assert state.cash[1] == 700 + 77
    # a whole game with them keeps the Bank's books
    state = new(4, 5, **options, circuit_limit=3)
    rng = random.Random(5)
    while not state.is_over():
        random_step(state, rng)
        check_books(state)


def test_an_option_overrides_the_folder_and_the_round_trip_keeps_both(tmp_path: Path) -> None:
    options = designer(tmp_path, parameters_toml="start_cash = 700\nloan_note = 300\n")
    state = new(3, 1, **options, **{"param.start_cash": "650", "param.tax_rates": "4,8"})
    assert state.cash == [650] * 3 and state.params.loan_note == 300
    assert state.tax_percent() == 4 and state.net_worth(0) == 650 - 2 * 300
    assert GAME.options(state.options.to_dict()) == state.options
    assert money.START_CASH == 500 and money.LOAN_NOTE == 250  # the DASHBOARD's: the rulebook's


def test_the_view_and_the_words_carry_the_tables_own_numbers() -> None:
    """A board or a terminal prints the table's numbers from the view, never the rulebook's."""
    options = {
        "param.loan_note": "300",
        "param.overdraft_fee": "30",
        "param.tax_rates": "6,12",
        "param.headgear_prices": ",".join(str(400 + 10 * r) for r in range(11)),
    }
    state = new(3, 1, **options)
    design = state.observe(0)["design"]
    assert design["loan_note"] == 300 and design["overdraft_loan"] == 270
    assert design["tax_rates"] == {"LOW": 6, "HIGH": 12}
    assert design["price_table"][0] == [1000, 25, 400, 10]
    assert design["price_table"][-1] == [2000, 75, 500, 60]
    assert new(3, 1).observe(0)["design"]["price_table"] == [
        [p.goldfix, p.mine_lease, p.headgear, p.drill_report] for p in money.PRICE_TABLE
    ]
    obs = state.observe(0)
    assert prompt.score_parts(obs, 0).endswith("− 2 notes × $300M = −$100M")
    at_pre_roll(state, 0)
    assert Repay() in state.legal_actions(0)
    assert words(state, 0, Repay()).startswith("Repay a $300M LOAN NOTE")
    state.cash[0] = 100
    with pytest.raises(IllegalAction, match=r"repaying a note takes \$300M cash"):
        state.check(0, Repay())  # cash changed behind the legal-move cache: check afresh


def test_the_banks_liquidation_discount_is_a_design_number() -> None:
    state = new(3, 1, **{"param.liquidation_discount": 40})
    give_mine(state, 0, "Alpaca")
    at_pre_roll(state, 0)
    assert Liquidate("ML-Alpaca", 40) in state.legal_actions(0)
    assert Liquidate("ML-Alpaca", 50) not in state.legal_actions(0)
    state.apply(0, Liquidate("ML-Alpaca", 40))
    assert state.cash[0] == 500 + money.percent_of(25 + 250, 60)  # lease and headgear, -40%
    assert state.phase == PRE_ROLL


def test_an_unknown_file_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "Risk.toml").write_text(WINDFALL_DECK)
    with pytest.raises(
        BadOptions, match=r"Risk\.toml: unknown file .*\(did you mean risk\.toml\?\)"
    ):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("parameters.toml", "start_csh = 600\n", r"unknown parameter 'start_csh' \(did you"),
        ("parameters.toml", "start_cash = 'lots'\n", "start_cash: expected a whole number"),
        ("parameters.toml", "max_notes = 30\n", "max_notes: 30 is outside 1 to 20"),
        ("parameters.toml", "tax_rates = [5]\n", "tax_rates: expected 2 numbers"),
        ("board.toml", "sqaures = []\n", r"board\.toml: unknown key 'sqaures' \(did you mean"),
        ("board.toml", "drill_reports_per_mine = 'two'\n", "must be a whole number"),
        ("risk.toml", WINDFALL_DECK.replace("title", "titel"), "unknown key 'titel'"),
        ("risk.toml", WINDFALL_DECK.replace('"scenario"', '"casino"'), "unknown kind 'casino'"),
    ],
)
def test_an_unknown_key_or_a_wrong_value_is_refused_naming_it(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, {"components": str(tmp_path)})


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"param.goldfix_start": 1050}, r"param\.goldfix_start: 1050 is not a multiple of \$100"),
        ({"param.goldfix_corner_commission": 22}, "22% is not a rate a broker can set"),
        ({"param.max_notes": 7}, r"max_notes: 7 must be fewer than bankrupt_notes \(7\)"),
        ({"param.overdraft_fee": 250}, "leaves nothing of a \\$250M note"),
        ({"param.liquidation_discount": 25}, "25% is a LIQUIDATION card's discount"),
        ({"param.start_cash": -1}, "outside 0 to 10000"),
    ],
)
def test_numbers_that_cannot_work_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        GAME.new_state(3, 1, options)


def test_per_mine_figures_need_a_board_of_at_most_as_many_mines(tmp_path: Path) -> None:
    names = [f"M{i}" for i in range(20)]
    board = 'squares = ["bank", ' + ", ".join(f'"mine {n}"' for n in names) + ', "risk"]\n'
    (tmp_path / "board.toml").write_text(board)
    state = GAME.new_state(3, 1, {"components": str(tmp_path)})  # every mine alike: fine
    assert isinstance(state, GoldfixState) and len(state.figures.output) == 20
    (tmp_path / "parameters.toml").write_text(RICH_ALPACA)
    with pytest.raises(BadOptions, match="figures for 18 mines, but the board has 20"):
        GAME.new_state(3, 1, {"components": str(tmp_path)})
