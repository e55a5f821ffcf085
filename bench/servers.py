"""Start and stop the server under test (the app, the bare python-socketio
baseline or the Node.js socket.io baseline) on loopback, and read its CPU
and memory."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
NODE_DIR = ROOT / "bench" / "node"

# Everything from one address: lift the per-address join limit (it exists to
# stop room codes being swept, not to stop 1,400 sockets of one test host).
BENCH_CONFIG = """\
[server]
host = "127.0.0.1"

[limits]
joins_per_minute = 10000000
joins_burst = 1000000
room_joins_per_minute = 10000000
room_joins_burst = 1000000
device_joins_per_minute = 10000000
device_joins_burst = 1000000
# the load generators open every socket from 127.0.0.1
connections_per_address = 0
unconnected_per_address = 0
max_rooms = 100000
rooms_per_address = 0
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def end(proc: subprocess.Popen) -> None:
    """Stop a child process: SIGTERM, then SIGKILL after 5 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def raise_fd_limit() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


def node_ready() -> str:
    """The ``node`` binary, once ``bench/node/node_modules`` is installed from
    the lock file (``npm ci`` the first time). Raises when Node.js is missing."""
    node = shutil.which("node")
    npm = shutil.which("npm")
    if node is None or npm is None:
        raise RuntimeError("--baseline-node needs Node.js and npm (apt-get install nodejs npm)")
    if not (NODE_DIR / "node_modules" / "socket.io").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=NODE_DIR, check=True,
                       stdout=subprocess.DEVNULL)
    return node


GEVENT_WEBSOCKET_DIR = ROOT / "bench" / ".gevent-websocket"
GEVENT_WEBSOCKET = "gevent-websocket==0.10.1"


def gevent_websocket_ready() -> Path:
    """A directory holding gevent-websocket alone (``pip install --target`` the
    first time), for the one baseline run that uses it: installed beside the
    app, it would replace simple-websocket in every gevent server."""
    if not (GEVENT_WEBSOCKET_DIR / "geventwebsocket").is_dir():
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                        str(GEVENT_WEBSOCKET_DIR), GEVENT_WEBSOCKET], check=True)
    return GEVENT_WEBSOCKET_DIR


class Server:
    """A server process on 127.0.0.1. ``kind`` is ``app`` (``partyapp serve``,
    gevent, SQLite store), ``baseline`` (``bench.baseline``, python-socketio
    on gevent's pywsgi), ``gevent-websocket`` (the same with gevent-websocket's
    WebSockets), ``uwsgi`` (the same baseline served by uWSGI),
    ``you-only`` (the baseline sending phones only their ``you``), ``batched``
    (the baseline writing each socket's queued packets at once) or
    ``node`` (``bench/node/server.js``, socket.io on Node.js)."""

    def __init__(self, kind: str = "app", *, public_bytes: int = 0, private_bytes: int = 0,
                 phones: int = 6, race_prob: float = 0.0, extra: list[str] | None = None,
                 root: str | None = None) -> None:
        self.kind = kind
        self.port = free_port()
        self.dir = tempfile.TemporaryDirectory(prefix=f"partyapp-bench-{kind}-")
        d = Path(self.dir.name)
        if kind == "app":
            (d / "config.toml").write_text(BENCH_CONFIG)
            cmd = [sys.executable, "-m", "partyapp", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--store", f"sqlite:///{d / 'bench.db'}", "--config", str(d / "config.toml"), "--quiet"]
        else:
            if kind == "node":
                cmd = [node_ready(), str(NODE_DIR / "server.js")]
            else:
                cmd = [sys.executable, "-m", "bench.baseline"]
                if kind in ("uwsgi", "gevent-websocket"):
                    cmd += ["--server", kind]
                elif kind == "you-only":
                    cmd += ["--you-only"]
                elif kind == "batched":
                    cmd += ["--batch-writes"]
            cmd += ["--port", str(self.port), "--public-bytes", str(public_bytes), "--private-bytes", str(private_bytes),
                    "--phones", str(phones), "--race-prob", f"{race_prob:.4f}"]
        cmd += extra or []
        self.log_path = d / "server.log"
        self._log = open(self.log_path, "wb")
        env = dict(os.environ)
        # ``root``: another checkout's package (bench.pageload --app-root)
        env["PYTHONPATH"] = str(root or ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        if kind == "gevent-websocket":
            env["PYTHONPATH"] = str(gevent_websocket_ready()) + os.pathsep + env["PYTHONPATH"]
        self.proc = subprocess.Popen(cmd, cwd=str(d), stdout=self._log, stderr=subprocess.STDOUT, env=env)
        self.ps = psutil.Process(self.proc.pid)
        self._wait_ready()
        self._cpu_mark = None

    def _wait_ready(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        url = f"http://127.0.0.1:{self.port}/healthz"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.kind} server exited: {self.log_tail()}")
            try:
                with urllib.request.urlopen(url, timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{self.kind} server did not answer on {url}")

    def log_tail(self, n: int = 2000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def rss_mb(self) -> float:
        return self.ps.memory_info().rss / 1e6

    def cpu_start(self) -> None:
        t = self.ps.cpu_times()
        self._cpu_mark = (t.user + t.system, time.perf_counter(), t.system)

    def system_share(self) -> float:
        """The share of the CPU used since ``cpu_start`` that was spent in the
        kernel (system time: on loopback, mostly the socket calls)."""
        t = self.ps.cpu_times()
        used, _, system = self._cpu_mark
        return (t.system - system) / max(1e-9, t.user + t.system - used)

    def cpu_percent(self) -> float:
        """CPU used since ``cpu_start``, in percent of one core."""
        t = self.ps.cpu_times()
        used, then, _ = self._cpu_mark
        return 100.0 * (t.user + t.system - used) / max(1e-9, time.perf_counter() - then)

    def stop(self) -> None:
        end(self.proc)
        self._log.close()
        self.dir.cleanup()

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
