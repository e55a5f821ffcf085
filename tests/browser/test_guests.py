"""No TV, no phone (issue 27): the table on a phone or tablet, handed round
to guests without a phone; screenshots at each size, English and Russian."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, drawn, quiet, settle, wait_drawn
from tests.browser.test_drinking import start

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 760}
LANDSCAPE = {"width": 844, "height": 390}
TABLET = {"width": 768, "height": 1024}
QUICK_MS = 3000  # a button seen a moment ago that does not come back is gone with its prompt


def code_of(page) -> str:
    return page.locator(".room-code").first.inner_text().strip()


def add_guests(table, names):
    for name in names:
        table.fill("#guest-name-lobby", name)
        table.click(".guest-adder.compact button[type=submit]")
        expect(table.locator("#players .pname", has_text=name)).to_have_count(1)


def play_turn(page, rule: str, where: str = "#guest-play", nth: int = 0) -> str:
    """``step`` below, or "" when the prompt went meanwhile (a chugalug's
    clock ran out between seeing a button and pressing it)."""
    try:
        return step(page, rule, where, nth)
    except PlaywrightTimeout:
        return ""


def next_step(page, rev: int, pressed: str) -> None:
    """After a try at a step: what was pressed drawn (a revision after
    ``rev``), or, nothing pressed, the page done drawing what it has."""
    if pressed:
        wait_drawn(page, rev, newer=True)
    else:
        quiet(page)


def step(page, rule: str, where: str, nth: int) -> str:
    """One step of a drinking deck, as the guest handed the table device
    (or a person on their own phone: ``where`` "#play-area") would: what
    was pressed. ``nth``: which of several choices (paper, scissors, stone
    must not tie for ever)."""
    area = page.locator(where)
    primary = area.locator(".actions.primary")
    for found, pressed in ((area.locator("[data-guest-tap]"), "race"), (primary.locator("button[data-action=draw]"), "draw"),
                           (primary.locator("button[data-action=tap]"), "tap")):
        if found.count():
            found.first.click(timeout=QUICK_MS)
            return pressed
    text = primary.locator("form input[type=text]")
    if text.count():
        text.fill(rule, timeout=QUICK_MS)
        primary.locator("form button[type=submit]").click(timeout=QUICK_MS)
        return "rule"
    choice = primary.locator("button[data-value]")
    if choice.count():
        choice.nth(nth % choice.count()).click(timeout=QUICK_MS)
        submit = primary.locator("form button[type=submit]")
        if submit.count():
            submit.first.click(timeout=QUICK_MS)
        return "choice"
    button = primary.locator("button:not([disabled])")
    if button.count():
        button.first.click(timeout=QUICK_MS)
        return "button"
    return ""


def fits(page, what: str):
    """Everything on the page is on screen (it scrolls down), not clipped
    and not covered, and the whose-turn line is big enough to read across
    a table (once a card turning over has landed)."""
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running'"
                           " || a.effect.getTiming().iterations === Infinity)")
    assert_fits(page, what, phone=True)
    for head in page.locator(".guest-turn-name").all():
        assert head.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)") >= 30


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_whole_ring_of_fire_on_one_phone_with_four_guests(open_table, server, shots, watch, locale):
    """Play on this device: four guests without a phone play Ring of Fire to
    its last king on a 390x844 table page; each turn says whose it is in big
    type and offers that guest's buttons: draw, pick a player, type a rule
    and the races, tapped on the device in turn."""
    table = open_table(locale=locale, viewport=PORTRAIT)
    add_guests(table, ["Dan", "Eve", "Fay", "Gus"])
    shots("lobby", table)
    fits(table, "the lobby")
    deck = ["2S", "JH", "7D", "8C", "KS", "3D", "KH", "4C", "QS", "KD", "9H", "KC"]
    start(table, "ring_of_fire", deck, race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    shots("first-turn", table)
    fits(table, "the first turn")
    done = set()
    over = table.locator(".drinking-table .prompt-line.over")
    # Until the last king, for at most two minutes: a try that finds nothing
    # to press yet (the next turn not drawn) costs a tenth of a second, so a
    # count of tries ran out before the deck on a busy machine.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if over.count():
            break
        rev = drawn(table)
        pressed = play_turn(table, "Drink with your left hand")
        if pressed and pressed not in done:
            done.add(pressed)
            shots(f"after-{pressed}", table)
            fits(table, f"after a {pressed}")
        next_step(table, rev, pressed)
    expect(over).to_contain_text("Gus")  # he drew the last king
    assert {"draw", "rule", "race", "choice"} <= done, done
    expect(table.locator("#guest-play")).to_have_count(0)
    expect(table.locator(".drinking-table")).to_be_visible()
    shots("over", table, full_page=True)
    fits(table, "the game's end")
    assert watch.errors == [] and watch.dialogs == []


def guests_table(open_table, server, deck):
    """A phone-sized table with guests Dan and Eve, Ana on her phone (a
    protocol client: the host player), Ring of Fire started on ``deck`` and
    Ana's first card drawn: the table, its frames, Ana, her id and Dan's."""
    from tests.wire import WireClient

    table = open_table(viewport=PORTRAIT)
    frames = Frames(table)
    table.reload()  # the table's socket from now on is watched
    table.wait_for_selector("#guest-name-lobby")
    ana = WireClient(server.url).connect()
    ana_id = ana.call("player.join", {"code": code_of(table), "name": "Ana"})["player_id"]
    add_guests(table, ["Dan", "Eve"])
    dan = next(p["id"] for p in ana.wait_for(lambda s: len(s["players"]) == 3)["players"] if p["name"] == "Dan")
    start(table, "ring_of_fire", deck)
    table.wait_for_selector(".drinking-table")
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    return table, frames, ana, ana_id, dan


def test_a_guests_buttons_come_even_when_the_table_was_told_to_slow_down(open_table, server, shots, watch):
    """The table asks for its guests' views at every change; an answer
    refused for sending too fast (rate_limited) is asked for again a moment
    later, so the next guest's buttons still come without another change
    in the game. Here the table's own connection is kept over its budget
    while Ana plays her turns from her phone and the guests' from another
    connection of the table device's (the host's phone may not while the
    device is here), until a request of the screen's for a guest's turn is
    refused; then the flood stops and that guest's draw button comes."""
    from tests.wire import WireClient

    deck = ["3S", "3H", "3D", "3C", "5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C", "KS", "KH", "KD", "KC"]
    table, frames, ana, ana_id, dan = guests_table(open_table, server, deck)
    code = code_of(table)
    device = WireClient(server.url).connect()
    token = table.evaluate("(code) => localStorage.getItem(`partyapp.table.${code}`)", code)
    assert device.call("table.attach", {"code": code, "host_token": token})["ok"]

    screen_answers = frames.screen_answers
    assert all(a["ok"] for a in screen_answers())
    # three requests every 50 ms: three times what the budget refills
    table.evaluate("""(dan) => { window.flood = setInterval(() => {
        for (let i = 0; i < 3; i++) window.partyappTable.call("guest.view", {player_id: dan});
    }, 50); }""", dan)
    frames.wait_until(table, lambda: any(a.get("error", {}).get("code") == "rate_limited"
                                         for a in frames.answers().values()), "the flood was never refused")
    refused = None
    for _ in range(10):
        state = ana.state
        turn = state["game"]["turn"]
        answered = len(screen_answers())
        mover = ana if turn == ana_id else device
        assert mover.call("game.act", {"action": {"type": "draw"}, **({} if turn == ana_id else {"as": turn})})["ok"]
        now = ana.wait_for(lambda s: s["rev"] > state["rev"])
        frames.wait_for_screen(table, lambda answers: len(answers) > answered, "the screen asked for no view")
        if now["game"]["turn"] != ana_id and not screen_answers()[answered]["ok"]:
            refused = next(p["name"] for p in now["players"] if p["id"] == now["game"]["turn"])
            break
    assert refused, "no request of the screen's was refused"
    assert screen_answers()[-1]["error"]["code"] == "rate_limited"
    table.evaluate("() => clearInterval(window.flood)")
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text(refused)
    expect(table.locator("#guest-play button[data-action=draw]")).to_be_visible()
    shots("after-a-refusal", table)
    table.locator("#guest-play button[data-action=draw]").click()
    ana.wait_for(lambda s: s["game"]["turn"] != now["game"]["turn"])
    assert watch.errors == [] and watch.dialogs == []


