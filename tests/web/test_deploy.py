"""``deploy/nginx.conf`` for real: Debian's nginx on loopback in front of two
server processes on one Redis, the file as shipped with only its ports and
server name changed. Every connection of a room goes to one process; pages
come from either; a room's phones and table follow it to the other process
when theirs is killed, and play on."""

from __future__ import annotations

import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import wait_for
from tests.redisproc import RedisServer
from tests.serverproc import ServerProcess, answers_health, free_port
from tests.wire import WireClient
from tests import ROOT

pytestmark = pytest.mark.slow

SITE = ROOT / "deploy" / "nginx.conf"


def nginx_binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        pytest.fail("The deploy test needs Debian's nginx: apt-get install -y nginx", pytrace=False)
    return found


def site_for(ports: list[int], listen: int) -> str:
    """The shipped site file with the test's ports (two processes)."""
    text = SITE.read_text()
    assert text.count("server 127.0.0.1:8001") == 2 and text.count("server 127.0.0.1:8002") == 2
    text = text.replace("127.0.0.1:8001", f"127.0.0.1:{ports[0]}").replace("127.0.0.1:8002", f"127.0.0.1:{ports[1]}")
    text = re.sub(r"listen 80;", f"listen 127.0.0.1:{listen};", text)
    text = re.sub(r"listen \[::\]:80;", "", text)
    return text.replace("server_name party.example.org;", "server_name 127.0.0.1;")


class Nginx:
    def __init__(self, directory: Path, site: str) -> None:
        self.dir = directory
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (directory / sub).mkdir(parents=True, exist_ok=True)
        temps = "\n".join(f"    {kind}_temp_path {directory / sub};" for kind, sub in (
            ("client_body", "body"), ("proxy", "proxy"), ("fastcgi", "fastcgi"), ("uwsgi", "uwsgi"),
            ("scgi", "scgi")))
        self.conf = directory / "nginx.conf"
        self.conf.write_text(
            "worker_processes 1;\n"
            "daemon off;\n"
            f"pid {directory / 'nginx.pid'};\n"
            f"error_log {directory / 'error.log'} info;\n"
            "events { worker_connections 1024; }\n"
            "http {\n"
            f"    access_log {directory / 'access.log'};\n"
            f"{temps}\n"
            f"{site}\n"
            "}\n")
        self.proc: subprocess.Popen | None = None

    def check(self) -> str:
        done = subprocess.run([nginx_binary(), "-t", "-p", str(self.dir), "-c", str(self.conf)],
                              capture_output=True, text=True, timeout=20)
        assert done.returncode == 0, done.stderr
        return done.stderr

    def start(self, port: int) -> "Nginx":
        self.proc = subprocess.Popen([nginx_binary(), "-p", str(self.dir), "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(lambda: answers_health(f"http://127.0.0.1:{port}", self.proc, "nginx"), 10, "nginx", every=0.1)
        except (AssertionError, RuntimeError) as exc:
            raise AssertionError((self.dir / "error.log").read_text()) from exc
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def hosts_of(redis_client, code: str) -> set[str]:
    """The processes holding the room's connections, as the store has it."""
    import json

    room = json.loads(redis_client.hget(f"partyapp:room:{code}", "data"))
    found = set(room["table_hosts"])
    for seat in room["seats"]:
        found.update(seat["hosts"])
    return found


def test_nginx_sends_each_room_to_one_process_and_moves_it_when_that_one_dies(tmp_path):
    import redis as redis_lib

    listen = free_port()
    url = f"http://127.0.0.1:{listen}"
    config = tmp_path / "config.toml"
    # every test client comes from one address: lift the join limit and the rooms it may make
    config.write_text("[server]\ntrusted_proxies = 1\n[limits]\njoins_per_minute = 6000\njoins_burst = 1000\n"
                      "rooms_per_address = 0\n")
    store = RedisServer(tmp_path / "redis", aof=True).start()
    # public_url: the address phones reach, nginx's (the last --public-url wins)
    servers = [ServerProcess(store.url, extra=["--config", str(config), "--public-url", url],
                             log_path=tmp_path / f"s{i}.log") for i in (1, 2)]
    nginx = Nginx(tmp_path / "nginx", site_for([s.port for s in servers], listen))
    nginx.check()
    clients: list[WireClient] = []
    r = redis_lib.Redis(port=store.port)
    try:
        for s in servers:
            s.start()
        nginx.start(listen)
        with urllib.request.urlopen(url + "/") as page:
            assert page.status == 200 and b"Start a table" in page.read()

        rooms = []
        for _ in range(12):
            starter = WireClient(url).connect()  # the start page: no room yet
            clients.append(starter)
            created = starter.call("room.create")
            code = created["code"]
            table = WireClient(f"{url}/?room={code}").connect()
            clients.append(table)
            assert table.call("table.attach", {"code": code, "host_token": created["host_token"]})["ok"]
            starter.close()
            phones = {}
            for name in ("Ana", "Bob"):
                phone = WireClient(f"{url}/?room={code}").connect()
                clients.append(phone)
                answer = phone.call("player.join", {"code": code, "name": name})
                assert answer["ok"], answer
                phones[answer["player_id"]] = (phone, answer["token"])
            rooms.append((code, created["host_token"], table, phones))
        # the start page connections let go of their rooms: every room on one process
        wait_for(lambda: all(len(hosts_of(r, code)) == 1 for code, *_ in rooms), 10, "every room on one process")
        where = {code: hosts_of(r, code) for code, *_ in rooms}
        assert all(len(h) == 1 for h in where.values()), where
        assert len(set().union(*where.values())) == 2, where  # and both processes have rooms

        # Kill the process of the first room: its table and phones reconnect
        # through nginx, land on the other process, resume and play.
        code, host_token, table, phones = rooms[0]
        victim_host = next(iter(where[code]))
        assert table.call("game.start", {"mode": "ring_of_fire", "options": {"seed": 2, "deck": ["3S", "3H"]}})["ok"]
        rev = table.wait_for(lambda s: s["game"] is not None)["rev"]
        table.on_reconnect = lambda: table.call("table.attach", {"code": code, "host_token": host_token})
        for phone, token in phones.values():
            phone.on_reconnect = lambda p=phone, t=token: p.call("player.resume", {"code": code, "token": t})
        logs = {s: s.log_path.read_text() for s in servers}
        victim = next(s for s in servers if victim_host in logs[s])
        victim.kill()
        moved = table.wait_for(lambda s: s["rev"] > rev and s["room"]["table_connected"]
                               and all(p["connected"] for p in s["players"]), timeout=30)
        assert hosts_of(r, code) - {victim_host}
        first = next(pid for pid, (phone, _) in phones.items()
                     if any(a["type"] == "draw" for a in phone.wait_rev(moved["rev"])["you"]["actions"]))
        assert phones[first][0].call("game.act", {"action": {"type": "draw"}})["ok"]
        assert table.wait_for(lambda s: s["game"]["drawn"] == 1)["rev"] > moved["rev"]
    finally:
        for c in clients:
            c.close()
        nginx.stop()
        for s in servers:
            s.stop()
        r.close()
        store.stop()
