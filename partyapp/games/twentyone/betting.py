"""The session of deals every 21 game plays for chips: its options, its
log keys, and the result it ends with. The loop that plays it is
``rounds.TwentyOne``; the chips are the kit's ledger (``kit/chips.py``).

- **Options**: ``rounds`` deals, stacks of ``start_chips``, stakes from
  ``min_bet`` to ``max_bet``, ``rebuy`` (a player out of chips is asked at
  the next deal to buy back in, a stack of ``rebuy_chips``, the starting
  stack when 0, or to sit the rest of the game out; off: they watch).
- **Log keys**: ``round.start``, ``round.void``, ``chips.payout {player,
  result, stake, amount, drinks}`` (``amount`` the player's gain, negative
  for a loss; ``drinks`` what the result cost when the game's ``FORFEITS``
  name it), ``chips.rebuy``, ``chips.sit_out_rest``, ``chips.out``; the deal's payouts are in the
  view (``payouts``) until the next deal's cards come.
- **The result** (``session_result``): the final stacks, each player's net
  over the game, the rebuys and the deals played; the winners (best net,
  when ahead) and losers (worst net, when behind and not everybody is
  level) among those who played: who staked at least once, or whose stack
  moved as a dealer or banker (a player who sat out every deal or ended
  at 0 is neither).
"""

from __future__ import annotations

from partyapp.games.kit.base import OptionError
from partyapp.games.kit.cardgame import CardGame, flag, number
from partyapp.games.kit.chips import Ledger

OPTIONS = {
    **CardGame.OPTIONS,
    "rounds": number(5, 1, 100, "Deals played; then the game ends."),
    "start_chips": number(100, 1, 100_000, "Each player's starting stack."),
    "min_bet": number(5, 1, 10_000, "The table minimum stake."),
    "max_bet": number(50, 1, 100_000, "The table maximum stake."),
    "rebuy": flag(False, "A player out of chips may buy back in at the next deal or sit the rest out; "
                         "off: they watch."),
    "rebuy_chips": number(0, 0, 100_000, "The stack a player buys back in for; 0: the starting stack."),
}
MESSAGES = {
    **CardGame.MESSAGES,
    "round.start": ("round", "dealer"),
    "round.void": ("reason",),
    "chips.payout": ("player", "result", "stake", "amount", "drinks"),
    "chips.rebuy": ("player", "amount"),
    "chips.sit_out_rest": ("player",),
    "chips.out": ("player",),
}


def check_limits(opts: dict) -> None:
    """The table's limits fit together (the checked options, as a dict)."""
    if opts["min_bet"] > opts["max_bet"]:
        raise OptionError("The min bet must not be above the max bet.")
    if opts["min_bet"] > opts["start_chips"]:
        raise OptionError("The min bet must not be above the start chips.")


def session_result(result: dict, ledger: Ledger, seats: list[str], rounds: int) -> dict:
    """The kit's ``result`` with the session's: winners, losers, stacks, nets, rebuys."""
    net = {p: ledger.net(p) for p in seats}
    played = [p for p in seats if p in ledger.played or net[p] != 0]
    if played:
        best, worst = max(net[p] for p in played), min(net[p] for p in played)
        result["winners"] = [p for p in played if net[p] == best] if best > 0 else []
        result["losers"] = [p for p in played if net[p] == worst] if worst < 0 and worst < best else []
    result.update(chips={p: ledger.chips(p) for p in seats}, net=net,
                  rebuys={p: n for p, n in ledger.rebuys.items() if p in net}, rounds=rounds)
    return result
