"""The site's languages (issue 32): gettext catalogs, read with Babel, one folder a language.

Two catalogs a language, as gettext ``.po`` files under ``motherlode/locale/<lang>/LC_MESSAGES``:

* ``browser.po``: what the pages write (``t("…")`` in the static scripts, ``data-i18n`` in the
  pages' HTML). The page loads it as JSON (:func:`page_catalog`), before its own scripts.
* ``server.po``: what the server writes in words (refusals, the lobby's catalogue of games and
  levels, the rules pages' how-tos).

A message's id is its English text, with ``{name}`` for what is filled in, so English needs no
catalog and a missing entry falls back to English. A translator adds a language by adding a
folder with the two files (``python -m motherlode.web.i18n init LANG``) and its name to
:data:`LANGUAGES`; ``python -m motherlode.web.i18n update`` brings every catalog up to date
with what the code says (new entries empty, gone ones marked obsolete).
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from motherlode.engine.words import T, render

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
"""The site's languages, each by its code and its own name (the switch shows these)."""
DEFAULT = "en"
COOKIE = "motherlode_lang"
"""The language a browser chose with the switch (a year; the account keeps it too)."""
DOMAINS = ("browser", "server")
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^{}]*)?\}")
"""A place in a message: ``{name}``, or ``{name:,}`` with a format (Python's, server side)."""
OPTION_WORDS = ("title", "sentence", "help")
"""What an option says of itself in the lobby (``labels``, its choices' words, too)."""
KEYWORDS = {"browser": {"t": None}, "server": {"T": None, "kept": None}}
"""What marks a message: ``t("…")`` in the pages, ``T("…")`` or ``kept("…")`` (engine/words.py)
in Python."""
WEB = Path(__file__).resolve().parent
SOURCES: dict[str, list[tuple[str, str]]] = {
    "browser": [
        ("web/static/**.js", "javascript"),
        ("games/*/web/**.js", "javascript"),
        ("web/static/**.html", "motherlode.web.i18n:extract_html"),
    ],
    "server": [
        ("agents/**.py", "python"),  # the bots' refusals of a spec (a seat's bot, its levels)
        ("engine/**.py", "python"),
        ("games/**.py", "python"),
        ("web/**.py", "python"),
    ],
}
"""Where each catalog's messages are written in the package (Babel's method map)."""


def catalog_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def catalog(lang: str, domain: str) -> Mapping[str, str]:
    """The translated messages of one catalog (empty for English and unknown languages):
    entries still empty or marked fuzzy are left out, so they show in English."""
    path = catalog_path(lang, domain)
    if lang == DEFAULT or lang not in LANGUAGES or not path.exists():
        return {}
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    return {
        str(m.id): str(m.string)
        for m in po
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy
    }


@functools.cache
def translator(lang: str) -> Callable[[str], str] | None:
    """English sentence → its translation in ``lang`` (None for English: nothing to do).
    One function per language, made once: words keep their last translation by it
    (:meth:`motherlode.engine.words.T.render`)."""
    messages = catalog(lang, "server")
    if not messages:
        return None
    return lambda text: messages.get(text, text)


def translate(lang: str, text: str | T, /, **params: Any) -> str:
    """``text`` (an English message, or words) in ``lang``, its ``{name}`` places filled."""
    words = text if isinstance(text, T) else T(text, **params)
    return words.render(translator(lang))


LANGUAGE: ContextVar[str] = ContextVar("motherlode_language", default=DEFAULT)
"""The language of the request or connection being answered: set for every request and
socket by ``languages.LanguageMiddleware``."""


def in_language(text: str | T) -> str:
    """Words in the language being answered in (:data:`LANGUAGE`): for what goes out as
    text, never as words (an HTTPException's detail, a field of a JSON answer)."""
    return render(text, translator(LANGUAGE.get()))


def negotiate(cookie: str | None, account: str | None, accept: str | None) -> str:
    """The language to answer in: the switch's choice, else the account's, else the first
    of the browser's Accept-Language the site speaks, else English."""
    for choice in (cookie, account):
        if choice in LANGUAGES:
            return str(choice)
    if accept:
        wanted = []
        for part in accept.split(",")[:20]:  # bounded: a header is the client's to fill
            tag = part.split(";")[0].strip().replace("-", "_")
            if tag and len(tag) <= 35:
                wanted.append(tag)
        try:
            found = Locale.negotiate(wanted, list(LANGUAGES), sep="_")
        except (UnknownLocaleError, ValueError):
            found = None
        if found is not None:
            return found.language
        for tag in wanted:  # "de_AT" → "de", where Babel's aliases do not say so
            if tag.split("_")[0].lower() in LANGUAGES:
                return tag.split("_")[0].lower()
    return DEFAULT


