"""SOLO PLAY: the Minister AI, exactly as the rulebook's solo section says."""

import random

import pytest

from motherlode import IllegalAction
from motherlode.agents import RandomAgent
from motherlode.games.gonza.actions import MINISTER_TURN, Decide, MinisterTurn, Reroll
from motherlode.games.gonza.bots import MinisterBot
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.tables import DECIDE, MINISTER, TURN
from tests.games.gonza.helpers import (
    GAME,
    act,
    bids_on,
    conserved,
    fund,
    give,
    lay_brokers,
    new,
    place,
    roll,
    set_value,
    stack_broker_deck,
    stack_events,
    value,
)

AI = 1  # Player 2 is the Minister AI; Players 1 and 3 are people


def table(**options: object) -> GonzaState:
    """Three players, Player 2 the Minister AI, Player 1 first."""
    options.setdefault("minister", "2")
    return new(players=3, **options)  # type: ignore[arg-type]


def ai_dice(state: GonzaState, *rolls: tuple[str, ...]) -> None:
    """The AI's next rolls will show these faces."""
    queue = list(rolls)
    real = state._roll

    def fake(count: int, *, with_black: bool) -> None:
        if not queue:
            real(count, with_black=with_black)
            return
        faces = queue.pop(0)
        assert len(faces) == count
        roll(state, *faces, black=with_black)

    state._roll = fake  # type: ignore[method-assign]


def to_ai(state: GonzaState) -> None:
    """Player 1 ends a quiet turn; the Minister AI is asked."""
    roll(state, "earn", "earn", "earn", "earn", "up")
    act(state, 0, "end")
    assert state.phase == MINISTER and state.pending() == (AI,)


def ai_turn(state: GonzaState, *faces: str) -> None:
    to_ai(state)
    ai_dice(state, faces)
    act(state, AI, "minister")


def test_solo_play_the_ai_seat_only_takes_its_turn_by_the_rules() -> None:
    state = table()
    to_ai(state)
    assert state.legal_actions(AI) == [MINISTER_TURN]
    with pytest.raises(IllegalAction, match="played by the Minister AI"):
        act(state, AI, "earn")
    with pytest.raises(IllegalAction, match="played by the Minister AI"):
        state.check(AI, Reroll((1,)))


def test_solo_play_minister_is_not_a_move_for_people() -> None:
    state = table()
    roll(state, "earn", "earn", "earn", "earn", "up")
    with pytest.raises(IllegalAction, match="not a Minister AI player"):
        act(state, 0, "minister")


def test_solo_play_roll_once_and_follow_each_die() -> None:
    state = table()
    ai_turn(state, "earn", "earn", "up", "earn", "up")
    assert state.personal[AI] == 2 + 3  # no stock to increase: the two stock +1 are ignored
    assert state.active == 2 and state.phase == TURN
    assert conserved(state)


def test_solo_play_earn_nothing_when_no_credits_are_left() -> None:
    state = table()
    fund(state, AI, state.supply[AI])
    before = state.personal[AI]
    ai_turn(state, "earn", "earn", "earn", "earn", "up")
    assert state.personal[AI] == before


def test_solo_play_invest_in_the_highest_valuation() -> None:
    state = table()
    ai_turn(state, "place", "down", "down", "down", "bid")
    assert state.credits_on(state.slot["azing"], AI) == 1  # Azing & Van Trovic is worth 3


def test_solo_play_invest_tie_goes_to_most_opposing_stocks() -> None:
    state = table()
    set_value(state, "hensler", 3)
    place(state, 0, "hensler", 2)
    place(state, 2, "azing", 1)
    ai_turn(state, "place", "earn", "earn", "earn", "bid")
    assert state.credits_on(state.slot["hensler"], AI) == 1


def test_solo_play_earn_comes_before_investing() -> None:
    state = table()
    state.personal[AI] = 0
    state.supply[AI] += 2
    ai_turn(state, "place", "earn", "up", "up", "up")
    assert state.credits_on(state.slot["azing"], AI) == 1 and state.personal[AI] == 0


def test_solo_play_invest_needs_credits_and_room() -> None:
    state = table()
    state.personal[AI] = 0
    state.supply[AI] += 2
    ai_turn(state, "place", "up", "up", "up", "bid")
    assert sum(state.placed[AI::3]) == 0
    state = table()
    place(state, 0, "azing", 8)  # full at 8 credits for 3 players
    set_value(state, "hensler", 3)
    ai_turn(state, "place", "earn", "earn", "earn", "earn")
    assert state.credits_on(state.slot["azing"], AI) == 0
    assert state.credits_on(state.slot["hensler"], AI) == 1  # highest valuation with room


