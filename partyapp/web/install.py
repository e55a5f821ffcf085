"""The installable phone page: its web app manifest and its service worker.

- ``/j/<code>/manifest.webmanifest``: the phone page's manifest (name, icons,
  theme colour, ``display: standalone``); its start URL is that room's phone
  page, so the installed page opens on the guest's seat.
- ``/sw.js``: the service worker (``static/js/sw.js``, with the static
  files' ``VERSION`` and the URLs to keep put before it). It keeps every
  static file under its hashed URL in a cache named after ``VERSION``, so a
  reload, or a return to a page the browser had dropped, draws the page from
  the phone at once; the page itself is asked of the server first and, when
  the server does not answer, taken from that cache (offline-first for the
  shell; the socket still needs the server). An upgraded server has another
  ``VERSION``, hence another ``/sw.js``: the browser installs it, it takes
  over the open pages and deletes the old cache, and a page whose scripts
  are older than the worker now in charge loads again (``static/js/install.js``).
"""

from __future__ import annotations

import json
from functools import lru_cache

from flask import Blueprint, Response, abort, current_app, request

from partyapp.i18n import languages
from partyapp.rooms.registry import ROOM_CODE_RE

bp = Blueprint("install", __name__)

THEME = "#14121f"
BACKGROUND = "#14121f"
ICONS = [("icons/icon.svg", "any", "image/svg+xml"), ("icons/icon-192.png", "192x192", "image/png"),
         ("icons/icon-512.png", "512x512", "image/png")]
# What the service worker keeps as it installs: the phone page's modules and
# these (the styles, the socket's client), all in the browser's cache already
# by then. Anything else of this origin under a hashed URL (the catalogue of
# the page's language, another page's modules) is kept as it is first asked
# for through the worker; the icons are the browser's own business.
PAGE = "js/phone.js"
KEPT = ("css/", "vendor/socket.io/socket.io.min.js", "favicon.svg")


@bp.get("/j/<code>/manifest.webmanifest")
def manifest(code: str) -> Response:
    code = code.upper()
    if not ROOM_CODE_RE.match(code):
        abort(404)
    assets = current_app.extensions["assets"]
    body = {
        "name": f"partyapp {code}",
        "short_name": "partyapp",
        "description": languages.answer_text("Your hand and your buttons at the party's table."),
        "lang": languages.current(),
        "id": f"/j/{code}",
        "start_url": f"/j/{code}",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [{"src": assets.url(path), "sizes": sizes, "type": kind, "purpose": "any"}
                  for path, sizes, kind in ICONS]
                 + [{"src": assets.url("icons/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png",
                     "purpose": "maskable"}],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response


def version() -> str:
    """What the service worker keeps: the static files' and the catalogues'
    versions (each page says it in ``data-shell``)."""
    return f"{current_app.extensions['assets'].version}.{languages.version()}"


@lru_cache(maxsize=4)
def worker_source(assets, shell: str) -> bytes:
    keep = [assets.url(path) for path in assets.module_graph(PAGE, dynamic=True)]
    keep += [assets.url(path) for path in assets.files if path.startswith(KEPT)]
    head = (f"const VERSION = {json.dumps(shell)};\n"
            f"const KEEP = {json.dumps(keep, separators=(',', ':'))};\n")
    return head.encode() + assets.files["js/sw.js"].data


@bp.app_context_processor
def shell_version() -> dict:
    return {"shell_version": version()}


@bp.get("/sw.js")
def service_worker() -> Response:
    shell = version()
    response = Response(worker_source(current_app.extensions["assets"], shell), mimetype="text/javascript")
    # Always asked again: a new server's worker is found at the next visit.
    response.headers["Cache-Control"] = "no-cache"
    response.set_etag(shell)
    return response.make_conditional(request)
