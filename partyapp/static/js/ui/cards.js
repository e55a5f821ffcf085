// Cards: codes ("QH", "10S", "X1"), their names in words, faces and backs,
// and the orders a hand is sorted in.
import { cx, html } from "../view.js";
import { t } from "../i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUIT_ORDER = ["S", "H", "C", "D"]; // colours alternate
const CARD_RE = /^(10|[2-9AJQK])[SHDC]$|^X[12]$/;

export function isCardCode(value) {
  return typeof value === "string" && CARD_RE.test(value);
}

export function parseCard(code) {
  if (!isCardCode(code)) return null;
  if (code[0] === "X") return { rank: "X", suit: "", red: code === "X1", joker: true };
  const suit = code.slice(-1);
  return { rank: code.slice(0, -1), suit, red: suit === "H" || suit === "D", joker: false };
}

function rankName(rank) {
  return {
    A: t("Ace|Aces", { count: 1 }), J: t("Jack|Jacks", { count: 1 }), Q: t("Queen|Queens", { count: 1 }), K: t("King|Kings", { count: 1 }),
  }[rank] || rank;
}

export function rankWord(rank) {
  return rankName(rank);
}

export function cardName(code) {
  const c = parseCard(code);
  if (!c) return t("a face-down card");
  if (c.joker) return t("Joker");
  const suit = { S: t("spades"), H: t("hearts"), D: t("diamonds"), C: t("clubs") }[c.suit];
  return t("{rank} of {suit}", { rank: rankName(c.rank), suit });
}

export function cardShort(code) {
  const c = parseCard(code);
  if (!c) return "?";
  return c.joker ? t("Joker") : `${c.rank}${SUITS[c.suit]}`;
}

// The class of a card's suit ("suit-D"): a four-colour deck (prefs.js)
// colours diamonds and clubs apart from hearts and spades.
export function suitClass(c) {
  return c && c.suit ? `suit-${c.suit}` : "";
}

// A card's short label in its colour, for lines of text.
export function CardLabel({ code }) {
  const c = parseCard(code);
  return html`<b class=${cx("card-name", c && c.red && "red", suitClass(c))} title=${cardName(code)}>${cardShort(code)}</b>`;
}

export function rankValue(rank) {
  const i = RANKS.indexOf(rank);
  return i < 0 ? 99 : i;
}

// Sorted copy of a hand: by "rank" (then suit) or by "suit" (then rank);
// aceLow: the ace below the two, where the game counts it low.
export function sortCards(cards, by = "rank", aceLow = false) {
  const key = (code) => {
    const c = parseCard(code);
    if (!c) return [999, 999];
    const r = c.joker ? 98 : aceLow && c.rank === "A" ? -1 : rankValue(c.rank);
    const s = c.joker ? 9 : SUIT_ORDER.indexOf(c.suit);
    return by === "suit" ? [s, r] : [r, s];
  };
  return [...cards].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

// A face. size: "mini" | "small" | "" | "big". As a button when onClick is given.
// covered: another card lies over all but its top-left corner (a fan, a
// pile), so only that corner is drawn.
// A joker's corner is the joker's own sign, never a letter that reads as a
// jack. ranked: the middle shows the rank with its suit (a card read from
// across the room, on the TV's pile), not the suit alone.
export function Card({ code, size = "", selected = false, onClick, onPointerDown, className = "", fresh = false, disabled = false, covered = false, ranked = false }) {
  const c = parseCard(code);
  if (!c) return html`<${CardBack} size=${size} className=${className} />`;
  const sym = c.joker ? "🃏" : SUITS[c.suit];
  const index = c.joker ? html`<span class="joker-index">🃏</span>` : html`${c.rank}<br />${sym}`;
  const middle = c.joker ? "🃏" : ranked ? html`<span class="pip-rank">${c.rank}</span>${sym}` : sym;
  const face = [
    html`<span class="corner tl" aria-hidden="true">${index}</span>`,
    covered ? null : html`<span class=${cx("pip", ranked && !c.joker && "ranked")} aria-hidden="true">${middle}</span>`,
    covered ? null : html`<span class="corner br" aria-hidden="true">${index}</span>`,
  ];
  const cls = cx("card", c.red ? "red" : "black", c.joker && "joker", suitClass(c), size, selected && "selected", fresh && "flip-in", className);
  if (onClick) {
    return html`<button type="button" class=${cls} aria-pressed=${selected ? "true" : "false"}
      aria-label=${cardName(code)} data-card=${code} disabled=${disabled} onClick=${onClick}
      onPointerDown=${onPointerDown}>${face}</button>`;
  }
  return html`<div class=${cls} role="img" aria-label=${cardName(code)} data-card=${code}>${face}</div>`;
}

export function CardBack({ size = "", className = "" }) {
  return html`<div class=${cx("card card-back", size, className)} role="img" aria-label=${t("a face-down card")}></div>`;
}
