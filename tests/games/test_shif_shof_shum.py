"""Shif-shof-shum (seed 003, "Шиф, шоф и шум"): one test per rule, on staged decks.

Without a staged deck the first dealer is drawn by lot; with one it is the
last seat, so the first seat leads and a staged deck
is dealt one card at a time from the first seat. ``stage`` builds a whole
32-card deck from the hands a test names (each hand completed from the
rest of the pack in pack order), so every card's place is known.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kit.cards import make_deck
from partyapp.games.shif_shof_shum import ShifShofShum

from .cardgame_helpers import (Auditor, act, entries, make, msgs, play_randomly, roundtrip,
                               same_seed_same_game, types, unseen)

PACK32 = make_deck(32)


def stage(*hands: list[str], pack: list[str] = PACK32) -> list[str]:
    """The staged deck that deals ``hands`` (completed from the rest of the
    pack in pack order) and sets the rest aside."""
    used = [c for h in hands for c in h]
    rest = [c for c in pack if c not in used]
    size = len(pack) // len(hands)
    full = []
    for h in hands:
        full.append(h + rest[:size - len(h)])
        del rest[:size - len(h)]
    return [full[i][r] for r in range(size) for i in range(len(hands))] + rest


def game(*hands, **options):
    options.setdefault("pack", "32")
    return make("shif_shof_shum", len(hands), deck=stage(*hands), **options)


def tokens(g):
    return dict(g.s.tokens)


# Hands for three players, 10 cards each from the 32-card pack (2 aside).
# Sevens: p0 7S, p1 7H, p2 7D; p0 also holds 7C. Eights: p1 holds two.
THREE = (["7S", "7C", "AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"],
         ["7H", "8S", "8H", "QS", "QH", "QD", "QC", "JS", "JH", "JD"],
         ["7D", "8D", "9S", "9H", "9D", "9C", "10S", "10H", "10D", "10C"])


# -- set-up and the deal ---------------------------------------------------------------------
def test_mode_is_registered():
    """shif_shof_shum is a mode of the app."""
    assert MODES["shif_shof_shum"] is ShifShofShum


def test_the_first_dealer_is_drawn_by_lot():
    """Without a staged deck the first dealer is drawn at random (any seat,
    the same for the same seed), and the player on their left leads."""
    dealers = {}
    for seed in range(24):
        g = make("shif_shof_shum", 4, seed=seed)
        view = g.public_view()
        assert make("shif_shof_shum", 4, seed=seed).public_view()["dealer"] == view["dealer"]
        seats = g.s.seats
        assert view["turn"] == seats[(seats.index(view["dealer"]) + 1) % 4]
        dealers[view["dealer"]] = seed
    assert sorted(dealers) == ["p0", "p1", "p2", "p3"]


def test_a_staged_deck_is_dealt_by_the_last_seat():
    """With a staged deck the last seat deals, so the first seat leads."""
    g = make("shif_shof_shum", 4, deck=["2S"], seed=5)
    assert g.public_view()["dealer"] == "p3" and g.public_view()["turn"] == "p0"


def test_everybody_antes_one_of_five_tokens_into_the_box():
    """Five tokens each, one of them into the box before play."""
    g = make("shif_shof_shum", 4)
    view = g.public_view()
    assert view["tokens"] == {"p0": 4, "p1": 4, "p2": 4, "p3": 4} and view["box"] == 4
    assert entries(g, "shif_shof_shum.ante") == [{"players": ["p0", "p1", "p2", "p3"], "count": 1}]


def test_the_whole_pack_is_dealt_equally_and_the_rest_set_aside_unseen():
    """52 cards among 3: 17 each, one card aside, shown only as a count."""
    g = make("shif_shof_shum", 3)
    assert g.public_view()["hand_sizes"] == {"p0": 17, "p1": 17, "p2": 17}
    assert g.public_view()["piles"] == {"laid": [], "aside": 1}
    assert g.s.aside[0] not in repr(g.public_view())
    assert entries(g, "shif_shof_shum.deal") == [{"players": ["p0", "p1", "p2"], "cards": 17, "aside": 1}]


def test_the_32_card_pack_holds_seven_to_ace():
    """pack 32: four players get 8 cards each, all of rank 7 or higher."""
    g = make("shif_shof_shum", 4, pack="32")
    cards = [c for p in g.players() for c in g.hand(p)]
    assert len(cards) == 32 and {c[:-1] for c in cards} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_a_staged_card_outside_the_pack_is_refused():
    """A 2 cannot be staged for the 32-card pack."""
    with pytest.raises(ValueError, match="32-card pack"):
        make("shif_shof_shum", 3, deck=["2S"], pack="32")


def test_the_first_seat_leads_any_card_and_the_others_wait():
    """The player on the dealer's left leads; nobody else may move."""
    g = game(*THREE)
    assert g.public_view()["turn"] == "p0" and g.public_view()["dealer"] == "p2"
    assert g.legal_actions("p0") == [{"type": "play", "params": {"card": {"one_of": sorted_hand(g, "p0")}}}]
    assert types(g, "p1") == []
    with pytest.raises(NotYourTurn):
        act(g, "p1", "pass")


