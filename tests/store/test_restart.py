"""Kill a real server with SIGKILL mid-game and start it again: every room,
seat, token, private view and rev is back, and clients resume by themselves."""

from __future__ import annotations

import pytest

from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = pytest.mark.slow


def fill(spec: dict) -> dict:
    """The first value of each of an action spec's domains."""
    first = {
        "one_of": lambda d: d["one_of"][0],
        "text": lambda d: "No pointing",
        "int": lambda d: d["int"]["min"],
        "subset_of": lambda d: d["subset_of"][: d.get("min", 0)],
    }
    return {"type": spec["type"], **{name: first[next(iter(d))](d) for name, d in spec["params"].items()}}


def play_some(table: WireClient, phones: dict[str, WireClient], steps: int) -> None:
    """Play a few moves: the first phone (in seat order) with a legal action
    makes its first one, each parameter its first value."""
    for _ in range(steps):
        rev = table.state["rev"]
        movers = [(phone, actions[0]) for phone in phones.values()
                  if (actions := phone.wait_rev(rev)["you"]["actions"])]
        assert movers, "nobody can move"
        phone, spec = movers[0]
        answer = phone.call("game.act", {"action": fill(spec)})
        assert answer["ok"], answer
        table.wait_rev(rev + 1)


def test_sigkill_and_restart_resumes_everything(tmp_path):
    """Rooms, seats, tokens, roles and rev survive SIGKILL; phones come back."""
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    server = ServerProcess(store, log_path=tmp_path / "server.log").start()
    table = WireClient(server.url)
    phones: dict[str, WireClient] = {}
    try:
        table.connect()
        created = table.call("room.create")
        code, host_token = created["code"], created["host_token"]
        tokens: dict[str, str] = {}
        for name in ("Ana", "Bob", "Cat"):
            phone = WireClient(server.url).connect()
            answer = phone.call("player.join", {"code": code, "name": name})
            assert answer["ok"], answer
            phones[answer["player_id"]] = phone
            tokens[answer["player_id"]] = answer["token"]
        assert table.call("game.start", {"mode": "ring_of_fire", "options": {"seed": 7}})["ok"]
        table.wait_for(lambda s: s["game"] is not None)
        play_some(table, phones, 6)
        before = table.wait_rev(table.state["rev"])
        private_before = {pid: phone.wait_rev(before["rev"])["you"] for pid, phone in phones.items()}

        # Every client resumes by itself once the server is back.
        table.on_reconnect = lambda: table.call("table.attach", {"code": code, "host_token": host_token})
        for pid, phone in phones.items():
            phone.on_reconnect = (lambda p=phone, t=tokens[pid]: p.call("player.resume", {"code": code, "token": t}))

        server.kill()
        server = ServerProcess(store, port=server.port, log_path=tmp_path / "server.log").start()
        for pid, phone in phones.items():
            view = phone.wait_for(lambda s, pid=pid: s["rev"] > before["rev"] and all(
                p["connected"] for p in s["players"]), timeout=20)
            assert view["you"]["player_id"] == pid
        after = table.wait_for(lambda s: s["rev"] > before["rev"] and s["room"]["table_connected"]
                               and all(p["connected"] for p in s["players"]), timeout=20)
        assert after["rev"] > before["rev"]
        assert [p["id"] for p in after["players"]] == [p["id"] for p in before["players"]]
        # The game itself is exactly where it was.
        assert after["game"] == before["game"]
        for pid, phone in phones.items():
            you = phone.wait_rev(after["rev"])["you"]
            assert you == private_before[pid]
        # revs never repeat: each client saw strictly rising revs
        for client in [table, *phones.values()]:
            assert client.revs == sorted(set(client.revs))
        # and play goes on
        play_some(table, phones, 2)
    finally:
        table.close()
        for phone in phones.values():
            phone.close()
        server.stop()


def test_house_variants_saved_in_the_app_survive_a_restart(tmp_path):
    """A variant saved through variant.save is still listed after SIGKILL and
    a restart, and a game started from it plays the edited card."""
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    server = ServerProcess(store, log_path=tmp_path / "server.log").start()
    clients: list[WireClient] = []
    try:
        table = WireClient(server.url).connect()
        clients.append(table)
        code = table.call("room.create")["code"]
        host = WireClient(server.url).connect()
        clients.append(host)
        assert host.call("player.join", {"code": code, "name": "Ana"})["ok"]
        deck = host.call("variant.list")["defaults"]["kings"]
        deck["cards"]["7"] = {"title": "Social", "text": "Everybody drinks three.", "effect": "drink",
                              "params": {"who": "everybody", "n": 3}}
        device = "d" * 30  # the secret Ana's page keeps for good: her variants are hers in every room
        assert host.call("variant.save", {"name": "Our Kings", "mode": "kings", "deck": deck, "device": device})["ok"]
        # The clients go first: left connected, they would try to reconnect to
        # the killed server in threads of their own, with sockets of their own.
        for c in clients:
            c.close()
        clients.clear()
        server.kill()

        server = ServerProcess(store, port=server.port, log_path=tmp_path / "server.log").start()
        table = WireClient(server.url).connect()
        clients.append(table)
        code = table.call("room.create")["code"]
        phones = []
        for name in ("Bob", "Cat"):
            phone = WireClient(server.url).connect()
            clients.append(phone)
            assert phone.call("player.join", {"code": code, "name": name})["ok"]
            phones.append(phone)
        listed = phones[0].call("variant.list", {"device": device})["variants"]
        assert [(v["name"], v["mode"]) for v in listed] == [("Our Kings", "kings")]
        assert listed[0]["deck"]["cards"]["7"]["title"] == "Social"
        options = {"variant": "our kings", "deck": ["7S"]}
        assert table.call("game.start", {"mode": "kings", "options": options})["ok"]
        assert phones[0].call("game.act", {"action": {"type": "draw"}})["ok"]
        state = table.wait_for(lambda s: s["game"] and s["game"]["card"])
        assert state["game"]["card"]["title"] == "Social" and state["game"]["deck_name"] == "Our Kings"
        assert [p["drinks"] for p in state["players"]] == [3, 3]
    finally:
        for c in clients:
            c.close()
        server.stop()
