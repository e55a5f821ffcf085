"""The shape of the front end (partyapp/static/js): no import circle, ui/
below modes/, no module that others import waiting at its top level, and
no script over 400 lines.

Browsers evaluate a module graph in their own ways where it has a circle or
an asynchronous module in it: WebKit, importing three game screens at once
that share their pieces, met a binding not yet initialised where Chromium and
Firefox did not. A graph with neither cannot meet one in any engine: every
module runs once, after everything it imports, and at once.

The graph is the one the server reads to build the import map, the preload
hints and the service worker's list (partyapp/web/assets.py): every literal
specifier, static imports and dynamic ``import("...")`` alike, so a dynamic
import counts as an edge too (a mode's module imports the registry, never the
loader that imports it).
"""

from __future__ import annotations

import re

import pytest

from partyapp.web.assets import Assets
from tests import ROOT

STATIC = ROOT / "partyapp" / "static"


def js_graph(root: Path = STATIC) -> dict[str, list[str]]:
    """Each module of js/ -> the modules of js/ it imports, statically or not."""
    graph = Assets(root).full_graph
    return {path: [p for p in targets if p.startswith("js/")] for path, targets in graph.items() if path.startswith("js/")}


def circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each strongly connected set of more
    than one module (or a module importing itself), as a path round it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, []):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, []):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# -- top-level await -----------------------------------------------------------------
_KEYWORDS_BEFORE_REGEX = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
                          "await", "yield"}
_BLOCK_KEYWORDS = {"if", "for", "while", "switch", "catch", "with"}


def _tokens(source: str) -> list[str]:
    """The tokens of JavaScript ``source`` that tell scopes apart: names,
    ``=>`` and brackets; comments, strings, regular expressions and the text
    of template literals are skipped (the code in a template's ``${}`` is
    read)."""
    out: list[str] = []
    i, n = 0, len(source)
    templates: list[int] = []  # brace depth at which each open template's ${ } started
    depth = 0

    def regex_may_start() -> bool:
        if not out:
            return True
        last = out[-1]
        return last in _KEYWORDS_BEFORE_REGEX or not (last[0].isalnum() or last[0] in "_$)]\"")

    def skip_template_text(j: int) -> int:
        """From inside a template's text: to after its closing backtick, or
        to after the ``${`` of its next substitution (then in code)."""
        nonlocal depth
        while j < n:
            c = source[j]
            if c == "\\":
                j += 2
            elif c == "`":
                return j + 1
            elif source.startswith("${", j):
                templates.append(depth)
                depth += 1
                out.append("(")  # a substitution is an expression: never a scope's brace
                return j + 2
            else:
                j += 1
        return j

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "`":
            i = skip_template_text(i + 1)
        elif c == "/" and regex_may_start():
            j, in_class = i + 1, False
            while j < n and (in_class or source[j] != "/"):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            i = j + 1
            while i < n and source[i].isalpha():
                i += 1
            out.append('""')
        elif c == "}" and templates and templates[-1] == depth - 1:
            templates.pop()
            depth -= 1
            out.append(")")
            i = skip_template_text(i + 1)
        elif c.isalnum() or c in "_$":
            j = i
            while j < n and (source[j].isalnum() or source[j] in "_$"):
                j += 1
            out.append(source[i:j])
            i = j
        elif source.startswith("=>", i):
            out.append("=>")
            i += 2
        else:
            if c in "{(":
                depth += 1
            elif c in "})":
                depth -= 1
            if not c.isspace():
                out.append(c)
            i += 1
    return out


