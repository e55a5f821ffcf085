"""Drinking decks: one engine, two decks (``ring_of_fire`` and ``kings``).

Variants implemented
--------------------
- **Ring of Fire** as given in ``seeds/000`` ("RING OF FIRE"), and **Kings**,
  the house variant of ``seeds/002`` ("Kings"). Each card's meaning is data
  (``decks.py``): a title, the text shown on the table and an effect from a
  small catalogue with parameters. A house variant is another definition
  (``options["variant"]``), checked by ``decks.validate_deck``.
- The deck is the standard 52 cards. The card drawn is chosen at the moment it
  is drawn, uniformly from the cards still undrawn, by the kit's seeded
  generator (``Engine.random``: the state's 63-bit ``seed``, replaced by the
  next one at each draw, so the saved state holds 8 bytes of randomness and
  the game is deterministic under the seed given at set-up); a staged
  ``options["deck"]`` (testing only) is dealt from the front first. Undrawn
  cards never appear in a view: only the count ``remaining`` does.

Turns
-----
- The first player in seat order draws first; then play goes round the table
  following ``direction`` (1 clockwise, -1 counter-clockwise). After a card's
  effect the turn passes from the drawer to the next player in the (possibly
  just reversed) direction of play.
- A card that opens a prompt (pick a player, type a rule, a race, a round
  game, chugalug, paper-scissors-stone) holds the next draw until it is
  settled: every prompt can be settled by the players' own actions, a
  time-out, or the host's ``skip``.
- The thumbmaster may start the thumb race at any time except during another
  race. Started while a card's prompt is open, the race pauses that prompt
  (public ``paused``); when the race is settled the prompt carries on, its
  clock (if any) started afresh. The other powers (catch, report a broken
  rule, toilet, jail, steal, "f*** off") may be used at any time, prompts included.

Choices where the rule text is open
-----------------------------------
- **Ring of Fire 10** is headed "Thumbmaster" in the seed and describes a
  category game: both halves are played. The drawer becomes the thumbmaster,
  a role for the game that passes like the other "for the game" roles (see
  Roles), with the thumb race and powers of Kings' thumbmaster: whenever
  they like they put a left or right thumb on the table, and the last to
  copy with the correct thumb drinks the card's ``n`` (1). Then the category round is played from the drawer, as the text says.
  Groups that play the 10 as a category game only turn off the card's
  ``thumbmaster`` parameter (the ``round`` effect's, shown in the house-rules
  editor); house decks saved before it existed play their round cards
  without it.
- Ring of Fire counts drinks, Kings counts fingers (``unit`` in the view).
- **Left and right.** "Left" is the next seat clockwise and does not change
  when play reverses (option ``sides="seats"``, the default); with
  ``sides="play"`` left means the next player in the current direction of
  play and right the previous one. Chugalug's "one to my left/right" follows
  the same option.
- **Waterfall** has no prompt; each player's tally counts ``n`` (default 1)
  drinks. Ring of Fire's seed: "Everyone must keep drinking until the
  person who picked the card stops": everybody drinks until the drawer
  stops, and the table names the drawer (``cascade`` off, the catalogue's
  default). Kings' seed is a cascade ("the next player to the left must
  immediately start drinking and so on around the table. You can only stop
  when the person on your right stops. The person who pulled the card is
  the first to choose when to stop"): with ``cascade`` the table shows the
  stopping order, the drawer first, then round the table to the left,
  whatever the direction of play: the next seat clockwise, or with
  ``sides="play"`` the next player in the direction of play (Left and
  right, above). The card's ``follow_play`` (a house rule, off in both
  standard decks) runs the order in the direction of play whatever
  ``sides`` says. A house deck saved before either choice existed keeps
  what it played: a cascade, in the direction of play.
- **Mate** (Ring of Fire 8): the drawer picks a mate, then drinks ``n``
  (default 1), which their new mate shares. Mates are undirected and chain
  transitively: whenever a player is given drinks, everybody linked to them by
  mates drinks the same (once, the largest amount if several forfeits of one
  call reach them). Necks are personal and do not pass to mates unless option
  ``mates_share_necks`` is on.
- **Roles** have one holder each, unless every card of it is its own (the
  role's ``each``, for the question master, the question card and the
  thumbmaster). A role "until the next card of that rank" (question master)
  is taken away when that rank is drawn again, and the new card gives it to
  its drawer. A role "for the game" passes to whoever draws another card
  that grants it (option ``roles_pass_on``, default on; off: the first
  holder keeps it and the new card is void). The toilet and jail cards are
  returned once used. A player who leaves returns every role they held.
- **Every Queen and every Four of Kings is its drawer's own** (``each``):
  "The cardholder keeps the card in front of him on the table", so a new
  Queen does not take the card from the earlier holder: each Queen's drawer
  keeps theirs until the game ends, several players may hold one, each
  catches for their own card (a catch by another holder is another
  offence) and each may be told "f*** off" (``deflect`` then names which
  holder, ``player``, when there are several). The same for the Four: each
  Four's drawer may start a thumb race until the game ends.
  ``roles.question_card`` names the latest holder; ``holders`` all of them.
- **Races** (Floor, Heaven, the thumb): every participant gets one ``tap``.
  Taps are judged fairly, by the kit's race judging (``kit/races.py``, as
  the slap races are): each tap counts from when the phone sent it, its
  arrival at the server less half that phone's recent round trip, the
  compensation capped at 80 ms (``races.MAX_LAG_MS``), so a phone on slow
  Wi-Fi is not always last, and a phone that answers its pings slowly on
  purpose gains at most that. The server measures the phones' round trips
  and stamps every move with its arrival for the whole game (``reflex``).
  The race settles when everybody has tapped; when one participant is
  left, as soon as no tap of theirs still on its way could be judged ahead
  of the last tap in (the last tap's judged time plus the cap: at most
  80 ms later), and that one is last; or at the time-out
  (``race_timeout_s``), when everybody missing counts as last. A race
  whose taps came with no measured round trip (no compensation: judged by
  arrival) settles as soon as one is left. In the thumb race the
  thumbmaster does not tap, and a copy with the wrong thumb is no copy (the
  seed: "the last person to copy with the correct thumb loses"): that
  player has still not copied and may copy again with the right thumb, the
  race goes on, and the one left last loses, alone; a wrong thumb costs
  nothing of itself. A race with fewer than two participants is called off.
- **Round games** (Rhyme, Category): the drawer goes first, then round the
  table in the direction of play, out loud, as at a real table: nobody taps
  after a word. The drawer is the caller: they (or, if they leave, the next
  player) or the host mark who messed up, one tap, and that player drinks.
  With the table rule ``word_turns`` (off by default) the app keeps the
  goes: the player whose go it is taps ``done`` after their word to pass it
  on, and the screens show whose go it is.
- **Sitting out**: a player sitting out (the room's ``set_sitting_out``)
  stays in the game with their roles, rules and mates, and is passed over:
  the draw, a round game's goes, the neighbours a card names (left, right,
  paper-scissors-stone, chugalug), the races and every card for everybody
  or a group skip them; a prompt already open when they sit out goes on as
  it is. Switched back in, they draw when the turn next comes round to
  them.
- **Chugalug**: the drawer says "one to my left" or "one to my right" (that is
  the number 1); the neighbour on that side answers next. Multiples of 5 or 7
  must be "chugalug" and reverse the count. The table referees: the player
  whose go it is taps one of a few answers; a wrong answer, or none within
  ``answer_timeout_s``, is the mistake: that player drinks and the game ends.
  Past ``chugalug_max`` the count stops with nobody drinking.
- **Paper, scissors, stone** is played by the player on the drawer's left and
  the one on their right. With two players in the game those are the same
  person, so the drawer plays the other player; alone, it is called off. A
  tie is replayed; the first to win a majority of ``best_of`` rounds wins and
  the other drinks. A pick not made within ``rps_timeout_s`` loses that round
  (both missing: the game is called off). Picks stay private until both are in.
- **Jail card** (Kings' Jack: "Can be used only once to get you out of any
  game or forfeit within each game of Kings. Beware! This card can be
  stolen when it is not in your pocket."): used once, it either cancels any
  forfeit (drinks or neck) of its holder's in this game, the holder picking
  which (``jail {entry}``: every one still in the log, its latest
  ``LOG_MAX`` entries), their mates who drank only because of them let off
  too; or gets them out of the game in play (``escape``): a race before
  they tapped (the race goes on without them), a round game or chugalug
  (their goes are passed over; left with one player, it is called off),
  paper-scissors-stone (called off, nobody drinks). With the role's
  ``pocket`` (Kings' Jack) the card is out, face up, when drawn (and when
  stolen); its holder pockets it on their phone (``pocket``, ``unpocket``)
  and it can be stolen only while out of the pocket. Without it (a house
  jail card saved before), it can be stolen at any time. A steal is
  announced; the host may undo it while the thief still holds it.
- **Question master / question card**: the holder taps ``caught`` and picks
  who answered, or they own up (``answered``); the question master's catch
  costs ``n`` drinks, the question card's a neck. Against the question card,
  anyone else may report ``deflect`` ("f*** off"): the holder necks.
- **Rules**: anyone may report a breach of any rule in force and pick the
  breaker, who drinks that rule's penalty (Ring of Fire 1, Kings 2 fingers).
- **Penalty calls** (``caught``, ``breach``, ``deflect``) are bounded the way
  a real table bounds them: one call per offence. An offence is one penalty
  against one player for one thing (a rule, a catching role, the question
  card) during the card in play, from one draw to the next. Calling the same
  offence again (by anyone) is refused with the reason; another player,
  another rule or the next card is another offence. There is no cool-down,
  so honest play never waits, and the host's undo of a wrong call frees it.
- **The kings** (the cup effect): in Ring of Fire each is poured into the
  cup in the middle (``cup``); the drawer of the last of them necks the cup
  and the game ends, and the table then shows the cup empty. Kings has no
  cup: the seed's "Pull the 1st 2nd or 3rd king with no forfeit. You pull
  the last king you neck the remainder of the drink in front of you" (the
  ``cup`` parameter off): the kings are shown as drawn (``kings``), the
  first ones free, and the last king's drawer necks the drink in front of
  them. In Kings every feature card is returned: the final state holds no
  roles and no rules. If a house deck has no card of the cup effect the game
  ends when the deck runs out.
- **Tallies**: ``drinks()`` counts drinks (Kings: fingers) only; necks are
  logged and counted separately (``necks`` in the public view), both in
  the kit's ``Forfeits``. The host can undo any forfeit still in the log:
  its drinks and necks are taken back.
- **Late joiners** are seated last and take part from the next prompt on.
- **An absent player** (phone away) the game waits on can be skipped by the
  host (``skip``): their draw passes to the next player; a prompt only they
  can settle (their pick, rule, chugalug start, paper-scissors-stone) is
  called off with nobody drinking; in a race they sit it out; in a round
  game or the chugalug count their go passes to the next player.
- **Undo** offers the forfeits in the public log only, so that every undo the
  host is offered can be shown with what it undoes.
- **More time**: a player who asked for it (``set_more_time``) has twice as
  long for their own clocks: their chugalug answer and their
  paper-scissors-stone pick (the pair's clock, when either of them asked).
  Races are against everybody and keep their time.
- **Forfeits are counted, never worded here**: the log names who takes a
  forfeit and how many (parts below); whether it is a drink, a sip of
  something soft, water, points or a dare is the room's business (each
  player's profile, the pace, family mode: ``partyapp/rooms/night.py``), and the
  screens word it so.

The public ``log`` holds the latest ``PUBLIC_LOG`` entries (the state keeps
``LOG_MAX`` for undo and the jail card). Moves return their events: the log
entries they added, in the public form of ``public_view()["log"]`` (``id``,
``kind``, the message key ``msg`` and its parameters, ``drinks``,
``necks``, ``undone``), like the card games' log: ``{"id": 7, "kind":
"forfeit", "msg": "drinking.drink", "lead": "pick", "by": "p1", "players":
["p2"], "count": 1, ...}``. The screens word each key in their language
(``static/js/modes/drinking/words.js``). A forfeit's ``lead`` names what caused
it (its own parameters beside it), ``players`` and ``count`` who drinks
how much, and ``mates`` who drinks too through a mate. Card titles are
the deck's words (``title``): a standard deck's (the default deck, or
the family deck family mode plays) are worded by the screens,
a house deck's (``house_deck`` in the view) shown as their authors typed
them. A game saved before the log had keys still loads: its old entries
keep their ``text`` parts, which the screens still show as they were.

How it is built
---------------
- ``DrinkingGame`` is a kit ``Engine`` (``kit/engine.py``), like every card
  game: its options are ``Option`` declarations (``OPTIONS``, with their
  help texts: the host's option form and ``option_list`` show them; the
  deck ``variant`` and a staged ``deck`` are data, checked by
  ``check_data``), read as the kit's typed ``opts`` (``s.opts.sides``);
  its log entries are declared message keys (``log.py``: ``MESSAGES``; a
  forfeit's entry also takes what led to it, ``LEADS``); its randomness is
  the kit's, and the seats (order, left and next, presence and away, more
  time) are the kit's helpers.
- The whole state is a ``state.DrinkingState``, typed records on the kit's
  ``GameState`` saved through the kit's one codec at every change; a save
  of the earlier forms is read by ``saved.py``.
- This module keeps the rules above, the draw and the turns, the prompt in
  play, the host's moves, an absent player and the seats. The engine's
  other parts are one module each, joined in ``DrinkingGame``: the
  forfeits and mates (``tally.py``), the roles and their powers
  (``roles.py``), the penalty calls (``calls.py``) and the views
  (``views.py``). What each card effect does is in ``effects.py`` (one
  function per effect of the catalogue in ``decks.py``). Each prompt kind
  an effect can open is a small record in ``prompts/`` with its own moves,
  views, time-out and leaving rules; how it ends for the table is an
  outcome record (``outcomes.py``).
- Every move goes through the kit's one validator (``Engine.check``: it is
  among the player's legal actions, built with ``actions.spec`` and its
  domains, every value within its domain, nothing missing or extra; the
  refusal is worded as in every other game), then through what the domains
  cannot express: a penalty call already made on this card, and a prompt's
  own ``verify`` (time is up). A move the player is not offered at all is
  refused in this game's terms (``refusal``: finish the card in play, not
  your go ...). The kit's ``verify`` raises the reason, ``can`` says yes or
  no, and ``apply`` makes the move, in the spirit of pokerkit's
  ``verify_x`` / ``can_x`` / ``x``.
- **Taking a move back**: none (a draw is random; an answer hands out its forfeit or rule at once).
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import Action, one_of, spec
from partyapp.games.kit.base import HOST, IllegalAction, NotYourTurn
from partyapp.games.kit.cards import STANDARD_DECK, colour_of, parse_card, validate_cards
from partyapp.games.kit.engine import Engine
from partyapp.games.kit.forfeits import Forfeits
from partyapp.games.kit.options import choice, flag, number
from partyapp.games.kit.record import from_plain
from partyapp.games.drinking import saved
from partyapp.games.drinking.calls import PenaltyCalls
from partyapp.games.drinking.decks import ROLES, default_deck, family_deck, validate_deck
from partyapp.games.drinking.effects import EFFECTS
from partyapp.games.drinking.log import MESSAGES, Entry, declared
from partyapp.games.drinking.outcomes import AnyOutcome, RaceEnd
from partyapp.games.drinking.prompts import Race
from partyapp.games.drinking.roles import RolesAndPowers
from partyapp.games.drinking.seats import Seats, group
from partyapp.games.drinking.state import Deck, DrinkingState, Result, Rule
from partyapp.games.drinking.tally import Tally
from partyapp.games.drinking.views import Views

LOG_MAX = 24  # kept for undo and the jail card
PUBLIC_LOG = 12  # sent to the screens: the ticker shows the latest

OPTIONS = {
    "race_timeout_s": number(10, 1, 120, "A race (Floor, Heaven, the thumb) ends after this many seconds: "
                                         "whoever has not tapped by then is last."),
    "answer_timeout_s": number(10, 1, 120, "Seconds for each answer in chugalug: no answer in time is a mistake."),
    "rps_timeout_s": number(30, 5, 300, "Seconds for each pick in paper, scissors, stone: "
                                        "no pick in time loses the round."),
    "sides": choice("seats", ("seats", "play"), "Who is on your left: the next seat clockwise (seats), "
                                               "or the next player in the direction of play (play)."),
    "roles_pass_on": flag(True, "A role for the game passes to whoever draws another card that grants it "
                                "(off: the first holder keeps it)."),
    "mates_share_necks": flag(False, "Mates share necks too, not only drinks."),
    "chugalug_max": number(100, 10, 1000, "Chugalug stops at this number with nobody drinking."),
    "word_turns": flag(False, "Round games (Rhyme, Category): each speaker taps Done after their word "
                              "(off: the table just talks, and the caller marks who messed up)."),
}


class DrinkingGame(Seats, Tally, RolesAndPowers, PenaltyCalls, Views, Engine):
    """The engine shared by the drinking decks; a subclass names its mode and deck."""

    # Races are judged by arrival less each phone's lag: the server measures
    # the phones' round trips and stamps every move (``races.ARRIVAL``).
    reflex: ClassVar[bool] = True
    # A player sitting out keeps their seat, roles and rules: passed over.
    KEEPS_SITTING_OUT: ClassVar[bool] = True
    unit: ClassVar[tuple[str, str]] = ("drink", "drinks")
    # A room in family mode plays the deck's family wording (``decks.FAMILY_DECKS``).
    FAMILY_OPTIONS: ClassVar[dict[str, Any]] = {}
    OPTIONS = OPTIONS
    # A house variant (a deck definition) and a staged deck (testing) are data.
    OPTION_DATA = ("variant", "deck")
    MESSAGES = MESSAGES
    LOG_MAX = LOG_MAX
    PUBLIC_LOG = PUBLIC_LOG
    State = DrinkingState
    Entry = Entry
    s: DrinkingState

    def __init__(self, state: DrinkingState) -> None:
        Engine.__init__(self, state)
        PenaltyCalls.__init__(self)
        # Whether a cup stands in the middle: a card of the deck pours into it.
        self._has_cup = any(card.effect == "cup" and card.params.cup is not False for card in state.deck.cards())

    @property
    def state(self) -> DrinkingState:
        """The game's state (the kit's ``self.s``)."""
        return self.s

    def has_cup(self) -> bool:
        return self._has_cup

    # -- set-up and persistence ---------------------------------------------
    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        if name == "variant":
            return validate_deck(value)
        return validate_cards(value, max_len=len(STANDARD_DECK))

    @classmethod
    def new(cls, players: list[dict], options: dict, rng: random.Random, now: float) -> "DrinkingGame":
        opts = cls.check_options(options)
        house = opts.pop("variant", None)
        definition = house or default_deck(cls.mode)
        # The family deck (family mode's ``variant``) is a standard deck: its
        # words are message ids, worded in each screen's language.
        own = house is not None and house != family_deck(cls.mode)
        staged = opts.pop("deck", [])
        seats = cls.seat_ids(players)
        groups = {p["id"]: group(p.get("group")) for p in players}
        if not seats:
            raise ValueError("a game needs at least one player.")
        deck = Deck.of(definition)
        cup_total = sum(1 for code in STANDARD_DECK
                        if deck.card(parse_card(code)[0], colour_of(code)).effect == "cup")
        forfeits = Forfeits.new({}, True)
        for pid in seats:
            forfeits.enter(pid)
        return cls(cls.State(
            mode=cls.mode, deck=deck, house=own, opts=cls.Options(**opts), seats=seats, groups=groups,
            current=seats[0], staged=list(staged), cup_total=cup_total, roles={r: None for r in ROLES},
            forfeits=forfeits, seed=cls.new_seed(rng),
        ))

    @classmethod
    def from_state(cls, state: dict) -> "DrinkingGame":
        """The game from its saved state: this form, or the earlier one of
        versions 2 and 3 (``saved.py``); the mode's own class either way."""
        klass = _CLASSES.get(state.get("mode")) if isinstance(state, dict) else None
        if klass is None:
            raise ValueError(f"unknown drinking mode {state.get('mode') if isinstance(state, dict) else None!r}")
        if saved.is_split(state):
            state = saved.upgrade(state)
        return klass(from_plain(state, klass.State))

    # -- the log ------------------------------------------------------------------
    def declared(self, msg: str, params: dict) -> tuple[str, ...] | None:
        return declared(msg, params)

    def add_rule(self, pid: str, text: str, n: int) -> None:
        self.s.rules.append(Rule(by=pid, text=text, n=n))
        self.log("drinking.rule", player=pid, rule=text)

    def house_rules(self) -> list[dict]:
        return [{"by": r.by, "text": r.text} for r in self.s.rules]

    def seconds(self, option: str, pids: list[str]) -> float:
        """The length of a clock (an option in seconds, by name) that is the
        own clock of ``pids``: twice as long when one of them asked for more
        time (the kit's ``seconds_for``)."""
        return self.seconds_for(getattr(self.s.opts, option), pids)

    def next_deadline(self) -> float | None:
        pr = self.s.prompt
        return pr.due() if pr is not None else None

    def turn(self) -> str | None:
        s = self.s
        if s.over:
            return None
        return s.current if s.prompt is None else s.prompt.turn()

    # -- what each player may do ----------------------------------------------
    def host_actions(self) -> list[dict]:
        s = self.s
        if s.over:
            return []
        acts = []
        ids = self.undoable()
        if ids:
            acts.append(spec("undo", entry=one_of(ids)))
        if s.prompt is not None:
            acts.append(spec("skip"))
            acts.extend(s.prompt.host_actions(self))
        return acts

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        acts: list[dict] = []
        self._thumb_actions(pid, acts)
        if s.prompt is None:
            if pid == s.current:
                acts.append(spec("draw"))
        else:
            acts.extend(s.prompt.actions(self, pid))
        # The powers usable at any time: catches, "f*** off", the toilet and
        # jail cards, and reporting a broken rule. An offence already called
        # on this card is not offered again.
        self._catch_actions(pid, acts)
        self._card_actions(pid, acts)
        self._breach_actions(acts)
        return acts

    # -- checking and making a move -------------------------------------------------
    def _refusal(self, pid: str, type_: str) -> IllegalAction:
        """Why ``pid`` is not offered a move of ``type_`` now."""
        s = self.s
        if pid != HOST and pid not in s.seats:
            return IllegalAction("You are not in this game; you will be dealt in next game.")
        pr = s.prompt
        if type_ == "draw":
            if pr is not None:
                return IllegalAction("Finish the card in play before the next draw.")
            return NotYourTurn("It is not your turn to draw.")
        if pr is not None and type_ in ("pick", "rule", "start", "answer", "done", "missed"):
            return NotYourTurn("It is not your go.")
        if type_ in ("tap", "rps") and pr is not None:
            return IllegalAction("You have already had your go.")
        return IllegalAction("That move is not possible now.")

    def refusal(self, pid: str, action: Any, specs: list[dict], refused: IllegalAction) -> IllegalAction:
        """A move the kit's validator refused, in this game's terms: a penalty
        call made already says so, a move not offered says why not."""
        type_ = action.get("type") if isinstance(action, dict) else None
        if not isinstance(type_, str):
            return refused
        again = self.called_before(pid, type_, action)
        if again is not None:
            return again
        if not any(s["type"] == type_ for s in specs):
            return self._refusal(pid, type_)
        return refused

    def check(self, pid: str, action: Any) -> Action:
        """The kit's validator, then what the domains cannot express: a
        penalty call made already on this card, and the prompt's own checks
        (its clock, judged at the move's arrival)."""
        act = super().check(pid, action)
        again = self.called_before(pid, act.type, act.params)
        if again is not None:
            raise again
        prompt = self.s.prompt
        if prompt is not None and pid != HOST and act.type in prompt.moves:
            prompt.verify(self, pid, act.type, act.params, self.arrival.at)
        return act

    def perform(self, pid: str, act: Action) -> None:
        prompt = self.s.prompt
        if prompt is not None and act.type in prompt.moves:
            getattr(prompt, act.type)(self, pid, act.params, self.now)
        else:
            self._MOVES[act.type](self, pid, act.params, self.now)
        self._check_end()

    def tick(self, now: float) -> list[dict]:
        s = self.s
        pr = s.prompt
        due = pr.due() if pr is not None and not s.over else None
        if due is None or now < due:
            return []
        self.begin(now)
        pr.timeout(self, now)
        self._check_end()
        return self.events()

    # -- the prompt in play ------------------------------------------------------------
    def close(self, outcome: AnyOutcome | None = None) -> None:
        """The prompt in play is settled (``outcome``: how, for the table)."""
        self.s.prompt = None
        if outcome is not None:
            self.s.outcome = outcome

    def resume(self, now: float) -> None:
        """The thumb race is over: the card prompt it paused carries on, its
        clock started afresh."""
        s = self.s
        paused = s.paused
        if paused is None or s.prompt is not None:
            return
        s.paused = None
        s.prompt = paused
        paused.restart_clock(self, now)

    def start_race(self, by: str, race: str, title: str, participants: list[str],
                   thumb: str | None, n: int, now: float) -> None:
        if len(participants) < 2:
            self.log("drinking.no_race", race=race, title=title)
            return
        self.s.prompt = Race(by=by, race=race, title=title, thumb=thumb, participants=participants,
                             n=n, opened=now, deadline=now + self.s.opts.race_timeout_s)
        # an earlier race's result is not shown beside this one
        if isinstance(self.s.outcome, RaceEnd):
            self.s.outcome = None

    def _check_end(self) -> None:
        s = self.s
        if not s.over and s.prompt is None and s.paused is None and len(s.drawn) >= len(STANDARD_DECK):
            self.game_over("deck_empty", None, False)

    def game_over(self, reason: str, by: str | None, return_cards: bool) -> None:
        s = self.s
        s.over = True
        s.prompt = None
        s.paused = None
        s.current = None
        if return_cards:
            self.return_all()
            s.rules = []
            self.log("drinking.end_returned")
        else:
            self.log("drinking.end")
        s.result = Result(reason=reason, by=by, drinks=self.drinks(), necks=self.necks())

    # -- the draw ---------------------------------------------------------------------
    def _deal(self) -> str:
        s = self.s
        if s.staged:
            return s.staged.pop(0)
        drawn = set(s.drawn)
        pool = [c for c in STANDARD_DECK if c not in drawn]
        return pool[self.random().randrange(len(pool))]

    def _draw(self, pid: str, values: dict, now: float) -> None:
        s = self.s
        code = self._deal()
        s.drawn.append(code)
        rank, _ = parse_card(code)
        card = s.deck.card(rank, colour_of(code))
        s.last_card = code
        s.last_drawer = pid
        s.outcome = None
        s.calls = []
        if rank == "K":
            s.kings += 1
        self.log("drinking.draw", player=pid, card=code, title=card.title)
        self.lose_roles(rank)
        EFFECTS[card.effect](self, pid, rank, card, now)
        if not s.over:
            s.current = self.next_in_play(pid)

    # -- host moves ----------------------------------------------------------------------
    def _skip(self, pid: str, values: dict, now: float) -> None:
        self.s.prompt = None
        self.log("drinking.host_skip")
        self.resume(now)

    _MOVES: ClassVar[dict[str, Callable]] = {
        "draw": _draw, "thumb": RolesAndPowers._thumb, "caught": PenaltyCalls._caught,
        "deflect": PenaltyCalls._deflect, "toilet": RolesAndPowers._toilet, "jail": RolesAndPowers._jail,
        "escape": RolesAndPowers._escape, "pocket": RolesAndPowers._pocket,
        "unpocket": RolesAndPowers._unpocket, "steal": RolesAndPowers._steal,
        "breach": PenaltyCalls._breach, "answered": PenaltyCalls._answered, "undo": Tally._undo, "skip": _skip,
    }

class RingOfFire(DrinkingGame):
    """Ring of Fire: the cards round a cup, drinks counted as drinks."""

    mode = "ring_of_fire"
    title = N_("Ring of Fire")
    unit = ("drink", "drinks")
    FAMILY_OPTIONS = {"variant": family_deck("ring_of_fire")}


class Kings(DrinkingGame):
    """Kings, the house variant of the seed: drinks counted in fingers."""

    mode = "kings"
    title = N_("Kings")
    unit = ("finger", "fingers")
    FAMILY_OPTIONS = {"variant": family_deck("kings")}


_CLASSES: dict[str, type[DrinkingGame]] = {"ring_of_fire": RingOfFire, "kings": Kings}
