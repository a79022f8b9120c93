"""Bots for Gonza Index: the rulebook's Minister AI, and a greedy heuristic player.

Both read only what their seat may know: the legal actions, and a copy of the game from
``seat_view`` in which the unseen cards are re-drawn.
"""

from __future__ import annotations

import random
from pathlib import Path

from motherlode.agents.judge import foretell, weights_or_none
from motherlode.engine import Action, Agent, State, seat_view
from motherlode.games.gonza import minister
from motherlode.games.gonza.actions import (
    EARN,
    END_TURN,
    AddEventToken,
    Bid,
    Discard,
    Earn,
    EndTurn,
    Place,
    Play,
    Reroll,
    StockDown,
    StockUp,
)
from motherlode.games.gonza.components import BID, DOWN, EVENT, PLACE, UP
from motherlode.games.gonza.components import EARN as EARN_FACE
from motherlode.games.gonza.rules import GonzaState
from motherlode.games.gonza.tables import DECIDE, DISCARD, PROTECT, TURN


def _view(state: State, seat: int, rng: random.Random) -> GonzaState:
    view = seat_view(state, seat, rng)
    assert isinstance(view, GonzaState)
    return view


class MinisterBot(Agent):
    """SOLO PLAY's Minister AI as a bot: usable at any seat, from every interface.

    At a seat the ``minister`` option declares, the game itself runs the AI's rules and the
    bot only answers 'minister'.  At any other seat the bot plays the same rules inside the
    ordinary player's turn: it never re-rolls, carries out its dice in the AI's order, bids
    only on AI-symbol cards, plays its AI-symbol cards as soon as it may, and breaks the
    AI's 'you decide' ties with its own seeded draw.
    """

    name = "minister"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = _view(state, seat, self.rng)
        if view.phase == PROTECT:
            event = view.comp.event[view.current_event or ""]
            harmful = minister.event_effect_on(view, seat, event) < 0
            return next(a for a in legal if isinstance(a, Play) == harmful)
        if view.phase == TURN:
            choice = self._turn(view, seat)
            if choice in legal:
                return choice
        # a tie decided for another seat's AI, a discard: the AI's 'random' choice
        return self.rng.choice(legal)

    def _pick(self, options: list[int]) -> int | None:
        return self.rng.choice(options) if options else None

    def _turn(self, view: GonzaState, seat: int) -> Action:
        for cid in view.hands[seat]:
            card = view.comp.card[cid]
            if card.ai and card.when == "turn":
                play = self._card(view, seat, cid)
                if play is not None:
                    return play
        for face in minister.AI_ORDER:
            if not view.left[face]:
                continue
            action = self._die(view, seat, face)
            if action is not None:
                return action
        return END_TURN

    def _die(self, view: GonzaState, seat: int, face: int) -> Action | None:
        corps = view.corps
        if face == EARN_FACE:
            return EARN if view.supply[seat] else None
        if face == PLACE:
            c = self._pick(minister.place_choices(view, seat))
            return None if c is None else Place(corps[c].id)
        if face == UP:
            c = self._pick(minister.raise_choices(view, seat))
            return None if c is None else StockUp(corps[c].id)
        if face == DOWN:
            c = self._pick(minister.lower_choices(view, seat))
            return None if c is None else StockDown(corps[c].id)
        if face == BID:
            s = self._pick(minister.bid_choices(view, seat))
            return None if s is None else Bid(view.face_up[s])
        if face == EVENT and view.event_deck:
            return AddEventToken()
        return None

    def _card(self, view: GonzaState, seat: int, cid: str) -> Action | None:
        card = view.comp.card[cid]
        corps = view.corps
        if card.effect == "move":
            pick = minister.raise_choices if card.amount > 0 else minister.lower_choices
            c = self._pick(pick(view, seat))
            return None if c is None else Play(cid, (corps[c].id,))
        if card.effect == "place_move":
            c = self._pick(minister.place_choices(view, seat))
            return None if c is None else Play(cid, (corps[c].id,))
        if card.effect == "place":
            trial = view.clone()
            targets: list[str] = []
            for _ in range(card.amount):
                c = self._pick(minister.place_choices(trial, seat))
                if c is None:
                    break
                trial.personal[seat] -= 1
                trial.placed[c * trial.num_players + seat] += 1
                trial.total[c] += 1
                targets.append(corps[c].id)
            return Play(cid, tuple(sorted(targets))) if targets else None
        if card.effect in ("gain", "search"):
            return Play(cid, ())
        return None