def test_a_rule_typed_for_a_guest_stays_through_a_change_that_is_not_theirs(open_table, server, shots, watch):
    """Dan draws a jack on the table device and types his rule; meanwhile
    Ana, on her phone, changes her group (the state moves on): the words he
    typed are still there, and his rule goes in force when he sends it."""
    table, frames, ana, ana_id, dan = guests_table(open_table, server, ["3S", "JH", "3D", "KS", "KH", "KD", "KC"])
    table.locator("#guest-play button[data-action=draw]").click()
    field = table.locator("#guest-play form input[type=text]")
    field.fill("Drink with your left hand")
    rev = ana.wait_for(lambda s: s["game"]["turn"] == dan)["rev"]
    for group in ("chicks", None):
        assert ana.call("player.update", {"group": group})["ok"]
        rev = ana.wait_for(lambda s, rev=rev: s["rev"] > rev)["rev"]
        frames.wait_for_screen(table, lambda answers, rev=rev: any(a["ok"] and a["rev"] >= rev for a in answers),
                               "the table asked for no new views")
        # and has drawn them: two frames of the page's own
        table.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        expect(field).to_have_value("Drink with your left hand")
    shots("rule-kept", table)
    table.locator("#guest-play form button[type=submit]").click()
    # the table's own panel of the rules in force (#guest-play, the guest's screen, lists them too)
    expect(table.locator(".rules-panel .rule-text:not(#guest-play *)")).to_have_text(["Drink with your left hand"])
    assert watch.errors == [] and watch.dialogs == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_kings_with_two_phones_and_two_guests_on_a_tablet(open_table, open_phone, server, shots, watch, locale):
    """A tablet lying on the table: Ana and Bob play on their phones, Dan
    and Eve by being handed the tablet; the host's phone never offers a
    guest's buttons while the tablet is here (a player's view is the
    table's plus their own, the host's too). Kings is played to its last
    king."""
    table = open_table(locale=locale, viewport=TABLET)
    code = code_of(table)
    ana, bob = (open_phone(f"{server.url}/j/{code}", name, locale=locale) for name in ("Ana", "Bob"))
    add_guests(table, ["Dan", "Eve"])
    expect(ana.locator("#players .mark.guest")).to_have_count(2)
    deck = ["4S", "8H", "9D", "2S", "5C", "KS", "3D", "KH", "7C", "KD", "QH", "KC"]
    start(table, "kings", deck, race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    shots("table-start", table)
    fits(table, "the tablet at the start")
    # Ana draws; then Bob; then Dan's turn: the host's phone offers his buttons too
    ana.locator("#play-area button[data-action=draw]").click()
    expect(ana.locator("#guest-play")).to_have_count(0)  # nobody without a phone is waited on
    steps = 0
    seen = set()
    over = table.locator(".drinking-table .prompt-line.over")
    while not over.count():
        steps += 1
        assert steps < 150, "Kings did not finish"
        rev = drawn(table)
        pressed = (play_turn(ana, "No pointing", "#play-area", steps) or play_turn(bob, "No pointing", "#play-area", steps * 7))
        if not pressed:
            assert ana.locator("#guest-play, #guest-hand, #guest-cover").count() == 0  # the tablet plays for them
            pressed = play_turn(table, "No pointing", nth=steps * 3)
            if pressed and pressed not in seen:
                seen.add(pressed)
                shots(f"tablet-{pressed}", table)
                fits(table, f"the tablet after a {pressed}")
        next_step(table, rev, pressed)
    assert "draw" in seen, seen
    shots("tablet-over", table)
    fits(table, "the tablet at the end")
    assert watch.errors == [] and watch.dialogs == []


# -- full card games: a guest's hand behind a privacy screen ------------------------------

class Frames:
    """Every Socket.IO frame the page's sockets send and receive (Engine.IO
    "4" + Socket.IO "2" an event, "3" an acknowledgement)."""

    def __init__(self, page) -> None:
        self.sent: list[str] = []
        self.received: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        self.socket = ws
        ws.on("framesent", lambda payload: self.sent.append(payload if isinstance(payload, str) else ""))
        ws.on("framereceived", lambda payload: self.received.append(payload if isinstance(payload, str) else ""))

    def asked(self) -> dict[str, dict]:
        """The guest.view requests sent, by acknowledgement id."""
        found = {}
        for frame in self.sent:
            if frame.startswith("42") and '"guest.view"' in frame:
                head = frame[2:frame.index("[")]
                found[head] = json.loads(frame[2 + len(head):])[1]
        return found

    def moves(self) -> dict[str, dict]:
        """The game.act requests sent, by acknowledgement id."""
        found = {}
        for frame in self.sent:
            if frame.startswith("42") and '"game.act"' in frame:
                head = frame[2:frame.index("[")]
                found[head] = json.loads(frame[2 + len(head):])[1]
        return found

    def screen_answers(self) -> list[dict]:
        """The answers to the screen's own guest.view requests (the
        ``player_ids`` form), in the order they were asked."""
        asked, answers = self.asked(), self.answers()
        return [answers[ack] for ack in asked if "player_ids" in asked[ack] and ack in answers]

    def wait_until(self, page, holds, what: str, timeout_s: float = 10) -> None:
        """Wait until ``holds()`` does, reading each frame the page's socket
        receives meanwhile."""
        deadline = time.monotonic() + timeout_s
        while not holds():
            left = deadline - time.monotonic()
            assert left > 0, what
            try:
                self.socket.wait_for_event("framereceived", timeout=left * 1000)
            except PlaywrightTimeout:
                raise AssertionError(what) from None

    def wait_for_screen(self, page, predicate, what: str, timeout_s: float = 10) -> None:
        """Wait until ``predicate(self.screen_answers())`` holds."""
        self.wait_until(page, lambda: predicate(self.screen_answers()), what, timeout_s)

    def states(self) -> list[dict]:
        return [json.loads(f[2:])[1] for f in self.received if f.startswith('42["state"')]

    def answers(self) -> dict[str, dict]:
        out = {}
        for frame in self.received:
            if frame.startswith("43"):
                head = frame[2:frame.index("[")]
                out[head] = json.loads(frame[2 + len(head):])[0]
        return out


def wire_move(client) -> bool:
    """A person's phone (a protocol client) makes a legal move when it has
    one: the first value of each field; in Cheat it plays as many cards as
    it may and lets every play pass."""
    you = client.state and client.state.get("you")
    if not you or not you["actions"] or client.state["game"]["over"]:
        return False
    actions = {a["type"]: a for a in you["actions"]}
    spec = actions.get("pass") or actions.get("play") or actions.get("take")
    if spec is None:
        return False
    action = {"type": spec["type"]}
    for name, domain in spec["params"].items():
        if "one_of" in domain:
            action[name] = domain["one_of"][0]
        elif "subset_of" in domain:
            action[name] = domain["subset_of"][:domain.get("max", 1)]
    answer = client.call("game.act", {"action": action})
    return answer["ok"]


def guest_move(table, mode: str) -> None:
    hand = table.locator("#guest-hand")
    if mode == "old_maid":
        hand.locator(".back-pick").first.click()
        hand.locator(".act-take").click()
    elif hand.locator("button[data-action=pass]").count():
        hand.locator("button[data-action=pass]").click()
    else:
        hand.locator(".hand button[data-card]").first.click(position={"x": 10, "y": 30})
        hand.locator(".rank-chooser button:not([disabled])").first.click()
        hand.locator(".act-play").click()


@pytest.mark.parametrize("mode,size,locale", [
    pytest.param("old_maid", PORTRAIT, "en-GB", id="old_maid-390x844-en"),
    pytest.param("cheat", SMALL, "ru-RU", id="cheat-360x760-ru"),
    pytest.param("old_maid", LANDSCAPE, "ru-RU", id="old_maid-844x390-ru"),
    pytest.param("cheat", PORTRAIT, "en-GB", id="cheat-390x844-en"),
])
def test_a_guests_hand_only_after_the_tap(open_table, server, shots, watch, mode, size, locale):
    """A phone-sized table with one guest, Dan, and two people on their
    phones: on Dan's turn the table says whose turn it is and offers "I am
    Dan: show my hand"; only after that tap does it ask for his view and
    show his hand and moves, covering the screen, and it hides them once he
    has moved. No frame the table receives carries his hand unless it
    answers a guest.view it sent, and none is sent while his hand is hidden.
    The game is played to its end."""
    from tests.wire import WireClient

    table = open_table(locale=locale, viewport=size)
    frames = Frames(table)
    table.reload()  # the table's socket from now on is watched (the room has no guest yet)
    table.wait_for_selector("#guest-name-lobby")
    code = code_of(table)
    people = []
    for name in ("Ana", "Bob"):
        client = WireClient(server.url).connect()
        assert client.call("player.join", {"code": code, "name": name})["ok"]
        people.append(client)
    add_guests(table, ["Dan"])
    dan = next(p["id"] for p in people[0].wait_for(lambda s: len(s["players"]) == 3)["players"] if p["name"] == "Dan")
    start(table, mode, None, seed=7, **({"call_seconds": 60} if mode == "cheat" else {}))
    table.wait_for_selector("#game-area")
    reveals = 0
    steps = 0
    while True:
        steps += 1
        assert steps < 400, "the game did not finish"
        state = people[0].wait_for(lambda s: s["game"] is not None)
        if state["game"]["over"]:
            break
        if any(wire_move(c) for c in people):
            continue
        let_pass = table.locator("#guest-play [data-guest-tap][data-move=pass]")
        if let_pass.count():  # Cheat's call window: his own "no call" on the table's face, no hand opened
            try:
                let_pass.first.click(timeout=QUICK_MS)
            except PlaywrightTimeout:
                pass  # the window closed meanwhile
            continue
        show = table.locator("#btn-show-hand")
        if not show.count():
            wait_drawn(table, state["rev"])  # the table has drawn this step
            quiet(table)  # and what it asked for it (the guest's view) has come
            continue
        # the privacy screen: whose turn, and no hand anywhere on the page
        expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
        assert table.locator("#guest-hand, #guest-play .hand").count() == 0
        settle(table)  # what the screen asks as it draws this step has been asked
        asked_before = len(frames.asked())
        if reveals == 0:
            shots("privacy-screen", table)
            fits(table, "the privacy screen")
        show.click()
        expect(table.locator("#guest-hand .guest-buttons")).to_be_visible()
        assert len(frames.asked()) > asked_before
        if reveals == 0:
            shots("guest-hand", table)
            fits(table, "the guest's hand")
        guest_move(table, mode)
        expect(table.locator("#guest-hand")).to_have_count(0)  # hidden again after his move
        reveals += 1
    assert reveals >= 2
    # the hand is hidden on a tap too
    shots("over", table)
    # No state frame carries anybody's private view, and the cards of each
    # view the table asked for are in no state frame of that revision.
    asked = frames.asked()
    answers = frames.answers()
    moves = frames.moves()
    states = {s["rev"]: s for s in frames.states()}
    assert states and all("you" not in s for s in states.values())
    assert all(a == {"player_ids": [dan]} for a in asked.values())
    viewed = 0
    for ack, answer in answers.items():
        if ack in asked:
            if answer.get("ok"):
                viewed += 1
                assert list(answer["views"]) == [dan]
                hand = answer["views"][dan]["hand"]
                if answer["rev"] in states:
                    text = json.dumps(states[answer["rev"]])
                    assert [c for c in hand if f'"{c}"' in text] == []
        elif "you" in answer:  # his own move, made on the table, answered with his hand after it
            assert answer["you"]["player_id"] == dan and moves[ack]["as"] == dan and moves[ack]["view"] is True, answer
        else:
            assert "views" not in answer, answer
    assert viewed >= reveals
    assert watch.errors == [] and watch.dialogs == []


def test_a_tv_never_shows_a_guests_hand_and_the_hosts_phone_plays_for_them(open_table, open_phone, server, shots, watch):
    """On a TV-sized table a guest's turn says to hand the host's phone to
    them, and no hand and no button of theirs is on the TV; the host's
    phone shows the privacy screen, the hand after the tap, hides it on a
    tap and again after the move."""
    from tests.wire import WireClient

    table = open_table()
    code = code_of(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    expect(table.locator("#guest-name-lobby")).to_have_count(0)  # the TV's lobby has no form: the host adds guests
    ana.locator("#guest-name").fill("Dan")
    ana.locator(".guest-adder:not(.compact) button[type=submit]").click()
    expect(table.locator("#players .mark.guest")).to_have_count(1)
    start(table, "old_maid", None, seed=3)
    for _ in range(60):
        if table.locator(".guest-turn.on-tv").count():
            break
        rev = bob.wait_for(lambda s: True)["rev"]
        moved = wire_move(bob)
        ana_take = ana.locator("#play-area .act-take")
        if ana_take.count():
            ana.locator("#play-area .back-pick").first.click()
            ana_take.click()
            moved = True
        if moved:  # the move reaches both screens
            rev = bob.wait_for(lambda s, before=rev: s["rev"] > before)["rev"]
        wait_drawn(table, rev)
        wait_drawn(ana, rev)
    notice = table.locator(".guest-turn.on-tv")
    expect(notice).to_contain_text("hand the phone of the host, Ana, to Dan")
    assert table.locator("#btn-show-hand, #guest-hand, #guest-play").count() == 0
    shots("tv-guest-turn", table)
    assert_fits(table, "the TV on a guest's turn")
    # The host's phone: its own hand is put away before it goes round.
    expect(ana.locator("#btn-show-hand")).to_have_count(0)
    shots("host-phone-guest-turn", ana, full_page=True)
    ana.click("#btn-hand-over")
    expect(ana.locator("#you-line")).to_be_hidden()
    expect(ana.locator("#play-area")).to_be_hidden()  # Ana's hand
    show = ana.locator("#btn-show-hand")
    expect(show).to_have_text("I am Dan: show my hand")
    shots("host-phone-handed-round", ana)
    fits(ana, "the host's phone handed round")
    show.click()
    expect(ana.locator("#guest-hand .take-form")).to_be_visible()
    ana.click("#btn-hide-hand")  # hidden on a tap
    expect(ana.locator("#guest-hand")).to_have_count(0)
    expect(ana.locator("#play-area")).to_be_hidden()
    show.click()
    shots("host-phone-guest-hand", ana, full_page=True)
    fits(ana, "the guest's hand on the host's phone")
    ana.locator("#guest-hand .back-pick").first.click()
    ana.locator("#guest-hand .act-take").click()
    expect(ana.locator("#guest-hand")).to_have_count(0)  # and after his move
    expect(ana.locator("#play-area")).to_be_hidden()
    ana.click("#btn-back-to-me")
    expect(ana.locator("#you-line")).to_be_visible()
    expect(ana.locator("#play-area")).to_be_visible()
    assert watch.errors == [] and watch.dialogs == []


SIZES = [pytest.param(PORTRAIT, id="390x844"), pytest.param(SMALL, id="360x760"),
         pytest.param(LANDSCAPE, id="844x390"), pytest.param(TABLET, id="768x1024")]


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
@pytest.mark.parametrize("size", SIZES)
def test_the_table_fits_a_phone_or_tablet(open_table, server, shots, watch, size, locale):
    """At each size, in English and Russian, everything the table shows fits
    with nothing covered, clipped or off screen: the lobby with its form, a
    card with its rule, a race, a rule in force, the roles, the players with
    their tallies and the ticker."""
    table = open_table(locale=locale, viewport=size)
    add_guests(table, ["Dan", "Eve", "Fay", "Gus"])
    fits(table, "the lobby")
    shots("lobby", table)
    table.click("#btn-choose-game")  # the host's controls, the whole screen wide
    table.click("#game-picker button[data-mode=ring_of_fire]")
    expect(table.locator("#btn-start")).to_be_enabled()
    shots("choose-a-game", table)
    assert table.locator(".host-drawer").bounding_box()["width"] <= size["width"]
    table.click("#btn-host-close")
    start(table, "ring_of_fire", ["QS", "JH", "7D"], race_timeout_s=60)
    table.wait_for_selector(".drinking-table")
    table.locator("#guest-play button[data-action=draw]").click()  # Dan: the question master
    expect(table.locator(".roles li.held")).to_contain_text("Dan")
    table.locator("#guest-play button[data-action=draw]").click()  # Eve: a rule
    table.locator("#guest-play form[data-action=rule] input[type=text]").fill("Никаких имён" if locale == "ru-RU" else "No first names")
    shots("rule-typed", table)
    fits(table, "a rule being typed")
    table.locator("#guest-play form[data-action=rule] button[type=submit]").click()
    expect(table.locator(".drinking-table .rules-panel")).to_contain_text("Eve")
    table.locator("#guest-play button[data-action=draw]").click()  # Fay: Heaven, a race
    expect(table.locator("#guest-play [data-guest-tap]")).to_have_count(4)
    shots("race", table)
    fits(table, "a race")
    table.locator("#guest-play [data-guest-tap]").first.click()
    expect(table.locator("#guest-play [data-guest-tap]")).to_have_count(3)
    assert watch.errors == [] and watch.dialogs == []


WAKE_LOCK_STUB = """
window.__wakeRequests = 0;
Object.defineProperty(navigator, "wakeLock", { configurable: true, value: {
  request: async (kind) => {
    window.__wakeRequests += 1;
    const lock = new EventTarget();
    lock.type = kind;
    lock.release = async () => { lock.dispatchEvent(new Event("release")); };
    window.__wakeLock = lock;
    return lock;
  },
} });
"""


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_start_page_offers_this_device_and_the_table_keeps_the_screen_awake(open_table, shots, watch, locale):
    """The start page offers "Play on this device" beside "Start a table
    (TV)"; the table it opens asks for a screen wake lock, and asks again
    when the page is visible again after the browser let the lock go."""
    table = open_table(locale=locale, viewport=PORTRAIT)
    table.context.add_init_script(WAKE_LOCK_STUB)
    table.goto(table.url.split("/t/")[0] + "/")
    expect(table.locator("#start-here")).to_be_visible()
    expect(table.locator("#start-table")).to_have_text("Открыть стол (ТВ)" if locale == "ru-RU" else "Start a table (TV)")
    shots("start-page", table)
    fits(table, "the start page")
    table.click("#start-here")
    table.wait_for_url("**/t/*")
    table.wait_for_selector("#guest-name-lobby")  # a table on this device: guests are added here
    table.wait_for_function("() => window.__wakeRequests === 1")
    # hidden and shown again: the browser let the lock go, the page asks again
    table.evaluate("() => window.__wakeLock.release()")
    table.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    table.wait_for_function("() => window.__wakeRequests === 2")
    assert table.evaluate("() => window.__wakeLock.type") == "screen"
    assert watch.errors == [] and watch.dialogs == []
