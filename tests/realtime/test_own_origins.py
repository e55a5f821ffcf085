"""The page origins the server takes for its own: every address of its
interfaces and its host names on its port (a phone may open the laptop by
any of them), ``public_url`` and the configured ones; never the request's
Host header. A page can ask whether its origin is one (``/socket-origin``),
to say why its socket is refused. The socket-level test, against a real
server process, is at the end."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request
from types import SimpleNamespace

import pytest

import partyapp.realtime.netinfo as netinfo
from partyapp.realtime.netinfo import OwnOrigins, allowed_origins, host_names, interface_addresses


def adapter(*ips):
    """An ``ifaddr`` adapter: IPv4 as a string, IPv6 as (address, flowinfo, scope)."""
    return SimpleNamespace(ips=[SimpleNamespace(ip=ip, is_IPv4=isinstance(ip, str)) for ip in ips])


@pytest.fixture
def interfaces(monkeypatch):
    """This machine's interfaces, as the test says they are."""
    adapters: list = []
    monkeypatch.setattr(netinfo.ifaddr, "get_adapters", lambda: adapters)
    return adapters


def test_every_interface_address_is_listed_as_a_url_writes_it(interfaces):
    """IPv4 as it is, IPv6 in brackets, compressed and lower case as a
    browser's origin has it; no link-local IPv6 (a URL cannot name its
    interface), no IPv4-mapped one, each once."""
    interfaces += [
        adapter("127.0.0.1", ("::1", 0, 0)),
        adapter("192.168.1.20", ("2001:DB8:0:0:0:0:0:7", 0, 0), ("fe80::1", 0, 2)),
        adapter("10.8.0.1", ("fd00::2", 0, 0), ("::ffff:192.168.1.20", 0, 0)),
        adapter("192.168.1.20"),
    ]
    assert interface_addresses() == ["127.0.0.1", "[::1]", "192.168.1.20", "[2001:db8::7]", "10.8.0.1", "[fd00::2]"]


def test_the_real_interfaces_include_loopback():
    """On this machine, through ifaddr itself."""
    assert "127.0.0.1" in interface_addresses()


@pytest.mark.parametrize("name,names", [
    ("laptop", ["laptop", "laptop.local"]),
    ("Laptop", ["laptop", "laptop.local"]),
    ("Anas-MacBook.local", ["anas-macbook.local"]),
    ("laptop.example.org.", ["laptop.example.org", "laptop.local"]),
    ("ноутбук", ["xn--90asheufc", "xn--90asheufc.local"]),
    ("localhost", []),
    ("", []),
])
def test_host_names_are_the_name_and_its_multicast_dns_name(name, names):
    """As a browser's origin carries them: lower case, ASCII."""
    assert host_names(name) == names


def test_this_machine_s_own_name_is_one_of_them():
    assert socket.gethostname().lower().split(".")[0] + ".local" in host_names()


def test_every_address_and_name_is_an_origin_on_the_server_s_port_only():
    origins = allowed_origins(8000, "192.168.1.20", "", [], ["10.8.0.1", "[fd00::2]"], ["laptop", "laptop.local"])
    for origin in ("http://192.168.1.20:8000", "http://10.8.0.1:8000", "http://[fd00::2]:8000",
                   "http://laptop:8000", "http://laptop.local:8000", "http://localhost:8000",
                   "http://127.0.0.1:8000", "http://[::1]:8000"):
        assert origin in origins
    assert "http://laptop.local:9000" not in origins
    assert "http://laptop.local" not in origins  # port 80 only
    assert "https://laptop.local:8000" not in origins
    assert "http://laptop.local" in allowed_origins(80, "", "", [], [], ["laptop.local"])


def test_public_url_and_the_configured_origins_count_as_before():
    origins = allowed_origins(8000, "192.168.1.20", "https://party.example.org/", ["http://Party.LAN:8000/"])
    assert {"https://party.example.org", "http://party.lan:8000"} <= origins


def test_an_origin_not_found_is_looked_for_again_in_the_interfaces_at_most_every_few_seconds():
    """The laptop joins another Wi-Fi while the server runs: its new address
    counts once the interfaces are read again, which a miss does, no more
    often than every REREAD_S seconds whoever knocks."""
    addresses = ["192.168.1.20"]
    reads = []
    now = [100.0]

    def read():
        reads.append(now[0])
        return list(addresses)

    own = OwnOrigins(8000, "", "", [], addresses=read, names=lambda: [], clock=lambda: now[0])
    assert "http://192.168.1.20:8000" in own
    addresses.append("10.0.0.5")
    assert "http://10.0.0.5:8000" not in own  # read at start, a moment ago
    assert "http://evil.example:8000" not in own
    now[0] += OwnOrigins.REREAD_S
    assert "http://10.0.0.5:8000" in own
    assert "HTTP://10.0.0.5:8000" in own
    assert "http://evil.example:8000" not in own
    assert "http://evil.example:8000" not in own
    assert reads == [100.0, 100.0 + OwnOrigins.REREAD_S]


