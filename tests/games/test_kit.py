"""The engine kit: action specs and their one check, the chips ledger,
forfeits, what ``CardGame`` gives every card game, and the ``Engine`` every
game is built on, the drinking decks included."""

from __future__ import annotations

import pytest

from partyapp.games import MODES, IllegalAction
from partyapp.games.kit.actions import Action, int_range, match, one_of, spec, subset_of, text
from partyapp.games.kit.base import HOST
from partyapp.games.kit.cardgame import PUBLIC_LOG, CardGame
from partyapp.games.kit.engine import Engine
from partyapp.games.kit.chips import Ledger
from partyapp.games.kit.record import to_plain
from partyapp.games.kit.forfeits import Forfeits

from .cardgame_helpers import act, make

SPECS = [
    spec("bet", amount=int_range(5, 50)),
    spec("play", cards=subset_of(["AS", "2H", "KD"], 1, 2), claim=one_of(["A", "2"])),
    spec("rule", text=text(20)),
    spec("stand"),
]


# -- actions ----------------------------------------------------------------------------------
def test_specs_are_protocol_domains():
    """Specs are the PROTOCOL.md shapes."""
    assert SPECS[0] == {"type": "bet", "params": {"amount": {"int": {"min": 5, "max": 50}}}}
    assert SPECS[1]["params"]["cards"] == {"subset_of": ["AS", "2H", "KD"], "min": 1, "max": 2}
    assert SPECS[2]["params"]["text"] == {"text": {"max_len": 20}}


def test_match_accepts_values_from_the_domains():
    """A move drawn from the domains comes back typed and normalised."""
    assert match(SPECS, {"type": "bet", "amount": 5}) == Action("bet", {"amount": 5})
    assert match(SPECS, {"type": "play", "cards": ["KD", "AS"], "claim": "A"}).params["cards"] == ["KD", "AS"]
    assert match(SPECS, {"type": "rule", "text": "  no\tpointing "}).params == {"text": "no pointing"}
    assert match(SPECS, {"type": "stand"}) == Action("stand", {})


@pytest.mark.parametrize("action, reason", [
    ("hit", "not understood"),
    ({"type": 3}, "not understood"),
    ({"type": "hit"}, "You can: bet, play, rule, stand"),
    ({"type": "bet"}, "needs amount"),
    ({"type": "bet", "amount": 51}, "from 5 to 50"),
    ({"type": "bet", "amount": True}, "from 5 to 50"),
    ({"type": "bet", "amount": 5.0}, "from 5 to 50"),
    ({"type": "bet", "amount": 5, "extra": 1}, "takes no extra"),
    ({"type": "play", "cards": ["AS", "AS"], "claim": "A"}, "each once"),
    ({"type": "play", "cards": [], "claim": "A"}, "pick 1 to 2"),
    ({"type": "play", "cards": ["QS"], "claim": "A"}, "Cards"),
    ({"type": "play", "cards": ["AS"], "claim": "K"}, "Claim must be one of"),
    ({"type": "rule", "text": "\x00\x01"}, "1 to 20 characters"),
    ({"type": "rule", "text": "x" * 21}, "1 to 20 characters"),
])
def test_match_refuses_with_a_readable_reason(action, reason):
    """Anything outside the specs is an IllegalAction that says why."""
    with pytest.raises(IllegalAction, match=reason):
        match(SPECS, action)


def test_match_takes_a_move_that_fits_any_entry_of_its_type():
    """A type offered in several exact entries: a move fitting one of them is
    taken; a mix of two entries' values is refused with the first one's reason."""
    specs = [spec("play", card=one_of(["10H"]), to=one_of(["N"])),
             spec("play", card=one_of(["4S", "KD"]), to=one_of(["E"])), spec("draw")]
    assert match(specs, {"type": "play", "card": "KD", "to": "E"}) == Action("play", {"card": "KD", "to": "E"})
    assert match(specs, {"type": "play", "card": "10H", "to": "N"}).params == {"card": "10H", "to": "N"}
    with pytest.raises(IllegalAction, match="Card must be one of the choices"):
        match(specs, {"type": "play", "card": "KD", "to": "N"})


def test_match_with_nothing_offered():
    """A player offered nothing is told so."""
    with pytest.raises(IllegalAction, match="nothing for you to do"):
        match([], {"type": "stand"})


