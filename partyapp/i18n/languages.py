"""Languages: English and Russian, from the gettext catalogues in
``partyapp/translations/{en,ru}/LC_MESSAGES/messages.po`` (Flask-Babel).

- **Which language.** A page's language is chosen here, once, for the
  server's words and the scripts' alike: ``?lang=ru`` in its address, else
  the ``lang`` cookie the language switch sets, else the browser's
  Accept-Language. A Socket.IO connection says its screen's language in its
  handshake (``?lang=ru``), so each refusal is worded for the screen that
  made the request: the table in the table device's language, each phone
  in its own.
- **Server sentences** (refusals, ``error.message``) are ``Wording``
  objects (message id and values) worded here with ``say``.
- **The pages' scripts** take their words from a module of the page's
  module graph: ``static/js/i18n.js`` imports ``CATALOGUE_MODULE``, which the
  page's import map sends to ``/i18n/<lang>.js?v=<version>`` (``imports``),
  the page's language: the catalogue as a JavaScript module whose default
  export is the JSON of ``/i18n/<lang>.json`` (message id -> text, or the
  list of plural forms, and the catalogue's Plural-Forms expression). So the
  words are there before any module that shows them runs, without a module
  waiting at its top level for a fetch. The URL carries the catalogues'
  version, so the answer may be cached for good; ``CATALOGUE_MODULE`` itself
  (a browser without import maps) answers in the request's language.
- The app reads the ``.po`` files it ships and compiles each in memory
  once (``catalogue.compiled``), for Flask-Babel through ``CatalogueDomain``:
  nothing is built into or written beside the installed package, and an
  edited ``.po`` is what the next start speaks.
"""

from __future__ import annotations

import hashlib
import io
import os
from functools import cached_property, lru_cache
from typing import Any

import orjson
from babel.messages.pofile import read_po
from flask import Blueprint, Flask, Response, abort, has_app_context, has_request_context, request
from babel import support
from flask_babel import Babel, Domain, force_locale, get_locale, gettext, ngettext

from partyapp.i18n import catalogue
from partyapp.games.kit.wording import Wording

LANGUAGES = ("en", "ru")
DEFAULT = "en"
COOKIE = "lang"
# What static/js/i18n.js imports: mapped by each page to its language's module.
CATALOGUE_MODULE = "/i18n/catalogue.js"
NAMES = {"en": "English", "ru": "Русский"}

bp = Blueprint("i18n", __name__)


def pick(value: Any) -> str | None:
    """A supported language from a tag such as ``ru-RU``; None if not one."""
    if not isinstance(value, str):
        return None
    tag = value.strip().lower().replace("_", "-").split("-", 1)[0]
    return tag if tag in LANGUAGES else None


def select_locale() -> str:
    """The request's language: the ``lang`` of its query (a page's address,
    the Socket.IO handshake), the switch's cookie, then Accept-Language."""
    if not has_request_context():
        return DEFAULT
    return (pick(request.args.get("lang")) or pick(request.cookies.get(COOKIE))
            or request.accept_languages.best_match(LANGUAGES) or DEFAULT)


def current() -> str:
    locale = get_locale()
    return str(locale.language) if locale is not None else DEFAULT


def answer_text(words: str | Wording) -> str:
    """A server sentence in the language of the request being answered."""
    wording = words if isinstance(words, Wording) else Wording(words)
    return wording.render(gettext, ngettext)


def say_in(lang: str, words: str | Wording) -> str:
    """A server sentence in a given language (outside a request: tests, tools)."""
    with force_locale(lang):
        return answer_text(words)


@lru_cache(maxsize=8)
def _export(lang: str, mtime: float) -> bytes:
    """The catalogue of ``lang`` as the scripts' JSON."""
    with open(catalogue.po_path(lang), "rb") as f:
        cat = read_po(f, locale=lang)
    messages: dict[str, Any] = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, (tuple, list)):
            forms = [s for s in m.string]
            if all(forms):
                messages["|".join(m.id)] = forms
        elif m.string:
            messages[m.id] = m.string
    body = {"lang": lang, "plural": cat.plural_expr, "nplurals": cat.num_plurals, "messages": messages}
    return orjson.dumps(body)


def export(lang: str) -> bytes:
    return _export(lang, os.path.getmtime(catalogue.po_path(lang)))


def version() -> str:
    """A short hash of every catalogue: the scripts' cache key."""
    return _version(tuple(os.path.getmtime(catalogue.po_path(lang)) for lang in LANGUAGES))


@lru_cache(maxsize=4)
def _version(mtimes: tuple[float, ...]) -> str:
    h = hashlib.sha256()
    for lang in LANGUAGES:
        h.update(export(lang))
    return h.hexdigest()[:12]


def module_url(lang: str) -> str:
    """The URL of ``lang``'s catalogue as a module, under the catalogues' version."""
    return f"/i18n/{lang}.js?v={version()}"


def imports(lang: str) -> dict[str, str]:
    """What a page in ``lang`` adds to its import map: its words."""
    return {CATALOGUE_MODULE: module_url(lang)}


def _catalogue_answer(body: bytes, mimetype: str, fixed: bool) -> Response:
    """A catalogue: cached for good under the current version's URL (a
    ``fixed`` language: the same answer for everybody), else revalidated."""
    response = Response(body, mimetype=mimetype)
    response.set_etag(hashlib.sha256(body).hexdigest()[:16])
    if fixed and request.args.get("v") == version():
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    else:
        response.headers["Cache-Control"] = "no-cache"
    if not fixed:
        response.vary.update(("Cookie", "Accept-Language"))
    return response.make_conditional(request)


@bp.get("/i18n/<lang>.json")
def catalogue_json(lang: str) -> Response:
    if lang not in LANGUAGES:
        abort(404)
    return _catalogue_answer(export(lang), "application/json", fixed=True)


@bp.get("/i18n/<name>.js")
def catalogue_module(name: str) -> Response:
    """A language's catalogue as a module (``export default {...}``); under
    ``CATALOGUE_MODULE``'s name, the request's language."""
    fixed = name in LANGUAGES
    if not fixed and f"/i18n/{name}.js" != CATALOGUE_MODULE:
        abort(404)
    body = b"export default " + export(name if fixed else current()) + b";\n"
    return _catalogue_answer(body, "text/javascript", fixed)


@lru_cache(maxsize=len(LANGUAGES))
def translations(lang: str) -> support.Translations:
    """The gettext translations of ``lang``, compiled from its ``.po`` once."""
    return support.Translations(io.BytesIO(catalogue.compiled(lang)))


class CatalogueDomain(Domain):
    """Flask-Babel's message domain, with each language's translations from
    ``translations`` instead of ``.mo`` files on disk."""

    def get_translations(self) -> support.NullTranslations:
        lang = current() if has_app_context() else None
        return translations(lang) if lang in LANGUAGES else support.NullTranslations()


class CatalogueBabel(Babel):
    """Flask-Babel, speaking through ``CatalogueDomain``."""

    @cached_property
    def domain_instance(self) -> Domain:
        return CatalogueDomain()


def init_app(app: Flask) -> None:
    CatalogueBabel(app, locale_selector=select_locale)
    app.register_blueprint(bp)

    @app.context_processor
    def languages() -> dict:
        lang = current()
        return {"lang": lang, "languages": [(code, NAMES[code]) for code in LANGUAGES],
                "i18n_version": version(), "lang_cookie": COOKIE, "catalogue_url": module_url(lang)}

    del languages
