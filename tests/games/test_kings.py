"""Kings, the house variant: one test per card, with staged decks."""

from __future__ import annotations

import copy
import json

import pytest

from partyapp.games.kit.base import HOST, IllegalAction, NotYourTurn

from .drinking_helpers import act, audit, draw, make, types

K = "kings"


def test_ace_waterfall_runs_to_the_left_whatever_the_direction_of_play():
    """A: "the next player to the left must immediately start drinking ...
    You can only stop when the person on your right stops": after a Seven
    reversed play, the stopping order still runs from the drawer to their
    left (the next seat clockwise, ``sides="seats"``)."""
    g = make(K, 4, deck=["7H", "AS"])
    draw(g)  # p0: play reverses
    assert draw(g) == "p3"
    assert g.public_view()["outcome"]["order"] == ["p3", "p0", "p1", "p2"]


def test_ace_waterfall_in_the_direction_of_play_is_a_house_rule():
    """The waterfall's ``follow_play`` (off in the Kings deck): the stopping
    order follows the direction of play, counter-clockwise after a reverse;
    with ``sides="play"`` left is the next player in play anyway."""
    from partyapp.games.drinking.decks import KINGS

    assert KINGS["cards"]["A"]["params"]["follow_play"] is False
    house = copy.deepcopy(KINGS)
    house["cards"]["A"]["params"]["follow_play"] = True
    g = make(K, 4, deck=["7H", "AS"], variant=house)
    draw(g)
    assert draw(g) == "p3"
    assert g.public_view()["outcome"]["order"] == ["p3", "p2", "p1", "p0"]
    g = make(K, 4, deck=["7H", "AS"], sides="play")
    draw(g)
    draw(g)
    assert g.public_view()["outcome"]["order"] == ["p3", "p2", "p1", "p0"]


def test_red_two_drawer_drinks_two():
    """Red 2: the drawer drinks two fingers."""
    g = make(K, 3, deck=["2H"])
    draw(g)
    assert g.drinks() == {"p0": 2, "p1": 0, "p2": 0}
    assert g.public_view()["unit"] == "fingers"


def test_black_two_drawer_nominates_someone_for_two():
    """Black 2: the drawer nominates someone for two fingers."""
    g = make(K, 3, deck=["2C"])
    draw(g)
    assert g.public_view()["prompt"] == {"kind": "pick", "by": "p0", "for": "drink", "n": 2}
    act(g, "p0", "pick", player="p2")
    assert g.drinks() == {"p0": 0, "p1": 0, "p2": 2}


def test_red_three_left_drinks_two():
    """Red 3: the player on the drawer's left (next seat clockwise) drinks two."""
    g = make(K, 4, deck=["3D"])
    draw(g)
    assert g.drinks() == {"p0": 0, "p1": 2, "p2": 0, "p3": 0}


def test_black_three_right_drinks_two():
    """Black 3: the player on the drawer's right drinks two."""
    g = make(K, 4, deck=["3S"])
    draw(g)
    assert g.drinks() == {"p0": 0, "p1": 0, "p2": 0, "p3": 2}


def test_left_and_right_stay_seats_when_direction_reversed():
    """Left and right are seats: a reverse does not change who is on your left."""
    g = make(K, 4, deck=["7S", "3H", "3C"])
    draw(g)  # p0 reverses, drinks 2
    assert draw(g) == "p3"  # red 3: left of p3 is p0
    assert draw(g) == "p2"  # black 3: right of p2 is p1
    assert g.drinks() == {"p0": 4, "p1": 2, "p2": 0, "p3": 0}


def test_left_and_right_follow_play_when_option_says_so():
    """With sides="play", left is the next player in the current direction of play."""
    g = make(K, 4, deck=["7S", "3H", "3C"], sides="play")
    draw(g)
    assert draw(g) == "p3"  # red 3: the next in play from p3 is p2
    assert draw(g) == "p2"  # black 3: the previous in play from p2 is p3
    assert g.drinks() == {"p0": 2, "p1": 0, "p2": 2, "p3": 2}