# -- chips ------------------------------------------------------------------------------------------
def ledger(**kw) -> Ledger:
    args = {"start": 100, "minimum": 5, "maximum": 50, "rebuy": False, **kw}
    return Ledger.new(["a", "b", "d"], **args)


def test_stakes_move_chips_from_the_stack_to_a_box():
    """A stake leaves the stack for a named box; it cannot exceed the stack."""
    led = ledger()
    led.stake("a", 20)
    led.stake("a", 10, box="split1")
    assert led.chips("a") == 70 and led.stakes("a") == {"bet": 20, "split1": 10} and led.total_staked("a") == 30
    with pytest.raises(ValueError):
        led.stake("b", 101)


def test_settling_pays_and_records_named_results():
    """Wins are paid by the counterparty, losses go to it, pushes come back;
    each is a payout record."""
    led = ledger()
    for p in ("a", "b"):
        led.stake(p, 20)
    win = led.settle("a", "bet", "win", 30, counter="d")
    lose = led.settle("b", "bet", "lose", -20, counter="d")
    assert to_plain(win) == {"player": "a", "box": "bet", "result": "win", "stake": 20, "amount": 30, "drinks": 0}
    assert lose.amount == -20
    assert (led.chips("a"), led.chips("b"), led.chips("d")) == (130, 80, 90)
    led.stake("a", 10)
    assert led.settle("a", "bet", "push", 0).amount == 0 and led.chips("a") == 130
    assert [r.result for r in led.payouts] == ["win", "lose", "push"]


def test_a_player_counterparty_pays_at_most_their_stack():
    """A dealer pays what their stack holds; the house (None) never runs out."""
    led = ledger(start=10, minimum=1)
    led.stake("a", 10)
    assert led.settle("a", "bet", "win", 25, counter="d").amount == 10
    led.stake("b", 10)
    assert led.settle("b", "bet", "win", 25).amount == 25 and led.chips("b") == 35


def test_half_a_stake_can_be_lost():
    """A loss smaller than the stake hands the rest back (surrender)."""
    led = ledger()
    led.stake("a", 20)
    assert led.settle("a", "bet", "surrender", -10).amount == -10 and led.chips("a") == 90


def test_a_loss_beyond_the_stake_comes_from_the_stack():
    """Losing double: the stake, then the rest from the stack as far as it goes."""
    led = ledger()
    led.stake("a", 20)
    assert led.settle("a", "bet", "banker_pontoon", -40, counter="d").amount == -40
    assert (led.chips("a"), led.chips("d")) == (60, 140)
    led.stacks["b"] = 5
    led.stake("b", 5)
    assert led.settle("b", "bet", "banker_pontoon", -10, counter="d").amount == -5 and led.chips("b") == 0


def test_a_reward_pays_a_bonus_and_leaves_the_stake_in_play():
    """A bonus on a stake: paid by the counterparty, the stake still on the table."""
    led = ledger()
    led.stake("a", 10)
    record = led.reward("a", "bet", "three_sevens", 10, counter="d")
    assert to_plain(record) == {"player": "a", "box": "bet", "result": "three_sevens", "stake": 10, "amount": 10,
                                "drinks": 0}
    assert led.chips("a") == 100 and led.chips("d") == 90 and led.stake_of("a") == 10


def test_a_transfer_moves_chips_between_stacks():
    """A price paid from one stack to another; never more than the payer has."""
    led = ledger()
    led.transfer("a", "d", 30)
    assert led.chips("a") == 70 and led.chips("d") == 130
    with pytest.raises(ValueError):
        led.transfer("a", "d", 71)


def test_bet_limits_follow_table_and_stack():
    """From the minimum to the maximum or the stack; out of chips below the minimum."""
    led = ledger(start=30)
    assert led.bet_limits("a") == (5, 30)
    led.stake("a", 27)
    assert led.bet_limits("a") is None and not led.can_bet("a")


def test_rebuy_only_when_allowed_and_out():
    """A rebuy gives the starting stack to a player out of chips, when allowed,
    and counts against their net."""
    led = ledger(start=10, minimum=10, maximum=10, rebuy=True)
    assert led.rebuy("a") == 0
    led.stake("a", 10)
    led.settle("a", "bet", "lose", -10, counter="d")
    assert led.rebuy("a") == 10 and led.rebuys == {"a": 1} and led.net("a") == -10
    assert ledger(start=10, minimum=10, maximum=10).rebuy("a") == 0
    led = ledger(start=10, minimum=10, maximum=10, rebuy=True)
    led.stake("a", 10)
    assert led.rebuy("a") == 0, "chips on the table: not out"


