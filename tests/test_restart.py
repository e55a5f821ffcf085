"""Kill a real server with SIGKILL mid-game and start it again: every room,
seat, token, private view and rev is back, and clients resume by themselves."""

from __future__ import annotations

import pytest

from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = pytest.mark.slow


def play_some(table: WireClient, phones: dict[str, WireClient], steps: int) -> None:
    """Draw a few cards: whoever has a draw action draws; prompts are answered
    with the first legal choice."""
    for _ in range(steps):
        state = table.state
        for pid, phone in phones.items():
            mine = phone.wait_rev(state["rev"])
            actions = mine["you"]["actions"]
            if actions:
                spec = actions[0]
                action = {"type": spec["type"]}
                for name, domain in spec["params"].items():
                    if "one_of" in domain:
                        action[name] = domain["one_of"][0]
                    elif "text" in domain:
                        action[name] = "No pointing"
                    elif "int" in domain:
                        action[name] = domain["int"]["min"]
                    elif "subset_of" in domain:
                        action[name] = domain["subset_of"][: domain.get("min", 0)]
                answer = phone.call("game.act", {"action": action})
                assert answer["ok"], answer
                table.wait_rev(state["rev"] + 1)
                break


def test_sigkill_and_restart_resumes_everything(tmp_path):
    """Rooms, seats, tokens, roles and rev survive SIGKILL; phones come back."""
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    server = ServerProcess(store, log_path=tmp_path / "server.log").start()
    table = WireClient(server.url).connect()
    created = table.call("room.create")
    code, host_token = created["code"], created["host_token"]
    phones: dict[str, WireClient] = {}
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
    try:
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