def page_catalog(lang: str) -> dict[str, Any]:
    """What a page loads before its scripts: its language, the switch's choices and the
    browser catalog's messages."""
    return {"lang": lang, "languages": LANGUAGES, "messages": dict(catalog(lang, "browser"))}


# ------------------------------------------------------------------ extraction


def extract_html(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for the pages' HTML: the text of every element marked ``data-i18n``
    and the attributes ``data-i18n-attr`` names (``title placeholder aria-label``)."""
    from html.parser import HTMLParser

    found: list[tuple[int, str]] = []

    class Parser(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.open: list[tuple[str, list[str]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            line = self.getpos()[0]
            for name in (a.get("data-i18n-attr") or "").split():
                if a.get(name):
                    found.append((line, str(a[name])))
            if "data-i18n" in a:
                self.open.append((tag, []))
            elif self.open:
                self.open.append((tag, self.open[-1][1]))  # nested: part of the marked text

        def handle_endtag(self, tag: str) -> None:
            if self.open:
                _, parts = self.open.pop()
                if not self.open or self.open[-1][1] is not parts:
                    text = " ".join("".join(parts).split())
                    if text:
                        found.append((self.getpos()[0], text))

        def handle_data(self, data: str) -> None:
            if self.open:
                self.open[-1][1].append(data)

    Parser().feed(fileobj.read().decode("utf-8"))
    for line, text in found:
        yield line, "", text, []


def extract(domain: str) -> Catalog:
    """Every message the code writes for ``domain``, as Babel extracts them."""
    from babel.messages.extract import extract_from_dir

    out = Catalog(domain=domain)
    root = WEB.parent
    for filename, lineno, message, comments, _context in extract_from_dir(
        root,
        method_map=SOURCES.get(domain, []),
        # a t("…") inside a template literal's ${…} is a message too
        options_map={
            pattern: {"parse_template_string": True}
            for pattern, method in SOURCES.get(domain, [])
            if method == "javascript"
        },
        keywords=KEYWORDS[domain],
    ):
        out.add(message, locations=[(filename, lineno)], auto_comments=comments)
    for message, where in extra_messages(domain):
        out.add(message, locations=[(where, 0)])
    return out


def extra_messages(domain: str) -> Iterator[tuple[str, str]]:
    """Messages the site writes from data rather than from code: what the lobby's catalogue
    says of each installed game (its summary, its levels' sentences, its options' help, as
    :func:`motherlode.web.app.game_catalogue` translates them), and what a game's own
    ``i18n`` module lists (its components' names and texts: ``server_messages()`` for what
    its Python writes from data, ``browser_messages()`` for what its renderer draws)."""
    from importlib.metadata import entry_points

    from motherlode.agents import levels
    from motherlode.engine import get_game

    for entry in sorted(entry_points(group="motherlode.games"), key=lambda e: e.name):
        game = get_game(entry.name)
        where = f"games/{game.id}"
        own = game.part("i18n")
        listed = getattr(own, f"{domain}_messages", None)
        if listed is not None:
            for message in listed(game):
                yield message, f"{where}/i18n"
        if domain != "server":
            continue
        yield game.title, where
        yield game.summary, where
        for level in levels.describe(game):
            yield level["sentence"], f"{where}/levels"
        for option in game.options_class.describe():
            for key in OPTION_WORDS:
                if option.get(key):
                    yield option[key], f"{where}/options"
            for label in (option.get("labels") or {}).values():
                yield label, f"{where}/options"


def update(lang: str) -> None:
    """Bring ``lang``'s catalogs up to date with the code: new messages added empty,
    messages no longer written marked obsolete, translations kept."""
    for domain in DOMAINS:
        template = extract(domain)
        path = catalog_path(lang, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as f:
                po = read_po(f, locale=lang, domain=domain)
            po.update(template, no_fuzzy_matching=True)
        else:
            po = Catalog(
                locale=lang,
                domain=domain,
                project="motherlode",
                header_comment=f"# motherlode's {domain} messages in {LANGUAGES.get(lang, lang)}.",
                copyright_holder="the motherlode authors",
            )
            for message in template:
                if message.id:
                    po.add(message.id, locations=message.locations)
        with path.open("wb") as f:
            write_po(f, po, width=100, sort_output=True, include_lineno=False)
    catalog.cache_clear()
    translator.cache_clear()


def main(argv: list[str]) -> int:
    if len(argv) == 1 and argv[0] == "update":
        for lang in LANGUAGES:
            if lang != DEFAULT:
                update(lang)
        return 0
    if len(argv) == 2 and argv[0] == "init":
        update(argv[1])
        return 0
    print("usage: python -m motherlode.web.i18n update | init LANG", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
