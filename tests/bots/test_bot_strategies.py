"""Each game's bot plays sensibly: one test per habit, on frames built from
the engines as the runner hands them (``bench.bots.engine_frame``: the public
view and the seat's ``you``), staged where the situation matters."""

from __future__ import annotations

import random

import pytest

from bench.bots import engine_frame
from partyapp.bots import strategy_for
from partyapp.bots.registry import STRATEGIES
from partyapp.bots.blackjack import basic, up_value
from partyapp.bots.strategy import LEVELS, RANDOM, Moves, react, think
from partyapp.games.kit.actions import int_range, spec

from tests.games.cardgame_helpers import act, make, play_randomly, random_action
from tests.games.hand_helpers import deal_order_deck, whole_deal

RNG = random.Random(0)


def moves(*types: str, double: tuple[int, int] | None = (1, 10)) -> Moves:
    specs = [spec(t) if t != "double" else spec("double", amount=int_range(*double)) for t in types]
    return Moves({"you": {"actions": specs}})


def total(cards: list[str]) -> tuple[int, bool]:
    from partyapp.games.kit.cards import hand_value

    value = hand_value(cards)
    return value.total, value.soft


def bs(cards: list[str], up: str, offered: Moves, **rules) -> str:
    t, soft = total(cards)
    return basic(cards, t, soft, up_value(up), offered, **rules)["type"]


ALL = ("hit", "stand", "double", "split", "surrender")


# -- casino 21: basic strategy ---------------------------------------------------------------
@pytest.mark.parametrize("cards,up,expected", [
    (["10S", "6H"], "10D", "hit"),          # 16 against a ten, no surrender on offer
    (["10S", "6H"], "6D", "stand"),
    (["10S", "2H"], "2D", "hit"),           # 12 against a two or three hits
    (["10S", "2H"], "4D", "stand"),
    (["6S", "5H"], "6D", "double"),         # 11 doubles
    (["6S", "5H"], "AD", "hit"),            # ... not against an ace when the dealer stands on soft 17
    (["5S", "4H"], "2D", "hit"),            # 9 doubles against 3 to 6 only
    (["5S", "4H"], "3D", "double"),
    (["AS", "7H"], "2D", "stand"),          # soft 18: stand against a two,
    (["AS", "7H"], "4D", "double"),         # double against 3 to 6,
    (["AS", "7H"], "9D", "hit"),            # hit against 9, ten, ace
    (["AS", "2H"], "5D", "double"),
    (["AS", "2H"], "4D", "hit"),
    (["8S", "8H"], "10D", "split"),         # always split eights and aces
    (["AS", "AH"], "AD", "split"),
    (["KS", "QH"], "6D", "stand"),          # never split tens
    (["9S", "9H"], "7D", "stand"),          # nines: not against a seven
    (["9S", "9H"], "8D", "split"),
    (["5S", "5H"], "6D", "double"),         # fives are a ten
    (["4S", "4H"], "5D", "split"),          # fours against 5 and 6, with double after split
    (["2S", "2H"], "7D", "split"),
    (["7S", "7H"], "8D", "hit"),
])
def test_basic_strategy_for_six_decks_dealer_stands_on_soft_17(cards, up, expected):
    """The chart for 4 to 8 decks, S17, double after split."""
    assert bs(cards, up, moves(*ALL[:4])) == expected


def test_the_rules_change_the_chart():
    """H17 doubles 11 against an ace; without double after split 4,4 and 2,2
    against a two stay together; late surrender gives up 16 against a ten;
    the European game doubles and splits nothing against a ten."""
    assert bs(["6S", "5H"], "AD", moves(*ALL[:4]), h17=True) == "double"
    assert bs(["4S", "4H"], "5D", moves(*ALL[:4]), das=False) == "hit"
    assert bs(["2S", "2H"], "2D", moves(*ALL[:4]), das=False) == "hit"
    assert bs(["10S", "6H"], "10D", moves(*ALL)) == "surrender"
    assert bs(["8S", "8H"], "10D", moves(*ALL)) == "split"  # not an ordinary 16
    assert bs(["6S", "5H"], "10D", moves(*ALL[:4]), european=True) == "hit"
    assert bs(["8S", "8H"], "10D", moves(*ALL[:4]), european=True) == "hit"


