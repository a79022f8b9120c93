"""Bot specs, the seeded random agent, and the terminal human agent driven by a script."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from rich.console import Console

from motherlode.agents import AgentSpec, RandomAgent, bot_names, make_agent, parse_spec
from motherlode.agents.human import HELP, HumanAgent, QuitGame
from motherlode.engine import Action, Agent, BadOptions, State
from tests.engine.nuggets import GAME, Bid, Challenge, NuggetState


class Greedy(Agent):
    """A game's own bot, as a game would list it in ``GAME.bots``."""

    name = "greedy"

    def __init__(self, seed: int | None = None, margin: int = 0) -> None:
        self.seed = seed
        self.margin = margin

    def act(self, state: State, seat: int) -> Action:
        return state.legal_actions(seat)[-1]


BOT_GAME = dataclasses.replace(
    GAME, id="botty", bots={"greedy": Greedy, "broken": lambda seed: "not an agent"}
)


# ------------------------------------------------------------------------ specs


@pytest.mark.parametrize(
    ("text", "name", "params"),
    [
        ("random", "random", {}),
        ("  Random ", "random", {}),
        ("random:", "random", {}),
        ("human", "human", {}),
        ("mcts:iters=500", "mcts", {"iters": 500}),
        ("mcts:iters=500,c=1.4,mode=fast", "mcts", {"iters": 500, "c": 1.4, "mode": "fast"}),
        ("my-bot_2:depth=-3, temp = 0.5 ", "my-bot_2", {"depth": -3, "temp": 0.5}),
        ("x:big=1e3,flag=yes", "x", {"big": 1000.0, "flag": "yes"}),
    ],
)
def test_parse_spec(text: str, name: str, params: dict[str, Any]) -> None:
    spec = parse_spec(text)
    assert spec == AgentSpec(name, params)
    for key, value in params.items():
        assert type(spec.params[key]) is type(value)
    assert spec.is_human == (name == "human")
    assert parse_spec(str(spec)) == spec


def test_spec_text_form() -> None:
    assert str(AgentSpec("random")) == "random"
    assert str(parse_spec("mcts:iters=500,c=1.4")) == "mcts:iters=500,c=1.4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a seat is a bot name such as 'random' or 'mcts:iters=500', not ''"),
        (":iters=3", "a seat is a bot name such as"),
        ("two words", "not 'two words'"),
        ("bot!", "not 'bot!'"),
        ("mcts:iters", "bot parameters are written key=value, got 'iters' in 'mcts:iters'"),
        ("mcts:=5", "bot parameters are written key=value, got '=5'"),
        ("mcts:iters=5,c", "got 'c' in 'mcts:iters=5,c'"),
        ("human:x=1", "a person's seat takes no parameters, got 'human:x=1'"),
    ],
)
def test_parse_spec_errors(text: str, message: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(message)):
        parse_spec(text)


def test_make_agent() -> None:
    agent = make_agent("random", GAME, seed=3)
    assert isinstance(agent, RandomAgent)
    greedy = make_agent("greedy:margin=2", BOT_GAME, seed=9)
    assert isinstance(greedy, Greedy) and greedy.margin == 2 and greedy.seed == 9
    assert isinstance(make_agent(AgentSpec("random"), BOT_GAME), RandomAgent)
    generic = bot_names(GAME)
    # the levels first, weakest first (casual needs a heuristic bot, which the fixture lacks)
    assert generic[:3] == ["beginner", "strong", "expert"]
    assert "random" in generic and generic[3:] == sorted(generic[3:])
    assert bot_names(BOT_GAME) == [*generic[:3], *sorted({*generic[3:], "broken", "greedy"})]


@pytest.mark.parametrize(
    ("game", "spec", "message"),
    [
        (GAME, "zzz", "unknown bot 'zzz' for Sealed Nuggets (test fixture); choose from: human, "),
        (BOT_GAME, "minimax", "choose from: human, beginner, strong, expert, broken, greedy, "),
        (GAME, "greedy", "unknown bot 'greedy'"),
        (GAME, "human", "'human' seats are played by people"),
        (GAME, "random:depth=3", "bad parameters for bot random:depth=3"),
        (BOT_GAME, "greedy:speed=2", "bad parameters for bot greedy:speed=2"),
        (BOT_GAME, "broken", "bot 'broken' of Sealed Nuggets (test fixture) did not build an"),
        (GAME, "no good", "a seat is a bot name"),
    ],
)
def test_make_agent_errors(game: Any, spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=re.escape(message)):
        make_agent(spec, game, seed=1)


