"""Shif-shof-shum (mode ``shif_shof_shum``): "Шиф, шоф и шум" of ``seeds/003``
(English rendering in ``003_english.md``).

Everybody holds tokens; matching the rank of the card just laid makes the
player who laid it pay into the box, and the last player with tokens wins.

The rules as the seed gives them
--------------------------------
- A pack of 52 or 32 cards (``pack``, default 52; 32 is 7 to ace). Every
  player starts with 5 tokens (``tokens``) and puts one of them into the box
  in the middle of the table before play (logged ``shif_shof_shum.ante``).
- The whole pack is dealt out equally, one card at a time from the dealer's
  left; the cards an equal deal leaves over are set aside face down and take
  no part (the table shows how many).
- The player on the dealer's left leads any card. Play goes clockwise. The
  next player who holds a card of the same rank lays it and says "shif": the
  player who laid the previous card of that rank pays 1 token into the box.
  If the player after them matches it too, "shof": the previous player pays
  2; a third match in a row is "shum": 3.
- A player who cannot match says "pass", and the next player leads any card
  of their own.
- A player without tokens is out.
- **The two-player end** (``duel``, default on): when two players are left,
  the player who was matched ("shif"-ed) may lead again with a new card, and
  the count goes on: if the opponent matches the new card too, that is
  "shof" and the previous player pays 2 (then "shum", 3). If the opponent
  cannot match, the opponent leads next (``passer_leads``, below). Every
  other pass of the two-player end follows the ordinary rule: the player
  who passes never leads, the other player does. Off: two players play on
  by the ordinary rule throughout.
- The last player with at least one token wins.

Readings where the seed is open
--------------------------------
- **Pass while holding a match** (``free_pass``, default off): the seed's
  words read as a must ("if he has a card of the same value, he says shif"),
  so a player who can match is offered only the matching cards; on, they may
  also pass.
- **Paying short**: a player who owes more tokens than they hold pays all
  they hold and is out. A player put out lays no more cards; their hand is
  set aside unseen.
- **After a "shum"** all four cards of the rank are down, so nobody can
  match: the next player passes (the app says it for them, as it does for a
  player with an empty hand, since everybody can see it) and the one after
  leads. In the two-player end the count starts again after a "shum".
- **Who leads after a pass in the two-player end** (``passer_leads``):
  the seed's "pass, and the next player leads" holds to the end, and the
  two-player end makes one exception, for the new card of the player just
  matched: "if the opponent cannot repeat the shif with that card, he must
  go again" (``003_english.md``: "the opponent must lead next").
  ``"after_new_lead"`` (the default, that text): the opponent who could not
  match the new card leads next, and only there; after every other pass
  the other player leads (after a "shum" too). ``"never"``: the passer
  never leads, so the player whose new card was not matched leads again
  ("he" read as the player who led it). ``"always"``: whoever passes in
  the two-player end leads next, after any card (the engine's reading
  before this option).
- **The matched player may match back** in the two-player end: the player
  just matched may lay a card of the same rank (the count goes on against
  the opponent) or lead a new card.
- **An empty hand** (the seed is silent): a player with no cards passes
  when a match is due; when the lead comes to a player with no cards, the
  deal is over. The cards are gathered, the deal passes to the left (among
  players still holding tokens) and everybody still in is dealt again.
  Tokens and the box carry on.
- **The dealer**: the first dealer is drawn by lot, as the seed says (with
  the game's seeded generator, so one seed deals the same); with a staged
  deck (testing mode) it is the last seat, so the first seat leads the
  first deal and the deck is dealt from the first seat. "Afterwards the
  players deal in turn": from deal to deal, and from game to game, the
  room handing the next game the player on the left of who dealt the last
  deal (``Game.DEAL_PASSES``, the start input ``dealer``, which testing
  mode may also name).
- **Forfeits** (``forfeits``, default on): a player who pays drinks as many
  as the word says: shif 1, shof 2, shum 3.
- **Seats**: a player who joins mid-game plays the next game (an elimination
  game has no fair place for a newcomer's tokens). A player who leaves takes
  their tokens away and their cards are set aside unseen; a match on a card
  of theirs costs nobody anything; when the player to move leaves, the next
  player still in takes their place in the run.
- **Absent phones** (``skip``): a lead or a new lead plays the lowest card;
  facing a match, the player passes when they may, else plays the match.
- The host ending the game: the players with the most tokens win.
- **Taking a move back** (``takes_back``): a lead (a card laid that
  matches nothing), until the next move, when nothing else came of it (the
  app saying "pass" for a player who cannot answer it is a move of its
  own): the card is the mover's, shown by the move itself, and nothing is
  drawn. Not a match (somebody pays into the box at once) nor a pass
  (the next player leads).
"""

