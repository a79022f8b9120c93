"""Options of Gonza Index: the rulebook's variants, typed and validated.

* ``event_cards``: SETUP 3, 'For longer games, add more event cards and for shorter games
  take them away.  We do not recommend playing with less than 3 or more than 6'.
* ``first_player``: SETUP, 'the one who has most recently earned some money (or choose
  randomly)'; 0 chooses randomly from the game's seed.
* ``minister``: SOLO PLAY, the players run by the Minister AI.  The AI's rules are rules of
  the game, not only of a bot (it rolls once, uses AI-symbol broker cards at once even in
  another player's turn, holds up to 4 cards), so the state must know its seats.
* ``minister_rolls``: SOLO PLAY, 'increase the number of die rolls the AI player takes each
  turn ... adding in more rolls of the yellow dice'.
* ``components``: a designer's folder of component files and / or a ``parameters.toml``,
  each overriding the keys it holds (see components.py and ``data/parameters.toml``: the
  starting credits, caps, hand limits and the final round's dice are design numbers).
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.components import ComponentError
from motherlode.games.gonza.components import FILES, Components, load_components

MAX_PLAYERS = 5


def parse_players(text: str) -> tuple[int, ...]:
    """'2,4' -> (1, 3): player numbers as people count them, to 0-based seats, sorted."""
    seats: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= MAX_PLAYERS:
            raise BadOptions(
                f"option minister: {part!r} is not a player number from 1 to {MAX_PLAYERS} "
                "(write the Minister AI players like '2' or '2,3')"
            )
        seat = int(part) - 1
        if seat in seats:
            raise BadOptions(f"option minister: player {part} is listed twice")
        seats.append(seat)
    return tuple(sorted(seats))


@dataclass(frozen=True)
class GonzaOptions(GameOptions):
    component_files = FILES

    event_cards: int = option(
        4,
        "event cards played this game (SETUP 3: 4; fewer is shorter)",
        min=3,
        max=6,
        title="Game length",
        sentence=(
            "Event cards played this game: 4 is the rulebook's game, each card more adds about 8 "
            "turns (3 to 6)."
        ),
    )
    first_player: int = option(
        0,
        "player number who goes first (SETUP); 0 chooses randomly",
        min=0,
        max=MAX_PLAYERS,
        title="First player",
        sentence="Which player starts; 0 draws one at random, as the rulebook suggests.",
        advanced=True,
    )
    minister: str = option(
        "",
        "players run by the Minister AI (SOLO PLAY), e.g. '2' or '2,3'; empty for none",
        web=False,
        sentence='Choose "Minister AI" for a seat to have the rulebook\'s solo opponent play it.',
    )
    minister_rolls: int = option(
        1,
        "rolls of the dice the Minister AI takes each turn (SOLO PLAY: 1; more is harder)",
        min=1,
        max=4,
        title="Minister AI's dice rolls",
        sentence=(
            "How often a Minister AI player rolls each turn: 1 is the rulebook's solo game, more "
            "makes it harder."
        ),
        advanced=True,
    )
    components: str = option(
        "",
        "a folder of your own component files (corporations.toml, events.toml, "
        "broker_cards.toml, dice.toml) and / or parameters.toml, each holding only the keys "
        "you change",
        web=False,
    )

    def validate(self) -> None:
        parse_players(self.minister)
        comps = self.load()
        if self.event_cards > len(comps.events):
            raise BadOptions(
                f"option event_cards: {self.event_cards} event cards asked for, "
                f"but there are only {len(comps.events)}"
            )
        self._check_numbers(comps)

    def _check_numbers(self, comps: Components) -> None:
        """The design numbers against the components they count."""
        p = self.parameters
        if p.market_size > len(comps.corporations):
            raise BadOptions(
                f"param.market_size: {p.market_size} corporations face up, but there are only "
                f"{len(comps.corporations)} (corporations.toml)"
            )
        if p.broker_cards_face_up > len(comps.broker_cards):
            raise BadOptions(
                f"param.broker_cards_face_up: {p.broker_cards_face_up} broker cards face up, "
                f"but there are only {len(comps.broker_cards)} (broker_cards.toml)"
            )
        dice = comps.dice.yellow + 1
        if max(max(row) for row in p.final_dice) > dice:
            raise BadOptions(
                f"param.final_dice: at most {dice} dice a turn (dice.toml: "
                f"{comps.dice.yellow} yellow dice and the black one)"
            )
        start = max(p.start_credits_first, p.start_credits_others)
        if comps.credits_per_colour < start:
            raise BadOptions(
                f"dice.toml: credits_per_colour {comps.credits_per_colour} is fewer than the "
                f"starting credits (param.start_credits_first / _others: {start})"
            )

    @property
    def minister_seats(self) -> tuple[int, ...]:
        """0-based seats of the Minister AI players."""
        return parse_players(self.minister)

    def load(self) -> Components:
        try:
            return load_components(self.components)
        except ComponentError as exc:
            raise BadOptions(f"option components: {exc}") from None
