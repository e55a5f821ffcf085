"""Kings Corner (seed 001): one test per rule, on staged decks.

Without a staged deck the first dealer is drawn at random; with one it is
the last seat, so a staged deck is dealt seven rounds
from the first seat, then the foundations North, East, South and West are
turned, then cards are drawn in order (``deck``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kings_corner import KingsCorner, card_points

from .cardgame_helpers import (Auditor, act, complete_hands, entries, make, msgs, play_randomly, plays_on_the_same,
                               same_seed_same_game, types, unseen)


def deck(*hands, found=("2S", "2H", "2D", "3S"), draws=()):
    """The staged deck dealing these seven-card hands (a hand given as None
    gets seven cards nobody else names), then the foundations N, E, S, W,
    then the cards drawn."""
    full = complete_hands(list(hands), [7] * len(hands), [*found, *draws])
    return [h[r] for r in range(7) for h in full] + list(found) + list(draws)


def game(*hands, found=("2S", "2H", "2D", "3S"), draws=(), **options):
    return make("kings_corner", len(hands), deck=deck(*hands, found=found, draws=draws), **options)


def plays(g, pid):
    """{space: [cards]} of the plays offered to ``pid``."""
    return {a["params"]["to"]["one_of"][0]: a["params"]["card"]["one_of"]
            for a in g.legal_actions(pid) if a["type"] == "play"}


def moves(g, pid):
    """{pile: [spaces]} of the pile moves offered to ``pid``."""
    return {a["params"]["pile"]["one_of"][0]: a["params"]["to"]["one_of"]
            for a in g.legal_actions(pid) if a["type"] == "move"}


# A hand p0 plays out in one turn on a king of spades at North.
CHAIN = ["QH", "JC", "10D", "9S", "8H", "7C", "6D"]
# p1 holds a king and six other cards: 16 penalty points.
P1 = ["KH", "2C", "3C", "4C", "5C", "6C", "7D"]


# -- the deal ------------------------------------------------------------------------------
def test_mode_is_registered():
    """kings_corner is a mode of the app."""
    assert MODES["kings_corner"] is KingsCorner


def test_the_first_dealer_is_drawn_by_lot():
    """Without a staged deck the first dealer is drawn at random (any seat,
    the same for the same seed), and the player on their left plays first."""
    dealers = {}
    for seed in range(24):
        g = make("kings_corner", 4, seed=seed)
        view = g.public_view()
        assert make("kings_corner", 4, seed=seed).public_view()["dealer"] == view["dealer"]
        seats = g.s.seats
        assert view["turn"] == seats[(seats.index(view["dealer"]) + 1) % 4]
        dealers[view["dealer"]] = seed
    assert sorted(dealers) == ["p0", "p1", "p2", "p3"]


def test_a_staged_deck_is_dealt_by_the_last_seat():
    """With a staged deck the last seat deals, so the first seat plays first."""
    g = make("kings_corner", 4, deck=["2S"], seed=5)
    assert g.public_view()["dealer"] == "p3" and g.public_view()["turn"] == "p0"


def test_seven_cards_each_and_four_foundations_turned_north_east_south_west():
    """Seven each from the dealer's left; N, E, S, W face up; the rest is the stock."""
    g = game(CHAIN, P1, found=("KS", "2H", "9C", "AD"))
    view = g.public_view()
    assert view["dealer"] == "p1" and view["turn"] == "p0"
    assert g.hand("p0") == CHAIN and g.hand("p1") == P1
    assert {sp: view["piles"][sp] for sp in ("N", "E", "S", "W")} == {"N": ["KS"], "E": ["2H"], "S": ["9C"],
                                                                       "W": ["AD"]}
    assert all(view["piles"][c] == [] for c in ("NE", "SE", "SW", "NW"))
    assert view["piles"]["stock"] == 52 - 14 - 4 and view["hand_sizes"] == {"p0": 7, "p1": 7}
    assert entries(g, "kings_corner.deal") == [{"players": ["p0", "p1"], "foundations": ["KS", "2H", "9C", "AD"]}]


