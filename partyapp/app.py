"""The application factory."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import config as configuration
from . import netinfo
from .packets import WirePacket
from .realtime import Realtime, socketio
from .rooms import Registry
from .store import open_store


def create_app(test_config: dict[str, Any] | None = None, *, config_path: str | None = None,
               async_mode: str | None = None) -> Flask:
    """Build the app. ``test_config`` overrides settings by their
    ``PARTYAPP_*`` key (and any Flask key); ``async_mode`` is Flask-SocketIO's
    (``gevent`` in production, ``threading`` for the test client)."""
    app = Flask(__name__, template_folder="../templates", static_folder="../static")
    settings = configuration.build(config_path, test_config)
    app.config.update(settings)
    app.config["TESTING"] = bool(settings.get("TESTING", settings["PARTYAPP_TESTING"]))

    store = open_store(settings["PARTYAPP_STORE_URL"])
    registry = Registry(
        store,
        max_players=settings["PARTYAPP_MAX_PLAYERS"],
        option_defaults={"race_timeout_s": settings["PARTYAPP_RACE_TIMEOUT_S"]},
    )
    lan = settings.get("PARTYAPP_LAN_IP") or netinfo.lan_ip()
    realtime = Realtime(registry=registry, settings=settings, lan_ip=lan)
    app.extensions["partyapp"] = realtime

    from . import i18n
    from .web import bp

    i18n.init_app(app)
    app.register_blueprint(bp)

    queue = settings["PARTYAPP_STORE_URL"] if settings["PARTYAPP_STORE_URL"].startswith("redis://") else None
    socketio.init_app(
        app,
        async_mode=async_mode or settings.get("PARTYAPP_ASYNC_MODE") or "threading",
        cors_allowed_origins=realtime.origin_allowed,
        max_http_buffer_size=settings["PARTYAPP_MAX_MESSAGE_BYTES"],
        ping_interval=10,
        ping_timeout=20,
        message_queue=queue,
        logger=False,
        engineio_logger=False,
        serializer=WirePacket,
        # Each connection's events run one after another in its own reader
        # greenlet: no greenlet spawned per event, and a phone's events keep
        # their order. Rooms order their changes with their lock.
        async_handlers=False,
    )
    if settings["PARTYAPP_TRUSTED_PROXIES"]:
        # Outside Flask-SocketIO's own wrapper, so that the Socket.IO
        # handlers see the client's address too, not only the HTTP routes.
        n = settings["PARTYAPP_TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)
    logging.getLogger("engineio.server").setLevel(logging.ERROR)
    logging.getLogger("socketio.server").setLevel(logging.ERROR)
    return app
