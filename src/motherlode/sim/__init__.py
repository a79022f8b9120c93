"""Simulation: many games between bots, statistics, on a local process pool."""

from motherlode.sim.simulate import GameResult, SeatSummary, Simulation, simulate
from motherlode.sim.stats import wilson_interval

__all__ = ["GameResult", "SeatSummary", "Simulation", "simulate", "wilson_interval"]
