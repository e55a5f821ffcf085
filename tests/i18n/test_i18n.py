"""Languages: the gettext catalogues are complete, the pages follow the
browser's language and the switch, the scripts get the same catalogue as
JSON, and every refusal is worded in the language of the screen that asked."""

from __future__ import annotations

import copy
import re

import orjson
import pytest

from partyapp.i18n import catalogue
from partyapp.games.kit.base import IllegalAction
from partyapp.i18n.languages import CATALOGUE_MODULE, say_in
from partyapp.games.kit.wording import Term, Wording
from tests import ROOT


@pytest.fixture(scope="module")
def template():
    return catalogue.extract()


def test_every_message_has_its_russian_with_the_same_placeholders(template):
    """make i18n's check: a message id the code uses and the Russian
    catalogue lacks, an empty translation, a plural short of a form or a
    placeholder that differs fails here."""
    assert catalogue.problems(template) == []


def test_the_check_finds_a_missing_string_and_a_changed_placeholder(template):
    cats = {lang: catalogue.load(lang) for lang in catalogue.LOCALES}
    ru = cats["ru"]
    ru["{player} joins the game."].string = "{игрок} присоединяется к игре."
    ru["Tap to draw"].string = ""
    del ru["Start a table (TV)"]
    ru[("({count} drink)", "({count} drinks)")].string = ("({count} глоток)", "({count} глотка)", "")
    found = "\n".join(catalogue.problems(template, cats))
    assert "placeholder ['игрок'] not in the message id: '{player} joins the game.'" in found
    assert "not translated: 'Tap to draw'" in found
    assert "missing from the catalogue (run make i18n): 'Start a table (TV)'" in found
    assert "not translated: ('({count} drink)', '({count} drinks)')" in found


def test_plurals_are_gettext_plurals_with_three_russian_forms():
    ru = catalogue.load("ru")
    assert ru.num_plurals == 3
    forms = ru[("({count} drink)", "({count} drinks)")].string
    assert forms == ("({count} глоток)", "({count} глотка)", "({count} глотков)")


def test_the_russian_games_carry_their_russian_names():
    ru = catalogue.load("ru")
    assert ru["Go Fish"].string == "Рыба"
    assert ru["Shif-shof-shum"].string == "Шиф, шоф и шум"
    assert ru["Russian Blackjack"].string == "Блек-джек"


def test_a_sentence_with_a_count_and_a_term_is_worded_in_each_language(app):
    w = Wording("{game} needs at least {count} player.|{game} needs at least {count} players.",
                game=Term("Cheat"), count=2)
    assert str(w) == "Cheat needs at least 2 players."
    with app.app_context():
        assert say_in("ru", w) == "Для игры «Верю — не верю» нужно хотя бы 2 игрока."
        assert say_in("ru", Wording(w.msgid, game=Term("Go Fish"), count=5)) == "Для игры «Рыба» нужно хотя бы 5 игроков."
        assert say_in("en", w) == "Cheat needs at least 2 players."


def test_an_illegal_move_keeps_its_message_id_and_values():
    exc = IllegalAction("{game} is dealt already; you will be dealt in next game.", game=Term("Irish Snap"))
    assert str(exc) == "Irish Snap is dealt already; you will be dealt in next game."
    assert exc.wording.msgid == "{game} is dealt already; you will be dealt in next game."


def test_the_catalogue_json_for_the_scripts(app):
    web = app.test_client()
    answer = web.get("/i18n/ru.json")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    data = orjson.loads(answer.data)
    assert data["lang"] == "ru" and data["nplurals"] == 3
    assert "n%10==1" in data["plural"].replace(" ", "")
    assert data["messages"]["({count} drink)|({count} drinks)"] == ["({count} глоток)", "({count} глотка)", "({count} глотков)"]
    assert data["messages"]["Tap to draw"] == "Нажмите, чтобы тянуть"
    # Revalidated by its ETag; cached for good under the page's version.
    assert web.get("/i18n/ru.json", headers={"If-None-Match": answer.headers["ETag"]}).status_code == 304
    page = web.get("/").get_data(as_text=True)
    version = re.search(r'data-i18n="([0-9a-f]+)"', page).group(1)
    cached = web.get(f"/i18n/ru.json?v={version}")
    assert "immutable" in cached.headers["Cache-Control"]
    assert web.get("/i18n/de.json").status_code == 404


