"""Old Maid (seed 000, "OLD MAID"): one test per rule, on staged decks.

The dealer of a staged game is the last seat, so the deal starts with p0,
and p0 takes first, from the dealer. ``deal(...)`` stages all 51 cards so
that each seat keeps exactly the cards named once its pairs are gone.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kit.cards import make_deck
from partyapp.games.kit.handgame import rank_groups
from partyapp.games.old_maid import DECK, OldMaid

from .cardgame_helpers import (CARD, Auditor, act, entries, make, msgs, play_randomly, roundtrip, same_seed_same_game,
                               types, unseen)
from .hand_helpers import deal_order_deck


def deal(*singles: list[str]) -> list[str]:
    """The 51 cards dealt so that seat i keeps ``singles[i]`` after the pairs
    go: every other card is dealt in pairs, to a seat that keeps no single
    of the same rank where there is one (else three of a rank meet)."""
    n = len(singles)
    sizes = [51 // n + (1 if i < 51 % n else 0) for i in range(n)]
    used = {c for s in singles for c in s}
    hands: list[list[str]] = [[] for _ in singles]
    kept = [{c[:-1] for c in s} for s in singles]
    groups = rank_groups(c for c in DECK if c not in used)
    # the ranks some seats may not take first, while every seat has room
    for rank in sorted(groups, key=lambda r: -sum(r in k for k in kept)):
        cards = groups[rank]
        assert len(cards) % 2 == 0, f"the singles leave an odd number of {rank}s"
        for k in range(0, len(cards), 2):
            free = [i for i in range(n) if rank not in kept[i]] or list(range(n))
            i = max(free, key=lambda j: sizes[j] - len(singles[j]) - len(hands[j]))
            hands[i] += cards[k:k + 2]
    hands = [h + list(s) for h, s in zip(hands, singles)]  # dealt last, a single outlives its rank's pairs
    assert [len(h) for h in hands] == sizes, "the singles do not fit the deal"
    return deal_order_deck(hands)


def game(*singles, **options):
    return make("old_maid", len(singles), deck=deal(*singles), **options)


def take(g, card):
    """The taker takes ``card`` from the offered hand."""
    act(g, g.s.taker, "take", position=g.hand(g.holder()).index(card))


# Three players: p0 and p2 can pair up kings, jacks and tens; p1 holds a queen.
THREE = (["5H", "9S", "KD", "JH", "10H"], ["5S", "9H", "QS"], ["KH", "JS", "10S"])


# -- the deal -------------------------------------------------------------------------------
def test_mode_is_registered():
    """old_maid is a mode of the app."""
    assert MODES["old_maid"] is OldMaid


@pytest.mark.parametrize("queen", ["QS", "QH", "QD", "QC"])
def test_a_staged_deck_may_leave_out_any_one_queen_and_that_one_is_out(queen):
    """A whole staged pack without ``queen``: accepted, dealt as staged, and
    the queen it leaves out is the one out of play."""
    pack = [c for c in make_deck(52) if c != queen]
    g = make("old_maid", 3, deck=pack)
    everything = [c for p in g.players() for c in g.hand(p)] + g.public_view()["piles"]["discards"]
    assert sorted(everything) == sorted(pack) and queen not in everything
    assert g.s.removed == queen


def test_a_short_staged_deck_with_the_queen_of_clubs_takes_out_another_queen():
    """Staging the queen of clubs (three cards only): the queen of diamonds is out instead."""
    g = make("old_maid", 2, deck=["QC", "2S", "3S"])
    everything = [c for p in g.players() for c in g.hand(p)] + g.public_view()["piles"]["discards"]
    assert "QC" in everything and "QD" not in everything and len(everything) == 51


def test_a_staged_deck_with_every_queen_is_refused():
    """The pack holds three queens: a staged deck with four cannot be dealt."""
    with pytest.raises(ValueError, match="one queen"):
        make("old_maid", 2, deck=["QS", "QH", "QD", "QC"])


def test_one_queen_is_taken_out_and_all_51_cards_are_dealt():
    """51 cards, one queen short, dealt round from the dealer's left."""
    g = make("old_maid", 3, seed=5)
    everything = [c for p in g.players() for c in g.hand(p)] + g.public_view()["piles"]["discards"]
    assert sorted(everything) == sorted(DECK) and len(DECK) == 51
    assert sum(1 for c in DECK if c[0] == "Q") == 3
    counts = entries(g, "old_maid.deal")[0]["counts"]
    assert counts == [17, 17, 17]
    for seed in range(4):
        g2 = make("old_maid", 2, seed=seed)
        first = g2.next_after(g2.s.dealer)
        counts = dict(zip(g2.players(), entries(g2, "old_maid.deal")[0]["counts"]))
        assert counts[first] == 26 and counts[g2.s.dealer] == 25


