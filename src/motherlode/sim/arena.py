"""The arena: bots play seat-rotated games; win rates with 95% CIs and ratings.

Seats are filled by a fixed schedule so that every bot plays every seat equally often over
each *period* of games:

* with no more bots than players, bots are cycled round the table: in rotation ``r`` seat
  ``s`` holds bot ``(s + r) mod k``; a bot may hold several seats of one game (with 2 bots
  in a 4-player game: A B A B, then B A B A); the period is ``k`` games;
* with more bots than players, every combination of ``players`` bots sits in each of its
  rotations, so every bot meets every other equally often; the period is
  ``C(k, players) × players`` games.

All games of one period are played on the same deal (the same game seed, derived from the
run seed by :func:`motherlode.sim.play.game_seed`), so luck of the deal is shared out
evenly too; the bots' own seeds are derived per game, so two copies of one bot swapping
seats still play different games.  A run is reproducible from ``--seed`` whatever
``--jobs`` is, as long as the bots have iteration budgets (a bot thinking for ``ms``
depends on the machine's speed).

A bot's *win rate* is its share of the games it sat in: a win shared by k seats counts 1/k
to each, so a bot holding two seats of a game collects both shares.  Its *fair share* is what
an equally strong bot would expect (its seats over the players, averaged over its games).
*Head to head*, bot a beats bot b in a game where a's best seat places above b's best seat
(a tie counts a half).

Each game also records the seconds each seat's bot spent deciding (wall clock, in the
process that played it: the calls to ``act``, not the engine's own moves) and how many
decisions it made; :meth:`Arena.thinking` sums them per bot.  Timings differ from run to
run, so they take no part in comparing results and are left out of the files unless asked
for (``to_json(timings=True)``).

Games are played by :mod:`motherlode.sim.play`; the files are written by
:mod:`motherlode.sim.files`, the plot drawn by :mod:`motherlode.sim.plots`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from motherlode.agents.specs import parse_spec
from motherlode.engine import BadOptions, Game, get_game
from motherlode.sim.backends import Backend
from motherlode.sim.play import (
    BOT_SEEDS,
    Fixture,
    GameRow,
    Match,
    check_bots,
    entrant_names,
    game_seed,
    play_games,
    schedule,
)
from motherlode.sim.ratings import RatedGame, Rating, rate
from motherlode.sim.stats import WinTally, mean

__all__ = [
    "BOT_SEEDS",
    "OUTPUT_FORMATS",
    "Arena",
    "BotSummary",
    "BotThinking",
    "HeadToHead",
    "check_bots",
    "default_players",
    "entrant_names",
    "game_json",
    "run_arena",
    "schedule",
]

OUTPUT_FORMATS = (".json", ".csv")


def default_players(game: Game, bots: int) -> int:
    """As many players as bots, within the game's player counts."""
    return min(max(bots, game.min_players), game.max_players)


# ------------------------------------------------------------------------ results


@dataclass(frozen=True)
class BotSummary(WinTally):
    entrant: int
    bot: str
    games: int
    seats: int
    wins: float
    fair_share: float
    mean_score: float
    mean_place: float
    rating: Rating

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95_low": self.interval[0],
            "ci95_high": self.interval[1],
            "fair_share": self.fair_share,
            "mean_score": self.mean_score,
            "mean_place": self.mean_place,
            "rating_mu": self.rating.mu,
            "rating_sigma": self.rating.sigma,
            "rating_ordinal": self.rating.ordinal,
        }


@dataclass(frozen=True)
class HeadToHead(WinTally):
    """How often ``bot`` placed above ``other`` in the games where both sat."""

    bot: int
    other: int
    wins: float
    games: int

    @property
    def rate(self) -> float:
        """How often ``bot`` placed above ``other`` (the tally's win rate)."""
        return self.win_rate


