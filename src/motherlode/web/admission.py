"""What a client may ask of a new table, checked before anything is stored.

Each check refuses with a :class:`~motherlode.web.errors.ServiceError` (422) that names what
is wrong and quotes no more than an excerpt of the input: the seats' bot specs (as they will
play, within the operator's time per move, and never reading a file the client names), the
options web tables offer, and the table's settings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from motherlode.agents.specs import AgentSpec, check_agent, parse_spec
from motherlode.engine import Game, MotherlodeError, get_game
from motherlode.web import people as ppl
from motherlode.web.bots import limit_spec
from motherlode.web.errors import ServiceError
from motherlode.web.limits import excerpt

FILE_PARAMETERS = ("path", "value")
"""Bot parameters that name a file: a policy's ``path``, a search's evaluator ``value``."""
TIMER_CHOICES = (0, 20, 30)
"""The seconds a table's ``decision_timer`` may be (0: none)."""


def seat_spec(game_id: str, seat: int, text: str, bot_seconds: float) -> AgentSpec:
    """A seat's spec, refused now (422, naming what is wrong) if it would fail later or
    ask for more time than the operator allows."""
    flat = text.replace(" ", "").lower()
    for key in FILE_PARAMETERS:
        if f"{key}=" in flat:
            # a client names no file on the server: a policy bot plays the policy and
            # the expert the evaluator shipped for its game, never a file at a path the
            # client chose (nested specs included: rollout=policy:path=...)
            raise ServiceError(422, f"seat {seat}: bots here cannot read files (no {key}=)")
    try:
        spec = parse_spec(text)
        if not spec.is_human:
            game = get_game(game_id)
            check_agent(limit_spec(spec, bot_seconds), game)
    except MotherlodeError as exc:
        raise ServiceError(422, f"seat {seat}: {exc}") from None
    return spec


def web_options(game: Game, agents: list[str], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The client's options without those web tables do not offer (``web=False``: a
    file on the server, or what the seats already say, as Gonza's Minister AI players).
    Such an option may be sent only with the value the table would play anyway (its
    default, or the seats' value), which is what "Play again" sends back; any other
    value is refused (422), since the server would otherwise read a path the client
    chose."""
    if not isinstance(options, Mapping):
        return {}
    fixed = game.options_class.terminal_only()
    if game.seat_options is not None:
        fixed.update((k, v) for k, v in game.seat_options(agents).items() if k in fixed)
    for key, value in options.items():
        if key in fixed and str(value) != str(fixed[key]):
            raise ServiceError(
                422,
                f"the {key} option is not offered at web tables (it is for the terminal, "
                f"motherlode play); here it is {fixed[key]!r}, as the seats make it",
            )
    return {k: v for k, v in options.items() if k not in fixed}


def table_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The table settings a client chose, checked (422 naming what is wrong) and clean."""
    if not isinstance(raw, Mapping):
        raise ServiceError(422, "settings must be an object")
    unknown = set(raw) - {"decision_timer", "bot_delay_ms", "clock", "private"}
    if unknown:
        names = ", ".join(excerpt(str(k), 30) for k in sorted(map(str, unknown))[:5])
        raise ServiceError(422, f"unknown table setting(s): {names}")
    timer = raw.get("decision_timer", 0)
    if isinstance(timer, bool) or timer not in TIMER_CHOICES:
        choices = ", ".join(map(str, TIMER_CHOICES))
        raise ServiceError(422, f"decision_timer must be one of {choices} seconds")
    delay = raw.get("bot_delay_ms", 0)
    if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= 5000:
        raise ServiceError(422, "bot_delay_ms must be a whole number from 0 to 5000")
    clock = raw.get("clock", "none")
    if clock not in ("none", None, *ppl.CLOCKS):
        names = ", ".join(("none", *ppl.CLOCKS))
        raise ServiceError(422, f"clock must be one of {names}")
    private = raw.get("private", False)
    if not isinstance(private, bool):
        raise ServiceError(422, "private must be true or false")
    clean: dict[str, Any] = {"decision_timer": timer, "bot_delay_ms": delay}
    if clock not in ("none", None):
        clean["clock"] = clock
    if private:
        clean["private"] = True
    return clean