def test_four_thumbmaster_a_wrong_thumb_is_no_copy():
    """4: "the last person to copy with the correct thumb loses": a copy
    with the wrong thumb does not count, the race goes on, that player may
    still copy with the right thumb (and nobody's copy is refused), and the
    one left last drinks two, alone."""
    g = make(K, 4, deck=["4S", "2S"])
    draw(g)
    assert g.public_view()["roles"]["thumbmaster"] == "p0"
    assert g.public_view()["prompt"] is None
    spec = next(a for a in g.legal_actions("p0") if a["type"] == "thumb")
    assert spec["params"] == {"thumb": {"one_of": ["left", "right"]}}
    act(g, "p0", "thumb", 3.0, thumb="left")
    pr = g.public_view()["prompt"]
    assert pr["race"] == "thumb" and pr["participants"] == ["p1", "p2", "p3"] and pr["thumb"] == "left"
    assert "tap" not in types(g, "p0")
    with pytest.raises(IllegalAction):
        act(g, "p1", "draw")
    act(g, "p2", "tap", 3.5, thumb="right")
    view = g.public_view()
    assert view["outcome"] is None and view["prompt"]["waiting"] == ["p1", "p2", "p3"]
    assert view["prompt"]["wrong"] == ["p2"]
    assert g.private_view("p2")["prompt"] == {"prompt": "tap", "title": "Thumb", "thumb_choice": True,
                                              "wrong": "right"}
    assert "tap" in types(g, "p2")
    act(g, "p3", "tap", 3.6, thumb="left")  # accepted: the race is still on
    act(g, "p2", "tap", 3.7, thumb="left")  # copies again, with the right thumb
    out = g.public_view()["outcome"]
    assert out["order"] == ["p3", "p2"] and out["last"] == ["p1"] and out["losers"] == ["p1"]
    assert out["wrong_thumb"] == ["p2"]
    assert g.drinks() == {"p0": 0, "p1": 2, "p2": 0, "p3": 0}
    assert g.public_view()["turn"] == "p1"


def test_four_thumb_race_a_wrong_thumb_left_last_loses_alone():
    """4: a player who copied with the wrong thumb and never copied right is
    the one left last: they alone drink."""
    g = make(K, 3, deck=["4S"])
    draw(g)
    act(g, "p0", "thumb", 1.0, thumb="right")
    act(g, "p1", "tap", 1.2, thumb="left")
    act(g, "p2", "tap", 1.3, thumb="right")
    out = g.public_view()["outcome"]
    assert out["losers"] == ["p1"] and out["last"] == ["p1"]
    assert g.drinks() == {"p0": 0, "p1": 2, "p2": 0}


def test_four_thumb_race_all_correct_last_drinks():
    """4: with every thumb right, only the last to copy drinks; the thumbmaster keeps the role."""
    g = make(K, 3, deck=["4S"])
    draw(g)
    act(g, "p0", "thumb", thumb="right")
    act(g, "p2", "tap", thumb="right")
    assert g.public_view()["outcome"]["losers"] == ["p1"]
    assert g.public_view()["roles"]["thumbmaster"] == "p0"
    assert "thumb" in types(g, "p0")


def test_five_chugalug_counts_and_reverses():
    """5: multiples of 5 or 7 are chugalug and reverse the count; the first mistake drinks two."""
    g = make(K, 4, deck=["5S"])
    draw(g)
    assert g.public_view()["turn"] == "p0" and types(g, "p0") == ["start"]
    act(g, "p0", "start", side="left")
    seq = [("p1", 2), ("p2", 3), ("p3", 4), ("p0", "chugalug"), ("p3", 6), ("p2", "chugalug"),
           ("p3", 8), ("p0", 9), ("p1", "chugalug")]
    for pid, say in seq:
        pr = g.public_view()["prompt"]
        assert pr["speaker"] == pid and g.public_view()["turn"] == pid
        spec = g.legal_actions(pid)[0]
        assert spec["type"] == "answer" and say in spec["params"]["say"]["one_of"]
        act(g, pid, "answer", say=say)
    pr = g.public_view()["prompt"]
    assert pr["number"] == 11 and pr["speaker"] == "p0" and pr["direction"] == -1
    act(g, "p0", "answer", say="chugalug")  # 11 is a plain number
    assert g.public_view()["prompt"] is None
    assert g.public_view()["outcome"]["loser"] == "p0" and g.public_view()["outcome"]["expected"] == 11
    assert g.drinks() == {"p0": 2, "p1": 0, "p2": 0, "p3": 0}


