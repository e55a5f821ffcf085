"""The HTTP pages: room codes cannot be swept through them, and each room's
QR code is drawn once."""

from __future__ import annotations

import pytest

import partyapp.web.pages

PAGES = ["/t/{}", "/j/{}", "/qr/{}.svg"]


@pytest.fixture
def limited(make_app):
    return make_app(PARTYAPP_ADDRESS_UNKNOWN_CODES_PER_HOUR=1, PARTYAPP_ADDRESS_UNKNOWN_CODES_BURST=3)


def new_room(app) -> str:
    """A room opened by a table elsewhere (not from the address under test)."""
    registry = app.extensions["partyapp"].registry
    room, _ = registry.create("http://party.test")
    room.change(lambda: room.set_table_connected(True))
    return room.code


@pytest.mark.parametrize("page", PAGES)
def test_unknown_codes_from_one_address_are_soon_refused(limited, page):
    """Asking for unknown codes costs the address its own budget of
    misses: after three it gets 429 with a readable page, whatever it asks
    for."""
    code = new_room(limited)
    web = limited.test_client()
    statuses = [web.get(page.format(c)).status_code for c in ("BCDF", "BCDG", "ZZZZ")]
    assert statuses == [404, 404, 404]
    assert web.get(page.format(code)).status_code == 429  # an existing room too: no yes/no oracle
    busy = web.get(page.format("BCDH"))
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "60"
    assert "text/html" in busy.content_type and b"Too many tries" in busy.data
    # another address is not held up
    other = limited.test_client()
    assert other.get(page.format(code), environ_base={"REMOTE_ADDR": "10.0.0.7"}).status_code == 200


def test_known_codes_cost_nothing(limited):
    """A table and its phones reloading their room's pages never run out."""
    code = new_room(limited)
    web = limited.test_client()
    for _ in range(10):
        for page in PAGES:
            assert web.get(page.format(code)).status_code == 200


def test_http_misses_and_socket_joins_share_one_budget(limited):
    """Sweeping over HTTP then over Socket.IO from one address draws on one
    budget."""
    from tests.conftest import Client

    web = limited.test_client()
    assert [web.get(f"/j/{c}").status_code for c in ("BCDF", "BCDG")] == [404, 404]
    answers = [Client(limited).call("player.join", {"code": "BCDH", "name": "A"})["error"]["code"] for _ in range(2)]
    assert answers == ["no_such_room", "rate_limited"]


def test_forwarded_for_is_ignored_without_a_trusted_proxy(limited):
    """Without trusted_proxies, X-Forwarded-For cannot buy a new budget."""
    web = limited.test_client()
    codes = [web.get("/j/BCDF", headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code for i in range(5)]
    assert codes == [404, 404, 404, 429, 429]


def test_each_client_behind_a_trusted_proxy_has_its_own_budget(make_app):
    """Behind one trusted proxy, each client address has its own budget."""
    app = make_app(PARTYAPP_ADDRESS_UNKNOWN_CODES_PER_HOUR=1, PARTYAPP_ADDRESS_UNKNOWN_CODES_BURST=3,
                   PARTYAPP_TRUSTED_PROXIES=1)
    web = app.test_client()
    one = [web.get("/j/BCDF", headers={"X-Forwarded-For": "10.0.0.1"}).status_code for _ in range(4)]
    two = [web.get("/j/BCDF", headers={"X-Forwarded-For": "10.0.0.2"}).status_code for _ in range(4)]
    assert one == two == [404, 404, 404, 429]


def test_a_rooms_qr_code_is_drawn_once(app, monkeypatch):
    """The QR code of a room is drawn on the first request and served from
    memory after that."""
    code = new_room(app)
    drawn: list = []
    real = partyapp.web.pages.qrcode.make
    monkeypatch.setattr(partyapp.web.pages.qrcode, "make", lambda *a, **k: drawn.append(a[0]) or real(*a, **k))
    partyapp.web.pages.qr_svg.cache_clear()
    web = app.test_client()
    first = web.get(f"/qr/{code}.svg")
    second = web.get(f"/qr/{code.lower()}.svg")
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and b"<svg" in first.data
    assert drawn == [f"http://party.test/j/{code}"]


def test_every_connection_sends_its_answers_without_waiting_for_an_ack(monkeypatch):
    """A page's files come one after another on kept-alive connections: the
    server sets TCP_NODELAY on each connection it accepts, so the body of an
    answer never waits for the browser to acknowledge its headers (Nagle's
    algorithm against a delayed ACK held each file 40 ms)."""
    import socket

    from gevent import pywsgi

    from partyapp.web.server import PartyServer

    seen = []
    monkeypatch.setattr(pywsgi.WSGIServer, "handle",
                        lambda self, sock, address: seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))
    server = PartyServer(("127.0.0.1", 0), lambda environ, start: [])
    with socket.create_server(("127.0.0.1", 0)) as listener:
        with socket.create_connection(listener.getsockname()) as client:
            accepted, address = listener.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
                server.handle(accepted, address)
    assert len(seen) == 1 and seen[0] != 0