def test_only_the_player_to_play_may_move():
    """The other players wait."""
    g = game(CHAIN, P1)
    assert g.legal_actions("p1") == []
    with pytest.raises(NotYourTurn):
        act(g, "p1", "draw")


# -- moves ---------------------------------------------------------------------------------
def test_a_card_goes_on_the_next_rank_up_in_the_other_colour():
    """A red ten goes on a black jack; a black ten does not; every play
    offered is legal and nothing else is."""
    g = game(["10H", "10S", "4S", "8D", "AS", "3C", "QD"], None, found=("JS", "5H", "9C", "2D"))
    assert plays(g, "p0") == {"N": ["10H"], "E": ["4S"], "S": ["8D"], "W": ["AS"]}
    act(g, "p0", "play", card="10H", to="N")
    assert g.public_view()["piles"]["N"] == ["JS", "10H"]
    assert entries(g, "kings_corner.play") == [{"player": "p0", "card": "10H", "to": "N"}]
    with pytest.raises(IllegalAction, match="choices"):
        act(g, "p0", "play", card="10S", to="N")


def test_nothing_goes_on_an_ace():
    """Once an ace tops a pile, no card can be played on it."""
    g = game(["AS", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9D", "9H", "9S", "2D"))
    act(g, "p0", "play", card="AS", to="W")
    assert "W" not in plays(g, "p0") and all("W" not in t for t in moves(g, "p0").values())


def test_a_king_starts_a_corner_pile_and_only_a_king():
    """A king may go into any empty corner; no other card may."""
    g = game(["KD", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9D", "9H", "9S", "10D"))
    offered = plays(g, "p0")
    assert offered["NE"] == ["KD"] and offered["NW"] == ["KD"] and offered["SE"] == ["KD"]
    act(g, "p0", "play", card="KD", to="SE")
    assert g.public_view()["piles"]["SE"] == ["KD"]
    assert "SE" not in plays(g, "p0")  # a black queen would be needed


def test_a_whole_pile_moves_onto_the_next_rank_up_in_the_other_colour():
    """Red 4 - black 3 moves onto black 7 - red 6 - black 5."""
    g = game(["6H", "5C", "3S", "9S", "9H", "10C", "JD"], None, found=("7S", "4H", "QS", "QH"))
    act(g, "p0", "play", card="6H", to="N")
    act(g, "p0", "play", card="5C", to="N")
    act(g, "p0", "play", card="3S", to="E")
    assert moves(g, "p0") == {"E": ["N"]}
    act(g, "p0", "move", pile="E", to="N")
    piles = g.public_view()["piles"]
    assert piles["N"] == ["7S", "6H", "5C", "4H", "3S"] and piles["E"] == []
    assert entries(g, "kings_corner.move") == [{"player": "p0", "pile": "E", "to": "N", "cards": ["4H", "3S"]}]


def test_any_card_fills_an_empty_side_space():
    """A North, East, South or West space left empty takes any card from the hand."""
    g = game(["6H", "5C", "3S", "9S", "9H", "10C", "JD"], None, found=("7S", "4H", "QS", "QH"))
    for card, to in (("6H", "N"), ("5C", "N"), ("3S", "E")):
        act(g, "p0", "play", card=card, to=to)
    act(g, "p0", "move", pile="E", to="N")
    assert all("E" in plays(g, "p0") and c in plays(g, "p0")["E"] for c in ("9S", "9H", "10C", "JD"))
    act(g, "p0", "play", card="9S", to="E")
    assert g.public_view()["piles"]["E"] == ["9S"]


def test_a_dealt_king_moves_into_a_corner_and_its_space_is_filled():
    """A king turned as a foundation may be moved to a corner by the first
    player, who may then fill the space from the hand."""
    g = game(["2S", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("KC", "9H", "9S", "9D"))
    assert moves(g, "p0") == {"N": ["NE", "SE", "SW", "NW"]}
    act(g, "p0", "move", pile="N", to="NW")
    assert g.public_view()["piles"]["NW"] == ["KC"] and g.public_view()["piles"]["N"] == []
    act(g, "p0", "play", card="2S", to="N")
    assert g.public_view()["piles"]["N"] == ["2S"]


def test_a_dealt_foundation_that_fits_another_may_be_moved_onto_it():
    """A turned card one rank lower and of the other colour moves onto its neighbour."""
    g = game(["2S", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9H", "8S", "KD", "KC"))
    assert moves(g, "p0")["E"] == ["N"]
    act(g, "p0", "move", pile="E", to="N")
    assert g.public_view()["piles"]["N"] == ["9H", "8S"]


def test_drawing_a_card_ends_the_turn_and_nobody_else_sees_it():
    """draw: one card from the stock to the hand, and the turn passes left."""
    g = game(CHAIN, P1, draws=["AC"])
    act(g, "p0", "draw")
    assert g.hand("p0")[-1] == "AC" and g.public_view()["turn"] == "p1"
    assert "AC" not in repr(g.public_view()) and "AC" not in repr(g.private_view("p1"))
    assert entries(g, "kings_corner.draw") == [{"player": "p0", "count": 1}]


# -- the end of a deal ------------------------------------------------------------------------
def test_playing_out_the_hand_wins_and_the_others_score_king_10_others_1():
    """Out of cards ends the deal at once; the hands left are shown and scored."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"))
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert entries(g, "kings_corner.out") == [{"player": "p0"}]
    assert entries(g, "kings_corner.reveal") == [{"player": "p1", "cards": ["2C", "3C", "4C", "5C", "6C", "7D", "KH"],
                                                  "points": 16}]
    view = g.public_view()
    assert view["scores"] == {"p0": 0, "p1": 16}
    assert view["last_deal"]["winner"] == "p0" and view["last_deal"]["points"] == {"p0": 0, "p1": 16}


def test_the_deal_passes_to_the_left():
    """After a deal the next dealer deals and the player on their left plays first."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"))
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    view = g.public_view()
    assert view["round"] == 2 and view["dealer"] == "p0" and view["turn"] == "p1"
    assert view["hand_sizes"] == {"p0": 7, "p1": 7} and len([c for sp in ("N", "E", "S", "W")
                                                              for c in view["piles"][sp]]) == 4


def test_when_the_stock_is_out_play_goes_on_and_a_round_of_passes_is_an_impasse():
    """No stock: the turn ends with pass; when every player in turn passes
    without a move, the deal ends with everybody scored."""
    g = game(["3S", "3C", "4S", "4C", "5S", "5C", "6S"], ["3H", "3D", "4H", "4D", "5H", "5D", "6H"],
             found=("AS", "AH", "AD", "AC"), draws=["KS"] + [f"{r}{s}" for r in ("7", "8", "9", "10", "J")
                                                            for s in "SHDC"] + ["QS", "QH", "QD", "QC", "KH",
                                                                               "KD", "KC", "2S", "2H", "2D",
                                                                               "2C", "6D", "6C"], target=500)
    while "draw" in types(g, g.turn()):
        act(g, g.turn(), "draw")  # kings go unplayed, nothing else fits
    assert g.public_view()["piles"]["stock"] == 0 and types(g, g.turn())[-1] == "pass"
    first = g.turn()
    act(g, first, "pass")
    assert g.public_view()["idle"] == 1
    act(g, g.turn(), "pass")
    assert "kings_corner.impasse" in msgs(g) and g.public_view()["round"] == 2
    assert g.public_view()["last_deal"]["winner"] is None


def test_the_game_ends_when_somebody_reaches_the_target_and_the_lowest_wins():
    """Penalty points at or past the target end the game; lowest total wins."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), target=15)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    result = g.public_view()["result"]
    assert g.is_over() and result["reason"] == "target"
    assert result["winners"] == ["p0"] and result["losers"] == ["p1"] and result["scores"] == {"p0": 0, "p1": 16}


def test_a_fixed_number_of_deals_instead_of_a_target():
    """hands: the game ends after that many deals, whatever the scores."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), hands=1, target=1000)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert g.is_over() and g.s.result["reason"] == "hands"


@pytest.mark.parametrize("scoring, expected", [
    ("penalty", {"AS": 1, "5D": 1, "10C": 1, "JH": 1, "KS": 10}),
    ("pips", {"AS": 25, "5D": 5, "10C": 10, "JH": 10, "KS": 10}),
    ("fifty", {"AS": 50, "5D": 5, "10C": 10, "JH": 10, "KS": 10}),
])
def test_the_scoring_variants_value_cards_left_in_hand(scoring, expected):
    """Penalty (king 10, others 1), pips (ace 25, pictures 10, face value) and
    50-10-5 (ace 50, tens and pictures 10, others 5)."""
    assert {c: card_points(c, scoring) for c in expected} == expected


def test_pip_scoring_counts_a_deal():
    """scoring pips: the loser's ace costs 25."""
    g = game(CHAIN, ["AH", "2C", "3C", "4C", "5C", "6C", "KD"], found=("KS", "2H", "2D", "2S"), scoring="pips")
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert g.public_view()["scores"] == {"p0": 0, "p1": 25 + 2 + 3 + 4 + 5 + 6 + 10}


# -- chips and a pot ------------------------------------------------------------------------------
def test_chips_everybody_antes_and_a_turn_without_a_card_played_costs_a_chip():
    """Chips scoring: one chip each into the pot at the deal, one more for a
    turn in which no card was played from the hand."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), scoring="chips", start_chips=20)
    assert g.public_view()["chips"] == {"p0": 19, "p1": 19} and g.public_view()["pot"] == 2
    act(g, "p0", "draw")
    assert g.public_view()["chips"]["p0"] == 18 and g.public_view()["pot"] == 3
    assert entries(g, "kings_corner.chips")[-1] == {"player": "p0", "amount": 1, "reason": "idle"}


def test_chips_the_first_out_wins_the_pot_and_a_chip_a_card_ten_a_king():
    """The winner takes the pot and a chip per card left (10 per king) from each."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), scoring="chips", start_chips=20)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert entries(g, "kings_corner.pot") == [{"player": "p0", "amount": 18}]
    # then everybody antes for the next deal
    assert g.public_view()["chips"] == {"p0": 19 + 2 + 16 - 1, "p1": 19 - 16 - 1} and g.public_view()["pot"] == 2


def test_chips_the_game_ends_when_somebody_runs_out():
    """A player who cannot pay in full pays what they have; at no chips the
    game is over, most chips wins."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), scoring="chips", start_chips=10)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert g.is_over() and g.s.result["reason"] == "chips"
    assert g.s.result["chips"] == {"p0": 20, "p1": 0} and g.s.result["winners"] == ["p0"]


# -- house variants -------------------------------------------------------------------------------
def test_king_penalty_for_ending_a_turn_holding_a_playable_king():
    """king_penalty: a king kept in hand while a corner is free costs 3 points."""
    g = game(["KD", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9D", "9H", "9S", "10D"),
             king_penalty=True)
    act(g, "p0", "draw")
    assert entries(g, "kings_corner.king_penalty") == [{"player": "p0", "points": 3}]
    assert g.s.penalties == {"p0": 3}  # counted with the hand at the end of the deal


def test_king_penalty_is_paid_in_chips_with_the_pot():
    """king_penalty with chips: 3 chips into the pot (beside the idle chip)."""
    g = game(["KD", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9D", "9H", "9S", "10D"),
             king_penalty=True, scoring="chips")
    act(g, "p0", "draw")
    assert [e["reason"] for e in entries(g, "kings_corner.chips") if e["player"] == "p0"] == ["ante", "king", "idle"]
    assert g.public_view()["chips"]["p0"] == 20 - 1 - 3 - 1


def test_no_king_penalty_by_default():
    """Off by default: a king may be held."""
    g = game(["KD", "3C", "4C", "5C", "6C", "7C", "8C"], None, found=("9D", "9H", "9S", "10D"))
    act(g, "p0", "draw")
    assert "kings_corner.king_penalty" not in msgs(g)


def test_drawing_at_the_start_of_the_turn():
    """draw_at start: the card comes at the start of the turn, which ends with pass."""
    g = game(CHAIN, P1, draws=["AC", "AH"], draw_at="start")
    assert g.hand("p0")[-1] == "AC" and types(g, "p0")[-1] == "pass"
    act(g, "p0", "pass")
    assert g.hand("p1")[-1] == "AH" and entries(g, "kings_corner.pass") == [{"player": "p0"}]


def test_drawing_two_cards():
    """draw_count 2: two cards each time."""
    g = game(CHAIN, P1, draws=["AC", "AH"], draw_count=2)
    act(g, "p0", "draw")
    assert g.hand("p0")[-2:] == ["AC", "AH"] and entries(g, "kings_corner.draw") == [{"player": "p0", "count": 2}]


# -- forfeits -------------------------------------------------------------------------------------
def test_the_worst_of_a_deal_drinks_and_the_loser_of_the_game_drinks_three():
    """The most penalty points in a deal cost a drink; the game's loser drinks 3."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), target=10)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert g.drinks() == {"p1": 4}
    assert [(e["player"], e["cause"]) for e in entries(g, "forfeit.drink")] == [("p1", "deal_worst"),
                                                                               ("p1", "game_loss")]


def test_forfeits_can_be_switched_off():
    """forfeits off: nobody drinks."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"), target=10, forfeits=False)
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    assert g.drinks() == {}


# -- seats and absent phones ---------------------------------------------------------------------
def test_a_joiner_is_dealt_in_next_deal_on_the_worst_total():
    """A newcomer waits for the next deal and starts on the highest score so far."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"))
    g.add_player({"id": "p9", "group": None}, 0.0)
    assert g.legal_actions("p9") == [] and g.public_view()["hand_sizes"]["p9"] == 0
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    view = g.public_view()
    assert view["dealer"] == "p9" and view["dealt"] == ["p0", "p1", "p9"] and view["hand_sizes"]["p9"] == 7
    assert view["scores"] == {"p0": 0, "p1": 16, "p9": 0}  # the worst total when p9 joined was 0
    g.add_player({"id": "p8", "group": None}, 0.0)
    assert g.public_view()["scores"]["p8"] == 16 and "p8" not in g.public_view()["dealt"]


def test_a_player_leaving_on_their_turn_passes_it_on_and_takes_their_cards():
    """The leaver's cards leave unseen and the next player plays."""
    g = make("kings_corner", 3, deck=deck(CHAIN, P1, None))
    g.remove_player("p0", 0.0)
    view = g.public_view()
    assert view["turn"] == "p1" and "p0" not in view["hand_sizes"] and "QH" not in repr(view)


def test_a_deal_left_to_one_player_is_called_off():
    """With one player left holding cards (and a newcomer waiting) the deal is
    called off unscored and dealt again."""
    g = game(CHAIN, P1)
    g.add_player({"id": "p9", "group": None}, 0.0)
    g.remove_player("p0", 0.0)
    assert entries(g, "round.void") == [{"reason": "players"}]
    view = g.public_view()
    assert view["round"] == 2 and view["dealer"] == "p9" and view["dealt"] == ["p1", "p9"]
    assert view["scores"] == {"p1": 0, "p9": 0} and view["last_deal"] is None


def test_skip_ends_the_turn_for_an_absent_player():
    """An absent player draws (the turn ends)."""
    g = game(CHAIN, P1, draws=["AC"])
    g.skip("p0", 0.0)
    assert g.hand("p0")[-1] == "AC" and g.public_view()["turn"] == "p1"
    assert entries(g, "game.skipped") == [{"player": "p0", "action": "draw"}]


def test_the_host_ending_the_game_shows_the_totals():
    """finish: the lowest total so far wins."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"))
    for card in CHAIN:
        act(g, "p0", "play", card=card, to="N")
    g.finish(0.0)
    assert g.s.result["reason"] == "host" and g.s.result["winners"] == ["p0"]


# -- random play ----------------------------------------------------------------------------------
def hidden(g, viewer):
    """The stock and every hand but the viewer's."""
    return unseen(g, viewer, g.s.stock)


LOGGED_FACE_UP = {"kings_corner.play": "card", "kings_corner.move": "cards", "kings_corner.deal": "foundations",
                  "kings_corner.reveal": "cards"}


def visible(g, viewer):
    """The piles, the viewer's hand, the hands shown at the last deal's end,
    and what the log showed face up in earlier deals."""
    out = Counter(c for pile in g.s.piles.values() for c in pile)
    out.update(g.s.hands.get(viewer, []))
    for cards in (g.s.last_deal.hands if g.s.last_deal else {}).values():
        out.update(cards)
    this_deal = max((e.id for e in g.s.log if e.msg == "round.start"), default=0)
    for e in g.s.log:
        if e.id < this_deal and e.msg in LOGGED_FACE_UP:
            value = e.params[LOGGED_FACE_UP[e.msg]]
            out.update(value if isinstance(value, list) else [value])
    return out


@pytest.mark.parametrize("n, seed, options", [
    (2, 1, {}), (3, 2, {"scoring": "pips", "target": 100}), (4, 3, {"scoring": "chips", "hands": 4}),
    (6, 4, {"king_penalty": True}), (5, 5, {"draw_at": "start", "draw_count": 2}), (6, 6, {"scoring": "fifty",
                                                                                         "hands": 3})])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed, options):
    """Bots picking at random finish the game; no view carries the stock or
    another player's hand."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make("kings_corner", n, seed=seed, **options), random.Random(seed), auditor=auditor,
                             every=3)
    assert g.is_over() and auditor.checked >= steps // 3


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_players_coming_and_going(seed):
    """Leavers, joiners and absent phones: the game still ends clean and
    round-trips through JSON."""
    options = {"scoring": ("penalty", "chips")[seed % 2], "hands": 5, "king_penalty": seed % 3 == 0}
    g, _ = play_randomly(make("kings_corner", 4, seed=seed, **options), random.Random(seed),
                         auditor=Auditor(hidden, visible), churn=True, skips=0.2, every=2)
    assert g.is_over()


def test_same_seed_same_game():
    """One seed deals and plays the same game."""
    same_seed_same_game("kings_corner", 42, n=4)
    assert make("kings_corner", 3, seed=1).hand("p0") != make("kings_corner", 3, seed=2).hand("p0")


def test_state_round_trips_mid_turn():
    """A game saved mid-turn plays on the same after a restart."""
    g = game(CHAIN, P1, found=("KS", "9H", "9D", "8S"))
    act(g, "p0", "play", card="QH", to="N")
    plays_on_the_same(g, "p0", "draw")


def test_every_message_key_is_declared_and_used():
    """Every key the engine logs is declared, and every declared key turns up."""
    log: list[dict] = []
    for seed in range(24):
        options = {"scoring": ("penalty", "chips", "pips")[seed % 3], "hands": 3, "king_penalty": seed % 2 == 0,
                   "draw_at": ("end", "start")[seed % 4 // 2]}
        g = make("kings_corner", 2 + seed % 5, seed=seed, **options)
        play_randomly(g, random.Random(seed), churn=True, skips=0.1, every=40, log=log)
    used = {e["msg"] for e in log}
    assert set(KingsCorner.MESSAGES) - used == set()
