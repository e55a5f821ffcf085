"""A very short run of the load benchmark (``python -m bench.load``) against a
real server process, and the fan-out's pre-encoded frames. No timing is
asserted: only that the benchmark runs end to end and nothing was lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

KEYS = {"p50_ms", "p95_ms", "p99_ms", "max_ms", "lost", "duplicated", "actions_per_s", "server_rss_mb",
        "rss_per_socket_kb", "rooms", "phones"}


@pytest.mark.slow
def test_load_benchmark_smoke():
    cmd = [sys.executable, "-m", "bench.load", "--rooms", "3", "--phones", "3", "--seconds", "2.5",
           "--rate", "2", "--procs", "1", "--baseline", "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-3000:]
    line = json.loads(done.stdout.strip().splitlines()[-1])
    for result in (line, line["baseline"]):
        assert KEYS <= result.keys()
        assert result["rooms"] == 3 and result["phones"] == 3
        assert result["lost"] == 0
        assert result["duplicated"] == 0
        assert result["samples"] > 0


def test_spliced_frames_are_the_views():
    """What ``Realtime.publish`` sends decodes to the public view, and to the
    public view plus ``you``, exactly as a plain packet of those views does."""
    from socketio import packet

    from partyapp.packets import Fragment, WirePacket, encode

    public = {"rev": 3, "room": {"code": "KQZX"}, "players": [{"id": "p1", "name": "Zoë \u2603"}],
              "game": {"mode": "ring_of_fire", "turn": "p1", "over": False, "rules": [{"text": "<b>\"hi\"</b>"}]}}
    you = {"player_id": "p1", "hand": [], "actions": [{"type": "draw", "params": {}}]}
    text = encode(public)
    spliced = text[:-1] + ',"you":' + encode(you) + "}"
    for data, fragment in ((public, Fragment(text)), ({**public, "you": you}, Fragment(spliced))):
        plain = packet.Packet(packet.EVENT, data=["state", data]).encode()
        wire = WirePacket(packet.EVENT, data=["state", fragment]).encode()
        assert packet.Packet(encoded_packet=wire).data == packet.Packet(encoded_packet=plain).data == ["state", data]
    # everything else goes through the standard encoder
    ack = {"ok": False, "error": {"code": "bad_request", "message": "x"}}
    assert WirePacket(packet.ACK, data=[ack], id=4).encode() == packet.Packet(packet.ACK, data=[ack], id=4).encode()
