"""Ring of Fire: one test per card, with staged decks."""

from __future__ import annotations

import copy
import json

import pytest

from partyapp.games.kit.base import HOST, IllegalAction, NotYourTurn

from partyapp.games import MODES
from .drinking_helpers import act, audit, draw, make, types

RoF = "ring_of_fire"


def test_ace_waterfall_everybody_drinks_until_the_drawer_stops():
    """A, as the seed has it: "Everyone must keep drinking until the person
    who picked the card stops": no stopping order, the table names the
    drawer, and the card says nothing of stopping after the one before."""
    g = make(RoF, 4, deck=["2S", "AS"])
    act(g, "p0", "draw")
    act(g, "p0", "pick", player="p3")
    assert draw(g) == "p1"
    view = g.public_view()
    assert view["last_card"] == "AS"
    assert view["outcome"] == {"kind": "waterfall", "cascade": False, "drawer": "p1"}
    assert "before you" not in view["card"]["text"]
    assert view["card"]["text"] == "Everyone must keep drinking until the person who picked the card stops."
    assert view["prompt"] is None and view["turn"] == "p2"
    assert g.drinks() == {"p0": 1, "p1": 1, "p2": 1, "p3": 2}


def test_ace_waterfall_as_a_cascade_is_a_house_reading():
    """A house deck whose Ace is a cascade gets the stopping order: the
    drawer first, then round the table to their left; a house deck saved
    before the waterfall had the choice plays it as it did."""
    from partyapp.games.drinking.decks import RING_OF_FIRE

    house = copy.deepcopy(RING_OF_FIRE)
    house["cards"]["A"]["params"]["cascade"] = True
    g = make(RoF, 4, deck=["3S", "AS"], variant=house)
    draw(g)
    assert draw(g) == "p1"
    assert g.public_view()["outcome"] == {"kind": "waterfall", "cascade": True, "drawer": "p1",
                                          "order": ["p1", "p2", "p3", "p0"]}
    old = copy.deepcopy(RING_OF_FIRE)
    old["cards"]["A"]["params"] = {"n": 1}  # saved before the choice existed
    g = make(RoF, 3, deck=["AS"], variant=old)
    draw(g)
    assert g.public_view()["outcome"]["order"] == ["p0", "p1", "p2"]


def test_two_you_drawer_picks_who_drinks():
    """2: the drawer picks someone to drink, and the next draw waits for the pick."""
    g = make(RoF, 4, deck=["2H"])
    draw(g)
    view = g.public_view()
    assert view["turn"] == "p0" and view["prompt"]["kind"] == "pick"
    assert g.private_view("p0")["prompt"] == {"prompt": "pick_player", "for": "drink", "n": 1}
    assert g.private_view("p1")["prompt"] is None
    with pytest.raises(IllegalAction):
        act(g, "p1", "draw")
    with pytest.raises(NotYourTurn):
        act(g, "p1", "pick", player="p2")
    spec = g.legal_actions("p0")[0]
    assert spec == {"type": "pick", "params": {"player": {"one_of": ["p1", "p2", "p3"]}}}
    act(g, "p0", "pick", player="p2")
    assert g.drinks()["p2"] == 1
    assert g.public_view()["turn"] == "p1"


def test_three_me_drawer_drinks():
    """3: the drawer drinks."""
    g = make(RoF, 3, deck=["3D"])
    draw(g)
    assert g.drinks() == {"p0": 1, "p1": 0, "p2": 0}
    log = g.public_view()["log"]
    assert log[-1]["drinks"] == {"p0": 1} and log[-1]["msg"] == "drinking.drink" and log[-1]["players"] == ["p0"]


def test_four_floor_last_to_tap_drinks():
    """4 Floor: everybody taps, the server keeps the order, the last drinks."""
    g = make(RoF, 4, deck=["4C"])
    draw(g)
    view = g.public_view()
    assert view["turn"] is None and view["prompt"]["kind"] == "race"
    assert all(types(g, p) == ["tap"] for p in g.players())
    act(g, "p2", "tap", 1.0)
    act(g, "p0", "tap", 1.2)
    with pytest.raises(IllegalAction):
        act(g, "p0", "tap", 1.3)
    assert g.public_view()["prompt"]["order"] == ["p2", "p0"]
    act(g, "p3", "tap", 1.4)
    out = g.public_view()["outcome"]
    assert out["order"] == ["p2", "p0", "p3"] and out["losers"] == ["p1"]
    assert g.drinks()["p1"] == 1 and sum(g.drinks().values()) == 1
    assert g.public_view()["prompt"] is None and g.public_view()["turn"] == "p1"


