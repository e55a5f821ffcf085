// The log keys every full card game shares (partyapp/games/cardgame.py), in
// words, and the causes of forfeits, which each game names
// (registerCauses({cause: "words"})).
import { t } from "../i18n.js";
import { humanize } from "../common.js";
import { registerMessages } from "../words.js";

const causes = {};

export function registerCauses(table) {
  Object.assign(causes, table);
}

export function causeWords(cause) {
  return t(causes[cause] || humanize(cause));
}

registerMessages({
  "game.joined": "{player} joins and is dealt in next deal.",
  "game.left": "{player} leaves the game.",
  "game.skipped": "{player}'s phone is away: the game goes on without them.",
  "game.over": "Game over.",
  "forfeit.drink": (e) => ["{player} drinks {count}: {cause}.", { cause: causeWords(e.cause) }],
  "round.start": "Deal {round}: {dealer} deals.",
  "round.void": "The deal is called off.",
});