def test_five_chugalug_saying_the_number_at_a_multiple_is_a_mistake():
    """5: saying 7 instead of chugalug is a mistake; one to my right starts the other way."""
    g = make(K, 4, deck=["5H"])
    draw(g)
    act(g, "p0", "start", side="right")
    for pid, say in [("p3", 2), ("p2", 3), ("p1", 4), ("p0", "chugalug"), ("p1", 6)]:
        act(g, pid, "answer", say=say)
    act(g, "p2", "answer", say=7)
    assert g.drinks()["p2"] == 2 and g.public_view()["prompt"] is None


def test_five_chugalug_too_slow_is_a_mistake():
    """5: no answer before the time-out is the mistake."""
    g = make(K, 3, deck=["5C"], answer_timeout_s=5)
    draw(g)
    act(g, "p0", "start", 1.0, side="left")
    assert g.next_deadline() == 6.0
    g.tick(6.0)
    assert g.drinks()["p1"] == 2 and g.public_view()["outcome"]["said"] is None


def test_six_toilet_card_used_once():
    """6: the holder uses the toilet card once; the table announces it and it is returned."""
    g = make(K, 3, deck=["6S"])
    draw(g)
    assert g.public_view()["roles"]["toilet"] == "p0"
    assert "toilet" in types(g, "p0") and "toilet" not in types(g, "p1")
    events = act(g, "p0", "toilet")
    assert events[0]["kind"] == "toilet" and events[0]["msg"] == "drinking.toilet" and events[0]["player"] == "p0"
    assert g.public_view()["roles"]["toilet"] is None
    assert "toilet" not in types(g, "p0")


def test_seven_reverse_drinks_two_and_reverses():
    """7: the drawer drinks two and the direction of play reverses."""
    g = make(K, 4, deck=["7D", "2S", "7H"])
    draw(g)
    view = g.public_view()
    assert view["direction"] == -1 and g.drinks()["p0"] == 2 and view["turn"] == "p3"
    draw(g)  # p3: black 2, picks
    act(g, "p3", "pick", player="p1")
    assert draw(g) == "p2"
    assert g.public_view()["direction"] == 1 and g.public_view()["turn"] == "p3"


def test_eight_rps_best_of_three_loser_drinks_two():
    """8: the players either side of the drawer play best of three, picks hidden until both are in."""
    g = make(K, 4, deck=["8S"])
    draw(g)
    pr = g.public_view()["prompt"]
    assert pr["kind"] == "rps" and pr["players"] == ["p1", "p3"]
    assert types(g, "p0") == [] and types(g, "p2") == []
    act(g, "p1", "rps", pick="stone")
    assert g.public_view()["prompt"]["picked"] == ["p1"]
    assert g.private_view("p1")["rps_pick"] == "stone"
    assert g.private_view("p3")["rps_pick"] is None
    assert "stone" not in str(g.public_view()["prompt"])
    audit(g)
    with pytest.raises(IllegalAction):
        act(g, "p1", "rps", pick="paper")
    act(g, "p3", "rps", pick="paper")  # p3 wins round 1
    act(g, "p1", "rps", pick="stone")
    act(g, "p3", "rps", pick="stone")  # tie, replayed
    act(g, "p1", "rps", pick="scissors")
    act(g, "p3", "rps", pick="paper")  # p1 wins round 3
    pr = g.public_view()["prompt"]
    assert pr["wins"] == {"p1": 1, "p3": 1} and len(pr["rounds"]) == 3
    assert pr["rounds"][1]["winner"] is None
    act(g, "p3", "rps", pick="scissors")
    act(g, "p1", "rps", pick="paper")
    out = g.public_view()["outcome"]
    assert out["winner"] == "p3" and out["loser"] == "p1"
    assert g.drinks() == {"p0": 0, "p1": 2, "p2": 0, "p3": 0}


