"""N server processes on a Redis of their own, on loopback, for
``python -m bench.load --processes N`` and ``python -m bench.scale``.

It stands where ``servers.Server`` stands in a run (``port``, ``cpu_start``,
``cpu_percent``, ``rss_mb``, ``log_tail``, ``stop``), adding ``ports`` (one
per process, for the generator to route rooms) and the Redis server's own
CPU and its count of ``PUBLISH`` calls (the message queue's messages).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psutil

from .servers import Server, end, free_port


class RedisProcess:
    def __init__(self, directory: Path, aof: str = "everysec") -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("bench.load --processes needs redis-server (apt-get install redis-server)")
        self.port = free_port()
        persist = ["--appendonly", "no"] if aof == "no" else ["--appendonly", "yes", "--appendfsync", aof]
        self.proc = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--dir", str(directory), *persist],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.ps = psutil.Process(self.proc.pid)
        deadline = time.monotonic() + 10
        while self.command("PING") != "+PONG":
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self, *words: str) -> str:
        """One inline command, its reply as text ('' when Redis does not answer)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
                s.sendall((" ".join(words) + "\r\n").encode())
                data = b""
                while not data.endswith(b"\r\n") or (data.startswith(b"$") and data.count(b"\r\n") < 2):
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
                return data.decode().strip()
        except OSError:
            return ""

    def publishes(self) -> int:
        """PUBLISH calls so far (each one message on the queue)."""
        for line in self.command("INFO", "commandstats").splitlines():
            if line.startswith("cmdstat_publish:"):
                return int(line.split("calls=", 1)[1].split(",", 1)[0])
        return 0

    def cpu_seconds(self) -> float:
        t = self.ps.cpu_times()
        return t.user + t.system

    def stop(self) -> None:
        end(self.proc)


class Cluster:
    """``processes`` app processes (``partyapp serve``, gevent) on one Redis."""

    kind = "app"

    def __init__(self, processes: int, aof: str = "everysec") -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="partyapp-bench-redis-")
        self.redis = RedisProcess(Path(self.dir.name), aof)
        self.servers: list[Server] = []
        try:
            for _ in range(processes):
                self.servers.append(Server("app", extra=["--store", self.redis.url]))
        except Exception:
            self.stop()
            raise
        self.ports = [s.port for s in self.servers]
        self.port = self.ports[0]
        self._mark: tuple[float, float, float, int] | None = None

    def rss_mb(self) -> float:
        return sum(s.rss_mb() for s in self.servers)

    def _cpu(self) -> float:
        total = 0.0
        for s in self.servers:
            t = s.ps.cpu_times()
            total += t.user + t.system
        return total

    def cpu_start(self) -> None:
        self._mark = (self._cpu(), self.redis.cpu_seconds(), time.perf_counter(), self.redis.publishes())

    def cpu_percent(self) -> float:
        """CPU of the app processes together since ``cpu_start``, in percent
        of one core."""
        cpu, _, then, _ = self._mark
        return 100.0 * (self._cpu() - cpu) / max(1e-9, time.perf_counter() - then)

    def redis_cpu_percent(self) -> float:
        _, cpu, then, _ = self._mark
        return 100.0 * (self.redis.cpu_seconds() - cpu) / max(1e-9, time.perf_counter() - then)

    def queue_messages(self) -> int:
        """Messages published on the queue since ``cpu_start``."""
        return self.redis.publishes() - self._mark[3]

    def log_tail(self, n: int = 2000) -> str:
        return "\n".join(f"--- process {i + 1} ---\n{s.log_tail(n)}" for i, s in enumerate(self.servers))

    def stop(self) -> None:
        for s in self.servers:
            s.stop()
        self.redis.stop()
        self.dir.cleanup()

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