def test_a_move_not_on_offer_is_played_as_the_next_best():
    """A double not offered (three cards, a split hand without double after
    split) hits, or stands on a soft 18; a pair that may not split plays as
    its total."""
    assert bs(["6S", "3H", "2C"], "6D", moves("hit", "stand")) == "hit"
    assert bs(["AS", "4H", "3C"], "4D", moves("hit", "stand")) == "stand"
    assert bs(["8S", "8H"], "10D", moves("hit", "stand", "double")) == "hit"
    assert bs(["AS", "AH"], "6D", moves("hit", "stand")) == "hit"


def test_the_casino_bot_never_insures_and_bets_steadily():
    """Offered insurance, it declines; betting, it stakes a tenth of its
    stack within the limits, a multiple of the minimum."""
    bot = strategy_for("casino_blackjack")
    g = make("casino_blackjack", 1, deck=["5S", "AD", "6S", "9C"], start_chips=300, min_bet=5, max_bet=50)
    frame = engine_frame(g, "p0")
    assert bot.choose(frame, {}, "normal", RNG) == {"type": "bet", "amount": 30}
    act(g, "p0", "bet", amount=30)
    frame = engine_frame(g, "p0")
    assert [a["type"] for a in frame["you"]["actions"]] == ["insurance"]
    assert bot.choose(frame, {}, "normal", RNG) == {"type": "insurance", "take": False}


def test_the_casino_bot_plays_its_hand_from_the_frame():
    """11 (5 and 6) against a dealer's 9 doubles for the whole bet."""
    bot = strategy_for("casino_blackjack")
    g = make("casino_blackjack", 1, deck=["5S", "9D", "6S", "7C"])
    act(g, "p0", "bet", amount=10)
    assert bot.choose(engine_frame(g, "p0"), {}, "normal", RNG) == {"type": "double", "amount": 10}


def test_the_home_dealer_follows_the_rule_and_a_player_stands_on_17():
    """Home Blackjack: a player with 17 stands; the dealer makes the one move
    the rule allows (hit 16)."""
    bot = strategy_for("blackjack")
    g = make("blackjack", 2, deck=["10S", "6S", "7H", "KH", "2C"], rounds=1)
    act(g, "p0", "bet", amount=5)
    assert bot.choose(engine_frame(g, "p0"), {}, "normal", RNG) == {"type": "stand"}
    act(g, "p0", "stand")
    frame = engine_frame(g, "p1")
    assert [a["type"] for a in frame["you"]["actions"]] == ["hit"]
    assert bot.choose(frame, {}, "normal", RNG) == {"type": "hit"}


def test_the_russian_bot_leaves_a_tied_stake_on_the_table():
    """A tied stake waits at the next betting: the bot leaves it as it is."""
    bot = strategy_for("russian_blackjack")
    frame = {"game": {}, "you": {"player_id": "p0", "actions": [spec("leave"), spec("take_back")]}}
    assert bot.choose(frame, {}, "normal", RNG) == {"type": "leave"}


# -- Pontoon ------------------------------------------------------------------------------------
def pontoon_moves(total_cards: list[str], *types: str) -> dict:
    return strategy_for("pontoon").play(total_cards, moves(*types))


def test_pontoon_sticks_at_15_and_twists_below():
    """Hard 15 and more sticks; 12 to 14 twists (a free card)."""
    assert pontoon_moves(["10S", "5H"], "buy", "twist", "stick")["type"] == "stick"
    assert pontoon_moves(["10S", "4H"], "buy", "twist")["type"] == "twist"


