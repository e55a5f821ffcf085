// Casino and Russian Blackjack: boxes against a dealer.
// The TV shows the dealer's hand (the hole card as a back), the rules printed
// on the felt, the shoe, and a box per player: their hands with totals,
// stakes, insurance and results, whose hand is in play, and what happens in
// words. The phone shows your hands and totals, the dealer's cards, your
// stack, and exactly the moves the rules allow now (an amount to bet or
// double chosen with a stepper and quick amounts).
import { html } from "../view.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { bankWords, showingWord, totalWord } from "../ui/betting/words.js";
import { CardRow, HandView, dealPayouts, handFigure, outOfChips } from "../ui/betting/hands.js";
import { BetTable, HouseZone, PlayerBox, boxPlayers, houseHolder, waitingOn } from "../ui/betting/table.js";
import { AmountAction, MoveButton, otherMoves, quickStakes, quickUpTo } from "../ui/betting/phone.js";
import { bettingScreens } from "../ui/betting/screens.js";
import { Who } from "../ui/who.js";
import { registerMode } from "./registry.js";

const handNo = (e) => String(e.hand + 1);
const several = (state, pid) => ((state.game.hands || {})[pid] || []).length > 1;
// "Ana" or "Ana's hand 2" when she plays several.
const whose = (p, e, state) => (several(state, e.player)
  ? t("{player}'s hand {n}", { player: p.player, n: handNo(e) }) : p.player);

registerMessages({
  "twentyone.shuffle": N_("The shoe is shuffled: {count} cards."),
  "twentyone.bet": N_("{player} bets {amount}."),
  "twentyone.sit_out": N_("{player} sits this deal out."),
  "twentyone.deal": (p, e) => (e.dealer ? t("{dealer} deals and shows {upcard}.", p) : t("The cards are dealt; the dealer shows {upcard}.", p)),
  "twentyone.blackjack": N_("Blackjack for {player}: {cards}!"),
  "twentyone.insurance": (p, e) => (e.amount ? t("{player} insures for {amount}.", p) : t("{player} takes no insurance.", p)),
  "twentyone.card": (p, e, state) => t("{who} gets {card}: {total}.", { ...p, who: whose(p, e, state) }),
  "twentyone.hit": (p, e, state) => t("{who} hits: {card}, {total}.", { ...p, who: whose(p, e, state) }),
  "twentyone.stand": (p, e, state) => t("{who} stands on {total}.", { ...p, who: whose(p, e, state) }),
  "twentyone.double": (p, e, state) => t("{who} doubles for {amount}: {card}, {total}.", { ...p, who: whose(p, e, state) }),
  "twentyone.split": N_("{player} splits {cards}."),
  "twentyone.bust": (p, e, state) => t("{who} is bust with {total}.", { ...p, who: whose(p, e, state) }),
  "twentyone.dealer_card": N_("The dealer draws {card}: {total}."),
  "twentyone.dealer_blackjack": N_("The dealer has blackjack: {cards}!"),
  "twentyone.dealer_stand": N_("The dealer stands on {total}."),
  "twentyone.dealer_bust": N_("The dealer is bust with {total}!"),
  "casino_blackjack.peek": N_("The dealer checks the hole card: no blackjack."),
  "casino_blackjack.reveal": N_("The dealer turns the hole card: {cards}, {total}."),
  "casino_blackjack.surrender": N_("{player} surrenders half the bet."),
  "russian_blackjack.three_sevens": N_("Three sevens for {player}!"),
  "russian_blackjack.carry": N_("{player}'s stake of {amount} stays on the table for the next deal."),
  "russian_blackjack.leave": N_("{player} plays the tied stake of {amount} again."),
  "russian_blackjack.add": N_("{player} adds {amount}: {total} in play."),
  "russian_blackjack.take_back": N_("{player} takes back the stake of {amount}."),
  "russian_blackjack.bank": bankWords,
});

const STATUS_WORDS = { blackjack: N_("Blackjack!"), bust: N_("bust"), surrendered: N_("surrendered"), stood: N_("stands") };
const DEALER_WORDS = { blackjack: N_("Blackjack!"), bust: N_("bust"), stood: N_("stands") };