def sorted_hand(g, pid):
    from partyapp.games.kit.cards import sort_cards
    return sort_cards(g.hand(pid))


# -- shif, shof, shum -----------------------------------------------------------------------------
def test_shif_the_next_player_matches_and_the_previous_pays_one():
    """A match of the rank just laid is "shif": its layer pays 1 token into the box."""
    g = game(*THREE)
    act(g, "p0", "play", card="7S")
    assert g.public_view()["word"] == "shif"
    assert g.legal_actions("p1") == [{"type": "play", "params": {"card": {"one_of": ["7H"]}}}]
    act(g, "p1", "play", card="7H")
    assert tokens(g) == {"p0": 3, "p1": 4, "p2": 4} and g.public_view()["box"] == 4
    assert entries(g, "shif_shof_shum.match") == [{"player": "p1", "card": "7H", "word": "shif", "payer": "p0",
                                                   "paid": 1, "drinks": 1}]


def test_shof_and_shum_cost_the_previous_player_two_and_three():
    """A second match in a row is "shof" (2 tokens), a third "shum" (3)."""
    g = game(*THREE, tokens=10)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    act(g, "p2", "play", card="7D")  # shof: p1 pays 2
    act(g, "p0", "play", card="7C")  # shum: p2 pays 3
    assert tokens(g) == {"p0": 8, "p1": 7, "p2": 6}
    assert [(e["word"], e["payer"], e["paid"]) for e in entries(g, "shif_shof_shum.match")] == [
        ("shif", "p0", 1), ("shof", "p1", 2), ("shum", "p2", 3)]
    assert g.drinks() == {"p0": 1, "p1": 2, "p2": 3}


def test_a_player_who_cannot_match_passes_and_the_next_player_leads():
    """No card of the rank: "pass", and the player after leads anything."""
    g = game(*THREE)
    act(g, "p0", "play", card="AS")
    assert g.legal_actions("p1") == [{"type": "pass", "params": {}}]
    act(g, "p1", "pass")
    view = g.public_view()
    assert view["turn"] == "p2" and view["phase"] == "lead" and view["top"] is None
    assert types(g, "p2") == ["play"] and len(g.legal_actions("p2")[0]["params"]["card"]["one_of"]) == 10


def test_a_match_must_be_laid_unless_free_pass():
    """Holding the rank, the player may only match; with free_pass they may pass too."""
    strict = game(*THREE)
    act(strict, "p0", "play", card="7S")
    assert types(strict, "p1") == ["play"]
    loose = game(*THREE, free_pass=True)
    act(loose, "p0", "play", card="7S")
    assert types(loose, "p1") == ["play", "pass"]
    act(loose, "p1", "pass")
    assert loose.public_view()["turn"] == "p2" and tokens(loose)["p0"] == 4


def test_after_shum_the_next_player_passes_and_the_one_after_leads():
    """All four of the rank are down: the next player passes without a tap."""
    g = game(*THREE, tokens=10)
    for pid, card in (("p0", "7S"), ("p1", "7H"), ("p2", "7D"), ("p0", "7C")):
        act(g, pid, "play", card=card)
    assert entries(g, "shif_shof_shum.pass") == [{"player": "p1"}]
    assert g.public_view()["turn"] == "p2" and g.public_view()["phase"] == "lead"