from __future__ import annotations

from typing import Literal

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.cardgame import DEALER_LOT, CardGame, CardState, choice, flag, number
from partyapp.games.kit.cards import deal_order, make_deck, rank_of, sort_cards
from partyapp.games.kit.record import Record, to_plain

PACKS = ("52", "32")
WORDS = ("shif", "shof", "shum")
LEAD, MATCH = "lead", "match"
# Who leads after a pass with two players left (``passer_leads``).
AFTER_NEW_LEAD, NEVER, ALWAYS = "after_new_lead", "never", "always"


class Top(Record):
    """The card on top of the run (the one a match must match), and who laid it."""

    card: str
    player: str


class ShifState(CardState):
    tokens: dict[str, int] = {}  # tokens each player holds (a leaver's go with them)
    box: int = 0  # tokens in the box
    out: list[str] = []  # the players put out, in that order
    dealer: str | None = None
    round: int = 0  # deals begun
    hands: dict[str, list[str]] = {}
    aside: list[str] = []  # cards out of play, face down: left over by the deal, or a leaver's or put out player's
    laid: list[str] = []  # the cards laid face up this deal, in order
    current: str | None = None  # whose turn it is
    phase: Literal["lead", "match"] = LEAD  # a card to lead, or a match (or pass) due
    top: Top | None = None
    level: int = 0  # matches in a row on the run: 1 shif, 2 shof, 3 shum
    relead: bool = False  # the two-player end: the player to move was just matched and may lead anew
    new_lead: bool = False  # the card to match is such a new lead (a pass on it: ``passer_leads``)
    duel_logged: bool = False  # the two-player end has been announced (``shif_shof_shum.duel``)


