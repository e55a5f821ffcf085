"""Cheat (seed 000, "CHEAT"): one test per rule, on staged decks.

A staged game deals the whole pack from p0, and p0 plays first. With 13
players every hand holds 4 cards, so a hand can be played out in one go.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kit.base import TooLate
from partyapp.games.kit.cards import STANDARD_DECK
from partyapp.games.cheat import Cheat

from .cardgame_helpers import (CARD, Auditor, act, entries, make, msgs, play_randomly, roundtrip,
                               same_seed_same_game, types, unseen)
from .hand_helpers import whole_deal

HANDS = [
    ["7S", "7H", "2C", "KD"],  # p0
    ["8S", "3C", "3D", "QH"],  # p1
    ["AS", "AH", "KS", "KH"],  # p2
]


def cheat(hands=HANDS, n=13, **options):
    return make("cheat", n, deck=whole_deal(hands, n, STANDARD_DECK), **options)


def play(g, pid, cards, rank, now=0.0):
    return g.apply(pid, {"type": "play", "cards": cards, "rank": rank}, now)


def pass_all(g):
    """Everybody still in the call window passes."""
    for pid in list(g.s.window.waiting):
        act(g, pid, "pass")


# -- the deal and the first play ------------------------------------------------------------
def test_mode_is_registered():
    """cheat is a mode of the app."""
    assert MODES["cheat"] is Cheat


def test_the_whole_pack_is_dealt():
    """All 52 cards go out, one at a time round the table."""
    g = make("cheat", 3, seed=4)
    cards = [c for p in g.players() for c in g.hand(p)]
    assert sorted(cards) == sorted(STANDARD_DECK)
    assert sorted(g.hand_sizes().values()) == [17, 17, 18]
    assert g.public_view()["piles"] == {"pile": 0}


def test_the_first_player_is_picked_at_random():
    """Without a staged deck the first player is drawn by lot (and logged)."""
    firsts = {make("cheat", 4, seed=seed).s.current for seed in range(16)}
    assert len(firsts) > 1
    g = cheat()
    assert g.public_view()["turn"] == "p0" and entries(g, "cheat.first") == [{"player": "p0"}]


def test_the_first_play_may_call_any_rank_and_any_number_of_one_to_four_cards():
    """Free first call; a play is 1 to 4 cards of the player's hand."""
    g = make("cheat", 2, deck=whole_deal([], 2, STANDARD_DECK))
    [spec] = g.legal_actions("p0")
    assert spec["type"] == "play"
    assert spec["params"]["rank"] == {"one_of": ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]}
    assert spec["params"]["cards"] == {"subset_of": g.hand("p0"), "min": 1, "max": 4}
    with pytest.raises(IllegalAction):
        play(g, "p0", g.hand("p0")[:5], "7")
    with pytest.raises(NotYourTurn):
        play(g, "p1", g.hand("p1")[:1], "7")


def test_cards_go_face_down_and_only_the_call_is_public():
    """The table sees who played how many, and the rank called, never the cards."""
    g = cheat()
    play(g, "p0", ["2C", "KD"], "7")
    view = g.public_view()
    assert view["piles"] == {"pile": 2} and view["hand_sizes"]["p0"] == 2
    assert view["claim"] == {"player": "p0", "rank": "7", "count": 2}
    assert entries(g, "cheat.play") == [{"player": "p0", "rank": "7", "count": 2}]
    seen = set(CARD.findall(json.dumps([view] + [g.private_view(p) for p in g.players() if p != "p0"])))
    assert not {"2C", "KD"} & seen
    assert g.private_view("p0")["played"] == ["2C", "KD"] and g.private_view("p1")["played"] is None


# -- the sequence ---------------------------------------------------------------------------------
def test_the_next_play_calls_the_same_rank_or_one_above_or_below():
    """After a 7: 6, 7 or 8, nothing else."""
    g = cheat()
    play(g, "p0", ["7S"], "7")
    pass_all(g)
    assert g.public_view()["allowed"] == ["6", "7", "8"]
    assert g.legal_actions("p1")[0]["params"]["rank"] == {"one_of": ["6", "7", "8"]}
    with pytest.raises(IllegalAction):
        play(g, "p1", ["3C"], "3")


@pytest.mark.parametrize("wrap, after_king, after_ace", [
    (True, ["Q", "K", "A"], ["K", "A", "2"]),
    (False, ["Q", "K"], ["A", "2"]),
])
def test_the_ranks_go_round_from_king_to_ace_unless_the_option_says_not(wrap, after_king, after_ace):
    """With ``wrap`` an ace follows a king and a king an ace."""
    g = cheat(wrap=wrap)
    play(g, "p0", ["KD"], "K")
    pass_all(g)
    assert g.public_view()["allowed"] == after_king
    g2 = cheat(wrap=wrap)
    play(g2, "p0", ["2C"], "A")
    pass_all(g2)
    assert g2.public_view()["allowed"] == after_ace


