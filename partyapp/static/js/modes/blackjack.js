// Home Blackjack (mode `blackjack`): a player deals and banks, everybody
// else plays against them, one card down and one up each.
// The TV is the table: the dealer named over their cards (the down card as
// a back until it is turned), a box for each player with their cards as
// dealt (the down card a back), their total once shown, their stake, and
// each box's result and payout; the line says who bets, who plays, who
// deals; the players panel keeps the night's chips. The phone shows your
// cards as dealt with the down card marked, your total, your stake and
// stack, the dealer's cards, and the moves the rules allow now; the
// dealer's phone says it is their bank.
import { cx, html } from "../view.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { bankWords, showingWord, totalWord } from "../ui/betting/words.js";
import { CardRow, HandView, dealPayouts, handFigure } from "../ui/betting/hands.js";
import { BetTable, HouseZone, PlayerBox, boxPlayers, waitingOn } from "../ui/betting/table.js";
import { AmountAction, MoveButton, otherMoves, quickStakes } from "../ui/betting/phone.js";
import { bettingScreens } from "../ui/betting/screens.js";
import { Who } from "../ui/who.js";
import { registerMode } from "./registry.js";

registerMessages({
  "blackjack.bet": N_("{player} bets {amount}."),
  "blackjack.sit_out": N_("{player} sits this deal out."),
  "blackjack.deal": N_("{dealer} deals: one card down, one up."),
  "blackjack.natural": N_("A natural for {player}: {cards}!"),
  "blackjack.hit": N_("{player} hits: {card}."),
  "blackjack.stand": N_("{player} stands."),
  "blackjack.bust": N_("{player} is bust: {cards}, {total}."),
  "blackjack.reveal": N_("{player} turns the down card: {cards}, {total}."),
  "blackjack.bank": bankWords,
});

const STATUS_WORDS = { natural: N_("Natural!"), bust: N_("bust"), stood: N_("stands") };

// -- the cards' worth ------------------------------------------------------------------------------
function points(code) {
  const rank = code.slice(0, -1);
  if (rank === "A") return 1;
  return ["J", "Q", "K"].includes(rank) ? 10 : Number(rank);
}

// The best total of the cards in sight (an ace 11 while that is not bust).
export function handValue(cards) {
  const seen = cards.filter((c) => c !== null);
  const hard = seen.reduce((n, c) => n + points(c), 0);
  const soft = seen.some((c) => c[0] === "A") && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}

// -- who deals ----------------------------------------------------------------------------------------
// Who dealt the cards on the table: the dealer of the last deal (the last
// of `order`) until the next deal's cards come, else the dealer now.
function holderOf(g) {
  const order = g.order || [];
  return order.length && (g.hands || {})[order[order.length - 1]] ? order[order.length - 1] : g.dealer;
}

// The deal passed on since the cards on the table were dealt: the new
// dealer's betting.
const newDealer = (g) => g.phase === "bet" && !g.over && g.dealer && holderOf(g) !== g.dealer;

// A player's hand as the betting screens draw it: the cards (null face
// down), total when shown, status, the stake, and the last deal's result.
function handOf(g, pid, cards = null, value = null) {
  const h = (g.hands || {})[pid];
  if (!h) return null;
  const paid = dealPayouts(g, pid).find((p) => p.box === "bet");
  const inDeal = g.phase !== "bet" && !g.over;
  const stake = paid ? paid.stake : inDeal ? ((g.stakes || {})[pid] || {}).bet : undefined;
  const total = value ? value.total : h.total;
  const soft = value ? value.soft : h.soft;
  return { cards: cards || h.cards, status: h.status, total, soft, stake, result: paid ? paid.result : null,
    amount: paid ? paid.amount : null };
}

// -- the table ----------------------------------------------------------------------------------------------
function feltLines(g) {
  const o = g.options || {};
  return [
    o.hit_soft_17 ? t("The dealer hits 16 and soft 17") : t("The dealer hits 16, stands on 17"),
    t("A win pays 1:1; a tie knocks: the stake comes back"),
    o.naturals ? t("A natural pays 3:2") : null,
    t("The bank pays from the dealer's stack"),
  ].filter(Boolean);
}

