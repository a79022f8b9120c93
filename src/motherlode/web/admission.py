"""What a client may ask of a new table, checked before anything is stored.

Each check refuses with a :class:`~motherlode.web.errors.ServiceError` (422) that names what
is wrong and quotes no more than an excerpt of the input: the seats' bot specs (as they will
play, within the operator's time per move, and never reading a file the client names), the
options web tables offer (a design number, ``param.*``, within its bounds), a designer's
files (checked by the game's own loader, as the terminal checks a components folder), and
the table's settings.
"""

from __future__ import annotations

import difflib
import logging
import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from motherlode.agents.specs import AgentSpec, check_agent, parse_spec
from motherlode.engine import Game, MotherlodeError, get_game
from motherlode.engine.components import PARAMETERS, ComponentError
from motherlode.engine.parameters import PREFIX
from motherlode.engine.record import (
    COMPONENTS,
    MAX_FILES,
    check_files,
    components_root,
)
from motherlode.engine.words import T
from motherlode.web import people as ppl
from motherlode.web.bots import limit_spec
from motherlode.web.errors import ServiceError, refusal
from motherlode.web.limits import MAX_PARAMETER_OPTIONS, clip, excerpt

log = logging.getLogger("motherlode.web")

FILES = "components_files"
"""The request's field holding a designer's files (name to TOML text)."""

FILE_PARAMETERS = ("path", "value")
"""Bot parameters that name a file: a policy's ``path``, a search's evaluator ``value``."""
TIMER_CHOICES = (0, 20, 30)
"""The seconds a table's ``decision_timer`` may be (0: none)."""


def near_miss(name: str, known: Sequence[str] | Mapping[str, Any]) -> str | None:
    """The known name ``name`` nearly is (a slip of case or a letter), as
    :func:`motherlode.engine.components.suggest` finds it; None if none is near."""
    known = list(known)
    same_case = [k for k in known if k.lower() == name.lower()]
    close = same_case or difflib.get_close_matches(name, known, n=1, cutoff=0.75)
    return close[0] if close else None


def seat_spec(game_id: str, seat: int, text: str, bot_seconds: float) -> AgentSpec:
    """A seat's spec, refused now (422, naming what is wrong) if it would fail later or
    ask for more time than the operator allows."""
    flat = text.replace(" ", "").lower()
    for key in FILE_PARAMETERS:
        if f"{key}=" in flat:
            # a client names no file on the server: a policy bot plays the policy and
            # the expert the evaluator shipped for its game, never a file at a path the
            # client chose (nested specs included: rollout=policy:path=...)
            raise ServiceError(
                422, T("seat {seat}: bots here cannot read files (no {key}=)", seat=seat, key=key)
            )
    try:
        spec = parse_spec(text)
        if not spec.is_human:
            game = get_game(game_id)
            check_agent(limit_spec(spec, bot_seconds), game)
    except MotherlodeError as exc:
        raise ServiceError(422, T("seat {seat}: {error}", seat=seat, error=refusal(exc))) from None
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
            if key == COMPONENTS:
                words = T(
                    "the {key} option is not offered at web tables (it is for the terminal, "
                    "motherlode play); here it is {value!r}, as the seats make it (a "
                    "designer's files travel as {field})",
                    key=key,
                    value=fixed[key],
                    field=FILES,
                )
            else:
                words = T(
                    "the {key} option is not offered at web tables (it is for the terminal, "
                    "motherlode play); here it is {value!r}, as the seats make it",
                    key=key,
                    value=fixed[key],
                )
            raise ServiceError(422, words)
    design_numbers(game, options)
    return {k: v for k, v in options.items() if k not in fixed}