def test_solo_play_you_decide_an_invest_tie() -> None:
    state = table()
    set_value(state, "hensler", 3)
    ai_turn(state, "place", "earn", "earn", "earn", "earn")
    # the humans decide in turn, starting with the player who went last in the first round
    assert state.phase == DECIDE and state.pending() == (2,)
    assert state.legal_actions(2) == [Decide("hensler"), Decide("azing")]
    view = state.observe(2)["decision"]
    assert view["for"] == AI and view["choices"] == ["hensler", "azing"]
    with pytest.raises(IllegalAction, match="not one of the tied options: hensler, azing"):
        act(state, 2, "decide mrtc")
    act(state, 2, "decide hensler")
    assert state.credits_on(state.slot["hensler"], AI) == 1
    assert state.active == 2 and state.phase == TURN


def test_solo_play_the_power_to_decide_passes_between_humans() -> None:
    state = table()
    set_value(state, "hensler", 3)
    ai_turn(state, "place", "place", "up", "up", "bid")
    assert state.pending() == (2,)  # Player 3 went last in the first round
    act(state, 2, "decide hensler")
    # the second investment ties again (the AI's own credit is not an opposing stock)
    assert state.phase == DECIDE and state.pending() == (0,)
    act(state, 0, "decide azing")
    assert state.credits_on(state.slot["azing"], AI) == 1


def test_solo_play_stock_up_on_the_most_held_corporation() -> None:
    state = table()
    place(state, AI, "kepler", 2)
    place(state, AI, "mrtc", 1)
    ai_turn(state, "up", "earn", "earn", "earn", "earn")
    assert value(state, "kepler") == 2 and value(state, "mrtc") == 2


def test_solo_play_stock_up_needs_at_least_one_stock() -> None:
    state = table()
    before = list(state.pos)
    ai_turn(state, "up", "earn", "earn", "earn", "earn")
    assert state.pos == before


def test_solo_play_stock_up_tie_goes_to_fewest_opposing_stocks() -> None:
    state = table()
    place(state, AI, "kepler", 1)
    place(state, AI, "mrtc", 1)
    place(state, 0, "mrtc", 1)
    ai_turn(state, "up", "earn", "earn", "earn", "earn")
    assert value(state, "kepler") == 2 and value(state, "mrtc") == 2


def test_solo_play_you_decide_a_stock_up_tie() -> None:
    state = table()
    place(state, AI, "kepler", 1)
    place(state, AI, "mrtc", 1)
    ai_turn(state, "up", "earn", "earn", "earn", "earn")
    assert state.legal_actions(2) == [Decide("mrtc"), Decide("kepler")]
    act(state, 2, "decide mrtc")
    assert value(state, "mrtc") == 3


def test_solo_play_stock_down_on_the_least_held_corporation() -> None:
    state = table()
    for corp in ("hensler", "azing", "mrtc", "novatek", "helix"):
        place(state, AI, corp, 1)
    ai_turn(state, "down", "earn", "earn", "earn", "earn")
    assert value(state, "kepler") == 0


def test_solo_play_stock_down_tie_goes_to_most_opposing_stocks() -> None:
    state = table()
    place(state, 0, "novatek", 2)
    place(state, 2, "helix", 1)
    ai_turn(state, "down", "earn", "earn", "earn", "earn")
    assert value(state, "novatek") == 0 and value(state, "helix") == 2


def test_solo_play_you_decide_a_stock_down_tie() -> None:
    state = table()
    ai_turn(state, "down", "earn", "earn", "earn", "earn")
    assert [a.choice for a in state.legal_actions(2)] == [  # type: ignore[attr-defined]
        "hensler",
        "azing",
        "mrtc",
        "novatek",
        "helix",
        "kepler",
    ]
    act(state, 2, "decide novatek")
    assert value(state, "novatek") == 0


def test_solo_play_bid_only_on_ai_cards_with_fewest_other_bids() -> None:
    state = table()
    lay_brokers(state, "sector-surge", "rally", "dividend", "sector-slump")
    fund(state, 0, 1)
    state.personal[0] -= 1
    state.bids[1 * 3 + 0] = 1  # Player 1 has a credit on Market Rally
    ai_turn(state, "bid", "up", "up", "up", "earn")
    assert bids_on(state, "dividend") == [0, 1, 0]
    assert bids_on(state, "sector-surge") == [0, 0, 0]


def test_solo_play_you_decide_a_bid_tie() -> None:
    state = table()
    lay_brokers(state, "sector-surge", "rally", "dividend", "sector-slump")
    ai_turn(state, "bid", "up", "up", "up", "earn")
    assert state.legal_actions(2) == [Decide("rally"), Decide("dividend")]
    act(state, 2, "decide rally")
    assert bids_on(state, "rally") == [0, 1, 0]