# ----------------------------------------------------------------- random agent


def play_with(agents: list[Agent], seed: int = 2) -> State:
    state = GAME.new_state(len(agents), seed)
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, agents[seat].act(state, seat))
    return state


def test_random_agent_is_determined_by_its_seed() -> None:
    def moves(seed: int) -> list[tuple[int, Action]]:
        agents: list[Agent] = [RandomAgent(seed + s) for s in range(3)]
        return play_with(agents).moves()

    assert moves(5) == moves(5)
    assert moves(5) != moves(50)
    assert len({tuple(moves(s)) for s in range(6)}) > 1


def test_random_agent_picks_only_legal_actions() -> None:
    agent = RandomAgent(1)
    state = GAME.new_state(2, 1)
    picks = {agent.act(state, 0) for _ in range(200)}
    assert picks == set(state.legal_actions(0)), "uniform over all 7 bids"
    assert isinstance(make_agent("random", GAME, seed=4), RandomAgent)
    a, b = make_agent("random", GAME, seed=4), make_agent("random", GAME, seed=4)
    assert [a.act(state, 1) for _ in range(20)] == [b.act(state, 1) for _ in range(20)]


# ------------------------------------------------------------------ human agent


class Script:
    """Answers the agent's prompts in turn, remembering every prompt."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise AssertionError(f"asked once more than scripted: {prompt!r}")
        return self.answers.pop(0)


def human(*answers: str, **kwargs: Any) -> tuple[HumanAgent, Script, io.StringIO]:
    out = io.StringIO()
    script = Script(answers)
    return HumanAgent(Console(file=out, width=150), ask=script, **kwargs), script, out


def two_player() -> NuggetState:
    state = GAME.new_state(2, 1)
    assert isinstance(state, NuggetState)
    state.card, state.deck, state.bonus, state.gold = 5, [1, 2, 3, 4], [7, 8], [6, 6]
    return state


def test_a_bare_number_is_the_value_of_the_move_that_takes_one() -> None:
    """Goodwill's price trap: with "1) price 0" on the menu, 13 must mean price 13."""
    agent, script, out = human("2")
    state = two_player()
    assert agent.act(state, 0) == Bid(2)
    assert script.prompts == ["Player 1> "]
    text = out.getvalue()
    assert "Player 1, your move:" in text
    assert "#1 bid 0" in text and "#7 bid 6" in text and "#8" not in text
    assert "A bare number N means 'bid N'; #N picks menu line N (e.g. #1)." in text
    assert "'seat': 0" in text and "'my_bonus': 7" in text, "the board as seat 0 sees it"
    assert "Round 1" in text, "the log since the last move"


@pytest.mark.parametrize(
    ("answer", "action"),
    [
        ("bid 3", Bid(3)),
        ("  bid gold=6  ", Bid(6)),
        ('{"type": "bid", "gold": 4}', Bid(4)),
        ("6", Bid(6)),
        ("#7", Bid(6)),
        ("# 2", Bid(1)),
    ],
)
def test_choose_by_notation(answer: str, action: Action) -> None:
    agent, script, _ = human(answer)
    assert agent.act(two_player(), 1) == action
    assert len(script.prompts) == 1


def test_out_of_range_numbers_are_asked_again() -> None:
    agent, script, out = human("#0", "#8", "", "9", "#x", "#3")
    state = two_player()
    assert agent.act(state, 0) == Bid(2)
    assert script.prompts == ["Player 1> "] * 6
    text = out.getvalue()
    assert text.count("Choose a menu line from #1 to #7.") == 2
    assert "you can bid 0 to 6 gold, not 9" in text, "a bare number out of range: the rule"
    assert "#N picks menu line N: write a number after #" in text
    assert state.move_count == 0 and not state.committed()


def test_illegal_and_malformed_text_is_explained_and_asked_again() -> None:
    agent, script, out = human(
        "bid 9", "dance", "{oops", "challenge yes", "bid", "bid 1,2", "bid -1", "bid 1"
    )
    assert agent.act(two_player(), 0) == Bid(1)
    assert len(script.prompts) == 8
    text = out.getvalue()
    for message in (
        "you can bid 0 to 6 gold, not 9",
        "unknown action 'dance'; known: bid, challenge",
        "malformed JSON action",
        "challenge yes is not possible now",
        "bid: missing gold",
        "field 'gold': expected a whole number, got '1,2'",
        "you can bid 0 to 6 gold, not -1",
    ):
        assert message in text