def test_pairs_are_discarded_face_up_at_the_deal():
    """Every pair in a hand goes out face up; only odd cards stay."""
    g = game(*THREE)
    assert g.hand("p0") == THREE[0] and g.hand("p1") == THREE[1] and g.hand("p2") == THREE[2]
    discards = g.public_view()["piles"]["discards"]
    assert len(discards) == 51 - 11
    for p in g.players():
        assert all(len(cs) == 1 for cs in rank_groups(g.hand(p)).values())
    assert {e["player"] for e in entries(g, "old_maid.pairs")} == {"p0", "p1", "p2"}


def test_three_of_a_rank_lose_one_pair_and_keep_one_card():
    """A pair goes, the third card stays."""
    g = game(["7D", "5H"], ["7C", "5S", "QS"])  # the other two sevens go to one of them
    for p in ("p0", "p1"):
        assert len([c for c in g.hand(p) if c[0] == "7"]) == 1
    assert len([c for c in g.public_view()["piles"]["discards"] if c[0] == "7"]) == 2


def test_the_dealers_left_takes_first_from_the_dealer():
    """The dealer offers first, to the player on their left."""
    g = game(*THREE)
    view = g.public_view()
    assert view["dealer"] == "p2" and view["taker"] == "p0" and view["holder"] == "p2"
    assert view["turn"] == "p0" and view["offered"] == 3


def test_the_taker_sees_the_offered_hand_as_backs_and_picks_a_place():
    """The taker picks a position among face-down cards; no view but the
    holder's carries the offered cards."""
    g = game(*THREE)
    assert g.legal_actions("p0") == [{"type": "take", "params": {"position": {"one_of": [0, 1, 2]}}}]
    others = [g.public_view(), g.private_view("p0"), g.private_view("p1"), g.legal_actions("p0")]
    assert not {"KH", "JS", "10S"} & set(CARD.findall(json.dumps(others)))
    assert set(CARD.findall(json.dumps(g.private_view("p2")))) == {"KH", "JS", "10S"}
    with pytest.raises(IllegalAction):
        act(g, "p0", "take", position=3)
    with pytest.raises(NotYourTurn):
        act(g, "p1", "take", position=0)


def test_a_card_taken_that_makes_a_pair_is_discarded():
    """The pair goes out face up at once."""
    g = game(*THREE)
    assert g.public_view()["pairs"]["p0"] == (17 - 5) // 2
    take(g, "KH")
    assert "KH" not in g.hand("p0") and "KD" not in g.hand("p0")
    assert g.public_view()["piles"]["discards"][-2:] == ["KD", "KH"]
    assert entries(g, "old_maid.take") == [{"player": "p0", "holder": "p2", "position": 0}]
    assert entries(g, "old_maid.pairs")[-1] == {"player": "p0", "cards": ["KD", "KH"]}
    assert g.public_view()["pairs"]["p0"] == (17 - 5) // 2 + 1


def test_a_card_that_makes_no_pair_joins_the_hand_at_a_random_place():
    """No pair: the card stays in the taker's hand, where the giver cannot follow it."""
    places = set()
    for seed in range(12):
        g = make("old_maid", 3, deck=deal(["5H", "9S", "KD", "JH", "10H"], ["5S", "9H", "QS", "2C", "8D"],
                                          ["KH", "JS", "10S", "2S", "8H"]), seed=seed)
        take(g, "2S")
        assert sorted(g.hand("p0")) == sorted(["5H", "9S", "KD", "JH", "10H", "2S"])
        places.add(g.hand("p0").index("2S"))
    assert len(places) > 2


def test_the_holder_can_shuffle_the_offered_hand():
    """Only the holder, only while their hand is offered: same cards, new order."""
    g = game(*THREE)
    assert types(g, "p2") == ["shuffle"] and types(g, "p1") == [] and types(g, "p0") == ["take"]
    orders = set()
    for _ in range(8):
        act(g, "p2", "shuffle")
        orders.add(tuple(g.hand("p2")))
        assert sorted(g.hand("p2")) == sorted(THREE[2])
    assert len(orders) > 1
    assert g.public_view()["shuffles"] == 8 and entries(g, "old_maid.shuffle")[0] == {"player": "p2"}
    with pytest.raises(IllegalAction):
        act(g, "p1", "shuffle")