def test_a_player_may_call_a_rank_they_do_not_play():
    """Lying is allowed: the cards are not checked unless somebody calls."""
    g = cheat()
    play(g, "p0", ["2C", "KD"], "7")
    pass_all(g)
    assert g.public_view()["turn"] == "p1" and g.hand("p0") == ["7S", "7H"]
    assert entries(g, "cheat.stands") == [{"player": "p0", "rank": "7", "count": 2}]


# -- the call window -----------------------------------------------------------------------------
def test_after_a_play_everybody_else_may_call_or_pass_and_nobody_plays():
    """The window is open to every other player; the next player waits."""
    g = cheat(n=3, hands=[["7S"], ["8S"], ["9S"]])
    play(g, "p0", ["7S"], "7", now=50.0)
    view = g.public_view()
    assert view["turn"] is None and view["window"]["player"] == "p0"
    assert view["window"]["waiting"] == ["p1", "p2"] and view["window"]["until"] == 58.0
    assert types(g, "p0") == [] and types(g, "p1") == ["call", "pass"] and types(g, "p2") == ["call", "pass"]
    act(g, "p1", "pass")
    assert g.public_view()["window"]["waiting"] == ["p2"] and types(g, "p1") == []
    act(g, "p2", "pass")
    assert g.public_view()["window"] is None and g.public_view()["turn"] == "p1"


def test_the_window_closes_when_its_time_is_up():
    """``call_seconds`` after the play the window closes by itself and the play stands."""
    g = cheat(n=3, hands=[["7S"], ["8S"], ["9S"]], call_seconds=5)
    play(g, "p0", ["7S"], "7", now=100.0)
    assert g.next_deadline() == 105.0
    assert g.tick(104.9) == [] and g.public_view()["window"] is not None
    events = g.tick(105.0)
    assert [e["msg"] for e in events] == ["cheat.stands"]
    assert g.public_view()["turn"] == "p1" and g.next_deadline() is None
    with pytest.raises(TooLate, match="accepted"):
        act(g, "p2", "call")


def test_a_call_after_the_time_is_up_is_too_late():
    """The server's clock decides: a call that arrives once the time is up is
    refused, even before the window's tick has run."""
    g = cheat(n=3, hands=[["7S", "2C"], ["8S"], ["9S"]], call_seconds=5)
    g.apply("p0", {"type": "play", "cards": ["2C"], "rank": "7"}, 10.0)
    before = g.to_state()
    with pytest.raises(TooLate, match="time to call is up"):
        g.apply("p1", {"type": "call"}, 15.0)
    assert g.to_state() == before
    for junk in ("call", None, ["call"], {"type": 3}):
        with pytest.raises(IllegalAction):
            g.apply("p2", junk, 12.0)
    g.apply("p1", {"type": "call"}, 14.9)
    assert g.s.reveal.caller == "p1"


def test_the_first_call_counts_and_a_second_is_refused():
    """Two players call: the first takes the challenge, the second is told no."""
    g = cheat(n=3, hands=[["7S", "2C"], ["8S"], ["9S"]])
    play(g, "p0", ["2C"], "7")
    act(g, "p2", "call")
    with pytest.raises(TooLate, match="called .Cheat!. first"):
        act(g, "p1", "call")
    assert TooLate.code == "conflict"
    assert entries(g, "cheat.call") == [{"player": "p2", "target": "p0"}]


def called_on_eights(cards: list[str], caller: str):
    """p0's two sevens pass; p1 plays ``cards`` saying 8 and ``caller``
    calls "Cheat!"."""
    g = cheat()
    play(g, "p0", ["7S", "7H"], "7")
    pass_all(g)
    play(g, "p1", cards, "8")
    act(g, caller, "call")
    return g


def test_a_caught_cheat_picks_up_the_whole_pile_and_drinks():
    """Any card not of the rank called: the player takes the pile, earlier plays too."""
    g = called_on_eights(["3C"], "p2")
    assert entries(g, "cheat.reveal") == [{"player": "p1", "rank": "8", "cards": ["3C"], "truthful": False}]
    assert sorted(g.hand("p1")) == sorted(["8S", "3D", "QH", "7S", "7H", "3C"])
    assert entries(g, "cheat.pickup") == [{"player": "p1", "count": 3, "drinks": 1}]
    view = g.public_view()
    assert view["piles"] == {"pile": 0} and view["drinks"] == {"p1": 1}
    assert view["reveal"] == {"player": "p1", "rank": "8", "cards": ["3C"], "truthful": False,
                              "caller": "p2", "taker": "p1"}
    assert view["turn"] == "p2"