def test_eight_rps_with_two_players_drawer_plays_the_other():
    """8: with two players, the drawer plays the other player."""
    g = make(K, 2, deck=["8C"])
    draw(g)
    assert g.public_view()["prompt"]["players"] == ["p1", "p0"]


def test_eight_rps_missing_pick_loses_the_round():
    """8: a pick missing at the time-out loses that round."""
    g = make(K, 3, deck=["8D"], rps_timeout_s=20)
    draw(g)
    act(g, "p1", "rps", 1.0, pick="paper")
    g.tick(20.0)
    assert g.public_view()["prompt"]["wins"] == {"p1": 1, "p2": 0}
    g.tick(40.0)  # both missing now: called off
    assert g.public_view()["prompt"] is None and sum(g.drinks().values()) == 0


@pytest.mark.parametrize("card", ["9S", "10H"])
def test_nine_and_ten_the_rule_costs_two_per_offence(card):
    """9 and 10: the drawer's rule holds; each reported offence costs two fingers."""
    g = make(K, 3, deck=[card, "6S"])
    draw(g)
    act(g, "p0", "rule", text="No pointing")
    act(g, "p1", "breach", rule=0, player="p2")
    with pytest.raises(IllegalAction, match="already"):  # the same offence, called again
        act(g, "p0", "breach", rule=0, player="p2")
    draw(g)
    act(g, "p0", "breach", rule=0, player="p2")  # a new offence, on the next card
    assert g.drinks()["p2"] == 4
    assert g.public_view()["rules"] == [{"by": "p0", "text": "No pointing", "n": 2}]


def test_jack_jail_cancels_any_forfeit_of_the_holder_once():
    """J: "to get you out of any game or forfeit": the holder picks which of
    their forfeits of this game to cancel (not only the latest), once."""
    g = make(K, 4, deck=["JS", "3S", "2C"])
    draw(g)
    assert g.public_view()["roles"]["jail"] == "p0"
    assert "jail" not in types(g, "p0")  # nothing to cancel yet
    draw(g)  # p1 black 3: p0 drinks 2
    first = g.public_view()["log"][-1]["id"]
    draw(g)  # p2 black 2: nominates p0
    act(g, "p2", "pick", player="p0")
    latest = g.public_view()["log"][-1]["id"]
    assert g.drinks()["p0"] == 4
    spec = next(a for a in g.legal_actions("p0") if a["type"] == "jail")
    assert spec["params"] == {"entry": {"one_of": [latest, first]}}
    card = g.private_view("p0")["roles"][0]
    assert card["ready"] is True and [e["id"] for e in card["forfeits"]] == [latest, first]
    act(g, "p0", "jail", entry=first)
    assert g.drinks()["p0"] == 2
    assert g.public_view()["log"][-1]["ref"] == first
    assert g.public_view()["roles"]["jail"] is None
    assert "jail" not in types(g, "p0")