def test_a_single_card_is_not_shuffled():
    """One card has no order to shuffle: the holder has nothing to do."""
    g = game(["5H", "9S", "KD"], ["5S", "9H", "QS"], ["KH"])
    assert g.public_view()["holder"] == "p2" and types(g, "p2") == []


def test_play_goes_on_to_the_left_taking_from_the_right():
    """After a take, the taker offers their own hand to the next player on the left."""
    g = game(*THREE)
    take(g, "JS")  # pairs with JH
    view = g.public_view()
    assert view["taker"] == "p1" and view["holder"] == "p0"
    take(g, "5H")  # p1 pairs the fives
    assert g.public_view()["taker"] == "p2" and g.public_view()["holder"] == "p1"


def test_a_player_out_of_cards_is_safe_and_passed_over():
    """An emptied hand is safe; the turn goes round the players who still hold cards."""
    g = game(["5H", "9S", "KD"], ["5S", "9H", "QS"], ["KH"])
    take(g, "KH")  # p2 is out, p0 pairs the kings
    assert g.public_view()["safe"] == ["p2"] and entries(g, "old_maid.safe") == [{"player": "p2"}]
    assert g.public_view()["taker"] == "p1" and g.public_view()["holder"] == "p0"
    take(g, "9S")
    # p2 is safe: p0 takes from p1, the nearest on their right who holds cards
    assert g.public_view()["taker"] == "p0" and g.public_view()["holder"] == "p1"
    assert g.hand_sizes()["p2"] == 0 and g.legal_actions("p2") == []


def test_the_holder_of_the_last_queen_loses_and_drinks():
    """Every card paired but the odd queen: its holder loses and drinks 1."""
    g = game(["5H", "9S"], ["5S", "9H", "QS"])
    assert g.public_view()["taker"] == "p0" and g.public_view()["holder"] == "p1"
    take(g, "5S")
    assert g.hand("p0") == ["9S"]
    take(g, "9S")  # p1 pairs the nines; p0 is out, p1 is left with the queen
    view = g.public_view()
    assert view["over"] and view["loser"] == "p1" and view["result"]["losers"] == ["p1"]
    assert view["result"]["winners"] == ["p0"] and view["result"]["card"] == "QS"
    assert view["drinks"] == {"p1": 1}
    assert entries(g, "old_maid.loser") == [{"player": "p1", "card": "QS"}]
    assert g.legal_actions("p0") == [] and g.legal_actions("p1") == []


def test_forfeits_can_be_switched_off():
    """With forfeits off the loser still loses, and nobody drinks."""
    g = game(["5H", "9S"], ["5S", "9H", "QS"], forfeits=False)
    take(g, "5S")
    take(g, "9S")
    assert g.is_over() and g.s.result["losers"] == ["p1"] and g.drinks() == {}


def test_a_hand_paired_out_at_the_deal_is_safe_at_once():
    """Nothing left after the pairs: safe before play starts; one holder left loses at once."""
    g = game([], ["QS"])
    assert g.is_over() and g.s.result["losers"] == ["p1"] and g.s.result["safe"] == ["p0"]


def test_when_the_dealer_is_out_the_first_player_takes_from_the_next_on_the_right():
    """A dealer with no cards offers nothing: p0 takes from p2, the nearest
    player on their right who holds cards."""
    g = game(["5H"], ["5S"], ["QS"], [])
    view = g.public_view()
    assert view["dealer"] == "p3" and g.hand("p3") == [] and view["safe"] == ["p3"]
    assert view["taker"] == "p0" and view["holder"] == "p2"


def test_only_the_taker_and_the_holder_know_the_card_taken():
    """The two players who handled the card see it (``you.last_take``); the
    table sees who took from whom and where."""
    g = game(*THREE)
    take(g, "10S")
    assert g.private_view("p0")["last_take"]["card"] == "10S"
    assert g.private_view("p2")["last_take"]["card"] == "10S"
    assert g.private_view("p1")["last_take"] is None
    assert g.public_view()["last_take"] == {"taker": "p0", "holder": "p2", "position": 2}


# -- absent and leaving players ----------------------------------------------------------------------
def test_skip_takes_the_middle_card_for_an_absent_taker():
    """The host's skip takes the card in the middle of the fan."""
    g = game(*THREE)
    middle = g.hand("p2")[1]
    g.skip("p0", 0.0)
    assert g.private_view("p0")["last_take"]["card"] == middle
    assert entries(g, "game.skipped") == [{"player": "p0", "action": "take"}]


