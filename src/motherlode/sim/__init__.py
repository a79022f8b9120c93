"""Simulation: many games between bots, balance studies, statistics and reports, on a local
process pool or a Ray cluster (see :mod:`motherlode.sim.backends`)."""

from motherlode.sim.simulate import GameResult, SeatSummary, Simulation, simulate
from motherlode.sim.stats import wilson_interval

__all__ = ["GameResult", "SeatSummary", "Simulation", "simulate", "wilson_interval"]
