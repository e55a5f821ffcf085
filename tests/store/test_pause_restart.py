"""Kill a real server (on a fake clock) with SIGKILL while its room is
paused and start it again: the room is still paused, its timers still
stopped, and the resume gives back exactly the time that was left."""

from __future__ import annotations

import pytest

from partyapp.games.kit.cards import STANDARD_DECK
from tests.games.hand_helpers import whole_deal
from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = pytest.mark.slow


def test_a_pause_survives_sigkill_with_its_time_left(tmp_path):
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    server = ServerProcess(store, log_path=tmp_path / "server.log", fake_clock=True).start()
    table = WireClient(server.url)
    phones: list[WireClient] = []
    try:
        table.connect()
        created = table.call("room.create")
        code, host_token = created["code"], created["host_token"]
        tokens = []
        for name in ("Ana", "Bob"):
            phone = WireClient(server.url).connect()
            answer = phone.call("player.join", {"code": code, "name": name})
            assert answer["ok"], answer
            phones.append(phone)
            tokens.append(answer["token"])
        ana, bob = phones
        deck = whole_deal([], 2, STANDARD_DECK)
        assert table.call("game.start", {"mode": "cheat", "options": {"seed": 2, "call_seconds": 5, "deck": deck}})["ok"]
        card = ana.wait_for(lambda s: s["game"] is not None)["you"]["hand"][0]
        assert ana.call("game.act", {"action": {"type": "play", "cards": [card], "rank": "A"}})["ok"]
        server.advance(2)
        assert ana.call("host.command", {"command": "pause", "paused": True})["ok"]
        paused = table.wait_for(lambda s: s["room"]["paused"] is not None)["room"]["paused"]
        until = table.state["game"]["window"]["until"]
        rev = table.state["rev"]

        table.on_reconnect = lambda: table.call("table.attach", {"code": code, "host_token": host_token})
        for phone, token in zip(phones, tokens):
            phone.on_reconnect = (lambda p=phone, t=token: p.call("player.resume", {"code": code, "token": t}))
        server.kill()
        server = ServerProcess(store, port=server.port, log_path=tmp_path / "server.log", fake_clock=True).start()
        server.advance_to(paused["since"] + 3600)  # an hour later
        back = table.wait_for(lambda s: s["rev"] > rev and s["room"]["table_connected"] and s["room"]["paused"] is not None
                              and all(p["connected"] for p in s["players"]), timeout=20)
        assert back["room"]["paused"]["name"] == "Ana" and back["game"]["window"]["until"] == until
        bob.wait_for(lambda s: s["rev"] > rev and all(p["connected"] for p in s["players"]), timeout=20)
        answer = bob.call("game.act", {"action": {"type": "call"}})
        assert answer["error"]["code"] == "paused", answer
        assert table.call("host.command", {"command": "pause", "paused": False})["ok"]
        resumed = table.wait_for(lambda s: s["room"]["paused"] is None)
        assert resumed["game"]["window"]["until"] == server.now() + 3
        server.advance(2.9)
        assert table.state["game"]["window"] is not None
        server.advance(0.1)
        table.wait_for(lambda s: s["game"]["window"] is None and s["game"]["turn"] == s["players"][1]["id"])
    finally:
        table.close()
        for phone in phones:
            phone.close()
        server.stop()
