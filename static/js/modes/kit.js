// What the screens of every full card game share: the words of the kit's own
// log keys (partyapp/games/cardgame.py), a player's name in bold, and the
// seconds left until a time the server set (by the server's clock).
import { html } from "../view.js";
import { t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";

registerMessages({
  "game.joined": "{player} joined the game.",
  "game.left": "{player} left the game.",
  "game.skipped": (p) => t("{player}'s phone is away: the host skipped their go.", p),
  "game.over": "Game over.",
  "forfeit.drink": "{player} drinks {count}.|{player} drinks {count}.",
});

export const Who = ({ state, pid }) => html`<b class="who">${nameOf(state, pid)}</b>`;

// Seconds from now until `until` (server time), from the frame's server
// time (room.time) and when the frame arrived here: no clock needs to agree
// with the server's.
export function secondsLeft(state, until, nowMs = Date.now()) {
  const at = state.room && typeof state.room.time === "number" ? state.room.time : null;
  if (typeof until !== "number" || at === null) return null;
  const since = (nowMs - (state.receivedAt || nowMs)) / 1000;
  return Math.max(0, Math.ceil(until - at - since));
}
