"""Paper, scissors, stone (Kings' 8), played on the phones by the players
either side of the drawer: best of ``best_of``, a tie replayed, a pick not
made within ``rps_timeout_s`` loses that round (both missing: called off).
Picks stay private until both are in. A player who gets out of it with the
jail card calls it off: nobody drinks."""

from __future__ import annotations


from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.record import to_plain
from partyapp.games.drinking.outcomes import RpsEnd, RpsRound
from partyapp.games.drinking.prompts.base import Prompt

PICKS = ("paper", "scissors", "stone")
BEATS = {"paper": "stone", "scissors": "paper", "stone": "scissors"}
ROUNDS_KEPT = 20


class PaperScissorsStone(Prompt, tag="rps"):
    players: list[str]
    picks: dict[str, str | None]
    wins: dict[str, int]
    need: int
    best_of: int
    rounds: list[RpsRound] = []

    moves = ("rps",)
    clock = "rps_timeout_s"

    def actions(self, g, pid: str) -> list[dict]:
        if pid in self.players and self.picks[pid] is None:
            return [spec("rps", pick=one_of(PICKS))]
        return []

    def timed(self) -> list[str]:
        return list(self.players)

    def rps(self, g, pid: str, values: dict, now: float) -> None:
        self.picks[pid] = values["pick"]
        if all(self.picks[p] is not None for p in self.players):
            self.play_round(g, now)

    def timeout(self, g, now: float) -> None:
        self.play_round(g, now)

    def play_round(self, g, now: float) -> None:
        """Settle a round: both picks in, or the time-out with one or none."""
        x, y = self.players
        px, py = self.picks[x], self.picks[y]
        if px is None and py is None:
            g.close(RpsEnd(winner=None, loser=None, rounds=self._rounds()))
            g.log("drinking.rps_off")
            return
        if px is None or py is None:
            winner = x if py is None else y
        elif BEATS[px] == py:
            winner = x
        elif BEATS[py] == px:
            winner = y
        else:
            winner = None
        self.rounds.append(RpsRound(picks={x: px, y: py}, winner=winner))
        del self.rounds[:-ROUNDS_KEPT]
        self.picks = {x: None, y: None}
        self.deadline = now + g.seconds("rps_timeout_s", self.players)
        if winner is None:
            return
        self.wins[winner] += 1
        if self.wins[winner] >= self.need:
            loser = y if winner == x else x
            g.close(RpsEnd(winner=winner, loser=loser, wins=dict(self.wins), rounds=self._rounds()))
            g.drink([loser], self.n, "rps", {"lead": "rps", "winner": winner})

    def _rounds(self) -> list[RpsRound]:
        return [RpsRound(picks=dict(r.picks), winner=r.winner) for r in self.rounds]

    def public(self) -> dict:
        # who has picked, never what
        return {"kind": "rps", "by": self.by, "players": list(self.players),
                "picked": [p for p in self.players if self.picks[p] is not None],
                "wins": dict(self.wins), "need": self.need, "best_of": self.best_of,
                "rounds": to_plain(self.rounds), "deadline": self.deadline, "n": self.n}

    def you(self, g, pid: str) -> dict | None:
        if pid not in self.players:
            return None
        pick = self.picks[pid]
        return {"prompt": {"prompt": "rps"} if pick is None else None, "rps_pick": pick}

    def escapable(self, g, pid: str) -> bool:
        return pid in self.players

    def escape(self, g, pid: str, now: float) -> None:
        g.close(RpsEnd(winner=None, loser=None, rounds=self._rounds()))
        g.log("drinking.called_off")

    def waiting(self) -> list[str]:
        return [p for p in self.players if self.picks[p] is None]

    def leave(self, g, pid: str, nxt: str | None, now: float) -> bool:
        return pid in self.players
