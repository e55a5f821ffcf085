"""A real server process (``python -m partyapp serve``), as ``make run``
starts it, for the restart, browser and benchmark smoke tests; on a fake
clock the test moves (``fake_clock``: ``--fake-clock``, ``advance``) where
the test is about the server's time, not the network's."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.conftest import wait_for


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_clean_log(path: Path | str, *also: str) -> None:
    """A server's log holds no traceback, nor any of the words ``also``."""
    text = Path(path).read_text()
    for words in ("Traceback", *also):
        assert words not in text, f"{words!r} in {path}"


class ChildProcess:
    """A process a test starts (``self.proc``), stopped gently or killed."""

    proc: subprocess.Popen | None = None

    def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


# The settings a test server runs with when the test names no config file:
# the defaults, except that a test seats a whole room from this one machine
# (every phone from 127.0.0.1), which the join pacing per address would stop,
# and may open more rooms, and ask for more unknown codes, than one address
# may.
TEST_CONFIG = """\
[limits]
room_joins_per_minute = 6000
room_joins_burst = 1000
device_joins_per_minute = 6000
device_joins_burst = 1000
watchers_per_address = 0
rooms_per_address = 0
address_unknown_codes_per_hour = 1000000
address_unknown_codes_burst = 1000
"""

# The settings of the server that the tests of one process share (the
# browser and cross-engine tests: tests/conftest.py's ``shared_server``):
# every page of the session comes from 127.0.0.1, so the limits per address
# (joins, joins into one room, open connections) and the server-wide budget
# of unknown codes would otherwise count all the session's tests together.
# The tests of those limits start servers of their own.
SHARED_CONFIG = """\
[limits]
joins_per_minute = 1000000
joins_burst = 1000000
room_joins_per_minute = 1000000
room_joins_burst = 1000000
device_joins_per_minute = 1000000
device_joins_burst = 1000000
watchers_per_address = 0
unknown_codes_per_minute = 1000000
unknown_codes_burst = 1000000
address_unknown_codes_per_hour = 1000000
address_unknown_codes_burst = 1000000
rooms_per_address = 0
connections_per_address = 0
unconnected_per_address = 0
"""


def answers_health(url: str, proc: subprocess.Popen, what: str) -> bool:
    """Does the server at ``url`` answer /healthz with 200? (Raises when its
    process ``proc`` is gone: it never will.)"""
    if proc.poll() is not None:
        raise RuntimeError(f"{what} exited with {proc.returncode}")
    try:
        with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
            return r.status == 200
    except OSError:
        return False


class ServerProcess(ChildProcess):
    def __init__(self, store_url: str, port: int | None = None, testing: bool = True, extra: list[str] | None = None,
                 log_path: Path | None = None, open_files: int | None = None, cwd: Path | None = None,
                 fake_clock: bool = False) -> None:
        self.port = port or free_port()
        self.fake_clock = fake_clock  # every timer on a clock the test moves (``advance``)
        # The folder it starts in: the package is imported from there first
        # (a copy of the package there is what a test's upgraded server runs).
        self.cwd = cwd or Path(__file__).resolve().parent.parent
        self.store_url = store_url
        self.testing = testing
        self.extra = extra or []
        self.log_path = log_path
        self.open_files = open_files  # the process's descriptor limit, soft and hard (None: inherited)
        self.proc: subprocess.Popen | None = None

    def _limits(self) -> None:
        if self.open_files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (self.open_files, self.open_files))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> "ServerProcess":
        extra = list(self.extra)
        if "--config" not in extra:
            import tempfile

            folder = Path(self.log_path).parent if self.log_path else Path(tempfile.mkdtemp(prefix="partyapp-test-"))
            config = folder / f"config-{self.port}.toml"
            config.write_text(TEST_CONFIG)
            extra += ["--config", str(config)]
        cmd = [sys.executable, "-m", "partyapp", "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--store", self.store_url, "--public-url", self.url, "--quiet", *extra]
        if self.testing:
            cmd.append("--testing")
        if self.fake_clock:
            cmd.append("--fake-clock")
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        cwd = self.cwd
        limits = self._limits if self.open_files is not None else None
        if self.log_path:
            with open(self.log_path, "ab") as out:
                self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd,
                                             preexec_fn=limits)
        else:
            self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, env=env, cwd=cwd,
                                         preexec_fn=limits)
        try:
            wait_for(lambda: answers_health(self.url, self.proc, "the server"), timeout, "/healthz", every=0.1)
        except (AssertionError, RuntimeError) as exc:
            self.kill()  # not left running after its test, whatever comes next
            raise RuntimeError(f"server did not answer /healthz in {timeout:.0f} s ({exc}); "
                               f"see {self.log_path}") from None
        return self

    def advance(self, seconds: float = 0.0) -> float:
        """Move the server's fake clock on ``seconds`` (it makes every call due
        by then before it answers); returns its time."""
        return self._clock({"advance": seconds})

    def advance_to(self, when: float) -> float:
        """Move the server's fake clock on to ``when`` (no further back)."""
        return self._clock({"to": when})

    def now(self) -> float:
        """The server's fake clock."""
        return self._clock({})

    def _clock(self, body: dict) -> float:
        assert self.fake_clock, "this server keeps real time"
        request = urllib.request.Request(self.url + "/testing/clock", data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as r:
            return json.loads(r.read())["now"]
