"""Which address phones on the same network can reach this machine at."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def lan_ip() -> str:
    """The machine's address on its local network. A UDP socket's connect()
    only picks the outgoing interface; it sends nothing."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def is_loopback_host(host: str) -> bool:
    """``host`` is a Host header or netloc (name or address, maybe a port)."""
    name = urlsplit("//" + host).hostname or ""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


def join_base(public_url: str, scheme: str, host: str, lan: str, default_port: int,
              bind_host: str = "0.0.0.0") -> str:
    """The address in the QR code: ``public_url`` when set; else the address
    the table itself was opened at, unless that is loopback, which a phone
    cannot reach: then the LAN address on the same port. A server listening
    on loopback only (``bind_host``) is not reachable at the LAN address
    either: then the address the table was opened at is all there is."""
    if public_url:
        return public_url.rstrip("/")
    if host and (not is_loopback_host(host) or is_loopback_host(bind_host)):
        return f"{scheme}://{host}"
    port = urlsplit("//" + host).port if host else None
    port = port or default_port
    suffix = "" if (scheme, port) in (("http", 80), ("https", 443)) else f":{port}"
    return f"{scheme}://{lan}{suffix}"


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def allowed_origins(port: int, lan: str, public_url: str, extra: list[str]) -> frozenset[str]:
    """The page origins a Socket.IO connection may come from: the server's
    own addresses on its port (LAN and loopback), ``public_url`` and the
    configured extra origins. Never the request's Host header, which a page
    of any site can make point here (DNS rebinding)."""
    allowed = {origin_of(u) for u in extra}
    if public_url:
        allowed.add(origin_of(public_url))
    for name in (lan, *LOOPBACK_NAMES):
        allowed.add(f"http://{name}:{port}")
        if port == 80:
            allowed.add(f"http://{name}")
    allowed.discard("")
    return frozenset(allowed)