def test_leaving_and_calling_off():
    """Calling a deal off hands stakes back; a leaver takes their chips."""
    led = ledger()
    led.stake("a", 20)
    led.stake("b", 30)
    led.return_all()
    assert led.chips("a") == 100 and led.boxes == {}
    led.stake("a", 20)
    assert led.remove("a") == 100 and "a" not in led.view()["chips"]


def test_ledger_checks_its_limits():
    """The minimum is at least 1 and at most the maximum."""
    with pytest.raises(ValueError):
        Ledger.new(["a"], start=10, minimum=0, maximum=5, rebuy=False)
    with pytest.raises(ValueError):
        Ledger.new(["a"], start=10, minimum=6, maximum=5, rebuy=False)


# -- forfeits ----------------------------------------------------------------------------------------
def test_forfeits_count_per_player_and_cause():
    """Causes cost their drinks; totals per player; off means none."""
    f = Forfeits.new({"lose": 1, "bust": 2}, True)
    assert f.give("a", "lose") == 1 and f.give("a", "bust") == 2 and f.give("a", "win") == 0
    assert f.give("b", "lose", count=3) == 3
    assert f.totals() == {"a": 3, "b": 3} and f.by_cause()["a"] == {"lose": 1, "bust": 2}
    off = Forfeits.new({"lose": 1}, False)
    assert off.give("a", "lose") == 0 and off.give("a", "lose", count=2) == 0 and off.totals() == {}


# -- CardGame --------------------------------------------------------------------------------------------
def test_every_full_game_is_a_card_game_with_declared_options():
    """Full card games derive from CardGame and list their options for the lobby."""
    cls = MODES["blackjack"]
    assert issubclass(cls, CardGame)
    names = {o["name"] for o in cls.option_list()}
    assert {"rounds", "start_chips", "min_bet", "max_bet", "rebuy", "forfeits", "hit_soft_17"} <= names
    assert set(cls.option_names) == names | {"deck", "dealer"}
    rounds = next(o for o in cls.option_list() if o["name"] == "rounds")
    assert rounds == {"name": "rounds", "kind": "int", "default": 5, "min": 1, "max": 100,
                      "doc": cls.OPTIONS["rounds"].doc}


@pytest.mark.parametrize("options, reason", [
    ({"rounds": 0}, "Rounds must be a whole number from 1 to 100"),
    ({"rounds": "5"}, "Rounds must be a whole number"),
    ({"naturals": 1}, "Naturals must be on or off"),
    ({"colour": "red"}, "unknown option"),
    ({"min_bet": 60, "max_bet": 50}, "The min bet must not be above the max bet"),
    ({"deck": ["AS", "AS"]}, "that often"),
    ({"deck": ["AS", "ZZ"]}, "Entry 2"),
    ({"deck": "AS"}, "list"),
])
def test_bad_options_are_refused_with_the_reason(options, reason):
    """check_options names what is wrong."""
    with pytest.raises(ValueError, match=reason):
        MODES["blackjack"].check_options(options)


def test_check_options_fills_defaults_and_is_stable():
    """Defaults are filled in; checking twice changes nothing."""
    cls = MODES["blackjack"]
    once = cls.check_options({"rounds": 3, "seed": 5})
    assert once["rounds"] == 3 and once["forfeits"] is True and "seed" not in once
    assert cls.check_options(once) == once


def test_log_entries_are_declared_message_keys():
    """The log takes only declared keys with exactly their parameters."""
    g = make("blackjack", 2)
    entry = g.log("blackjack.stand", player="p0")
    assert entry.wire() == {"id": entry.id, "msg": "blackjack.stand", "player": "p0"}
    with pytest.raises(ValueError):
        g.log("blackjack.stand", player="p0", total=5)
    with pytest.raises(ValueError):
        g.log("blackjack.sing")


def test_a_log_entry_keeps_what_was_so_when_it_was_logged():
    """A list handed to the log is the entry's own: a later change to the
    state it came from (a player leaving the deal's order) leaves it be."""
    g = make("blackjack", 2)
    order = ["p0", "p1"]
    entry = g.log("game.over", reason="host", winners=order, losers=[])
    order.remove("p1")
    assert entry.wire()["winners"] == ["p0", "p1"]