function dealerTotal(h) {
  if (!h) return "";
  if (typeof h.total === "number") return totalWord(h.total, h.soft);
  const value = handValue(h.cards);
  return showingWord({ cards: h.cards, ...value });
}

function DealerZone({ state, compact }) {
  const g = state.game;
  const betting = g.phase === "bet" && !g.over;
  // at the bets the bank is the new dealer's, with no cards yet: the last
  // deal's cards and total stay on the phones' strips, not on the table
  const holder = betting ? g.dealer : holderOf(g);
  const h = betting ? null : (g.hands || {})[holder];
  const status = h && STATUS_WORDS[h.status] && h.status !== "live" ? t(STATUS_WORDS[h.status]) : null;
  return html`<${HouseZone} compact=${compact} cards=${h && h.cards} felt=${feltLines(g)} pile="pack"
    count=${betting ? 0 : (g.piles || {}).stock || 0} decks=${betting ? 1 : 0}
    title=${holder ? t("{name}'s bank", { name: html`<${Who} state=${state} pid=${holder} />` }) : t("Dealer")}
    total=${h ? [dealerTotal(h), status ? html` <span class="hand-status">${status}</span>` : null] : t("waiting for the bets")} />`;
}

function StatusLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  const who = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  const names = (pids) => waitingOn(state, pids);
  let line = null;
  if (g.phase === "bet") {
    line = g.waiting_for.length
      ? t("{name} deals. Place your bets: {names}", { name: who(g.dealer), names: names(g.waiting_for) })
      : t("{name} deals…", { name: who(g.dealer) });
  } else if (g.phase === "play" && g.turn) {
    line = g.turn === g.dealer ? t("{name} plays the bank", { name: who(g.dealer) }) : t("{name} to play", { name: who(g.turn) });
  }
  return line ? html`<p class="big-line turn-line bx-status">${line}</p>` : null;
}

function betLine(g, pid) {
  if (g.over) return null;
  const staked = ((g.stakes || {})[pid] || {}).bet;
  if (g.phase === "bet") {
    if (pid === g.dealer) return t("deals next");
    if ((g.sat_out || []).includes(pid)) return t("sits out");
    if (g.waiting_for.includes(pid)) return t("betting…");
    return staked ? t("bet {amount}", { amount: String(staked) }) : t("watching");
  }
  if (!(g.order || []).includes(pid)) return (g.sat_out || []).includes(pid) ? t("sits out") : t("watching");
  return null;
}

function Box({ state, pid, compact }) {
  const g = state.game;
  // the last deal's dealer bets in a box of their own at the new dealer's betting
  const hand = pid === holderOf(g) ? null : handOf(g, pid);
  const turn = g.phase === "play" && g.turn === pid && !g.over;
  return html`<${PlayerBox} state=${state} pid=${pid} compact=${compact} hands=${hand ? [hand] : []} cur=${turn ? 0 : -1}
    statusWords=${STATUS_WORDS} line=${betLine(g, pid)} />`;
}

function HomeTable({ state, ctx }) {
  const g = state.game;
  const pids = boxPlayers(state, newDealer(g) ? null : holderOf(g));
  // BetTable reads a list of hands per player and the hand in play
  const shaped = { ...state, game: { ...g, dealer_hand: null, current: g.phase === "play" && g.turn && g.turn !== g.dealer ? { player: g.turn, hand: 0 } : null,
    hands: Object.fromEntries(Object.entries(g.hands || {}).map(([p, h]) => [p, [h]])) } };
  return html`<${BetTable} state=${shaped} ctx=${ctx} pids=${pids} className="home-bj"
    zone=${(compact) => html`<${DealerZone} state=${state} compact=${compact} />`} status=${html`<${StatusLine} state=${state} />`}
    box=${(p, compact) => html`<${Box} key=${p} state=${state} pid=${p} compact=${compact} />`} />`;
}

// -- the phone ----------------------------------------------------------------------------------------------
// Your own cards as dealt (the first face down while it is not shown), and
// what they are worth.
function myHand(state) {
  const g = state.game;
  const me = state.you.player_id;
  const pub = (g.hands || {})[me];
  const cards = state.you.hand || [];
  if (!pub || !cards.length) return null;
  const value = state.you.total || handValue(cards);
  return { hand: handOf(g, me, cards, value), down: pub.cards[0] === null ? 0 : -1 };
}

