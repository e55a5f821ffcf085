"""Sets and runs with wild jokers (``partyapp/games/kit/melds.py``), and the score
sheet of the kit (``scores.py``)."""

from __future__ import annotations

import itertools

import pytest

from partyapp.games.kit import melds as M
from partyapp.games.kit.scores import ScoreSheet


@pytest.mark.parametrize("cards, kind, laid", [
    (["7H", "7S", "7D"], "set", ["7H", "7S", "7D"]),
    (["7H", "7S", "7D", "7C"], "set", ["7H", "7S", "7D", "7C"]),
    (["5H", "6H", "7H"], "run", ["5H", "6H", "7H"]),
    (["7H", "5H", "6H"], "run", ["5H", "6H", "7H"]),
    (["AH", "2H", "3H"], "run", ["AH", "2H", "3H"]),
    (["QH", "KH", "AH"], "run", ["QH", "KH", "AH"]),
    (["10S", "JS", "QS", "KS", "AS"], "run", ["10S", "JS", "QS", "KS", "AS"]),
])
def test_sets_of_a_kind_and_runs_in_a_suit(cards, kind, laid):
    """Three or four of a rank; three or more of a suit in order, the ace low or high."""
    meld = M.read(cards)
    assert meld.kind == kind and meld.cards == laid


@pytest.mark.parametrize("cards, why", [
    (["7H", "7S"], "at least three"),
    (["7H", "7S", "7D", "7C", "X1"], "at most four"),
    (["KH", "AH", "2H"], "not in order"),
    (["5H", "6H", "8H"], "not in order"),
    (["5H", "6S", "7H"], "one suit"),
    (["5H", "X1", "X2"], "as many real cards as jokers"),
])
def test_what_is_not_a_meld(cards, why):
    """Too few, a fifth of a kind, round the corner, a gap, mixed suits, jokers outnumbering."""
    with pytest.raises(M.MeldError, match=why):
        M.read(cards)


def test_a_joker_fills_a_gap_or_an_end_in_the_order_laid():
    """A joker stands for the card of its place; at an end the order laid decides."""
    assert M.stands_for(M.read(["5H", "X1", "7H"])) == ["5H", "6H", "7H"]
    assert M.stands_for(M.read(["X1", "5H", "6H"])) == ["4H", "5H", "6H"]
    assert M.stands_for(M.read(["5H", "6H", "X1"])) == ["5H", "6H", "7H"]
    assert M.stands_for(M.read(["QH", "KH", "X2"])) == ["QH", "KH", "AH"]
    assert M.stands_for(M.read(["7H", "7S", "X1"])) == ["7H", "7S", "7"]


def test_laying_off_onto_a_set_or_either_end_of_a_run():
    """A set takes its rank's missing suits up to four; a run grows at both ends."""
    kind = M.read(["7H", "7S", "7D"])
    assert M.extend(kind, "7C").cards == ["7H", "7S", "7D", "7C"]
    assert M.extend(kind, "8C") is None
    assert M.extend(M.extend(kind, "7C"), "X1") is None
    run = M.read(["5H", "6H", "7H"])
    assert M.extend(run, "4H").cards == ["4H", "5H", "6H", "7H"]
    assert M.extend(run, "8H").cards == ["5H", "6H", "7H", "8H"]
    assert M.extend(run, "9H") is None and M.extend(run, "8S") is None
    assert M.extend(M.read(["QH", "KH", "AH"]), "X1").cards == ["X1", "QH", "KH", "AH"]
    assert M.extend(M.read(["2H", "3H", "4H"]), "AH").low == 1


def test_a_joker_is_swapped_for_the_card_it_stands_for():
    """In a run only the exact card; in a set any missing suit of the rank."""
    run = M.read(["5H", "X1", "7H"])
    assert M.swap(run, "6S") is None
    meld, joker = M.swap(run, "6H")
    assert meld.cards == ["5H", "6H", "7H"] and joker == "X1"
    kind = M.read(["7H", "7S", "X2"])
    assert M.swap(kind, "7H") is None
    meld, joker = M.swap(kind, "7C")
    assert meld.cards == ["7H", "7S", "7C"] and joker == "X2"


def test_every_meld_in_a_hand_is_listed_once_and_each_one_reads():
    """``every`` finds each meld a hand can lay (jokers only where the card is
    missing), and nothing that is not one."""
    hand = ["4H", "5H", "6H", "7S", "7D", "7C", "X1", "KC"]
    found = M.every(hand)
    assert all(M.is_meld(m) for m in found)
    assert len({tuple(m) for m in found}) == len(found)
    brute = set()
    for k in range(3, len(hand) + 1):
        for combo in itertools.combinations(hand, k):
            if M.is_meld(list(combo)):
                brute.add(frozenset(combo))
    listed = {frozenset(m) for m in found}
    # every listed meld is one; the brute force finds besides only melds with a
    # joker where the hand holds the card it would stand for
    assert listed <= brute
    for extra in brute - listed:
        meld = M.read(sorted(extra))
        assert any(c in hand for c in M.stands_for(meld) if len(c) > 1 and c not in extra)
    assert ["X1", "4H", "5H", "6H"] in found and ["4H", "5H", "6H", "X1"] in found
    assert ["7S", "7D", "7C", "X1"] in found


def test_every_with_a_card_that_must_be_in_it_and_a_size_limit():
    """``must`` keeps the melds holding that card; ``max_size`` the small ones."""
    hand = ["4H", "5H", "6H", "7H", "X2"]
    assert all("7H" in m for m in M.every(hand, must="7H"))
    assert all(len(m) <= 3 for m in M.every(hand, max_size=3))
    assert all("X2" in m for m in M.every(hand + ["X1"], must="X2"))


def test_score_sheet_adds_deals_and_ranks_high_or_low():
    """Totals add up deal by deal; the best total wins, the worst loses."""
    sheet = ScoreSheet.new(["a", "b", "c"])
    sheet.add_deal({"a": 5, "b": 0, "c": 12})
    sheet.add_deal({"a": 5, "b": 3})
    assert sheet.totals == {"a": 10, "b": 3, "c": 12} and len(sheet.deals) == 2
    assert sheet.ranking(["a", "b", "c"], low_wins=True) == (["b"], ["c"])
    assert sheet.ranking(["a", "b", "c"], low_wins=False) == (["c"], ["b"])
    assert sheet.reached(12) and not sheet.reached(13)
    sheet.add_player("d", 12)
    sheet.remove("c")
    assert sheet.totals == {"a": 10, "b": 3, "d": 12}
    level = ScoreSheet.new(["a", "b"])
    assert level.ranking(["a", "b"], low_wins=True) == (["a", "b"], [])


def test_extend_and_swap_keep_a_melds_class_and_its_other_fields():
    """A game's own meld record (who laid it) comes back as itself, the card laid off or swapped in."""

    class Laid(M.Meld):
        owner: str

    run = Laid(owner="p1", kind="run", cards=["5H", "X1", "7H"], suit="H", low=5)
    longer = M.extend(run, "4H")
    assert type(longer) is Laid and longer.owner == "p1" and longer.low == 4 and run.low == 5
    swapped, joker = M.swap(run, "6H")
    assert type(swapped) is Laid and swapped.owner == "p1" and swapped.cards == ["5H", "6H", "7H"]
    assert run.cards == ["5H", "X1", "7H"] and joker == "X1"
