"""A player takes back their own last move (``Engine.take_back``): in each
game that offers it, the move goes from every view as if never made and the
log says who took it back; it lasts until the next move; a move that shows
a hidden card or draws a random one never can be; and the random-play leak
audit runs through undos."""

from __future__ import annotations

import random

import pytest

from partyapp.games import MODES
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.cards import STANDARD_DECK
from tests.games import test_blackjack, test_casino_blackjack, test_cheat, test_croatian_rummy, test_kings_corner
from tests.games import test_pontoon, test_russian_blackjack, test_shif_shof_shum
from tests.games.cardgame_helpers import Auditor, make, play_randomly, random_action, without_log
from tests.games.hand_helpers import whole_deal

def test_a_move_taken_back_is_worded_on_the_screens():
    """The kit's key is registered with the screens' words (``modes/kit.js``)."""
    from tests.web.test_log_words import worded_keys

    assert set(MODES["cheat"].KIT_MESSAGES) <= worded_keys()


OFFERS = {"cheat", "kings_corner", "croatian_rummy", "shif_shof_shum", "blackjack", "casino_blackjack",
          "russian_blackjack", "pontoon"}


def views(g) -> list:
    """Every view of the game but the log."""
    public = {k: v for k, v in g.public_view().items() if k != "log"}
    return [public, *[(g.private_view(p), g.legal_actions(p)) for p in g.players()]]


def take_back_round_trip(g, pid: str, action: dict) -> None:
    """``action`` by ``pid`` is taken back: every view as before the move, the log says so."""
    before_state, before_views = g.to_state(), views(g)
    seq = g.s.log_seq
    g.apply(pid, action, 1.0)
    assert g.can_take_back(pid)
    assert not any(g.can_take_back(p) for p in g.players() if p != pid)
    g.take_back(pid, 2.0)
    assert views(g) == before_views
    assert without_log(g.to_state()) == without_log(before_state)
    assert [e.wire() for e in g.s.log if e.id > seq] == [{"id": g.s.log_seq, "msg": "game.took_back", "player": pid}]
    assert not g.can_take_back(pid)
    with pytest.raises(IllegalAction):
        g.take_back(pid, 3.0)


def test_a_cheat_play_is_taken_back_until_somebody_answers_it():
    g = make("cheat", 3, deck=whole_deal([["7S", "7H", "5D"]], 3, STANDARD_DECK))
    take_back_round_trip(g, "p0", {"type": "play", "cards": ["7S"], "rank": "A"})
    g.apply("p0", {"type": "play", "cards": ["7S"], "rank": "A"}, 4.0)
    g.apply("p1", {"type": "pass"}, 5.0)  # somebody answered: the play stands
    assert not g.can_take_back("p0")
    with pytest.raises(IllegalAction):
        g.take_back("p0", 6.0)


def test_a_cheat_call_is_never_taken_back():
    g = make("cheat", 2, deck=whole_deal([["7S", "7H"]], 2, STANDARD_DECK))
    g.apply("p0", {"type": "play", "cards": ["7S"], "rank": "A"}, 1.0)
    g.apply("p1", {"type": "call"}, 2.0)
    assert not g.can_take_back("p1") and not g.can_take_back("p0")


def test_a_kings_corner_lay_off_is_taken_back_and_a_draw_is_not():
    rng = random.Random(3)
    g = make("kings_corner", 3, seed=3)
    for _ in range(400):
        pid = g.turn()
        plays = [a for a in g.legal_actions(pid) if a["type"] in ("play", "move")]
        if plays:
            action = random_action(g, pid, rng)
            while action["type"] not in ("play", "move"):
                action = random_action(g, pid, rng)
            copy = type(g).from_state(g.to_state())
            copy.apply(pid, action, 1.0)
            if copy.can_take_back(pid):
                take_back_round_trip(g, pid, action)
                break
        g.apply(pid, random_action(g, pid, rng), 1.0)
        assert not g.can_take_back(pid) or g.s.log[-1].msg in ("kings_corner.play", "kings_corner.move")
    else:
        pytest.fail("no lay-off in 400 moves")
    g.apply(pid, {"type": "draw"} if any(a["type"] == "draw" for a in g.legal_actions(pid)) else {"type": "pass"}, 4.0)
    assert not g.can_take_back(pid)


