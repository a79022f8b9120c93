"""Every game as an OpenSpiel Python game: ``pyspiel.load_game("python_motherlode_gonza",
{"players": 4})`` once this package is imported (``motherlode.rl.openspiel_game`` too).

Parameters (all optional; ``str(game)`` shows those that differ from their default):

``players``          the table size (default: the game's smallest)
``deals``            distinct deals, the engine seeds 0 .. deals-1 (default 2**31 - 1,
                     OpenSpiel's largest integer parameter)
``options``          the game's options, ``"key:value;key:value"`` (values as on the
                     command line, ``param.NAME`` design numbers included), or a JSON
                     object with one key; OpenSpiel's game text cannot carry ``,`` or ``=``
``chance``           ``deal`` (default) or ``move``: where chance acts (below)
``horizon``          0 (default: the whole game) or the number of decisions (engine moves)
                     after which the game stops, ranked by the scores then: a reduced
                     game for tree algorithms, made here, not by the rules
``infostate_steps``  0 (default) or the steps an information state tensor holds: turns
                     on information states (below)

Game type, in OpenSpiel's terms:

* **dynamics**: SIMULTANEOUS for the games with simultaneous secret decisions (Goodwill's
  prices and votes, GOLDFIX's sealed bids), SEQUENTIAL for the others.  At a simultaneous
  node every asked seat chooses at once (``apply_actions``); a seat that is not asked has
  one legal action, ``wait`` (the index after the game's own actions); turn-based nodes
  name a current player as usual.  The same games are registered turn-based too,
  ``python_motherlode_<game>_turn_based`` (SEQUENTIAL): the seats of a simultaneous
  decision choose one after another, each choice sealed (the others see only that it was
  made), which is what OpenSpiel's MCTS, CFR and ``rl_environment`` need.
  ``pyspiel.convert_to_turn_based`` works as well, but its state holds the earlier seats'
  choices where a copy can read them.
* **chance**: EXPLICIT_STOCHASTIC.  The deal (the engine's seed) is drawn by chance nodes
  of at most 256 outcomes, one per base-256 digit (:mod:`.chance`; a single node when
  ``deals`` <= 256); all later chance (shuffles, dice) comes from the seed inside the
  engine, so a history of actions replays exactly (serialization, pickling, ``child``),
  and ``clone()`` is the same state, as OpenSpiel's contract and its tree algorithms
  (CFR, best response, ``random_sim_test``) need.  The state holds the future, though:
  the order of every deck, the dice to come.  An algorithm that searches by copying the
  real state (``mcts.MCTSBot``) reads it, unless:

  - ``chance="move"``: a chance node of 16 equally likely outcomes stands between each
    decision and its effect; its outcome re-draws what no seat can see (the unknown order
    of the decks, the cards no one has looked at) and re-seeds the engine's dice before
    the move is played.  A search meets that node and samples it, as it samples a die;
    the real game does too, and plays the same game (a re-draw of what nobody knows keeps
    its odds).  It costs a chance node and a re-draw per move.
  - ``resample_from_infostate(player, sampler)``: a copy in which everything ``player``
    cannot see is re-drawn (other seats' hidden cards and sealed choices too), what
    OpenSpiel's ISMCTS asks for.

* **information**: IMPERFECT_INFORMATION (hidden deck order, cards, sealed choices, and
  the seed behind the dice), **utility** ZERO_SUM, **reward model** TERMINAL: the ``rank``
  reward of :mod:`motherlode.rl.core` (+1 first ... -1 last).

Observations (:mod:`.observers`): a seat's tensor (the game's direct encoder, as the
PettingZoo env) and its JSON view as text.  Information states (perfect recall: each
step's own action and observation since the deal) with ``infostate_steps`` > 0: they
grow with the game, so they are for reduced games (``horizon``); :data:`SMALL_CFR` is one
on which CFR runs in seconds.
"""

from __future__ import annotations

from motherlode.rl.openspiel.game import MAX_GAME_LENGTH, MotherlodeGame, MotherlodeState
from motherlode.rl.openspiel.observers import InfoStateObserver, SeatObserver
from motherlode.rl.openspiel.params import DEFAULT_DEALS
from motherlode.rl.openspiel.registry import game_ids
from motherlode.rl.openspiel.shared import short_name

__all__ = [
    "DEFAULT_DEALS",
    "MAX_GAME_LENGTH",
    "SMALL_CFR",
    "InfoStateObserver",
    "MotherlodeGame",
    "MotherlodeState",
    "SeatObserver",
    "game_ids",
    "short_name",
]

SMALL_CFR: tuple[str, dict[str, int | str]] = (
    "python_motherlode_gonza",
    {
        "players": 2,
        "deals": 2,
        "horizon": 5,
        "infostate_steps": 6,
        "options": "param.rerolls:0;param.market_size:2;param.broker_cards_face_up:1",
    },
)
"""A game small enough for tabular CFR and exact exploitability, with every information
state: Gonza Index at 2 players with no re-rolls, 2 corporation cards in the market and 1
broker card face up (design numbers the rules read), 2 deals, stopped after 5 decisions and
ranked by the players' credits then (``horizon``, made here).  About 2,300 histories and
800 information states; see docs/rl.md for CFR's exploitability on it."""