def test_pontoon_buys_when_the_card_cannot_bust_the_hand():
    """11 or less buys for the most it may; a pontoon is declared; aces split."""
    m = Moves({"you": {"actions": [spec("buy", amount=int_range(10, 20)), spec("twist")]}})
    assert strategy_for("pontoon").play(["6S", "5H"], m) == {"type": "buy", "amount": 20}
    assert pontoon_moves(["AS", "KH"], "declare", "stick")["type"] == "declare"
    assert pontoon_moves(["AS", "AH"], "split", "buy", "twist")["type"] == "split"


def test_the_pontoon_banker_deals_and_never_buys_the_bank():
    bot = strategy_for("pontoon")
    deal = {"game": {"phase": "deal"}, "you": {"player_id": "p0", "actions": [spec("deal"), spec("sell")]}}
    offer = {"game": {"phase": "deal"}, "you": {"player_id": "p1", "actions": [spec("accept"), spec("refuse")]}}
    assert bot.choose(deal, {}, "normal", RNG) == {"type": "deal"}
    assert bot.choose(offer, {}, "normal", RNG) == {"type": "refuse"}


@pytest.mark.parametrize("mode", ["blackjack", "casino_blackjack", "russian_blackjack", "pontoon"])
def test_a_21_bot_out_of_chips_buys_back_in(mode):
    bot = strategy_for(mode)
    broke = {"game": {"phase": "rebuy", "chips": {"p0": 0}}, "you": {"player_id": "p0", "actions": [spec("rebuy"), spec("sit_out_rest")]}}
    assert bot.choose(broke, {}, "normal", RNG) == {"type": "rebuy"}


# -- hand games -----------------------------------------------------------------------------------
def test_old_maid_shuffles_now_and_then_whatever_it_holds():
    """Offering its fan the bot sometimes shuffles (once per offer), and its
    choice is the same with a queen in the fan as without: a shuffle tells
    nobody where the queen is. Taking, it picks a place offered."""
    from tests.games.test_old_maid import deal

    bot = strategy_for("old_maid")
    queen = make("old_maid", 2, deck=deal(["5H", "9S"], ["5S", "9H", "QS"]))
    plain = make("old_maid", 2, deck=deal(["5H", "QS", "9S", "JC"], ["5S", "9H", "JD"]))
    with_queen = [bot.choose(engine_frame(queen, "p1"), {}, "normal", random.Random(s)) for s in range(40)]
    without = [bot.choose(engine_frame(plain, "p1"), {}, "normal", random.Random(s)) for s in range(40)]
    assert {a and a["type"] for a in with_queen} == {"shuffle", None}
    assert with_queen == without
    act(queen, "p1", "shuffle")
    assert all(bot.choose(engine_frame(queen, "p1"), {}, "normal", random.Random(s)) is None for s in range(20))
    take = bot.choose(engine_frame(queen, "p0"), {}, "normal", RNG)
    assert take["type"] == "take" and take["position"] in range(3)


def other_hand(hand: list[str]) -> list[str]:
    """A hand of the same size with none of these cards."""
    from partyapp.games.kit.cards import STANDARD_DECK

    return [c for c in STANDARD_DECK if c not in hand][:len(hand)]


# The games where a bot holds cards only it sees (in the stack games nobody
# sees their own stack, and Concentration has no hands).
HOLDING = sorted(set(STRATEGIES) - {"irish_snap", "egyptian_ratscrew", "concentration"})


@pytest.mark.parametrize("mode", HOLDING)
def test_no_bot_signals_its_hidden_cards(mode):
    """What the table sees of a bot's play beyond the game's own moves, how
    long it thinks and whether it makes a move it may leave out, never
    depends on its hidden cards: over a game played at random, each seat's
    frame with another hand of the same size gives the same pause, and, where
    the bot would make no move, still no move (and the other way round)."""
    g = make(mode, 3, seed=7)
    bot = strategy_for(mode)
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        if g.is_over():
            break
        for pid in g.players():
            frame = engine_frame(g, pid)
            if not frame["you"]["actions"] or not frame["you"].get("hand"):
                continue
            swapped = {**frame, "you": {**frame["you"], "hand": other_hand(frame["you"]["hand"])}}
            for s in range(5):
                assert bot.pause(frame, "normal", random.Random(s)) == bot.pause(swapped, "normal", random.Random(s))
            optional = [bot.choose(frame, {}, "normal", random.Random(s)) is None for s in range(5)]
            if any(optional):
                assert optional == [bot.choose(swapped, {}, "normal", random.Random(s)) is None for s in range(5)]
            checked += 1
        movers = [p for p in g.players() if g.legal_actions(p)]
        if not movers:
            g.tick(g.next_deadline() or 0.0)
            continue
        pid = rng.choice(movers)
        action = random_action(g, pid, rng)
        try:
            g.apply(pid, action, 0.0)
        except Exception:
            pass
    assert checked > 0