def test_only_the_next_player_may_match():
    """The match is the next player's: a player further on holding the rank waits."""
    g = game(*THREE)
    act(g, "p0", "play", card="KS")
    act(g, "p1", "pass")
    act(g, "p2", "play", card="8D")
    assert g.public_view()["turn"] == "p0" and types(g, "p0") == ["pass"]  # p1 holds two eights
    assert types(g, "p1") == []
    act(g, "p0", "pass")
    assert g.public_view()["turn"] == "p1" and g.public_view()["phase"] == "lead"


# -- tokens run out ---------------------------------------------------------------------------------
def test_a_player_who_owes_more_than_they_hold_pays_all_and_is_out():
    """Paying short empties the stack: the player is out, their cards set aside unseen."""
    g = game(*THREE, tokens=2)  # one token each after the ante
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")  # p0 pays 1: out
    assert tokens(g) == {"p0": 0, "p1": 1, "p2": 1} and g.public_view()["out"] == ["p0"]
    assert entries(g, "shif_shof_shum.out") == [{"player": "p0", "by": "p1"}]
    assert g.hand("p0") == [] and g.public_view()["hand_sizes"]["p0"] == 0
    assert "AS" not in repr(g.public_view())


def test_an_out_player_is_passed_over():
    """Play skips a player with no tokens."""
    g = game(*THREE, tokens=2, duel=False)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")  # p0 out
    act(g, "p2", "play", card="7D")  # shof: p1 pays its last token, out: p2 wins
    assert g.is_over()
    assert g.s.result["winners"] == ["p2"] and g.s.result["losers"] == ["p0", "p1"]
    assert g.s.result["reason"] == "tokens" and g.s.result["out"] == ["p0", "p1"]


def test_the_last_player_with_tokens_wins():
    """Two players: the one left holding tokens wins; the game is over."""
    g = game(["7S", "AS"], ["7H", "AH"], tokens=2)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    view = g.public_view()
    assert view["over"] and view["result"]["winners"] == ["p1"] and view["result"]["tokens"] == {"p0": 0, "p1": 1}
    assert g.legal_actions("p1") == []


# -- the two-player end ------------------------------------------------------------------------------
def test_two_left_the_matched_player_leads_again_and_the_count_goes_on():
    """Duel: after a shif the matched player leads a new card; matching it is a
    shof (2 tokens)."""
    g = game(["7S", "8S", "AS"], ["7H", "8H", "AH"], tokens=10)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")  # shif: p0 pays 1
    assert g.public_view()["duel"] and g.public_view()["relead"] and g.public_view()["turn"] == "p0"
    assert types(g, "p0") == ["play"] and "AS" in g.legal_actions("p0")[0]["params"]["card"]["one_of"]
    act(g, "p0", "play", card="8S")  # a new lead
    assert g.public_view()["word"] == "shof"
    act(g, "p1", "play", card="8H")  # shof: p0 pays 2
    assert [(e["word"], e["payer"], e["paid"]) for e in entries(g, "shif_shof_shum.match")] == [
        ("shif", "p0", 1), ("shof", "p0", 2)]


def test_two_left_an_opponent_who_cannot_match_leads_next():
    """Duel: the opponent who cannot match the new card passes and leads."""
    g = game(["7S", "8S", "8H", "8D", "8C"], ["7H", "9H", "AH"], tokens=10)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    act(g, "p0", "play", card="8S")
    act(g, "p1", "pass")
    view = g.public_view()
    assert view["turn"] == "p1" and view["phase"] == "lead" and view["level"] == 0


def test_two_left_the_matched_player_may_match_back():
    """Duel: the matched player holding the rank may lay it: the count goes on
    against the opponent."""
    g = game(["7S", "7D", "AS"], ["7H", "8H", "AH"], tokens=10)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    act(g, "p0", "play", card="7D")  # shof: p1 pays 2
    assert entries(g, "shif_shof_shum.match")[-1] == {"player": "p0", "card": "7D", "word": "shof", "payer": "p1",
                                                      "paid": 2, "drinks": 2}


# Two players left (p2 and p3): p0 leads 7S and p1's shif costs p0 a token;
# p2 holds no seven and passes, so p3 leads the queens: p0 shif, p1 shof
# (p0 out), p2 shum (p1 out). All four queens are down: p3 passes.
SHUM_TO_TWO = (["7S", "QH", "8S", "8H", "9S", "9H", "10S", "10H"],
               ["7H", "QD", "8D", "8C", "9D", "9C", "10D", "10C"],
               ["QC", "JS", "JH", "JD", "JC", "KS", "KH", "KD"],
               ["QS", "7D", "7C", "KC", "AS", "AH", "AD", "AC"])


