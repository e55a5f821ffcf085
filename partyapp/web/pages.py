"""HTTP routes: the start page, the table screen, the phone page, the QR code
and the health check."""

from __future__ import annotations

import io
import re
from datetime import datetime
from functools import lru_cache

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, jsonify, redirect, render_template, request, url_for

from flask_babel import format_date

from partyapp.web import recap as recap_svg
from partyapp.web.assets import page_csp_sources
from partyapp import bots
from partyapp.i18n.languages import answer_text, pick
from partyapp.games.kit.wording import Wording
from partyapp.games import MODES
from partyapp.rooms.errors import NoSuchRoom, Unavailable, Unreadable
from partyapp.rooms.registry import ROOM_CODE_LEN, ROOM_CODE_RE

TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,100}$")

bp = Blueprint("web", __name__)


def _room_or_none(code: str):
    """The room of a code asked for in a page's path, or None. An unknown
    code is a miss of the client address (``Realtime.probe_failed``: its
    own limit first, then the server-wide budget), and an address refused
    lookups (``Realtime.lookups_refused``) is answered 429 whatever code it
    asks for, which costs it one more, so that room codes cannot be swept
    over HTTP either."""
    rt = current_app.extensions["partyapp"]
    addr = request.remote_addr or "?"
    if rt.lookups_refused(addr):
        rt.refuse_lookup(addr)
        abort(Response(render_template("busy.html"), status=429, headers={"Retry-After": "60"}))
    room = None
    if ROOM_CODE_RE.match(code):
        try:
            room = current_app.extensions["partyapp"].registry.get(code)
        except Unavailable:  # the store is down for a moment: not "no such room"
            page = render_template("busy.html", unavailable=True)
            abort(Response(page, status=503, headers={"Retry-After": "5"}))
        except Unreadable:  # what the store keeps of it cannot be read: gone, and said so (logged once)
            abort(Response(render_template("busy.html", unreadable=True), status=410))
        except NoSuchRoom:
            room = None
    if room is None:
        rt.probe_failed(addr)
    return room


def _game_of(room) -> str | None:
    """The mode of the room's game in progress, if any: its screens are
    preloaded with the page (``Assets.preloads``)."""
    return room.read(lambda: room.game.mode if room.game is not None else None) if room is not None else None


def _modes() -> list[dict]:
    """Every mode for the game picker: its title, player limits, the
    options a host may set (the full card games' ``option_list``), those
    family mode sets (``family``: their names, hidden there) and whether
    bots play it (``bots``)."""
    return [{"id": m, "title": cls.title, "min": cls.min_players, "max": cls.max_players,
             "options": cls.option_list() if hasattr(cls, "option_list") else [],
             "family": sorted(cls.FAMILY_OPTIONS), "bots": bots.plays(m)} for m, cls in MODES.items()]


@bp.get("/")
def index():
    return render_template("index.html", entry="js/index.js")


@bp.get("/join")
def join_code():
    """The "Join with a code" form, for phones that cannot scan."""
    code = "".join(ch for ch in request.args.get("code", "") if ch.isalpha()).upper()[:ROOM_CODE_LEN]
    asked = {"lang": lang} if (lang := pick(request.args.get("lang"))) else {}  # the start page's ?lang=
    if not code:
        return redirect(url_for("web.index", **asked))
    return redirect(url_for("web.join", code=code, **asked))


@bp.get("/t/<code>")
def table(code: str):
    code = code.upper()
    room = _room_or_none(code)
    return render_template("table.html", entry="js/table.js", code=code, exists=room is not None, modes=_modes(),
                           family=room is not None and room.night.family, game=_game_of(room)), (200 if room else 404)


@bp.get("/j/<code>")
def join(code: str):
    code = code.upper()
    room = _room_or_none(code)
    return render_template("phone.html", entry="js/phone.js", code=code, exists=room is not None, modes=_modes(),
                           family=room is not None and room.night.family, game=_game_of(room)), (200 if room else 404)


@bp.get("/w/<code>")
def watch(code: str):
    """The watch page: the table's public view, live and read-only, for
    anybody without a seat (``room.watch``); an unknown code is refused as
    the join page refuses it."""
    code = code.upper()
    room = _room_or_none(code)
    return render_template("watch.html", entry="js/watch.js", code=code, exists=room is not None, modes=_modes(),
                           family=room is not None and room.night.family, game=_game_of(room)), (200 if room else 404)


