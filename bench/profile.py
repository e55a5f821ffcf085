"""Where a server's time goes, by layer: ``python -m bench.profile FILE``.

Reads a py-spy profile in its raw (collapsed stack) format, as
``python -m bench.load --profile FILE`` records it from the app server
under load (``py-spy record --format raw``), and shares every sample out to
the layer whose code was running: the first frame from the top of the stack
that belongs to a known layer takes the sample (the standard library counts
for the layer that called it, except the socket calls and the event loop).

    python -m bench.profile app.raw            # the table of layers
    python -m bench.profile app.raw --top 25   # and the busiest functions
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter

# (layer, pattern of the frame's file), tried in this order on each frame.
LAYERS: list[tuple[str, str]] = [
    ("rules", r"partyapp/games/"),
    ("store", r"partyapp/store/|sqlite3/"),
    ("app: views, encoding, handlers", r"partyapp/|orjson"),
    ("Flask request context", r"flask/|werkzeug/"),
    ("Socket.IO packets and handlers", r"flask_socketio/|socketio/"),
    ("Engine.IO sockets, queues, pings", r"engineio/"),
    ("WebSocket framing", r"simple_websocket/|wsproto/|geventwebsocket/|h11/|uwsgi"),
    ("socket calls", r"gevent/_socketcommon\.py|gevent/_socket3\.py|gevent/socket\.py|gevent/_ssl"),
    ("gevent switches and event loop", r"gevent/|greenlet"),
]
_COMPILED = [(name, re.compile(pat)) for name, pat in LAYERS]
_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def layer_of(frames: list[str]) -> str:
    for frame in reversed(frames):
        m = _FRAME.match(frame)
        path = m.group("file") if m else frame
        for name, pattern in _COMPILED:
            if pattern.search(path):
                return name
    return "other (interpreter, standard library)"


def read(path: str) -> list[tuple[list[str], int]]:
    stacks = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if not line:
                continue
            stack, _, count = line.rpartition(" ")
            try:
                n = int(count)
            except ValueError:
                continue
            stacks.append((stack.split(";"), n))
    return stacks


def summarise(stacks: list[tuple[list[str], int]]) -> tuple[Counter, Counter, int]:
    layers: Counter = Counter()
    leaves: Counter = Counter()
    total = 0
    for frames, n in stacks:
        total += n
        layers[layer_of(frames)] += n
        leaves[frames[-1]] += n
    return layers, leaves, total


def report(path: str, top: int = 0) -> str:
    layers, leaves, total = summarise(read(path))
    lines = [f"{total} samples", f"{'layer':42}{'share':>8}"]
    for name, n in layers.most_common():
        lines.append(f"{name:42}{100.0 * n / max(1, total):7.1f}%")
    if top:
        lines.append("")
        lines.append("busiest functions (own time):")
        for frame, n in leaves.most_common(top):
            lines.append(f"{100.0 * n / max(1, total):6.1f}%  {frame}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__.split("\n\n")[0])
    p.add_argument("raw", help="a py-spy profile in raw (collapsed) format")
    p.add_argument("--top", type=int, default=0, help="also list the N busiest functions")
    args = p.parse_args(argv)
    print(report(args.raw, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