def test_five_guys_drink():
    """5 Guys: every player in the guys group drinks."""
    g = make(RoF, 4, deck=["5S"], groups={"p0": "guys", "p2": "guys", "p3": "chicks"})
    draw(g)
    assert g.drinks() == {"p0": 1, "p1": 0, "p2": 1, "p3": 0}


def test_six_chicks_drink():
    """6 Chicks: every player in the chicks group drinks; nobody when there are none."""
    g = make(RoF, 4, deck=["6S", "6H"], groups={"p1": "chicks", "p3": "chicks"})
    draw(g)
    assert g.drinks() == {"p0": 0, "p1": 1, "p2": 0, "p3": 1}
    g2 = make(RoF, 2, deck=["6S"])
    draw(g2)
    assert sum(g2.drinks().values()) == 0
    assert g2.public_view()["log"][-1]["msg"] == "drinking.nobody"


def test_seven_heaven_time_out_counts_missing_as_last():
    """7 Heaven: at the time-out every missing tap counts as last and drinks."""
    g = make(RoF, 4, deck=["7H"], race_timeout_s=10)
    draw(g, 5.0)
    assert g.next_deadline() == 15.0
    act(g, "p3", "tap", 6.0)
    assert g.tick(14.9) == []
    with pytest.raises(IllegalAction):
        act(g, "p1", "tap", 15.0)
    g.tick(15.0)
    out = g.public_view()["outcome"]
    assert out["timed_out"] and out["order"] == ["p3"] and sorted(out["losers"]) == ["p0", "p1", "p2"]
    assert g.drinks() == {"p0": 1, "p1": 1, "p2": 1, "p3": 0}
    assert g.next_deadline() is None


def test_eight_mate_drinks_with_you():
    """8 Mate: the drawer picks a mate; from then on the mate drinks whenever the drawer does."""
    g = make(RoF, 4, deck=["8S", "2S", "3S"])
    draw(g)
    act(g, "p0", "pick", player="p2")
    assert g.public_view()["mates"] == [["p0", "p2"]]
    assert g.private_view("p2")["mates"] == ["p0"]
    assert g.drinks() == {"p0": 1, "p1": 0, "p2": 1, "p3": 0}
    draw(g)  # p1: 2, picks p0 -> p2 drinks too
    act(g, "p1", "pick", player="p0")
    assert g.drinks() == {"p0": 2, "p1": 0, "p2": 2, "p3": 0}
    draw(g)  # p2: 3 me -> p0 drinks too
    assert g.drinks() == {"p0": 3, "p1": 0, "p2": 3, "p3": 0}


def test_nine_rhyme_round_drawer_picks_who_messed_up():
    """9 Rhyme with the table rule word_turns: the table shows whose go it is;
    the drawer picks who messed up."""
    g = make(RoF, 4, deck=["9S"], word_turns=True)
    draw(g)
    pr = g.public_view()["prompt"]
    assert pr["kind"] == "round" and pr["speaker"] == "p0" and pr["caller"] == "p0"
    assert set(types(g, "p0")) >= {"done", "missed"}
    with pytest.raises(IllegalAction):
        act(g, "p1", "draw")
    act(g, "p0", "done")
    act(g, "p1", "done")
    assert g.public_view()["prompt"]["speaker"] == "p2"
    assert types(g, "p2") == ["done"]
    with pytest.raises(NotYourTurn):
        act(g, "p2", "missed", player="p2")
    act(g, "p0", "missed", player="p2")
    assert g.drinks()["p2"] == 1
    assert g.public_view()["outcome"]["loser"] == "p2"
    assert g.public_view()["turn"] == "p1"


def test_ten_thumbmaster_then_the_category_round():
    """10 Thumbmaster: the drawer becomes thumbmaster, and the category round
    follows from the drawer."""
    g = make(RoF, 3, deck=["10D"], word_turns=True)
    draw(g)
    view = g.public_view()
    assert view["card"]["title"] == "Thumbmaster"
    assert view["roles"]["thumbmaster"] == "p0"
    assert [r["role"] for r in g.private_view("p0")["roles"]] == ["thumbmaster"]
    assert view["prompt"]["kind"] == "round" and view["prompt"]["speaker"] == "p0"
    assert view["prompt"]["title"] == "Thumbmaster"
    thumb = next(a for a in g.legal_actions("p0") if a["type"] == "thumb")
    assert thumb["params"] == {"thumb": {"one_of": ["left", "right"]}}
    assert "thumb" not in types(g, "p1")
    act(g, "p0", "done")
    act(g, "p1", "done")
    act(g, "p0", "missed", player="p2")
    assert g.drinks() == {"p0": 0, "p1": 0, "p2": 1}
    assert g.public_view()["roles"]["thumbmaster"] == "p0"  # for the game


