// Egyptian Ratscrew: the TV shows the pile, who owes whom how many cards for
// a pay card, whose turn it is, who is out, and with the slap house rules the
// race and its order with the margins in ms; the phone has the card to turn
// (to pay, when you owe) and, with the slap rules, the SLAP button.
import { html } from "../view.js";
import { listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { News, RaceLive, RaceStatus, ReflexPhone, ReflexTable, stackSeat, turnShown } from "../ui/race.js";
import { registerMode } from "./registry.js";
import { slapCall } from "../guestcalls.js";
import { Who } from "../ui/who.js";

function lastTaker(game) {
  for (let i = game.log.length - 1; i >= 0; i -= 1) {
    const e = game.log[i];
    if (e.msg === "race.order") return null;
    if (e.msg === "egyptian_ratscrew.take" && e.by === "slap") return e.player;
  }
  return null;
}

// What just happened, in big type: who took the pile, who slapped wrongly.
const NEWS = ["egyptian_ratscrew.take", "egyptian_ratscrew.burn"];

function DebtLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  if (g.race) return html`<${RaceLive} state=${state} />`;
  const d = g.debt;
  if (d) {
    return html`<div class="debt-line">${t("{payer} pays {to}: {count} more card|{payer} pays {to}: {count} more cards", {
      payer: html`<${Who} state=${state} pid=${d.payer} />`, to: html`<${Who} state=${state} pid=${d.to} />`,
      count: d.left })}</div>`;
  }
  return html`<div class="turn-big">${t("{name} turns a card", { name: html`<${Who} state=${state} pid=${g.turn} />` })}</div>`;
}

function Rules({ state }) {
  const g = state.game;
  const o = g.options || {};
  const slaps = (g.slaps || []).map((s) => (s === "doubles" ? t("doubles") : t("sandwiches")));
  return html`<div class="limit-line rules-line">${t("Pay cards: Ace 4, King 3, Queen 2, Jack 1.")} ${slaps.length
    ? t("Slap {rules} to take the pile; a wrong slap burns {count} card.|Slap {rules} to take the pile; a wrong slap burns {count} cards.", {
      rules: listOf(slaps), count: o.burn })
    : ""}</div>`;
}

function RatscrewTable({ state, ctx }) {
  const g = state.game;
  const taker = lastTaker(g);
  return html`<${ReflexTable} state=${state} ctx=${ctx} className="ratscrew-table" side=${html`
        ${g.race ? null : html`<${News} state=${state} kinds=${NEWS} passOver=${["race.order", "egyptian_ratscrew.out"]} />`}
        <${DebtLine} state=${state} />
        ${g.out && g.out.length ? html`<div class="out-line">${t("Out: {names}", {
          names: listOf(g.out.map((p) => html`<${Who} state=${state} pid=${p} />`)) })}</div>` : null}`}
    verdict=${(pid) => (pid === taker ? t("takes the pile") : null)} rules=${html`<${Rules} state=${state} />`} />`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if (g.race && g.race.slapped.includes(me)) return html`<${RaceStatus} state=${state} />`;
  // a race open: the turn and the debt as the card would leave them with none
  const d = debtShown(g);
  const turn = turnShown(g);
  if (turn === me) {
    return html`<div class="status-line mine">${d ? t("Pay {name}: turn {count} more card|Pay {name}: turn {count} more cards", {
      name: html`<b>${nameOf(state, d.to)}</b>`, count: d.left }) : t("Your turn: turn your card")}</div>`;
  }
  return html`<div class="status-line">${d ? t("{payer} pays {to} ({count} to go)", {
    payer: html`<b>${nameOf(state, d.payer)}</b>`, to: html`<b>${nameOf(state, d.to)}</b>`, count: String(d.left) })
    : t("{name} turns a card", { name: html`<b>${nameOf(state, turn)}</b>` })}</div>`;
}

// The debt a phone shows: while a race is open, as the card would leave it with none.
function debtShown(g) {
  return g.race && g.after_race ? g.after_race.debt : g.debt;
}

function slapHint(g) {
  const rules = listOf((g.slaps || []).map((s) => (s === "doubles" ? t("a double") : t("a sandwich"))));
  return t("Slap {rules} to take the pile; a wrong slap burns {count} card.|Slap {rules} to take the pile; a wrong slap burns {count} cards.", {
    rules, count: g.options.burn });
}

function Phone({ state, send }) {
  const g = state.game;
  const me = state.you.player_id;
  const d = debtShown(g);
  return html`<${ReflexPhone} state=${state} send=${send} className="ratscrew-phone"
    flipLabel=${d && d.payer === me ? t("Pay: turn a card ({count} to go)", { count: String(d.left) }) : t("Turn your card")}
    slapHint=${slapHint(g)}
    stackLine=${(g.out || []).includes(me) ? t("You are out of cards.")
      : t("Your stack: {count} card, face down|Your stack: {count} cards, face down", { count: g.hand_sizes[me] || 0 })} />`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if ((g.out || []).includes(player.id)) badges.push({ text: t("out"), kind: "waiting" });
  if (g.debt && g.debt.payer === player.id && !g.over) badges.push({ text: t("pays {count}", { count: String(g.debt.left) }), kind: "role" });
  return stackSeat(state, player, badges);
}

// A pay card's line, by how many cards it asks for (an ace 4 ... a jack 1).
const PAY_LINES = {
  4: N_("{player}'s ace must be paid: {payer} turns {count}."),
  3: N_("{player}'s king must be paid: {payer} turns {count}."),
  2: N_("{player}'s queen must be paid: {payer} turns {count}."),
  1: N_("{player}'s jack must be paid: {payer} turns {count}."),
  0: N_("{player}'s card must be paid: {payer} turns {count}."),
};

registerMessages({
  "egyptian_ratscrew.flip": N_("{player} turns {card}."),
  "egyptian_ratscrew.pay": (values, entry) => t(PAY_LINES[entry.count] || PAY_LINES[0], { player: values.player, payer: values.payer, count: entry.count }),
  "egyptian_ratscrew.take": (values, entry) => (entry.by === "slap"
    ? t("{player} slapped first and takes the pile ({count} card).|{player} slapped first and takes the pile ({count} cards).", values)
    : t("The pay card is paid for: {player} takes the pile ({count} card).|The pay card is paid for: {player} takes the pile ({count} cards).", values)),
  "egyptian_ratscrew.burn": N_("{player} slapped wrongly and burns {count} card under the pile.|{player} slapped wrongly and burns {count} cards under the pile."),
  "egyptian_ratscrew.out": N_("{player} has run out of cards."),
});

registerMode(["egyptian_ratscrew"], { Table: RatscrewTable, Phone, Status, seatInfo,
  guestCalls: (state, pid) => slapCall(state, pid, t("Slap the pile first to take it!")) });