// -- the table ---------------------------------------------------------------------------------
function feltLines(g) {
  const o = g.options || {};
  if (g.mode === "casino_blackjack") {
    return [
      t("Blackjack pays {rate}", { rate: o.blackjack_pays || "3:2" }),
      o.hit_soft_17 ? t("Dealer hits soft 17") : t("Dealer stands on all 17s"),
      t("Insurance pays 2:1"),
      o.hole_card === "european" ? t("No hole card") : null,
    ].filter(Boolean);
  }
  return [t("Black Jack pays 3:2"), t("The dealer draws to 17"), t("Three sevens pay a bonus"), t("A tie stays on the table")];
}

// The deal passed on since the cards on the table were dealt (Russian): the
// new dealer's betting.
const newDealer = (g) => g.phase === "bet" && !g.over && g.dealer && houseHolder(g) !== g.dealer;

// The dealer's zone names the dealer of the cards it shows.
function DealerZone({ state, compact }) {
  const g = state.game;
  const d = g.dealer_hand;
  const holder = houseHolder(g);
  const status = d && DEALER_WORDS[d.status] ? t(DEALER_WORDS[d.status]) : null;
  return html`<${HouseZone} compact=${compact} cards=${d && d.cards} felt=${feltLines(g)} pile="shoe" count=${g.piles.shoe}
    decks=${d ? 0 : (g.options || {}).decks || 0}
    title=${holder ? t("{name}'s bank", { name: html`<${Who} state=${state} pid=${holder} />` }) : t("Dealer")}
    total=${d ? [showingWord(d), status ? html` <span class="hand-status">${status}</span>` : null] : t("waiting for the bets")} />`;
}

function StatusLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  const names = (pids) => waitingOn(state, pids);
  let line;
  if (g.phase === "bet" && newDealer(g) && g.waiting_for.length) {
    line = t("{name} deals next. Place your bets: {names}", { name: html`<${Who} state=${state} pid=${g.dealer} />`, names: names(g.waiting_for) });
  } else if (g.phase === "bet") line = g.waiting_for.length ? t("Place your bets: {names}", { names: names(g.waiting_for) }) : t("Dealing…");
  else if (g.phase === "insurance") line = t("The dealer shows an ace. Insurance? {names}", { names: names(g.waiting_for) });
  else if (g.phase === "play" && g.current) {
    line = several(state, g.current.player)
      ? t("{name} to play, hand {n}", { name: html`<${Who} state=${state} pid=${g.current.player} />`, n: String(g.current.hand + 1) })
      : t("{name} to play", { name: html`<${Who} state=${state} pid=${g.current.player} />` });
  } else if (g.phase === "dealer") {
    line = g.dealer ? t("{name} plays the bank", { name: html`<${Who} state=${state} pid=${g.dealer} />` }) : t("The dealer plays…");
  }
  return html`<p class="big-line turn-line bx-status">${line}</p>`;
}

function betLine(state, pid) {
  const g = state.game;
  if (g.over) return null;
  const staked = ((g.stakes || {})[pid] || {}).bet;
  if (g.phase === "bet") {
    if (pid === g.dealer) return t("deals next");
    if ((g.sat_out || []).includes(pid)) return t("sits out");
    if (g.waiting_for.includes(pid)) {
      return staked ? t("tie stake {amount} on the table: deciding", { amount: String(staked) }) : t("betting…");
    }
    return staked ? t("bet {amount}", { amount: String(staked) }) : outOfChips(g, pid) ? t("out of chips") : t("watching");
  }
  if (g.phase === "insurance" && g.waiting_for.includes(pid)) return t("insurance?");
  // once the dealer has looked, the insurance is shown won or lost (SideAndNet)
  if (dealPayouts(g, pid).some((p) => p.box === "insurance")) return null;
  const insured = (g.insurance || {})[pid];
  return insured ? t("insured for {amount}", { amount: String(insured) }) : null;
}

function Box({ state, pid, compact }) {
  return html`<${PlayerBox} state=${state} pid=${pid} compact=${compact} statusWords=${STATUS_WORDS} line=${betLine(state, pid)} />`;
}

