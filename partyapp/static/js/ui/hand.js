// A player's hand on the phone: fanned to fit the screen's width, sorted by
// rank or by suit (the player's choice, kept on this phone), each card a
// button when cards can be chosen (aria-pressed tells a screen reader which).
import { cx, html, useSize, useState } from "../view.js";
import { t } from "../i18n.js";
import { storage } from "../common.js";
import { Card, sortCards } from "./cards.js";

const CARD_PX = 66; // a hand card's width (CSS .hand .card)
const TAP_PX = 44; // the least of each card a thumb gets to tap

// The rows a hand is laid out in: as few as give every card's visible strip
// a thumb's width (TAP_PX) on a screen this wide.
function rows(cards, width) {
  const fit = Math.max(1, Math.floor((width - CARD_PX) / TAP_PX) + 1);
  const n = Math.ceil(cards.length / fit) || 1;
  const per = Math.ceil(cards.length / n);
  const out = [];
  for (let i = 0; i < cards.length; i += per) out.push(cards.slice(i, i + per));
  return out;
}

// selected: list of codes; onToggle(code) when a card is tapped (omit it for a
// hand that only shows); enabled: the codes that may be tapped now (the others
// are shown dimmed), all of them when omitted; drag(ev, code): a card pressed
// (to drag it somewhere, see ui/place.js).
// aceLow: the game counts the ace low (Kings Corner), so it sorts below the two.
export function Hand({ cards, selected = [], onToggle, label, enabled = null, drag, aceLow = false }) {
  const [ref, size] = useSize();
  const [by, setBy] = useState(() => storage.get("partyapp.sort") || "rank");
  const sorted = sortCards(cards || [], by, aceLow);
  const picked = [...selected];
  const isPicked = (code) => {
    const i = picked.indexOf(code);
    if (i < 0) return false;
    picked.splice(i, 1);
    return true;
  };
  const width = size.width || 320;
  const flip = () => {
    const next = by === "rank" ? "suit" : "rank";
    storage.set("partyapp.sort", next);
    setBy(next);
  };
  return html`<section class="hand-box" aria-label=${label || t("Your hand")}>
    <div class="hand-head">
      <span class="hand-title">${label || t("Your hand")} · ${t("{count} card|{count} cards", { count: sorted.length })}</span>
      ${sorted.length > 1 ? html`<button type="button" class="btn btn-mini hand-sort" onClick=${flip}>
        ${by === "rank" ? t("Sort by suit") : t("Sort by rank")}</button>` : null}
    </div>
    <div class="hand" ref=${ref}>
      ${sorted.length ? rows(sorted, width).map((row, r) => {
        const step = row.length > 1 ? Math.min(CARD_PX + 6, (width - CARD_PX) / (row.length - 1)) : 0;
        return html`<div class="hand-row" key=${r}>
          ${row.map((code, i) => {
            const on = isPicked(code);
            return html`<div class=${cx("hand-slot", on && "up")} key=${`${code}:${i}`}
                style=${{ marginLeft: i ? `${Math.round(step - CARD_PX)}px` : "0px", zIndex: String(i + 1) }}>
              <${Card} code=${code} selected=${on} covered=${i < row.length - 1 && step < CARD_PX}
                disabled=${Boolean(enabled && !enabled.includes(code))}
                onPointerDown=${drag && (!enabled || enabled.includes(code)) ? (ev) => drag(ev, code) : undefined}
                onClick=${onToggle ? () => onToggle(code) : undefined} />
            </div>`;
          })}
        </div>`;
      }) : html`<p class="empty">${t("No cards in your hand.")}</p>`}
    </div>
  </section>`;
}
