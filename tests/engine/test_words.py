"""Translatable words: English by default (the terminal, records and tests read what they
read before), a language through a translation, and a log line in either."""

from __future__ import annotations

import json
import pickle

from motherlode.engine import Event
from motherlode.engine.registry import get_game
from motherlode.engine.words import SeatName, T, kept, render

GERMAN = {
    "{player} stakes claim {claim}": "{player} steckt Claim {claim} ab",
    "the {card} card": "die Karte {card}",
    "{player} plays {what}": "{player} spielt {what}",
    "{player} pays ${amount:,}M": "{player} zahlt ${amount:,} Mio.",
    "broken {place}": "kaputt {elsewhere}",
}


def german(text: str) -> str:
    return GERMAN.get(text, text)


def test_words_read_in_english_and_in_a_language() -> None:
    words = T("{player} stakes claim {claim}", player="Ann", claim=3)
    assert str(words) == "Ann stakes claim 3" == words.render()
    assert words.render(german) == "Ann steckt Claim 3 ab"
    nested = T("{player} plays {what}", player="Ben", what=T("the {card} card", card="RISK"))
    assert str(nested) == "Ben plays the RISK card"
    assert nested.render(german) == "Ben spielt die Karte RISK"
    assert T("{player} pays ${amount:,}M", player="Cy", amount=1250).render(german) == (
        "Cy zahlt $1,250 Mio."
    )
    assert T("no places").render(german) == "no places"
    assert render("plain text", german) == "plain text"


def test_a_translation_that_lost_its_places_falls_back_to_english() -> None:
    assert T("broken {place}", place="here").render(german) == "broken here"


def test_a_log_line_keeps_its_words_for_every_language() -> None:
    eager = Event(0, T("{player} stakes claim {claim}", player="Ann", claim=3))
    lazy = Event(1, lambda: T("{player} stakes claim {claim}", player="Ann", claim=3))
    plain = Event(2, "Ann stakes claim 3")
    for event in (eager, lazy, plain):
        assert event.text == "Ann stakes claim 3"
        assert event.to_json()["text"] == "Ann stakes claim 3"
    for event in (eager, lazy):
        assert event.text_in(german) == "Ann steckt Claim 3 ab"
        assert event.to_json(german)["text"] == "Ann steckt Claim 3 ab"
        assert event.text == "Ann stakes claim 3"  # English still, after a translation
    assert plain.to_json(german)["text"] == "Ann stakes claim 3"  # not yet translatable
    assert eager == Event(0, "Ann stakes claim 3")  # a line is its English text


def test_equal_words_hash_alike_whatever_the_order_of_their_values() -> None:
    a = T("{a} and {b}", a=1, b=T("x"))
    b = T("{a} and {b}", b=T("x"), a=1)
    assert a == b and hash(a) == hash(b)
    assert hash(T("{a}", a=1)) != hash(T("{a}", a=2))  # the values count, not the sentence alone
    assert hash(T("{a}", a=[1])) == hash(T("{a}", a=[1]))  # an unhashable value: the sentence


def test_kept_words_are_made_once_and_read_as_made() -> None:
    first = kept("Place a credit on {corporation}", corporation="Acme")
    again = kept("Place a credit on {corporation}", corporation="Acme")
    other = kept("Place a credit on {corporation}", corporation="Zenith")
    assert first is again and first is not other
    assert str(first) == "Place a credit on Acme" and str(other) == "Place a credit on Zenith"
    nested = kept("Bid on {card}", card=kept("{first}, {rest}", first="a", rest="b"))
    assert str(nested) == "Bid on a, b"
    assert nested.render(lambda s: {"Bid on {card}": "Biete auf {card}"}.get(s, s)) == (
        "Biete auf a, b"
    )


def test_words_keep_their_last_translation_by_its_translator() -> None:
    asked: list[str] = []

    def counting(text: str) -> str:
        asked.append(text)
        return german(text)

    words = T("{player} stakes claim {claim}", player="Ann", claim=3)
    assert words.render(counting) == "Ann steckt Claim 3 ab"
    assert words.render(counting) == "Ann steckt Claim 3 ab"
    assert asked == ["{player} stakes claim {claim}"]  # translated once by that translator
    other = {"{player} stakes claim {claim}": "{player} pose la concession {claim}"}
    assert words.render(lambda s: other.get(s, s)) == "Ann pose la concession 3"  # again
    assert str(words) == "Ann stakes claim 3"


def test_an_unnamed_seat_is_named_in_the_readers_language() -> None:
    seat_words = {"Player {number}": "Spieler {number}", **GERMAN}
    unnamed = SeatName.of("Player 2", 1)
    chosen = SeatName.of("Player 2", 0)  # a player who chose another seat's default name
    assert type(unnamed) is SeatName and type(chosen) is str
    assert unnamed == "Player 2" and json.dumps(unnamed) == '"Player 2"'
    line = T("{player} stakes claim {claim}", player=unnamed, claim=3)
    assert str(line) == "Player 2 stakes claim 3"
    assert line.render(lambda s: seat_words.get(s, s)) == "Spieler 2 steckt Claim 3 ab"
    named = T("{player} stakes claim {claim}", player=SeatName.of("Ann", 1), claim=3)
    assert named.render(lambda s: seat_words.get(s, s)) == "Ann steckt Claim 3 ab"
    assert (
        pickle.loads(pickle.dumps(unnamed)).words().render(lambda s: seat_words.get(s, s))
        == "Spieler 2"
    )


def test_a_game_names_its_unnamed_seats_so() -> None:
    state = get_game("yukon").new_state(3, seed=1, names=["Player 1", "Ann", "Player 1"])
    assert [type(state.seat_name(s)) for s in range(3)] == [SeatName, str, str]
    assert type(get_game("yukon").new_state(3, seed=1).seat_name(2)) is SeatName


def test_kept_words_tell_an_unnamed_seat_from_the_same_text() -> None:
    seat_words = {"Player {number}": "Spieler {number}", "Trade with {player}": "Mit {player}"}
    plain = kept("Trade with {player}", player="Player 2")
    unnamed = kept("Trade with {player}", player=SeatName("Player 2"))
    assert plain is not unnamed and str(plain) == str(unnamed)
    assert unnamed.render(lambda s: seat_words.get(s, s)) == "Mit Spieler 2"
    assert plain.render(lambda s: seat_words.get(s, s)) == "Mit Player 2"


def test_words_pickle_without_their_translator() -> None:
    """A state goes to a bot's worker process pickled, with the log's words in it: the last
    translation's function (the server's, a closure) stays behind."""
    words = T("{player} stakes claim {claim}", player=SeatName("Player 2"), claim=3)
    assert words.render(lambda s: GERMAN.get(s, s)) == "Player 2 steckt Claim 3 ab"
    again = pickle.loads(pickle.dumps(words))
    assert again == words and str(again) == "Player 2 stakes claim 3"
    assert type(again.params["player"]) is SeatName
