"""Gold am Yukon's direct encoder (the layout is in ``tensors/yukon.py``).

Most decisions are single steps of one team: the header (phase, turn, throws, pips...)
changes every time and a chain or two since the seat's last look, the rest rarely.  So the
header is one cached run of bytes, a changed chain another (cached by value: every seat's
buffer writes the same chain), and the rare parts are skipped by one comparison.
"""

from __future__ import annotations

from array import array
from itertools import compress
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any

from motherlode.games.yukon.rules import FREE, OVER, PLACING, PLAYING, YukonState
from motherlode.rl.tensors.direct import Buffer, DirectEncoder, pack

if TYPE_CHECKING:
    from motherlode.games.yukon.components import Board
    from motherlode.rl.tensors import Encoder

PHASES = {PLACING: 0, PLAYING: 1, OVER: 2}
CACHED = 4096
"""At most this many header runs are kept (then they are dropped)."""
CHAINS = 1024
"""At most this many chain runs are kept: seats look at recent chains (and fewer stay in
the processor's caches)."""
SPACE = 12
"""Bytes per encoded space (flag, claim, hour)."""
NONE = bytes(SPACE)
RARE = range(9)
"""The seldom-changed parts compared in one go: owners, staked, the six numbers per team
(waiting, nuggets, guards, retired, active, walled), and whether the start spaces show."""


class Memory:
    """What a buffer's team and claim blocks were written from (copies or tuples: the
    state's lists are mutable; None: not written yet)."""

    __slots__ = ("chains", "heading", "rare")

    def __init__(self, n: int, rare: int) -> None:
        self.chains: list[tuple[int, ...] | None] = [None] * n
        self.heading: list[bool | None] = [None] * n
        self.rare: list[Any] = [None] * rare


