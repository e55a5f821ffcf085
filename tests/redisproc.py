"""A real ``redis-server`` on a free loopback port, for the store, cluster and
deploy tests (and the benchmark): started, killed and started again on the
same port and data directory."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.conftest import wait_for
from tests.serverproc import ChildProcess, free_port


class RedisServer(ChildProcess):
    """``aof``: append-only file, fsynced at every write (no acknowledged
    change is lost when Redis is killed); else nothing is persisted."""

    def __init__(self, directory: Path, *, aof: bool = False, port: int | None = None) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            raise RuntimeError("these tests need redis-server: apt-get install -y redis-server")
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.aof = aof
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> "RedisServer":
        persist = ["--appendonly", "yes", "--appendfsync", "always"] if self.aof else ["--appendonly", "no"]
        cmd = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--dir", str(self.dir),
               *persist]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port)

        def answers() -> bool:
            if self.proc.poll() is not None:
                raise RuntimeError("redis-server exited")
            try:
                return bool(client.ping())
            except (redis.ConnectionError, redis.BusyLoadingError):
                return False

        try:
            wait_for(answers, timeout, "redis-server answering", every=0.05)
            return self
        except (AssertionError, RuntimeError):
            self.kill()  # not left running after its test
            raise RuntimeError("redis-server did not start") from None
        finally:
            client.close()
