// Old Maid: the table (whose hand is offered to whom, as backs; the pairs
// laid down; who is safe; the last queen at the end) and the phone (the
// neighbour's cards as backs to pick from; your own fan, to shuffle while it
// is offered).
import { cx, html, useState } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { Card, CardBack, CardLabel } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { registerMessages } from "../words.js";
import { HandGameTable, Outcome } from "./kit.js";
import { Who } from "../ui/who.js";
import { registerMode } from "./registry.js";

registerMessages({
  "old_maid.deal": N_("{dealer} dealt every card; pairs go down."),
  "old_maid.pairs": (p, e) => t("{player} laid down {count} pair: {cards}.|{player} laid down {count} pairs: {cards}.",
    { player: p.player, cards: p.cards, count: e.cards.length / 2 }),
  "old_maid.take": N_("{player} took a card from {holder}."),
  "old_maid.shuffle": N_("{player} shuffled their cards."),
  "old_maid.safe": N_("{player} has no cards left: safe!"),
  "old_maid.loser": N_("{player} is left holding the Old Maid, {card}!"),
});

const W = (state, pid) => html`<${Who} state=${state} pid=${pid} />`;
const FAN_MAX = 26;

// A row of face-down cards (the table's view of an offered hand).
function Backs({ count, picked = null, size = "small" }) {
  const n = Math.min(count, FAN_MAX);
  return html`<div class=${cx("backs-fan", n > 10 && "tight")} role="img" aria-label=${t("{count} face-down card|{count} face-down cards", { count })}>
    ${Array.from({ length: n }, (_, i) => html`<${CardBack} key=${i} size=${size} className=${i === picked ? "picked" : ""} />`)}
  </div>`;
}

function Headline({ state }) {
  const g = state.game;
  if (g.over) {
    return html`<p class="big-line">${g.loser ? t("{name} is left holding the Old Maid!", { name: W(state, g.loser) }) : t("Game over.")}</p>`;
  }
  return html`<p class="big-line">${t("{taker} takes a card from {holder}", { taker: W(state, g.taker), holder: W(state, g.holder) })}</p>`;
}

function Offer({ state }) {
  const g = state.game;
  if (g.over) {
    const card = g.result && g.result.card;
    return html`<div class="hg-box offer-box">
      <div class="hg-box-title">${t("The Old Maid")}</div>
      ${card ? html`<${Card} code=${card} fresh />` : null}
    </div>`;
  }
  const last = g.last_take;
  return html`<div class="hg-box offer-box">
    <div class="hg-box-title">${t("{holder}'s cards", { holder: W(state, g.holder) })}</div>
    <${Backs} count=${g.offered} />
    <div class="sub">${t("{count} card|{count} cards", { count: g.offered })}${g.shuffles
      ? [" · ", t("shuffled {count} time|shuffled {count} times", { count: g.shuffles })] : ""}</div>
    ${last ? html`<div class="sub last-take">${t("Last: {taker} took card {n} of {holder}'s", {
      taker: W(state, last.taker), n: String(last.position + 1), holder: W(state, last.holder) })}</div>` : null}
  </div>`;
}

function Discards({ state }) {
  const g = state.game;
  const cards = g.piles.discards || [];
  const top = cards.slice((state.players || []).length > 8 ? -2 : -6); // a crowded table has less room
  return html`<div class="hg-box discards-box" data-pile="discards">
    <div class="hg-box-title">${t("Pairs laid down")}</div>
    <div class="pile-cards fanned">${top.length
      ? top.map((c, i) => html`<${Card} key=${`${cards.length - top.length + i}:${c}`} code=${c} size="small" covered=${i < top.length - 1} />`)
      : html`<div class="card empty-slot small"></div>`}</div>
    <div class="sub">${t("{count} pair|{count} pairs", { count: cards.length / 2 })}</div>
  </div>`;
}

// Who is safe, in the order they got out of cards: names, never numbered,
// for being safe early is no better than being safe late.
function Safe({ state }) {
  const safe = state.game.safe || [];
  return html`<div class="hg-box safe-box">
    <div class="hg-box-title">${t("Safe")}${safe.length ? ` · ${safe.length}` : ""}</div>
    ${safe.length ? html`<ul class="safe-list">${safe.map((p) => html`<li key=${p}>${W(state, p)}</li>`)}</ul>`
      : html`<div class="sub">${t("Nobody yet")}</div>`}
  </div>`;
}

const SOUNDS = { "old_maid.take": "draw", "old_maid.shuffle": "draw", "game.over": "end" };

function Table({ state, ctx }) {
  return html`<${HandGameTable} state=${state} ctx=${ctx} sounds=${SOUNDS} className="old-maid-table"
    headline=${html`<${Headline} state=${state} />`}>
    <${Offer} state=${state} />
    <${Discards} state=${state} />
    <${Safe} state=${state} />
  </${HandGameTable}>`;
}

