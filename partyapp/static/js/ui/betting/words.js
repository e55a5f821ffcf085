// The words of the betting games (Blackjack's family and Pontoon): the chips
// ledger's log keys, a settled stake, a hand's result and total, what the
// house shows, a payout as a signed figure, and why a game ended.
import { N_, t } from "../../i18n.js";
import { registerMessages } from "../../words.js";
import { forfeitWords, joinWords } from "../../forfeits.js";

// A settled stake (chips.payout's result) in words, for one player.
const PAYOUTS = {
  win: N_("{player} wins {amount}."),
  blackjack: N_("{player}'s blackjack wins {amount}."),
  natural: N_("{player}'s natural wins {amount}."),
  pontoon: N_("{player}'s pontoon wins double: {amount}."),
  trick: N_("{player}'s five card trick wins double: {amount}."),
  three_sevens: N_("Three sevens: {player} wins a bonus of {amount}!"),
  insurance: N_("{player}'s insurance pays {amount}."),
  push: N_("{player} pushes: the bet of {stake} comes back."),
  knock: N_("{player} knocks: the stake of {stake} comes back."),
  tie: N_("{player} ties the dealer."),
  lose: N_("{player} loses {amount}."),
  bust: N_("{player} is bust and loses {amount}."),
  surrender: N_("{player} surrenders and loses {amount}."),
  insurance_lost: N_("{player}'s insurance of {amount} is lost."),
  banker_pontoon: N_("{player} pays double to the banker's pontoon: {amount}."),
  banker_trick: N_("{player} pays double to the banker's five card trick: {amount}."),
};

// Short names of results, for a hand's badge.
const RESULT_WORDS = {
  win: N_("won"), blackjack: N_("blackjack!"), natural: N_("natural!"), pontoon: N_("pontoon!"), trick: N_("five card trick!"),
  three_sevens: N_("three sevens!"), insurance: N_("insurance paid"), push: N_("push"), knock: N_("knock: stake back"),
  tie: N_("tie: stays"), lose: N_("lost"), bust: N_("bust"), surrender: N_("surrendered"), insurance_lost: N_("insurance lost"),
  banker_pontoon: N_("lost double"), banker_trick: N_("lost double"),
};

export function resultWord(result) {
  return t(RESULT_WORDS[result] || result);
}

// A banker's or dealer's gain over a deal ({player, amount}).
export const bankWords = (p, e) => (e.amount > 0 ? t("{player}'s bank wins {amount} this deal.", p)
  : e.amount < 0 ? t("{player}'s bank loses {amount} this deal.", { ...p, amount: String(-e.amount) })
    : t("{player}'s bank breaks even this deal.", p));

registerMessages({
  "round.start": (p, e) => (e.dealer ? t("Deal {round}: {dealer} deals.", p) : t("Deal {round}.", p)),
  "round.void": (p, e) => t({
    no_bets: N_("Nobody bet: the deal is off."),
    dealer_left: N_("The dealer left: the deal is off and every stake goes back."),
    host: N_("The host ended the game: every stake on the table goes back."),
  }[e.reason] || N_("The deal is off."), p),
  "chips.payout": (p, e, state, plain) => {
    const words = t(PAYOUTS[e.result] || "{player}: {result}, {amount}.", { ...p, amount: String(Math.abs(e.amount)) });
    return e.drinks ? joinWords([words, forfeitWords(state, [e.player], e.drinks, e, { plain })]) : words;
  },
  "chips.rebuy": N_("{player} buys a new stack of {amount}."),
  "chips.sit_out_rest": N_("{player} is out of chips and sits the rest of the game out."),
  "chips.out": N_("{player} is out of chips."),
});

// A blackjack total in words: "soft 17", "21", "24" (a bust says so in its status).
export function totalWord(total, soft) {
  if (typeof total !== "number") return "";
  return soft && total < 21 ? t("soft {total}", { total: String(total) }) : String(total);
}

// What the dealer's or banker's cards in sight are worth: a lone ace is
// "1 or 11" (never "soft 11"); with a card face down, "... showing".
export function showingWord(hand) {
  if (!hand || typeof hand.total !== "number") return "";
  const seen = (hand.cards || []).filter((c) => c !== null);
  const hidden = seen.length < (hand.cards || []).length;
  const word = seen.length === 1 && seen[0][0] === "A" ? t("1 or 11") : totalWord(hand.total, hand.soft);
  return hidden ? t("{total} showing", { total: word }) : word;
}

// A payout as a signed figure: "+15", "−10", "±0".
export function signed(amount) {
  if (typeof amount !== "number") return "";
  return amount > 0 ? `+${amount}` : amount < 0 ? `−${-amount}` : "±0";
}

export const ENDINGS = {
  rounds: N_("The last deal is played."),
  chips: N_("Only one player can still cover the table minimum."),
  host: N_("The host ended the game."),
  players: N_("Too few players are left."),
};