@lru_cache(maxsize=512)
def qr_svg(url: str) -> bytes:
    """The QR code of a join URL as SVG, drawn once per URL (a room's join URL
    never changes)."""
    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2,
                      error_correction=qrcode.constants.ERROR_CORRECT_M)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue()


def _qr_of(code: str, url_of) -> Response:
    """The QR code of ``url_of(room)`` for the room of ``code`` (404 for none)."""
    room = _room_or_none(code.upper())
    if room is None:
        abort(404)
    return Response(qr_svg(url_of(room)), mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/qr/<code>.svg")
def qr(code: str):
    return _qr_of(code, lambda room: room.join_url)


@bp.get("/qr/watch/<code>.svg")
def watch_qr(code: str):
    """The QR code of the room's watch page (``/w/CODE``)."""
    return _qr_of(code, lambda room: room.watch_url)


# The header that carries the table's or a seat's token for the recap picture
# (a header, not the query: a query string lands in proxies' access logs).
TOKEN_HEADER = "X-Party-Token"


@bp.get("/recap/<code>.svg")
def recap(code: str):
    """The end-of-night recap as a picture to save, once the host has ended
    the night (404 before), for the table or a seat of the room only: the
    request carries its token in ``X-Party-Token`` (403 without a fitting
    one, which costs like an unknown code)."""
    room = _room_or_none(code.upper())
    if room is None:
        abort(404)
    token = request.headers.get(TOKEN_HEADER, "")
    if not (TOKEN_RE.match(token) and room.read(lambda: room.check_host_token(token)
                                                 or room.seat_by_token(token) is not None)):
        current_app.extensions["partyapp"].probe_failed(request.remote_addr or "?")
        abort(403)
    with room.lock:
        summary = room.night.recap(room.seats, room.former)
        names = {**room.former, **{s.id: s.name for s in room.seats}}
    if summary is None:
        abort(404)
    # In the language of the screen that asks (its cookie, else Accept-Language).
    svg = recap_svg.draw(summary, room.code, names, lambda msgid, **values: answer_text(Wording(msgid, **values)),
                         lambda stamp: format_date(datetime.fromtimestamp(stamp), "long"))
    return Response(svg, mimetype="image/svg+xml", headers={
        "Content-Disposition": f'attachment; filename="partyapp-night-{room.code}.svg"',
        "Cache-Control": "no-store", "Vary": "Cookie, Accept-Language",
    })


@bp.get("/socket-origin")
def socket_origin():
    """Whether a page opened at ``?origin=`` (its own ``location.origin``)
    may open a socket here, ``{"allowed": true|false}``: a page whose socket
    fails to connect asks, and says to open the address on the TV instead of
    blaming the Wi-Fi (``static/js/common.js``). The same test as the
    socket's (``Realtime.origin_allowed``), on the origin the page names; it
    admits nothing by itself."""
    origin = request.args.get("origin", "")[:300]
    allowed = bool(origin) and current_app.extensions["partyapp"].origin_allowed(origin, request.environ)
    response = jsonify({"allowed": allowed})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/healthz")
def healthz():
    ok = current_app.extensions["partyapp"].registry.store.ping()
    return jsonify({"ok": ok}), (200 if ok else 503)


@bp.after_request
def page_etag(response: Response) -> Response:
    """A page's ETag, taken from the page as rendered, before it is
    compressed: this blueprint's own after-request step runs before the
    app's, among which Flask-Compress compresses and then marks the ETag
    with the encoding. An ETag taken of the compressed page changed every
    second with gzip, which writes the time into its output (and browsers
    take no brotli over plain http): no reload on the party's address was
    ever answered 304."""
    if (response.mimetype == "text/html" and response.status_code == 200 and not response.is_streamed
            and not response.get_etag()[0]):
        response.add_etag()
    return response


@bp.after_app_request
def security_headers(response: Response) -> Response:
    """No inline script or style anywhere (but the pages' import map, allowed
    by its hash): a name that slipped into markup still could not run."""
    response.headers.setdefault(
        "Content-Security-Policy",
        f"default-src 'self'; script-src 'self' {page_csp_sources(current_app)}; "
        "style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; media-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if response.mimetype == "text/html" and response.status_code == 200 and not response.is_streamed:
        # A page names the static files' hashed URLs: asked again at every
        # visit (an unchanged one answered 304), so an upgrade is seen at once.
        response.headers.setdefault("Cache-Control", "no-cache")
        response.vary.update(("Cookie", "Accept-Language"))  # its language
        if not response.get_etag()[0]:
            response.add_etag()
        response.make_conditional(request)
    return response