// -- phone ---------------------------------------------------------------------------
function TakeForm({ state, send }) {
  const g = state.game;
  const spec = state.you.actions.find((a) => a.type === "take");
  const positions = spec.params.position.one_of;
  const [picked, setPicked] = useKept("old_maid.take", null, "act:take");
  const [busy, setBusy] = useState(false);
  const chosen = positions.includes(picked) ? picked : null;
  const take = async () => {
    if (chosen === null || busy) return;
    setBusy(true);
    const answer = await send({ type: "take", position: chosen });
    setBusy(false);
    if (answer && answer.ok) setPicked(null);
  };
  return html`<section class="take-form" data-action="take">
    <div class="action-label">${t("{holder}'s cards: tap one", { holder: W(state, g.holder) })}</div>
    <div class="back-picks" role="radiogroup" aria-label=${t("{holder}'s cards", { holder: nameOf(state, g.holder) })}>
      ${positions.map((i) => html`<button type="button" key=${i} class=${cx("card card-back back-pick", chosen === i && "selected")}
        role="radio" aria-checked=${chosen === i ? "true" : "false"} aria-label=${t("Card {n}", { n: String(i + 1) })}
        data-position=${String(i)} onClick=${() => setPicked(i)}></button>`)}
    </div>
    <button type="button" class="btn btn-big btn-primary act-take" disabled=${chosen === null || busy} onClick=${take}>
      ${chosen === null ? t("Tap a card to take") : t("Take card {n}", { n: String(chosen + 1) })}</button>
  </section>`;
}

function Offered({ state, send }) {
  const g = state.game;
  const [busy, setBusy] = useState(false);
  const can = state.you.actions.some((a) => a.type === "shuffle");
  const shuffle = async () => {
    if (busy) return;
    setBusy(true);
    await send({ type: "shuffle" });
    setBusy(false);
  };
  return html`<section class="offered-box">
    <div class="action-label">${t("Your cards as {taker} sees them, from the left:", { taker: W(state, g.taker) })}</div>
    <div class="fan-order">${state.you.hand.map((c, i) => html`<div class="fan-slot" key=${`${i}:${c}`}>
      <${Card} code=${c} size="mini" /><span class="fan-no">${String(i + 1)}</span></div>`)}</div>
    ${can ? html`<button type="button" class="btn btn-big act-shuffle" data-action="shuffle" disabled=${busy} onClick=${shuffle}>
      ${t("Shuffle my cards")}</button>` : null}
    ${g.shuffles ? html`<div class="sub shuffle-count">${t("shuffled {count} time|shuffled {count} times", { count: g.shuffles })}</div>` : null}
  </section>`;
}

function LastTake({ state }) {
  const last = state.you.last_take;
  const me = state.you.player_id;
  if (!last) return null;
  const paired = last.taker === me && !state.you.hand.includes(last.card);
  const card = html`<${CardLabel} code=${last.card} />`;
  return html`<div class="hg-note last-take-note">${last.taker === me
    ? (paired ? t("You took {card} from {name}: a pair, laid down!", { card, name: W(state, last.holder) })
      : t("You took {card} from {name}.", { card, name: W(state, last.holder) }))
    : t("{name} took your {card}.", { card, name: W(state, last.taker) })}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const acts = you.actions.map((a) => a.type);
  const offered = !g.over && g.holder === you.player_id;
  return html`<div class="hg-phone old-maid-phone">
    <${LastTake} state=${state} />
    ${acts.includes("take") ? html`<${TakeForm} state=${state} send=${send} />` : null}
    ${offered ? html`<${Offered} state=${state} send=${send} />` : null}
    ${you.hand.length && !offered ? html`<${Hand} cards=${you.hand} />` : null}
    ${g.over ? html`<${Outcome} state=${state} />` : null}
  </div>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const B = (pid) => html`<b>${nameOf(state, pid)}</b>`;
  if (g.over) {
    return html`<div class="status-line">${g.loser === me ? t("You hold the Old Maid: you lose.")
      : g.loser ? t("{name} holds the Old Maid. You are safe!", { name: B(g.loser) }) : t("Game over.")}</div>`;
  }
  if (g.taker === me) return html`<div class="status-line mine">${t("Your turn: take a card from {name}", { name: B(g.holder) })}</div>`;
  if (g.holder === me) return html`<div class="status-line mine">${t("{name} is taking a card from you: shuffle if you like", { name: B(g.taker) })}</div>`;
  if ((g.safe || []).includes(me)) return html`<div class="status-line">${t("You are safe: no cards left.")}</div>`;
  return html`<div class="status-line">${t("{taker} takes a card from {holder}", { taker: B(g.taker), holder: B(g.holder) })}</div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if ((g.safe || []).includes(player.id)) badges.push({ text: t("safe"), kind: "safe" });
  if (!g.over && g.holder === player.id) badges.push({ text: t("offering"), kind: "role" });
  if (g.loser === player.id) badges.push({ text: t("Old Maid"), kind: "neck" });
  const pairs = g.pairs && g.pairs[player.id];
  if (pairs) badges.push({ text: t("{count} pair|{count} pairs", { count: pairs }), kind: "waiting" });
  return { handSize: g.hand_sizes[player.id], badges };
}

registerMode(["old_maid"], { Table, Phone, Status, seatInfo });
