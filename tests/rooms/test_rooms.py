"""The room's saved form: every seat field is kept, and a room read back from
the store is the same room; who deals a room's games."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from partyapp.rooms.registry import Registry
from partyapp.rooms.room import Seat
from partyapp.store import MemoryStore


def test_saved_seats_keep_every_field():
    """Room.to_json writes each Seat field (the list is spelt out for speed)."""
    registry = Registry(MemoryStore())
    room, _ = registry.create("http://party.test")
    room.change(lambda: room.join("Ana", "chicks"))
    saved = json.loads(room.to_json())
    assert set(saved["seats"][0]) == {f.name for f in fields(Seat)}


def test_room_round_trips_through_the_store():
    """A room with a running game, read back from its JSON, gives the same views."""
    registry = Registry(MemoryStore())
    room, _ = registry.create("http://party.test")
    for name in ("Ana", "Bob", "Cat"):
        room.change(lambda name=name: room.join(name, None))
    room.change(lambda: room.start_game("kings", {"seed": 3}, testing=True))
    room.change(lambda: room.act("p1", {"type": "draw"}))
    again = type(room)(registry, json.loads(room.to_json()))
    assert again.public_view() == room.public_view()
    assert again.you("p2") == room.you("p2")


def test_a_room_whose_game_cannot_be_read_back_opens_in_the_lobby(caplog):
    """A room saved with a game this version cannot read (here: the state of
    the first version of the drinking decks, with the generator's whole
    state) still opens, in the lobby, with its seats, tokens and tallies."""
    store = MemoryStore()
    registry = Registry(store)
    room, _ = registry.create("http://party.test")
    _, token = room.change(lambda: room.join("Ana", None))
    room.change(lambda: room.join("Bob", None))
    room.night.ledger.totals["p1"] = {"drinks": 4}
    saved = json.loads(room.to_json())
    saved["game"] = {"mode": "kings", "state": {"mode": "kings", "rng": [3, [1, 2, 3], None], "seats": ["p1", "p2"]}}
    store.save(room.code, json.dumps(saved), 1.0)
    again = Registry(store).get(room.code)
    assert again.game is None
    assert [(p["name"], p["drinks"]) for p in again.public_view()["players"]] == [("Ana", 4), ("Bob", 0)]
    assert again.seat_by_token(token).id == "p1"
    assert "cannot be read back" in caplog.text


def test_a_room_saved_with_the_seats_counters_keeps_every_tally():
    """A room saved before the ledger had its own place (the seats carried
    the night's counters, the night the ledger's fields) opens with the same
    drinks, soft drinks, water and points, and the recap still reads them."""
    store = MemoryStore()
    registry = Registry(store)
    room, _ = registry.create("http://party.test")
    room.change(lambda: room.join("Ana", None))
    room.change(lambda: room.join("Bob", None, "soft"))
    room.change(lambda: room.join("Cy", None, "none"))
    saved = json.loads(room.to_json())
    counters = {"p1": (5, 2, 2), "p2": (3, 0, 0), "p3": (0, 4, 0)}  # drinks, forfeits, water
    for seat in saved["seats"]:
        seat["drinks"], seat["forfeits"], seat["water"] = counters[seat["id"]]
    night = saved["night"]
    del night["ledger"]
    night.update({"games": [{"no": 1, "mode": "kings", "title": "Kings", "started": 1.0, "over": True,
                             "result": None, "rules": [], "tally": {"p1": {"drinks": 5, "water": 2}}}],
                  "game_no": 1, "seen": {}, "mark": 0, "stack": [], "records": [], "recent": {},
                  "dare_seq": 0, "record_seq": 0})
    store.save(room.code, json.dumps(saved), 1.0)
    again = Registry(store).get(room.code)
    players = {p["id"]: p for p in again.public_view()["players"]}
    assert [(players[p]["drinks"], players[p]["forfeits"], players[p]["water"]) for p in counters] == [
        (5, 2, 2), (3, 0, 0), (0, 4, 0)]
    assert players["p2"]["tally"] == {"soft": 3} and players["p3"]["tally"] == {"points": 4}
    assert again.night.ledger.game_tally(1) == {"p1": {"drinks": 5, "water": 2}}


def test_each_part_of_a_room_defines_its_own_methods():
    """A room is made of parts, one job a module (``room.py``'s text); no
    part defines a name another part defines too, so none overrides
    another's method and each is read in one place."""
    from partyapp.rooms.room import Room

    where: dict[str, list[str]] = {}
    for part in Room.__mro__[:-1]:
        for name in vars(part):
            if not name.startswith("__"):
                where.setdefault(name, []).append(part.__name__)
    assert {name: parts for name, parts in where.items() if len(parts) > 1} == {}


def test_every_seat_is_dealt_in_as_one_record():
    """What a game is told of a seat (a new game, a newcomer, a bot, a player
    back in) is ``Seat.entrant``: its id and group, ``bot`` for a bot."""
    assert Seat("p1", "Ana", "h", group="chicks").entrant() == {"id": "p1", "group": "chicks"}
    assert Seat("p2", "Bot", "h", bot=True).entrant() == {"id": "p2", "group": None, "bot": True}


# -- who deals --------------------------------------------------------------------------------
# The games with a dealer and no rule of their own for the first one: each
# room's first game draws its dealer by lot, and the deal passes to the left
# from game to game (``Game.DEAL_PASSES``, ``rooms/dealers.py``).
DEALT_MODES = ["blackjack", "russian_blackjack", "old_maid", "go_fish", "kings_corner", "croatian_rummy",
               "shif_shof_shum"]


def seated_room(registry, n):
    room, _ = registry.create("http://party.test")
    for name in ("Ana", "Bob", "Cat", "Dan")[:n]:
        room.change(lambda name=name: room.join(name, None))
    return room


def dealer_of(game) -> str:
    """The dealer the game's table shows."""
    return game.public_view()["dealer"]


def test_the_deal_is_passed_to_the_left_in_every_game_that_has_a_dealer():
    """The games the room hands their dealer are the games with a dealer
    and no first dealer of their own (Pontoon cuts for the bank, Casino
    Blackjack's dealer is the house)."""
    from partyapp.games import MODES

    assert sorted(m for m, cls in MODES.items() if cls.DEAL_PASSES) == sorted(DEALT_MODES)


@pytest.mark.parametrize("mode", DEALT_MODES)
def test_a_rooms_first_game_draws_its_dealer_by_lot(mode):
    """Six fresh rooms of three and five of four (not in testing mode, each
    game seeded from the registry's seeds): the first dealer is not the same
    seat every time, and each is the one the engine's seeded generator
    draws for that seed."""
    import random

    from partyapp.games import MODES

    seeds = iter(range(1000, 1100))
    given: list[int] = []

    def seed():
        given.append(next(seeds))
        return given[-1]

    registry = Registry(MemoryStore(), seeds=seed)
    places = []
    for n in [3] * 6 + [4] * 5:
        room = seated_room(registry, n)
        room.change(lambda: room.start_game(mode, {}, testing=False))
        ids = [s.id for s in room.seats]
        places.append(ids.index(dealer_of(room.game)))
        cls = MODES[mode]
        alone = cls.new([{"id": p, "group": None} for p in ids], cls.check_options({}),
                        random.Random(given[-1]), 0.0)
        assert dealer_of(alone) == dealer_of(room.game)
    assert len(set(places)) > 1, places


@pytest.mark.parametrize("mode", DEALT_MODES)
def test_the_next_game_in_the_room_is_dealt_by_the_player_on_the_left(mode):
    """The host ends a game and starts the next of the same mode: the player
    on the last dealer's left deals it, then the next, round the table."""
    room = seated_room(Registry(MemoryStore()), 3)
    ids = [s.id for s in room.seats]
    dealers = []
    for _ in range(4):
        room.change(lambda: room.start_game(mode, {}, testing=False))
        dealers.append(dealer_of(room.game))
        room.change(room.end_game)
    first = ids.index(dealers[0])
    assert dealers == [ids[(first + k) % 3] for k in range(4)]


@pytest.mark.parametrize("mode", DEALT_MODES)
def test_the_table_is_told_who_the_lot_fell_on_in_the_rooms_first_game_only(mode):
    """The room's first game of the mode opens its log with the lot
    (``game.dealer_lot``, the dealer it drew); the next game, dealt by the
    player on the left, draws no lot."""
    room = seated_room(Registry(MemoryStore()), 3)
    lots = []
    for _ in range(2):
        room.change(lambda: room.start_game(mode, {}, testing=False))
        lots.append([e.params["player"] for e in room.game.s.log if e.msg == "game.dealer_lot"])
        if lots[-1]:
            assert room.game.s.log[0].msg == "game.dealer_lot" and lots[-1] == [dealer_of(room.game)]
        room.change(room.end_game)
    assert len(lots[0]) == 1 and lots[1] == []


def test_the_deal_goes_on_from_the_last_deal_of_a_game_of_several_deals():
    """Home Blackjack of two deals: the deal passes to the left after the
    first deal, and the next game of Blackjack (after a game of Old Maid,
    which has its own turn to deal) is dealt by the player on the left of
    who dealt the last deal, as it would go round a real table."""
    room = seated_room(Registry(MemoryStore()), 3)
    ids = [s.id for s in room.seats]
    room.change(lambda: room.start_game("blackjack", {"rounds": 2}, testing=False))
    first = ids.index(dealer_of(room.game))
    while not room.game.is_over():
        pid, spec = next((p, a) for p in ids for a in room.game.legal_actions(p)
                         if a["type"] in ("bet", "stand") or len(room.game.legal_actions(p)) == 1)
        action = {"type": spec["type"], **{k: d["int"]["min"] for k, d in spec["params"].items()}}
        room.change(lambda: room.act(pid, action))
    assert [e.params["dealer"] for e in room.game.s.log if e.msg == "round.start"] == [
        ids[first], ids[(first + 1) % 3]]
    room.change(lambda: room.start_game("old_maid", {}, testing=False))
    room.change(room.end_game)
    room.change(lambda: room.start_game("blackjack", {}, testing=False))
    assert dealer_of(room.game) == ids[(first + 2) % 3]


def test_a_staged_deck_is_dealt_by_the_last_seat_in_every_game_with_a_dealer():
    """Testing mode: a staged deck keeps its fixed seats, the last seat
    dealing, so that the first seat plays first; a second game too."""
    room = seated_room(Registry(MemoryStore()), 3)
    for mode in DEALT_MODES:
        for _ in range(2):
            room.change(lambda: room.start_game(mode, {"deck": ["2S"], "seed": 1}, testing=True))
            assert dealer_of(room.game) == room.seats[-1].id, mode
            room.change(room.end_game)
