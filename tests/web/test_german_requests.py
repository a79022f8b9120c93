"""A request the schema refuses (FastAPI's 422) and a seat's bot spec the bots refuse come
back in the reader's language (issue 32): German with ``Accept-Language: de``, and in
English word for word as before without."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from pydantic_core import PydanticKnownError

from motherlode.engine import BadOptions, get_game
from motherlode.engine.words import T
from motherlode.web import i18n
from motherlode.web.app import create_app
from motherlode.web.limits import VALIDATION_WORDS, validation_words

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'requests.db'}")) as c:
        yield c


def both(client: TestClient, path: str, **request: Any) -> tuple[Any, Any]:
    """The answers to the same request in English and in German."""
    headers = request.pop("headers", {})
    english = client.post(path, **request, headers=headers)
    german = client.post(path, **request, headers={**headers, **GERMAN})
    assert english.status_code == german.status_code == 422
    return english.json(), german.json()


# ------------------------------------------------------------------ the schema's 422


def test_a_request_the_schema_refuses_says_where_and_why_in_german(client: TestClient) -> None:
    english, german = both(client, "/api/tables", json={"game": 3})
    assert english == {
        "detail": "body.game: Input should be a valid string; body.seats: Field required",
        "errors": [
            {"loc": "body.game", "msg": "Input should be a valid string"},
            {"loc": "body.seats", "msg": "Field required"},
        ],
    }
    assert german == {
        "detail": "body.game: Die Eingabe muss ein Text sein; body.seats: Pflichtfeld",
        "errors": [
            {"loc": "body.game", "msg": "Die Eingabe muss ein Text sein"},
            {"loc": "body.seats", "msg": "Pflichtfeld"},
        ],
    }


def test_the_schemas_limits_and_broken_json_are_refused_in_german(client: TestClient) -> None:
    english, german = both(client, "/api/language", json={"lang": "x" * 20})
    assert english["detail"] == "body.lang: String should have at most 8 characters"
    assert german["detail"] == "body.lang: Der Text darf höchstens 8 Zeichen lang sein"
    english, german = both(
        client, "/api/tables", content=b"{", headers={"content-type": "application/json"}
    )
    assert english["detail"] == "body.1: JSON decode error"
    assert german["detail"] == "body.1: Ungültiges JSON"


@pytest.mark.parametrize("kind", sorted(VALIDATION_WORDS))
def test_the_words_are_pydantics_own_english(kind: str) -> None:
    """Each of the words reads as pydantic says it (a newer pydantic that rewords one shows
    its English, untranslated, until the words follow)."""
    context: dict[str, Any] = {"max_length": 8, "min_length": 2, "ge": 1, "gt": 0, "le": 9}
    context |= {"lt": 10, "expected": "'a' or 'b'", "error": "EOF while parsing"}
    context |= {"field_type": "List", "actual_length": 0}
    if kind == "json_invalid":  # FastAPI's own words for a body that is not JSON
        said = {"type": kind, "msg": "JSON decode error", "ctx": {"error": "x"}}
    else:
        error = PydanticKnownError(cast(Any, kind), context)  # a type pydantic names
        said = {"type": kind, "msg": error.message(), "ctx": context}
    words = validation_words(said)
    assert isinstance(words, T)
    assert str(words) == said["msg"]
    assert i18n.translate("de", words) != said["msg"]


def test_words_pydantic_says_otherwise_stay_as_it_says_them() -> None:
    singular = {"type": "string_too_long", "msg": "String should have at most 1 character"}
    assert validation_words({**singular, "ctx": {"max_length": 1}}) == singular["msg"]
    custom = {"type": "value_error", "msg": "Value error, no", "ctx": {"error": ValueError()}}
    assert validation_words(custom) == "Value error, no"
    assert validation_words({"type": "missing"}) == "invalid"


# ------------------------------------------------------------------ a seat's bot


@pytest.mark.parametrize(
    ("agent", "english", "german"),
    [
        (
            "expert:ms=abc",
            "seat 1: mcts parameter ms must be a number (finite), got 'abc'",
            "Platz 1: Der mcts-Parameter ms muss eine (endliche) Zahl sein, gekommen ist 'abc'",
        ),
        (
            "wizard",
            "seat 1: unknown bot 'wizard' for Carcassonne with The Goldmines; choose from: "
            "human, beginner, casual, strong, expert, heuristic, judge, mcts, random",
            "Platz 1: Unbekannter Bot 'wizard' für Carcassonne mit Die Goldminen; wähle aus: "
            "human, beginner, casual, strong, expert, heuristic, judge, mcts, random",
        ),
        (
            "casual:ms=5",
            "seat 1: the casual level takes no parameters, got ms",
            "Platz 1: Die Stufe casual nimmt keine Parameter, gekommen ist ms",
        ),
        (
            "strong:ms=999999",
            "seat 1: strong ms is at most 2000 on this server (its operator's limit per move), "
            "got 999999",
            "Platz 1: strong ms ist auf diesem Server höchstens 2000 (die Grenze seines "
            "Betreibers pro Zug), gekommen ist 999999",
        ),
        (
            "random:depth=3",
            "seat 1: bad parameters for bot random:depth=3: it takes no depth "
            "(its parameters: none)",
            "Platz 1: Falsche Parameter für den Bot random:depth=3: er nimmt kein depth "
            "(seine Parameter: keine)",
        ),
        (
            "mcts:rollout=nobody",
            "seat 1: Carcassonne with The Goldmines has no bot 'nobody' to use in the search; "
            "its bots: heuristic, judge",
            "Platz 1: Carcassonne mit Die Goldminen hat keinen Bot 'nobody' für die Suche; "
            "seine Bots: heuristic, judge",
        ),
        (
            "mcts:iters=x,y",
            "seat 1: bot parameters are written key=value, got 'y' in 'mcts:iters=x,y'",
            "Platz 1: Bot-Parameter schreibt man key=value, gekommen ist 'y' in 'mcts:iters=x,y'",
        ),
    ],
)
def test_a_seats_bad_bot_is_refused_in_german(
    client: TestClient, agent: str, english: str, german: str
) -> None:
    seats = [{"agent": "human"}, {"agent": agent}]
    said = both(client, "/api/tables", json={"game": "carcassonne", "seats": seats})
    assert [s["detail"] for s in said] == [english, german]


def test_the_bots_refusals_are_words_their_english_as_before() -> None:
    """A spec's refusal carries words (``refusal(exc)`` renders them), and its ``str()`` is
    the English the terminal, the arena and the logs read."""
    from motherlode.agents.specs import make_agent

    with pytest.raises(BadOptions) as caught:
        make_agent("mcts:eps=2", get_game("carcassonne"))
    words = caught.value.args[0]
    assert isinstance(words, T)
    assert str(caught.value) == "mcts parameter eps must be between 0 and 1, got 2"
    assert i18n.translate("de", words) == (
        "Der mcts-Parameter eps muss zwischen 0 und 1 liegen, gekommen ist 2"
    )
