"""Everything people type (player names, rules, card titles and texts, deck
and variant names) goes through one cleaner: the same characters are refused
everywhere with the same reason, and white space is folded the same way."""

from __future__ import annotations

import copy

import pytest

from partyapp.games.drinking.decks import RING_OF_FIRE

REFUSED = {
    "nul": ("Ana\x00x", "control character"),
    "bell": ("Ana\x07x", "control character"),
    "right-to-left override": ("Ana\u202ex", "invisible or direction-changing"),
    "left-to-right isolate": ("Ana\u2066x", "invisible or direction-changing"),
    "zero width space": ("Ana\u200bx", "invisible or direction-changing"),
    "hangul filler": ("Ana\u3164x", "invisible or direction-changing"),
    "private use": ("Ana\ue000x", "control character"),
    # default-ignorable and format characters (issue 23): each makes a name
    # look like another ("An\u200dn" reads "Ann")
    "zero width joiner": ("An\u200dn", "invisible or direction-changing"),
    "zero width non-joiner": ("An\u200cn", "invisible or direction-changing"),
    "soft hyphen": ("An\u00adn", "invisible or direction-changing"),
    "tag character": ("Ann\U000E0041", "invisible or direction-changing"),
    "combining grapheme joiner": ("An\u034fn", "invisible or direction-changing"),
    "emoji variation selector after a letter": ("Ann\ufe0f", "invisible or direction-changing"),
    "variation selector": ("Ann\ufe00", "invisible or direction-changing"),
    "mongolian variation selector": ("Ann\u180b", "invisible or direction-changing"),
    "khmer inherent vowel": ("Ann\u17b4", "invisible or direction-changing"),
    "interlinear annotation anchor": ("Ann\ufff9", "invisible or direction-changing"),
    "shorthand format letter overlap": ("Ann\U0001BCA0", "invisible or direction-changing"),
    "egyptian hieroglyph vertical joiner": ("Ann\U00013430", "invisible or direction-changing"),
    # characters that draw nothing though Unicode calls them visible (issue 44):
    # Chromium draws the object replacement character as nothing at all
    "object replacement character": ("Ann\ufffc", "invisible or direction-changing"),
    "khitan small script filler": ("Ann\U00016fe4", "invisible or direction-changing"),
    "musical null notehead": ("Ann\U0001d159", "invisible or direction-changing"),
}


@pytest.fixture
def seated(table, join):
    """A table, its host phone Ana and a guest Bob, Ring of Fire with a Jack up first."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    return t, code, ana, bob


def deck_with(title: str = "House Jack", text: str = "Everybody drinks.", name: str = "House") -> dict:
    deck = copy.deepcopy(RING_OF_FIRE)
    deck["name"] = name
    deck["cards"]["J"] = {"title": title, "text": text, "effect": "rule", "params": {"n": 1}}
    return deck


def _join(seated, client, text):
    return client().call("player.join", {"code": seated[1], "name": text})


def _rule(seated, client, text):
    t, _, ana, _ = seated
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["JS"]}})["ok"]
    assert ana.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    return ana.call("game.act", {"action": {"type": "rule", "text": text}})


def _save(**fields):
    def save(seated, client, text):
        name = text if fields.get("name") else "House"
        deck = deck_with(**{k: text for k in fields if k != "name"})
        return seated[2].call("variant.save", {"name": name, "mode": "ring_of_fire", "deck": deck})

    return save


def _start(seated, client, text):
    """Start a game on a deck given whole (not saved); the Jack is drawn at once."""
    options = {"variant": deck_with(title=text), "deck": ["JS"]}
    answer = seated[0].call("game.start", {"mode": "ring_of_fire", "options": options})
    if answer["ok"]:
        seated[2].call("game.act", {"action": {"type": "draw"}})
    return answer


def _dare(seated, client, text):
    return seated[0].call("host.command", {"command": "settings", "dares": [text]})


TYPE_INTO = {
    "player name": _join,
    "dare": _dare,
    "rule": _rule,
    "variant name": _save(name=True),
    "card title": _save(title=True),
    "card text": _save(text=True),
    "deck in game.start": _start,
}


def typed(where: str, text: str, seated, client) -> dict:
    """Type ``text`` into the field ``where``; the server's answer."""
    return TYPE_INTO[where](seated, client, text)


def shown(seated, answer: dict) -> list[str]:
    """Every place typed text can be seen afterwards."""
    t = seated[0]
    state = t.last_state()
    game = state["game"] or {}
    variant = answer.get("variant") or {"name": None, "deck": {"cards": {"J": {}}}}
    jack = variant["deck"]["cards"]["J"]
    return ([p["name"] for p in state["players"]] + [r["text"] for r in game.get("rules", [])]
            + list(state["room"]["settings"]["dares"])
            + [(game.get("card") or {}).get("title"), variant["name"], jack.get("title"), jack.get("text")])


