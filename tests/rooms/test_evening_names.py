"""Names at the door (issue 25): a name that reads like a seated one is
refused naming the seated one as it is seated; a name too long is refused
saying how many characters it has, counted as a person sees them."""

from __future__ import annotations

import pytest

from tests.conftest import error_code


def test_sam_and_sam_the_refusal_names_the_seated_one(table, join, client):
    """"sam" is seated: "Sam" is told somebody is already called "sam"."""
    t, code, _ = table
    join(code, "sam")
    answer = client().call("player.join", {"code": code, "name": "Sam"})
    assert error_code(answer) == "name_taken"
    assert "called sam." in answer["error"]["message"]
    assert [p["name"] for p in t.last_state()["players"]] == ["sam"]


def test_a_rename_refusal_names_the_seated_one(table, join):
    t, code, _ = table
    join(code, "Bartholomew")
    bo = join(code, "Bo")
    answer = bo.call("player.update", {"name": "BARTHOLOMEW"})
    assert error_code(answer) == "name_taken"
    assert "called Bartholomew." in answer["error"]["message"]


@pytest.mark.parametrize("name", [
    "Zo\u00eb" * 8,  # 24 letters, precomposed
    "Zoe\u0301" * 8,  # 24 letters, each e with a combining accent
    "\U0001f468\u200d\U0001f469\u200d\U0001f467 " * 6,  # families and spaces: 11 seen
    "\U0001f44d\U0001f3fd" * 24,  # thumbs up with a skin tone: 24 seen
    "\U0001f1eb\U0001f1f7" * 24,  # flags of France: 24 seen
], ids=["precomposed", "combining", "families", "skin tones", "flags"])
def test_a_name_of_24_characters_as_seen_is_kept(name, table, join):
    t, code, _ = table
    join(code, name)
    assert [p["name"] for p in t.last_state()["players"]][0].startswith(name.strip()[:2])


def test_a_name_over_the_limit_is_refused_saying_how_long_it_is(table, client):
    """Nothing is cut mid-word: the phone hears the name has 39 characters, 24 at most."""
    t, code, _ = table
    answer = client().call("player.join", {"code": code, "name": "Bartholomew Featherstone-Smythe III"[:39]})
    assert error_code(answer) == "bad_request"
    assert "35 characters: 24 at most" in answer["error"]["message"]


def test_the_refusal_is_worded_in_russian(table, client):
    t, code, _ = table
    phone = client(query_string="lang=ru")
    answer = phone.call("player.join", {"code": code, "name": "\u0410" * 30})
    assert "30 символов, можно не больше 24" in answer["error"]["message"], answer