def test_jack_jail_is_pocketed_on_the_phone_and_stolen_only_while_out():
    """J: "this card can be stolen when it is not in your pocket": drawn, it
    is out and may be stolen; its holder pockets it on their phone, and
    then nobody may steal it until they take it out again."""
    g = make(K, 3, deck=["JS"])
    draw(g)
    view = g.public_view()
    assert view["jail_pocketed"] is False
    assert "steal" in types(g, "p1") and "pocket" in types(g, "p0")
    act(g, "p0", "pocket")
    assert g.public_view()["jail_pocketed"] is True
    assert g.private_view("p0")["roles"][0]["pocketed"] is True
    assert "steal" not in types(g, "p1") and "steal" not in types(g, "p2")
    with pytest.raises(IllegalAction):
        act(g, "p1", "steal")
    g = type(g).from_state(json.loads(json.dumps(g.to_state())))
    assert "steal" not in types(g, "p1")
    assert types(g, "p0") == ["unpocket"]
    act(g, "p0", "unpocket")
    assert "steal" in types(g, "p2")
    act(g, "p2", "steal")
    view = g.public_view()
    assert view["roles"]["jail"] == "p2" and view["jail_pocketed"] is False
    assert "pocket" in types(g, "p2") and "steal" in types(g, "p0")


def test_jack_jail_without_the_pocket_is_stealable_at_any_time():
    """A house jail card without the pocket (the reading of a deck saved
    before it) can be stolen at any time and offers no pocket."""
    from partyapp.games.drinking.decks import KINGS

    house = copy.deepcopy(KINGS)
    house["cards"]["J"]["params"] = {"role": "jail", "until": "game_end"}
    g = make(K, 3, deck=["JS"], variant=house)
    draw(g)
    assert "pocket" not in types(g, "p0") and "steal" in types(g, "p1")


def test_jack_jail_gets_its_holder_out_of_the_thumb_race():
    """J: "to get you out of any game": during the thumb race the holder
    gets out of it; the race goes on without them, and they drink nothing."""
    g = make(K, 3, deck=["4S", "JS"])
    draw(g)  # p0 thumbmaster
    draw(g)  # p1 jail
    act(g, "p0", "thumb", 1.0, thumb="left")
    assert "escape" in types(g, "p1") and "escape" not in types(g, "p2")
    act(g, "p1", "escape", 1.1)
    view = g.public_view()
    assert view["roles"]["jail"] is None and view["log"][-1]["msg"] == "drinking.race_off"
    assert view["prompt"] is None and sum(g.drinks().values()) == 0


def test_jack_jail_gets_its_holder_out_of_chugalug_and_paper_scissors_stone():
    """J: out of chugalug the count passes the holder over; out of paper,
    scissors, stone the game is called off and nobody drinks."""
    g = make(K, 4, deck=["JS", "5S"])
    draw(g)  # p0 jail
    draw(g)  # p1 chugalug
    act(g, "p1", "start", 1.0, side="left")
    assert g.public_view()["prompt"]["speaker"] == "p2"
    act(g, "p0", "escape", 1.5)
    act(g, "p2", "answer", 2.0, say=2)
    act(g, "p3", "answer", 2.5, say=3)
    pr = g.public_view()["prompt"]
    assert pr["speaker"] == "p1" and pr["out"] == ["p0"]  # p0 passed over
    g = make(K, 3, deck=["JS", "8S"])
    draw(g)  # p0 jail
    draw(g)  # p1: paper, scissors, stone between p2 and p0
    assert sorted(g.public_view()["prompt"]["players"]) == ["p0", "p2"]
    act(g, "p0", "escape")
    view = g.public_view()
    assert view["prompt"] is None and view["outcome"]["loser"] is None and sum(g.drinks().values()) == 0


def test_queen_every_question_card_is_its_own():
    """Q: "the cardholder keeps the card in front of him": a new Queen does
    not take the card from the earlier holder; every drawer keeps theirs to
    the end, each catches, and each may be told "f*** off"."""
    g = make(K, 3, deck=["QS", "3H", "QH"])
    draw(g)
    draw(g)
    draw(g)
    view = g.public_view()
    assert view["holders"]["question_card"] == ["p0", "p2"]
    assert view["roles"]["question_card"] == "p2"  # the latest
    assert [r["role"] for r in g.private_view("p0")["roles"]] == ["question_card"]
    act(g, "p0", "caught", by="question_card", player="p1")
    act(g, "p2", "caught", by="question_card", player="p1")  # another card's catch: another offence
    assert g.public_view()["necks"] == {"p0": 0, "p1": 2, "p2": 0}
    spec = next(a for a in g.legal_actions("p1") if a["type"] == "deflect")
    assert spec["params"] == {"player": {"one_of": ["p0", "p2"]}}
    act(g, "p1", "deflect", player="p0")
    assert g.public_view()["necks"]["p0"] == 1
    spec = next(a for a in g.legal_actions("p1") if a["type"] == "deflect")
    assert spec["params"] == {"player": {"one_of": ["p2"]}}
    g.remove_player("p2", 5.0)
    assert g.public_view()["holders"]["question_card"] == ["p0"]
    assert g.public_view()["roles"]["question_card"] == "p0"


