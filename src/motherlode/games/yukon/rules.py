"""Gold am Yukon (Reinhold Wittig, Amigo 1991): the rules.

Each player leads a team of 12 gold-diggers, a caterpillar of stones that crawls round the
rings of spaces circling the claims.  A team that surrounds a claim stakes it by leaving a
gold-digger on it; the most nuggets staked wins.  Sources, in order of authority: the rules
translation in ``rules/gold-am-yukon.txt``, issue 7 and COMPONENTS.md; every ambiguity and
the choice made is in docs/yukon.md.

A turn, for the player whose turn it is:

* the die is thrown at the start of the turn, each 1 giving one more throw, added (chance);
* while stones are still off the board, each pip brings one on next to an end of the team;
* once all 12 are on, each pip moves the stone at one end of the team to a free space ahead
  of the other end.  The first move of the turn fixes the direction (which end leads), kept
  for the whole turn; meeting an opposing team turns the team back, once;
* a team surrounding a claim may stake it for one pip, which ends the turn.

Where only one thing is possible the rules do it at once (and log it): a player is asked only
when there is a real choice, so random and searching agents never spend a move on a forced
step.  Staking is always a choice (stake or move on, stake or pass).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

from motherlode.engine import Action, IllegalAction, State
from motherlode.engine.actions import JsonValue
from motherlode.engine.parameters import Parameters
from motherlode.engine.words import T
from motherlode.games.yukon.actions import ActionTable, Enter, Move, Pass, Place, Stake, actions_for
from motherlode.games.yukon.components import Board
from motherlode.games.yukon.constants import FREE, OVER, PLACING, PLAYING
from motherlode.games.yukon.explain import why_not
from motherlode.games.yukon.options import YukonOptions
from motherlode.games.yukon.story import (
    CANNOT_ENTER,
    CANNOT_MOVE,
    ENTERS,
    EVERY_CLAIM_STAKED,
    HAS_STAKED,
    MOVES,
    NO_TEAM_MOVES,
    PASSES,
    as_json,
    crawl_phrase,
    listed,
    only_one_moves,
    phrases,
    pips_lost,
    space_words,
    stalemate,
    turn_line,
    turned_back,
    with_walled_in,
)

__all__ = [
    "FREE",
    "OVER",
    "PLACING",
    "PLAYING",
    "YukonState",
]
"""What the bots, encoders and tests read from the rules (the marks from ``constants``).
The design numbers (gold-diggers per team, the retiring claim, walled-in turns) are the
state's ``params``, from ``data/parameters.toml``."""

ASKED, RAN_OUT, SURROUNDED, BLOCKED = object(), object(), object(), object()
"""How a crawl of forced steps stopped (see ``YukonState._crawl_on``)."""

ONE_THROW = tuple((spots,) for spots in range(7))
"""The throws of a turn without a 1, by spots (built once)."""

DEFAULT_NAMES = tuple(f"Player {seat + 1}" for seat in range(6))
"""``State.seat_name`` of each seat while the table has named no player (built once)."""


class Ways(NamedTuple):
    """The board's adjacency as the hot path reads it: built once per board.

    A team's leader has its own second stone behind it, so only the leader's other
    neighbours can lie ahead: one on a space of a single ring (two neighbours), three on a
    space where two rings meet (four).
    """

    pair_sum: tuple[int, ...]
    """Per space of one ring: the sum of its two neighbours (the way on is the sum less the
    way in); -1 for a space where two rings meet."""
    ahead: tuple[dict[int, tuple[int, int, int]], ...]
    """Per space where two rings meet: each neighbour -> the three others, in space order
    (empty for a space of one ring)."""
    shared: tuple[dict[int, tuple[int, ...]], ...]
    """Per space: each space on a ring with it -> the claims (indices, in order) whose ring
    holds both."""