function DealerStrip({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const holder = holderOf(g);
  const h = (g.hands || {})[holder];
  if (holder === me) {
    const mine = myHand(state);
    return html`<section class="dealer-strip mine">
      <span class="strip-title">${t("You are the dealer: your bank")}</span>
      ${mine ? html`<${CardRow} cards=${mine.hand.cards} size="tiny" down=${mine.down} />
        <span class="strip-total">${totalWord(mine.hand.total, mine.hand.soft)}
          ${STATUS_WORDS[mine.hand.status] ? [" ", t(STATUS_WORDS[mine.hand.status])] : null}</span>` : null}
    </section>`;
  }
  return html`<section class="dealer-strip">
    <span class="strip-title">${t("{name}'s bank", { name: html`<b>${nameOf(state, holder)}</b>` })}</span>
    ${h ? html`<${CardRow} cards=${h.cards} size="tiny" />
      <span class="strip-total">${dealerTotal(h)} ${STATUS_WORDS[h.status] ? t(STATUS_WORDS[h.status]) : ""}</span>` : null}
    ${newDealer(g) ? html`<span class="strip-next">${g.dealer === me ? t("You deal next: the others bet against your bank")
      : t("{name} deals next", { name: html`<b>${nameOf(state, g.dealer)}</b>` })}</span>` : null}
  </section>`;
}

function MyHands({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (holderOf(g) === me) return null; // the dealer's cards are in the strip
  const mine = myHand(state);
  if (!mine) return null;
  return html`<section class="my-hands">
    <${HandView} hand=${mine.hand} size="phone" down=${mine.down} current=${g.turn === me && g.phase === "play"}
      label=${t("Your hand")} statusWords=${STATUS_WORDS} figure=${handFigure(g, me)} />
  </section>`;
}

function Moves({ state, send }) {
  const g = state.game;
  const me = state.you.player_id;
  const by = Object.fromEntries(state.you.actions.map((a) => [a.type, a]));
  const dealer = g.dealer === me && g.phase === "play";
  const total = state.you.total ? totalWord(state.you.total.total, state.you.total.soft) : "";
  const out = [];
  if (by.bet) {
    const { min, max } = by.bet.params.amount.int;
    const last = dealPayouts(g, me).find((p) => p.box === "bet");
    out.push(html`<${AmountAction} key="bet" spec=${by.bet} send=${send} label=${t("Your bet against {name}'s bank", { name: nameOf(state, g.dealer) })}
      initial=${last ? last.stake : undefined} quick=${quickStakes(min, max)} button=${(v) => t("Bet {amount}", { amount: String(v) })} />`);
  }
  if (by.sit_out) out.push(html`<${MoveButton} key="sit_out" type="sit_out" send=${send} label=${t("Sit this deal out")} className="btn-quiet-big" />`);
  if (by.hit || by.stand) {
    out.push(html`<div key="hs" class=${cx("move-pair", !(by.hit && by.stand) && "single")}>
      ${by.hit ? html`<${MoveButton} type="hit" send=${send} primary=${true} label=${dealer ? t("Draw a card") : t("Hit")} />` : null}
      ${by.stand ? html`<${MoveButton} type="stand" send=${send} primary=${true} label=${dealer ? t("Stand on {total}", { total }) : t("Stand")} />` : null}
    </div>`);
  }
  out.push(otherMoves(state, send, KNOWN));
  return html`<div class="actions bet-moves">${out}</div>`;
}

const KNOWN = new Set(["bet", "sit_out", "hit", "stand"]);

function say(state, acts) {
  const g = state.game;
  const me = state.you.player_id;
  if (acts.includes("bet")) return t("Place your bet");
  if (g.phase === "bet" && g.dealer === me) return t("You are the dealer: the others bet against your bank");
  if (g.phase === "play" && g.turn === me && g.dealer === me) return t("You play the bank: the rule decides");
  if (g.phase === "play" && g.turn === me) return t("Your turn");
  return null;
}

registerMode(["blackjack"], bettingScreens({
  Table: HomeTable, Strip: DealerStrip, Hands: MyHands, Moves, say, dealer: N_("dealer"),
}));
