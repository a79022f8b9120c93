"""One package per game: the only place its rules live."""