def test_ten_thumb_race_pauses_the_category_round():
    """10: the new thumbmaster may start the thumb race during the category
    round; a wrong thumb is no copy and copies again; the last to copy
    drinks 1, alone; then the round goes on."""
    g = make(RoF, 4, deck=["10D"], race_timeout_s=10, word_turns=True)
    draw(g, 1.0)
    act(g, "p0", "thumb", 2.0, thumb="right")
    view = g.public_view()
    assert view["prompt"]["race"] == "thumb" and view["paused"]["kind"] == "round"
    assert view["prompt"]["participants"] == ["p1", "p2", "p3"]
    act(g, "p3", "tap", 2.5, thumb="left")
    act(g, "p1", "tap", 2.6, thumb="right")
    assert g.public_view()["prompt"]["waiting"] == ["p2", "p3"]
    act(g, "p3", "tap", 2.7, thumb="right")
    out = g.public_view()["outcome"]
    assert out["wrong_thumb"] == ["p3"] and out["last"] == ["p2"] and out["losers"] == ["p2"]
    assert g.drinks() == {"p0": 0, "p1": 0, "p2": 1, "p3": 0}
    view = g.public_view()
    assert view["paused"] is None and view["prompt"]["kind"] == "round" and view["prompt"]["speaker"] == "p0"


def test_ten_thumbmaster_passes_to_the_next_tens_drawer():
    """10: the role passes to whoever draws the next 10, like every role for
    the game; with roles_pass_on off the first holder keeps it."""
    g = make(RoF, 3, deck=["10D", "10S"])
    draw(g)
    act(g, HOST, "missed", player="p1")
    draw(g)
    assert g.public_view()["roles"]["thumbmaster"] == "p1"
    assert "thumb" in types(g, "p1") and "thumb" not in types(g, "p0")
    kept = make(RoF, 3, deck=["10D", "10S"], roles_pass_on=False)
    draw(kept)
    act(kept, HOST, "missed", player="p1")
    draw(kept)
    assert kept.public_view()["roles"]["thumbmaster"] == "p0"
    assert kept.public_view()["prompt"]["kind"] == "round"  # the category round still follows


def test_ten_category_only_reading():
    """10 with the card's thumbmaster option off (the category-only reading):
    nobody becomes thumbmaster; the round is played; the host may also pick
    who messed up."""
    from partyapp.games.drinking.decks import RING_OF_FIRE

    deck = json.loads(json.dumps(RING_OF_FIRE))
    deck["cards"]["10"]["params"]["thumbmaster"] = False
    g = make(RoF, 3, deck=["10D"], variant=deck)
    draw(g)
    view = g.public_view()
    assert view["roles"]["thumbmaster"] is None and view["prompt"]["kind"] == "round"
    assert "thumb" not in types(g, "p0")
    assert {a["type"] for a in view["host_actions"]} == {"skip", "missed"}
    act(g, HOST, "missed", player="p1")
    assert g.drinks()["p1"] == 1 and g.public_view()["prompt"] is None


def test_jack_make_a_rule_joins_rules_in_force():
    """J: the drawer types a rule; it joins the rules in force with its author; breaking it costs a drink."""
    g = make(RoF, 4, deck=["JS"])
    draw(g)
    assert g.private_view("p0")["prompt"] == {"prompt": "type_rule", "max_len": 100}
    with pytest.raises(IllegalAction):
        act(g, "p0", "rule", text="   ")
    with pytest.raises(IllegalAction):
        act(g, "p0", "rule", text="x" * 101)
    act(g, "p0", "rule", text="  Drink with\nyour left hand ")
    assert g.public_view()["rules"] == [{"by": "p0", "text": "Drink with your left hand", "n": 1}]
    spec = next(a for a in g.legal_actions("p2") if a["type"] == "breach")
    assert spec["params"] == {"rule": {"one_of": [0]}, "player": {"one_of": ["p0", "p1", "p2", "p3"]}}
    act(g, "p2", "breach", rule=0, player="p3")
    assert g.drinks()["p3"] == 1


