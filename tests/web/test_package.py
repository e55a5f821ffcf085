"""The package as pip installs it: a wheel built (through its sdist) from
the tree holds the pages, the static files with the vendored licences and
the catalogues, and ``partyapp serve`` installed from it into a fresh
virtualenv, started from an unrelated directory, serves every kind of page
and writes nothing into the installed tree (its rooms go to the user's data
directory)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.conftest import wait_for
from tests.serverproc import ChildProcess, answers_health, free_port
from tests.wire import WireClient
from tests import ROOT

# One build for both tests: kept on one xdist worker (make test: --dist loadgroup).
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("package")]

# Files the app reads beside its code, as paths inside the package.
DATA = [
    "templates/base.html", "templates/index.html", "templates/table.html", "templates/phone.html",
    "templates/busy.html",
    "static/favicon.svg", "static/css/app.css", "static/js/phone.js", "static/js/table.js",
    "static/js/modes/drinking.js", "static/js/ui/cards.js",
    "static/vendor/socket.io/socket.io.min.js", "static/vendor/socket.io/LICENSE",
    "static/vendor/preact/preact.module.js", "static/vendor/preact/LICENSE-preact",
    "static/vendor/preact/LICENSE-htm", "static/vendor/tannin/plural-forms.module.js",
    "static/vendor/tannin/LICENSE.md",
    "translations/en/LC_MESSAGES/messages.po", "translations/ru/LC_MESSAGES/messages.po",
]
# What a build leaves in a tree, and what is no source of the package.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache",
                                    ".hypothesis", "test-artifacts", "node_modules", "out", "*.db", "*.db-*")


def run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=300, **kwargs)
    assert done.returncode == 0, f"{cmd} exited with {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def shipped(tree: Path) -> list[str]:
    """Every file a package data directory holds, relative to the package."""
    return sorted(p.relative_to(tree).as_posix() for d in ("templates", "static", "translations")
                  for p in (tree / d).rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def snapshot(tree: Path) -> dict[str, tuple[int, int]]:
    """Each file of an installed tree with its size and time of change (the
    interpreter's own bytecode cache left aside)."""
    return {p.relative_to(tree).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in tree.rglob("*") if "__pycache__" not in p.parts}


def get(url: str, **headers) -> tuple[int, str, str]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as r:
        return r.status, r.headers.get("Content-Type", ""), r.read().decode("utf-8")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist and the wheel built from it (``python -m build``), from a
    copy of the tree, so that the build leaves nothing in the tree itself."""
    work = tmp_path_factory.mktemp("build")
    source = work / "partyapp"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    run([sys.executable, "-m", "build", "--outdir", work / "dist", source])
    return work / "dist"


def test_the_wheel_and_sdist_hold_the_pages_scripts_licences_and_catalogues(dist):
    """Every file of templates/, static/ and translations/ is in the wheel
    and the sdist; no compiled catalogue (.mo) is."""
    (wheel,) = dist.glob("partyapp-*.whl")
    (sdist,) = dist.glob("partyapp-*.tar.gz")
    package = ROOT / "partyapp"
    want = shipped(package)
    assert set(DATA) <= set(want)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    in_wheel = sorted(n.removeprefix("partyapp/") for n in names
                      if n.startswith(("partyapp/templates/", "partyapp/static/", "partyapp/translations/")))
    assert in_wheel == want
    assert not [n for n in names if n.endswith(".mo")]
    assert {n.split("/")[0] for n in names} == {"partyapp", wheel.name.split("-py3")[0] + ".dist-info"}
    with tarfile.open(sdist) as t:
        members = t.getnames()
    top = sdist.name.removesuffix(".tar.gz")
    assert {f"{top}/partyapp/{name}" for name in want} <= set(members)
    assert {f"{top}/pyproject.toml", f"{top}/config.toml", f"{top}/deploy/partyapp@.service"} <= set(members)


def test_partyapp_serve_from_the_wheel_in_a_fresh_virtualenv(dist, tmp_path):
    """Installed from the wheel alone (``pip install --no-deps``; the
    dependencies come from this test's own environment as a plain path
    entry, which runs none of its ``.pth`` hooks, so the source tree's
    package is not importable there) and started from an unrelated
    directory: the start page, a room's table and phone pages, a script and
    the Russian catalogue are served, the pages in Russian too, the rooms
    are kept in the user's data directory, and the installed tree is left
    as it was."""
    (wheel,) = dist.glob("partyapp-*.whl")
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel])
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    ours = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (site / "test-dependencies.pth").write_text("".join(f"{p}\n" for p in ours))

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONUNBUFFERED="1", HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(tmp_path / "data"))
    imported = run([python, "-c", "import partyapp; print(partyapp.__file__)"], cwd=elsewhere, env=env).stdout
    installed = site / "partyapp"
    assert Path(imported.strip()) == installed / "__init__.py"
    assert (installed / "templates" / "index.html").is_file()
    before = snapshot(installed)

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    server = ChildProcess()
    with open(log, "wb") as out:
        server.proc = subprocess.Popen([venv / "bin" / "partyapp", "serve", "--host", "127.0.0.1", "--port", str(port),
                                        "--quiet"], cwd=elsewhere, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        try:
            wait_for(lambda: answers_health(url, server.proc, "the installed server"), 30, "/healthz", every=0.1)
        except (AssertionError, RuntimeError) as exc:
            raise AssertionError(f"no answer on /healthz ({exc}):\n" + log.read_text()) from None
        status, kind, body = get(url + "/")
        assert status == 200 and "text/html" in kind and 'id="start-table"' in body
        assert "Открыть стол" in get(url + "/", **{"Accept-Language": "ru"})[2]

        table = WireClient(url).connect()
        created = table.call("room.create", {})
        assert created["ok"], created
        code = created["code"]
        for page in (f"/t/{code}", f"/j/{code}"):
            status, kind, body = get(url + page)
            assert status == 200 and "text/html" in kind and f'data-code="{code}" data-exists="yes"' in body, page
        status, kind, body = get(url + "/static/js/phone.js")
        assert status == 200 and "javascript" in kind and "import" in body
        status, _, body = get(url + "/static/vendor/socket.io/socket.io.min.js")
        assert status == 200 and len(body) > 10_000
        status, kind, body = get(url + "/i18n/ru.json")
        assert status == 200 and "json" in kind
        assert '"lang":"ru"' in body and "Открыть стол" in body and "Ваш ход" in body
        table.close()
    finally:
        server.stop()
    text = log.read_text()
    db = tmp_path / "data" / "partyapp" / "partyapp.db"
    assert f"Rooms are kept in sqlite:///{db}" in text, text
    assert db.is_file()
    assert snapshot(installed) == before
