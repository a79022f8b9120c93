"""The rulebook's numbers and tables, and the decision points of a game of Gonza Index."""

from __future__ import annotations

MARKET_SIZE = 6
"""SETUP 1: 'place the top 6 corporation cards individually, face-up'."""
FACE_UP = 4
"""SETUP 4: 'the top 4 cards are laid face-up'."""
TOKENS = 3
"""EVENTS: 'When the third of these tokens is added to the track, an event is initiated'."""
REROLLS = 2
"""GAMEPLAY: 'You may re-roll any or all of the dice up to a maximum of two times'."""
HAND_LIMIT = 2
"""AUCTIONS / BROKER CARDS: 'discard down to a maximum hand size of 2 broker cards'."""
MINISTER_HAND_LIMIT = 4
"""SOLO PLAY: 'AI players can have up to 4 broker cards in their hand'."""
CAPS = {2: 6, 3: 8, 4: 10, 5: 12}
"""ACTIONS, Place a Stock: the maximum total credits on one corporation, by player count."""
FINAL_DICE = {2: (3,), 3: (3, 2), 4: (4, 3, 2), 5: (4, 3, 2, 1)}
"""ENDGAME: dice of the players after the one who initiates the last auction."""
START_CREDITS_FIRST, START_CREDITS_OTHERS = 1, 2
"""SETUP: 'that player takes one credit into their personal supply, all other players take 2'."""

TURN, DISCARD, PROTECT, DECIDE, MINISTER, OVER = range(6)
PHASES = ("turn", "discard", "protect", "decide", "minister", "over")