def test_the_public_log_is_bounded():
    """The state keeps a bounded log and the view shows its latest entries."""
    g = make("blackjack", 2)
    for _ in range(100):
        g.log("blackjack.stand", player="p0")
    assert len(g.s.log) <= 40 and len(g.public_view()["log"]) == PUBLIC_LOG
    assert g.public_view()["log"][-1]["id"] == g.s.log_seq


def test_apply_returns_the_entries_it_logged():
    """A move's events are the log entries it added."""
    g = make("blackjack", 2, dealer="p1")
    assert act(g, "p0", "bet", amount=5)[0] == {"id": 2, "msg": "blackjack.bet", "player": "p0", "amount": 5}


def test_the_host_and_outsiders_have_nothing_to_do():
    """Blackjack has no host moves; a stranger has no actions."""
    g = make("blackjack", 2)
    assert g.legal_actions(HOST) == [] and g.public_view()["host_actions"] == []
    assert g.legal_actions("p99") == []
    with pytest.raises(IllegalAction):
        g.apply(HOST, {"type": "stand"}, 0.0)
    with pytest.raises(IllegalAction):
        g.skip("p99", 0.0)


def test_waiting_for_lists_the_players_with_a_default_move():
    """The game waits on whoever has a move to make for them: the bettors
    at once, then the player to play."""
    g = make("blackjack", 3, deck=["10H", "9C", "10S", "8D", "9D", "8C"])
    assert g.waiting_for() == ["p0", "p1"]
    act(g, "p0", "bet", amount=10)
    act(g, "p1", "bet", amount=10)
    assert g.waiting_for() == ["p0"]
    g.finish(0.0)
    assert g.waiting_for() == []


def test_a_seat_cannot_be_taken_twice_or_past_the_maximum():
    """Joining twice, or a full table, is refused."""
    g = make("blackjack", 16)
    with pytest.raises(IllegalAction, match="at most 16"):
        g.add_player({"id": "p99", "group": None}, 0.0)
    with pytest.raises(IllegalAction):
        make("blackjack", 2).add_player({"id": "p0", "group": None}, 0.0)


@pytest.mark.parametrize("mode", ["cheat", "go_fish", "old_maid", "shif_shof_shum", "egyptian_ratscrew"])
def test_nobody_is_dealt_in_mid_game(mode):
    """A guest who joins a game once dealt waits for the next game; the seats stay as they were."""
    g = make(mode, 3)
    with pytest.raises(IllegalAction, match="next game"):
        g.add_player({"id": "p9", "group": None}, 0.0)
    assert g.players() == ["p0", "p1", "p2"]


def test_seat_order_changes_keep_the_same_players():
    """The host may reorder seats, not swap players in or out."""
    g = make("blackjack", 3)
    g.set_seat_order(["p2", "p0", "p1"])
    assert g.players() == ["p2", "p0", "p1"]
    with pytest.raises(IllegalAction):
        g.set_seat_order(["p2", "p0"])


def test_a_saved_game_of_another_mode_is_refused():
    """from_state checks the mode it is given."""
    state = make("blackjack", 2).to_state()
    state["mode"] = "kings"
    with pytest.raises(ValueError):
        MODES["blackjack"].from_state(state)


def test_drinking_decks_ended_by_the_host_show_who_ended_them():
    """A drinking deck the host ends is over where it stands, naming who
    ended it, like a game played to its end (the room keeps it on screen)."""
    from tests.games.drinking_helpers import make as make_drinking

    g = make_drinking("ring_of_fire", 2)
    assert g.finish(0.0, "p1") is True and g.is_over()
    assert g.public_view()["result"]["reason"] == "host" and g.public_view()["result"]["by"] == "p1"


DEALT = sorted(m for m, cls in MODES.items() if cls.DEAL_PASSES)


def named_dealers(g) -> list[str]:
    """The dealers the log names (the deal's entry)."""
    return [e.params["dealer"] for e in g.s.log if "dealer" in e.params]


