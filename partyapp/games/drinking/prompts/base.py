"""What every prompt kind is made of.

A prompt is what a card asks of the table before the next draw (pick a
player, type a rule, a race, a round game, chugalug, paper-scissors-stone).
Each kind is a small record (the kit's ``Record``, its ``kind`` the tag
that tells the kinds apart in the saved state) holding only its own state,
and answers for itself:

- ``actions(g, pid)``: the moves ``pid`` may make in it now (specs built
  with the kit's ``actions.spec`` and its domains, which the kit's one
  validator checks every move against); ``host_actions(g)``: the host's
  extra moves while it is open;
- a method per move, named after it (``tap``, ``pick``, ...), called with the
  values already checked against the move's domains, and ``verify``, which
  raises ``IllegalAction`` for what the domains cannot say (time is up, at
  the move's arrival; a kind with more to check extends it); the engine's
  ``check`` (behind the kit's ``verify``, ``can`` and ``apply``) calls it
  (pokerkit's verify_x / can_x / x);
- ``public()`` and ``you(g, pid)``: its part of the public and private views;
- ``turn()``: whom the table waits for (None: anyone, or nobody in particular);
  ``waiting()``: everybody it cannot go on without, and ``skip(g, pid,
  now)``: go on without one of them whose phone is away;
- ``deadline`` and ``timeout(g, now)``: what happens when its clock runs out
  (``due()``: when the engine must call ``timeout``, the deadline unless the
  kind has an earlier step of its own, as a race waiting for its last tap),
  ``timed()``: whose own clock it is (twice as long for a player who asked
  for more time, ``g.seconds``), and ``restart_clock`` when it carries on
  after the thumb race paused it;
- ``leave(g, pid, nxt, now)``: a player leaves (True: it cannot go on), and
  ``after_leave(g, now)`` once their seat is gone;
- ``escapable(g, pid)`` and ``escape(g, pid, now)``: the jail card's holder
  gets out of the game in play (a race, a round game, chugalug,
  paper-scissors-stone).

Prompts change the game only through the engine ``g`` (a ``DrinkingGame``):
``g.s`` (its state), ``g.close``, ``g.drink``, ``g.log``, ``g.step``,
``g.in_play``, ``g.next_in_play``, ``g.left_step``, ``g.resume``, ``g.link_mates``,
``g.add_rule``, ``g.pick_candidates``, ``g.seconds``, and read the move
being made's arrival in ``g.arrival`` (a race's taps). What they end
with for the table is an outcome record (``outcomes.py``).
"""

from __future__ import annotations

from typing import ClassVar

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.record import Record


class Prompt(Record, tag_field="kind"):
    """The base of the prompt kinds: who opened it (``by``), what losing
    costs (``n``), and its clock (``deadline``, None: none running)."""

    by: str
    n: int
    deadline: float | None = None

    # The moves this kind answers, and the option holding its clock's length
    # (None: no clock).
    moves: ClassVar[tuple[str, ...]] = ()
    clock: ClassVar[str | None] = None

    # -- who may do what ---------------------------------------------------
    def actions(self, g, pid: str) -> list[dict]:
        return []

    def host_actions(self, g) -> list[dict]:
        return []

    def verify(self, g, pid: str, move: str, values: dict, now: float) -> None:
        """Raise ``IllegalAction`` unless ``move`` may be made now (its values
        are already within their domains)."""
        if self.deadline is not None and now >= self.deadline:
            raise IllegalAction("Too late: time is up.")

    def turn(self) -> str | None:
        return None

    def due(self) -> float | None:
        """When the engine must call ``timeout`` (None: never)."""
        return self.deadline

    def waiting(self) -> list[str]:
        """Whom the table cannot go on without (an absent one is shown big on
        the table, and the host may ``skip`` them)."""
        turn = self.turn()
        return [turn] if turn else []

    def skip(self, g, pid: str, now: float) -> None:
        """Go on without ``pid``, whose phone is away (the host's ``skip``):
        by default the prompt is called off and nobody drinks."""
        g.close()
        g.log("drinking.skip_card", player=pid)

    def escapable(self, g, pid: str) -> bool:
        """Whether ``pid`` takes part in this game and may get out of it with
        the jail card (races and round games; a pick or a rule is no game)."""
        return False

    def escape(self, g, pid: str, now: float) -> None:
        """``pid`` gets out of it with the jail card: they are out, and
        nobody drinks for them; a game left with one player is called off."""

    # -- views ---------------------------------------------------------------
    # ``public() -> dict``, this prompt's part of the public view, is each
    # kind's own (its fields differ); tests/games check every kind has one.

    def you(self, g, pid: str) -> dict | None:
        """This prompt's part of ``pid``'s private view (``prompt``, and
        ``rps_pick`` for paper-scissors-stone), or None when it asks nothing
        of them."""
        return None

    # -- time ------------------------------------------------------------------
    def timeout(self, g, now: float) -> None:
        """The clock ran out (only called once ``deadline`` is due)."""

    def timed(self) -> list[str]:
        """The players whose own clock this prompt's is (their answer, their
        pick): it runs twice as long when one of them asked for more time. A
        race against everybody is nobody's own clock."""
        return []

    def restart_clock(self, g, now: float) -> None:
        """Carry on after the thumb race: a running clock starts afresh."""
        if self.clock is not None and self.deadline is not None:
            self.deadline = now + g.seconds(self.clock, self.timed())

    # -- seats -------------------------------------------------------------------
    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        """Take ``pid`` out (their seat is still there); True when the prompt
        cannot go on without them."""
        return pid == self.by

    def after_leave(self, g, now: float) -> None:
        """Their seat is gone: settle what no longer waits on anybody."""