def cheat_game(hands: list[list[str]]):
    from partyapp.games.kit.cards import STANDARD_DECK

    return make("cheat", len(hands), deck=whole_deal(hands, len(hands), STANDARD_DECK))


def observe(bot, g, pid: str, memory: dict, level: str = "normal") -> dict:
    frame = engine_frame(g, pid)
    bot.observe(frame, memory, level, RNG)
    return frame


def test_cheat_calls_a_claim_its_own_hand_makes_impossible():
    """p0 claims two kings; the bot holds three: it calls. A claim of one
    king it lets stand, most of the time."""
    bot = strategy_for("cheat")
    g = cheat_game([["2S", "3S"], ["KS", "KH", "KD"]])
    act(g, "p0", "play", cards=["2S", "3S"], rank="K")
    memory: dict = {}
    frame = observe(bot, g, "p1", memory)
    assert bot.choose(frame, memory, "normal", RNG) == {"type": "call"}
    g = cheat_game([["2S", "KC"], ["KS", "KH", "KD"]])
    act(g, "p0", "play", cards=["2S"], rank="K")
    frame = observe(bot, g, "p1", {})
    calls = [bot.choose(frame, {}, "normal", random.Random(s))["type"] for s in range(100)]
    assert calls.count("pass") > 70


def test_cheat_remembers_its_own_cards_in_the_pile_until_it_is_picked_up():
    """The bot laid two kings; the pile was not picked up; a claim of three
    kings now cannot be true, with the king still in its hand."""
    bot = strategy_for("cheat")
    g = cheat_game([["KS", "KH", "KD", "4C"], ["2S", "3S", "5S"]])
    memory: dict = {}
    act(g, "p0", "play", cards=["KS", "KH"], rank="K")
    observe(bot, g, "p0", memory)
    assert sorted(memory["pile"]) == ["KH", "KS"]
    act(g, "p1", "pass")
    act(g, "p1", "play", cards=["2S", "3S", "5S"], rank="K")
    frame = observe(bot, g, "p0", memory)
    assert bot.choose(frame, memory, "normal", RNG) == {"type": "call"}
    act(g, "p0", "call")
    observe(bot, g, "p0", memory)
    assert memory["pile"] == []


def test_cheat_plays_the_truth_when_it_can_and_bluffs_now_and_then():
    """With kings allowed and three in hand, the bot lays its kings, called
    as kings; over many seeds it sometimes slips one card more under them."""
    bot = strategy_for("cheat")
    g = cheat_game([["KS", "KH", "KD", "4C", "7D"], ["2S"]])
    act(g, "p0", "play", cards=["7D"], rank="K")
    act(g, "p1", "pass")
    act(g, "p1", "play", cards=["2S"], rank="K")
    act(g, "p0", "pass")
    plays = [bot.choose(engine_frame(g, "p0"), {}, "normal", random.Random(s)) for s in range(200)]
    assert all(p["rank"] == "K" and {"KS", "KH", "KD"} <= set(p["cards"]) for p in plays)
    bluffs = sum(1 for p in plays if len(p["cards"]) == 4)
    assert 10 < bluffs < 70