def test_two_left_after_a_shum_the_next_player_passes_and_the_shum_leads():
    """The passer never leads: p2's shum puts p1 out, leaving p2 and p3; p3
    cannot match (all four queens are down) and passes, and p2 leads."""
    g = game(*SHUM_TO_TWO, tokens=3)
    for pid, card in (("p0", "7S"), ("p1", "7H")):
        act(g, pid, "play", card=card)
    act(g, "p2", "pass")
    for pid, card in (("p3", "QS"), ("p0", "QH"), ("p1", "QD"), ("p2", "QC")):
        act(g, pid, "play", card=card)
    assert g.public_view()["out"] == ["p0", "p1"] and g.public_view()["duel"]
    assert entries(g, "shif_shof_shum.pass")[-1] == {"player": "p3"}
    view = g.public_view()
    assert (view["turn"], view["phase"]) == ("p2", "lead")


# The issue's ordinary two-player lead: p0 leads 7S, p1's 7C is a shif, p0
# leads 8S anew, which p1 cannot match.
DUEL = (["7S", "7H", "7D", "8S", "8H", "8D", "8C", "9S", "9H", "9D", "10S", "10H", "10D", "JS", "JH", "JD"],
        ["7C", "9C", "10C", "JC", "QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC"])


def duel_to_the_new_lead(**options):
    """The DUEL deal played to p1's pass on the new lead 8S."""
    g = game(*DUEL, **options)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7C")  # shif: p0 pays
    act(g, "p0", "play", card="8S")  # the matched player's new lead
    act(g, "p1", "pass")
    return g


def test_two_left_an_ordinary_pass_hands_the_lead_to_the_other_player():
    """Only the pass on the matched player's new card makes the passer lead
    (the seed's two-player end); on any other lead the passer's opponent
    leads, as at a bigger table."""
    g = duel_to_the_new_lead()
    assert (g.public_view()["turn"], g.public_view()["phase"]) == ("p1", "lead")
    act(g, "p1", "play", card="QS")
    assert types(g, "p0") == ["pass"]
    act(g, "p0", "pass")
    view = g.public_view()
    assert (view["turn"], view["phase"]) == ("p1", "lead")


def test_the_table_rule_passer_leads_never_or_always():
    """``passer_leads``: never, the player whose new card was not matched
    leads again too; always, whoever passes with two left leads next."""
    assert MODES["shif_shof_shum"].check_options({})["passer_leads"] == "after_new_lead"
    never = duel_to_the_new_lead(passer_leads="never")
    assert (never.public_view()["turn"], never.public_view()["phase"]) == ("p0", "lead")
    always = duel_to_the_new_lead(passer_leads="always")
    assert always.public_view()["turn"] == "p1"
    act(always, "p1", "play", card="QS")
    act(always, "p0", "pass")
    assert (always.public_view()["turn"], always.public_view()["phase"]) == ("p0", "lead")


def test_the_two_player_end_begins_when_a_third_player_goes_out():
    """From three players to two, the duel begins (logged once)."""
    g = game(*THREE, tokens=2)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")  # p0 out
    assert entries(g, "shif_shof_shum.duel") == [{"players": ["p1", "p2"]}] and g.public_view()["duel"]


def test_without_the_duel_two_players_play_the_ordinary_rule():
    """duel off: after a pass the other player leads, as at a bigger table."""
    g = game(["7S", "8S", "AS"], ["7H", "7D", "7C", "9H", "AH"], tokens=10, duel=False)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    assert not g.public_view()["relead"] and types(g, "p0") == ["pass"]
    act(g, "p0", "pass")
    assert g.public_view()["turn"] == "p1" and g.public_view()["phase"] == "lead"


