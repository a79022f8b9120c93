"""What a client may ask of a new table, checked before anything is stored.

Each check refuses with a :class:`~motherlode.web.errors.ServiceError` (422) that names what
is wrong and quotes no more than an excerpt of the input: the seats' bot specs (as they will
play, within the operator's time per move, and never reading a file the client names), the
options web tables offer (a design number, ``param.*``, within its bounds), a designer's
files (checked by the game's own loader, as the terminal checks a components folder), and
the table's settings.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from motherlode.agents.specs import AgentSpec, check_agent, parse_spec
from motherlode.engine import Game, MotherlodeError, get_game
from motherlode.engine.components import PARAMETERS, ComponentError, suggest
from motherlode.engine.parameters import PREFIX
from motherlode.engine.record import (
    COMPONENTS,
    MAX_FILES,
    check_files,
    components_root,
)
from motherlode.web import people as ppl
from motherlode.web.bots import limit_spec
from motherlode.web.errors import ServiceError
from motherlode.web.limits import MAX_PARAMETER_OPTIONS, clip, excerpt

log = logging.getLogger("motherlode.web")

FILES = "components_files"
"""The request's field holding a designer's files (name to TOML text)."""

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
                f"motherlode play); here it is {fixed[key]!r}, as the seats make it"
                + (f" (a designer's files travel as {FILES})" if key == COMPONENTS else ""),
            )
    design_numbers(game, options)
    return {k: v for k, v in options.items() if k not in fixed}


def design_numbers(game: Game, options: Mapping[str, Any]) -> None:
    """The ``param.*`` options, each within the bounds of the game's parameter file, and at
    most :data:`MAX_PARAMETER_OPTIONS` of them: else 422 naming the option."""
    keys = [k for k in options if isinstance(k, str) and k.startswith(PREFIX)]
    if len(keys) > MAX_PARAMETER_OPTIONS:
        raise ServiceError(
            422,
            f"{len(keys)} param.* options; a table takes at most {MAX_PARAMETER_OPTIONS} "
            f"(set more in a {PARAMETERS} among the designer's files)",
        )
    specs = game.options_class.parameter_specs()
    for key in keys:
        name = key[len(PREFIX) :]
        spec = specs.get(name)
        if spec is None:
            listing = ", ".join(specs) or "none"
            raise ServiceError(
                422,
                clip(
                    f"unknown option {excerpt(key, 40)}{suggest(name, specs)}; "
                    f"{game.title}'s parameters are: {listing}"
                ),
            )
        try:
            spec.coerce(options[key], f"option {key}")
        except ComponentError as exc:
            raise ServiceError(422, clip(str(exc))) from None


def designer_files(
    game: Game, raw: object, options: Mapping[str, Any], agents: Sequence[str]
) -> dict[str, str]:
    """A designer's files from a request, checked as hostile input before any table is
    made: at most :data:`MAX_FILES` files of ``MAX_FILE_BYTES``, named as the game's
    component files (never a path), UTF-8 TOML that the game's own loader accepts with
    these ``options``.  Each refusal is a 422 naming the file and, from the game's loader,
    the key.  Nothing is kept of files that fail (they are checked in a scratch folder)."""
    if raw is None or raw == {}:
        return {}
    if not isinstance(raw, Mapping):
        raise ServiceError(422, f"{FILES} must be an object of file names and their TOML text")
    allowed = game.options_class.component_files
    if allowed is None:
        raise ServiceError(422, f"{game.title} takes no designer's files ({FILES})")
    names = sorted({*allowed, PARAMETERS})
    if len(raw) > MAX_FILES:
        raise ServiceError(422, f"{FILES}: {len(raw)} files; at most {MAX_FILES}")
    for name, text in raw.items():
        if name not in names:
            shown = excerpt(str(name), 40)
            path = "/" in str(name) or "\\" in str(name)
            raise ServiceError(
                422,
                f"{FILES}: {shown!r} is not one of {game.title}'s component files"
                f"{' (a file name, not a path)' if path else suggest(str(name), names)}; "
                f"they are {', '.join(names)}",
            )
        if not isinstance(text, str):
            raise ServiceError(422, f"{FILES}: {name} must be the file's text")
    try:
        files = check_files(raw, FILES)
    except MotherlodeError as exc:
        raise ServiceError(422, str(exc)) from None
    _check_with_the_game(game, files, options, agents)
    return files


def _check_with_the_game(
    game: Game, files: Mapping[str, str], options: Mapping[str, Any], agents: Sequence[str]
) -> None:
    """Set a game up with ``files`` in a scratch folder, then remove it: the loader's
    messages, with the folder's path taken out, are the 422's."""
    try:
        scratch = Path(tempfile.mkdtemp(prefix=".check-", dir=components_root()))
    except (OSError, MotherlodeError):
        log.exception("designer's files cannot be checked: no folder to write them to")
        raise ServiceError(500, "this server cannot take designer's files now") from None
    try:
        for name, text in files.items():
            (scratch / name).write_bytes(text.encode("utf-8"))
        chosen = dict(options)
        if game.seat_options is not None:
            for key, value in game.seat_options(list(agents)).items():
                chosen.setdefault(key, value)
        chosen[COMPONENTS] = str(scratch)
        game.new_state(len(agents), 0, chosen)
    except (MotherlodeError, ValueError) as exc:  # a loader's ComponentError is a ValueError
        raise ServiceError(422, without_folder(str(exc), scratch)) from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def without_folder(message: str, folder: Path) -> str:
    """An engine message about a designer's folder as the uploader sees it: the files by
    name (never this server's path), the option as the request's field."""
    text = message.replace(f"option {COMPONENTS}: ", f"{FILES}: ")
    text = text.replace(f"{folder}{os.sep}", "").replace(str(folder), FILES)
    return clip(text, 400)


SOCIAL_FLAGS = ("rated", "rate_bots", "spectator_chat")
"""Issue 32's table settings, each true or false (absent: false): ``rated``, the accounts at
the table are rated by its result; ``rate_bots``, its bots take part in that ranking with
their level's fixed reference rating (else the accounts are ranked among themselves);
``spectator_chat``, spectators may read the table's chat (never write)."""
TABLE_SETTINGS = ("decision_timer", "bot_delay_ms", "clock", "private", *SOCIAL_FLAGS)


def table_settings(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The table settings a client chose, checked (422 naming what is wrong) and clean."""
    if not isinstance(raw, Mapping):
        raise ServiceError(422, "settings must be an object")
    unknown = set(raw) - {*TABLE_SETTINGS}
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
    clean: dict[str, Any] = {"decision_timer": timer, "bot_delay_ms": delay}
    if clock not in ("none", None):
        clean["clock"] = clock
    for flag in ("private", *SOCIAL_FLAGS):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise ServiceError(422, f"{flag} must be true or false")
        if value:
            clean[flag] = True
    if clean.get("rate_bots") and not clean.get("rated"):
        raise ServiceError(422, "rate_bots needs a rated table (rated: true)")
    return clean