def top_level_await(source: str) -> bool:
    """Does the module ``source`` await outside every function (an
    asynchronous module)?"""
    tokens = _tokens(source)
    scopes: list[bool] = []  # for each open brace: is it a function's body?
    parens: list[int] = []  # the token index of each open parenthesis
    closed_at: dict[int, int] = {}  # a closing parenthesis's index -> its opening one's
    for k, tok in enumerate(tokens):
        if tok == "(":
            parens.append(k)
        elif tok == ")":
            closed_at[k] = parens.pop() if parens else 0
        elif tok == "{":
            before = tokens[k - 1] if k else ""
            if before == "=>":
                scopes.append(True)
            elif before == ")":
                opening = closed_at.get(k - 1, 0)
                scopes.append(not (opening and tokens[opening - 1] in _BLOCK_KEYWORDS))
            else:
                scopes.append(False)
        elif tok == "}":
            if scopes:
                scopes.pop()
        elif tok == "await" and not any(scopes):
            return True
    return False


@pytest.mark.parametrize("source, awaits", [
    ("await load();\nexport const x = 1;", True),
    ("const data = await (await fetch('/a')).json();", True),
    ("if (ready) {\n  await load();\n}", True),
    ("for await (const x of xs) {}", True),
    ("async function load() { await fetch('/a'); }\nload();", False),
    ("export const go = async () => { await x(); };", False),
    ("const o = { async m() { await x(); } };", False),
    ("class A { async m(a) { if (a) { await a; } } }", False),
    ("const re = /\\{(\\w+)\\}/g; // await in a comment\nconst s = 'await';", False),
    ("const h = html`<b onClick=${async () => { await x(); }}>${'}'}</b>`;\nexport const y = 1;", False),
    ("const h = `${a}{`;\nawait b;", True),
])
def test_the_top_level_await_reader_tells_module_code_from_function_code(source, awaits):
    assert top_level_await(source) is awaits


def test_the_circle_finder_finds_a_circle_through_a_dynamic_import(tmp_path):
    root = tmp_path / "static"
    (root / "js" / "modes").mkdir(parents=True)
    (root / "js" / "modes" / "index.js").write_text('const L = { a: () => import("./a.js") };\n')
    (root / "js" / "modes" / "a.js").write_text('import { registerMode } from "./index.js";\n')
    (root / "js" / "b.js").write_text('import "./modes/a.js";\n')
    assert circles(js_graph(root)) == [["js/modes/a.js", "js/modes/index.js"]]


# -- the front end -------------------------------------------------------------------
GRAPH = js_graph()
SOURCES = {path: (STATIC / path).read_text() for path in GRAPH}


def test_the_front_end_has_no_import_circle():
    """No module imports, through any chain of imports (a dynamic import
    included), a module that imports it."""
    assert circles(GRAPH) == []


def test_ui_pieces_import_nothing_from_the_games_screens():
    """ui/ holds the pieces the screens are built of: it sits below modes/."""
    upward = {path: [p for p in targets if p.startswith("js/modes/")]
              for path, targets in GRAPH.items() if path.startswith("js/ui/")}
    assert {path: found for path, found in upward.items() if found} == {}


def test_no_module_that_others_import_awaits_at_its_top_level():
    """Only a page's entry script may wait before it runs on: a module
    imported by others is evaluated at once (a catalogue a module needs is in
    the graph, js/i18n.js imports it)."""
    imported = {target for targets in GRAPH.values() for target in targets}
    assert sorted(path for path in imported if top_level_await(SOURCES[path])) == []


def test_every_dynamic_import_names_its_module_literally():
    """The server reads the graph from literal specifiers (the import map,
    the preload hints, the service worker's list): an import() of a computed
    name would leave its module out of all three, and out of these checks."""
    computed = {path: n for path, source in SOURCES.items()
                if (n := len(re.findall(r"\bimport\(", source)) - len(re.findall(r"""\bimport\(\s*["'][^"'\n]+["']\s*\)""", source)))}
    assert computed == {}


MAX_SCRIPT_LINES = 400


def test_no_script_is_longer_than_400_lines():
    """One job per file: a script grown past 400 lines holds more than one
    (the vendored libraries are not ours, and not under js/)."""
    long = {path: n for path, source in SOURCES.items() if (n := len(source.splitlines())) > MAX_SCRIPT_LINES}
    assert long == {}