// Every player has a box but the dealer of the cards in the dealer's zone;
// at the new dealer's betting the last deal's dealer bets in a box of their
// own, and the new dealer's box keeps their hands of the last deal.
function BlackjackTable({ state, ctx }) {
  const g = state.game;
  return html`<${BetTable} state=${state} ctx=${ctx} pids=${boxPlayers(state, newDealer(g) ? null : houseHolder(g))}
    zone=${(compact) => html`<${DealerZone} state=${state} compact=${compact} />`} status=${html`<${StatusLine} state=${state} />`}
    box=${(p, compact) => html`<${Box} key=${p} state=${state} pid=${p} compact=${compact} />`} />`;
}

// -- the phone ------------------------------------------------------------------------------------
function DealerStrip({ state }) {
  const g = state.game;
  const d = g.dealer_hand;
  if (!d) return null;
  const holder = houseHolder(g);
  const title = !holder ? t("Dealer") : holder === state.you.player_id ? t("Your bank")
    : t("{name}'s bank", { name: html`<b>${nameOf(state, holder)}</b>` });
  return html`<section class="dealer-strip">
    <span class="strip-title">${title}</span>
    <${CardRow} cards=${d.cards} size="tiny" />
    <span class="strip-total">${showingWord(d)}
      ${DEALER_WORDS[d.status] ? [" ", t(DEALER_WORDS[d.status])] : null}</span>
  </section>`;
}

