// The hands of the betting games, as the table and the phones show them: a
// row of cards, a hand with its total, stake and result, a player's
// payouts of the deal and their net, and the end's result.
import { cx, html } from "../../view.js";
import { listOf, t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { Who } from "../who.js";
import { Card, CardBack, CardLabel } from "../cards.js";
import { Chips } from "../chips.js";
import { ENDINGS, resultWord, signed, totalWord } from "./words.js";
import { causedWords, forfeitWords } from "../../forfeits.js";

// Cards in a row, each after the first overlapping the one before it (its
// corner shows); null stands for a face-down card.
const CARD_SIZES = new Set(["mini", "small", "big"]);

// size "label": the cards as short labels in a line of text (a crowded table).
export function CardRow({ cards, size = "small", fresh = 0, down = -1 }) {
  const list = cards || [];
  if (size === "label") {
    return html`<span class="card-labels">${list.map((c, i) => (c === null
      ? html`<span key=${`b${i}`} class="mini-back" role="img" aria-label=${t("a face-down card")}></span>`
      : html`<${CardLabel} key=${`${i}:${c}`} code=${c} />`))}</span>`;
  }
  const own = CARD_SIZES.has(size) ? size : ""; // other sizes are the row's (betting.css)
  return html`<div class=${cx("card-row", `row-${size}`)}>
    ${list.map((c, i) => (c === null
      ? html`<${CardBack} key=${`b${i}`} size=${own} />`
      : i === down ? html`<div key=${`d${i}:${c}`} class="down-card"><${Card} code=${c} size=${own} covered=${i < list.length - 1} />
        <span class="down-mark">${t("face down")}</span></div>`
        : html`<${Card} key=${`${i}:${c}`} code=${c} size=${own} covered=${i < list.length - 1} fresh=${i >= list.length - fresh} />`))}
  </div>`;
}

// A result badge: the word and the payout.
export function ResultBadge({ result, amount }) {
  if (!result) return null;
  const good = amount > 0;
  const bad = amount < 0;
  return html`<span class=${cx("result-badge", good && "good", bad && "bad")}>${resultWord(result)}
    ${typeof amount === "number" ? html` <b class="amount">${signed(amount)}</b>` : null}</span>`;
}

// One hand as the table or a phone shows it. hand: {cards, total, soft,
// status, stake, result, amount}; words: status -> label. worth: what the
// hand is worth when the total alone does not say it (inside the hand's
// box); figure: false when the player's net for the deal is shown apart
// (the hand's result in words only); down: the index of the card only
// this phone sees, marked so.
export function HandView({ hand, size = "small", current = false, label = null, statusWords = {}, worth = null,
  figure = true, down = -1 }) {
  const status = hand.status && statusWords[hand.status] && !hand.result ? t(statusWords[hand.status]) : null;
  return html`<div class=${cx("bet-hand", current && "current", `st-${hand.status}`)}>
    <${CardRow} cards=${hand.cards} size=${size} down=${down} />
    <div class="hand-line">
      ${label ? html`<span class="hand-label">${label}</span>` : null}
      ${typeof hand.total === "number" ? html`<span class="hand-total">${totalWord(hand.total, hand.soft)}</span>` : null}
      ${worth !== null ? html`<span class="hand-worth">${worth}</span>` : null}
      ${status ? html`<span class="hand-status">${status}</span>` : null}
      ${typeof hand.stake === "number" && hand.stake > 0 ? html`<${Chips} amount=${hand.stake} className="hand-stake" />` : null}
      <${ResultBadge} result=${hand.result} amount=${figure ? hand.amount : undefined} />
    </div>
  </div>`;
}

// A player's payouts of the last deal (hands, insurance, bonuses) and their
// sum: what their stack gained or lost.
export function dealPayouts(g, pid) {
  return (g.payouts || []).filter((p) => p.player === pid);
}

export function dealNet(g, pid) {
  return dealPayouts(g, pid).reduce((n, p) => n + (p.amount || 0), 0);
}

// Side payouts (insurance, bonuses) as badges, then the net of the deal when
// more than one payout made it: what the box and the phone show beside the
// hands, so that they agree with the chips.
export function SideAndNet({ g, pid, className = "" }) {
  const mine = dealPayouts(g, pid);
  const side = mine.filter((p) => SIDE_RESULTS.has(p.result));
  if (!side.length && mine.length < 2) return null;
  const net = dealNet(g, pid);
  return html`<div class=${cx("side-net", className)}>
    ${side.map((p, i) => html`<${ResultBadge} key=${i} result=${p.result} amount=${p.amount} />`)}
    ${mine.length > 1 ? html`<span class=${cx("net-badge", net > 0 && "good", net < 0 && "bad")}>${t("net {amount}", { amount: signed(net) })}</span>` : null}
  </div>`;
}

// The forfeits of a player's payouts of the last deal, each said with why
// ("Lost: Max drinks 1 drink."), in their own form; on their own phone
// (`you`), to them.
export function DealForfeits({ state, pid, you = null }) {
  const owed = dealPayouts(state.game, pid).filter((p) => p.drinks > 0);
  if (!owed.length) return null;
  return html`<div class="deal-forfeits">${owed.map((p, i) => html`<div key=${i} class="forfeit-line">${causedWords(resultWord(p.result),
    forfeitWords(state, [pid], p.drinks, null, { you }))}</div>`)}</div>`;
}

// A player who cannot cover the table minimum and has nothing staked: out of chips.
export function outOfChips(g, pid) {
  const staked = Object.values((g.stakes || {})[pid] || {}).some((n) => n > 0);
  return !g.over && !staked && typeof (g.chips || {})[pid] === "number" && g.chips[pid] < g.table.min;
}

// A hand's figure is its own only when it is the player's one payout.
export const handFigure = (g, pid) => dealPayouts(g, pid).length < 2;

// Payouts of the last deal that are not a hand's (insurance, bonuses): the
// hands show their own.
const SIDE_RESULTS = new Set(["insurance", "insurance_lost", "three_sevens"]);

// The end of a betting game: who won and lost, and each player's stack, net
// gain and forfeits, best first.
export function BetResult({ state }) {
  const r = state.game.result;
  if (!r) return null;
  const rows = Object.keys(r.chips || {}).sort((a, b) => (r.net[b] - r.net[a]) || 0);
  const names = (pids) => listOf((pids || []).map((p) => html`<${Who} key=${p} state=${state} pid=${p} />`));
  return html`<section class="panel result-panel bet-result">
    <h3 class="panel-title">${t("Game over")} · ${ENDINGS[r.reason] ? t(ENDINGS[r.reason]) : ""}</h3>
    ${r.winners.length ? html`<p class="result-line">${t("Won: {names}", { names: names(r.winners) })}</p>` : null}
    ${r.losers.length ? html`<p class="result-line">${t("Lost: {names}", { names: names(r.losers) })}</p>` : null}
    ${r.reason === "host" && r.by ? html`<p class="result-line sub">${t("{name} ended the game.", { name: html`<${Who} state=${state} pid=${r.by} />` })}</p>` : null}
    <table class="result-table">
      <thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Chips")}</th><th scope="col">${t("Net")}</th>
        <th scope="col">${t("Forfeits")}</th></tr></thead>
      <tbody>${rows.map((p) => html`<tr key=${p}><th scope="row">${nameOf(state, p)}</th><td>${String(r.chips[p])}</td>
        <td>${signed(r.net[p])}${(r.rebuys || {})[p] ? ` ${t("({count} rebuy)|({count} rebuys)", { count: r.rebuys[p] })}` : ""}</td>
        <td>${String((r.drinks || {})[p] || 0)}</td></tr>`)}</tbody>
    </table>
  </section>`;
}