PLACES = ["player name", "dare", "rule", "variant name", "card title", "card text", "deck in game.start"]


@pytest.mark.parametrize("where", PLACES)
@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_the_same_characters_are_refused_everywhere(where, kind, seated, client):
    """NUL, bidi overrides, invisible characters...: refused with the reason
    in every typed field."""
    text, reason = REFUSED[kind]
    answer = typed(where, text, seated, client)
    assert answer["ok"] is False
    assert answer["error"]["code"] in ("bad_request", "illegal_action")
    assert reason in answer["error"]["message"]


@pytest.mark.parametrize("where", PLACES)
def test_white_space_is_folded_the_same_everywhere(where, seated, client):
    """Tabs, line breaks and runs of spaces become one space in every field."""
    t, code, ana, bob = seated
    answer = typed(where, "  Ana\t\n  Lee  ", seated, client)
    assert answer["ok"] is True, answer
    assert "Ana Lee" in shown(seated, answer)


EMOJI = ["\u2764\ufe0f Zoe", "\U0001F468\u200d\U0001F469\u200d\U0001F467 Fam",
         "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F Ian", "1\ufe0f\u20e3 Uno"]


@pytest.mark.parametrize("where", PLACES)
@pytest.mark.parametrize("text", EMOJI, ids=["red heart", "family", "flag of Scotland", "keycap"])
def test_emoji_as_keyboards_type_them_are_kept(where, text, seated, client):
    """The joiners, variation selectors and tags inside an emoji are fine."""
    answer = typed(where, text, seated, client)
    assert answer["ok"] is True, answer
    assert text in shown(seated, answer)


# The joiners a script needs (IDNA's CONTEXTJ rules): kept where they change
# how the letters beside them are drawn, refused anywhere else.
SCRIPT_JOINERS = {
    "Persian non-joiner (Alireza)": "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",
    "Persian non-joiner after a mark": "\u0645\u06cc\u0650\u200c\u062e\u0648\u0627\u0647\u0645",
    "Sinhala joiner after the virama (Sri)": "\u0dc1\u0dca\u200d\u0dbb\u0dd3 Lanka",
    "Devanagari half form": "\u0915\u094d\u200d\u0937\u093e",
    "Malayalam non-joiner after the virama": "\u0d15\u0d4d\u200c\u0d15",
}
JOINERS_NOTHING_NEEDS = {
    "non-joiner after a letter that joins nothing on its left": "\u062f\u0627\u200c\u0646\u0627",
    "non-joiner before a letter that joins nothing on its right": "\u0645\u200c Ann",
    "joiner between two Arabic letters": "\u0639\u200d\u0644\u06cc",
    "non-joiner at the end": "\u0639\u0644\u06cc\u200c",
    "joiner after a letter, not a virama": "\u0915\u200d\u0937",
}


@pytest.mark.parametrize("where", PLACES)
@pytest.mark.parametrize("text", SCRIPT_JOINERS.values(), ids=SCRIPT_JOINERS.keys())
def test_the_joiners_a_script_needs_are_kept(where, text, seated, client):
    """A Persian name with its non-joiner, the Sinhala "Sri" with its
    joiner: the format characters a script needs are typed as they are."""
    answer = typed(where, text, seated, client)
    assert answer["ok"] is True, answer
    assert text in shown(seated, answer)


@pytest.mark.parametrize("text", JOINERS_NOTHING_NEEDS.values(), ids=JOINERS_NOTHING_NEEDS.keys())
def test_a_joiner_where_no_script_needs_it_is_refused(text, seated, client):
    answer = typed("player name", text, seated, client)
    assert answer["ok"] is False and "invisible or direction-changing" in answer["error"]["message"], answer


def test_variant_names_are_bounded_like_other_text(seated):
    """A variant name of 41 characters is refused, 40 is kept."""
    t, code, ana, bob = seated
    too_long = ana.call("variant.save", {"name": "v" * 41, "mode": "ring_of_fire", "deck": deck_with()})
    assert too_long["error"]["code"] == "bad_request" and "41 characters: 40 at most" in too_long["error"]["message"]
    assert ana.call("variant.save", {"name": "v" * 40, "mode": "ring_of_fire", "deck": deck_with()})["ok"]
    assert ana.call("variant.delete", {"name": "v" * 40}) == {"ok": True}
    assert ana.call("variant.delete", {"name": "\x00"})["error"]["code"] == "bad_request"
