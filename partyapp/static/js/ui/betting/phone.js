// The phone's controls of a betting game: an amount to stake with quick
// chips, a move's big button, your stack, the phone's screen and its
// status line.
import { cx, html, useState } from "../../view.js";
import { useKept } from "../../keep.js";
import { t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { ActionControl } from "../action.js";
import { Chips } from "../chips.js";
import { Stepper } from "../stepper.js";
import { BetResult, DealForfeits, SideAndNet, outOfChips } from "./hands.js";

// An amount to send with a move ({type, params: {amount: {int}}}): a stepper,
// a few quick amounts, and the move's button saying the amount. What the
// person set stays through every frame.
export function AmountAction({ spec, send, label, button, initial, quick = [], name = "amount", quiet = false }) {
  const { min, max } = spec.params[name].int;
  const [chosen, setChosen] = useKept(`amount.${spec.type}`, null, `act:${spec.type}`);
  const [busy, setBusy] = useState(false);
  const clamp = (v) => Math.max(min, Math.min(max, v));
  const value = clamp(chosen === null ? (initial ?? min) : chosen);
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await send({ type: spec.type, [name]: value });
    } finally {
      setBusy(false);
    }
  };
  const quicks = [...new Set(quick.map(clamp))].filter((q) => q >= min && q <= max);
  return html`<form class=${cx("action-form amount-action", `act-${spec.type}`)} data-action=${spec.type} onSubmit=${submit}>
    <div class="action-label">${label}</div>
    <${Stepper} domain=${spec.params[name]} value=${value} onChange=${(v) => setChosen(v)} label=${label} />
    ${quicks.length > 1 ? html`<div class="quick-amounts">${quicks.map((q) => html`<button type="button" key=${q}
      class=${cx("btn btn-mini quick", q === value && "chosen")} data-amount=${q} onClick=${() => setChosen(q)}>${String(q)}</button>`)}</div>` : null}
    <button type="submit" class=${cx("btn", quiet ? "btn-quiet-big" : "btn-primary")} disabled=${busy}>${button(value)}</button>
  </form>`;
}

// Round amounts (1, 2, 2.5 and 5 times a power of ten) for quick chips.
const ROUND = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 25000, 50000, 100000];
const nearestRound = (v) => ROUND.reduce((best, r) => (Math.abs(r - v) < Math.abs(best - v) ? r : best), ROUND[0]);

// Quick amounts between min and max: the two ends and round amounts near a
// quarter and a half of the way (5, 10, 25, 50; never 14 or 28).
export function quickStakes(min, max) {
  const mids = [nearestRound(max / 4), nearestRound(max / 2)].filter((v) => v > min && v < max);
  return [...new Set([min, ...mids, max])];
}

// Quick amounts up to max (a double, an addition): round ones and max.
export function quickUpTo(max, min = 1) {
  const half = nearestRound(max / 2);
  return [...new Set([half > min && half < max ? half : null, max].filter((v) => v !== null && v >= min))];
}

// A move without parameters as a big button with its own words.
export function MoveButton({ type, label, send, className = "", primary = false }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await send({ type });
    } finally {
      setBusy(false);
    }
  };
  return html`<button type="button" class=${cx("btn btn-big btn-action", primary && "btn-primary", `act-${type}`, className)} data-action=${type}
    disabled=${busy} onClick=${run}>${label}</button>`;
}

// Your stack and what is on the table for you.
export function StackLine({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const mine = (g.stakes && g.stakes[me]) || {};
  const staked = Object.values(mine).reduce((a, b) => a + b, 0);
  return html`<div class="stack-line">
    <span>${t("Your stack")} <${Chips} amount=${(g.chips || {})[me] || 0} /></span>
    ${staked ? html`<span>${t("on the table")} <${Chips} amount=${staked} /></span>` : null}
    <span class="sub">${t("Table {min}–{max}", { min: String(g.table.min), max: String(g.table.max) })}</span>
  </div>`;
}

// Out of chips with re-buys on, every 21 game asks the same before the next
// deal: buy back in, or sit the rest of the game out.
const CHOICE = {
  rebuy: (send) => html`<${MoveButton} key="rebuy" type="rebuy" send=${send} primary=${true} label=${t("Buy back in")} />`,
  sit_out_rest: (send) => html`<${MoveButton} key="sit_out_rest" type="sit_out_rest" send=${send} label=${t("Sit out")} className="btn-quiet-big" />`,
};

// Any move a game's screen has no words of its own for, through the generic
// controls (so a new move is never lost on the phone).
export function otherMoves(state, send, known) {
  return state.you.actions.filter((a) => !known.has(a.type))
    .map((a) => CHOICE[a.type] ? CHOICE[a.type](send)
      : html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${send} />`);
}

// A betting game's phone: the dealer's strip, your hands, your moves (or the
// result at the end), your side payouts and your stack.
export function BetPhone({ state, strip, hands, moves }) {
  return html`<div class="bet-phone">
    ${strip}
    ${hands}
    ${state.game.over ? html`<${BetResult} state=${state} />` : moves}
    <${SideAndNet} g=${state.game} pid=${state.you.player_id} className="my-payouts" />
    <${DealForfeits} state=${state} pid=${state.you.player_id} you=${state.you.player_id} />
    <${StackLine} state=${state} />
  </div>`;
}

// The phone's status line: the game's own words for what you are to do
// (say(state, acts) -> text, or null), else who the table waits for.
export function BetStatus({ state, say }) {
  const g = state.game;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  const me = state.you.player_id;
  if (g.phase === "rebuy" && (g.waiting_for || []).includes(me)) {
    return html`<div class="status-line mine out-of-chips">${t("You are out of chips: buy back in for a new stack of {amount}, or sit out the rest of this game.", { amount: String(g.table.rebuy_chips || g.table.start) })}</div>`;
  }
  if ((g.gone || []).includes(me)) {
    return html`<div class="status-line out-of-chips">${t("You are out of chips and sit out the rest of this game.")}</div>`;
  }
  if (outOfChips(g, me)) {
    return html`<div class="status-line mine out-of-chips">${g.table.rebuy
      ? t("You are out of chips: you buy a new stack of {amount} at the next deal.", { amount: String(g.table.rebuy_chips || g.table.start) })
      : t("You are out of chips: you watch the rest of this game. The host can turn re-buys on for the next one.")}</div>`;
  }
  const mine = say(state, state.you.actions.map((a) => a.type));
  if (mine) return html`<div class="status-line mine">${mine}</div>`;
  if (g.turn) return html`<div class="status-line">${t("{name} to play", { name: html`<b>${nameOf(state, g.turn)}</b>` })}</div>`;
  if (g.waiting_for && g.waiting_for.length) {
    return html`<div class="status-line">${t("Waiting for {names}", { names: g.waiting_for.map((p) => nameOf(state, p)).join(", ") })}</div>`;
  }
  return html`<div class="status-line">${t("Waiting…")}</div>`;
}
