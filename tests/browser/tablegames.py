"""What the browser tests of the table games share: a table and phones in a
room, a game started on a staged deck, and players joined through Socket.IO
clients for the crowded layouts."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from partyapp.bots.strategy import fill
from tests.browser.layout import quiet
from tests.browser.test_layout import audit_phone, audit_tv, names as long_names
from tests.wire import WireClient


def room_code(table) -> str:
    return table.locator(".room-code").inner_text().strip()


def seat_phones(open_table, open_phone, server, names: list[str], locale: str | None = None):
    """A table and a phone seated for each of ``names``, all listed on the
    table. Returns (table, phones)."""
    table = open_table(locale=locale)
    code = room_code(table)
    phones = [open_phone(f"{server.url}/j/{code}", name, locale=locale) for name in names]
    expect(table.locator("#players .pname")).to_have_count(len(names))
    return table, phones


def start(table, mode: str, options: dict) -> None:
    answer = table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})", [mode, options])
    assert answer["ok"], answer


def join_wire(server, code: str, names: list[str]) -> list[WireClient]:
    """Players joined through Socket.IO clients (their phones are not pages)."""
    guests = []
    for name in names:
        guest = WireClient(server.url).connect()
        answer = guest.call("player.join", {"code": code, "name": name})
        assert answer["ok"], answer
        guest.pid = answer["player_id"]
        guests.append(guest)
    return guests


def drag(page, source, target) -> None:
    """Press ``source`` where it shows in a fan (its left edge) and slide it
    onto the middle of ``target`` with the mouse (pointer events, as a thumb
    makes them), then let go."""
    target.evaluate("el => el.scrollIntoView({block: 'start'})")
    a = source.bounding_box()
    b = target.bounding_box()
    height = page.viewport_size["height"]
    assert a["y"] + a["height"] / 2 < height, "the card and the place it goes do not fit on one screen"
    x0, y0 = a["x"] + min(12, a["width"] / 4), a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    steps = 8
    for i in range(1, steps + 1):
        page.mouse.move(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
    page.mouse.up()


def play_random(guests: list[WireClient], rng, steps: int, until=None, avoid=(), prefer=()) -> dict:
    """The guests play ``steps`` moves picked at random from their offered
    moves (or until ``until(game)`` holds): a move of a type in ``prefer``
    whenever one is offered, one in ``avoid`` only when nothing else is;
    returns the last game view."""
    game = None
    for _ in range(steps):
        views = [g.state for g in guests]
        game = views[0]["game"]
        if game["over"] or (until and until(game)):
            break
        movers = [(g, v) for g, v in zip(guests, views) if v["you"]["actions"]]
        if not movers:
            break
        guest, view = rng.choice(movers)
        offered = view["you"]["actions"]
        spec = rng.choice([a for a in offered if a["type"] in prefer]
                          or [a for a in offered if a["type"] not in avoid] or offered)
        action = fill(spec, rng)
        rev = view["rev"]
        answer = guest.call("game.act", {"action": action})
        assert answer["ok"], (action, answer)
        for g in guests:
            g.wait_rev(rev + 1)
    return guests[0].state["game"]


def check_crowded(open_table, open_phone, server, shots, watch, *, mode: str, count: int, options: dict,
                  ready: str, move=None) -> None:
    """``count`` players with 24-character names (one on a phone page, the
    rest through Socket.IO) start ``mode``; once ``ready`` shows on the
    table (and after ``move(table, phone)``), nothing on the TV or the
    phone is covered, clipped or off screen, at every size."""
    table = open_table()
    code = room_code(table)
    everybody = long_names(count)
    phone = open_phone(f"{server.url}/j/{code}", everybody[0])
    guests = join_wire(server, code, everybody[1:])
    try:
        expect(table.locator("#players .pname")).to_have_count(count)
        start(table, mode, options)
        expect(table.locator(ready)).to_be_visible()
        if move:
            move(table, phone)
        audit_tv(table, shots, f"table-{count}")
        audit_phone(phone, shots, f"phone-{count}")
        assert not watch.errors
    finally:
        for g in guests:
            g.close()


# How a few moves in reach each mode's main screen with play_random: how
# many moves, which to avoid (a move that would end the game at once) and
# which to prefer. Every mode of partyapp.games.MODES has an entry.
MAIN_SCREEN = {
    "ring_of_fire": {"steps": 5},
    "kings": {"steps": 5},
    "blackjack": {"steps": 5, "prefer": ("bet",)},
    "casino_blackjack": {"steps": 5, "prefer": ("bet",), "avoid": ("surrender",)},
    "russian_blackjack": {"steps": 5, "prefer": ("bet",)},
    "pontoon": {"steps": 5, "prefer": ("bet",)},
    "old_maid": {"steps": 4},
    "cheat": {"steps": 4, "avoid": ("call",)},
    "go_fish": {"steps": 4},
    "irish_snap": {"steps": 6, "avoid": ("slap",)},
    "egyptian_ratscrew": {"steps": 6, "avoid": ("slap",)},
    "concentration": {"steps": 4},
    "shif_shof_shum": {"steps": 4, "avoid": ("pass",)},
    "kings_corner": {"steps": 4, "avoid": ("pass", "end")},
    "croatian_rummy": {"steps": 3},
}


def host_and_guests(open_table, open_phone, server, names: list[str], *, locale: str | None = None):
    """A table, the host's phone (the first of ``names``) and a Socket.IO
    client on every seat: the host's first (resumed on the phone's seat, to
    play its moves), then one per other name. Each client's ``pid`` is its
    seat. Returns (table, code, phone, clients); the caller closes them."""
    table = open_table(locale=locale)
    code = room_code(table)
    phone = open_phone(f"{server.url}/j/{code}", names[0], locale=locale)
    guests = join_wire(server, code, names[1:])
    host = WireClient(server.url).connect()
    token = phone.evaluate("(k) => localStorage.getItem(k)", f"partyapp.seat.{code}")
    answer = host.call("player.resume", {"code": code, "token": token})
    assert answer["ok"], answer
    host.pid = answer["player_id"]
    return table, code, phone, [host, *guests]


def drive_to_main_screen(open_table, open_phone, server, mode: str, names: list[str], *, locale: str | None = None,
                         seed: int = 7, options: dict | None = None):
    """A table and the host's phone (pages, in ``locale``) and a Socket.IO
    client for every other name; ``mode`` started under ``seed`` and played a
    few moves in (the host's moves through a client resumed on the phone's
    seat) until its main screen shows. Returns (table, phone, clients); the
    caller closes the clients."""
    table, _, phone, clients = host_and_guests(open_table, open_phone, server, names, locale=locale)
    expect(table.locator("#players .pname")).to_have_count(len(names), timeout=20_000)
    start(table, mode, {"seed": seed, **(options or {})})
    for client in clients:
        client.wait_for(lambda s: s["game"] is not None)
    plan = MAIN_SCREEN[mode]
    play_random(clients, random.Random(seed), plan["steps"], avoid=plan.get("avoid", ()), prefer=plan.get("prefer", ()))
    drawn(table, max(c.state["rev"] for c in clients))
    return table, phone, clients


def drawn(page, rev: int) -> None:
    """Wait until a table page has drawn the room's revision ``rev`` (its
    root's data-rev) and stopped changing (its panels measured)."""
    page.wait_for_function("rev => Number(document.documentElement.dataset.rev) >= rev", arg=rev, polling=50)
    quiet(page)