@pytest.mark.parametrize("mode", ["blackjack", "casino_blackjack", "russian_blackjack", "pontoon"])
def test_a_bet_is_taken_back_while_the_others_still_bet(mode):
    g = make(mode, 3, seed=5)
    for _ in range(20):
        bettors = [p for p in g.players() if any(a["type"] == "bet" for a in g.legal_actions(p))]
        if len(bettors) >= 2:
            break
        pid = next(p for p in g.players() if g.legal_actions(p))
        g.apply(pid, random_action(g, pid, random.Random(1)), 1.0)
    first, *rest = bettors
    spec = next(a for a in g.legal_actions(first) if a["type"] == "bet")
    take_back_round_trip(g, first, {"type": "bet", "amount": spec["params"]["amount"]["int"]["min"]})
    for pid in bettors:
        spec = next(a for a in g.legal_actions(pid) if a["type"] == "bet")
        g.apply(pid, {"type": "bet", "amount": spec["params"]["amount"]["int"]["min"]}, 3.0)
    assert not g.can_take_back(bettors[-1])  # the last bet dealt the cards


@pytest.mark.parametrize("mode", sorted(set(MODES) - OFFERS))
def test_a_game_without_undo_never_offers_one(mode):
    cls = MODES[mode]
    g = cls.new([{"id": f"p{i}", "group": None} for i in range(3)], cls.check_options({}), random.Random(2), 0.0)
    rng = random.Random(2)
    for step in range(200):
        if g.is_over():
            break
        movers = [p for p in g.players() if g.legal_actions(p)]
        if not movers:
            if g.next_deadline() is None:
                break
            g.tick(g.next_deadline())
            continue
        pid = rng.choice(movers)
        try:
            g.apply(pid, random_action(g, pid, rng), float(step))
        except IllegalAction:
            continue
        assert not any(g.can_take_back(p) for p in g.players()), g.s.log[-1]


AUDITS = {
    "cheat": lambda: Auditor(test_cheat.hidden, test_cheat.visible),
    "kings_corner": lambda: Auditor(test_kings_corner.hidden, test_kings_corner.visible),
    "croatian_rummy": lambda: test_croatian_rummy.RummyAuditor(),
    "shif_shof_shum": lambda: Auditor(test_shif_shof_shum.hidden, test_shif_shof_shum.visible),
    "blackjack": lambda: Auditor(test_blackjack.hidden, test_blackjack.visible),
    "casino_blackjack": lambda: Auditor(test_casino_blackjack.hidden, test_casino_blackjack.visible),
    "russian_blackjack": lambda: Auditor(test_russian_blackjack.hidden, test_russian_blackjack.visible),
    "pontoon": lambda: Auditor(test_pontoon.hidden, test_pontoon.visible),
}


@pytest.mark.parametrize("mode", sorted(OFFERS))
@pytest.mark.parametrize("seed", range(2))
def test_random_play_through_undos_leaks_nothing_and_finishes(mode, seed):
    """Random bots take back a third of the moves they may: no view ever shows a hidden card,
    every move taken back leaves no trace but its log entry, and the game still ends."""
    auditor = AUDITS[mode]()
    n = 2 if mode == "casino_blackjack" else 4 if mode == "pontoon" else 3
    g = make(mode, n, seed=seed)
    log: list = []
    g, _ = play_randomly(g, random.Random(seed), auditor=auditor, undos=0.35, max_steps=40000, log=log)
    assert g.is_over() and auditor.checked > 10
    assert any(e["msg"] == "game.took_back" for e in log), "nobody took a move back"