# -- empty hands --------------------------------------------------------------------------------------
def test_an_empty_hand_passes_by_itself():
    """A player with no cards left facing a match passes without a tap."""
    low = [r + u for r in ("2", "3", "4", "5", "6", "7") for u in "SHDC"]
    p0 = low + ["8S", "9S"]
    p1 = [c for c in make_deck(52) if c not in p0]
    g = make("shif_shof_shum", 2, deck=stage(p0, p1, pack=make_deck(52)), free_pass=True, duel=False)
    for card in low + ["8S"]:
        act(g, "p0", "play", card=card)
        if g.turn() == "p1":  # after the fourth card of a rank p1 passes by itself
            act(g, "p1", "pass")
    act(g, "p0", "play", card="9S")
    act(g, "p1", "play", card="9H")
    assert g.hand("p0") == [] and entries(g, "shif_shof_shum.pass")[-1] == {"player": "p0"}
    assert g.public_view()["turn"] == "p1" and g.public_view()["phase"] == "lead"
    assert g.public_view()["round"] == 1


def test_a_new_deal_when_the_leader_has_no_cards():
    """The lead comes to an empty hand: logged, the next dealer deals everybody in."""
    g = make("shif_shof_shum", 2, pack="32", tokens=30, duel=False, deck=stage(
        ["7S", "7D", "8S", "8D", "9S", "9D", "10S", "10D", "JS", "JD", "QS", "QD", "KS", "KD", "AS", "AD"],
        ["7H", "7C", "8H", "8C", "9H", "9C", "10H", "10C", "JH", "JC", "QH", "QC", "KH", "KC", "AH", "AC"]))
    for rank in ("7", "8", "9", "10", "J", "Q", "K", "A"):
        leader = g.public_view()["turn"]
        other = "p1" if leader == "p0" else "p0"
        suits = {"p0": ("S", "D"), "p1": ("H", "C")}
        act(g, leader, "play", card=rank + suits[leader][0])
        act(g, other, "play", card=rank + suits[other][0])
        act(g, leader, "play", card=rank + suits[leader][1])
        act(g, other, "play", card=rank + suits[other][1])
    # every card is down: the lead reached an empty hand, and a new deal followed
    assert entries(g, "shif_shof_shum.empty")
    assert g.public_view()["round"] == 2 and g.public_view()["dealer"] == "p0"
    assert g.public_view()["hand_sizes"] == {"p0": 16, "p1": 16} and g.public_view()["turn"] == "p1"
    assert entries(g, "round.start")[-1] == {"round": 2, "dealer": "p0"}


# -- forfeits, seats, absent phones ------------------------------------------------------------------
def test_forfeits_can_be_switched_off():
    """forfeits off: tokens are paid, nobody drinks."""
    g = game(*THREE, forfeits=False)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    assert tokens(g)["p0"] == 3 and g.drinks() == {} and entries(g, "shif_shof_shum.match")[0]["drinks"] == 0


def test_the_player_to_move_leaving_hands_the_run_to_the_next():
    """The leaver's tokens leave with them, their cards are set aside unseen;
    the next player faces the same card."""
    g = game(*THREE)
    act(g, "p0", "play", card="7S")
    g.remove_player("p1", 0.0)
    view = g.public_view()
    assert view["turn"] == "p2" and view["phase"] == "match" and "p1" not in view["tokens"]
    assert "7H" not in repr(view) and view["piles"]["aside"] == 12
    act(g, "p2", "play", card="7D")  # shif: p0 pays
    assert tokens(g) == {"p0": 3, "p2": 4}


def test_a_match_on_a_leavers_card_costs_nobody():
    """The player who laid the card left: matching it is free."""
    g = game(*THREE)
    act(g, "p0", "play", card="7S")
    g.remove_player("p0", 0.0)
    act(g, "p1", "play", card="7H")
    assert entries(g, "shif_shof_shum.match")[0]["payer"] == "p0" and entries(g, "shif_shof_shum.match")[0]["paid"] == 0


def test_one_player_left_with_tokens_wins_when_the_others_leave():
    """When a leaver leaves one player holding tokens, that player wins."""
    g = game(*THREE)
    g.remove_player("p1", 0.0)
    g.remove_player("p2", 0.0)
    assert g.is_over() and g.s.result["reason"] == "players"


def test_skip_plays_the_lowest_card_or_passes_or_lays_the_forced_match():
    """An absent player: a lead plays the lowest card; facing a match they
    pass, or lay the match they must lay."""
    g = game(*THREE)
    g.skip("p0", 0.0)
    assert entries(g, "shif_shof_shum.lead") == [{"player": "p0", "card": "7S"}]
    g.skip("p1", 0.0)  # holds 7H: must match
    assert entries(g, "shif_shof_shum.match")[0]["player"] == "p1"
    assert entries(g, "game.skipped") == [{"player": "p0", "action": "play"}, {"player": "p1", "action": "play"}]
    with pytest.raises(IllegalAction):
        g.skip("p1", 0.0)


