"""The site's languages: every word a translated page writes has its entry in each catalog,
with the same places to fill; the pages' HTML marks its words; the language is negotiated,
switched and remembered; every game brings its how-to in every language."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from motherlode.engine import games, get_game
from motherlode.web import game_assets, i18n
from motherlode.web.app import create_app
from tests.web.accounts_kit import PASSWORD, hasher

__all__ = ["hasher"]  # the fixture, used by name

STATIC = Path(i18n.__file__).parent / "static"
ROOT = Path(i18n.__file__).resolve().parents[3]
FOREIGN = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def translated_scripts() -> list[Path]:
    """The scripts the lint rule holds to t(): eslint.config.js's TRANSLATED globs (the rule
    itself lives there), expanded."""
    config = (ROOT / "eslint.config.js").read_text()
    block = re.search(r"const TRANSLATED = \[(.*?)\];", config, re.S)
    assert block, "eslint.config.js names the translated scripts in TRANSLATED"
    patterns = re.findall(r'"([^"]+)"', block.group(1))
    return sorted(p for pattern in patterns for p in ROOT.glob(pattern))


def po(lang: str, domain: str) -> Any:
    with i18n.catalog_path(lang, domain).open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_every_message_the_site_writes_is_translated(lang: str, domain: str) -> None:
    catalog = po(lang, domain)
    wanted = [m for m in i18n.extract(domain) if m.id]
    assert len(wanted) > 10
    missing = [m.id for m in wanted if not (catalog.get(m.id) and catalog.get(m.id).string)]
    assert missing == [], f"run `python -m motherlode.web.i18n update` and translate: {missing}"
    fuzzy = [m.id for m in wanted if catalog.get(m.id).fuzzy]
    assert fuzzy == [], f"translations marked fuzzy show in English: {fuzzy}"


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("domain", i18n.DOMAINS)
def test_translations_keep_their_places_and_the_catalog_holds_nothing_stale(
    lang: str, domain: str
) -> None:
    catalog = po(lang, domain)
    wanted = {m.id for m in i18n.extract(domain) if m.id}
    for message in catalog:
        if not message.id or not message.string:
            continue
        assert message.id in wanted, f"{message.id!r} is written nowhere any more"
        places = set(i18n.PLACEHOLDER.findall(str(message.id)))
        assert set(i18n.PLACEHOLDER.findall(str(message.string))) == places, message.id


class Words(HTMLParser):
    """What a page's HTML shows a person outside what it marked for the catalog."""

    SILENT = frozenset({"script", "style"})
    ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
    VOID = frozenset({"meta", "link", "input", "br", "img", "hr", "source"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []
        """(tag, its words are marked or exempt, it is itself marked data-i18n)"""
        self.unmarked: list[str] = []
        self.nested: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        named = set((a.get("data-i18n-attr") or "").split())
        for name in self.ATTRIBUTES:
            if a.get(name) and re.search(r"\w\w", str(a[name])) and name not in named:
                self.unmarked.append(f"<{tag} {name}={a[name]!r}>")
        if any(marked for _, _, marked in self.stack):
            self.nested.append(tag)
        covered = bool(self.stack and self.stack[-1][1])
        covered |= "data-i18n" in a or a.get("translate") == "no" or tag in self.SILENT
        if tag not in self.VOID:
            self.stack.append((tag, covered, "data-i18n" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if re.search(r"\w\w", data) and not (self.stack and self.stack[-1][1]):
            self.unmarked.append(" ".join(data.split()))


TRANSLATED_PAGES = sorted(p.name for p in STATIC.glob("*.html"))
"""Every page: each marks all its words."""


@pytest.mark.parametrize("page", TRANSLATED_PAGES)
def test_a_translated_page_marks_every_word_it_shows(page: str) -> None:
    words = Words()
    words.feed((STATIC / page).read_text())
    assert words.unmarked == [], "mark them data-i18n (or translate=no for names)"
    assert words.nested == [], "a data-i18n element holds text only (the catalog has no markup)"


def test_the_extractor_finds_marked_words_and_attributes() -> None:
    from io import BytesIO

    html = (
        b'<p data-i18n>Hello  there</p><input data-i18n-attr="placeholder title" '
        b'placeholder="Your name" title="Who you are"><span>not marked</span>'
    )
    found = [text for _, _, text, _ in i18n.extract_html(BytesIO(html), None, None, None)]
    assert sorted(found) == ["Hello there", "Who you are", "Your name"]


def test_the_lint_rule_covers_every_script_that_writes_words() -> None:
    scripts = translated_scripts()
    every = {*STATIC.glob("*.js"), *(ROOT / "src/motherlode/games").glob("*/web/*.js")}
    assert set(scripts) == every
    writers = [p for p in scripts if "t(" in p.read_text()]
    assert len(writers) >= 10  # the pages and the five renderers write through the catalog


@pytest.mark.parametrize(
    ("cookie", "account", "accept", "expected"),
    [
        (None, None, None, "en"),
        (None, None, "de-DE,de;q=0.9,en;q=0.8", "de"),
        (None, None, "de-AT", "de"),
        (None, None, "fr-FR, es", "en"),
        ("en", None, "de", "en"),
        (None, "de", "en", "de"),
        ("xx", None, "de", "de"),
        (None, None, "x" * 5000 + ",de", "de"),
        (None, None, ";;;,,,q=", "en"),
    ],
)
def test_the_language_is_the_switchs_then_the_accounts_then_the_browsers(
    cookie: str | None, account: str | None, accept: str | None, expected: str
) -> None:
    assert i18n.negotiate(cookie, account, accept) == expected


def test_the_switch_is_remembered_and_the_page_loads_its_catalog(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'i18n.db'}")) as client:
        english = client.get("/i18n/messages.js")
        assert english.status_code == 200 and '"lang":"en"' in english.text
        assert english.headers["content-type"].startswith("text/javascript")
        german = client.get("/i18n/messages.js", headers={"Accept-Language": "de-DE,de"})
        assert '"lang":"de"' in german.text and '"Setup":"Aufbau"' in german.text
        assert client.post("/api/language", json={"lang": "klingon"}).status_code == 422
        assert client.post("/api/language", json={"lang": "x" * 100}).status_code == 422
        chosen = client.post("/api/language", json={"lang": "de"})
        assert chosen.status_code == 200
        cookie = chosen.headers["set-cookie"]
        assert "motherlode_lang=de" in cookie and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower()
        assert '"lang":"de"' in client.get("/i18n/messages.js").text  # the cookie, remembered
        assert client.get("/i18n/de.json").json()["messages"]["Setup"] == "Aufbau"
        assert client.get("/i18n/xx.json").status_code == 404
        games_de = client.get("/api/games").json()["games"]
        howto = {g["id"]: g["howto"] for g in games_de}
        for game_id in games():
            assert howto[game_id] == game_assets.howto(get_game(game_id), "de")
        gonza = next(g for g in games_de if g["id"] == "gonza")
        assert gonza["summary"].startswith("Würfle mit fünf Würfeln")
        assert gonza["levels"][1]["sentence"].startswith("Spielt nach Faustregeln")
        assert any(o.get("help", "").startswith("Nummer des Spielers") for o in gonza["options"])


@pytest.mark.parametrize("lang", FOREIGN)
@pytest.mark.parametrize("game_id", games())
def test_every_game_brings_its_how_to_in_every_language(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    english = game_assets.howto(game)
    other = game_assets.howto(game, lang)
    if not english:  # a game with no how-to (the tests' own) has nothing to translate
        assert other == {}
        return
    assert game_assets.web_file(game, f"howto.{lang}.json") is not None
    assert other.keys() == english.keys()
    assert len(other["turn"]) == len(english["turn"])
    assert other != english


def test_signing_in_brings_the_accounts_language(tmp_path: Path, hasher: Any) -> None:
    body = {"username": "Greta", "password": PASSWORD}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'lang.db'}")) as client:
        signed = client.post("/api/account/signup", json=body)
        assert signed.status_code == 201 and "motherlode_lang" not in signed.headers["set-cookie"]
        csrf = client.get("/api/account").json()["csrf"]
        chosen = client.patch(
            "/api/account/settings", json={"language": "de"}, headers={"X-CSRF-Token": csrf}
        )
        assert chosen.status_code == 200, chosen.text
    with TestClient(create_app(f"sqlite:///{tmp_path / 'lang.db'}")) as phone:  # a new device
        assert '"lang":"en"' in phone.get("/i18n/messages.js").text
        assert phone.post("/api/account/login", json=body).status_code == 200
        assert '"lang":"de"' in phone.get("/i18n/messages.js").text