@dataclass(frozen=True)
class BotThinking:
    """The time a bot spent deciding, over the ``games`` it sat in (all its seats)."""

    entrant: int
    bot: str
    games: int
    seconds: float
    decisions: int

    @property
    def per_game(self) -> float:
        return self.seconds / self.games if self.games else 0.0

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "seconds": self.seconds,
            "decisions": self.decisions,
            "seconds_per_game": self.per_game,
            "seconds_per_decision": self.per_decision,
        }


@dataclass
class Arena:
    """A finished (or growing) arena run: its settings and every game, in index order."""

    game: str
    bots: list[str]
    players: int
    seed: int
    options: dict[str, Any]
    results: list[GameRow] = field(default_factory=list)
    _rated: tuple[int, list[Rating], list[list[Rating]]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Arena:
        """A saved run (:meth:`to_json`, with or without timings) as an arena again, so its
        figures can be laid out anew without playing its games again."""
        arena = cls(
            str(data["game"]),
            [str(b) for b in data["bots"]],
            int(data["players"]),
            int(data["seed"]),
            dict(data.get("options") or {}),
        )
        for g in data["games"]:
            arena.results.append(
                GameRow(
                    0,
                    int(g["index"]),
                    int(g["seed"]),
                    tuple(int(e) for e in g["lineup"]),
                    tuple(float(x) for x in g["scores"]),
                    tuple(tuple(int(s) for s in group) for group in g["ranking"]),
                    int(g["moves"]),
                    bot_seed=int(g["bot_seed"]),
                    think=tuple(float(x) for x in g.get("think_s", ())),
                    seat_decisions=tuple(int(x) for x in g.get("decisions", ())),
                )
            )
        return arena

    @property
    def _ratings(self) -> tuple[list[Rating], list[list[Rating]]]:
        """Ratings of the games so far, recomputed only when games were added."""
        if self._rated is None or self._rated[0] != len(self.results):
            games = [RatedGame(g.lineup, g.places()) for g in self.results]
            self._rated = (len(self.results), *rate(len(self.bots), games))
        return self._rated[1], self._rated[2]

    @property
    def ratings(self) -> list[Rating]:
        return self._ratings[0]

    @property
    def rating_history(self) -> list[list[Rating]]:
        """``rating_history[e][k]``: bot ``e``'s rating after ``k`` games."""
        return self._ratings[1]

    def summaries(self) -> list[BotSummary]:
        out = []
        for e, bot in enumerate(self.bots):
            played = [g for g in self.results if e in g.lineup]
            seats = [(g, s) for g in played for s, who in enumerate(g.lineup) if who == e]
            wins = sum(g.win_share(e) for g in played)
            fair = mean([g.lineup.count(e) / len(g.lineup) for g in played])
            out.append(
                BotSummary(
                    entrant=e,
                    bot=bot,
                    games=len(played),
                    seats=len(seats),
                    wins=wins,
                    fair_share=fair,
                    mean_score=mean([g.scores[s] for g, s in seats]),
                    mean_place=mean([1.0 + g.places()[s] for g, s in seats]),
                    rating=self.ratings[e],
                )
            )
        return out

    def head_to_head(self) -> list[HeadToHead]:
        """Every ordered pair of distinct bots that met."""
        wins: dict[tuple[int, int], float] = {}
        met: dict[tuple[int, int], int] = {}
        for g in self.results:
            places = g.places()
            best: dict[int, int] = {}
            for seat, e in enumerate(g.lineup):
                best[e] = min(best.get(e, places[seat]), places[seat])
            for a, b in itertools.permutations(best, 2):
                met[a, b] = met.get((a, b), 0) + 1
                if best[a] < best[b]:
                    wins[a, b] = wins.get((a, b), 0.0) + 1.0
                elif best[a] == best[b]:
                    wins[a, b] = wins.get((a, b), 0.0) + 0.5
        return [
            HeadToHead(a, b, wins.get((a, b), 0.0), met[a, b])
            for a in range(len(self.bots))
            for b in range(len(self.bots))
            if (a, b) in met
        ]

    def thinking(self) -> list[BotThinking]:
        """Each bot's time spent deciding, summed over its seats of the games it sat in."""
        out = []
        for e, bot in enumerate(self.bots):
            played = [g for g in self.results if e in g.lineup]
            seats = [(g, s) for g in played for s, who in enumerate(g.lineup) if who == e]
            out.append(
                BotThinking(
                    e,
                    bot,
                    len(played),
                    sum(g.think[s] for g, s in seats if g.think),
                    sum(g.seat_decisions[s] for g, s in seats if g.seat_decisions),
                )
            )
        return out

    @property
    def mean_moves(self) -> float:
        return mean([float(g.moves) for g in self.results])

    @property
    def period(self) -> int:
        return len(schedule(len(self.bots), self.players))

    def to_json(self, *, timings: bool = False) -> dict[str, Any]:
        """Everything, in a JSON-ready form; ``timings`` adds each bot's and each game's
        time spent deciding (which differs from run to run)."""
        out: dict[str, Any] = {
            "game": self.game,
            "bots": list(self.bots),
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "period": self.period,
            "summary": [s.to_json() for s in self.summaries()],
            "head_to_head": [
                {
                    "bot": self.bots[h.bot],
                    "other": self.bots[h.other],
                    "games": h.games,
                    "wins": h.wins,
                    "rate": h.win_rate,
                    "ci95_low": h.interval[0],
                    "ci95_high": h.interval[1],
                }
                for h in self.head_to_head()
            ],
            "games": [game_json(g, timings=timings) for g in self.results],
        }
        if timings:
            out["thinking"] = [t.to_json() for t in self.thinking()]
        return out


def game_json(game: GameRow, *, timings: bool = False) -> dict[str, Any]:
    """One game of an arena as its file keeps it (:meth:`Arena.from_json` reads it back)."""
    out: dict[str, Any] = {
        "index": game.index,
        "seed": game.seed,
        "bot_seed": game.bot_seed,
        "lineup": list(game.lineup),
        "scores": list(game.scores),
        "ranking": [list(g) for g in game.ranking],
        "moves": game.moves,
    }
    if timings:
        out["think_s"] = list(game.think)
        out["decisions"] = list(game.seat_decisions)
    return out


# ------------------------------------------------------------------------ playing


def run_arena(
    game_id: str,
    specs: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
) -> Arena:
    """Play ``games`` seat-rotated games between the bots ``specs``; ``progress(k)`` after
    each k games done.  ``backend`` plays them (the caller closes it); without one, a local
    pool of ``jobs`` processes does.  ``first`` starts at that game of the run's schedule:
    the chunks ``first=0, games=k``, ``first=k, games=k``, ... of one seed are together the
    games of one run of their total length (a long ladder played and kept piece by piece)."""
    game = get_game(game_id)
    options = dict(options or {})
    game.options(options)
    check_bots(game, specs)
    count = default_players(game, len(specs)) if players is None else players
    game.check_players(count)
    if games < 1:
        raise BadOptions("the number of games must be at least 1")
    if jobs < 1:
        raise BadOptions("--jobs must be at least 1")
    if first < 0:
        raise BadOptions("the first game's number must be at least 0")
    match = Match(game_id, tuple(str(parse_spec(s)) for s in specs), options, timed=True)
    lineups = schedule(len(specs), count)
    period = len(lineups)
    fixtures = [
        Fixture(
            i, game_seed(seed, i // period), game_seed(seed, i) ^ BOT_SEEDS, lineups[i % period]
        )
        for i in range(first, first + games)
    ]
    arena = Arena(game_id, entrant_names(specs), count, seed, options)
    arena.results = play_games([(match, fixtures)], backend=backend, jobs=jobs, progress=progress)
    return arena
