"""Behind a reverse proxy or tunnel: a real server process, reached over
WebSockets, sees each phone's own address when the proxy is trusted, and
ignores X-Forwarded-For when it is not."""

from __future__ import annotations

import pytest

from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = pytest.mark.slow


def serve(tmp_path, trusted: int) -> ServerProcess:
    config = tmp_path / "config.toml"
    config.write_text(f"[server]\ntrusted_proxies = {trusted}\n[limits]\njoins_per_minute = 1\njoins_burst = 2\n")
    return ServerProcess("memory://", extra=["--config", str(config)], log_path=tmp_path / "server.log").start()


def attempts(server: ServerProcess, forwarded_for: str, n: int) -> list[str]:
    """``n`` resume attempts with a made-up token, each on a new connection
    that says (through the proxy's header) it comes from ``forwarded_for``."""
    codes = []
    for _ in range(n):
        phone = WireClient(server.url).connect(headers={"X-Forwarded-For": forwarded_for})
        try:
            codes.append(phone.call("player.resume", {"code": "BCDF", "token": "x" * 32})["error"]["code"])
        finally:
            phone.close()
    return codes


def test_behind_a_trusted_proxy_each_phone_has_its_own_join_limit(tmp_path):
    """Phones behind one proxy do not share a join budget: one phone's
    reconnect storm locks out only that phone."""
    server = serve(tmp_path, trusted=1)
    try:
        assert attempts(server, "10.0.0.1", 3) == ["no_such_room", "no_such_room", "rate_limited"]
        assert attempts(server, "10.0.0.2", 2) == ["no_such_room", "no_such_room"]
    finally:
        server.stop()


def test_without_a_trusted_proxy_forwarded_for_is_ignored(tmp_path):
    """Without trusted_proxies a client cannot claim a fresh address."""
    server = serve(tmp_path, trusted=0)
    try:
        assert attempts(server, "10.0.0.1", 2) == ["no_such_room", "no_such_room"]
        assert attempts(server, "10.0.0.2", 1) == ["rate_limited"]
    finally:
        server.stop()