# ------------------------------------------------------------- the heuristic

CARD_WORTH = {
    "move": 1.5,
    "move_type": 1.5,
    "gain": 3.5,
    "place": 3.0,
    "place_move": 2.5,
    "protect": 1.5,
    "search": 2.5,
    "hedge": 0.0,
    "bonus": 0.0,
    "bonus_types": 0.0,
}
"""What a broker card in hand is worth beyond its end-game credits (already in the score)."""


def worth(view: GonzaState, seat: int) -> float:
    """A seat's standing: its score, plus its bids and the promise of its broker cards."""
    n = view.num_players
    cards = view.comp.card
    total = float(view.score(seat))
    total += sum(CARD_WORTH[cards[c].effect] for c in view.hands[seat])
    for slot, cid in enumerate(view.face_up):
        row = view.bids[slot * n : slot * n + n]
        mine = row[seat]
        if mine:
            total += mine
            if mine >= max(row):
                card = cards[cid]
                total += 0.6 * (CARD_WORTH[card.effect] + card.amount * (card.when == "end"))
    return total


def advantage(view: GonzaState, seat: int) -> float:
    """One's worth minus the best opponent's worth."""
    others = [worth(view, s) for s in range(view.num_players) if s != seat]
    return worth(view, seat) - (max(others) if others else 0.0)


