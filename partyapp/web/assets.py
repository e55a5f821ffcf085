"""The static files, read once at start: each under a URL carrying a hash of
its content, served compressed with long-lived immutable caching, and the
ES module graph of each page, for its preload hints and its import map.

No build step: the files in ``partyapp/static/`` are served as they are.
What start-up adds is bookkeeping:

- **Hashed URLs.** ``js/view.js`` is also served at ``js/view.<hash>.js``
  (the first 12 hex digits of its SHA-256), with ``Cache-Control: public,
  max-age=31536000, immutable``; a changed file gets a new URL, an
  unchanged one keeps its URL across upgrades. The plain URL still answers,
  revalidated (``no-cache`` with an ETag), for whatever names it.
- **Imports.** Modules import each other by relative URL (``./view.js``),
  which resolves to the plain URL. The page's import map (one inline
  ``<script type="importmap">``, allowed by its SHA-256 in the pages'
  Content-Security-Policy) maps every module's plain URL to its hashed one,
  so each module is fetched once, under its hashed URL, and a script that
  imports ``/static/js/i18n.js`` gets the page's own instance. The map also
  sends the words' module that ``js/i18n.js`` imports to the catalogue of
  the page's language (``partyapp.i18n.languages.imports``): one map per
  language, each allowed by its hash. A browser without import maps fetches
  the imports under their plain URLs, which still work (revalidated).
- **Preload hints.** The import statements of every module are parsed here
  (``imports``), and each page carries a ``modulepreload`` hint for every
  module its entry script reaches through static imports, so the browser
  asks for the whole graph in one round trip instead of discovering it a
  level at a time; then for what the entry imports dynamically as it starts
  (the phone's seated screens, behind the join form's files, so that the
  form shows first). A game's screens are imported dynamically
  (``modes/index.js``): no page waits for the fifteen games' files before
  its first screen; the service worker keeps them all.
- **Stylesheets.** A stylesheet made of ``@import`` lines of files in its own
  folder (``css/partyapp.css``) is served with those files written in, in
  order: one request for every style of the page, the same cascade as the
  separate files, which still answer on their own (and the file works
  unchanged where nothing inlines it).
- **Compression.** Each file is compressed once, the first time it is asked
  for in an encoding (brotli, else gzip), and kept in memory.
- **Version.** ``version`` is a hash of every file's hash: the service
  worker's cache is named after it (``partyapp.web.install``).

The files are read once, at start: a file edited while the server runs is
served as it was until the next start.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import mimetypes
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from threading import Lock

import brotli
from flask import Response, abort, request

from partyapp.i18n import languages

HASH_LEN = 12
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# What is worth compressing (images other than SVG are compressed already).
COMPRESSIBLE = (".js", ".css", ".svg", ".json", ".webmanifest", ".txt", ".md", ".html")
MIN_COMPRESS = 512
BROTLI_QUALITY = 5

# An import or re-export that starts a line: `import x from "./a.js"`,
# `import { a,\n b } from "./a.js"`, `export { a } from "./a.js"`,
# `import "./a.js"`, minified `import{a as b}from"./a.js"`. Only names,
# braces, commas, stars and `as` may stand between the keyword and `from`,
# so that `export function f() { return "x"; }` is no import.
_STATIC_IMPORT = re.compile(
    r"""^[ \t]*(?:import|export)(?:[\s{}*,$\w]*?\bfrom)?\s*(["'])([^"'\n]+)\1""", re.MULTILINE)
# A game's screens in modes/index.js: `  cheat: () => import("./cheat.js"),`.
_SCREENS = re.compile(r"""^[ \t]*(\w+): \(\) => import\(\s*(["'])\./([^"'\n]+)\2\s*\)""", re.MULTILINE)
SCREENS_INDEX = "js/modes/index.js"
SCREENS_KIT = "js/modes/kit.js"
# `@import url("app.css");` or `@import "app.css";` on a line of its own.
_CSS_IMPORT = re.compile(r"""^[ \t]*@import\s+(?:url\(\s*)?(["'])([^"'\n/]+\.css)\1\s*\)?\s*;[ \t]*$""", re.MULTILINE)
# import("./a.js") with a literal specifier, anywhere.
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*(["'])([^"'\n]+)\1\s*\)""")


def imports(source: str, dynamic: bool = True) -> list[str]:
    """The module specifiers a module's source imports (static imports and
    re-exports, then, with ``dynamic``, literal dynamic imports), in order,
    each once."""
    found: list[str] = []
    for pattern in (_STATIC_IMPORT, _DYNAMIC_IMPORT) if dynamic else (_STATIC_IMPORT,):
        for m in pattern.finditer(source):
            if m.group(2) not in found:
                found.append(m.group(2))
    return found


def inline_css(path: str, read) -> bytes:
    """The stylesheet ``path`` with each ``@import`` of a file in its own
    folder replaced by that file (itself inlined, each file once; a url()
    inside stays right since the folder is the same). ``read(path)``: a
    file's bytes, or None."""
    folder = posixpath.dirname(path)
    seen = {path}

    def expand(source: str) -> str:
        def one(m: re.Match) -> str:
            target = posixpath.join(folder, m.group(2))
            data = read(target) if target not in seen else None
            if data is None:
                return m.group(0)
            seen.add(target)
            return f"/* {target} */\n" + expand(data.decode("utf-8"))

        return _CSS_IMPORT.sub(one, source)

    return expand(read(path).decode("utf-8")).encode("utf-8")


def hashed_name(path: str, digest: str) -> str:
    """``js/view.js`` -> ``js/view.<digest>.js``."""
    stem, ext = posixpath.splitext(path)
    return f"{stem}.{digest}{ext}" if ext else f"{path}.{digest}"


@dataclass
class Asset:
    path: str  # relative to the static folder, with forward slashes
    data: bytes
    digest: str
    mimetype: str
    encoded: dict[str, bytes] = field(default_factory=dict)

    @property
    def hashed(self) -> str:
        return hashed_name(self.path, self.digest)


class Assets:
    """Every file under ``root``, its hashed name and the module graph."""

    def __init__(self, root: str | Path, url_path: str = "/static") -> None:
        self.root = Path(root)
        self.url_path = url_path.rstrip("/")
        self.files: dict[str, Asset] = {}
        raw = {file.relative_to(self.root).as_posix(): file.read_bytes()
               for file in sorted(p for p in self.root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)}
        for rel, data in raw.items():
            if rel.endswith(".css") and b"@import" in data:
                data = inline_css(rel, raw.get)
            mimetype = mimetypes.guess_type(rel)[0] or "application/octet-stream"
            if rel.endswith((".js", ".mjs")):
                mimetype = "text/javascript"
            elif rel.endswith(".webmanifest"):
                mimetype = "application/manifest+json"
            self.files[rel] = Asset(rel, data, hashlib.sha256(data).hexdigest()[:HASH_LEN], mimetype)
        self.by_hashed = {a.hashed: a for a in self.files.values()}
        self.version = hashlib.sha256(
            "".join(f"{a.path}\0{a.digest}\n" for a in self.files.values()).encode()).hexdigest()[:HASH_LEN]
        modules = [path for path in self.files if path.endswith(".js")]
        self.graph = {path: self._resolved_imports(path, dynamic=False) for path in modules}
        self.full_graph = {path: self._resolved_imports(path, dynamic=True) for path in modules}
        index = self.files.get(SCREENS_INDEX)
        self.screens = {m.group(1): posixpath.join(posixpath.dirname(SCREENS_INDEX), m.group(3))
                        for m in _SCREENS.finditer(index.data.decode()) } if index else {}
        self._lock = Lock()
        self._maps: dict[tuple, str] = {}

    # -- the module graph ----------------------------------------------------
    def _resolved_imports(self, path: str, dynamic: bool) -> list[str]:
        """The files a module imports, relative to the static folder; an
        import of something that is not a file here (a bare name, another
        origin) is left out."""
        out = []
        for spec in imports(self.files[path].data.decode("utf-8", "replace"), dynamic):
            if spec.startswith(("./", "../")):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
            elif spec.startswith(self.url_path + "/"):
                target = spec[len(self.url_path) + 1:]
            else:
                continue
            if target in self.files and target not in out:
                out.append(target)
        return out

    def module_graph(self, entry: str, dynamic: bool = False) -> list[str]:
        """Every module ``entry`` reaches through its static imports (itself
        first), depth first in import order; with ``dynamic``, through its
        dynamic imports too (what a page may load later: a game's screens)."""
        graph = self.full_graph if dynamic else self.graph
        seen: list[str] = []
        stack = [entry]
        while stack:
            path = stack.pop()
            if path in seen or path not in graph:
                continue
            seen.append(path)
            stack.extend(reversed(graph[path]))
        return seen

    # -- URLs ------------------------------------------------------------------
    def url(self, path: str) -> str:
        """The hashed URL of a file (its plain URL if there is no such file)."""
        asset = self.files.get(path)
        return f"{self.url_path}/{asset.hashed if asset else path}"

    def hints(self, entry: str, mode: str | None = None) -> list[tuple[str, bool]]:
        """The modules a page asks for at once, as (hashed URL, first): in
        the order it needs them, first what ``entry`` imports statically,
        directly or not (what its first screen needs: ``first``); then what
        the entry itself imports dynamically as soon as it runs (the phone's
        seated screens, behind its join form), asked for at low priority so
        they never hold the first screen back; then, with ``mode``, the
        screens of the game in progress (first on a page that shows the game
        at once, the table; behind the rest on the phone). The other games'
        screens are not hinted (they are asked for when needed, or ahead of
        time by the page itself)."""
        own = [p for p in self.full_graph.get(entry, []) if p not in self.graph.get(entry, [])]
        game = [SCREENS_KIT, self.screens[mode]] if mode in self.screens else []
        # A page without imports of its own to come shows the game at once.
        first_roots, later_roots = ([entry], own + game) if own else ([entry, *game], [])
        first: list[str] = []
        for root in first_roots:
            first += [p for p in self.module_graph(root) if p not in first]
        later: list[str] = []
        for root in later_roots:
            later += [p for p in self.module_graph(root) if p not in first and p not in later]
        return [(self.url(p), True) for p in first[1:]] + [(self.url(p), False) for p in later]

    def preloads(self, entry: str, mode: str | None = None) -> list[str]:
        """The hashed URLs of ``hints``, in order."""
        return [url for url, _ in self.hints(entry, mode)]

    def import_map(self, extra: dict[str, str] | None = None) -> str:
        """A page's import map: each module's plain URL to its hashed one,
        and ``extra``'s specifiers to theirs (compact JSON, the same bytes
        for the same ``extra``)."""
        key = tuple(sorted((extra or {}).items()))
        found = self._maps.get(key)
        if found is None:
            found = json.dumps({"imports": {**{f"{self.url_path}/{p}": self.url(p) for p in self.graph}, **dict(key)}},
                               separators=(",", ":"), sort_keys=True)
            self._maps[key] = found
        return found

    def import_map_csp(self, extras: list[dict[str, str]] | None = None) -> str:
        """The CSP sources allowing the inline import maps (with each of
        ``extras``; default: the map of the modules alone)."""
        return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(self.import_map(extra).encode()).digest()).decode()}'"
                        for extra in (extras or [None]))

    # -- serving ---------------------------------------------------------------
    def _encoded(self, asset: Asset, encoding: str) -> bytes:
        with self._lock:
            body = asset.encoded.get(encoding)
            if body is None:
                # Brotli's quality 5: the phone page's files in 0.2 s of CPU
                # (quality 11: 4 s, which the first phone would wait for),
                # 8 % more bytes.
                if encoding == "br":
                    body = brotli.compress(asset.data, quality=BROTLI_QUALITY)
                else:
                    body = gzip.compress(asset.data, compresslevel=6, mtime=0)
                asset.encoded[encoding] = body
            return body

    def response(self, filename: str) -> Response:
        """The answer to ``GET <url_path>/<filename>``: a hashed name is
        served immutable, a plain one revalidated, both compressed when the
        browser takes it; anything else is 404."""
        asset = self.by_hashed.get(filename)
        immutable = asset is not None
        if asset is None:
            asset = self.files.get(filename)
        if asset is None:
            # Also an old hash of a file that exists (a page from before an
            # upgrade): not found, never the new file under the old URL.
            abort(404)
        body, encoding = asset.data, None
        if asset.path.endswith(COMPRESSIBLE) and len(asset.data) >= MIN_COMPRESS:
            accepted = request.accept_encodings
            for name in ("br", "gzip"):
                if accepted[name]:
                    body, encoding = self._encoded(asset, name), name
                    break
        response = Response(body, mimetype=asset.mimetype)
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.headers["Vary"] = "Accept-Encoding"
        response.headers["Cache-Control"] = IMMUTABLE if immutable else REVALIDATE
        response.set_etag(f"{asset.digest}{':' + encoding if encoding else ''}")
        return response.make_conditional(request)


def init_app(app) -> Assets:
    """Read ``app``'s static folder and give the pages their helpers:
    ``asset(path)`` (a file's hashed URL), ``module_hints(entry, mode)``
    (the modules a page's entry script reaches, with their priority) and
    ``import_map(lang)`` (a page's import map: its modules and the words of
    its language); ``page_csp_sources(app)`` allows the maps of every
    language."""
    assets = Assets(app.static_folder, app.static_url_path or "/static")
    app.extensions["assets"] = assets
    app.add_template_global(assets.url, "asset")
    app.add_template_global(assets.hints, "module_hints")
    app.add_template_global(lambda lang: assets.import_map(languages.imports(lang)), "import_map")
    return assets


def page_csp_sources(app) -> str:
    """The CSP sources of a page's scripts' inline import map, in any language."""
    return app.extensions["assets"].import_map_csp([languages.imports(lang) for lang in languages.LANGUAGES])
