"""HTTP routes: the start page, the table screen, the phone page, the QR code
and the health check."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg
from flask import Blueprint, Response, abort, current_app, jsonify, redirect, render_template, request, url_for

from .games import MODES
from .protocol import ROOM_CODE_RE, ProtocolError

bp = Blueprint("web", __name__)


def _room_or_none(code: str):
    if not ROOM_CODE_RE.match(code):
        return None
    try:
        return current_app.extensions["partyapp"].registry.get(code)
    except ProtocolError:
        return None


def _modes() -> list[dict]:
    """The modes for the game picker, with the options a host may set (the
    full card games list theirs: name, kind, default, limits, meaning)."""
    out = []
    for m, cls in MODES.items():
        entry = {"id": m, "title": cls.title, "min": cls.min_players, "max": cls.max_players}
        option_list = getattr(cls, "option_list", None)
        if option_list is not None:
            entry["options"] = option_list()
        out.append(entry)
    return out


@bp.get("/")
def index():
    return render_template("index.html")


@bp.get("/join")
def join_code():
    """The "Join with a code" form, for phones that cannot scan."""
    code = "".join(ch for ch in request.args.get("code", "") if ch.isalpha()).upper()[:4]
    if not code:
        return redirect(url_for("web.index"))
    return redirect(url_for("web.join", code=code))


@bp.get("/t/<code>")
def table(code: str):
    code = code.upper()
    room = _room_or_none(code)
    return render_template("table.html", code=code, exists=room is not None, modes=_modes()), (200 if room else 404)


@bp.get("/j/<code>")
def join(code: str):
    code = code.upper()
    room = _room_or_none(code)
    return render_template("phone.html", code=code, exists=room is not None, modes=_modes()), (200 if room else 404)


@bp.get("/qr/<code>.svg")
def qr(code: str):
    room = _room_or_none(code.upper())
    if room is None:
        abort(404)
    img = qrcode.make(room.join_url, image_factory=qrcode.image.svg.SvgPathImage, border=2,
                      error_correction=qrcode.constants.ERROR_CORRECT_M)
    buf = io.BytesIO()
    img.save(buf)
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.get("/healthz")
def healthz():
    ok = current_app.extensions["partyapp"].registry.store.ping()
    return jsonify({"ok": ok}), (200 if ok else 503)


@bp.after_app_request
def security_headers(response: Response) -> Response:
    """No inline script or style anywhere: a name that slipped into markup
    still could not run."""
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; media-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response
