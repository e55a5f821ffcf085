"""The static files under hashed URLs, compressed and cached for good; the
pages revalidated, with a preload hint for every module they import
(partyapp/web/assets.py). The browser's side: tests/browser/test_loadtime.py."""

from __future__ import annotations

import gzip
import re
import shutil

import brotli
import pytest

from partyapp.app import create_app
from partyapp.games import MODES
from partyapp.i18n import languages
from partyapp.web.assets import IMMUTABLE, Assets, imports
from tests import ROOT

STATIC = ROOT / "partyapp" / "static"


@pytest.fixture(scope="module")
def app():
    return create_app({"PARTYAPP_STORE_URL": "memory://", "PARTYAPP_TESTING": True})


@pytest.fixture
def http(app):
    return app.test_client()


@pytest.fixture(scope="module")
def code(app):
    """A room that exists (its pages answer 200)."""
    room, _ = app.extensions["partyapp"].registry.create("http://party.test")
    return room.code


@pytest.fixture
def tree(tmp_path):
    """A copy of the static folder to change."""
    root = tmp_path / "static"
    shutil.copytree(STATIC, root)
    return root


def hrefs(page: str, rel: str) -> list[str]:
    return re.findall(rf'<link rel="{rel}" href="([^"]+)"', page)


def test_imports_are_read_in_every_form_the_modules_write():
    source = '''import { a, b } from "./a.js";
import {
  c, d,
} from "../b.js";
import "./c.js";
export { e } from './d.js';
import * as f from "./e.js";
import{g as h}from"./f.js";const x=1;
export function notAnImport() { return "./g.js"; }
export const y = { from: "./h.js" };
// import sits in this comment, but names no "./i.js" from anything
const later = await import("./j.js");
'''
    assert imports(source) == ["./a.js", "../b.js", "./c.js", "./d.js", "./e.js", "./f.js", "./j.js"]


def test_the_pages_preload_their_whole_module_graph_and_a_new_module_is_covered(http, code, tree):
    answer = http.get(f"/j/{code}")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assets = Assets(STATIC)
    first = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    later = re.findall(r'<link rel="modulepreload" href="([^"]+)" fetchpriority="low">', page)
    assert sorted(first + later) == sorted(hrefs(page, "modulepreload"))
    # The join form's own modules first, at the browser's usual priority: a
    # dozen files, none of the seated screens; the words (a module js/i18n.js
    # imports, outside the static files) right behind the entry.
    form = assets.module_graph("js/phone.js")
    words = languages.module_url("en")
    assert first == [assets.url(form[0]), words] + [assets.url(p) for p in form[1:]]
    assert 8 <= len(form) <= 16 and "vendor/preact/preact.module.js" in form and "js/ui/profile.js" in form
    assert not {"js/host.js", "js/modes/index.js", "js/ui/cards.js", "js/phone-room.js"} & set(form)
    # Then, asked for at low priority behind them, the seated screens the
    # page imports as soon as it runs.
    seated = [p for p in assets.module_graph("js/phone-room.js") if p not in form]
    assert later == [assets.url(p) for p in seated]
    graph = form + seated
    assert len(graph) > 25 and "js/ui/cards.js" in graph and "js/modes/index.js" in graph
    # No game's screens before the first screen (they come when a game needs them).
    assert not any(p.startswith("js/modes/") and p not in ("js/modes/index.js", "js/modes/registry.js", "js/modes/generic.js")
               for p in graph)
    assert f'<script type="module" src="{assets.url("js/phone.js")}">' in page
    # The table shows the room at once: its whole graph at the usual priority.
    table = http.get(f"/t/{code}").get_data(as_text=True)
    assert 'fetchpriority="low"' not in table
    assert sorted(hrefs(table, "modulepreload")) == sorted([words] + [assets.url(p) for p in assets.module_graph("js/table.js")])

    # a module added later, reached through a multi-line import, is preloaded too
    (tree / "js" / "ui" / "shine.js").write_text("export const shine = 1;\n")
    cards = tree / "js" / "ui" / "cards.js"
    cards.write_text('import {\n  shine,\n} from "./shine.js";\n' + cards.read_text())
    changed = Assets(tree)
    assert changed.url("js/ui/shine.js") in changed.preloads("js/phone.js")
    assert changed.url("js/ui/shine.js") in changed.preloads("js/table.js")
    assert changed.url("js/ui/shine.js") not in changed.preloads("js/index.js")


