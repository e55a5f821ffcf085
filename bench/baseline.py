"""The floor the app stands on: a bare python-socketio server in the same
async mode (gevent, gevent's pywsgi server, WebSockets from simple-websocket)
that speaks just enough of the protocol for the load generator
(``room.create``, ``player.join``, ``game.start``, ``game.act`` draw,
``host.command`` end_game) and does the same fan-out with the same message
sizes: after every change, one public payload to the table and one payload
per phone (the public part plus a private ``you``), each emitted on its own.
No rules, no store, no validation beyond what the generator needs.

To carry the same number of changes as the app, a draw opens a race with
probability ``--race-prob`` (the benchmark sets it from the app's run): every
phone gets a ``tap``, each tap is a change, and the race ends when one phone
is left, as in the app's Floor and Heaven cards.

    python -m bench.baseline --port 8001 --public-bytes 2100 --private-bytes 2600 --race-prob 0.24

``--you-only`` sends each phone only ``{"rev", "you"}`` instead of the whole
view (the table still gets the public view): what a protocol that sent the
public view once per room and only the changed ``you`` per phone would save
on the server.

``--batch-writes`` writes what engine.io's writer finds queued for a
socket at once (each packet still its own WebSocket message) in one
``send`` call instead of one per packet.

``--server gevent-websocket`` keeps gevent's pywsgi but takes the WebSocket
from gevent-websocket (its handler class), which python-engineio's gevent mode
uses whenever that package can be imported: the benchmark installs it apart,
in ``bench/.gevent-websocket/``, so that the app never picks it up.

``--server uwsgi`` serves the same code from uWSGI instead (its gevent loop
and its native WebSocket support, python-engineio's ``gevent_uwsgi`` mode, as
Flask-SocketIO's deployment notes describe it): the process execs
``uwsgi --http-socket ... --gevent ... --http-websockets`` in place, one
worker and no master, so that the process measured is the one serving.
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import secrets  # noqa: E402

import socketio  # noqa: E402
from partyapp.web.server import make_server  # noqa: E402

# set by ``--server uwsgi`` for the module uWSGI loads
UWSGI_ARGS = os.environ.get("BENCH_BASELINE_UWSGI")

sio = socketio.Server(async_mode="gevent_uwsgi" if UWSGI_ARGS else "gevent", cors_allowed_origins="*", logger=False, engineio_logger=False,
                      ping_interval=10, ping_timeout=20)

ROOMS: dict[str, dict] = {}
CONNS: dict[str, tuple[str, str | None]] = {}  # sid -> (code, pid or None for the table)
PAD = {"public": 0, "private": 0}
DECK = 52
RACES = {"prob": 0.0, "rng": random.Random(1)}
YOU_ONLY = {"on": False}


def public_view(room: dict) -> dict:
    game = room["game"]
    return {
        "rev": room["rev"],
        "room": {"code": room["code"], "host_player": room["players"][0]["id"] if room["players"] else None},
        "players": [{"id": p["id"], "name": p["name"], "seat": i, "connected": True, "drinks": 0}
                    for i, p in enumerate(room["players"])],
        "game": None if game is None else {
            "mode": "ring_of_fire", "turn": game["turn"], "over": game["drawn"] >= DECK,
            "remaining": DECK - game["drawn"], "host_actions": [], "pad": "x" * PAD["public"],
            "prompt": {"kind": "race", "waiting": sorted(game["race"])} if game["race"] else None,
        },
    }


def you(room: dict, pid: str) -> dict:
    game = room["game"]
    if game and game["race"]:
        actions = [{"type": "tap", "params": {}}] if pid in game["race"] else []
    elif game and game["turn"] == pid and game["drawn"] < DECK:
        actions = [{"type": "draw", "params": {}}]
    else:
        actions = []
    return {"player_id": pid, "hand": [], "actions": actions, "pad": "y" * PAD["private"]}


def publish(room: dict) -> None:
    public = public_view(room)
    if room["table"]:
        sio.emit("state", public, to=room["table"])
    for p in room["players"]:
        if YOU_ONLY["on"]:
            view = {"rev": room["rev"], "you": you(room, p["id"])}
        else:
            view = dict(public)
            view["you"] = you(room, p["id"])
        sio.emit("state", view, to=p["sid"])


def change(room: dict) -> None:
    room["rev"] += 1
    publish(room)


@sio.on("connect")
def connect(sid, environ, auth=None):
    return True


@sio.on("disconnect")
def disconnect(sid, *reason):
    CONNS.pop(sid, None)


@sio.on("room.create")
def room_create(sid, data):
    code = secrets.token_hex(3)
    room = {"code": code, "rev": 0, "table": sid, "players": [], "game": None, "next": 1}
    ROOMS[code] = room
    CONNS[sid] = (code, None)
    change(room)
    return {"ok": True, "code": code, "host_token": secrets.token_urlsafe(24)}


@sio.on("player.join")
def player_join(sid, data):
    room = ROOMS.get(data.get("code"))
    if room is None:
        return {"ok": False, "error": {"code": "no_such_room", "message": "no room"}}
    pid = f"p{room['next']}"
    room["next"] += 1
    room["players"].append({"id": pid, "name": data.get("name"), "sid": sid})
    CONNS[sid] = (room["code"], pid)
    change(room)
    return {"ok": True, "player_id": pid, "token": secrets.token_urlsafe(24)}


@sio.on("game.start")
def game_start(sid, data):
    code, _ = CONNS[sid]
    room = ROOMS[code]
    room["game"] = {"turn": room["players"][0]["id"], "drawn": 0, "race": None}
    change(room)
    return {"ok": True}


@sio.on("host.command")
def host_command(sid, data):
    code, _ = CONNS[sid]
    room = ROOMS[code]
    if data.get("command") == "end_game":
        room["game"] = None
        change(room)
        return {"ok": True}
    return {"ok": False, "error": {"code": "bad_request", "message": "unsupported"}}


@sio.on("game.act")
def game_act(sid, data):
    conn = CONNS.get(sid)
    if conn is None or conn[1] is None:
        return {"ok": False, "error": {"code": "forbidden", "message": "Only players make moves."}}
    room = ROOMS[conn[0]]
    game = room["game"]
    action = data.get("action") if isinstance(data, dict) else None
    if game is not None and isinstance(action, dict) and action.get("type") == "tap":
        if not game["race"] or conn[1] not in game["race"]:
            return {"ok": False, "error": {"code": "illegal_action", "message": "no race"}}
        game["race"].discard(conn[1])
        if len(game["race"]) <= 1:
            game["race"] = None
        change(room)
        return {"ok": True}
    if game is None or game["race"] or game["turn"] != conn[1] or game["drawn"] >= DECK:
        return {"ok": False, "error": {"code": "not_your_turn", "message": "not your turn"}}
    game["drawn"] += 1
    ids = [p["id"] for p in room["players"]]
    game["turn"] = ids[(ids.index(conn[1]) + 1) % len(ids)]
    if len(ids) > 1 and RACES["rng"].random() < RACES["prob"]:
        game["race"] = set(ids)
    change(room)
    return {"ok": True}


def wsgi_fallback(environ, start_response):
    if environ.get("PATH_INFO") == "/healthz":
        start_response("200 OK", [("Content-Type", "application/json")])
        return [b'{"ok": true}']
    start_response("404 Not Found", [("Content-Type", "text/plain")])
    return [b"not found"]


def size_pads(public_bytes: int, private_bytes: int, phones: int) -> None:
    """Pad the payloads so a mid-game frame has the sizes asked for."""
    room = {"code": "ABCD", "rev": 100, "table": "t", "next": phones + 1, "game": {"turn": "p1", "drawn": 10, "race": None},
            "players": [{"id": f"p{i + 1}", "name": f"Guest {i + 1}", "sid": str(i)} for i in range(phones)]}
    frame = lambda data: len(json.dumps(["state", data], separators=(",", ":"))) + 2  # noqa: E731  "42" prefix
    PAD["public"] = max(0, public_bytes - frame(public_view(room)))
    view = public_view(room)
    view["you"] = you(room, "p2")
    PAD["private"] = max(0, private_bytes - frame(view))


def setup(race_prob: float, public_bytes: int, private_bytes: int, phones: int, you_only: bool = False):
    RACES["prob"] = race_prob
    YOU_ONLY["on"] = you_only
    size_pads(public_bytes, private_bytes, phones)
    return socketio.WSGIApp(sio, wsgi_fallback)


class _Batch(str):
    """Engine.IO packets, encoded, that ``batch_writes`` frames and writes together."""

    parts: list


class _Joined:
    def __init__(self, packets: list) -> None:
        self.packets = packets

    def encode(self) -> _Batch:
        batch = _Batch("")
        batch.parts = [p.encode() for p in self.packets]
        return batch


def batch_writes() -> None:
    """Engine.IO's WebSocket writer sends the packets it takes from a socket's
    queue one ``ws.send`` (one write) each: join them into one write."""
    from engineio import socket as eio_socket
    from simple_websocket import ws as sws
    from wsproto.events import BytesMessage, TextMessage

    poll = eio_socket.Socket.poll

    def batched_poll(self):
        packets = poll(self)
        return [_Joined(packets)] if self.upgraded and len(packets) > 1 else packets

    send = sws.Base.send

    def batched_send(self, data):
        if type(data) is not _Batch:
            return send(self, data)
        if not self.connected:
            raise sws.ConnectionClosed(self.close_reason, self.close_message)
        self.sock.send(b"".join(self.ws.send(BytesMessage(data=p) if isinstance(p, bytes) else TextMessage(data=p))
                                for p in data.parts))

    eio_socket.Socket.poll = batched_poll
    sws.Base.send = batched_send


def exec_uwsgi(args: argparse.Namespace) -> None:
    """Become a one-process uWSGI server of ``application`` below."""
    binary = shutil.which("uwsgi") or os.path.join(os.path.dirname(sys.executable), "uwsgi")
    if not os.path.exists(binary):
        raise SystemExit("--server uwsgi needs uWSGI (pip install uwsgi)")
    os.environ["BENCH_BASELINE_UWSGI"] = json.dumps(
        [args.race_prob, args.public_bytes, args.private_bytes, args.phones, args.you_only])
    os.execv(binary, [binary, "--http-socket", f"{args.host}:{args.port}", "--http-websockets",
                      "--gevent", "2000", "--gevent-early-monkey-patch", "--listen", "1024",
                      "--module", "bench.baseline:application", "--disable-logging", "--die-on-term",
                      "--need-app", "--buffer-size", "16384", "--virtualenv", sys.prefix])


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.baseline")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8001)
    p.add_argument("--public-bytes", type=int, default=0, help="size of the table's state frame")
    p.add_argument("--private-bytes", type=int, default=0, help="size of a phone's state frame")
    p.add_argument("--phones", type=int, default=6)
    p.add_argument("--race-prob", type=float, default=0.0, help="chance that a draw opens a race")
    p.add_argument("--you-only", action="store_true", help="phones get only the rev and their own you")
    p.add_argument("--batch-writes", action="store_true", help="one write per socket for what is queued")
    p.add_argument("--server", choices=("pywsgi", "gevent-websocket", "uwsgi"), default="pywsgi",
                   help="gevent's pywsgi with simple-websocket or with gevent-websocket, or uWSGI's gevent loop "
                        "and WebSockets")
    args = p.parse_args()
    if args.server == "uwsgi":
        exec_uwsgi(args)
    if args.batch_writes:
        batch_writes()
    app = setup(args.race_prob, args.public_bytes, args.private_bytes, args.phones, args.you_only)
    if args.server == "gevent-websocket":
        gevent_websocket_server(app, args.host, args.port).serve_forever()
    make_server(app, args.host, args.port).serve_forever()


def gevent_websocket_server(app, host: str, port: int):
    """pywsgi with gevent-websocket's handler (on ``PYTHONPATH`` only for this
    run), WebSockets without Nagle's delay as in ``partyapp.web.server``."""
    import socket

    from gevent import pywsgi
    from geventwebsocket.handler import WebSocketHandler

    class Handler(WebSocketHandler):
        def run_application(self):
            if self.environ.get("HTTP_UPGRADE", "").lower() == "websocket":
                self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            super().run_application()

    if "geventwebsocket" not in sys.modules:  # engine.io's gevent mode imports it when it can
        raise SystemExit("engine.io did not pick up gevent-websocket")
    return pywsgi.WSGIServer((host, port), app, handler_class=Handler, log=None)


if UWSGI_ARGS:
    application = setup(*json.loads(UWSGI_ARGS))

if __name__ == "__main__":
    main()
