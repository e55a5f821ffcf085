"""Irish Snap (mode ``irish_snap``): "IRISH SNAP" of ``seeds/000``.

Everybody turns cards onto one pile while counting Ace to King; when the
card matches the word, everybody slaps it, and the last to slap takes the
pile. Get rid of your cards, then be first on a snap to win.

The rules as the seed gives them
--------------------------------
- One pack, dealt out whole as face-down stacks (``reflex.ReflexGame``).
- In turn each player turns the top card of their stack onto the pile and
  says the next word of the count: Ace, 2, 3 ... King, then Ace again
  (``said`` in the log entry and on the table; ``next_word`` is the word
  the next card goes with).
- When the card matches the word, everybody must put a hand on the pile:
  a race opens (every phone lights its SLAP button). The last to slap picks
  up the whole pile and puts it under their stack.
- To win you must have run out of cards and then be the first to slap a
  snap while you have none. A player with no cards must still slap, and
  coming last picks the pile up like anybody else.

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **Turns.** Clockwise from the first seat; a player with no cards is
  passed over for turning cards but is in every race.
- **Who is last.** The race is judged by ``races.py`` (arrival less half
  the phone's round trip, ``compensate``). A player here who has not slapped
  when the window closes (``slap_window_ms``, default 3 s) is slower than
  every slap; if several missed it, the pile goes to the first of them
  clockwise from the player who turned the card (that player first). A
  player whose phone is away when the race opens is not waited for and not
  judged; one whose phone was here and goes away before slapping is not
  waited for either, but counts as last all the same (dropping out never
  dodges the pile: they pick it up, and find it when they are back). With fewer
  than two players judged there is no contest: the pile stays and play
  goes on.
- **The win** needs a contest too: the first of at least two judged
  players, out of cards, wins; everybody else has lost.
- **After a snap** the player who picked the pile up turns next, and the
  count starts again from Ace (``restart_count``, default on; off: the
  count carries on). After a contest-less race, the next player turns.
- **A slap on no match** is a mistake (``false_slap``): the slapper takes
  the pile (``"pile"``, the default; with an empty pile they drink
  instead), or drinks (``"drink"``). A slap within a second of a race
  closing is late, not a mistake (``race.late``, no penalty).
- **Everybody out of cards** (the last card turned did not match): the pile
  is shuffled and dealt out again from the next player, and the count goes
  on (``irish_snap.redeal``).
- **Forfeits** (``forfeits``): the last to slap drinks 1 as they pick the
  pile up (``last``); a false slap under ``"drink"`` costs 1
  (``false_slap``); at the end everybody who lost drinks 1 (``lose``).
- **Limits** (``round_limit``, ``time_limit_min``, the host ending it): by
  card count, fewest cards win.
- **Taking a move back**: none. Every ``flip`` turns up a card nobody saw,
  and a ``slap`` is a race against the others.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.cardgame import choice, flag
from partyapp.games.kit.cards import RANKS, deal_all, rank_of, shuffled
from partyapp.games.kit.reflex import ReflexGame, ReflexState
from partyapp.games.kit.races import RaceResult, race_options

PILE, DRINK = "pile", "drink"


class IrishSnapState(ReflexState):
    count: int = 0  # the next card's word: RANKS[count]
    said: str | None = None  # the word said with the last card turned
    flipper: str | None = None  # who turned the last card
    winner: str | None = None  # out of cards and first on a snap


class IrishSnap(ReflexGame):
    mode = "irish_snap"
    title = N_("Irish Snap")
    MOST_CARDS_WIN = False

    OPTIONS = {
        **ReflexGame.OPTIONS,
        **race_options(3000),
        "restart_count": flag(True, "After a snap the count starts again from Ace (off: it carries on)."),
        "false_slap": choice(PILE, (PILE, DRINK), "A slap on no match: the slapper takes the pile, or drinks."),
    }
    MESSAGES = {
        **ReflexGame.MESSAGES,
        "irish_snap.flip": ("player", "card", "said", "match"),
        "irish_snap.pickup": ("player", "count"),
        "irish_snap.no_contest": (),
        "irish_snap.false_slap": ("player", "penalty", "count"),
        "irish_snap.redeal": ("players", "counts"),
    }
    FORFEITS = {"last": 1, "false_slap": 1, "lose": 1}
    FAMILY_OPTIONS = {"forfeits": False, "false_slap": PILE}
    State = IrishSnapState

    def on_deal(self) -> None:
        s = self.s
        s.count, s.said, s.flipper = 0, None, None

    # -- moves -------------------------------------------------------------------------
    def do_flip(self, pid: str) -> None:
        s = self.s
        card = self.flip_card(pid)
        said = RANKS[s.count]
        s.count = (s.count + 1) % len(RANKS)
        s.said = said
        s.flipper = pid
        match = rank_of(card) == said
        self.log("irish_snap.flip", player=pid, card=card, said=said, match=match)
        if match:
            self.open_race("snap")
        else:
            self._pass_turn(pid)

    def _pass_turn(self, after: str) -> None:
        s = self.s
        nxt = self.next_seat(after, lambda p: bool(self.stack(p)))
        if nxt is not None:
            s.current = nxt
            return
        # Everybody is out of cards: the pile is shuffled and dealt again.
        cards = shuffled(s.pile, self.random())
        s.pile = []
        first = self.next_seat(after, lambda p: True)
        hands = deal_all(list(reversed(cards)), s.seats, first=first)
        for p, dealt in hands.items():
            s.stacks[p].extend(dealt)
        self.log("irish_snap.redeal", players=list(s.seats), counts=[len(self.stack(p)) for p in s.seats])
        s.current = first

    def on_race_closed(self, result: RaceResult) -> None:
        s = self.s
        judged = [e.player for e in result.order] + result.missed
        flipper = s.flipper
        if len(judged) < 2:
            self.log("irish_snap.no_contest")
            self._pass_turn(flipper if flipper in s.seats else s.seats[0])
            return
        first = result.order[0].player if result.order else None
        if first is not None and not self.stack(first):
            s.winner = first
            self.end("won_by_snap")
            return
        if result.missed:
            ring = self._ring_from(flipper)
            loser = next(p for p in ring if p in result.missed)
        else:
            loser = result.order[-1].player
        self._pickup(loser)
        self.forfeit(loser, "last")
        self.round_done()

    def _ring_from(self, pid: str | None) -> list[str]:
        seats = self.s.seats
        if pid not in seats:
            return list(seats)
        i = seats.index(pid)
        return seats[i:] + seats[:i]

    def _pickup(self, pid: str) -> None:
        s = self.s
        n = self.take_pile(pid)
        self.log("irish_snap.pickup", player=pid, count=n)
        s.current = pid
        if s.opts.restart_count:
            s.count = 0

    def false_slap(self, pid: str) -> None:
        s = self.s
        if s.opts.false_slap == PILE and s.pile:
            n = self.take_pile(pid)
            self.log("irish_snap.false_slap", player=pid, penalty=PILE, count=n)
            self.round_done()
            return
        n = self.forfeit(pid, "false_slap", log=False)
        self.log("irish_snap.false_slap", player=pid, penalty=DRINK, count=n)

    # -- seats -----------------------------------------------------------------------------
    def on_player_gone(self, pid: str, index: int) -> None:
        s = self.s
        if s.flipper == pid:
            s.flipper = s.seats[index % len(s.seats)]
        if s.current == pid and s.race is None:
            self._pass_turn(s.seats[index - 1])

    # -- the end ---------------------------------------------------------------------------
    def final_result(self, reason: str) -> dict:
        result = self.by_cards(reason)
        if reason == "won_by_snap":
            winner = self.s.winner
            result["winners"] = [winner]
            result["losers"] = [p for p in self.s.seats if p != winner]
        return result

    # -- views -----------------------------------------------------------------------------
    def after_race(self) -> dict:
        """The player after the one who turned the matching card, as after
        any other card (everybody out of cards: the one the deal starts from)."""
        s = self.s
        after = s.flipper if s.flipper in s.seats else s.seats[0]
        nxt = self.next_seat(after, lambda p: bool(self.stack(p))) or self.next_seat(after, lambda p: True)
        return {"turn": nxt}

    def table_view(self) -> dict:
        s = self.s
        view = super().table_view()
        view.update(said=s.said, next_word=RANKS[s.count], flipper=s.flipper)
        return view
