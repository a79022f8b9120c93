"""Game-agnostic agents (random, human at a terminal) and bot specs such as ``mcts:iters=500``.

An agent sees only its own seat's information; see :mod:`motherlode.engine.agent`.
"""

from motherlode.agents.random_agent import RandomAgent
from motherlode.agents.specs import AgentSpec, bot_names, make_agent, parse_spec

__all__ = ["AgentSpec", "RandomAgent", "bot_names", "make_agent", "parse_spec"]