def test_the_host_ending_the_game_crowns_the_most_tokens():
    """finish: the players holding the most tokens win."""
    g = game(*THREE)
    act(g, "p0", "play", card="7S")
    act(g, "p1", "play", card="7H")
    assert g.finish(0.0)
    assert g.s.result["reason"] == "host" and g.s.result["winners"] == ["p1", "p2"]
    assert g.s.result["losers"] == ["p0"]


# -- random play ----------------------------------------------------------------------------------------
def hidden(g, viewer):
    """Every hand but the viewer's, and the cards set aside."""
    return unseen(g, viewer, g.s.aside)


def visible(g, viewer):
    """The cards laid this deal, the viewer's hand, and the cards the log shows
    laid face up in earlier deals (they have been gathered and dealt again)."""
    out = Counter(g.s.laid)
    out.update(g.s.hands.get(viewer, []))
    this_deal = max((e.id for e in g.s.log if e.msg == "round.start"), default=0)
    out.update(e.params["card"] for e in g.s.log
               if e.id < this_deal and e.msg in ("shif_shof_shum.lead", "shif_shof_shum.match"))
    return out


@pytest.mark.parametrize("n, seed, pack", [(2, 1, "52"), (3, 2, "32"), (5, 3, "52"), (8, 4, "32"), (16, 5, "52"),
                                           (16, 6, "32")])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed, pack):
    """Bots picking at random finish the game; no view carries another hand or
    the cards set aside."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make("shif_shof_shum", n, seed=seed, pack=pack), random.Random(seed),
                             auditor=auditor)
    assert g.is_over() and auditor.checked >= steps
    assert len(g.s.result["winners"]) == 1


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_players_leaving_and_phones_away(seed):
    """Leavers, refused joiners and skipped phones: the game still ends clean
    and round-trips through JSON at every step."""
    g = make("shif_shof_shum", 5, seed=seed, free_pass=seed % 2 == 0, duel=seed % 3 != 0, tokens=4)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over():
        steps += 1
        assert steps < 5000
        if rng.random() < 0.02 and len(g.players()) > 1:
            g.remove_player(rng.choice(g.players()), 0.0)
            continue
        pid = g.turn()
        if rng.random() < 0.2:
            g.skip(pid, 0.0)
        else:
            spec = rng.choice(g.legal_actions(pid))
            action = {"type": spec["type"], **{k: rng.choice(d["one_of"]) for k, d in spec["params"].items()}}
            g.apply(pid, action, 0.0)
        g = roundtrip(g)
        Auditor(hidden, visible).check(g)


def test_same_seed_same_game():
    """One seed deals and plays the same game."""
    same_seed_same_game("shif_shof_shum", 42, n=5)
    assert make("shif_shof_shum", 3, seed=1).hand("p0") != make("shif_shof_shum", 3, seed=2).hand("p0")


def test_state_round_trips_mid_run():
    """A game saved mid-run plays on the same after a restart."""
    g = game(*THREE)
    act(g, "p0", "play", card="7S")
    copy = roundtrip(g)
    act(copy, "p1", "play", card="7H")
    act(g, "p1", "play", card="7H")
    assert copy.to_state() == g.to_state()


def test_every_message_key_is_declared_and_used():
    """Every key the engine logs is declared, and every declared key turns up."""
    log: list[dict] = []
    for seed in range(30):
        g = make("shif_shof_shum", 2 + seed % 6, seed=seed, pack="32" if seed % 2 else "52", tokens=3)
        play_randomly(g, random.Random(seed), every=25, log=log)
        if seed == 0:
            g = make("shif_shof_shum", 3, seed=seed)
            g.skip("p0", 0.0)
            g.looked("p1", 0.0)
            g.remove_player("p2", 0.0)
            log.extend(e.wire() for e in g.s.log)
    used = {e["msg"] for e in log}
    assert set(ShifShofShum.MESSAGES) - used == set()
    assert {e["word"] for e in log if e["msg"] == "shif_shof_shum.match"} == {"shif", "shof", "shum"}
    assert msgs(g)[:2] == ["game.dealer_lot", "shif_shof_shum.ante"]
