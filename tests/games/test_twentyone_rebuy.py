"""Out of chips in the 21 games (``twentyone/rounds.py``): with the table
rule ``rebuy`` on, a player out of chips is asked at the next deal to buy
back in (a stack of ``rebuy_chips``, the starting stack when 0) or to sit
the rest of the game out; every re-buy is logged, counted in the result and
survives a save."""

from __future__ import annotations

import random

import pytest

from partyapp.games import MODES, IllegalAction
from partyapp.games.kit.base import OptionError

from .cardgame_helpers import act, entries, make, plays_on_the_same, random_action, roundtrip, types

BUST = ["10H", "10S", "6D", "8C", "KS"]  # p0 is dealt 10 6 and hits the 8: 24


def broke(n=2, **options):
    """p0 bets their whole stack of 10 and busts; the next deal asks them."""
    g = make("blackjack", n, deck=list(BUST), start_chips=10, min_bet=10, max_bet=10, rounds=4, **options)
    act(g, "p0", "bet", amount=10)
    for p in g.s.bettors[1:]:
        act(g, p, "sit_out")
    act(g, "p0", "hit")
    return g


def test_rebuy_is_a_table_rule_off_by_default_and_the_amount_the_starting_stack():
    options = {o["name"]: o for o in MODES["casino_blackjack"].option_list()}
    assert options["rebuy"]["default"] is False
    assert options["rebuy_chips"]["default"] == 0  # 0: the starting stack
    g = broke(rebuy=False)
    assert g.is_over() and g.s.result["reason"] == "chips"
    with pytest.raises(OptionError):
        MODES["blackjack"].check_options({"rebuy_chips": -1})


def test_a_broke_player_is_asked_and_buys_back_in_at_the_next_deal():
    g = broke(rebuy=True, rebuy_chips=20)
    assert not g.is_over()
    assert types(g, "p0") == ["rebuy", "sit_out_rest"]
    assert types(g, "p1") == []
    view = g.public_view()
    assert view["waiting_for"] == ["p0"] and view["table"]["rebuy_chips"] == 20
    assert entries(g, "chips.rebuy") == []
    plays_on_the_same(g, "p0", "rebuy")
    assert entries(g, "chips.rebuy") == [{"player": "p0", "amount": 20}]
    assert g.public_view()["chips"]["p0"] == 20 and g.public_view()["rebuys"] == {"p0": 1}
    assert g.s.phase == "bet" and "p0" in g.s.bettors + [g.s.dealer]  # in the deal that now opens
    g.finish(0.0)
    assert g.s.result["rebuys"] == {"p0": 1}
    assert g.s.result["net"]["p0"] == -10  # 10 + 20 bought, 20 left


def test_sitting_the_rest_out_is_logged_and_never_asked_again():
    g = broke(3, rebuy=True)
    plays_on_the_same(g, "p0", "sit_out_rest")
    assert entries(g, "chips.sit_out_rest") == [{"player": "p0"}]
    assert entries(g, "chips.rebuy") == []
    assert not g.is_over() and g.s.phase == "bet"
    assert types(g, "p0") == [] and "p0" not in g.public_view()["waiting_for"]
    assert g.public_view()["gone"] == ["p0"]
    with pytest.raises(IllegalAction):
        act(g, "p0", "rebuy")


def test_alone_with_chips_after_the_other_sits_out_ends_the_game():
    g = broke(rebuy=True)
    act(g, "p0", "sit_out_rest")
    assert g.is_over() and g.s.result["reason"] == "chips" and g.s.result["winners"] == ["p1"]


def test_an_absent_phone_sits_the_rest_out():
    g = broke(rebuy=True)
    assert g.waiting_for() == ["p0"]
    g.skip("p0", 0.0)
    assert entries(g, "chips.sit_out_rest") == [{"player": "p0"}]


def test_the_choice_survives_a_save():
    g = broke(rebuy=True, rebuy_chips=30)
    copy = roundtrip(g)
    assert types(copy, "p0") == ["rebuy", "sit_out_rest"]
    act(copy, "p0", "rebuy")
    assert copy.public_view()["chips"]["p0"] == 30
    assert roundtrip(copy).s.ledger.rebuys == {"p0": 1}


@pytest.mark.parametrize("mode", ["casino_blackjack", "russian_blackjack", "pontoon"])
def test_every_21_game_asks(mode):
    """In each game a player at 0 with re-buys on is asked before the next deal."""
    g = make(mode, 3, seed=3, start_chips=10, min_bet=5, max_bet=10, rounds=30, rebuy=True)
    rng = random.Random(3)
    for _ in range(400):
        if g.is_over() or g.s.choosing:
            break
        movers = [p for p in g.players() if g.legal_actions(p)]
        if not movers:
            g.tick(g.next_deadline())  # the house dealer's next step
            continue
        g.apply(movers[0], random_action(g, movers[0], rng), g.next_deadline() or 0.0)
    assert g.s.choosing, "nobody went broke"
    p = g.s.choosing[0]
    assert types(g, p) == ["rebuy", "sit_out_rest"]
    act(g, p, "rebuy")
    assert entries(g, "chips.rebuy")[-1] == {"player": p, "amount": 10}


def test_who_bought_back_in_is_in_the_view_until_their_deal_is_settled():
    """The TV's box of a player who bought back in says so (``rebought``,
    with the stack bought) while the others still choose and through the
    deal they bought in for; the next deal says it no more."""
    g = broke(3, rebuy=True, rebuy_chips=20)
    g.s.choosing.append("p1")  # two to choose: p0 chooses first, p1 still deciding
    assert g.public_view()["rebought"] == {}
    act(g, "p0", "rebuy")
    assert g.s.phase == "rebuy" and g.public_view()["rebought"] == {"p0": 20}
    assert roundtrip(g).public_view()["rebought"] == {"p0": 20}  # kept in a save
    g.s.choosing.remove("p1")
    g.next_round()  # p1 has chosen (as choose() does once nobody is left)
    assert g.s.phase == "bet" and g.public_view()["rebought"] == {"p0": 20}  # the deal they bought in for
    rng = random.Random(5)
    now, settled = 0.0, g.s.round
    while g.s.round == settled and not g.is_over():
        now += 0.5
        movers = [p for p in g.players() if g.legal_actions(p)]
        if movers:
            pid = movers[0]
            g.apply(pid, random_action(g, pid, rng), now)
        else:
            g.tick(max(now, g.next_deadline() or now))
        if g.s.round == settled:
            assert g.public_view()["rebought"] == {"p0": 20}
    assert g.public_view()["rebought"] == {}
