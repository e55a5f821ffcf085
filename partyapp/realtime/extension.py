"""The Flask-SocketIO extension object, made unbound here and bound to the
app by ``partyapp.app.create_app`` (``socketio.init_app``)."""

from __future__ import annotations

from flask_socketio import SocketIO

socketio = SocketIO()