def design_numbers(game: Game, options: Mapping[str, Any]) -> None:
    """The ``param.*`` options, each within the bounds of the game's parameter file, and at
    most :data:`MAX_PARAMETER_OPTIONS` of them: else 422 naming the option."""
    keys = [k for k in options if isinstance(k, str) and k.startswith(PREFIX)]
    if len(keys) > MAX_PARAMETER_OPTIONS:
        raise ServiceError(
            422,
            T(
                "{count} param.* options; a table takes at most {most} "
                "(set more in a {file} among the designer's files)",
                count=len(keys),
                most=MAX_PARAMETER_OPTIONS,
                file=PARAMETERS,
            ),
        )
    specs = game.options_class.parameter_specs()
    for key in keys:
        name = key[len(PREFIX) :]
        spec = specs.get(name)
        if spec is None:
            listing = ", ".join(specs) or T("none")
            shown, close = excerpt(key, 40), near_miss(name, specs)
            if close is None:
                words = T(
                    "unknown option {option}; {game}'s parameters are: {names}",
                    option=shown,
                    game=game.title,
                    names=listing,
                )
            else:
                words = T(
                    "unknown option {option} (did you mean {close}?); "
                    "{game}'s parameters are: {names}",
                    option=shown,
                    close=close,
                    game=game.title,
                    names=listing,
                )
            raise ServiceError(422, words)
        try:
            spec.coerce(options[key], f"option {key}")
        except ComponentError as exc:
            raise ServiceError(422, refusal(exc)) from None


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
        raise ServiceError(
            422, T("{field} must be an object of file names and their TOML text", field=FILES)
        )
    allowed = game.options_class.component_files
    if allowed is None:
        raise ServiceError(
            422, T("{game} takes no designer's files ({field})", game=game.title, field=FILES)
        )
    names = sorted({*allowed, PARAMETERS})
    if len(raw) > MAX_FILES:
        raise ServiceError(
            422,
            T(
                "{field}: {count} files; at most {most}",
                field=FILES,
                count=len(raw),
                most=MAX_FILES,
            ),
        )
    for name, text in raw.items():
        if name not in names:
            raise ServiceError(422, not_a_file(game, str(name), names))
        if not isinstance(text, str):
            raise ServiceError(
                422, T("{field}: {name} must be the file's text", field=FILES, name=name)
            )
    try:
        files = check_files(raw, FILES)
    except MotherlodeError as exc:
        raise ServiceError(422, refusal(exc)) from None
    _check_with_the_game(game, files, options, agents)
    return files


def not_a_file(game: Game, name: str, names: Sequence[str]) -> T:
    """The refusal of a designer's file the game does not read (its name bounded)."""
    shown, they = excerpt(name, 40), ", ".join(names)
    close = near_miss(name, names)
    if "/" in name or "\\" in name:
        return T(
            "{field}: {name!r} is not one of {game}'s component files (a file name, not a "
            "path); they are {files}",
            field=FILES,
            name=shown,
            game=game.title,
            files=they,
        )
    if close is not None:
        return T(
            "{field}: {name!r} is not one of {game}'s component files (did you mean "
            "{close}?); they are {files}",
            field=FILES,
            name=shown,
            game=game.title,
            close=close,
            files=they,
        )
    return T(
        "{field}: {name!r} is not one of {game}'s component files; they are {files}",
        field=FILES,
        name=shown,
        game=game.title,
        files=they,
    )


def _check_with_the_game(
    game: Game, files: Mapping[str, str], options: Mapping[str, Any], agents: Sequence[str]
) -> None:
    """Set a game up with ``files`` in a scratch folder, then remove it: the loader's
    messages, with the folder's path taken out, are the 422's."""
    try:
        scratch = Path(tempfile.mkdtemp(prefix=".check-", dir=components_root()))
    except (OSError, MotherlodeError):
        log.exception("designer's files cannot be checked: no folder to write them to")
        raise ServiceError(500, T("this server cannot take designer's files now")) from None
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
        raise ServiceError(422, T("settings must be an object"))
    unknown = set(raw) - {*TABLE_SETTINGS}
    if unknown:
        names = ", ".join(excerpt(str(k), 30) for k in sorted(map(str, unknown))[:5])
        raise ServiceError(422, T("unknown table setting(s): {names}", names=names))
    timer = raw.get("decision_timer", 0)
    if isinstance(timer, bool) or timer not in TIMER_CHOICES:
        choices = ", ".join(map(str, TIMER_CHOICES))
        raise ServiceError(
            422, T("decision_timer must be one of {choices} seconds", choices=choices)
        )
    delay = raw.get("bot_delay_ms", 0)
    if not isinstance(delay, int) or isinstance(delay, bool) or not 0 <= delay <= 5000:
        raise ServiceError(422, T("bot_delay_ms must be a whole number from 0 to 5000"))
    clock = raw.get("clock", "none")
    if clock not in ("none", None, *ppl.CLOCKS):
        names = ", ".join(("none", *ppl.CLOCKS))
        raise ServiceError(422, T("clock must be one of {names}", names=names))
    clean: dict[str, Any] = {"decision_timer": timer, "bot_delay_ms": delay}
    if clock not in ("none", None):
        clean["clock"] = clock
    for flag in ("private", *SOCIAL_FLAGS):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise ServiceError(422, T("{flag} must be true or false", flag=flag))
        if value:
            clean[flag] = True
    if clean.get("rate_bots") and not clean.get("rated"):
        raise ServiceError(422, T("rate_bots needs a rated table (rated: true)"))
    return clean