function MyHands({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const hands = (g.hands || {})[me] || [];
  if (!hands.length) return null;
  const cur = g.current && g.current.player === me ? g.current.hand : -1;
  return html`<section class="my-hands">
    ${hands.map((h, i) => html`<${HandView} key=${i} hand=${h} size="phone" current=${i === cur}
      label=${hands.length > 1 ? t("Hand {n}", { n: String(i + 1) }) : t("Your hand")} statusWords=${STATUS_WORDS}
      figure=${handFigure(g, me)} />`)}
  </section>`;
}

function lastBet(state) {
  const hands = (state.game.hands || {})[state.you.player_id] || [];
  return hands.length ? hands[0].bet : undefined;
}

function Moves({ state, send }) {
  const g = state.game;
  const me = state.you.player_id;
  const acts = state.you.actions;
  const by = Object.fromEntries(acts.map((a) => [a.type, a]));
  const out = [];
  const dealer = g.dealer === me && g.phase === "dealer";
  const total = g.dealer_hand ? totalWord(g.dealer_hand.total, g.dealer_hand.soft) : "";
  if (by.bet) {
    const { min, max } = by.bet.params.amount.int;
    out.push(html`<${AmountAction} key="bet" spec=${by.bet} send=${send} label=${t("Your bet")} initial=${lastBet(state)}
      quick=${quickStakes(min, max)} button=${(v) => t("Bet {amount}", { amount: String(v) })} />`);
  }
  if (by.leave || by.take_back) {
    const stake = ((g.stakes || {})[me] || {}).bet || 0;
    out.push(html`<p key="tie" class="sub">${t("Your tied stake of {amount} is still on the table.", { amount: String(stake) })}</p>`);
    if (by.leave) out.push(html`<${MoveButton} key="leave" type="leave" send=${send} primary=${true} label=${t("Play it again ({amount})", { amount: String(stake) })} />`);
    if (by.add) {
      const { min, max } = by.add.params.amount.int;
      out.push(html`<${AmountAction} key="add" spec=${by.add} send=${send} label=${t("Add to it")} quick=${[min, ...quickUpTo(max, min)]} quiet=${true}
        button=${(v) => t("Add {amount}: {total} in play", { amount: String(v), total: String(stake + v) })} />`);
    }
    if (by.take_back) out.push(html`<${MoveButton} key="take_back" type="take_back" send=${send} label=${t("Take it back")} className="btn-quiet-big" />`);
  }
  if (by.sit_out) out.push(html`<${MoveButton} key="sit_out" type="sit_out" send=${send} label=${t("Sit this deal out")} className="btn-quiet-big" />`);
  if (by.insurance) {
    const bet = (((g.stakes || {})[me] || {}).bet || 0);
    const half = Math.floor(bet / 2);
    const mine = ((g.hands || {})[me] || [])[0];
    const take = () => send({ type: "insurance", take: true });
    const leave = () => send({ type: "insurance", take: false });
    if (mine && mine.status === "blackjack") {
      // insuring a blackjack is taking even money: a win whatever the dealer holds
      const bj = (g.options || {}).blackjack_pays === "6:5" ? Math.floor(bet * 6 / 5) : Math.floor(bet * 3 / 2);
      const even = 2 * half === bj - half;
      out.push(html`<div key="insurance" class="action-group act-insurance even-money" data-action="insurance">
        <div class="action-label">${even
          ? t("Your blackjack against the dealer's ace: take even money, {amount}, whatever the dealer holds?", { amount: String(2 * half) })
          : t("Your blackjack against the dealer's ace: insure it for {amount} and win {low} if the dealer has blackjack, {high} if not?", {
            amount: String(half), low: String(2 * half), high: String(bj - half) })}</div>
        <div class="choices">
          <button type="button" class="btn btn-choice btn-primary" data-value="true" onClick=${take}>${even
            ? t("Even money ({amount})", { amount: String(2 * half) }) : t("Insure ({amount})", { amount: String(half) })}</button>
          <button type="button" class="btn btn-choice" data-value="false" onClick=${leave}>${t("Play for {amount}", { amount: String(bj) })}</button>
        </div></div>`);
    } else {
      out.push(html`<div key="insurance" class="action-group act-insurance" data-action="insurance">
        <div class="action-label">${t("The dealer shows an ace. Insure for {amount}? It pays 2:1 if the dealer has blackjack.", { amount: String(half) })}</div>
        <div class="choices">
          <button type="button" class="btn btn-choice" data-value="true" onClick=${take}>${t("Insure ({amount})", { amount: String(half) })}</button>
          <button type="button" class="btn btn-choice btn-primary" data-value="false" onClick=${leave}>${t("No insurance")}</button>
        </div></div>`);
    }
  }
  if (by.hit || by.stand) {
    out.push(html`<div key="hs" class="move-pair">
      ${by.hit ? html`<${MoveButton} type="hit" send=${send} primary=${true} label=${dealer ? t("Draw a card") : t("Hit")} />` : null}
      ${by.stand ? html`<${MoveButton} type="stand" send=${send} primary=${true} label=${dealer ? t("Stand on {total}", { total }) : t("Stand")} />` : null}
    </div>`);
  }
  if (by.double) {
    const { min, max } = by.double.params.amount.int;
    out.push(html`<${AmountAction} key="double" spec=${by.double} send=${send} label=${t("Double down: one more card")}
      initial=${max} quick=${min < max ? quickUpTo(max, min) : []} quiet=${true} button=${(v) => t("Double for {amount}", { amount: String(v) })} />`);
  }
  if (by.split) out.push(html`<${MoveButton} key="split" type="split" send=${send} label=${t("Split the pair")} />`);
  if (by.surrender) out.push(html`<${MoveButton} key="surrender" type="surrender" send=${send} label=${t("Surrender: half the bet back")} className="btn-quiet-big" />`);
  out.push(otherMoves(state, send, KNOWN));
  return html`<div class="actions bet-moves">${out}</div>`;
}

const KNOWN = new Set(["bet", "sit_out", "leave", "add", "take_back", "insurance", "hit", "stand", "double", "split", "surrender"]);

// What the phone asks of you now, or null (the table waits for others).
function say(state, acts) {
  const g = state.game;
  const me = state.you.player_id;
  if (acts.includes("bet")) return t("Place your bet");
  if (acts.includes("leave")) return t("Your tie: play it again, add to it or take it back");
  if (acts.includes("insurance")) return t("Insurance?");
  if (g.phase === "dealer" && g.dealer === me) return t("You play the bank: the rule decides");
  if (acts.length && g.current && g.current.player === me) {
    const n = ((g.hands || {})[me] || []).length;
    return n > 1 ? t("Your turn: hand {n} of {count}", { n: String(g.current.hand + 1), count: n }) : t("Your turn");
  }
  if (g.phase === "dealer" && !g.dealer) return t("The dealer plays…");
  return null;
}

registerMode(["casino_blackjack", "russian_blackjack"], bettingScreens({
  Table: BlackjackTable, Strip: DealerStrip, Hands: MyHands, Moves, say, dealer: N_("dealer"),
}));