def test_the_catalogue_is_a_module_each_page_maps_to_its_language(app):
    """js/i18n.js imports the words as a module: each page's import map
    sends it to the catalogue of the page's language, under the catalogues'
    version (cached for good), and preloads it; the unmapped name answers
    in the request's language."""
    web = app.test_client()
    for headers, lang in (({}, "en"), ({"Accept-Language": "ru-RU"}, "ru")):
        page = web.get("/", headers=headers).get_data(as_text=True)
        version = re.search(r'data-i18n="([0-9a-f]+)"', page).group(1)
        url = f"/i18n/{lang}.js?v={version}"
        mapping = orjson.loads(re.search(r'<script type="importmap">(.*?)</script>', page).group(1))["imports"]
        assert mapping[CATALOGUE_MODULE] == url
        assert f'<link rel="modulepreload" href="{url}">' in page
        assert 'rel="preload"' not in page  # nothing fetched beside the module graph
        answer = web.get(url)
        assert answer.status_code == 200 and answer.mimetype == "text/javascript"
        assert "immutable" in answer.headers["Cache-Control"]
        body = answer.get_data(as_text=True)
        assert body.startswith("export default {") and body.endswith("};\n")
        assert orjson.loads(body.removeprefix("export default ").removesuffix(";\n")) == orjson.loads(
            web.get(f"/i18n/{lang}.json").data)
    plain = web.get(CATALOGUE_MODULE, headers={"Accept-Language": "ru-RU"})
    assert plain.headers["Cache-Control"] == "no-cache" and "Cookie" in plain.headers["Vary"]
    assert '"lang":"ru"' in plain.get_data(as_text=True)
    assert web.get("/i18n/de.js").status_code == 404 and web.get("/i18n/other.js").status_code == 404


@pytest.mark.parametrize("path", ["/", "/j/{code}", "/t/{code}", "/w/{code}"])
def test_lang_in_the_address_outranks_the_cookie_on_every_page(app, path):
    """``?lang=ru`` gives the page in Russian, its server-rendered words and
    the scripts' words (the catalogue its import map names) alike, whatever
    the cookie and the browser say."""
    room, _ = app.extensions["partyapp"].registry.create("http://party.test")
    web = app.test_client()
    web.set_cookie("lang", "en")
    page = web.get(path.format(code=room.code) + "?lang=ru", headers={"Accept-Language": "en"}).get_data(as_text=True)
    mapping = orjson.loads(re.search(r'<script type="importmap">(.*?)</script>', page).group(1))["imports"]
    assert '<html lang="ru"' in page and mapping[CATALOGUE_MODULE].startswith("/i18n/ru.js?v=")
    plain = web.get(path.format(code=room.code)).get_data(as_text=True)
    assert '<html lang="en"' in plain


def test_the_join_form_takes_lang_on_to_the_phone_page(app):
    """The start page opened with ``?lang=ru`` sends its code form on in Russian."""
    web = app.test_client()
    page = web.get("/?lang=ru").get_data(as_text=True)
    assert '<input type="hidden" name="lang" value="ru">' in page
    assert 'name="lang"' not in web.get("/").get_data(as_text=True)
    assert web.get("/join?code=abcdef&lang=ru").headers["Location"].endswith("/j/ABCDEF?lang=ru")
    assert web.get("/join?code=abcdef&lang=xx").headers["Location"].endswith("/j/ABCDEF")


