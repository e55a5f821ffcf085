"""The shape of the code: each layer a package saying what it owns, imports
pointing down only, no import circle, engines on their own.

Read from the source (every ``import`` and ``from ... import``, at the top
of a module or inside a function, ``TYPE_CHECKING`` blocks included), so a
new import that points the wrong way fails here before it tangles anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "partyapp"

# Top to bottom: a layer may import only the layers after it (and itself).
LAYERS = ["start", "web", "realtime", "cluster", "bots", "rooms", "store", "i18n", "games"]
START = {"partyapp", "partyapp.__main__", "partyapp.app", "partyapp.cli", "partyapp.config"}


def module_names() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        if "static" in path.relative_to(PACKAGE).parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = module_names()


def imports_of(name: str) -> set[str]:
    """The project modules ``name`` imports (a package's submodule when the
    name imported is one)."""
    path = MODULES[name]
    is_package = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("partyapp"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in MODULES else target)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("partyapp"))
    out.discard(name)
    return {m for m in out if m in MODULES}


GRAPH = {name: imports_of(name) for name in MODULES}


def layer_of(name: str) -> str:
    if name in START:
        return "start"
    return name.split(".")[1]


def test_every_module_belongs_to_a_layer():
    """Nothing sits beside the layers but the start-up modules."""
    assert sorted(n for n in MODULES if layer_of(n) not in LAYERS) == []


def test_each_layer_is_a_package_that_says_what_it_owns_and_may_import():
    """Every layer package opens with a docstring naming what it owns and
    what it may import."""
    for layer in LAYERS[1:]:
        doc = ast.get_docstring(ast.parse((PACKAGE / layer / "__init__.py").read_text()))
        assert doc and len(doc) > 80, f"partyapp/{layer}/__init__.py needs its docstring"
        assert "import" in doc, f"partyapp/{layer}/__init__.py should say what it may import"


def test_imports_point_down_only():
    """A layer imports only itself and the layers below it."""
    wrong = []
    for name, deps in GRAPH.items():
        mine = LAYERS.index(layer_of(name))
        for dep in deps:
            if LAYERS.index(layer_of(dep)) < mine:
                wrong.append(f"{name} -> {dep}")
    assert wrong == []


def test_no_import_circle_anywhere():
    """No module reaches itself through its imports."""
    seen: dict[str, int] = {}  # 1 on the stack, 2 done
    circles = []

    def visit(name: str, stack: list[str]) -> None:
        seen[name] = 1
        for dep in sorted(GRAPH[name]):
            if seen.get(dep) == 1:
                circles.append(" -> ".join(stack[stack.index(dep):] + [dep]))
            elif dep not in seen:
                visit(dep, stack + [dep])
        seen[name] = 2

    for name in sorted(GRAPH):
        if name not in seen:
            visit(name, [name])
    assert circles == []


@pytest.mark.parametrize("package", ["partyapp.games"])
def test_engines_import_nothing_outside_games(package):
    """The rules engines know nothing of the transport, the rooms or the words' catalogues."""
    wrong = [f"{n} -> {d}" for n, deps in GRAPH.items() if n.startswith(package)
             for d in deps if not d.startswith(package)]
    assert wrong == []


def test_engines_use_only_the_standard_library_msgspec_and_regex():
    """An engine module imports no third-party library but msgspec (the typed
    state's records and JSON codec) and regex (the text cleaner's Unicode
    properties; no Flask, no Socket.IO), so it runs and tests on its own."""
    import sys

    allowed = set(sys.stdlib_module_names) | {"msgspec", "regex", "partyapp", "__future__"}
    wrong = []
    for name, path in MODULES.items():
        if not name.startswith("partyapp.games"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                tops = [(node.module or "").split(".")[0]]
            else:
                continue
            wrong += [f"{name}: {t}" for t in tops if t not in allowed]
    assert wrong == []


def test_library_internals_are_reached_from_the_seam_module_only():
    """Only the seams (``partyapp/realtime/seams/``) touch python-socketio's and
    python-engineio's private names."""
    wrong = []
    for name, path in MODULES.items():
        if name == "partyapp.realtime.seams" or name.startswith("partyapp.realtime.seams."):
            continue
        text = path.read_text()
        for needle in ("._send_eio_packet", "._send_ping", "._publish(", "._handle_emit", "._redis_connect",
                       ".manager.rooms", ".eio.sockets"):
            if needle in text:
                wrong.append(f"{name}: {needle}")
    assert wrong == []


def test_no_module_is_longer_than_600_lines():
    """One file, one job: no Python module of the app runs past 600 lines
    (a module that grows two jobs splits along them)."""
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > 600}
    assert long == {}