def test_every_game_has_its_screens_loaded_on_demand_and_kept_by_the_worker(http):
    """Each mode's screens are one dynamic import away (modes/index.js), not
    in any page's first load; the service worker keeps them all, so a phone
    that has been here once starts any game without the network."""
    assets = Assets(STATIC)
    assert set(assets.screens) == set(MODES)
    worker = http.get("/sw.js").get_data(as_text=True)
    keep = __import__("json").loads(re.search(r"const KEEP = (\[.*?\]);", worker).group(1))
    betting = {f"js/ui/betting/{part}.js" for part in ("words", "hands", "table", "phone")}
    for module in set(assets.screens.values()) | {"js/modes/kit.js", "js/ui/race.js"} | betting:
        assert assets.url(module) not in assets.preloads("js/phone.js")
        assert assets.url(module) not in assets.preloads("js/table.js")
        assert assets.url(module) in keep, module


def test_a_page_opened_during_a_game_preloads_that_games_screens(app, http):
    """A phone reloading (or a late guest joining) in the middle of Cheat asks
    for Cheat's screens with the page, not after its first state."""
    room, _ = app.extensions["partyapp"].registry.create("http://party.test")
    for name in ("Ana", "Bob", "Cy"):
        room.change(lambda name=name: room.join(name, None))
    assets = Assets(STATIC)
    cheat = assets.url("js/modes/cheat.js")
    for page in (f"/j/{room.code}", f"/t/{room.code}", f"/w/{room.code}"):
        assert cheat not in hrefs(http.get(page).get_data(as_text=True), "modulepreload")
    room.change(lambda: room.start_game("cheat", {"seed": 3}, testing=True))
    for page in (f"/j/{room.code}", f"/t/{room.code}", f"/w/{room.code}"):
        preloaded = hrefs(http.get(page).get_data(as_text=True), "modulepreload")
        assert cheat in preloaded and assets.url("js/modes/kit.js") in preloaded, page
        assert assets.url("js/modes/go_fish.js") not in preloaded
        assert len(preloaded) == len(set(preloaded))