def test_the_runner_up_is_offered_the_challenge() -> None:
    state = two_player()
    state.apply(1, Bid(4))
    state.apply(0, Bid(2))  # seat 1 wins; seat 0 alone may challenge
    agent, script, out = human("challenge yes")
    assert agent.act(state, 0) == Challenge(True)
    assert "1) challenge no" in out.getvalue() and "2) challenge yes" in out.getvalue()
    assert len(script.prompts) == 1


def test_help_board_and_log() -> None:
    agent, script, out = human("help", "board", "LOG", "?", "#1")
    state = two_player()
    state.apply(1, Bid(3))
    assert agent.act(state, 0) == Bid(0)
    text = out.getvalue()
    assert text.count(HELP.splitlines()[0]) == 2
    assert text.count("nuggets: {") == 2, "board shows the board again"
    assert text.count("#1 bid 0") == 2, "... and the moves"
    assert text.count("Player 2 has decided") == 3, "shown at the start, by board, and by log"
    assert len(script.prompts) == 5


@pytest.mark.parametrize("word", ["quit", "exit", "QUIT"])
def test_quit(word: str) -> None:
    agent, _, _ = human(word)
    state = two_player()
    with pytest.raises(QuitGame):
        agent.act(state, 0)
    assert state.move_count == 0


def test_only_new_events_are_shown_after_the_first_move() -> None:
    agent, _, out = human("1", "1")
    state = two_player()
    state.apply(0, agent.act(state, 0))
    state.apply(1, Bid(2))  # seat 1 wins the 5; seat 0 is asked to challenge
    first = out.getvalue()
    out.truncate(0)
    out.seek(0)
    assert agent.act(state, 0) == Challenge(False)
    second = out.getvalue()
    assert "Round 1" in first and "Round 1" not in second
    assert "Player 2 takes the 5 for 2" in second


def test_hotseat_asks_to_pass_the_keyboard_and_shows_only_own_secrets() -> None:
    agent, script, out = human(
        "", "challenge yes", "", "1", "", "1", hotseat=True, seat_names=["Ann", "Bob"]
    )
    state = two_player()
    state.apply(1, Bid(4))
    state.apply(0, Bid(2))  # Bob wins; Ann is asked whether to challenge
    state.apply(0, agent.act(state, 0))
    assert state.observe(0)["my_peek"] == 1
    ann = out.getvalue()
    out.truncate(0)
    out.seek(0)
    state.apply(1, agent.act(state, 1))
    bob = out.getvalue()
    out.truncate(0)
    out.seek(0)
    agent.act(state, 0)
    ann_again = out.getvalue()
    assert script.prompts == [
        "Pass the keyboard to Ann and press Enter ",
        "Ann> ",
        "Pass the keyboard to Bob and press Enter ",
        "Bob> ",
        "Pass the keyboard to Ann and press Enter ",
        "Ann> ",
    ]
    assert "Ann, your move:" in ann and "Bob, your move:" in bob
    assert "'my_bonus': 7" in ann and "'my_bonus': 8" not in ann
    assert "'my_bonus': 8" in bob and "'my_bonus': 7" not in bob
    assert "You see a 1 at the bottom of the deck" in ann_again
    assert "'my_peek': 1" in ann_again
    assert "You see a" not in bob and "my_peek" not in bob
    assert "Player 1 challenges and peeks" in bob


def test_no_keyboard_passing_without_hotseat() -> None:
    agent, script, _ = human("1", seat_names=["Ann", "Bob"])
    agent.act(two_player(), 1)
    assert script.prompts == ["Bob> "]


def test_a_superscript_digit_is_asked_again() -> None:
    agent, script, _ = human("²", "1")
    assert agent.act(two_player(), 0) == Bid(1)
    assert len(script.prompts) == 2


def test_markup_in_an_answer_is_shown_as_text() -> None:
    agent, _, out = human("[/]", "1")
    assert agent.act(two_player(), 0) == Bid(1)
    assert "unknown action '[/]'" in out.getvalue()


def test_human_agent_uses_the_console_input_by_default() -> None:
    console = Console(file=io.StringIO())
    assert HumanAgent(console).ask == console.input


def test_random_agents_finish_games_from_any_seed() -> None:
    rng = random.Random(0)
    for _ in range(5):
        seed = rng.randrange(10**6)
        state = play_with([RandomAgent(seed), RandomAgent(seed + 1)], seed=seed)
        assert state.is_over() and len(state.ranking()[0]) >= 1