def test_four_every_thumbmaster_keeps_theirs():
    """4: each Four's drawer may start a thumb race until the game ends."""
    g = make(K, 3, deck=["4S", "4H"])
    draw(g)
    draw(g)
    assert g.public_view()["holders"]["thumbmaster"] == ["p0", "p1"]
    assert "thumb" in types(g, "p0") and "thumb" in types(g, "p1")
    act(g, "p0", "thumb", thumb="left")
    assert g.public_view()["prompt"]["participants"] == ["p1", "p2"]


def test_kings_has_no_cup_the_last_king_necks_the_drink_in_front():
    """K: Kings has no cup: the kings are counted as drawn, nobody pours,
    and the last king's drawer necks "the drink in front of you"."""
    g = make(K, 3, deck=["KS", "KH", "KD", "KC"])
    view = g.public_view()
    assert view["cup"] is None and view["kings"] == {"cards": [], "of": 4}
    draw(g)
    draw(g)
    view = g.public_view()
    assert view["cup"] is None and view["kings"]["cards"] == ["KS", "KH"] and view["kings_drawn"] == 2
    assert view["log"][-1]["msg"] == "drinking.king" and view["log"][-1]["count"] == 2
    assert "pour" not in view["card"]["text"].lower() and "cup" not in view["card"]["text"].lower()
    assert "in front of you" in view["card"]["text"]
    draw(g)
    draw(g)
    view = g.public_view()
    assert g.is_over() and view["necks"]["p0"] == 1
    msgs = [e["msg"] for e in view["log"]]
    assert "drinking.last_king" in msgs and "drinking.cup" not in msgs and "drinking.cup_neck" not in msgs


def test_jack_jail_stolen_and_host_undoes_the_steal():
    """J: another player steals the jail card (announced); the host can undo the steal."""
    g = make(K, 4, deck=["JS"])
    draw(g)
    assert "steal" in types(g, "p2") and "steal" not in types(g, "p0")
    events = act(g, "p2", "steal")
    assert events[0]["kind"] == "steal"
    assert (events[0]["msg"], events[0]["player"], events[0]["victim"]) == ("drinking.steal", "p2", "p0")
    assert g.public_view()["roles"]["jail"] == "p2"
    undo = next(a for a in g.legal_actions(HOST) if a["type"] == "undo")
    assert undo["params"]["entry"]["one_of"] == [events[0]["id"]]
    act(g, HOST, "undo", entry=events[0]["id"])
    assert g.public_view()["roles"]["jail"] == "p0"
    assert g.legal_actions(HOST) == []


def test_queen_question_card_caught_answerer_necks():
    """Q: the holder reports caught and picks who answered: they neck their drink."""
    g = make(K, 3, deck=["QS"])
    draw(g)
    assert g.public_view()["roles"]["question_card"] == "p0"
    act(g, "p0", "caught", by="question_card", player="p2")
    assert g.public_view()["necks"] == {"p0": 0, "p1": 0, "p2": 1}
    assert sum(g.drinks().values()) == 0


def test_queen_question_card_f_off_turns_it_on_the_asker():
    """Q: an answerer's "f*** off" turns it on the asker, who necks."""
    g = make(K, 3, deck=["QS"])
    draw(g)
    assert "deflect" in types(g, "p1") and "deflect" not in types(g, "p0")
    act(g, "p1", "deflect")
    assert g.public_view()["necks"] == {"p0": 1, "p1": 0, "p2": 0}


