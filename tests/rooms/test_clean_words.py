"""The word filter (``partyapp/rooms/clean_words.py``): in family mode, or
when the host turns it on, every typed text that others see passes a kept
list of swear words in English and Russian before it is shown anywhere; a
refused text is answered ``words_filtered`` to its typist alone."""

from __future__ import annotations

import pytest

from partyapp.rooms.clean_words import bad_word
from tests.conftest import error_code
from tests.rooms.test_typed_text import PLACES, seated, shown, typed  # noqa: F401 (seated: a fixture)

# Obscene Russian roots in their inflections, prefixed, and spelt to dodge a list.
RUSSIAN_SWEARS = ["хуй", "хуёвый", "хуевый", "нахуя", "охуенно", "пиздец", "пизды", "распиздяй", "ёбаный",
                  "ебаный", "заебал", "уебок", "долбоёб", "блядь", "бля", "сука", "сучара", "пидорас", "мудак",
                  "мудила", "гандон", "залупа", "говно", "шлюха", "хуйня", "выебываться", "въебать", "ебать",
                  "ебёт", "пиздюк", "похуй", "Пизда", "xуй", "п.и.з.д.а", "Вася мудак", "ХУЙ"]
ENGLISH_SWEARS = ["fuck", "fucking", "Fuck you", "shit", "bullshit", "cunt", "asshole", "bitch", "f*ck", "sh1t"]
# Ordinary words that share letters with a swear word, and the names of the tests.
CLEAN = ["сукно", "хлеб", "оскорблять", "употреблять", "мандарин", "очки", "Гомер", "похоже", "сосед", "скипидар",
         "застрахуйте", "команда", "мудрость", "рубля", "колебания", "Херсон", "учебник", "требовать", "гребля",
         "психую", "втихую", "хлебать", "небанальный", "скребётся", "веб", "Петух", "гребу", "Катманду",
         "Анастасия Владимировна", "Maximilian-Alexander", "Classic", "assassin", "Scunthorpe", "cocktail",
         "Drink twice when you point", "Пей два раза", "Король: новое правило", "Ана \U0001F389"]


@pytest.mark.parametrize("text", RUSSIAN_SWEARS + ENGLISH_SWEARS)
def test_swear_words_are_found_in_english_and_russian(text):
    """Each obscene root in its forms, in either language, is found."""
    assert bad_word(text) is not None


@pytest.mark.parametrize("text", CLEAN)
def test_ordinary_words_pass(text):
    """Words that only share letters with a swear word pass."""
    assert bad_word(text) is None


def family(seated):
    t = seated[0]
    assert t.call("host.command", {"command": "settings", "family": True}) == {"ok": True}


@pytest.mark.parametrize("where", PLACES)
@pytest.mark.parametrize("word", ["shit", "пиздец"])
def test_family_mode_refuses_a_swear_word_everywhere_and_shows_it_nowhere(where, word, seated, client):
    """Family mode: a name, a dare, a rule, a variant's name and card texts
    with a swear word are refused ``words_filtered``, naming it, to the
    typist alone; no screen ever gets the text."""
    family(seated)
    t, code, ana, bob = seated
    t.states(), bob.states()
    answer = typed(where, f"Ha {word} ha", seated, client)
    assert error_code(answer) == "words_filtered", answer
    assert word in answer["error"]["message"]
    assert not any(word in str(frame) for frame in bob.states() + t.states() + ana.states())


@pytest.mark.parametrize("where", PLACES)
def test_the_host_turns_the_filter_on_outside_family_mode(where, seated, client):
    """Outside family mode a swear word is taken; with the room's word
    filter on (``settings`` ``clean_words``) it is refused, and taken again
    once it is off."""
    t = seated[0]
    assert t.last_state()["room"]["settings"]["clean_words"] is False
    assert t.call("host.command", {"command": "settings", "clean_words": True}) == {"ok": True}
    assert t.last_state()["room"]["settings"]["clean_words"] is True
    assert error_code(typed(where, "Bloody shit", seated, client)) == "words_filtered"
    assert t.call("host.command", {"command": "settings", "clean_words": False}) == {"ok": True}
    for _ in range(2):  # the game the rule was typed in ends (its result, then the lobby)
        assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    answer = typed(where, "Bloody shit", seated, client)
    assert answer["ok"] is True, answer
    assert "Bloody shit" in shown(seated, answer)


def test_a_renamed_player_and_a_guest_pass_the_filter(seated):
    """A new name (player.update) and a guest without a phone are checked too."""
    family(seated)
    t, code, ana, bob = seated
    assert error_code(bob.call("player.update", {"name": "Сука Боб"})) == "words_filtered"
    assert error_code(t.call("host.command", {"command": "add_guest", "name": "Fuck Face"})) == "words_filtered"
    assert bob.call("player.update", {"name": "Боб"}) == {"ok": True}


def test_dares_sent_with_family_mode_are_checked_as_family(seated):
    """Dares sent in the same change that turns family mode on are checked."""
    t = seated[0]
    answer = t.call("host.command", {"command": "settings", "family": True, "dares": ["Say shit"]})
    assert error_code(answer) == "words_filtered"


def test_the_refusal_is_worded_in_russian_for_a_russian_phone(seated, client):
    """The reason is in the typist's language."""
    family(seated)
    p = client(headers={"Accept-Language": "ru"})
    answer = p.call("player.join", {"code": seated[1], "name": "Хуй"})
    assert error_code(answer) == "words_filtered"
    assert "фильтр" in answer["error"]["message"]