class ShifShofShum(CardGame):
    mode = "shif_shof_shum"
    title = N_("Shif-shof-shum")

    OPTIONS = {
        **CardGame.OPTIONS,
        "pack": choice("52", PACKS, "Play with 52 cards, or 32 (seven to ace)."),
        "tokens": number(5, 2, 30, "Tokens each player starts with (one goes into the box at once)."),
        "free_pass": flag(False, "A player who can match may still pass (off: a match must be laid)."),
        "duel": flag(True, "With two players left, the player matched leads again and the count goes on "
                           "(the seed's two-player end)."),
        "passer_leads": choice(AFTER_NEW_LEAD, (AFTER_NEW_LEAD, NEVER, ALWAYS),
                               "Two players left, who leads after a pass. After new lead (the seed): the "
                               "player who could not match the new card of the player just matched leads "
                               "next; after any other pass the other player leads. Never: the other player "
                               "always leads. Always: the player who passes always leads."),
    }
    # Nobody joins mid-game, and every drink is logged with the match that costs it.
    MESSAGES = {
        **{k: v for k, v in CardGame.MESSAGES.items() if k not in ("game.joined", "forfeit.drink")},
        **DEALER_LOT,
        "round.start": ("round", "dealer"),
        "shif_shof_shum.ante": ("players", "count"),
        "shif_shof_shum.deal": ("players", "cards", "aside"),
        "shif_shof_shum.lead": ("player", "card"),
        "shif_shof_shum.match": ("player", "card", "word", "payer", "paid", "drinks"),
        "shif_shof_shum.pass": ("player",),
        "shif_shof_shum.out": ("player", "by"),
        "shif_shof_shum.duel": ("players",),
        "shif_shof_shum.empty": ("player",),
    }
    FORFEITS = {"shif": 1, "shof": 2, "shum": 3}
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")
    State = ShifState

    # -- set-up ----------------------------------------------------------------------------
    @classmethod
    def check_together(cls, opts: dict) -> None:
        pack = set(make_deck(int(opts["pack"])))
        for code in opts.get("deck") or []:
            if code not in pack:
                raise ValueError(f"{code} is not in the {opts['pack']}-card pack.")

    def setup(self, dealer: str | None = None) -> None:
        """Everybody antes, then the first deal, ``dealer`` dealing when given
        and seated (the room's turn to deal, or a test's), else one drawn by
        lot (``starting_dealer``)."""
        s = self.s
        seats = s.seats
        start = s.opts.tokens
        s.dealer = self.starting_dealer(dealer)
        s.tokens = {p: start - 1 for p in seats}
        s.box = len(seats)
        self.log("shif_shof_shum.ante", players=list(seats), count=1)
        self._deal()

    def last_dealer(self) -> str | None:
        return self.s.dealer

    def live(self) -> list[str]:
        """Players still holding tokens, in seat order."""
        tokens = self.s.tokens
        return [p for p in self.s.seats if tokens.get(p, 0) > 0]

    def _next_live(self, pid: str) -> str:
        return self.left_of(pid, self.live())

    def _duel(self) -> bool:
        return self.s.opts.duel and len(self.live()) == 2

    def _deal(self) -> None:
        s = self.s
        live = self.live()
        s.round += 1
        dealer = s.dealer
        first = self.left_of(dealer, live)
        self.restock(make_deck(int(s.opts.pack)))
        each = len(s.stock) // len(live)
        hands: dict[str, list[str]] = {p: [] for p in s.seats}
        for who in deal_order(live, each, first=first):
            hands[who].append(self.draw())
        aside = []
        while s.stock:
            aside.append(self.draw())
        s.hands, s.aside, s.laid = hands, aside, []
        self._lead(first)
        self.log("round.start", round=s.round, dealer=dealer)
        self.log("shif_shof_shum.deal", players=[p for p in live], cards=each, aside=len(aside))

    # -- turns ------------------------------------------------------------------------------
    def turn(self) -> str | None:
        return self.s.current

    def _matches(self, pid: str) -> list[str]:
        top = self.s.top
        if top is None:
            return []
        rank = rank_of(top.card)
        return [c for c in sort_cards(self.s.hands[pid]) if rank_of(c) == rank]

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        if pid != s.current:
            return []
        hand = sort_cards(s.hands[pid])
        if s.phase == LEAD or s.relead:
            return [spec("play", card=one_of(hand))]
        matches = self._matches(pid)
        out = [spec("play", card=one_of(matches))] if matches else []
        if not matches or s.opts.free_pass:
            out.append(spec("pass"))
        return out

    def default_action(self, pid: str) -> dict | None:
        s = self.s
        if pid != s.current:
            return None
        if s.phase == LEAD or s.relead:
            return {"type": "play", "card": sort_cards(s.hands[pid])[0]}
        matches = self._matches(pid)
        if matches and not s.opts.free_pass:
            return {"type": "play", "card": matches[0]}
        return {"type": "pass"}

    # -- moves --------------------------------------------------------------------------------
    def do_play(self, pid: str, card: str) -> None:
        s = self.s
        s.hands[pid].remove(card)
        s.laid.append(card)
        top = s.top
        matching = s.phase == MATCH and top is not None and rank_of(card) == rank_of(top.card)
        if matching:
            s.level += 1
            word = WORDS[s.level - 1]
            payer = top.player
            paid, drinks = self._pay(payer, s.level, word)
            s.top, s.new_lead = Top(card=card, player=pid), False
            self.log("shif_shof_shum.match", player=pid, card=card, word=word, payer=payer, paid=paid, drinks=drinks)
            if paid and s.tokens[payer] == 0:
                self._put_out(payer, pid)
                if s.over:
                    return
        else:
            # A lead; a new lead by the player just matched in the two-player
            # end keeps the count going (until a "shum" has been said).
            if not (s.relead and s.level < len(WORDS)):
                s.level = 0
            s.top, s.new_lead = Top(card=card, player=pid), s.relead
            self.log("shif_shof_shum.lead", player=pid, card=card)
        nxt = self._next_live(pid)
        s.relead = matching and self._duel() and top.player == nxt
        s.current, s.phase = nxt, MATCH
        self._settle()

    def takes_back(self, pid: str, act) -> bool:
        """A lead that led to nothing else (see the module docstring)."""
        return [e.msg for e in self._events] == ["shif_shof_shum.lead"]

    def do_pass(self, pid: str) -> None:
        self.log("shif_shof_shum.pass", player=pid)
        self._passed(pid)
        self._settle()

    def _passed(self, pid: str) -> None:
        """``pid`` passed: the next player leads, unless the two-player end's
        table rule has ``pid`` lead (``passer_leads``)."""
        self._lead(pid if self._passer_leads() else self._next_live(pid))

    def _passer_leads(self) -> bool:
        """In the two-player end, the player who passes leads next: after the
        new card of the player just matched (by default), never, or always."""
        rule = self.s.opts.passer_leads
        return self._duel() and (rule == ALWAYS or rule == AFTER_NEW_LEAD and self.s.new_lead)

    def _lead(self, pid: str) -> None:
        """``pid`` leads the next run."""
        s = self.s
        s.current, s.phase, s.top, s.level, s.relead, s.new_lead = pid, LEAD, None, 0, False, False

    def _rank_gone(self) -> bool:
        """All four cards of the rank in play have been laid."""
        rank = rank_of(self.s.top.card)
        return sum(1 for c in self.s.laid if rank_of(c) == rank) >= 4

    def _settle(self) -> None:
        """Make the moves nobody has a choice about: passes everybody can see
        coming, and a new deal when the lead comes to an empty hand."""
        s = self.s
        while not s.over:
            cur = s.current
            hand = s.hands[cur]
            if s.phase == LEAD or s.relead:
                if hand:
                    return
                self.log("shif_shof_shum.empty", player=cur)
                s.dealer = self._next_live(s.dealer)
                self._deal()
                continue
            if hand and not self._rank_gone():
                return
            self.log("shif_shof_shum.pass", player=cur)
            self._passed(cur)

    # -- tokens -------------------------------------------------------------------------------
    def _pay(self, payer: str, amount: int, word: str) -> tuple[int, int]:
        """``payer`` puts ``amount`` tokens (at most all they hold) into the
        box; returns (tokens paid, drinks)."""
        s = self.s
        if s.tokens.get(payer, 0) <= 0:
            return 0, 0
        paid = min(amount, s.tokens[payer])
        s.tokens[payer] -= paid
        s.box += paid
        return paid, self.forfeit(payer, word, log=False)

    def _put_out(self, pid: str, by: str) -> None:
        s = self.s
        s.out.append(pid)
        s.aside.extend(s.hands[pid])
        s.hands[pid] = []
        self.log("shif_shof_shum.out", player=pid, by=by)
        live = self.live()
        if len(live) == 1:
            self.end("tokens")
        elif len(live) == 2 and s.opts.duel and not s.duel_logged:
            s.duel_logged = True
            self.log("shif_shof_shum.duel", players=live)

    # -- seats ----------------------------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        raise IllegalAction("Shif-shof-shum has started; you will be dealt in next game.")

    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        s.aside.extend(s.hands.pop(pid, []))
        s.tokens.pop(pid, None)
        if pid in s.out:
            s.out.remove(pid)
        live = self.live()
        if len(live) < 2:
            self.end("tokens" if live else "players")
            return
        if s.dealer == pid:
            s.dealer = s.seats[(index - 1) % len(s.seats)]
        if s.current == pid:
            seats = s.seats
            s.current = self.left_of(seats[index % len(seats)], live) if seats[index % len(seats)] not in live \
                else seats[index % len(seats)]
            s.relead = False
            self._settle()

    # -- the end ----------------------------------------------------------------------------------
    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        s = self.s
        seats = s.seats
        tokens = {p: s.tokens.get(p, 0) for p in seats}
        if tokens:
            best = max(tokens.values())
            result["winners"] = [p for p in seats if tokens[p] == best]
            result["losers"] = [p for p in seats if tokens[p] < best]
        result.update(tokens=tokens, box=s.box, out=[p for p in s.out if p in seats], deals=s.round)
        return result

    # -- views ------------------------------------------------------------------------------------
    def hand(self, pid: str) -> list[str]:
        return list(self.s.hands.get(pid, []))

    def piles(self) -> dict:
        return {"laid": list(self.s.laid), "aside": len(self.s.aside)}

    def table_view(self) -> dict:
        s = self.s
        level = s.level
        top = s.top
        return {
            "dealer": s.dealer,
            "round": s.round,
            "tokens": dict(s.tokens),
            "box": s.box,
            "out": list(s.out),
            "phase": s.phase,
            "top": to_plain(top),
            "word": WORDS[level] if top is not None and level < len(WORDS) and not s.over else None,
            "level": level,
            "relead": s.relead,
            "duel": self._duel(),
        }