@pytest.mark.parametrize("mode", DEALT)
def test_a_game_with_a_dealer_draws_the_first_by_lot_unless_one_is_given(mode):
    """Every game with a dealer and no rule for the first one: drawn by lot
    with the game's seeded generator (any seat; one seed, one dealer), the
    deal's log entry naming them; the start input ``dealer`` deals instead;
    a staged deck is dealt by the last seat, so the first seat plays first."""
    drawn = set()
    for seed in range(16):
        g = make(mode, 4, seed=seed)
        dealer = g.public_view()["dealer"]
        assert make(mode, 4, seed=seed).public_view()["dealer"] == dealer
        assert named_dealers(g)[:1] == [dealer]
        drawn.add(dealer)
    assert drawn == {"p0", "p1", "p2", "p3"}
    for dealer in ("p1", "p2"):
        g = make(mode, 4, seed=3, dealer=dealer)
        assert g.public_view()["dealer"] == dealer and named_dealers(g)[:1] == [dealer]
        assert "dealer" not in g.public_view()["options"] and g.last_dealer() == dealer
    assert make(mode, 4, seed=3, deck=["2S"]).public_view()["dealer"] == "p3"


@pytest.mark.parametrize("mode", DEALT)
def test_the_lot_for_the_first_dealer_is_in_the_log(mode):
    """The lot is the game's first log entry (``game.dealer_lot``, worded on
    the table): who it fell on, the dealer the deal's entry then names. A
    dealer handed on from the room's last game, or a staged deck's last
    seat, is no lot and logs none."""
    for seed in (1, 2):
        g = make(mode, 4, seed=seed)
        dealer = g.public_view()["dealer"]
        assert g.s.log[0].msg == "game.dealer_lot" and g.s.log[0].params == {"player": dealer}
        assert [e.msg for e in g.s.log].count("game.dealer_lot") == 1
    for given in (make(mode, 4, seed=1, dealer="p2"), make(mode, 4, seed=1, deck=["2S"])):
        assert "game.dealer_lot" not in [e.msg for e in given.s.log]


# -- one engine for every game -----------------------------------------------------------------------
def test_every_game_is_built_on_the_kits_engine():
    """Card games and drinking decks alike derive from the kit's Engine and
    describe their options for the host's form."""
    for mode, cls in MODES.items():
        assert issubclass(cls, Engine), mode
        assert all(o["doc"] and o["kind"] in ("bool", "int", "choice") for o in cls.option_list()), mode


def refusal(g, pid: str, action: dict) -> IllegalAction:
    """The refusal of ``action``, which must change nothing."""
    before = g.persist_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(pid, action, 0.0)
    assert g.persist_json() == before
    return err.value


@pytest.mark.parametrize("mode", ["kings", "ring_of_fire"])
def test_an_unknown_parameter_is_refused_in_a_drinking_deck_as_in_cheat(mode):
    """A move with a parameter it does not take is refused with the same
    code and the same sentence in a drinking deck as in Cheat; without it
    the same move is taken."""
    import random

    from tests.games import cardgame_helpers, drinking_helpers

    cheat = make("cheat", 3)
    pid = cheat.public_view()["turn"]
    move = cardgame_helpers.random_action(cheat, pid, random.Random(1))
    in_cheat = refusal(cheat, pid, {**move, "bogus": 1})
    deck = drinking_helpers.make(mode, 3, deck=["3S"])
    in_deck = refusal(deck, "p0", {"type": "draw", "bogus": 1})
    assert type(in_deck) is type(in_cheat) and in_deck.code == in_cheat.code == "illegal_action"
    assert in_deck.wording.msgid == in_cheat.wording.msgid == "A {move} takes no {name}."
    assert str(in_cheat) == f"A {move['type']} takes no bogus."
    assert str(in_deck) == "A draw takes no bogus."
    deck.apply("p0", {"type": "draw"}, 0.0)
    assert deck.public_view()["last_card"] == "3S"


@pytest.mark.parametrize("mode", ["kings", "ring_of_fire"])
def test_a_drinking_move_missing_or_out_of_its_domain_is_refused_as_in_every_game(mode):
    """The drinking decks word a missing parameter and a value outside its
    domain the way the kit does for every game."""
    from tests.games import drinking_helpers

    g = drinking_helpers.make(mode, 3, deck=["2S"])
    drinking_helpers.draw(g)  # p0 picks a player
    assert str(refusal(g, "p0", {"type": "pick"})) == "A pick needs player."
    assert str(refusal(g, "p0", {"type": "pick", "player": "p9"})) == "Player must be one of the choices offered."