@lru_cache(maxsize=16)
def ways_for(board: Board) -> Ways:
    pair_sum: list[int] = []
    ahead: list[dict[int, tuple[int, int, int]]] = []
    for space, nbrs in enumerate(board.neighbours):
        ways: dict[int, tuple[int, int, int]] = {}
        if len(nbrs) == 2:
            pair_sum.append(nbrs[0] + nbrs[1])
        elif len(nbrs) == 4:
            pair_sum.append(-1)
            for behind in nbrs:
                a, b, c = (s for s in nbrs if s != behind)
                ways[behind] = (a, b, c)
        else:  # build_board's geometry gives every space two neighbours, or four
            raise ValueError(f"space {board.labels[space]} has {len(nbrs)} neighbours")
        ahead.append(ways)
    shared: list[dict[int, list[int]]] = [{} for _ in board.names]
    for c, ring in enumerate(board.ring):
        for a in ring:
            for b in ring:
                shared[a].setdefault(b, []).append(c)
    return Ways(
        pair_sum=tuple(pair_sum),
        ahead=tuple(ahead),
        shared=tuple({b: tuple(cs) for b, cs in m.items()} for m in shared),
    )


class YukonState(State):
    """The whole game: the teams on the board, the staked claims, the turn in progress."""

    options: YukonOptions
    params: Parameters
    """The design numbers (``data/parameters.toml``): ``stones`` per team ("Preparation"),
    ``retiring_nuggets`` (the claim whose first staker takes no further turns), and
    ``walled_in_turns``: a team that could do nothing at all on this many of its turns in
    a row is walled in, and no longer counts as able to move for Game End."""
    board: Board
    table: ActionTable
    ways: Ways

    # ----------------------------------------------------------------- setup

    def _setup(self) -> None:
        """Preparation: 12 stones per colour off the board; the youngest (seat 0) places first."""
        params = self.params = self.options.parameters
        board = self.board = self.options.load_board()
        self.table = actions_for(board)
        self.ways = ways_for(board)
        n = self.num_players
        self.owner: list[int] = [FREE] * board.num_spaces
        """Per space: the seat whose gold-digger stands there, or FREE."""
        self.chains: list[list[int]] = [[] for _ in range(n)]
        """Per seat: the team on the board, from one end to the other."""
        self.heading: list[bool] = [True] * n
        """Per seat: True if the last stone of the chain leads (the team's direction of
        motion, from its latest move or entry), False if the first one does."""
        self.waiting: list[int] = [params.stones] * n
        self.claim_owner: list[int] = [FREE] * len(board.claims)
        self.staked: list[list[int]] = [[] for _ in range(n)]
        self.nuggets: list[int] = [0] * n
        self.guards: list[int] = [0] * n
        self.retired: list[bool] = [False] * n
        self.active: list[bool] = [True] * n
        """Per seat: the team still has gold-diggers to move (not retired, not all staked)."""
        self.phase = PLACING
        self.mover = n - 1 if params.reverse_placement else 0
        self.throws: tuple[int, ...] = ()
        self.pips = 0
        self.steered = False
        """Whether the direction of this turn is fixed (by its first move)."""
        self.turned_back = False
        self.acted = False
        self.came_from = FREE
        """The space a lone gold-digger left on its last move this turn (it may not go back)."""
        self.walled: list[int] = [0] * n
        """Per seat: its turns in a row on which it could do nothing at all."""
        self.rounds_without_stake = 0
        self._recount = False
        """Whether a team may have stopped this turn: Game End is then checked."""
        self.end_reason = ""
        self.end_words: T | None = None
        """Why the game ended, in words (``end_reason`` is their English)."""
        self._asked: tuple[int, ...] = ()
        self._options: tuple[Action, ...] = ()
        self._story: list[T | tuple[int, ...]] = []
        """The turn's story not yet in the log: phrases, and the throws as numbers."""
        self._crawl: list[int] = []
        self._crawl_kind = MOVES
        if self.logging:
            self.log(
                T(
                    "Gold am Yukon: {claims} claims holding {nuggets} nuggets, "
                    "and {starts} spaces to start from",
                    claims=len(board.claims),
                    nuggets=board.total_nuggets,
                    starts=len(board.start_spaces),
                )
            )
        self._advance()

    # -------------------------------------------------------- the contract

    def _to_act(self) -> tuple[int, ...]:
        return self._asked

    # pending(), legal_actions() and apply() as the base class has them, less what Gold am
    # Yukon never needs: it has no simultaneous decisions, so no seat is ever committed, and
    # the actions offered now are at hand (``_options``), so apply() needs no cache of them.
    # If State.apply ever gains a step, this copy must gain it too: tests/games/yukon/
    # test_engine_path.py plays both side by side and fails when they differ.

    def pending(self) -> tuple[int, ...]:
        return self._asked

    def _ended_by_table(self) -> None:
        self._asked = ()
        self._options = ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._asked:
            return []
        return list(self._options)

    def apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat``; raises IllegalAction and changes nothing if illegal."""
        if type(seat) is int and seat in self._asked:
            for offered in self._options:  # by identity first: no dataclass __eq__ here
                if offered is action:
                    break
            else:
                self.check(seat, action)
        else:
            self.check(seat, action)
        self._moves = ((seat, action), self._moves)
        self._move_count += 1
        self._play(seat, action)

    def _is_simultaneous(self) -> bool:
        return False

    def _legal(self, seat: int) -> list[Action]:
        return list(self._options)

    def _play(self, seat: int, action: Action) -> None:
        space_at = self.board.space_at
        kind = type(action)
        if kind is Move:
            space = space_at[action.claim, action.hour]  # type: ignore[attr-defined]
            chain = self.chains[seat]
            if len(chain) > 1:
                if not self.steered:
                    stop = self._go(seat, chain, space)
                elif space in self.board.neighbours[chain[-1] if self.heading[seat] else chain[0]]:
                    stop = self._crawl_on(seat, chain, space)  # straight on: the hot path
                else:
                    stop = self._go(seat, chain, space)  # back: Changing Direction
                if stop is not ASKED:
                    self._advance(crawled=True)
                return
            self._move(seat, space)
        elif kind is Enter:
            self._enter(seat, space_at[action.claim, action.hour])  # type: ignore[attr-defined]
        elif kind is Stake:
            self._stake(seat, action.claim - 1)  # type: ignore[attr-defined]
        elif kind is Pass:
            self.acted = True
            self._lose_pips(PASSES)
        elif kind is Place:
            self._place(seat, space_at[action.claim, action.hour])  # type: ignore[attr-defined]
        self._advance()

    def scores(self) -> tuple[float, ...]:
        """The Winner: the nuggets of the claims each team staked (plus, where a designer
        gives them, ``late_seat_nuggets`` for every seat a team sits after the first)."""
        bonus = self.params.late_seat_nuggets
        return tuple(float(n + bonus * seat) for seat, n in enumerate(self.nuggets))

    def clone(self) -> YukonState:
        new = super().clone()
        new.owner = self.owner.copy()
        new.chains = [c.copy() for c in self.chains]
        new.heading = self.heading.copy()
        new.waiting = self.waiting.copy()
        new.claim_owner = self.claim_owner.copy()
        new.staked = [s.copy() for s in self.staked]
        new.nuggets = self.nuggets.copy()
        new.guards = self.guards.copy()
        new.retired = self.retired.copy()
        new.active = self.active.copy()
        new.walled = self.walled.copy()
        new._story = self._story.copy()
        new._crawl = self._crawl.copy()
        return new

    # Nothing is hidden in Gold am Yukon but the future throws, which determinize() re-seeds;
    # the base class's empty _redraw_hidden is exactly right.

    def is_active(self, seat: int) -> bool:
        """Whether the team still has gold-diggers to move (on the board or still to enter)."""
        return self.active[seat]

    def stakeable(self, seat: int) -> list[int]:
        """How does one stake a claim: the unstaked claims (indices) the whole team surrounds.

        All the team's gold-diggers must stand on the claim's ring.  Before the first claim
        that is all 12 of them, which fill the ring: a complete, closed circle.
        """
        chain = self.chains[seat]
        if self.waiting[seat] or not chain:
            return []
        claims = self.ways.shared[chain[0]].get(chain[-1])
        if claims is None:
            return []
        ring_sets, claim_owner = self.board.ring_sets, self.claim_owner
        return [c for c in claims if claim_owner[c] == FREE and ring_sets[c].issuperset(chain)]

    # ------------------------------------------------------- turn sequence

    def _advance(self, crawled: bool = False) -> None:
        """Play forced steps until a player has a real choice, or the game is over.

        Forced steps work on space numbers directly; actions are built only for a choice.
        ``crawled``: the team has just crawled as far as it goes by itself (``_crawl_on``).
        """
        table = self.table
        while True:
            phase = self.phase
            if phase == PLAYING:
                if self.pips == 0:
                    self._end_turn()
                    crawled = False
                    continue
                seat = self.mover
                chain = self.chains[seat]
                if self.waiting[seat]:
                    targets = self._free_at_ends(chain)
                    if len(targets) == 1:
                        self._enter(seat, targets[0])
                    elif targets:
                        enter = table.enter
                        self._ask(tuple([enter[s] for s in targets]))
                        return
                    else:
                        self._lose_pips(CANNOT_ENTER)
                    continue
                if crawled:
                    crawled = False
                elif self.steered and len(chain) > 1:
                    stop = self._crawl_on(seat, chain, FREE)
                    if stop is ASKED:
                        return
                    if stop is RAN_OUT:
                        continue
                targets = self._free_at_ends(chain) if not self.steered else self._ahead(chain)
                if chain[-1] in self.ways.shared[chain[0]]:
                    claims = self.stakeable(seat)
                    if claims:
                        move, stake = table.move, table.stake
                        options: list[Action] = [move[s] for s in targets]
                        options.extend(stake[c] for c in claims)
                        if not targets:
                            options.append(table.pass_)
                        self._ask(tuple(options))
                        return
                k = len(targets)
                if k > 1:  # the usual choice: which end leads, and where to
                    move = table.move
                    self._options = tuple([move[s] for s in targets])
                    self._asked = (seat,)
                    return
                if k == 1:
                    if len(chain) > 1:
                        if self._go(seat, chain, targets[0]) is ASKED:
                            return
                        crawled = True
                    else:
                        self._move(seat, targets[0])
                else:
                    self._lose_pips(CANNOT_MOVE)
                continue
            if phase == PLACING:
                place, owner = table.start_place, self.owner
                starts = self.board.start_spaces
                self._ask(tuple([place[k] for k, s in enumerate(starts) if owner[s] == FREE]))
                return
            self._options = ()
            self._asked = ()
            return

    def _go(self, seat: int, chain: list[int], space: int) -> object:
        """How does a team move forwards: the stone at the rear goes ahead of the leader.

        For a team of two or more, which then crawls on (``_crawl_on``, whose stop this
        returns).  The first move of a turn picks the direction: the end it is next to leads
        (the team's present heading if it is next to both).  Later in the turn a target next
        to the rear is Changing Direction: the way ahead is held by an opposing team, so the
        rest of the pips are used in the reverse direction.
        """
        leads_last = self.heading[seat]
        if space not in self.board.neighbours[chain[-1] if leads_last else chain[0]]:
            self.heading[seat] = not leads_last
            if self.steered:
                self._turn_back(seat)
        self.steered = True
        return self._crawl_on(seat, chain, space)

    def _crawl_on(self, seat: int, chain: list[int], space: int) -> object:
        """A steered team of two or more straight on, in one tight loop (the hot path).

        First the step onto ``space`` (ahead of the leader), unless FREE; then forced steps
        while exactly one free space lies ahead and no claim is surrounded, on space numbers
        and the board's ``Ways`` alone.  Returns ASKED when the way forks (the player is
        asked which way), RAN_OUT when the pips are used up, and SURROUNDED or BLOCKED for
        ``_advance`` to handle (staking is a choice; a closed way may mean Changing
        Direction).
        """
        pips = self.pips
        owner = self.owner
        pair_sum, ahead, shared = self.ways
        leads_last = self.heading[seat]
        if leads_last:
            head, behind, tail = chain[-1], chain[-2], 0
        else:
            head, behind, tail = chain[0], chain[1], -1
        crawl = None
        if self.logging:
            if self._crawl and self._crawl_kind != MOVES:
                self._close_crawl()
            self._crawl_kind = MOVES
            crawl = self._crawl
        stop = RAN_OUT
        while True:
            if space >= 0:
                if leads_last:
                    rear = chain.pop(0)
                    chain.append(space)
                else:
                    rear = chain.pop()
                    chain.insert(0, space)
                owner[rear] = FREE
                owner[space] = seat
                behind = head
                head = space
                pips -= 1
                if crawl is not None:
                    crawl.append(space)
                if not pips:
                    break
            mates = shared[head]
            if chain[tail] in mates:  # both ends on one ring: is the whole team on it?
                claim_owner, ring_sets = self.claim_owner, self.board.ring_sets
                for c in mates[chain[tail]]:
                    if claim_owner[c] == FREE and ring_sets[c].issuperset(chain):
                        stop = SURROUNDED
                        break
                if stop is SURROUNDED:
                    break
            way_on = pair_sum[head]
            if way_on >= 0:  # a space of one ring: one way on
                space = way_on - behind
                if owner[space] == FREE:
                    continue
                stop = BLOCKED
                break
            a, b, c = ahead[head][behind]  # where two rings meet: three ways on
            if owner[a] != FREE:
                if owner[b] != FREE:
                    if owner[c] != FREE:
                        stop = BLOCKED
                        break
                    space = c
                    continue
                if owner[c] != FREE:
                    space = b
                    continue
                a = FREE
            elif owner[b] != FREE:
                if owner[c] != FREE:
                    space = a
                    continue
                b = FREE
            elif owner[c] != FREE:
                c = FREE
            move = self.table.move  # a fork: the player chooses among the free ones
            if a == FREE:
                self._options = (move[b], move[c])
            elif b == FREE:
                self._options = (move[a], move[c])
            elif c == FREE:
                self._options = (move[a], move[b])
            else:
                self._options = (move[a], move[b], move[c])
            self._asked = (seat,)
            stop = ASKED
            break
        if pips != self.pips:
            self.acted = True
            self.pips = pips
        return stop

    def _ask(self, options: tuple[Action, ...]) -> None:
        """A decision point: the player whose turn it is chooses among ``options``.

        The turn's story so far is in the observation (``this_turn``); the log gets it as
        one line when the turn ends.
        """
        self._options = options
        self._asked = (self.mover,)

    def _start_turn(self, seat: int) -> None:
        """A turn begins with the throw: each 1 permits a further throw, the spots added."""
        self.mover = seat
        rng = self.rng.random
        spots = int(rng() * 6) + 1
        if spots == 1:
            throws = [1]
            while spots == 1:
                spots = int(rng() * 6) + 1
                throws.append(spots)
            self.throws = tuple(throws)
            self.pips = sum(throws)
        else:
            self.throws = ONE_THROW[spots]
            self.pips = spots
        self.steered = False
        self.turned_back = False
        self.acted = False
        self.came_from = FREE
        if self.logging:
            self._story.append(self.throws)  # written out only when read: _phrases()

    def _end_turn(self) -> None:
        """After a turn: the game may end; else the next team still in the game plays."""
        if self._story or self._crawl:
            self._flush_story()
        mover, walled, active = self.mover, self.walled, self.active
        if self.acted:
            walled[mover] = 0
        else:
            walled[mover] += 1
            if walled[mover] == self.params.walled_in_turns:
                self._recount = True
        if self._recount:  # a team stopped (staked out, retired, walled in): who can move?
            self._recount = False
            n = self.num_players
            limit = self.params.walled_in_turns
            movable = [s for s in range(n) if active[s] and walled[s] < limit]
            if len(movable) <= 1:
                self._game_over(self._nobody_else_moves(movable))
                return
        n = self.num_players
        seat = (mover + 1) % n
        while not active[seat]:
            seat = (seat + 1) % n
        if seat <= mover:
            self.rounds_without_stake += 1
            if self.rounds_without_stake >= self.options.stalemate_rounds:
                rounds = self.options.stalemate_rounds
                self._game_over(stalemate(rounds))
                return
        self._start_turn(seat)

    def _nobody_else_moves(self, movable: list[int]) -> T:
        """Game End: why at most one team can still move."""
        walled = [s for s in range(self.num_players) if self.active[s] and s not in movable]
        reason = only_one_moves(self.seat_name(movable[0])) if movable else NO_TEAM_MOVES
        if walled:
            names = ", ".join(self.seat_name(s) for s in walled)
            reason = with_walled_in(reason, names, self.params.walled_in_turns)
        return reason

    def _lose_pips(self, why: T) -> None:
        """The rest of the turn's pips are lost (after staking, or when the team is stuck)."""
        if self.logging and self.pips:
            self._say(pips_lost(why, self.pips))
        self.pips = 0

    def _game_over(self, reason: T) -> None:
        """Game End: every claim staked, or only one player still has gold-diggers to move."""
        self.phase = OVER
        self.end_words = reason
        self.end_reason = reason.render()
        self.pips = 0
        if self.logging:
            result = ", ".join(
                f"{self.seat_name(s)} {self.nuggets[s]}" for s in range(self.num_players)
            )
            self.log(T("The game ends: {reason}. Nuggets: {result}", reason=reason, result=result))

    # ------------------------------------------------------------- choices

    def _free_at_ends(self, chain: list[int]) -> list[int]:
        """Free spaces next to either end of the team, in space order.

        Entering: each pip brings a stone on there, so that no gap arises.  Moving: the first
        move of a turn goes there, and the end it is next to leads for the rest of the turn.
        """
        owner = self.owner
        last = chain[-1]
        targets = []
        if len(chain) == 1:
            for s in self.board.neighbours[last]:
                if owner[s] == FREE:
                    targets.append(s)
            return targets
        pair_sum, ahead = self.ways.pair_sum, self.ways.ahead
        way_on = pair_sum[last]  # each end's own second stone is never free
        if way_on >= 0:
            s = way_on - chain[-2]
            if owner[s] == FREE:
                targets.append(s)
        else:
            for s in ahead[last][chain[-2]]:
                if owner[s] == FREE:
                    targets.append(s)
        first = chain[0]
        way_on = pair_sum[first]
        if way_on >= 0:
            s = way_on - chain[1]
            if owner[s] == FREE and s not in targets:
                targets.append(s)
                targets.sort()
        else:
            more = False
            for s in ahead[first][chain[1]]:
                if owner[s] == FREE and s not in targets:
                    targets.append(s)
                    more = True
            if more:
                targets.sort()
        return targets

    def _ahead(self, chain: list[int]) -> list[int]:
        """Free spaces ahead of the leader; if none, Changing Direction may open the rear."""
        owner = self.owner
        nbrs = self.board.neighbours
        leads_last = self.heading[self.mover]
        head = chain[-1] if leads_last else chain[0]
        came_from = self.came_from
        targets = [s for s in nbrs[head] if owner[s] == FREE and s != came_from]
        if not targets and self._blocked_by_opponent(head):
            rear = chain[0] if leads_last else chain[-1]
            targets = [s for s in nbrs[rear] if owner[s] == FREE]
        return targets

    def _blocked_by_opponent(self, head: int) -> bool:
        """Changing Direction: the way ahead is closed and an opposing stone stands on it.

        A team turns back only once a turn, and only for an opposing team.
        """
        if self.turned_back:
            return False
        seat = self.mover
        return any(self.owner[s] not in (FREE, seat) for s in self.board.neighbours[head])

    # ------------------------------------------------------------- actions

    def _place(self, seat: int, space: int) -> None:
        """Preparation: a stone on a free start space, the players following in turn."""
        self.owner[space] = seat
        self.chains[seat].append(space)
        self.waiting[seat] -= 1
        if self.logging:
            self.log(
                T(
                    "{player} places a gold-digger on the start space {space}",
                    player=self.seat_name(seat),
                    space=space_words(self.board.labels[space]),
                )
            )
        step = -1 if self.params.reverse_placement else 1
        if 0 <= seat + step < self.num_players:
            self.mover = seat + step
        else:
            self.phase = PLAYING
            self._start_turn(0)

    def _enter(self, seat: int, space: int) -> None:
        """Game Play: one stone onto the board for one pip, next to an end of the team.

        The new stone's end becomes the front.  A space next to both ends (closing a loop)
        joins the team after its last stone.
        """
        chain = self.chains[seat]
        if space in self.board.neighbours[chain[-1]]:
            chain.append(space)
            self.heading[seat] = True
        else:
            chain.insert(0, space)
            self.heading[seat] = False
        self.owner[space] = seat
        self.waiting[seat] -= 1
        self.pips -= 1
        self.acted = True
        if self.logging:
            self._note(ENTERS, space)

    def _move(self, seat: int, space: int) -> None:
        """A lone gold-digger moves for one pip (a team of two or more: ``_go``).

        Going back to the space it left this turn is Changing Direction.
        """
        chain = self.chains[seat]
        if self.steered and space == self.came_from:
            self._turn_back(seat)
        rear = self.came_from = chain[0]
        self.steered = True
        chain[0] = space
        owner = self.owner
        owner[rear] = FREE
        owner[space] = seat
        self.pips -= 1
        self.acted = True
        if self.logging:
            self._note(MOVES, space)

    def _turn_back(self, seat: int) -> None:
        """Changing Direction: the rest of the pips are used in the reverse direction."""
        self.turned_back = True
        if self.logging:
            chain = self.chains[seat]
            old_head = chain[0] if self.heading[seat] else chain[-1]
            self._say(turned_back(self.board.labels[old_head]))

    def _stake(self, seat: int, claim: int) -> None:
        """How does one stake a claim: the last member guards it; the other pips are lost.

        The player who first stakes the 6-nugget claim takes no further turns: the rest of
        the team is placed to guard its claims.
        """
        chain = self.chains[seat]
        rear = chain.pop(0) if self.heading[seat] else chain.pop()
        self.owner[rear] = FREE
        self.claim_owner[claim] = seat
        self.staked[seat].append(claim)
        self.rounds_without_stake = 0
        nuggets = self.board.claims[claim].nuggets
        self.nuggets[seat] += nuggets
        self.pips -= 1
        self.acted = True
        if self.logging:
            name, space = self.seat_name(seat), space_words(self.board.labels[rear])
            self.log(
                T(
                    "{player} stakes claim {claim} ({nuggets} nuggets) with the gold-digger "
                    "from {space}",
                    player=name,
                    claim=claim + 1,
                    nuggets=nuggets,
                    space=space,
                )
                if nuggets != 1
                else T(
                    "{player} stakes claim {claim} (1 nugget) with the gold-digger from {space}",
                    player=name,
                    claim=claim + 1,
                    space=space,
                ),
                seat=seat,
                claim=claim + 1,
                nuggets=nuggets,
            )
        self._recount = True
        if not chain:
            self.active[seat] = False
        if nuggets == self.params.retiring_nuggets:
            self.retired[seat] = True
            self.active[seat] = False
            self.guards[seat] = len(chain)
            for s in chain:
                self.owner[s] = FREE
            chain.clear()
            if self.logging:
                self.log(
                    T(
                        "{player} staked the {nuggets}-nugget claim and takes no further turns; "
                        "{guards} gold-diggers go to guard its claims",
                        player=self.seat_name(seat),
                        nuggets=nuggets,
                        guards=self.guards[seat],
                    )
                )
        if FREE not in self.claim_owner:
            self._game_over(EVERY_CLAIM_STAKED)
        else:
            self._lose_pips(HAS_STAKED)

    # ------------------------------------------------------------------- log

    def log(
        self,
        text: str | T | Callable[[], str | T],
        *,
        to: int | frozenset[int] | None = None,
        **data: JsonValue,
    ) -> None:
        """The engine's log, after the story of the turn so far (which comes first)."""
        if self._story or self._crawl:
            self._flush_story()
        super().log(text, to=to, **data)

    def _note(self, kind: str, space: int) -> None:
        """Gather steps of one kind (entries or moves) into one phrase of the turn's story."""
        if self._crawl and self._crawl_kind != kind:
            self._close_crawl()
        self._crawl_kind = kind
        self._crawl.append(space)

    def _say(self, phrase: T) -> None:
        if self._crawl:
            self._close_crawl()
        self._story.append(phrase)

    def _close_crawl(self) -> None:
        self._story.append(self._crawl_phrase())
        self._crawl = []

    def _crawl_phrase(self) -> T:
        return crawl_phrase(self._crawl_kind, self._crawl, self.board.labels)

    def _story_so_far(self) -> list[T]:
        """The phrases of the turn in progress not yet in the log."""
        return phrases(self._story, self._crawl_kind, self._crawl, self.board.labels)

    def _flush_story(self) -> None:
        """One line of the log for what the player whose turn it is did since the last line.

        The words are written only when the line is read (a line a turn, thousands a game):
        the story's lists are handed over whole and never touched again.
        """
        mover = self.mover
        name = DEFAULT_NAMES[mover] if self.names is None else self.seat_name(mover)
        text = partial(
            turn_line, name, self._story, self._crawl_kind, self._crawl, self.board.labels
        )
        self._story = []
        self._crawl = []
        State.log(self, text)  # the base class's: this line is the story, so not our log()

    # --------------------------------------------------------- what players see

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        """Everything on the table: Gold am Yukon hides nothing but the future throws.

        Spaces are ``"claim:hour"`` labels; ``claims`` rows are [number, q, r, nuggets,
        owner seat or None]; ``this_turn`` is the turn's story not yet in the log (kept only
        while the state logs); ``words`` holds the narration (``this_turn`` as one chain of
        phrases, ``end_reason``) as words a page translates (``story.as_json``).
        """
        board = self.board
        labels = board.labels
        story = self._story_so_far() if self.phase == PLAYING else []
        teams: list[JsonValue] = []
        for s in range(self.num_players):
            chain = self.chains[s]
            front = (chain[-1] if self.heading[s] else chain[0]) if chain else None
            teams.append(
                {
                    "chain": [labels[x] for x in chain],
                    "front": None if front is None else labels[front],
                    "waiting": self.waiting[s],
                    "claims": [c + 1 for c in self.staked[s]],
                    "nuggets": self.nuggets[s],
                    "guards": self.guards[s],
                    "retired": self.retired[s],
                    "active": self.is_active(s),
                    "walled": self.walled[s],
                }
            )
        return {
            "board": board.name,
            "phase": self.phase,
            "turn": None if self.phase == OVER else self.mover,
            "throws": list(self.throws),
            "pips": self.pips,
            "steered": self.steered,
            "turned_back": self.turned_back,
            "claims": [
                [c.number, c.q, c.r, c.nuggets, None if o == FREE else o]
                for c, o in zip(board.claims, self.claim_owner, strict=True)
            ],
            "teams": teams,
            "start_spaces": (
                [labels[s] for s in board.start_spaces] if self.phase == PLACING else []
            ),
            "this_turn": [p.render() for p in story],
            "rounds_without_stake": self.rounds_without_stake,
            "end_reason": self.end_reason or None,
            "words": {
                "this_turn": as_json(listed(story)) if story else None,
                "end_reason": None if self.end_words is None else as_json(self.end_words),
            },
        }

    # --------------------------------------------------------- illegal actions

    def _illegal_reason(self, seat: int, action: Action) -> str | None:
        """None for a legal action; else IllegalAction, saying why in the rulebook's terms (as
        words a page translates, which the base class's ``str`` reason cannot carry)."""
        if action in self._options:
            return None
        raise IllegalAction(why_not(self, seat, action))