def test_skip_is_refused_for_a_player_the_game_does_not_wait_on():
    """The holder and the others are not waited on."""
    g = game(*THREE)
    for pid in ("p1", "p2"):
        with pytest.raises(IllegalAction):
            g.skip(pid, 0.0)


def test_a_leavers_cards_go_to_the_next_player_who_holds_cards():
    """The next holder clockwise takes the cards and discards the pairs they make."""
    g = game(*THREE)
    g.remove_player("p1", 0.0)  # 5S 9H QS to p2, who pairs none of them
    assert sorted(g.hand("p2")) == sorted(["KH", "JS", "10S", "5S", "9H", "QS"])
    g = game(*THREE)
    g.remove_player("p2", 0.0)  # KH JS 10S to p0, who pairs all three
    assert sorted(g.hand("p0")) == ["5H", "9S"]
    assert entries(g, "old_maid.pairs")[-1]["player"] == "p0"
    view = g.public_view()
    assert view["taker"] == "p0" and view["holder"] == "p1"


def test_the_taker_leaving_passes_the_turn_left():
    """The next player who holds cards takes, from the nearest holder on their right."""
    g = game(*THREE)
    g.remove_player("p0", 0.0)  # p1 gets p0's cards and pairs the fives and nines
    assert sorted(g.hand("p1")) == sorted(["QS", "KD", "JH", "10H"])
    view = g.public_view()
    assert view["taker"] == "p1" and view["holder"] == "p2"
    assert "game.left" in msgs(g)


def test_the_game_ends_when_too_few_players_are_left():
    """One player left: the game is over, nobody loses."""
    g = make("old_maid", 2, seed=2)
    g.remove_player("p1", 0.0)
    assert g.is_over() and g.s.result["reason"] == "players" and g.s.result["losers"] == []


# -- random play --------------------------------------------------------------------------------------
def hidden(g, viewer):
    """Every hand but the viewer's, and the queen taken out."""
    return unseen(g, viewer, [g.s.removed])


def visible(g, viewer):
    """The discarded pairs, the viewer's hand, the card the viewer just took
    or lost, and the last queen once the game is over."""
    out = Counter(g.s.discards)
    out.update(g.s.hands.get(viewer, []))
    last = g.s.last_take
    if last and viewer in (last.taker, last.holder):
        out[last.card] += 1
    if g.s.over and g.s.loser:
        out.update(g.s.hands[g.s.loser])
    return out


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (6, 4), (9, 5), (16, 6)])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed):
    """Bots picking at random finish the game with one loser holding a
    queen, and no view ever carries a card of another hand."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make("old_maid", n, seed=seed), random.Random(seed), auditor=auditor)
    result = g.s.result
    assert g.is_over() and auditor.checked >= steps
    assert len(result["losers"]) == 1 and result["card"][0] == "Q"
    assert len(g.s.discards) == 50


def test_random_play_with_players_leaving_and_absent():
    """Leavers and skipped phones: no card is lost, the game still ends with
    the odd queen's holder as the loser, round-tripping through JSON at every
    step."""
    reasons = Counter()
    for seed in range(8):
        g, _ = play_randomly(make("old_maid", 5, seed=seed), random.Random(seed), auditor=Auditor(hidden, visible),
                             churn=True, joins=False, skips=0.2)
        result = g.s.result
        reasons[result["reason"]] += 1
        assert sum(len(h) for h in g.s.hands.values()) + len(g.s.discards) == 51
        assert all(len(g.s.hands[p]) == 1 and g.s.hands[p][0][0] == "Q" for p in result["losers"])
    assert reasons["out"] >= 4 and set(reasons) <= {"out", "players"}


def test_same_seed_same_game():
    """One seed deals and plays the same game; another seed deals another."""
    same_seed_same_game("old_maid", 42, n=5)
    assert make("old_maid", 3, seed=7).hand("p0") != make("old_maid", 3, seed=8).hand("p0")


def test_state_round_trips_mid_game():
    """A game saved mid-game plays on the same after a restart."""
    g = game(*THREE)
    act(g, "p2", "shuffle")
    copy = roundtrip(g)
    act(copy, "p0", "take", position=1)
    act(g, "p0", "take", position=1)
    assert copy.to_state() == g.to_state()


def test_every_message_key_is_declared_and_used():
    """Every key this engine logs is declared, and every declared key turns up."""
    log: list[dict] = []
    for seed in range(20):
        play_randomly(make("old_maid", 2 + seed % 6, seed=seed), random.Random(seed), churn=True, joins=False,
                      skips=0.2, every=25, log=log)
    used = {e["msg"] for e in log}
    assert set(OldMaid.MESSAGES) - used == set()
