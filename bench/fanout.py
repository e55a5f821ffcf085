"""The cost of handing one change's frames to the local sockets:
``python -m bench.fanout``.

In one process, without a network: an app in gevent mode, a room of one
table and N phones, each an Engine.IO socket of the server listening on its
channel. Times ``Fanout.publish`` (encode the views, put one packet on each
socket's send queue) against the same frames through ``socketio.emit``
(Flask-SocketIO, python-socketio's manager and server, engine.io's
``send``), the way the fan-out sent them before ``seams.deliver_local``; the queues
are emptied after each change in both. Fastest of ``--repeat`` rounds.

    python -m bench.fanout                 # 6 phones, 3 KB views
    python -m bench.fanout --phones 12 --json
"""

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import timeit  # noqa: E402

from engineio import socket as eio_socket  # noqa: E402

from partyapp.app import create_app  # noqa: E402
from partyapp.realtime.extension import socketio  # noqa: E402
from partyapp.realtime.fanout import Fanout, state_frames  # noqa: E402
from partyapp.realtime.fanout import player_channel, table_channel  # noqa: E402
from partyapp.realtime.packets import Fragment  # noqa: E402
from partyapp.realtime.protocol import Event  # noqa: E402


def listen(channel: str) -> eio_socket.Socket:
    server = socketio.server
    sock = eio_socket.Socket(server.eio, server.eio.generate_id())
    sock.connected = sock.upgraded = True
    server.eio.sockets[sock.sid] = sock
    sid = server.manager.pre_connect(sock.sid, "/")
    server.manager.connect(sid, "/")
    server.manager.enter_room(sid, "/", channel)
    return sock


def views(phones: int, public_bytes: int, private_bytes: int) -> tuple[dict, dict]:
    public = {"rev": 100, "room": {"code": "ABCD", "host_player": "p1"},
              "players": [{"id": f"p{i}", "name": f"Guest {i}", "seat": i, "connected": True, "drinks": 0}
                          for i in range(1, phones + 1)],
              "game": {"mode": "ring_of_fire", "turn": "p1", "pad": "x" * public_bytes}}
    private = {f"p{i}": {"player_id": f"p{i}", "hand": [], "actions": [{"type": "draw", "params": {}}],
                         "pad": "y" * private_bytes} for i in range(1, phones + 1)}
    return public, private


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.fanout", description=__doc__.split("\n\n")[0])
    p.add_argument("--phones", type=int, default=6)
    p.add_argument("--public-bytes", type=int, default=2800)
    p.add_argument("--private-bytes", type=int, default=200)
    p.add_argument("--changes", type=int, default=2000, help="changes per round")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)

    create_app({"PARTYAPP_STORE_URL": "memory://", "PARTYAPP_LAN_IP": "127.0.0.1"}, async_mode="gevent")
    code = "ABCD"
    sockets = [listen(table_channel(code))] + [listen(player_channel(code, f"p{i}"))
                                               for i in range(1, args.phones + 1)]
    public, private = views(args.phones, args.public_bytes, args.private_bytes)
    fanout = Fanout()
    state = str(Event.STATE)

    def drain() -> None:
        for s in sockets:
            q = s.queue
            while q.qsize():
                q.get_nowait()
                q.task_done()

    def local() -> None:
        fanout.publish(code, public, private)
        drain()

    def through_emit() -> None:
        for channel, text in state_frames(code, public, private):
            socketio.emit(state, Fragment(text), to=channel)
        drain()

    def best(fn) -> float:
        return min(timeit.repeat(fn, number=args.changes, repeat=args.repeat)) / args.changes * 1e6

    local()
    through_emit()
    assert all(s.queue.qsize() == 0 for s in sockets)
    result = {"phones": args.phones, "sockets": len(sockets), "local_us_per_change": round(best(local), 1),
              "emit_us_per_change": round(best(through_emit), 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['sockets']} sockets: local delivery {result['local_us_per_change']} µs per change, "
              f"through socketio.emit {result['emit_us_per_change']} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