def test_go_fish_asks_the_player_who_asked_for_that_rank():
    """p1 asked p2 for sevens and was handed none: the bot (p0), holding a
    seven, asks p1 for sevens, not the player who just said they had none."""
    bot = strategy_for("go_fish")
    hands = [["7S", "2H", "9C", "JD", "4S"], ["7H", "3D", "5C", "KD", "8S"], ["QS", "QH", "10C", "10D", "6S"],
             ["AS", "AH", "6C", "6D", "5S"]]
    g = make("go_fish", 4, deck=deal_order_deck(hands, ["2S"]), again=False)
    memory: dict = {}
    act(g, "p0", "ask", player="p3", rank="2")
    observe(bot, g, "p0", memory)
    act(g, "p1", "ask", player="p2", rank="7")
    frame = observe(bot, g, "p0", memory)
    act(g, "p2", "ask", player="p3", rank="Q")
    act(g, "p3", "ask", player="p2", rank="A")
    frame = observe(bot, g, "p0", memory)
    assert frame["game"]["turn"] == "p0"
    assert bot.choose(frame, memory, "normal", RNG) == {"type": "ask", "player": "p1", "rank": "7"}
    assert memory["has"]["p1"]["7"] and "A" in memory["lacks"]["p2"]


def test_concentration_completes_a_pair_it_remembers():
    """A fast bot saw an ace at place 0 turned by somebody else: turning an
    ace itself, it turns place 0 next; with two remembered aces it turns them."""
    bot = strategy_for("concentration")
    g = make("concentration", 2, deck=["AS", "2H", "3D", "AH"], ranks=4)
    memory: dict = {}
    act(g, "p0", "pick", position=0)
    act(g, "p0", "pick", position=1)
    observe(bot, g, "p1", memory, "fast")
    act(g, "p1", "pick", position=3)
    frame = observe(bot, g, "p1", memory, "fast")
    assert bot.choose(frame, memory, "fast", RNG) == {"type": "pick", "position": 0}
    memory = {"seen_cards": [[0, "AS"], [3, "AH"]]}
    g2 = make("concentration", 2, deck=["AS", "2H", "3D", "AH"], ranks=4)
    act(g2, "p0", "pick", position=1)
    act(g2, "p0", "pick", position=2)
    assert bot.choose(engine_frame(g2, "p1"), memory, "fast", RNG) == {"type": "pick", "position": 0}


def test_concentration_memory_by_level():
    """Shown thirty cards turned, a slow bot keeps at most six places, a
    normal one sixteen, a fast one all thirty."""
    from partyapp.games.concentration import Concentration

    bot = strategy_for("concentration")
    cards = Concentration.layout_cards(13)
    log = [{"id": i + 1, "msg": "concentration.pick", "player": "p1", "position": i, "card": cards[i]}
           for i in range(30)]
    sizes = {}
    for level in LEVELS:
        memory: dict = {}
        bot.observe({"game": {"log": log}}, memory, level, random.Random(1))
        sizes[level] = len(memory["seen_cards"])
    assert sizes == {"slow": 6, "normal": 16, "fast": 30}


def test_kings_corner_puts_a_king_in_a_corner_first():
    from partyapp.games.kit.cards import STANDARD_DECK

    bot = strategy_for("kings_corner")
    hands = [["KS", "2H", "3C", "4D", "5S", "6H", "7C"], ["KH", "QD", "JD", "10D", "9D", "8D", "7D"]]
    named = {c for h in hands for c in h}
    sides = [c for c in STANDARD_DECK if c not in named and c[:-1] not in ("K", "A")][:4]
    g = make("kings_corner", 2, deck=deal_order_deck(hands, sides))
    choice = bot.choose(engine_frame(g, "p0"), {}, "normal", RNG)
    assert choice["type"] == "play" and choice["card"] == "KS" and choice["to"] in ("NE", "SE", "SW", "NW")


