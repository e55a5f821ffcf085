"""One identity for names (issue 23, point 4): what a person sees decides
whether two names are the same, so the table never shows two seats that
read alike; the same for house variants' names."""

from __future__ import annotations

import copy

import pytest

from partyapp.games.drinking.decks import RING_OF_FIRE
from partyapp.rooms.names import skeleton
from tests.conftest import error_code

SAME_AS_ANN = {
    "capitals": "ANN",
    "Cyrillic A": "\u0410nn",
    "Cyrillic a and n-like letters": "\u0430nn",
    "full-width letters": "\uff21\uff4e\uff4e",
    "mathematical letters": "\U0001d400\U0001d427\U0001d427",
    "Greek capital alpha": "\u0391nn",
}


@pytest.mark.parametrize("name", SAME_AS_ANN.values(), ids=SAME_AS_ANN.keys())
def test_a_name_that_looks_like_a_seated_one_is_taken(name, table, join, client):
    t, code, _ = table
    join(code, "Ann")
    answer = client().call("player.join", {"code": code, "name": name})
    assert error_code(answer) == "name_taken"
    assert [p["name"] for p in t.last_state()["players"]] == ["Ann"]


def test_the_issue_s_three_anns_cannot_sit_in_one_room(table, join, client):
    """ "Ann", "An\\u200dn" and Cyrillic "\\u0410nn": one seat reads Ann."""
    t, code, _ = table
    join(code, "Ann")
    hidden = client().call("player.join", {"code": code, "name": "An\u200dn"})
    assert error_code(hidden) == "bad_request"
    cyrillic = client().call("player.join", {"code": code, "name": "\u0410nn"})
    assert error_code(cyrillic) == "name_taken"
    assert [p["name"] for p in t.last_state()["players"]] == ["Ann"]


def test_a_name_with_a_character_that_draws_nothing_cannot_sit_beside_its_look_alike(table, join, client):
    """Issue 44: "Ann" + U+FFFC (the object replacement character, which
    browsers draw as nothing) sat beside "Ann", and the TV showed two Ann;
    a kicked "Cy" came back as "Cy" + U+FFFC. The cleaner refuses it, and
    a name stored with it before still reads as the name without it."""
    t, code, _ = table
    join(code, "Ann")
    answer = client().call("player.join", {"code": code, "name": "Ann\ufffc"})
    assert error_code(answer) == "bad_request"
    assert "invisible" in answer["error"]["message"]
    cy = join(code, "Cy")
    assert t.call("host.command", {"command": "kick", "player_id": cy.player_id})["ok"]
    for name in ("Cy\ufffc", "\ufffcCy", "C\ufffcy"):
        back = client().call("player.join", {"code": code, "name": name})
        assert error_code(back) == "bad_request"
    assert [p["name"] for p in t.last_state()["players"]] == ["Ann"]
    assert skeleton("Ann\ufffc") == skeleton("Ann") and skeleton("Cy\ufffc") == skeleton("Cy")


def test_a_name_with_a_script_s_joiner_is_the_name_without_it(table, join, client):
    """The Persian non-joiner is kept where the script needs it (Alireza
    written with it), but it is no way to a second seat that reads the same."""
    t, code, _ = table
    join(code, "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627")
    answer = client().call("player.join", {"code": code, "name": "\u0639\u0644\u06cc\u0631\u0636\u0627"})
    assert error_code(answer) == "name_taken", answer
    assert [p["name"] for p in t.last_state()["players"]] == ["\u0639\u0644\u06cc\u200c\u0631\u0636\u0627"]


def test_a_rename_to_a_look_alike_is_taken_too(table, join):
    t, code, _ = table
    join(code, "Ann")
    bea = join(code, "Bea")
    assert error_code(bea.call("player.update", {"name": "\u0410NN"})) == "name_taken"


def test_names_that_only_look_different_in_their_letters_stay_apart(table, join):
    """Accents and other letters are what people see: Zoe and Zoë, Ann and Anna."""
    t, code, _ = table
    for name in ("Zoe", "Zo\u00eb", "Ann", "Anna", "\u0410\u043d\u044f"):  # the last: Russian "Аня"
        join(code, name)
    assert len(t.last_state()["players"]) == 5


def test_skeletons_follow_confusables():
    assert skeleton("Ann") == skeleton("\u0430NN") == skeleton("An\u200dn")
    assert skeleton("Tim") == skeleton("Tirn")  # confusables.txt draws m as rn
    assert skeleton("Zoe") != skeleton("Zo\u00eb")


def deck(name: str) -> dict:
    d = copy.deepcopy(RING_OF_FIRE)
    d["name"] = name
    return d


def test_a_house_variant_cannot_take_a_name_that_looks_like_another(table, join):
    t, code, _ = table
    ana = join(code, "Ana")
    assert ana.call("variant.save", {"name": "House", "mode": "ring_of_fire", "deck": deck("House")})["ok"]
    twin = ana.call("variant.save", {"name": "H\u043euse", "mode": "ring_of_fire", "deck": deck("x")})
    assert error_code(twin) == "bad_request"
    assert "looks the same" in twin["error"]["message"]
    # the same name is saved over as before
    assert ana.call("variant.save", {"name": "House", "mode": "ring_of_fire", "deck": deck("House")})["ok"]