def test_the_import_map_sends_every_module_to_its_hashed_url_and_the_csp_allows_only_it(http, code):
    """One map per language (the words' module is the language's); the CSP
    allows those and nothing else inline."""
    assets = Assets(STATIC)
    maps = []
    for lang in languages.LANGUAGES:
        answer = http.get(f"/t/{code}?lang={lang}")
        page = answer.get_data(as_text=True)
        found = re.search(r'<script type="importmap">(.*?)</script>', page)
        assert found and found.group(1) == assets.import_map(languages.imports(lang))
        mapping = __import__("json").loads(found.group(1))["imports"]
        assert mapping["/static/js/view.js"] == assets.url("js/view.js") != "/static/js/view.js"
        assert set(mapping) == {f"/static/{p}" for p in assets.files if p.endswith(".js")} | {languages.CATALOGUE_MODULE}
        assert mapping[languages.CATALOGUE_MODULE] == languages.module_url(lang)
        csp = answer.headers["Content-Security-Policy"]
        allowed = re.search(r"script-src 'self' ([^;]*);", csp).group(1).split()
        assert "'unsafe-inline'" not in allowed and len(allowed) == len(languages.LANGUAGES)
        maps.append(found.group(1))
    assert sorted(allowed) == sorted(assets.import_map_csp([languages.imports(lang) for lang in languages.LANGUAGES]).split())
    assert len(set(maps)) == len(languages.LANGUAGES)


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_static_files_are_compressed_and_immutable_under_their_hashed_urls(http, encoding, decode):
    assets = Assets(STATIC)
    for path in ("js/phone.js", "vendor/preact/preact.module.js", "css/app.css", "vendor/socket.io/socket.io.min.js"):
        url = assets.url(path)
        assert re.fullmatch(r"/static/.+\.[0-9a-f]{12}\.(js|css)", url), url
        answer = http.get(url, headers={"Accept-Encoding": f"{encoding}, identity"})
        assert answer.status_code == 200
        assert answer.headers["Content-Encoding"] == encoding
        assert answer.headers["Cache-Control"] == IMMUTABLE
        assert "Accept-Encoding" in answer.headers["Vary"]
        body = answer.get_data()
        original = (STATIC / path).read_bytes()
        assert decode(body) == original and len(body) < len(original) * 0.6
    # a browser that takes no compression gets the file as it is
    plain = http.get(assets.url("js/view.js"), headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers and plain.get_data() == (STATIC / "js/view.js").read_bytes()


def test_a_changed_file_gets_a_new_url_and_its_old_url_is_gone(app, tree):
    before = Assets(tree)
    (tree / "js" / "words.js").write_text((tree / "js" / "words.js").read_text() + "\n// changed\n")
    after = Assets(tree)
    assert after.url("js/words.js") != before.url("js/words.js")
    assert after.url("js/view.js") == before.url("js/view.js")  # unchanged: still cached
    assert after.version != before.version
    assert after.url("js/words.js") in after.import_map() and before.url("js/words.js") not in after.import_map()
    from werkzeug.exceptions import NotFound

    old = before.url("js/words.js").removeprefix("/static/")
    with app.test_request_context(before.url("js/words.js")):
        assert after.response(after.url("js/words.js").removeprefix("/static/")).status_code == 200
        with pytest.raises(NotFound):
            after.response(old)  # never the new file under the old URL


def test_plain_urls_and_pages_are_revalidated(http, code):
    for url in ("/static/js/phone.js", "/", f"/j/{code}", f"/t/{code}"):
        first = http.get(url, headers={"Accept-Encoding": "br"})
        assert first.headers["Cache-Control"] == "no-cache", url
        etag = first.headers["ETag"]
        again = http.get(url, headers={"Accept-Encoding": "br", "If-None-Match": etag})
        assert again.status_code == 304 and again.get_data() == b"", url
    page = http.get("/", headers={"Accept-Encoding": "br"})
    assert page.headers["Content-Encoding"] == "br" and b"<!doctype html>" in brotli.decompress(page.get_data())


def test_a_page_asks_for_one_stylesheet_with_every_style_written_in(http, code, tree):
    """css/partyapp.css is five @import lines; the server serves it with the
    five files written in, in order (one request, the same cascade), and
    each file still answers on its own."""
    assets = Assets(STATIC)
    for page in ("/", f"/j/{code}", f"/t/{code}", f"/w/{code}"):
        assert hrefs(http.get(page).get_data(as_text=True), "stylesheet") == [assets.url("css/partyapp.css")], page
    served = http.get(assets.url("css/partyapp.css"), headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
    assert "@import" not in served
    parts = ["betting", "app", "hand-games", "cardgames", "everyone"]
    at = [served.index((STATIC / "css" / f"{name}.css").read_text()) for name in parts]
    assert at == sorted(at)
    assert http.get(assets.url("css/app.css")).status_code == 200

    # An import of a file of another folder, or of none, is left as it is;
    # a file imported twice is written in once.
    (tree / "css" / "a.css").write_text(".a { color: red; }\n")
    (tree / "css" / "all.css").write_text('@import url("a.css");\n@import "a.css";\n@import url("../x/b.css");\n'
                                          '@import url("missing.css");\n.z { color: blue; }\n')
    changed = Assets(tree).files["css/all.css"].data.decode()
    assert changed.count(".a { color: red; }") == 1
    assert '@import "a.css";' in changed and '@import url("../x/b.css");' in changed
    assert '@import url("missing.css");' in changed and changed.endswith(".z { color: blue; }\n")