class HeuristicBot(Agent):
    """A greedy player: it tries each move on a copy and keeps the one that most improves
    its lead (score, bids, cards in hand) over the best opponent.  It re-rolls the dice no
    move can use to advantage, adds the event token last, and ends its turn when nothing
    helps."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, margin: float = 0.05) -> None:
        self.rng = random.Random(seed)
        self.margin = margin

    def evaluate(self, state: State, seat: int) -> float:
        """The search's cut-off value of a position (``mcts:cutoff=N,eval=heuristic``): the
        seat's worth, its score plus the promise of its bids and broker cards."""
        assert isinstance(state, GonzaState)
        return worth(state, seat)

    def _after(self, view: GonzaState, seat: int, action: Action) -> float:
        trial = view.clone()
        trial.logging = False
        trial.apply(seat, action)
        return advantage(trial, seat)

    def act(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = _view(state, seat, self.rng)
        if view.phase == DISCARD:
            return max(
                (a for a in legal if isinstance(a, Discard)),
                key=lambda a: -self._keep_value(view, a.card),
            )
        if view.phase in (DECIDE, PROTECT):
            return max(legal, key=lambda a: self._after(view, seat, a))
        if view.phase != TURN:
            return legal[0]
        moves = [a for a in legal if not isinstance(a, Reroll | EndTurn | AddEventToken)]
        now = advantage(view, seat)
        gains = {a: self._after(view, seat, a) - now for a in moves}
        rerolls = [a for a in legal if isinstance(a, Reroll)]
        if rerolls:
            wasted = self._wasted_dice(view, gains)
            if wasted:
                wanted = Reroll(tuple(wasted))
                if wanted in rerolls:
                    return wanted
        best = max(gains, key=lambda a: gains[a], default=None)
        if best is not None and gains[best] > self.margin:
            return best
        for action in legal:
            if isinstance(action, AddEventToken | EndTurn):
                return action
        return self.rng.choice(legal)

    def ranked(self, state: State, seat: int) -> list[Action]:
        """Every legal move, this bot's own choice first, then the moves that gain most
        (re-rolls, the event token and the turn's end after those that gain), all read
        from the seat's own view: the search's root prior (``mcts`` ``top``)."""
        legal = state.legal_actions(seat)
        first = self.act(state, seat)
        if len(legal) == 1:
            return legal
        view = _view(state, seat, self.rng)
        rest = [a for a in legal if a != first]
        if view.phase not in (DECIDE, PROTECT, TURN):
            return [first, *rest]
        plain = (Reroll, EndTurn, AddEventToken) if view.phase == TURN else ()
        now = advantage(view, seat)
        gain = {a: self._after(view, seat, a) - now for a in rest if not isinstance(a, plain)}
        order = sorted(gain, key=lambda a: -gain[a])
        good = [a for a in order if gain[a] > self.margin]
        others = [a for a in rest if a not in gain]
        return [first, *good, *others, *order[len(good) :]]

    def _wasted_dice(self, view: GonzaState, gains: dict[Action, float]) -> list[int]:
        """Numbers of the dice whose face no move can use to advantage."""
        useful: set[int] = set()
        for action, gain in gains.items():
            if gain <= self.margin:
                continue
            for face, kind in ((PLACE, Place), (UP, StockUp), (DOWN, StockDown), (BID, Bid)):
                if isinstance(action, kind):
                    useful.add(face)
            if isinstance(action, Earn):
                useful.add(EARN_FACE)
        last = len(view.dice) - 1
        return [
            i + 1
            for i, face in enumerate(view.dice)
            if face not in useful and not (face == EVENT and view.black and i == last)
        ]

    def _keep_value(self, view: GonzaState, cid: str) -> float:
        card = view.comp.card[cid]
        return CARD_WORTH[card.effect] + (card.amount if card.effect == "bonus" else 0)


# ------------------------------------------------------------ the fitted judge

HOLDINGS = (
    "points",
    "credits in hand",
    "credits to earn",
    "stock value",
    "credits placed",
    "stock step up",
    "stock step down",
    "stock held alone",
    "stock others lead",
    "event drift",
    "card promise",
    "cards in hand",
    "bids",
    "bids leading",
    "leading card worth",
    "to move",
    "dice to use",
)
"""What :func:`holdings` writes down for a seat, in its order."""

(
    _POINTS,
    _HAND,
    _TO_EARN,
    _STOCK,
    _PLACED,
    _STEP_UP,
    _STEP_DOWN,
    _ALONE,
    _OTHERS_LEAD,
    _DRIFT,
    _PROMISE,
    _CARDS,
    _BIDS,
    _BIDS_LEADING,
    _LEADING_WORTH,
    _TO_MOVE,
    _DICE,
) = range(len(HOLDINGS))


def left(state: GonzaState) -> float:
    """The share of the game still to play: event tokens still to be added before the last
    event card, of all the game's (0 in the final round)."""
    needed = int(state.params.event_tokens)
    if state.final:
        return 0.0
    steps = max(1, state.options.event_cards * needed)
    return max(0.0, len(state.event_deck) * needed - state.tokens) / steps


def drift(state: GonzaState) -> list[float]:
    """Each corporation's expected marker move from the event cards still to come: those
    left in the deck, each drawn from the cards nobody has seen (the deck and the box, the
    same in every world the seat may imagine)."""
    unseen = [state.comp.event[e] for e in (*state.event_deck, *state.event_box)]
    if not state.event_deck or not unseen:
        return [0.0] * len(state.corps)
    share = len(state.event_deck) / len(unseen)
    by_type: dict[str, float] = {}
    for card in unseen:  # whole numbers: the sum is the same in any order the decks lie
        for kind, spaces in card.moves:
            by_type[kind] = by_type.get(kind, 0) + spaces
    by_type = {kind: spaces * share for kind, spaces in by_type.items()}
    return [by_type.get(corp.type, 0.0) for corp in state.corps]


def holdings(state: GonzaState) -> list[list[float]]:
    """Each seat's points and what will turn into points (:data:`HOLDINGS`): its credits in
    hand and still to earn, its stocks (their value, how much one step up or down moves it,
    whether it holds them alone or behind an opponent, the events' expected pull), its broker
    cards and bids, and the dice of its turn: the raw material of a judgement."""
    n = state.num_players
    cards = state.comp.card
    rows = [[0.0] * len(HOLDINGS) for _ in range(n)]
    moves = drift(state)
    for c, corp in enumerate(state.corps):
        track, pos = corp.track, state.pos[c]
        value = track[pos]
        up = track[min(pos + 1, len(track) - 1)] - value
        down = value - track[max(pos - 1, 0)]
        ahead = moves[c] * (up if moves[c] > 0 else down)
        row = state.placed[c * n : c * n + n]
        total = sum(row)
        for seat, k in enumerate(row):
            if not k:
                continue
            f = rows[seat]
            f[_STOCK] += k * value
            f[_PLACED] += k
            f[_STEP_UP] += k * up
            f[_STEP_DOWN] += k * down
            f[_DRIFT] += k * ahead
            if k == total:
                f[_ALONE] += k * value
            elif max(v for s, v in enumerate(row) if s != seat) > k:
                f[_OTHERS_LEAD] += k * value
    for slot, cid in enumerate(state.face_up):
        bids = state.bids[slot * n : slot * n + n]
        most = max(bids)
        card = cards[cid]
        for seat, mine in enumerate(bids):
            if mine:
                rows[seat][_BIDS] += mine
                if mine == most:
                    rows[seat][_BIDS_LEADING] += mine
                    rows[seat][_LEADING_WORTH] += CARD_WORTH[card.effect] + card.amount * (
                        card.when == "end"
                    )
    for seat, f in enumerate(rows):
        f[_POINTS] = float(state.score(seat))
        f[_HAND] = state.personal[seat]
        f[_TO_EARN] = state.supply[seat]
        f[_PROMISE] = sum(CARD_WORTH[cards[c].effect] for c in state.hands[seat])
        f[_CARDS] = len(state.hands[seat])
    if state.phase == TURN:
        rows[state.active][_TO_MOVE] = 1.0
        rows[state.active][_DICE] = state.dice_left
    return rows


JUDGE_FILE = Path(__file__).parent / "data" / "judge.toml"


class JudgeBot(HeuristicBot):
    """The heuristic's greedy play with a judgement fitted to how games end (``judge``).

    Where :class:`HeuristicBot` values a seat by its score and rules of thumb for its bids
    and cards, this bot weighs what the seat holds (:func:`holdings`) by weights fitted on
    thousands of games' final scores (``bench/judge_fit.py gonza``), weights that change
    smoothly as the events run out.  It is the search's judgement at its cut-off (``mcts
    eval=judge``); it plays as the greedy heuristic does."""

    name = "judge"
    HOLDINGS = HOLDINGS

    def __init__(self, seed: int | None = None, margin: float = 0.05) -> None:
        super().__init__(seed, margin)
        self.weights = weights_or_none("Gonza Index", JUDGE_FILE, HOLDINGS)

    def holdings(self, state: State) -> list[list[float]]:
        assert isinstance(state, GonzaState)
        return holdings(state)

    def left(self, state: State) -> float:
        assert isinstance(state, GonzaState)
        return left(state)

    def evaluate_seats(self, state: State) -> list[float]:
        """Each seat's foretold final score, for the search's cut-off (the heuristic's worth
        where the weights could not be read; the scores once the game is over)."""
        assert isinstance(state, GonzaState)
        n = state.num_players
        if state.is_over():
            return [float(state.score(s)) for s in range(n)]
        if self.weights is None:
            return [worth(state, s) for s in range(n)]
        return foretell(holdings(state), left(state), self.weights)

    def evaluate(self, state: State, seat: int) -> float:
        return self.evaluate_seats(state)[seat]


__all__ = ["HOLDINGS", "HeuristicBot", "JudgeBot", "MinisterBot", "holdings"]
