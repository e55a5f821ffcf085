"""Which address phones on the same network can reach this machine at, and
which page origins are this machine's own."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from typing import Callable, Iterable
from urllib.parse import urlsplit

import ifaddr


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


def interface_addresses() -> list[str]:
    """Every address of this machine's network interfaces, as a URL writes
    its host: IPv4 as it is, IPv6 in brackets, compressed and in lower case
    as browsers serialise an origin. Link-local IPv6 addresses are left out:
    a URL cannot name the interface they belong to, so no page is opened at
    one."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            try:
                address = ipaddress.ip_address(ip.ip if ip.is_IPv4 else ip.ip[0])
            except ValueError:
                continue
            if address.version == 6 and (address.is_link_local or address.ipv4_mapped):
                continue
            host = str(address) if address.version == 4 else f"[{address.compressed}]"
            if host not in found:
                found.append(host)
    return found


def host_names(name: str | None = None) -> list[str]:
    """This machine's names a phone on the same network may type: its host
    name, and ``NAME.local`` (multicast DNS, which macOS, iOS, Windows and
    most Linux desktops answer; a name that already ends in ``.local`` is
    taken as it is), in lower case and in the ASCII form a browser's origin
    carries. No DNS is asked (a slow resolver would hold up the start)."""
    name = (socket.gethostname() if name is None else name).strip().rstrip(".").lower()
    try:
        name = name.encode("idna").decode("ascii")
    except UnicodeError:
        return []
    if not name or name == "localhost":
        return []
    first = name.split(".")[0]
    names = [name]
    if not name.endswith(".local"):
        names.append(f"{first}.local")
    return names


def allowed_origins(port: int, lan: str, public_url: str, extra: list[str],
                    addresses: Iterable[str] = (), names: Iterable[str] = ()) -> frozenset[str]:
    """The page origins a Socket.IO connection may come from: the server's
    own addresses on its port (the LAN address, loopback, every interface
    address in ``addresses`` and every name in ``names``), ``public_url``
    and the configured extra origins. Never the request's Host header, which
    a page of any site can make point here (DNS rebinding)."""
    allowed = {origin_of(u) for u in extra}
    if public_url:
        allowed.add(origin_of(public_url))
    for name in dict.fromkeys((lan, *LOOPBACK_NAMES, *addresses, *names)):
        if not name:
            continue
        allowed.add(f"http://{name}:{port}".lower())
        if port == 80:
            allowed.add(f"http://{name}".lower())
    allowed.discard("")
    return frozenset(allowed)


class OwnOrigins:
    """The page origins this server takes for its own (``allowed_origins``
    with this machine's interface addresses and names). Addresses come and
    go while the server runs (another Wi-Fi, a new DHCP lease, a hotspot
    turned on): an origin not found is looked for again in the interfaces
    as they are now, at most once every ``REREAD_S`` seconds whatever asks,
    so that a page of another site knocking again and again costs nothing."""

    REREAD_S = 5.0

    def __init__(self, port: int, lan: str, public_url: str, extra: list[str],
                 addresses: Callable[[], list[str]] | None = None,
                 names: Callable[[], list[str]] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        addresses = addresses or interface_addresses
        names = names or host_names
        self._build = lambda: allowed_origins(port, lan, public_url, extra, addresses(), names())
        self._clock = clock
        self._lock = threading.Lock()
        self.origins = self._build()
        self._read_at = clock()

    def __contains__(self, origin: str) -> bool:
        origin = origin.lower()
        if origin in self.origins:
            return True
        with self._lock:
            if self._clock() - self._read_at < self.REREAD_S:
                return False
            self._read_at = self._clock()
            self.origins = self._build()
        return origin in self.origins
