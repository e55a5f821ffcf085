"""The application factory."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask
from flask.ctx import RequestContext
from flask_compress import Compress
from werkzeug.middleware.proxy_fix import ProxyFix

from partyapp import config as configuration
from partyapp.cluster.queue import RoomQueue
from partyapp.rooms.names import skeleton
from partyapp.i18n import languages
from partyapp.realtime import dispatch, handlers, netinfo, seams  # noqa: F401 (handlers registers the events)
from partyapp.realtime.clock import FakeClock, RealClock, Scheduler
from partyapp.realtime.extension import socketio
from partyapp.realtime.hub import Realtime
from partyapp.rooms.registry import Registry
from partyapp.store import open_store
from partyapp.web import assets, install, testing
from partyapp.web.pages import bp


class PartyRequestContext(RequestContext):
    """Flask's request context, keeping its routing exception without the
    exception's traceback.

    Flask-SocketIO runs its Socket.IO handlers (``connect``, ``disconnect``
    and the catch-all for unknown events; the protocol's events go through
    ``realtime/dispatch.py``) in a request context built from the connection's WSGI
    environ, whose
    path, ``/socket.io/``, is no route of the app. Flask's ``match_request``
    (the hook Flask names for subclasses) keeps the ``NotFound`` in
    ``request.routing_exception``; its traceback, and that of the
    ``NoMatch`` it was raised from, holds the frame of ``match_request``,
    whose ``self`` is this context: a reference cycle, which also holds,
    frame by frame, the stack of the connection's reader at that moment (its
    engine.io socket, the WebSocket, the pywsgi handler and their buffers).
    Only the cycle collector frees it, and ``partyapp serve`` leaves full
    collections to the housekeeping, every few minutes (``cli.tune_gc``): a
    cycle still alive when the younger generations were collected (an event
    under way) was kept until then with its whole connection, about one
    connection in a hundred in the churn benchmark (issue 17). Without the
    traceback the exception holds no frame and the context goes with its
    event; an HTTP 404 is raised from it as before.
    """

    def match_request(self) -> None:
        super().match_request()
        exc = self.request.routing_exception
        if exc is not None:
            exc.__traceback__ = None
            exc.__context__ = exc.__cause__ = None


class PartyFlask(Flask):
    """Flask, with its request contexts (those Flask-SocketIO builds for
    its handlers too) made by ``PartyRequestContext``."""

    def request_context(self, environ: dict) -> RequestContext:
        return PartyRequestContext(self, environ)

    def send_static_file(self, filename: str):
        """The static files from memory, under hashed or plain URLs,
        compressed (``partyapp.web.assets``)."""
        return self.extensions["assets"].response(filename)


def create_app(test_config: dict[str, Any] | None = None, *, config_path: str | None = None,
               async_mode: str | None = None) -> Flask:
    """Build the app. ``test_config`` overrides settings by their
    ``PARTYAPP_*`` key (and any Flask key); ``async_mode`` is Flask-SocketIO's
    (``gevent`` in production, ``threading`` for the test client)."""
    seams.check()  # the libraries' internals the transport reaches are where they were
    skeleton("")  # the confusables' classes are built once, at start, not at the first join
    app = PartyFlask(__name__)  # templates/ and static/ beside this module, inside the package
    settings = configuration.build(config_path, test_config)
    app.config.update(settings)
    app.config["TESTING"] = bool(settings.get("TESTING", settings["PARTYAPP_TESTING"]))
    clock = make_clock(settings)

    store = open_store(settings["PARTYAPP_STORE_URL"])
    registry = Registry(
        store,
        clock=clock.now,
        max_players=settings["PARTYAPP_MAX_PLAYERS"],
        max_rooms=settings["PARTYAPP_MAX_ROOMS"],
        rooms_per_owner=settings["PARTYAPP_ROOMS_PER_ADDRESS"],
        option_defaults={"race_timeout_s": settings["PARTYAPP_RACE_TIMEOUT_S"]},
    )
    queue, manager = message_queue(settings, store)
    lan = settings.get("PARTYAPP_LAN_IP") or netinfo.lan_ip()
    realtime = Realtime(registry=registry, settings=settings, lan_ip=lan, clock=clock, queue=queue)
    app.extensions["partyapp"] = realtime

    languages.init_app(app)
    assets.init_app(app)
    app.register_blueprint(bp)
    app.register_blueprint(install.bp)
    app.register_blueprint(testing.bp)  # answers only on a fake clock, in testing mode
    # The pages, the catalogues' JSON and the manifest, compressed as they
    # are answered (the static files are compressed once, by assets).
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_STREAMS", False)
    Compress(app)

    socketio.init_app(
        app,
        async_mode=async_mode or settings.get("PARTYAPP_ASYNC_MODE") or "threading",
        cors_allowed_origins=realtime.origin_allowed,
        max_http_buffer_size=settings["PARTYAPP_MAX_MESSAGE_BYTES"],
        ping_interval=settings["PARTYAPP_PING_INTERVAL_S"],
        ping_timeout=settings["PARTYAPP_PING_TIMEOUT_S"],
        # Always named: Flask-SocketIO keeps the options of an earlier
        # init_app of the same object (the tests build many apps).
        client_manager=manager,
        message_queue=None,
        logger=False,
        engineio_logger=False,
        serializer=seams.WirePacket,
        # Each connection's events run one after another in its own reader
        # greenlet: no greenlet spawned per event, and a phone's events keep
        # their order. Rooms order their changes with their lock.
        async_handlers=False,
    )
    dispatch.install(app, socketio.server)
    if not clock.fake:  # on a fake clock engine.io keeps its own, real-time heartbeats for real clients
        seams.install_heartbeats(socketio.server.eio, clock)
    seams.close_dropped_sockets(socketio.server.eio,
                                cut=lambda eio_sid, reason: dispatch.cut(realtime, eio_sid, reason))
    if settings["PARTYAPP_TRUSTED_PROXIES"]:
        # Outside Flask-SocketIO's own wrapper, so that the Socket.IO
        # handlers see the client's address too, not only the HTTP routes.
        n = settings["PARTYAPP_TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)
    logging.getLogger("engineio.server").setLevel(logging.ERROR)
    logging.getLogger("socketio.server").setLevel(logging.ERROR)
    return app


def make_clock(settings: dict) -> Scheduler:
    """The scheduler every timer of the app runs on (``realtime/clock.py``):
    the real one, or in testing mode with ``PARTYAPP_FAKE_CLOCK`` a fake one
    that the tests move (``partyapp serve --testing --fake-clock``)."""
    if settings["PARTYAPP_FAKE_CLOCK"]:
        if not settings["PARTYAPP_TESTING"]:
            raise configuration.ConfigError("a fake clock is for testing mode only (--testing)")
        return FakeClock()
    return RealClock(socketio.start_background_task, lambda: socketio.server.eio.create_event())


def message_queue(settings: dict, store) -> tuple[RoomQueue | None, seams.QueueManager | None]:
    """Flask-SocketIO's Redis message queue between the processes sharing a
    store (the rooms' frames messages, and python-socketio's manager that
    carries them): on the store's Redis unless ``message_queue`` names
    another. None and None for a store of one process."""
    url = settings.get("PARTYAPP_MESSAGE_QUEUE") or ""
    if not store.shared:
        if url:
            raise ValueError("a message queue is for several processes sharing a redis:// store; "
                             "this store is not shared")
        return None, None
    url = url or settings["PARTYAPP_STORE_URL"]
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"message_queue must be a redis:// URL, not {url!r}")
    queue = RoomQueue()
    return queue, seams.QueueManager(url, queue)