def test_a_wrong_call_makes_the_caller_pick_up_the_pile_and_drink():
    """All cards of the rank called: the caller takes the pile."""
    g = called_on_eights(["8S"], "p5")
    assert entries(g, "cheat.reveal")[0]["truthful"] is True
    assert g.hand_sizes()["p5"] == 4 + 3 and g.drinks() == {"p5": 1}
    assert g.public_view()["turn"] == "p2"


def test_after_a_challenge_the_player_left_of_the_challenged_goes_on_in_sequence():
    """The next player is on the left of the one challenged, and calls next to the last call."""
    g = cheat()
    play(g, "p0", ["2C"], "7")
    act(g, "p4", "call")  # p0 picks up; p1 plays next
    view = g.public_view()
    assert view["turn"] == "p1" and view["allowed"] == ["6", "7", "8"]
    assert view["window"] is None and view["reveal"]["taker"] == "p0"


def test_the_reveal_stays_on_the_table_until_the_next_play():
    """Everybody sees the turned cards until somebody plays again."""
    g = cheat()
    play(g, "p0", ["2C"], "7")
    act(g, "p4", "call")
    assert g.public_view()["reveal"]["cards"] == ["2C"]
    play(g, "p1", ["8S"], "8")
    assert g.public_view()["reveal"] is None


# -- the end --------------------------------------------------------------------------------------
def test_out_of_cards_with_no_call_wins():
    """The last cards played and nobody calls: that player wins, the most cards drink."""
    g = cheat()
    play(g, "p0", ["7S", "7H", "2C", "KD"], "7")
    assert not g.is_over()
    pass_all(g)
    result = g.public_view()["result"]
    assert g.is_over() and result["winners"] == ["p0"] and result["winner"] == "p0"
    assert result["losers"] == [f"p{i}" for i in range(1, 13)]
    assert g.drinks() == {f"p{i}": 1 for i in range(1, 13)}
    assert "game.over" in msgs(g)


def test_out_of_cards_but_caught_picks_up_and_play_goes_on():
    """Caught on the last play: the pile comes back and the game goes on."""
    g = cheat()
    play(g, "p0", ["7S", "7H", "2C", "KD"], "7")
    act(g, "p1", "call")
    assert not g.is_over() and g.hand_sizes()["p0"] == 4
    assert g.public_view()["turn"] == "p1"


def test_out_of_cards_and_wrongly_called_wins():
    """Surviving the challenge of the last play wins; the caller still picks up."""
    g = cheat(hands=[["7S", "7H", "7D", "7C"]])
    play(g, "p0", ["7S", "7H", "7D", "7C"], "7")
    act(g, "p3", "call")
    assert g.is_over() and g.s.result["winners"] == ["p0"]
    assert g.hand_sizes()["p3"] == 8 and g.s.result["losers"] == ["p3"]
    assert g.drinks()["p3"] == 2  # the wrong call, then the most cards


def test_forfeits_can_be_switched_off():
    """Nobody drinks, the rules are the same."""
    g = cheat(forfeits=False)
    play(g, "p0", ["2C"], "7")
    act(g, "p1", "call")
    assert g.hand_sizes()["p0"] == 4 and g.drinks() == {}
    assert entries(g, "cheat.pickup") == [{"player": "p0", "count": 1, "drinks": 0}]


def test_the_host_ending_the_game_names_the_fewest_and_most_cards():
    """Ended early: the fewest cards are the winners, the most the losers."""
    g = cheat(n=3, hands=[["7S"], ["8S"], ["9S"]])
    play(g, "p0", g.hand("p0")[:3], "7")  # 18 cards, now 15; 17 each for the others
    g.finish(0.0)
    result = g.s.result
    assert result["reason"] == "host" and result["winners"] == ["p0"] and result["losers"] == ["p1", "p2"]
    assert g.drinks() == {}


# -- absent and leaving players ---------------------------------------------------------------------
def test_skip_plays_one_true_card_when_there_is_one():
    """An absent player lays their lowest card of a rank they may call, called truly."""
    g = cheat()
    g.skip("p0", 0.0)
    assert entries(g, "cheat.play") == [{"player": "p0", "rank": "2", "count": 1}]
    assert "2C" not in g.hand("p0")


