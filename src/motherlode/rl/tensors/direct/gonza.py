"""Gonza Index's direct encoder (the layout is in ``tensors/gonza.py``)."""

from __future__ import annotations

import struct
from array import array
from operator import mul
from typing import TYPE_CHECKING, Any

from motherlode.games.gonza.components import FACES
from motherlode.rl.tensors.direct import Buffer, DirectEncoder
from motherlode.rl.tensors.schema import Cat, Code, Opt, Rec, Seats, Seq

if TYPE_CHECKING:
    from motherlode.games.gonza.rules import GonzaState
    from motherlode.rl.tensors import Encoder


def _field(node: Any, *path: str) -> Any:
    """A node of the layout by its path of keys (lists and options looked through)."""
    for key in path:
        while isinstance(node, Seq | Seats | Opt):
            node = node.inner
        assert isinstance(node, Rec)
        node = node.fields[key]
    while isinstance(node, Seq | Seats | Opt):
        node = node.inner
    return node


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at, size = self.at, self.sizes
        root = enc.root
        corp: Cat = _field(root, "corporations", "id")
        card: Cat = _field(root, "broker", "id")
        event: Cat = _field(root, "events_done", "id")
        kind: Cat = _field(root, "decision", "kind")
        choice: Code = _field(root, "decision", "choices")
        self.corp_ix = corp.index
        self.card_ix = card.index
        self.event_ix = event.index
        self.kind_ix = kind.index
        self.choice_ix = choice.index
        self.face_ix = [_field(root, "dice", "face").index[f] for f in FACES]
        self.p_phase = at["phase"]
        self.p_active = at["active"]
        self.p_first = at["first_player"]
        self.p_minister = at["minister"]
        self.p_corps = at["corporations"]
        self.front_zero = array("f", bytes(4 * (self.p_minister - self.p_phase)))
        self.corp_step = size["corporations"] // len(corp.vocab)
        self.p_corp_position = at["corporations[].position"]
        self.p_corp_credits = at["corporations[].credits"]
        self.p_corp_total = at["corporations[].total"]
        self.p_cap = at["cap"]
        self.p_events_done = at["events_done"]
        self.event_run = self._runs(len(event.vocab))
        self.p_current = at["current_event"]
        self.p_cancelled = at["event_cancelled"]
        self.p_broker = at["broker"]
        self.broker_step = size["broker"] // len(card.vocab)
        self.p_broker_bids = at["broker[].bids"]
        self.p_broker_deck = at["broker_deck"]
        self.p_bottom = at["broker_deck_bottom"]
        self.card_run = self._runs(len(card.vocab))
        self.p_players = at["players"]
        self.player_step = size["players"] // self.max
        self.p_supply = at["players[].supply"]
        self.p_credits = at["players[].credits"]
        self.p_paid = at["players[].paid"]
        self.p_cards = at["players[].cards"]
        self.p_score = at["players[].score"]
        self.p_dice = at["dice"]
        self.dice_zero = array("f", bytes(4 * (at["rerolls_left"] - self.p_dice)))
        self.dice_step = size["dice"] // 8
        self.p_rerolls = at["rerolls_left"]
        self.p_final_round = at["final_round"]
        self.p_final_dice = at["dice_in_final_round"]
        self.p_decision = at["decision"]
        self.tail_zero = array("f", bytes(4 * (self.size - self.p_decision)))
        self.p_protect = at["protect"]

    @staticmethod
    def _runs(size: int) -> tuple[bytes, ...]:
        """Per value, a list item of a one-hot of ``size``: present flag + one-hot."""
        out = []
        for i in range(size):
            item = [0.0] * (1 + size)
            item[0] = item[1 + i] = 1.0
            out.append(struct.pack(f"={len(item)}f", *item))
        return tuple(out)

    def fixed(self, data: array[float]) -> None:
        self.seat_flags(data, self.p_players, self.player_step)
        self.seat_flags(data, self.p_final_dice, 2)

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: GonzaState = state
        n = self.n
        data = buf.data
        # phase, active, first player: always rewritten; the Minister's seats
        data[self.p_phase : self.p_minister] = self.front_zero
        data[self.p_phase + st.phase] = 1.0
        if st.active is not None:
            data[self.p_active] = 1.0
            data[self.p_active + 1 + (st.active - seat) % n] = 1.0
        data[self.p_first + (st.first - seat) % n] = 1.0
        if st.ai != keys.get("ai"):
            self.clear(data, self.p_minister, self.max)
            for s, ai in enumerate(st.ai):
                if ai:
                    data[self.p_minister + (s - seat) % n] = 1.0
            keys["ai"] = st.ai
        # corporations: each rewritten when its position, credits or total change
        corps = st.corps
        pos, placed, total = st.pos, st.placed, st.total
        market = (corps, pos, placed, total)
        if market != keys.get("market"):
            was = keys.get("market")
            step = self.corp_step
            if was is None or was[0] != corps:
                self.clear(data, self.p_corps, self.sizes["corporations"])
                was = None
            for c, corp in enumerate(corps):
                credits = placed[c * n : c * n + n]
                if (
                    was is not None
                    and was[1][c] == pos[c]
                    and was[2][c * n : c * n + n] == credits
                    and was[3][c] == total[c]
                ):
                    continue
                b = self.p_corps + c * step
                data[b] = 1.0
                data[b + 1 + self.corp_ix[corp.id]] = 1.0
                data[b + self.p_corp_position] = pos[c] + 0.0
                r = b + self.p_corp_credits
                for s in range(n):
                    rel = 2 * ((s - seat) % n)
                    data[r + rel] = 1.0
                    data[r + rel + 1] = credits[s] + 0.0
                data[b + self.p_corp_total] = total[c] + 0.0
            keys["market"] = (corps, pos[:], placed[:], total[:])
        p = self.p_cap
        data[p] = st.cap + 0.0
        data[p + 1] = len(st.corp_deck) + 0.0
        data[p + 2] = st.tokens + 0.0
        data[p + 3] = len(st.event_deck) + 0.0
        done = st.events_done
        if done != keys.get("events_done"):
            run = self.event_run
            ix = self.event_ix
            self.put_run(
                buf,
                self.p_events_done,
                b"".join([run[ix[e]] for e in done]),
                len(run[0]) * len(keys.get("events_done") or ()),
            )
            keys["events_done"] = done[:]
        p = self.p_current
        self.clear(data, p, self.p_cancelled - p)
        if st.current_event is not None:
            data[p] = 1.0
            data[p + 1 + self.event_ix[st.current_event]] = 1.0
        data[self.p_cancelled] = 1.0 if st.event_cancelled else 0.0
        # the broker's cards and their bids
        face_up, bids = st.face_up, st.bids
        if face_up != keys.get("face_up") or bids != keys.get("bids"):
            step = self.broker_step
            self.clear(
                data, self.p_broker, step * max(len(face_up), len(keys.get("face_up") or ()))
            )
            for i, cid in enumerate(face_up):
                b = self.p_broker + i * step
                data[b] = 1.0
                data[b + 1 + self.card_ix[cid]] = 1.0
                r = b + self.p_broker_bids
                for s in range(n):
                    rel = 2 * ((s - seat) % n)
                    data[r + rel] = 1.0
                    data[r + rel + 1] = bids[i * n + s] + 0.0
            keys["face_up"] = face_up[:]
            keys["bids"] = bids[:]
        data[self.p_broker_deck] = len(st.broker_deck) + 0.0
        bottom = st.broker_deck[st.deck_hidden :]
        if bottom != keys.get("bottom"):
            run = self.card_run
            ix = self.card_ix
            self.put_run(
                buf,
                self.p_bottom,
                b"".join([run[ix[c]] for c in bottom]),
                len(run[0]) * len(keys.get("bottom") or ()),
            )
            keys["bottom"] = bottom
        # the players, each rewritten when what it shows or its score rests on changes
        # (its score: its credits, its holdings, its cards, and every corporation's track)
        hands = st.hands
        supply, personal, paid = st.supply, st.personal, st.paid
        if pos != keys.get("scored_at"):
            keys["scored_at"] = pos[:]
            for s in range(n):
                keys[s] = None
        step = self.player_step
        values = [corp.track[p] for corp, p in zip(corps, pos, strict=True)]
        for s in range(n):
            hand = hands[s]
            mine = (supply[s], personal[s], paid[s], placed[s::n], hand)
            was = keys.get(s)
            if mine == was:
                continue
            b = self.p_players + ((s - seat) % n) * step
            data[b + self.p_supply] = supply[s] / 10
            data[b + self.p_credits] = personal[s] + 0.0
            data[b + self.p_paid] = paid[s] + 0.0
            # GonzaState.score(s), with the tracks' values worked out once for all seats
            held = placed[s::n]
            score = personal[s] + sum(map(mul, held, values))
            if hand:
                score += st._end_cards(s, held)
            data[b + self.p_score] = score / 10
            old = keys.get(("hand", s))
            if hand != old:
                run = self.card_run
                ix = self.card_ix
                self.put_run(
                    buf,
                    b + self.p_cards,
                    b"".join([run[ix[c]] for c in hand]),
                    len(run[0]) * (0 if old is None else len(old)),
                )
                keys["hand", s] = hand[:]
            keys[s] = (supply[s], personal[s], paid[s], placed[s::n], hand[:])
        # dice, rerolls, the final round
        dice, used, black = st.dice, st.used, st.black
        if dice != keys.get("dice") or used != keys.get("used") or black != keys.get("black"):
            data[self.p_dice : self.p_rerolls] = self.dice_zero
            last = len(dice) - 1 if black else -1
            step = self.dice_step
            b = self.p_dice
            for i, f in enumerate(dice):
                data[b] = 1.0
                data[b + 1 + self.face_ix[f]] = 1.0
                if used[i]:
                    data[b + step - 2] = 1.0
                if i == last:
                    data[b + step - 1] = 1.0
                b += step
            keys["dice"] = dice[:]
            keys["used"] = used[:]
            keys["black"] = black
        data[self.p_rerolls] = st.rerolls_left + 0.0
        data[self.p_final_round] = 1.0 if st.final else 0.0
        final = st.dice_final
        if final != keys.get("final_dice"):
            for s in range(n):
                data[self.p_final_dice + 2 * ((s - seat) % n) + 1] = final[s] + 0.0
            keys["final_dice"] = final[:]
        # the decision taken for a Minister, and a protection offer (the last blocks)
        decision, protect = st.decision, st.protect_offer
        if decision is not None or protect is not None or keys.get("tail"):
            data[self.p_decision :] = self.tail_zero
            if decision is not None:
                kind, ai_seat, choices, amount = decision
                b = self.p_decision
                data[b] = 1.0
                data[self.at["decision.kind"] + self.kind_ix[kind]] = 1.0
                data[self.at["decision.for"] + (ai_seat - seat) % n] = 1.0
                c = self.at["decision.choices"]
                for x in choices:
                    data[c] = 1.0
                    data[c + 1] = self.choice_ix[x] + 1.0
                    c += 2
                data[self.at["decision.amount"]] = amount + 0.0
            if protect is not None:
                holder, cid, _ = protect
                data[self.p_protect] = 1.0
                data[self.at["protect.seat"] + (holder - seat) % n] = 1.0
                data[self.at["protect.card"] + self.card_ix[cid]] = 1.0
            keys["tail"] = decision is not None or protect is not None