def test_the_same_rule_cannot_be_made_twice(app):
    """A second Jack's rule that says what a rule in force says (whatever
    its capitals and spaces) is refused, worded in both languages, and the
    drawer types another one."""
    from partyapp.games.kit.wording import wording_of
    from partyapp.i18n.languages import say_in
    g = make(RoF, 4, deck=["JS", "JH"])
    draw(g)
    act(g, "p0", "rule", text="Drink with your left hand")
    assert draw(g) == "p1"
    with pytest.raises(IllegalAction) as refused:
        act(g, "p1", "rule", text="  drink WITH your\nleft hand ")
    assert refused.value.code == "illegal_action"
    assert say_in("en", wording_of(refused.value)) == "That rule is in force already: make up another one."
    with app.app_context():
        assert say_in("ru", wording_of(refused.value)) == "Такое правило уже действует: придумайте другое."
    assert g.private_view("p1")["prompt"] == {"prompt": "type_rule", "max_len": 100}
    act(g, "p1", "rule", text="No pointing")
    assert [r["text"] for r in g.public_view()["rules"]] == ["Drink with your left hand", "No pointing"]


def test_queen_question_master_catches_until_next_queen():
    """Q: the question master taps caught and picks who answered; the next queen passes the role on."""
    g = make(RoF, 3, deck=["QS", "QH"])
    draw(g)
    assert g.public_view()["roles"]["question_master"] == "p0"
    assert g.private_view("p0")["roles"][0]["role"] == "question_master"
    act(g, "p0", "caught", by="question_master", player="p2")
    assert g.drinks()["p2"] == 1
    assert "caught" not in types(g, "p1")
    draw(g)
    assert g.public_view()["roles"]["question_master"] == "p1"
    assert "caught" not in types(g, "p0")
    act(g, "p1", "caught", by="question_master", player="p0")
    assert g.drinks() == {"p0": 1, "p1": 0, "p2": 1}


def test_king_cup_last_king_drinks_it_all_and_ends():
    """K: each king fills the cup; the last king's drawer drinks it all, the
    game ends, and the table then shows the cup empty."""
    g = make(RoF, 3, deck=["KS", "KH", "KD", "KC"])
    for i in range(3):
        draw(g)
        assert g.public_view()["kings_drawn"] == i + 1
        assert g.public_view()["cup"] == {"filled": i + 1, "of": 4, "necked": False}
        assert g.public_view()["log"][-1]["msg"] == "drinking.cup"
        assert not g.is_over()
    assert sum(g.drinks().values()) == 0
    assert draw(g) == "p0"
    view = g.public_view()
    assert g.is_over() and view["over"] and view["turn"] is None
    assert view["necks"]["p0"] == 1
    assert any(e["msg"] == "drinking.cup_neck" and e["players"] == ["p0"] for e in view["log"])
    assert view["cup"] == {"filled": 0, "of": 4, "necked": True}
    assert view["kings"] == {"cards": ["KS", "KH", "KD", "KC"], "of": 4}
    assert view["result"]["reason"] == "last_king" and view["result"]["by"] == "p0"
    assert g.legal_actions("p1") == [] and view["host_actions"] == []
    again = type(g).from_state(json.loads(json.dumps(g.to_state())))
    assert again.public_view()["cup"] == view["cup"]
    audit(g)


def test_a_word_round_needs_no_tap_after_each_word_by_default():
    """9 Rhyme as a table plays it: nobody taps after a word; the caller marks
    who messed up, one tap, and the draw goes on."""
    g = make(RoF, 4, deck=["9S"])
    draw(g)
    pr = g.public_view()["prompt"]
    assert pr["kind"] == "round" and pr["turns"] is False and pr["speaker"] is None and pr["caller"] == "p0"
    assert types(g, "p0") == ["missed"] or "done" not in types(g, "p0")
    for pid in ("p1", "p2", "p3"):
        assert "done" not in types(g, pid) and "missed" not in types(g, pid)
    assert g.waiting_for() == ["p0"]
    act(g, "p0", "missed", player="p2")
    assert g.drinks()["p2"] == 1 and g.public_view()["prompt"] is None
    assert g.public_view()["turn"] == "p1"


def test_the_table_can_mark_who_messed_up_in_a_word_round():
    """The host (the table) marks the one who messed up as well as the caller."""
    g = make(RoF, 3, deck=["9S"])
    draw(g)
    assert [a["type"] for a in g.legal_actions(HOST) if a["type"] == "missed"] == ["missed"]
    act(g, HOST, "missed", player="p1")
    assert g.drinks()["p1"] == 1


def test_the_per_word_mode_is_a_named_table_rule_off_by_default():
    listed = {o["name"]: o for o in MODES[RoF].option_list()}
    assert listed["word_turns"]["default"] is False and "Done" in listed["word_turns"]["doc"]