class Direct(DirectEncoder):
    def setup(self, enc: Encoder) -> None:
        at = self.at
        n = self.n
        self.claims_room = at["teams"] - at["claims"]
        self.slot = (at["start_spaces"] - at["teams"]) // self.max
        self.chain_room = (at["teams[].front"] - at["teams[].chain"]) // 3
        """A chain's room in spaces: a team's 12 stones (the layout's)."""
        self.p_turn = at["turn"]
        self.p_throws = at["throws"]
        self.p_steered = at["steered"]
        self.p_rounds = at["rounds_without_stake"]
        self.p_claims = at["claims"]
        # phase, turn, throws, pips, steered, turned_back lie side by side: the header
        self.p_phase = at["phase"]
        self.head = slice(4 * self.p_phase, 4 * self.p_claims)
        assert at["turned_back"] + 1 == self.p_claims and self.p_steered + 1 == at["turned_back"]
        assert at["pips"] + 1 == self.p_steered and at["throws"] + 16 == at["pips"]
        self.head_runs: dict[tuple[Any, ...], bytes] = {}
        self.p_teams = at["teams"]
        self.p_start = at["start_spaces"]
        self.start_room = at["this_turn"] - self.p_start
        # per seat: each team's slot (rotated)
        self.team_at = [
            tuple(self.p_teams + ((s - seat) % n) * self.slot for s in range(n))
            for seat in range(n)
        ]
        self.staked_at = [tuple(b + at["teams[].claims"] for b in t) for t in self.team_at]
        # per seat: the teams' numbers (waiting, nuggets, ...; rotated) by the state's list
        self.scalar_at = [
            [
                tuple(b + at[f"teams[].{name}"] for b in t)
                for name in ("waiting", "nuggets", "guards", "retired", "active", "walled")
            ]
            for t in self.team_at
        ]
        self.chain_runs: dict[tuple[int, ...], tuple[bytes, bytes, bytes]] = {}
        room = self.chain_room
        self.pads = tuple(bytes(SPACE * (room - length)) for length in range(room + 1))
        """Per chain length, the zeros after its spaces: every chain is written its room wide,
        so a chain written over another needs no more."""
        chain, front = 4 * at["teams[].chain"], 4 * at["teams[].front"]
        self.team_slices = [
            tuple(
                (
                    slice(4 * b + chain, 4 * b + chain + SPACE * room),
                    slice(4 * b + front, 4 * b + front + SPACE),
                )
                for b in t
            )
            for t in self.team_at
        ]
        """Per seat, per team: where its chain and its front are written (in bytes)."""
        # per seat: a claim's owner block (seats rotated, FREE last) by owner
        self.owner_runs = [
            {
                o: pack(
                    *[
                        1.0 if i == (self.max if o == FREE else (o - seat) % n) else 0.0
                        for i in range(7)
                    ]
                )
                for o in (FREE, *range(n))
            }
            for seat in range(n)
        ]
        self.board: Board | None = None
        self.space_run: tuple[bytes, ...] = ()
        self.claim_run: tuple[bytes, ...] = ()

    def _board(self, board: Board) -> None:
        """The spaces' labels (``"claim:hour"``) as the layout's numbers; every buffer
        made anew with the board's fixed fields."""
        if 11 * len(board.claims) > self.claims_room:
            raise ValueError("more claims than the layout has room for")
        self.board = board
        parts = [label.split(":") for label in board.labels]
        self.space_run = tuple(pack(1.0, int(c) / 10, int(h) / 10) for c, h in parts)
        self.claim_run = tuple(pack(1.0, (c + 1) / 10) for c in range(len(board.claims)))
        self.owner_at = tuple(
            slice(4 * (self.p_claims + 11 * i + 4), 4 * (self.p_claims + 11 * i + 11))
            for i in range(len(board.claims))
        )
        """Per claim: where its owner block is written (in bytes)."""
        if len(board.start_spaces) > self.start_room // 3:
            raise ValueError("more start spaces than the layout has room for")
        run = b"".join([self.space_run[x] for x in board.start_spaces])
        self.start_at = slice(4 * self.p_start, 4 * self.p_start + len(run))
        self.start_runs = (bytes(len(run)), run)
        """The start spaces' block when not placing (zeros) and when placing."""
        self.chain_runs = {}
        for seat in range(self.n):
            self.reset(seat)

    def fixed(self, data: array[float]) -> None:
        """The team slots' presence flags and the claims' fixed fields (number, q, r,
        nuggets) of the board known (none before the first state)."""
        board = self.board
        if board is None:
            return
        for s in range(self.n):
            data[self.p_teams + s * self.slot] = 1.0
        for i, c in enumerate(board.claims):
            b = self.p_claims + 11 * i
            data[b] = 1.0
            data[b + 1] = c.q + 0.0
            data[b + 2] = c.r + 0.0
            data[b + 3] = c.nuggets + 0.0

    def write(self, state: Any, seat: int, buf: Buffer, keys: dict[Any, Any]) -> None:
        st: YukonState = state
        board = st.board
        if board is not self.board:
            self._board(board)
        mem: Memory | None = keys.get("yukon")
        if mem is None:  # (a new buffer: everything is written)
            mem = keys["yukon"] = Memory(self.n, len(RARE))
        raw = buf.raw
        phase = st.phase
        # the header: its bytes by value (all of it immutable)
        head = (seat, phase, st.mover, st.throws, st.pips, st.steered, st.turned_back)
        raw[self.head] = self.head_runs.get(head) or self._head(head)
        buf.data[self.p_rounds] = st.rounds_without_stake / 10
        # the teams' chains and fronts, rotated: a chain as a tuple is compared with the
        # buffer's and is the key of its bytes
        heading = st.heading
        old = mem.chains
        was = mem.heading
        for s, chain in enumerate(st.chains):
            if (key := tuple(chain)) != old[s] or heading[s] is not was[s]:
                old[s] = key
                h = was[s] = heading[s]
                runs = self.chain_runs.get(key) or self._chain(key)
                at = self.team_slices[seat][s]
                raw[at[0]] = runs[2]
                raw[at[1]] = runs[h]
        # the claims' owners, the staked claims and the teams' numbers: seldom changed
        rare = [
            st.claim_owner,
            st.staked,
            st.waiting,
            st.nuggets,
            st.guards,
            st.retired,
            st.active,
            st.walled,
            phase == PLACING,  # (the start spaces are shown while placing)
        ]
        if rare != mem.rare:
            self._rare(rare, mem.rare, seat, buf)

    def _head(self, head: tuple[Any, ...]) -> bytes:
        """The header's bytes: phase, turn, throws, pips, steered, turned_back."""
        seat, phase, mover, throws, pips, steered, turned_back = head
        if len(throws) > 8:
            raise ValueError("more throws than the layout has room for")
        p = self.p_phase
        data = array("f", bytes(4 * (self.p_claims - p)))
        data[PHASES[phase]] = 1.0
        if phase != OVER:
            t = self.p_turn - p
            data[t] = 1.0
            data[t + 1 + (mover - seat) % self.n] = 1.0
        t = self.p_throws - p
        for x in throws:
            data[t] = 1.0
            data[t + 1] = x / 6
            t += 2
        t = self.p_steered - p
        data[t - 1] = pips / 10
        data[t] = 1.0 if steered else 0.0
        data[t + 1] = 1.0 if turned_back else 0.0
        if len(self.head_runs) >= CACHED:
            self.head_runs.clear()
        run = self.head_runs[head] = data.tobytes()
        return run

    def _chain(self, chain: tuple[int, ...]) -> tuple[bytes, bytes, bytes]:
        """A team's front's bytes (flag, claim, hour) by its heading (False: the first
        space, True: the last), and its chain's (every space's, then zeros up to its room)."""
        if len(chain) > self.chain_room:
            raise ValueError("a chain longer than the layout has room for")
        if len(self.chain_runs) >= CHAINS:
            self.chain_runs.clear()
        space_run = self.space_run
        pad = self.pads[len(chain)]
        if len(chain) > 1:  # (itemgetter of one index gives the item, not a tuple)
            run = b"".join(itemgetter(*chain)(space_run)) + pad
            runs = space_run[chain[0]], space_run[chain[-1]], run
        elif chain:
            runs = space_run[chain[0]], space_run[chain[0]], space_run[chain[0]] + pad
        else:
            runs = NONE, NONE, pad
        self.chain_runs[chain] = runs
        return runs

    def _rare(self, rare: list[Any], old: list[Any], seat: int, buf: Buffer) -> None:
        """The claims' owners, the staked claims, the teams' numbers and the start spaces
        that changed (the buffer's copies of them brought up to date)."""
        data = buf.data
        for k in compress(RARE, map(ne, rare, old)):  # (which differ, found in C)
            new = rare[k]
            if k == 0:
                self._owners(new, old[0], seat, buf.raw)
                old[0] = new[:]
            elif k == 1:
                self._staked(new, old[1], seat, buf)
                old[1] = [x[:] for x in new]
            elif k == 8:  # (the board's start spaces, or none)
                buf.raw[self.start_at] = self.start_runs[new]
                old[8] = new
            else:
                for b, v in zip(self.scalar_at[seat][k - 2], new, strict=True):
                    data[b] = float(v)  # (a flag's bool as 1.0 or 0.0)
                old[k] = new[:]

    def _owners(self, owners: list[int], was: list[Any] | None, seat: int, raw: memoryview) -> None:
        """The owner blocks of the claims whose owner changed (one run each, by owner)."""
        runs = self.owner_runs[seat]
        at = self.owner_at
        for i in compress(range(len(owners)), map(ne, owners, was or [None] * len(owners))):
            raw[at[i]] = runs[owners[i]]

    def _staked(
        self, staked: list[list[int]], was: list[list[int]] | None, seat: int, buf: Buffer
    ) -> None:
        """The staked claims of the teams whose list changed."""
        run = self.claim_run
        at = self.staked_at[seat]
        for s, mine in enumerate(staked):
            old = was[s] if was else []
            if mine != old:
                self.put_run(buf, at[s], b"".join([run[c] for c in mine]), 8 * len(old))