def test_pages_follow_accept_language_and_the_switch_cookie(app):
    web = app.test_client()
    ru = web.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}).get_data(as_text=True)
    assert '<html lang="ru"' in ru and "Открыть стол" in ru and "Start a table" not in ru
    en = web.get("/", headers={"Accept-Language": "de-DE,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="en"' in en and "Start a table" in en
    web.set_cookie("lang", "en")
    chosen = web.get("/", headers={"Accept-Language": "ru-RU"}).get_data(as_text=True)
    assert '<html lang="en"' in chosen and "Start a table" in chosen


def test_each_screen_gets_refusals_in_its_own_language(client, table, join):
    """The same refused move, from a phone in Russian and one in English."""
    _, code, _ = table
    ru = client(query_string="lang=ru")
    en = client(query_string="lang=en")
    assert ru.call("player.join", {"code": code, "name": "Аня"})["ok"]
    assert en.call("player.join", {"code": code, "name": "Bob"})["ok"]
    assert en.call("game.act", {"action": {"type": "draw"}})["error"]["message"] == "No game is running."
    assert ru.call("game.act", {"action": {"type": "draw"}})["error"]["message"] == "Игра не идёт."
    newcomer = client(query_string="lang=ru")
    answer = newcomer.call("player.join", {"code": code, "name": "Bob"})
    assert answer["error"]["code"] == "name_taken"
    assert answer["error"]["message"] == "Здесь уже есть Bob. Выберите другое имя."
    bad = newcomer.call("player.join", {"code": code, "name": "\u202eevil"})
    assert bad["error"]["message"] == "Имя: есть невидимый символ или символ смены направления текста."


def test_a_russian_phone_is_told_to_slow_down_in_russian(make_app, client):
    """The dispatcher's own answers (here the rate limit's) are in the
    connection's language too."""
    from tests.conftest import Client

    app = make_app(PARTYAPP_EVENTS_PER_SECOND=1, PARTYAPP_EVENTS_BURST=2)
    ru = Client(app, query_string="lang=ru")
    answers = [ru.call("game.act", {"action": {"type": "draw"}}) for _ in range(4)]
    limited = [a["error"]["message"] for a in answers if a["error"]["code"] == "rate_limited"]
    assert limited and set(limited) == {"Слишком много сообщений; помедленнее."}
    ru.disconnect()


def test_a_russian_host_is_told_why_a_deck_is_refused(client, table):
    from partyapp.games.drinking import decks

    host, code, token = table
    ru = client(query_string="lang=ru")
    assert ru.call("table.attach", {"code": code, "host_token": token})["ok"]
    deck = copy.deepcopy(decks.RING_OF_FIRE)
    del deck["cards"]["7"]
    answer = ru.call("variant.save", {"name": "Наша", "mode": "ring_of_fire", "deck": deck})
    assert answer["error"]["message"] == "Нет карты 7."
    deck = copy.deepcopy(decks.RING_OF_FIRE)
    deck["cards"]["2"]["title"] = ""
    answer = ru.call("variant.save", {"name": "Наша", "mode": "ring_of_fire", "deck": deck})
    assert answer["error"]["message"] == "Карта 2: заголовок: пусто."


def test_a_house_deck_is_marked_so_its_words_stay_as_typed():
    """A standard deck's words are message ids the screens word; a house
    variant's are shown as typed (house_deck)."""
    import random

    from partyapp.games.drinking import decks
    from partyapp.games.drinking.engine import RingOfFire

    players = [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Bo"}]
    standard = RingOfFire.new(players, {}, random.Random(1), 0.0)
    assert standard.public_view()["house_deck"] is False
    own = copy.deepcopy(decks.RING_OF_FIRE)
    own["cards"]["J"]["title"] = "Наше правило"
    house = RingOfFire.new(players, {"variant": own}, random.Random(1), 0.0)
    assert house.public_view()["house_deck"] is True
    again = RingOfFire.from_state(house.to_state())
    assert again.public_view()["house_deck"] is True


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_the_family_deck_is_worded_in_each_language(mode):
    """Family mode's deck (its ``variant``) is a standard deck, not a house
    one: its titles and texts are message ids with their Russian."""
    import random

    from partyapp.games import MODES
    from partyapp.games.drinking import decks

    players = [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Bo"}]
    cls = MODES[mode]
    game = cls.new(players, dict(cls.FAMILY_OPTIONS), random.Random(1), 0.0)
    assert game.public_view()["house_deck"] is False
    ru = catalogue.load("ru")
    words = []
    for entry in decks.family_deck(mode)["cards"].values():
        for card in (entry["red"], entry["black"]) if "red" in entry else (entry,):
            words += [card["title"], card["text"]]
    absent = [w for w in words if ru.get(w) is None or not ru.get(w).string]
    assert absent == []


def _js_table(text: str, name: str) -> dict[str, str]:
    """A ``const NAME = { key: N_("words"), ... }`` table of a screen module."""
    body = re.search(r"const " + name + r" = \{(.*?)\n\};", text, re.S).group(1)
    return dict(re.findall(r'(\w+): N_\("((?:[^"\\]|\\.)*)"\)', body))


def test_words_the_screens_build_from_game_data_are_in_the_catalogue():
    """What a game's end and its forfeits name (a reason, a figure of the
    result, a forfeit's cause) is worded through a table or, failing that,
    the name humanized: random play of every full card game must find every
    such word in the Russian catalogue."""
    import random
    
    from partyapp.games import MODES
    from partyapp.games.kit.cardgame import CardGame
    from tests.games import cardgame_helpers as helpers

    js = ROOT / "partyapp" / "static" / "js"
    result_js = (js / "ui" / "result.js").read_text(encoding="utf-8")
    reasons, figures = _js_table(result_js, "REASONS"), _js_table(result_js, "FIGURES")
    causes = _js_table((js / "modes" / "kit.js").read_text(encoding="utf-8"), "causes")
    for path in js.rglob("*.js"):
        for block in re.findall(r"registerCauses\(\{(.*?)\}\);", path.read_text(encoding="utf-8"), re.S):
            causes.update(re.findall(r'(\w+): N_\("((?:[^"\\]|\\.)*)"\)', block))
    ru = catalogue.load("ru")
    wanted: dict[str, str] = {}
    for mode, cls in MODES.items():
        if not issubclass(cls, CardGame):
            continue
        log: list[dict] = []
        g = helpers.make(mode, max(cls.min_players, min(3, cls.max_players)), seed=1)
        g, _ = helpers.play_randomly(g, random.Random(1), log=log, max_steps=20000)
        result = g.public_view()["result"] or {}
        for key, value in result.items():
            if key == "reason":
                wanted[reasons.get(value) or catalogue.humanize(value)] = f"{mode}: reason {value}"
            elif key not in ("winners", "losers", "winner", "loser", "by"):
                wanted[figures.get(key) or catalogue.humanize(key)] = f"{mode}: result {key}"
        for entry in log:
            if "cause" in entry:
                cause = entry["cause"]
                wanted[causes.get(cause) or catalogue.humanize(cause).lower()] = f"{mode}: cause {cause}"
    absent = {w: where for w, where in wanted.items() if ru.get(w) is None or not ru.get(w).string}
    assert not absent, f"not in the Russian catalogue: {absent}"


def test_a_refused_move_names_the_moves_and_their_parameters_in_russian(app):
    """"You can: hit, stand" and "Card must be one of..." come with the
    moves and the parameters in the screen's language."""
    from partyapp.games.kit.actions import match, one_of, spec

    specs = [spec("hit"), spec("stand"), spec("sit_out")]
    with pytest.raises(IllegalAction) as refused:
        match(specs, {"type": "bet", "amount": 5})
    offer = [spec("play", card=one_of(["AS"]), to=one_of(["N"]))]
    with pytest.raises(IllegalAction) as wrong_card:
        match(offer, {"type": "play", "card": "KD", "to": "N"})
    with pytest.raises(IllegalAction) as no_place:
        match(offer, {"type": "play", "card": "AS"})
    assert str(refused.value) == "You cannot do that now. You can: hit, stand, sit out."
    with app.app_context():
        assert say_in("ru", refused.value.wording) == "Сейчас так нельзя. Можно: ещё, хватит, пропустить раздачу."
        assert say_in("ru", wrong_card.value.wording) == "Карта: выберите один из предложенных вариантов."
        assert say_in("ru", no_place.value.wording).endswith("место.")


def test_every_move_and_parameter_an_engine_offers_has_its_words():
    """Each move type and parameter name written in an engine's specs
    (``spec``/``act`` calls) is in the kit's tables of words, so no refusal
    names one in English on a Russian screen."""
    import ast
    
    from partyapp.games.kit.actions import MOVES, PARAMETERS

    games = ROOT / "partyapp" / "games"
    types, params = set(), set()
    for path in games.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("spec", "act"):
                types.update(a.value for a in node.args[:1] if isinstance(a, ast.Constant))
                params.update(k.arg for k in node.keywords if k.arg)
    assert {"hit", "ask", "slap", "caught"} <= types and {"rank", "player"} <= params
    assert types - set(MOVES) == set()
    assert params - set(PARAMETERS) == set()


def test_a_russian_host_is_told_why_options_are_refused(app):
    from partyapp.games import MODES

    with pytest.raises(ValueError) as bets:
        MODES["blackjack"].check_options({"min_bet": 60, "max_bet": 50})
    with pytest.raises(ValueError) as rounds:
        MODES["blackjack"].check_options({"rounds": 0})
    with app.app_context():
        assert say_in("ru", bets.value.wording) == "Минимальная ставка не может быть больше максимальной."
        assert say_in("ru", rounds.value.wording) == "Раунды: нужно целое число от 1 до 100."


def test_a_translation_comes_back_with_its_message_id():
    """A message id the code drops keeps its Russian as an obsolete entry;
    when the code uses it again, make i18n's update brings it back."""
    from babel.messages.catalog import Catalog, Message

    ru = Catalog(locale="ru")
    ru.obsolete["Start the count"] = Message("Start the count", "Начать счёт")
    points = ("{count} point", "{count} points")
    ru.obsolete[points[0]] = Message(points, ("{count} очко", "{count} очка", "{count} очков"))
    template = Catalog()
    template.add("Start the count")
    template.add(points)
    template.add("Tap to draw")
    catalogue.revive(ru, template)
    ru.update(template, no_fuzzy_matching=True)
    assert ru["Start the count"].string == "Начать счёт"
    assert ru[points].string == ("{count} очко", "{count} очка", "{count} очков")
    assert not ru["Tap to draw"].string and not ru.obsolete


def test_prune_drops_the_obsolete_entries_and_keeps_the_rest(tmp_path, monkeypatch):
    """``python -m partyapp.i18n.catalogue prune``: every ``#~`` entry goes, the
    entries in use stay with their translations, and the check passes."""
    from babel.messages.catalog import Catalog, Message

    monkeypatch.setattr(catalogue, "TRANSLATIONS", tmp_path)
    template = Catalog()
    template.add("Tap to draw")
    for lang in catalogue.LOCALES:
        cat = Catalog(locale=lang)
        cat.add("Tap to draw", "Нажмите, чтобы тянуть" if lang == "ru" else "")
        cat.obsolete["Start the count"] = Message("Start the count", "Начать счёт")
        catalogue.save(cat, lang)
    assert "#~" in catalogue.po_path("ru").read_text(encoding="utf-8")
    assert catalogue.main(["prune"]) == 0
    for lang in catalogue.LOCALES:
        assert "#~" not in catalogue.po_path(lang).read_text(encoding="utf-8")
        assert not catalogue.load(lang).obsolete
    assert catalogue.load("ru")["Tap to draw"].string == "Нажмите, чтобы тянуть"
    assert catalogue.problems(template) == []
