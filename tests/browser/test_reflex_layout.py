"""Irish Snap, Egyptian Ratscrew and Concentration on the TV with 2, 8 and 16
players with 24-character names, at 1920x1080 and 1280x720, and on the host's
phone at 390x844 and 360x760: nothing off screen, clipped or covered (tests/browser/
layout.py), with the most the screens show: a race waiting for players, then
its order with everybody's margin; a pay-card debt; the face-down grid with
two cards shown.

The host's phone is a real page (p1, the first seat); the other players are
real Socket.IO clients."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import SUMMED_UP, all_shown, settle
from tests.browser.test_layout import audit_phone, names
from tests.browser.test_layout import audit_tv as tv_audit
from tests.games.reflex_helpers import snap_at
from tests.wire import WireClient

pytestmark = pytest.mark.browser



def audit_tv(page, shots, label: str) -> None:
    settle(page)
    tv_audit(page, shots, label)


class Room:
    """The table page, the host's phone page and the guests' clients."""

    def __init__(self, table, phone, guests):
        self.table, self.phone, self.guests = table, phone, guests

    def act(self, pid: str, action: dict) -> None:
        if pid == "p1":
            answer = self.phone.evaluate("(a) => window.partyappPhone.send(a)", action)
        else:
            answer = self.guests[pid].call("game.act", {"action": action})
        assert answer["ok"], (pid, action, answer)

    def start(self, mode: str, options: dict) -> None:
        answer = self.table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})",
                                     [mode, options])
        assert answer == {"ok": True}, answer


@pytest.fixture
def room(open_table, open_phone, server):
    made = []

    def make(count: int) -> Room:
        table = open_table()
        code = table.locator(".room-code").inner_text().strip()
        all_names = names(count)
        phone = open_phone(f"{server.url}/j/{code}", all_names[0])
        guests = {}
        for name in all_names[1:]:
            guest = WireClient(server.url).connect()
            made.append(guest)
            answer = guest.call("player.join", {"code": code, "name": name})
            assert answer["ok"], answer
            guests[answer["player_id"]] = guest
        expect(table.locator("#players .pname")).to_have_count(count, timeout=30_000)
        return Room(table, phone, guests)

    yield make
    for thing in made:
        thing.close()


@pytest.mark.parametrize("count", [2, 8, 16])
def test_irish_snap_fits_every_name(count, room, shots, watch):
    """A snap: the race waiting for the last player, then its order."""
    r = room(count)
    r.start("irish_snap", {"deck": snap_at(1), "slap_window_ms": 15000})
    r.act("p1", {"type": "flip"})
    r.act("p2", {"type": "flip"})
    r.table.wait_for_selector(".race-live")
    for pid in ["p1", *r.guests][:-1]:
        r.act(pid, {"type": "slap"})
    r.table.locator(".race-live", has_text="Waiting for").wait_for()
    audit_tv(r.table, shots, f"snap-race-{count}")
    r.act([*r.guests][-1], {"type": "slap"})
    r.table.wait_for_selector(".race-result .race-row")
    audit_tv(r.table, shots, f"snap-order-{count}")
    r.table.set_viewport_size({"width": 1920, "height": 1080})
    settle(r.table)
    shown = r.table.locator(".race-result .race-row:visible").count()
    assert shown >= min(count, 6)
    # everybody shown, in pages that turn by themselves if need be: never "+N more"
    assert not SUMMED_UP.search(r.table.locator(".race-result").inner_text())
    all_shown(r.table, ".race-result .race-row", names(count))
    audit_phone(r.phone, shots, f"snap-phone-{count}")
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("count", [2, 8, 16])
def test_egyptian_ratscrew_fits_every_name(count, room, shots, watch):
    """A queen to pay for, then a double slapped by everybody."""
    r = room(count)
    # First cards round the table: p1's queen, p2's five; p2's second card is a five too.
    others = ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "10C", "2D", "3D", "4D", "6D", "7D", "8D"][:count - 2]
    deck = ["QS", "5H", *others, "9S", "5D"]
    r.start("egyptian_ratscrew", {"deck": deck, "doubles": True, "slap_window_ms": 15000})
    r.act("p1", {"type": "flip"})
    r.table.wait_for_selector(".debt-line")
    audit_tv(r.table, shots, f"ratscrew-debt-{count}")
    r.act("p2", {"type": "flip"})
    r.act("p2", {"type": "flip"})
    r.table.wait_for_selector(".race-live")
    for pid in ["p1", *r.guests]:
        r.act(pid, {"type": "slap"})
    r.table.wait_for_selector(".race-result .race-row")
    audit_tv(r.table, shots, f"ratscrew-order-{count}")
    audit_phone(r.phone, shots, f"ratscrew-phone-{count}")
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("count", [2, 8, 16])
def test_concentration_fits_every_name(count, room, shots, watch):
    """The whole pack face down with two cards shown after a miss."""
    r = room(count)
    r.start("concentration", {"deck": ["AS", "KH"]})
    r.act("p1", {"type": "pick", "position": 0})
    r.act("p1", {"type": "pick", "position": 1})
    r.table.wait_for_selector(".memory-last.missed")
    assert r.table.locator(".place.up").count() == 2 and r.table.locator(".place.down").count() == 50
    audit_tv(r.table, shots, f"memory-{count}")
    audit_phone(r.phone, shots, f"memory-phone-{count}")
    assert watch.errors == [] and watch.dialogs == []
