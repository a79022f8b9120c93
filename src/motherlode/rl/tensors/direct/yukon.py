"""Gold am Yukon's direct encoder (the layout is in ``tensors/yukon.py``)."""

from __future__ import annotations

import struct
from array import array
from typing import TYPE_CHECKING, Any

from motherlode.games.yukon.rules import FREE, OVER, PLACING, PLAYING, YukonState
from motherlode.rl.tensors.direct import Buffer, DirectEncoder

if TYPE_CHECKING:
    from motherlode.games.yukon.board import Board
    from motherlode.rl.tensors import Encoder

PHASES = {PLACING: 0, PLAYING: 1, OVER: 2}


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at = self.at
        self.claims_room = at["teams"] - at["claims"]
        self.slot = (at["start_spaces"] - at["teams"]) // self.max
        self.chain_room = (at["teams[].front"] - at["teams[].chain"]) // 3
        self.p_phase = at["phase"]
        self.p_turn = at["turn"]
        self.p_throws = at["throws"]
        self.p_pips = at["pips"]
        self.p_steered = at["steered"]
        self.p_turned_back = at["turned_back"]
        self.p_rounds = at["rounds_without_stake"]
        self.p_claims = at["claims"]
        self.small_zero = array("f", bytes(4 * (self.p_claims - self.p_phase)))
        self.p_teams = at["teams"]
        self.p_chain = at["teams[].chain"]
        self.p_front = at["teams[].front"]
        self.p_team_claims = at["teams[].claims"]
        self.p_start = at["start_spaces"]
        self.start_room = at["this_turn"] - self.p_start
        self.scalars = [
            (self.p_teams + at[f"teams[].{name}"], name in ("retired", "active"))
            for name in ("waiting", "nuggets", "guards", "retired", "active", "walled")
        ]
        self.board: Board | None = None
        self.claim_of: tuple[float, ...] = ()
        self.hour_of: tuple[float, ...] = ()

    def _board(self, board: Board) -> None:
        """The spaces' labels (``"claim:hour"``) as the layout's numbers, and the claims'
        fixed fields (number, q, r, nuggets) in every buffer."""
        self.board = board
        parts = [label.split(":") for label in board.labels]
        self.claim_of = tuple(int(c) / 10 for c, _ in parts)
        self.hour_of = tuple(int(h) / 10 for _, h in parts)
        self.space_run = tuple(
            struct.pack("=3f", 1.0, c, h) for c, h in zip(self.claim_of, self.hour_of, strict=True)
        )
        self.claim_run = tuple(
            struct.pack("=2f", 1.0, (c + 1) / 10) for c in range(len(board.claims))
        )
        if 11 * len(board.claims) > self.claims_room:
            raise ValueError("more claims than the layout has room for")
        for seat, buf in enumerate(self.buffers):
            self.reset(seat)
            data = buf.data
            for s in range(self.n):
                data[self.p_teams + s * self.slot] = 1.0  # the team slots' presence flags
            for i, c in enumerate(board.claims):
                b = self.at["claims"] + 11 * i
                data[b] = 1.0
                data[b + 1] = c.q + 0.0
                data[b + 2] = c.r + 0.0
                data[b + 3] = c.nuggets + 0.0
            buf.keys["board"] = board

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: YukonState = state
        data = buf.data
        board = st.board
        if board is not self.board:
            self._board(board)
        if keys.get("board") is not board:
            raise AssertionError("buffers of another board")
        n = self.n
        p = self.p_phase
        # phase, turn, throws, pips, steered, turned_back: side by side, always rewritten
        data[p : self.p_claims] = self.small_zero
        phase = st.phase
        data[p + PHASES[phase]] = 1.0
        if phase != OVER:
            data[self.p_turn] = 1.0
            data[self.p_turn + 1 + (st.mover - seat) % n] = 1.0
        throws = st.throws
        if throws:
            if len(throws) > 8:
                raise ValueError("more throws than the layout has room for")
            b = self.p_throws
            for x in throws:
                data[b] = 1.0
                data[b + 1] = x / 6
                b += 2
        data[self.p_pips] = st.pips / 10
        if st.steered:
            data[self.p_steered] = 1.0
        if st.turned_back:
            data[self.p_turned_back] = 1.0
        data[self.p_rounds] = st.rounds_without_stake / 10
        # claims: only their owners change
        owners = st.claim_owner
        if owners != keys.get("owners"):
            self._owners(owners, seat, data, keys)
        # teams, rotated: each list of the state compared whole with the buffer's copy
        if st.chains != keys.get("chains") or st.heading != keys.get("heading"):
            self._chains(st, seat, buf, keys)
        if st.staked != keys.get("staked"):
            self._staked(st, seat, buf, keys)
        scalars: tuple[list[Any], ...] = (
            st.waiting,
            st.nuggets,
            st.guards,
            st.retired,
            st.active,
            st.walled,
        )
        if scalars != keys.get("scalars"):
            old = keys.get("scalars") or (None,) * 6
            for values, was, (at, flag) in zip(scalars, old, self.scalars, strict=True):
                if values != was:
                    for s in range(n):
                        v = values[s]
                        data[at + ((s - seat) % n) * self.slot] = (
                            (1.0 if v else 0.0) if flag else v + 0.0
                        )
            keys["scalars"] = tuple(v[:] for v in scalars)
        placing = phase == PLACING
        if placing != keys.get("placing"):
            self._start_spaces(board, placing, data)
            keys["placing"] = placing

    def _owners(
        self, owners: list[int], seat: int, data: array[float], keys: dict[Any, Any]
    ) -> None:
        n = self.n
        old = keys.get("owners") or [None] * len(owners)
        base = self.p_claims + 4
        for i, o in enumerate(owners):
            if o != old[i]:
                b = base + 11 * i
                self.clear(data, b, 7)
                data[b + (self.max if o == FREE else (o - seat) % n)] = 1.0
        keys["owners"] = owners[:]

    def _chains(self, st: YukonState, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        n = self.n
        data = buf.data
        chains = st.chains
        heading = st.heading
        old_chains = keys.get("chains") or [[]] * n
        old_heading = keys.get("heading") or [None] * n
        run = self.space_run
        claim_of = self.claim_of
        hour_of = self.hour_of
        for s in range(n):
            chain = chains[s]
            if chain == old_chains[s] and heading[s] == old_heading[s]:
                continue
            if len(chain) > self.chain_room:
                raise ValueError("a chain longer than the layout has room for")
            b = self.p_teams + ((s - seat) % n) * self.slot
            self.put_run(
                buf, b + self.p_chain, b"".join([run[x] for x in chain]), 12 * len(old_chains[s])
            )
            f = b + self.p_front
            if chain:
                front = chain[-1] if heading[s] else chain[0]
                data[f] = 1.0
                data[f + 1] = claim_of[front]
                data[f + 2] = hour_of[front]
            else:
                self.clear(data, f, 3)
        keys["chains"] = [c[:] for c in chains]
        keys["heading"] = heading[:]

    def _staked(self, st: YukonState, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        n = self.n
        staked = st.staked
        old_staked = keys.get("staked") or [[]] * n
        run = self.claim_run
        for s in range(n):
            mine = staked[s]
            old = old_staked[s]
            if mine == old:
                continue
            b = self.p_teams + ((s - seat) % n) * self.slot + self.p_team_claims
            self.put_run(buf, b, b"".join([run[c] for c in mine]), 8 * len(old))
        keys["staked"] = [c[:] for c in staked]

    def _start_spaces(self, board: Board, placing: bool, data: array[float]) -> None:
        b = self.p_start
        self.clear(data, b, self.start_room)
        if placing:
            for x in board.start_spaces:
                data[b] = 1.0
                data[b + 1] = self.claim_of[x]
                data[b + 2] = self.hour_of[x]
                b += 3