def test_the_app_takes_its_host_name_and_interfaces_for_its_own(make_app, monkeypatch, interfaces):
    """A socket from a page at http://HOSTNAME.local:PORT or at any interface
    address is let in; one from another site, or at another port, is not."""
    from tests.conftest import Client

    interfaces += [adapter("127.0.0.1"), adapter("192.168.1.20", ("2001:db8::7", 0, 0)), adapter("172.17.0.1")]
    monkeypatch.setattr(netinfo.socket, "gethostname", lambda: "Party-Laptop")
    app = make_app(PARTYAPP_LAN_IP="192.168.1.20")
    for origin in ("http://party-laptop.local:8000", "http://party-laptop:8000", "http://172.17.0.1:8000",
                   "http://[2001:db8::7]:8000", "http://party.test"):
        assert Client(app, headers={"Origin": origin}).connected, origin
    for origin in ("http://evil.example", "http://party-laptop.local:9000", "http://party-laptop.local.evil.example:8000",
                   "http://172.17.0.2:8000"):
        assert not Client(app, headers={"Origin": origin}).connected, origin


def test_the_host_header_never_makes_an_origin_the_server_s_own(make_app, interfaces):
    """DNS rebinding: Origin and Host both naming the attacker's site."""
    from tests.conftest import Client

    interfaces += [adapter("127.0.0.1")]
    app = make_app()
    for host in ("evil.example:8000", "rebind.example", "laptop.evil.example:8000"):
        assert not Client(app, headers={"Origin": f"http://{host}", "Host": host}).connected
        web = app.test_client()
        assert web.get(f"/socket-origin?origin=http://{host}", headers={"Host": host}).json == {"allowed": False}


def test_a_page_asks_whether_its_origin_is_the_server_s_own(make_app, monkeypatch, interfaces):
    """``/socket-origin?origin=...``: the socket's own test, uncached."""
    interfaces += [adapter("127.0.0.1")]
    monkeypatch.setattr(netinfo.socket, "gethostname", lambda: "laptop")
    web = make_app().test_client()
    for origin, allowed in (("http://laptop.local:8000", True), ("http://party.test", True),
                            ("http://laptop.lan:8000", False), ("null", False), ("", False)):
        answer = web.get("/socket-origin", query_string={"origin": origin})
        assert answer.status_code == 200 and answer.json == {"allowed": allowed}, origin
        assert answer.headers["Cache-Control"] == "no-store"
    assert web.get("/socket-origin").json == {"allowed": False}


# -- a real server, a real WebSocket handshake -----------------------------------

def handshake(url: str, origin: str) -> int:
    """The status of an Engine.IO WebSocket handshake sent with ``origin``."""
    import websocket

    try:
        ws = websocket.create_connection(url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket",
                                         origin=origin, timeout=10)
    except websocket.WebSocketBadStatusException as refused:
        return refused.status_code
    ws.close()
    return 101


@pytest.mark.slow
def test_a_websocket_from_the_host_name_dot_local_is_accepted_and_a_foreign_one_refused(tmp_path):
    """``partyapp serve`` as a party runs it: a page at http://HOSTNAME.local:PORT
    or at the address of one of its interfaces opens its WebSocket; a page
    of another site gets 400, whatever Host it sends."""
    from tests.serverproc import ServerProcess

    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=tmp_path / "server.log").start()
    try:
        port = server.port
        name = socket.gethostname().lower().split(".")[0]
        assert handshake(server.url, f"http://{name}.local:{port}") == 101
        assert handshake(server.url, f"http://{name}:{port}") == 101
        for address in interface_addresses():
            assert handshake(server.url, f"http://{address}:{port}") == 101, address
        assert handshake(server.url, f"http://evil.example:{port}") == 400
        assert handshake(server.url, f"http://{name}.local:{port + 1}") == 400
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(urllib.request.Request(
                f"{server.url}/socket.io/?EIO=4&transport=polling",
                headers={"Origin": f"http://evil.example:{port}", "Host": f"evil.example:{port}"}), timeout=10)
        refused.value.close()
        assert refused.value.code == 400
    finally:
        server.stop()