def test_fourth_king_necks_and_returns_every_feature_card():
    """K: three kings free, the fourth king's drawer necks, the game ends and every role and rule is returned."""
    deck = ["4S", "6S", "JS", "QS", "9S", "KS", "KH", "KD", "KC"]
    g = make(K, 4, deck=deck)
    for _ in range(4):
        draw(g)
    draw(g)  # p0: the rule
    act(g, "p0", "rule", text="No swearing")
    view = g.public_view()
    assert all(view["roles"][r] is not None for r in ("thumbmaster", "toilet", "jail", "question_card"))
    for _ in range(3):
        draw(g)
    assert sum(g.drinks().values()) == 0 and not g.is_over()
    assert g.public_view()["kings_drawn"] == 3
    assert draw(g) == "p0"
    view = g.public_view()
    assert g.is_over() and view["result"]["reason"] == "last_king"
    assert view["necks"]["p0"] == 1
    assert all(v is None for v in view["roles"].values())
    assert view["rules"] == []
    assert all(g.private_view(p)["roles"] == [] for p in g.players())
    with pytest.raises(IllegalAction):
        act(g, "p1", "draw")


def test_not_your_turn_to_draw():
    """Only the player whose turn it is may draw."""
    g = make(K, 3)
    with pytest.raises(NotYourTurn):
        act(g, "p1", "draw")


def test_thumb_race_any_time_pauses_the_card_in_play():
    """The thumbmaster may start the thumb race mid-prompt; the prompt carries on afterwards."""
    g = make(K, 4, deck=["4S", "5S"], answer_timeout_s=10)
    draw(g)
    draw(g)  # p1: chugalug
    act(g, "p1", "start", 1.0, side="left")
    act(g, "p2", "answer", 2.0, say=2)
    act(g, "p0", "thumb", 3.0, thumb="right")
    view = g.public_view()
    assert view["prompt"]["race"] == "thumb" and view["paused"]["kind"] == "chugalug"
    assert view["turn"] is None and "answer" not in types(g, "p3")
    assert "thumb" not in types(g, "p0")  # no second race on top
    assert g.next_deadline() == 13.0
    act(g, "p1", "tap", 4.0, thumb="right")
    act(g, "p2", "tap", 4.5, thumb="right")
    assert g.drinks()["p3"] == 2
    view = g.public_view()
    assert view["paused"] is None and view["prompt"]["kind"] == "chugalug"
    assert view["prompt"]["speaker"] == "p3" and view["prompt"]["number"] == 3
    assert g.next_deadline() == 14.5
    act(g, "p3", "answer", 5.0, say=3)


def test_thumb_race_cannot_start_during_another_race():
    """The thumb race waits while a card's race is running."""
    g = make(K, 3, deck=["4S", "2H"])
    draw(g)
    act(g, "p0", "thumb", thumb="left")
    act(g, "p1", "tap", thumb="left")
    assert "thumb" in types(g, "p0")
    g2 = make(K, 3, deck=["4S"])
    draw(g2)
    act(g2, "p0", "thumb", thumb="left")
    assert "thumb" not in types(g2, "p0")


def test_removing_a_player_during_a_paused_prompt():
    """A player leaving while a prompt is paused by the thumb race is taken out of both."""
    g = make(K, 4, deck=["4S", "2S"])
    draw(g)
    draw(g)  # p1 must nominate
    act(g, "p0", "thumb", thumb="left")
    g.remove_player("p1", 1.0)  # the paused pick is called off; the race goes on
    view = g.public_view()
    assert view["paused"] is None and view["prompt"]["participants"] == ["p2", "p3"]
    act(g, "p3", "tap", 2.0, thumb="left")
    assert g.public_view()["prompt"] is None and g.drinks()["p2"] == 2
    assert g.public_view()["turn"] == "p2"