def test_solo_play_bid_ignored_without_credits_or_ai_cards() -> None:
    state = table()
    lay_brokers(state, "sector-surge", "sector-slump", "rally", "dividend")
    state.personal[AI] = 0
    state.supply[AI] += 2
    ai_turn(state, "bid", "up", "up", "up", "up")
    assert sum(state.bids) == 0
    state = table()
    lay_brokers(state, "sector-surge", "sector-slump")
    ai_turn(state, "bid", "up", "up", "up", "up")
    assert sum(state.bids) == 0 and state.personal[AI] == 2


def test_solo_play_event_token_added_and_ties_go_to_the_ai_as_activator() -> None:
    state = table()
    stack_events(state, "bubble", "index-crash", "rotation", "credit-crunch")
    lay_brokers(state, "rally", "sector-surge", "inheritance", "sector-slump")
    for seat, slot in ((0, 2), (2, 0)):  # Player 1 bid on Inheritance, Player 3 on Rally
        fund(state, seat, 1)
        state.personal[seat] -= 1
        state.bids[slot * 3 + seat] = 1
    state.tokens = 2
    ai_turn(state, "bid", "earn", "earn", "earn", "event")
    # the AI cards have one other bid each: Player 3 decides where the AI bids
    assert state.legal_actions(2) == [Decide("rally"), Decide("inheritance")]
    act(state, 2, "decide inheritance")
    assert state.events_done == ["bubble"]
    assert "inheritance" in state.hands[AI]  # the tie with Player 1 went to the activator
    assert "rally" in state.hands[2]
    assert state.paid == [0, 1, 1]
    assert conserved(state)


def test_solo_play_extra_rolls_of_the_yellow_dice() -> None:
    state = table(minister_rolls=3)
    to_ai(state)
    ai_dice(
        state,
        ("earn", "earn", "earn", "earn", "up"),
        ("earn", "earn", "up", "up"),
        ("earn", "up", "up", "up"),
    )
    act(state, AI, "minister")
    assert state.personal[AI] == 2 + 4 + 2 + 1


def test_solo_play_cards_used_at_once_even_in_another_players_turn() -> None:
    state = table()
    place(state, AI, "helix", 2)
    stack_events(state, "rotation", "bubble", "index-crash", "credit-crunch")
    lay_brokers(state, "rally", "dividend", "inheritance", "hedge")
    fund(state, AI, 2)
    state.personal[AI] -= 2
    state.bids[0 * 3 + AI] = 1
    state.bids[1 * 3 + AI] = 1
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")
    # Sector Rotation moved resource up 1 (Helix 2 -> 3); Market Rally then raised Helix
    assert value(state, "helix") == 4
    assert state.hands[AI] == []  # both used at once, Dividend for 4 credits
    assert state.personal[AI] == 2 + 4
    assert state.broker_deck[-4:] == ["rally", "dividend", "inheritance", "hedge"]
    assert state.active == 0 and state.phase == TURN
    assert conserved(state)


def test_solo_play_keeps_end_game_cards_and_safe_harbour() -> None:
    state = table()
    lay_brokers(state, "hedge", "inheritance", "diversified", "safe-harbour")
    stack_events(state, "bubble", "index-crash", "rotation", "credit-crunch")
    fund(state, AI, 4)
    state.personal[AI] -= 4
    for slot in range(4):
        state.bids[slot * 3 + AI] = 1
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")
    assert state.hands[AI] == ["hedge", "inheritance", "diversified", "safe-harbour"]


def test_solo_play_safe_harbour_on_the_next_harmful_event_only() -> None:
    state = table()
    give(state, AI, "safe-harbour")
    place(state, AI, "hensler", 2)
    stack_events(state, "tourism-boom", "credit-crunch", "index-crash", "rotation")
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")  # Orbital Tourism Boom: no harm to the AI's stocks
    assert state.hands[AI] == ["safe-harbour"] and value(state, "mrtc") == 4
    state.tokens = 2
    roll(state, "earn", "earn", "earn", "earn", "event")
    act(state, 0, "event")  # Credit Crunch would take Hensler from 2 to 0
    assert state.hands[AI] == [] and value(state, "hensler") == 2
    assert state.event_cancelled


def test_solo_play_up_to_four_cards_discarding_at_random() -> None:
    state = table()
    give(state, AI, "hedge", "inheritance", "diversified", "safe-harbour", "sector-surge")
    ai_turn(state, "earn", "earn", "earn", "earn", "up")
    assert len(state.hands[AI]) == 4
    assert len(state.broker_deck) + len(state.face_up) == 10
    state = table()
    give(state, AI, "hedge", "inheritance", "diversified", "safe-harbour")
    ai_turn(state, "earn", "earn", "earn", "earn", "up")
    assert len(state.hands[AI]) == 4


