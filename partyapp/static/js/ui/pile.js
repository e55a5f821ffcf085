// A public pile: its top card(s) face up, or a face-down stack with a count.
// `cards` is a list of visible cards or a number (face down).
import { cx, html } from "../view.js";
import { t } from "../i18n.js";
import { humanize } from "../common.js";
import { Card, CardBack } from "./cards.js";

export function Pile({ name, cards, show = 3, size = "small" }) {
  const label = t(humanize(name));
  if (typeof cards === "number" || cards === null || cards === undefined) {
    const n = typeof cards === "number" ? cards : 0;
    return html`<div class="pile" data-pile=${name}>
      <div class="pile-cards">${n ? html`<${CardBack} size=${size} />` : html`<div class=${cx("card empty-slot", size)}></div>`}</div>
      <div class="pile-label">${label}</div>
      <div class="pile-count">${t("{count} card|{count} cards", { count: n })}</div>
    </div>`;
  }
  const list = Array.isArray(cards) ? cards : [];
  const top = list.slice(-show);
  return html`<div class="pile" data-pile=${name}>
    <div class="pile-cards fanned">
      ${top.length ? top.map((c, i) => html`<${Card} key=${`${i}:${c}`} code=${c} size=${size} covered=${i < top.length - 1} />`)
        : html`<div class=${cx("card empty-slot", size)}></div>`}
    </div>
    <div class="pile-label">${label}</div>
    <div class="pile-count">${t("{count} card|{count} cards", { count: list.length })}</div>
  </div>`;
}

// Every pile of game.piles (an object of name -> cards, or a list).
export function Piles({ piles }) {
  if (!piles) return null;
  const entries = Array.isArray(piles) ? piles.map((p, i) => [String(i + 1), p]) : Object.entries(piles);
  if (!entries.length) return null;
  return html`<div class="piles">${entries.map(([name, cards]) => html`<${Pile} key=${name} name=${name} cards=${cards} />`)}</div>`;
}
