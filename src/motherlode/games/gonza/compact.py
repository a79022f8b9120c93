"""Gonza Index's compact observation: the corporations' tracks and stakes, the players, the
broker auction, the dice and the events, and the decision asked.

What a player weighs before using a die: per corporation (by id, whether face up or not)
its value, what one step up or down would change it by, the credits the seat and the
others have on it and the room left under the cap; per player their supply, personal
credits and score; the broker cards on offer with the seat's and the best other bid, and
the seat's own hand; the unused dice by face and the re-rolls left; the event track.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from motherlode.games.gonza.components import FACES
from motherlode.games.gonza.rules import DECISION_TEXT
from motherlode.games.gonza.tables import PHASES
from motherlode.rl.tensors.compact import Features, Write

if TYPE_CHECKING:
    from motherlode.engine import State


def _index(values: Any) -> dict[Any, int]:
    return {v: i for i, v in enumerate(values)}


PHASE = _index(PHASES)
FACE = _index(FACES)
DECISION = _index(DECISION_TEXT)


def writer(probe: State) -> Write:
    comp = probe.comp  # type: ignore[attr-defined]
    params = probe.params  # type: ignore[attr-defined]
    corps = [c.id for c in comp.corporations]
    cards = list(comp.card)
    events = _index(comp.event)
    corp_at = _index(corps)
    card_at = _index(cards)
    choice_at = _index([*corps, *cards])
    top = max(max(c.track) for c in comp.corporations) or 1
    dice = max(1, len(FACES))
    tokens = max(1, params.event_tokens)
    rerolls = max(1, params.rerolls)
    m = len(corps)
    cap = max(1, probe.cap)  # type: ignore[attr-defined]
    # (the most credits on one corporation: fixed by the player count)

    def write(obs: Mapping[str, Any], f: Features) -> None:
        me = f.seat
        up, value, step_up, step_down, mine, theirs, room = ([0.0] * m for _ in range(7))
        for corp in obs["corporations"]:
            c = corp_at[corp["id"]]
            track, at = corp["track"], corp["position"]
            up[c] = 1.0
            value[c] = track[at]
            step_up[c] = track[at + 1] - track[at] if at + 1 < len(track) else 0
            step_down[c] = track[at] - track[at - 1] if at > 0 else 0
            credits = corp["credits"]
            mine[c] = credits[me]
            theirs[c] = corp["total"] - credits[me]
            room[c] = obs["cap"] - corp["total"]
        f.nums("corporations.face_up", up, m, 1, "per corporation: face up")
        f.nums("corporations.value", value, m, top, "per corporation: its value")
        f.nums("corporations.step_up", step_up, m, top, "per corporation: one step up adds")
        f.nums("corporations.step_down", step_down, m, top, "per corporation: one step down takes")
        f.nums("corporations.mine", mine, m, cap, "per corporation: the viewer's credits")
        f.nums("corporations.theirs", theirs, m, cap, "per corporation: the others' credits")
        f.nums("corporations.room", room, m, cap, "per corporation: credits it still takes")
        f.num("cap", obs["cap"], 10, "the most credits on one corporation")
        f.num("corporation_deck", obs["corporation_deck"], m, "corporations still in the deck")
        players = obs["players"]
        f.seats("players.supply", [p["supply"] for p in players], 20, "credits in supply")
        f.seats("players.credits", [p["credits"] for p in players], 20, "personal credits")
        f.seats("players.paid", [p["paid"] for p in players], 10, "credits paid in auctions")
        f.seats("players.cards", [len(p["cards"]) for p in players], 5, "broker cards held")
        f.seats("players.score", [p["score"] for p in players], 50, "score if the game ended now")
        f.seats(
            "players.final_dice", obs["dice_in_final_round"], dice, "dice used in the final round"
        )
        f.seat_set("minister", obs["minister"], "seats the Minister AI plays")
        held = [0.0] * len(cards)
        for card in players[me]["cards"]:
            held[card_at[card["id"]]] += 1
        f.nums("hand", held, len(cards), 1, "per broker card: the viewer holds it")
        offer, my_bid, best_bid = ([0.0] * len(cards) for _ in range(3))
        for card in obs["broker"]:
            c = card_at[card["id"]]
            bids = card["bids"]
            offer[c] = 1.0
            my_bid[c] = bids[me]
            best_bid[c] = max((b for s, b in enumerate(bids) if s != me), default=0)
        f.nums("broker.offer", offer, len(cards), 1, "per broker card: on offer")
        f.nums("broker.my_bid", my_bid, len(cards), 5, "per broker card: the viewer's bid")
        f.nums("broker.best_bid", best_bid, len(cards), 5, "per broker card: the best other bid")
        f.num("broker_deck", obs["broker_deck"], len(cards), "broker cards in the deck")
        faces = [0.0] * len(FACES)
        black = None
        for die in obs["dice"]:
            if not die["used"]:
                faces[FACE[die["face"]]] += 1
                if die["black"]:
                    black = die["face"]
        f.nums("dice.unused", faces, len(FACES), dice, "unused dice per face (up, down, ...)")
        f.onehot("dice.black", FACE, black, "the unused black die's face")
        f.num("rerolls_left", obs["rerolls_left"], rerolls, "re-rolls left")
        f.num("event_tokens", obs["event_tokens"], tokens, "event tokens on the track")
        f.num("event_deck", obs["event_deck"], len(events), "event cards in the deck")
        f.num("events_done", len(obs["events_done"]), len(events), "events played")
        f.onehot("current_event", events, obs["current_event"], "the event being played")
        f.flag("event_cancelled", obs["event_cancelled"], "the event is cancelled")
        f.onehot("phase", PHASE, obs["phase"], "the phase")
        f.seat_hot("active", obs["active"], "the active player")
        f.seat_hot("first_player", obs["first_player"], "the first player")
        f.flag("final_round", obs["final_round"], "the final round is on")
        decision = obs["decision"] or {}
        chosen = [0.0] * len(choice_at)
        for choice in decision.get("choices", ()):
            chosen[choice_at[choice]] = 1.0
        f.onehot("decision.kind", DECISION, decision.get("kind"), "the decision asked for the AI")
        f.seat_hot("decision.for", decision.get("for"), "the AI decided for")
        f.nums("decision.choices", chosen, len(chosen), 1, "per corporation, then card: a choice")
        f.num("decision.amount", decision.get("amount", 0), 5, "the decision's amount")
        protect = obs["protect"] or {}
        f.seat_hot("protect.seat", protect.get("seat"), "who may play Safe Harbour")
        f.onehot("protect.card", card_at, protect.get("card"), "the card it protects with")

    return write