def test_solo_play_buying_spree_places_up_to_three() -> None:
    state = table()
    give(state, AI, "buying-spree")
    fund(state, AI, 2)  # 4 credits: three placements on the highest valuation
    state.tasks.append(("ai_card", AI, "buying-spree"))
    state._run()
    assert state.credits_on(state.slot["azing"], AI) == 3
    assert "buying-spree" not in state.hands[AI]


def test_solo_play_buying_spree_without_credits_is_discarded() -> None:
    state = table()
    state.personal[AI] = 0
    state.supply[AI] += 2
    give(state, AI, "buying-spree")
    state.tasks.append(("ai_card", AI, "buying-spree"))
    state._run()
    assert state.hands[AI] == [] and state.broker_deck[-1] == "buying-spree"
    assert sum(state.placed[AI::3]) == 0


def test_solo_play_insider_tip_invests_and_raises() -> None:
    state = table()
    give(state, AI, "insider-tip")
    state.tasks.append(("ai_card", AI, "insider-tip"))
    state._run()
    assert state.credits_on(state.slot["azing"], AI) == 1 and value(state, "azing") == 4


def test_solo_play_value_cards_follow_the_ai_value_rules() -> None:
    state = table()
    place(state, AI, "novatek", 1)
    give(state, AI, "bull-run", "bear-raid")
    place(state, AI, "hensler", 1)
    place(state, AI, "azing", 1)
    place(state, AI, "mrtc", 1)
    place(state, AI, "helix", 1)
    state.tasks.extend([("ai_card", AI, "bear-raid"), ("ai_card", AI, "bull-run")])
    state._run()
    # Bull Run: a tie of one stock each -> fewest opposing (all 0) -> Player 3 decides
    act(state, 2, "decide novatek")
    assert value(state, "novatek") == 3
    # Bear Raid: the corporation the AI holds least of is Kepler (none)
    assert value(state, "kepler") == 0


def test_solo_play_headhunter_takes_and_uses_the_first_ai_card() -> None:
    state = table()
    give(state, AI, "headhunter")
    stack_broker_deck(state, "sector-slump", "dividend", "rally")
    state.tasks.append(("ai_card", AI, "headhunter"))
    state._run()
    assert state.personal[AI] == 2 + 4  # it found Dividend and used it at once
    assert state.broker_deck[-3:] == ["sector-slump", "headhunter", "dividend"]
    assert state.hands[AI] == [] and state.broker_deck[0] == "rally"


def test_solo_play_all_ai_table_draws_ties_from_the_seed() -> None:
    for seed in range(5):
        state = GAME.new_state(3, seed, {"minister": "1,2,3"})
        assert isinstance(state, GonzaState)
        while not state.is_over():
            (seat,) = state.pending()
            assert state.legal_actions(seat) == [MinisterTurn()]
            state.apply(seat, MINISTER_TURN)
        assert conserved(state)
    a = GAME.new_state(3, 9, {"minister": "1,2,3"})
    b = GAME.new_state(3, 9, {"minister": "1,2,3"})
    for s in (a, b):
        while not s.is_over():
            s.apply(s.pending()[0], MINISTER_TURN)
    assert a.scores() == b.scores()


def test_solo_play_minister_bot_at_an_ai_seat_and_at_a_people_seat() -> None:
    bot = MinisterBot(seed=1)
    state = table()
    to_ai(state)
    assert bot.act(state, AI) == MINISTER_TURN
    # at a seat of the ordinary rules it never re-rolls and bids only on AI cards
    state = new(players=2)
    lay_brokers(state, "sector-surge", "sector-slump", "rally", "dividend")
    roll(state, "bid", "place", "earn", "up", "down")
    chosen = bot.act(state, 0)
    assert chosen == GAME.parse_action("earn")
    state.apply(0, chosen)
    assert bot.act(state, 0) == GAME.parse_action("place azing")


def test_solo_play_bots_play_whole_games_against_the_ai() -> None:
    rng = random.Random(4)
    for seed in range(6):
        state = GAME.new_state(4, seed, {"minister": "2,4", "minister_rolls": 2})
        bots = {0: MinisterBot(seed=seed), 2: RandomAgent(seed=seed)}
        while not state.is_over():
            (seat,) = state.pending()
            agent = bots.get(seat) or RandomAgent(seed=rng.randrange(99))
            state.apply(seat, agent.act(state, seat))
        assert conserved(state)  # type: ignore[arg-type]