def test_skip_passes_in_the_window_and_lies_as_little_as_it_must():
    """In the window an absent player passes; with no rank to call truly, the
    lowest card is called as the last rank."""
    g = cheat()
    play(g, "p0", ["7S"], "7")
    g.skip("p1", 0.0)
    assert "p1" not in g.s.window.waiting
    pass_all(g)
    play(g, "p1", ["3C"], "7")
    pass_all(g)
    g.skip("p2", 0.0)  # AS AH KS KH: nothing of 6, 7 or 8
    assert entries(g, "cheat.play")[-1] == {"player": "p2", "rank": "7", "count": 1}
    assert "AS" not in g.hand("p2")
    assert [e["action"] for e in entries(g, "game.skipped")] == ["pass", "play"]


def test_skip_is_refused_for_a_player_the_game_does_not_wait_on():
    """Nobody but the player to play is waited on outside the window."""
    g = cheat()
    with pytest.raises(IllegalAction):
        g.skip("p1", 0.0)


def test_a_leavers_cards_go_under_the_pile():
    """They stay face down; whoever picks up the pile gets them."""
    g = cheat()
    play(g, "p0", ["2C"], "7")
    pass_all(g)
    g.remove_player("p1", 0.0)
    view = g.public_view()
    assert view["piles"] == {"pile": 5} and view["turn"] == "p2"
    assert g.s.pile[:4] == ["8S", "3C", "3D", "QH"]


def test_a_play_stands_when_its_player_leaves_in_the_window():
    """The window closes, the play stays in the pile, the next player plays."""
    g = cheat()
    play(g, "p0", ["2C"], "7")
    g.remove_player("p0", 0.0)  # 2C played, 7S 7H KD under the pile
    view = g.public_view()
    assert view["window"] is None and view["turn"] == "p1" and view["piles"] == {"pile": 4}
    assert g.s.pile == ["7S", "7H", "KD", "2C"]


def test_the_window_closes_when_the_last_player_waited_on_leaves():
    """Everybody else passed; the last one leaves: the play stands."""
    g = cheat(n=3, hands=[["7S"], ["8S"], ["9S"]])
    play(g, "p0", ["7S"], "7")
    act(g, "p1", "pass")
    g.remove_player("p2", 0.0)
    assert g.public_view()["window"] is None and g.public_view()["turn"] == "p1"


# -- random play ---------------------------------------------------------------------------------
def hidden(g, viewer):
    """Every hand but the viewer's, and the face-down pile."""
    return unseen(g, viewer, g.s.pile)


def visible(g, viewer):
    """The viewer's hand, the cards the viewer just played and the cards
    turned in the last challenge."""
    out = Counter(g.s.hands.get(viewer, []))
    if g.s.last and g.s.last.player == viewer:
        out.update(g.s.last.cards)
    if g.s.reveal:
        out.update(g.s.reveal.cards)
    return out


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (5, 3), (8, 4), (16, 5)])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed):
    """Bots calling and lying at random finish the game, and no view carries
    a card of another hand or of the pile."""
    auditor = Auditor(hidden, visible)
    g, _ = play_randomly(make("cheat", n, seed=seed), random.Random(seed), auditor=auditor,
                         max_steps=30000)
    assert g.is_over() and g.s.result["reason"] == "out" and auditor.checked > 10
    winner = g.s.result["winner"]
    assert g.hand(winner) == [] and all(g.hand(p) for p in g.players() if p != winner)
    assert sum(len(h) for h in g.s.hands.values()) + len(g.s.pile) == 52


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_players_leaving_and_absent(seed):
    """Leavers and skipped phones: no card is lost and the game ends."""
    g, _ = play_randomly(make("cheat", 4, seed=seed), random.Random(seed), auditor=Auditor(hidden, visible),
                         churn=True, joins=False, skips=0.2, max_steps=30000)
    assert g.is_over() and g.s.result["reason"] in ("out", "players")
    assert sum(len(h) for h in g.s.hands.values()) + len(g.s.pile) == 52


def test_same_seed_same_game():
    """One seed deals and plays the same game; another seed deals another."""
    same_seed_same_game("cheat", 42, n=4)
    assert make("cheat", 3, seed=7).hand("p0") != make("cheat", 3, seed=8).hand("p0")


def test_state_round_trips_in_the_call_window():
    """A game saved with the window open plays on the same after a restart."""
    g = cheat()
    play(g, "p0", ["2C"], "7", now=10.0)
    copy = roundtrip(g)
    assert copy.next_deadline() == 18.0
    act(copy, "p3", "call")
    act(g, "p3", "call")
    assert copy.to_state() == g.to_state()


def test_every_message_key_is_declared_and_used():
    """Every key this engine logs is declared, and every declared key turns up."""
    log: list[dict] = []
    for seed in range(6):
        play_randomly(make("cheat", 2 + seed % 4, seed=seed), random.Random(seed), churn=True, joins=False,
                      skips=0.2, every=200, log=log, max_steps=30000)
    used = {e["msg"] for e in log}
    assert set(Cheat.MESSAGES) - used == set()