def test_croatian_rummy_lays_its_biggest_set_and_never_discards_a_joker():
    bot = strategy_for("croatian_rummy")
    hands = [["5H", "6H", "7H", "8H", "9S", "9D", "X1", "2C"]] + [["KC", "QC", "JS", "3S", "4D", "10D", "AH"]]
    deck = deal_order_deck([hands[0][:7], hands[1]]) + [hands[0][7]]
    g = make("croatian_rummy", 2, deck=deck)
    choice = bot.choose(engine_frame(g, "p0"), {}, "normal", RNG)
    assert choice["type"] == "meld" and len(choice["cards"]) == 5  # 5-6-7-8 of hearts with the joker
    assert bot.discard(["X1", "KC", "9S", "9D"]) == "KC"


def test_shif_shof_shum_matches_and_leads_the_safest_rank():
    bot = strategy_for("shif_shof_shum")
    match = {"game": {"top": {"card": "7S", "player": "p1"}, "phase": "match", "piles": {"laid": ["7S"]}},
             "you": {"player_id": "p0", "hand": ["7H", "9S"], "actions": [spec("play", card={"one_of": ["7H"]}),
                                                                             spec("pass")]}}
    assert bot.choose(match, {}, "normal", RNG) == {"type": "play", "card": "7H"}
    lead = {"game": {"top": None, "phase": "lead", "piles": {"laid": ["9H", "9D"]}},
            "you": {"player_id": "p0", "hand": ["7H", "9S", "KS", "KD"],
                    "actions": [spec("play", card={"one_of": ["7H", "9S", "KS", "KD"]})]}}
    assert bot.choose(lead, {}, "normal", RNG)["card"] == "9S"  # one nine left out, against two kings or three sevens


# -- reflex games ----------------------------------------------------------------------------------
def test_reflex_bots_slap_races_only_and_flip_on_their_turn():
    """No race: the bot flips on its turn and never slaps (a false slap);
    a race: it slaps."""
    from tests.games.reflex_helpers import snap_at

    bot = strategy_for("irish_snap")
    g = make("irish_snap", 2, deck=snap_at(1))
    assert bot.choose(engine_frame(g, "p0"), {}, "fast", RNG) == {"type": "flip"}
    assert bot.choose(engine_frame(g, "p1"), {}, "fast", RNG) is None
    act(g, "p0", "flip")
    act(g, "p1", "flip")
    frame = engine_frame(g, "p0")
    assert frame["game"]["race"] is not None
    assert bot.choose(frame, {}, "slow", RNG) == {"type": "slap"}
    assert 0.25 <= bot.pause(frame, "fast", RNG) <= 1.8


def test_reaction_and_think_times_by_level():
    """Slow bots react later than fast ones, on average, within human bounds."""
    rng = random.Random(2)
    mean = {lv: sum(react(lv, rng) for _ in range(400)) / 400 for lv in LEVELS}
    assert mean["fast"] < mean["normal"] < mean["slow"]
    assert 0.35 < mean["fast"] < 0.5 and 0.85 < mean["slow"] < 1.05
    thinks = [think("normal", rng) for _ in range(400)]
    assert min(thinks) >= 0.4 and max(thinks) <= 6.0


def test_a_bot_making_a_rule_types_one_not_in_force():
    """A drinking deck's rule is refused when it says what a rule in force
    says: a bot (played at random) types a new one each time."""
    from partyapp.games.kit.actions import text
    assert strategy_for("ring_of_fire") is RANDOM
    frame = {"game": {"rules": [{"by": "p1", "text": "ok"}, {"by": "p2", "text": "OK  2"}]},
             "you": {"actions": [spec("rule", text=text(100))]}}
    for s in range(10):
        choice = RANDOM.choose(frame, {}, "normal", random.Random(s))
        assert Moves(frame).allows(choice)
        assert " ".join(choice["text"].split()).casefold() not in ("ok", "ok 2")


def test_a_game_without_a_bot_of_its_own_is_played_at_random():
    """An unknown mode gets the random fallback, which fills only moves on offer."""
    assert strategy_for("a_new_game") is RANDOM
    frame = {"you": {"actions": [spec("bet", amount=int_range(5, 7)), spec("sit_out")]}}
    for s in range(30):
        choice = RANDOM.choose(frame, {}, "normal", random.Random(s))
        assert Moves(frame).allows(choice)
