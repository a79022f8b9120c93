"""How often a bot plays the heuristic's own move: positions sampled (3 in 10 of the decisions
with a choice, 40 a game) along four 3-player Gold am Yukon games of heuristic bots (seeds
0-3), each asked of ``casual`` and of ``beginner:iters=N``.

    MOTHERLODE_CLOCK=cpu python docs/strength/yukon-beginner/agree.py 24 6 4 3
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))

import motherlode
from motherlode.agents.specs import make_agent

game = motherlode.get_game("yukon")
positions = []
for seed in range(4):
    state = game.new_state(3, seed)
    rng = random.Random(seed)
    bots = [make_agent("casual", game, seed=seed + s) for s in range(3)]
    while not state.is_over():
        seat = state.pending()[0]
        choice = len(state.legal_actions(seat)) > 1 and len(positions) < 40 * (seed + 1)
        if choice and rng.random() < 0.3:
            positions.append((state.clone(), seat))
        state.apply(seat, bots[seat].act(state, seat))
for iters in map(int, sys.argv[1:] or ["4"]):
    same = 0
    for i, (state, seat) in enumerate(positions):
        mine = make_agent(f"beginner:iters={iters}", game, seed=i).act(state, seat)
        same += mine == make_agent("casual", game, seed=i).act(state, seat)
    print(f"beginner:iters={iters} plays the heuristic's move in {same} of {len(positions)}")
