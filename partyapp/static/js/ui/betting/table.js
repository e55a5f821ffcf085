// The TV's table of a betting game: the dealer's or banker's zone with the
// felt and the shoe, a player's box, the boxes laid out to fit, the seat
// badges of a table with a dealer.
import { cx, html, useEffect, useLayoutEffect, useRef, useSize, useState } from "../../view.js";
import { listOf, N_, t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { PAGE_MS, fitFrom } from "../pages.js";
import { Pile } from "../pile.js";
import { dealtByLot } from "../seat.js";
import { LogList } from "../ticker.js";
import { Who } from "../who.js";
import { BetResult, CardRow, DealForfeits, HandView, SideAndNet, handFigure } from "./hands.js";

// Seat badges and chips for the TV's players panel.
export function bettingSeatInfo(state, player, dealerWord) {
  const g = state.game;
  const badges = [];
  if (g.dealer && g.dealer === player.id && !dealtByLot(state, player)) badges.push({ text: t(dealerWord), kind: "role" });
  if ((g.sat_out || []).includes(player.id)) badges.push({ text: t("sits out"), kind: "waiting" });
  const staked = Object.values((g.stakes || {})[player.id] || {}).reduce((a, b) => a + b, 0);
  if (staked && !g.over) badges.push({ text: t("bet {amount}", { amount: String(staked) }), kind: "bet" });
  return { chips: g.chips ? g.chips[player.id] : undefined, badges };
}

// Who banked or dealt the house hand on the table: the deal's dealer (the
// last deal's while the next dealer bets or deals, and at the end of the
// game), else whoever holds the bank now; null for the house.
export function houseHolder(g) {
  const house = g.dealer_hand || g.banker_hand;
  if (house && house.player !== undefined) return house.player;
  return g.banker || g.dealer || null;
}

// Who the table waits on (to bet, to stake, for insurance), for its status
// line: their names, or on a crowded table how many (each box says it of
// its own player, and fifteen names would take half the TV).
const NAMED_WAITING = 4;
export function waitingOn(state, pids) {
  if (pids.length > NAMED_WAITING) return t("{count} player|{count} players", { count: pids.length });
  return listOf(pids.map((p) => html`<${Who} key=${p} state=${state} pid=${p} />`));
}

// Who has a box: every player of the game but the one dealing, those dealt in
// first (in playing order), then the others in seat order.
export function boxPlayers(state, dealer) {
  const order = state.game.order || [];
  const inGame = (state.players || []).filter((p) => p.in_game !== false && p.id !== dealer).map((p) => p.id);
  return [...order.filter((p) => inGame.includes(p)), ...inGame.filter((p) => !order.includes(p))];
}

// Out of chips at a table with re-buys, what the player's box says: deciding
// (their phone offers "Buy back in" and "Sit out"), bought back in for the
// deal (and the stack bought), or sitting the rest of the game out.
export function chipsLine(g, pid) {
  if (g.over) return null;
  if (g.phase === "rebuy" && (g.waiting_for || []).includes(pid)) return t("Out of chips: deciding to buy back in or sit out");
  const bought = (g.rebought || {})[pid];
  if (bought) return t("Bought back in (+{amount})", { amount: String(bought) });
  if ((g.gone || []).includes(pid)) return t("Out of chips: sitting out");
  return null;
}

// A player's box: their name, their hands (`hands`, by default the game's
// for them; `cur`, the one in play or -1, by default the game's current
// hand), each named when there are several and room, the side payouts and
// net of the deal, out of chips what they chose (chipsLine), and `line`,
// what they are doing (unless out of chips says it all). statusWords: a
// hand's status -> its label.
// At the end of the game, a box in words leaves its forfeit line to the
// result's Forfeits column beside it, so that the last deal's boxes fit.
export function PlayerBox({ state, pid, compact, statusWords, line = null, hands = null, cur = null }) {
  const g = state.game;
  const list = hands || (g.hands || {})[pid] || [];
  const inPlay = cur !== null ? cur : g.current && g.current.player === pid && !g.over ? g.current.hand : -1;
  const chips = chipsLine(g, pid);
  const more = chips && !(g.rebought || {})[pid] ? null : line;
  return html`<div class=${cx("bx-box", inPlay >= 0 && "is-turn")} data-pid=${pid}>
    <div class="bx-name">${nameOf(state, pid)}</div>
    ${list.map((h, i) => html`<${HandView} key=${i} hand=${h} size=${compact ? "label" : "small"} current=${i === inPlay}
      label=${list.length > 1 && !compact ? t("hand {n}", { n: String(i + 1) }) : null} statusWords=${statusWords}
      figure=${handFigure(g, pid)} />`)}
    <${SideAndNet} g=${g} pid=${pid} />
    ${compact && g.over ? null : html`<${DealForfeits} state=${state} pid=${pid} />`}
    ${chips ? html`<div class="bx-line bx-chips-line">${chips}</div>` : null}
    ${more ? html`<div class="bx-line">${more}</div>` : null}
  </div>`;
}

// Where each page of `items` starts when as many as fit in `box` go to a
// page, from the first (the last page's items shown, the others hidden).
function pageStarts(box, items, line) {
  const starts = [];
  for (let start = 0; start < items.length;) {
    starts.push(start);
    start += fitFrom(box, items, line, start);
  }
  return starts;
}

// The boxes, as many as fit. While `cut` is false, boxes that do not fit
// ask for the table's next, smaller form (`squeeze()`). When `cut` (the
// cards already in words, a crowded table where many hands were split),
// the boxes go to pages, as many to a page as fit, and a line says which
// ("Page 1 of 2"): the page of the box in play (`keep`) while one is, else
// the pages turn by themselves (as the TV's other lists do; nobody taps a
// TV), so that every box is seen, none summed up as "+N more".
function FitBoxes({ items, keep, cut, squeeze }) {
  const boxRef = useRef(null);
  const lineRef = useRef(null);
  // the page turned to (while no box is in play), and what the last layout found
  const [turned, setTurned] = useState(0);
  const [paged, setPaged] = useState({ page: 0, pages: 1 });
  useLayoutEffect(() => {
    const box = boxRef.current;
    const line = lineRef.current;
    if (!box || !line) return;
    const els = [...box.firstElementChild.children];
    if (!cut) {
      els.forEach((el) => { el.hidden = false; });
      line.hidden = true;
      if (box.scrollHeight > box.clientHeight + 1) squeeze();
      if (paged.pages !== 1 || paged.page !== 0) setPaged({ page: 0, pages: 1 });
      return;
    }
    const starts = pageStarts(box, els, line);
    const of = (i) => starts.reduce((p, s, n) => (s <= i ? n : p), 0);
    const page = keep >= 0 ? of(keep) : turned % starts.length;
    fitFrom(box, els, line, starts[page]);
    line.hidden = starts.length < 2;
    if (paged.page !== page || paged.pages !== starts.length) setPaged({ page, pages: starts.length });
  });
  const turning = cut && keep < 0 && paged.pages > 1;
  useEffect(() => {
    if (!turning) return undefined;
    const timer = setTimeout(() => setTurned(paged.page + 1), PAGE_MS);
    return () => clearTimeout(timer);
  }, [turning, paged.page, paged.pages]);
  return html`<div class="bx-paged" data-page=${paged.pages > 1 ? String(paged.page + 1) : null}>
    <div class="bx-fit" ref=${boxRef}>
      <div class="bx-boxes">${items}</div>
    </div>
    <p class="more-line page-line bx-more" ref=${lineRef} hidden>${paged.pages > 1
      ? t("Page {page} of {pages}", { page: String(paged.page + 1), pages: String(paged.pages) }) : ""}</p>
  </div>`;
}

// The dealer's or banker's zone: who holds the bank, their cards and total,
// the rules printed on the felt, the shoe or pack. Compact (a crowded
// table): one line, the cards in words.
// A shoe or pack not yet filled (before the first deal) reads in decks.
function pileWords(pile, count, decks) {
  const name = t(pile === "shoe" ? N_("Shoe") : pile === "pack" ? N_("Pack") : N_("Stock"));
  if (!count && decks) return t("{name}: {count} deck, shuffled at the deal|{name}: {count} decks, shuffled at the deal", { name, count: decks });
  return t("{name}: {count} card|{name}: {count} cards", { name, count });
}

// `note`: a line of the felt that a crowded table's compact zone keeps too
// (Pontoon's packs in play).
export function HouseZone({ title, cards, total, felt, pile, count, compact, decks = 0, note = null }) {
  if (compact) {
    return html`<section class="bx-dealer compact">
      <span class="bx-dealer-title">${title}</span>
      ${cards ? html`<${CardRow} cards=${cards} size="label" />` : null}
      <span class="bx-dealer-total">${total}</span>
      <span class="sub">${pileWords(pile, count, decks)}</span>
      ${note ? html`<span class="sub bx-note">${note}</span>` : null}
    </section>`;
  }
  if (note) felt = [...felt, note];
  return html`<section class="bx-dealer">
    <div class="bx-dealer-hand">
      <div class="bx-dealer-title">${title}</div>
      ${cards ? html`<${CardRow} cards=${cards} size="small" />` : html`<div class="card small empty-slot"></div>`}
      <div class="bx-dealer-total">${total}</div>
    </div>
    <div class="bx-felt">${felt.map((line, i) => html`<div key=${i} class="felt-line">${line}</div>`)}</div>
    ${!count && decks ? html`<div class="pile pile-unfilled" data-pile=${pile}>${pileWords(pile, count, decks)}</div>`
      : html`<${Pile} name=${pile} cards=${count} size="mini" />`}
  </section>`;
}

// The forms of a betting table, largest first: the cards drawn; the cards
// drawn short (their corners, as in a fanned hand); the cards in words
// (compact); at the end of the game, the boxes left out under the result.
const TABLE_FORMS = ["cards", "short", "words", "result"];
// From this many boxes (to a crowded table's, whose players panel takes
// half the TV) the end's result stands beside the boxes, not above them.
const BESIDE_RESULT_FROM = 6;

// The table of a betting game: the dealer's zone, a line saying what
// happens, the players' boxes, and the log while there is room; at the end,
// the result above the last deal's boxes. The cards stay drawn while they
// fit: each time the table changes (a deal, the end, a player) or its size
// does, it is laid out in its largest form again and takes the next smaller
// one until the boxes fit, before it is painted; a card or a hand more
// starts from the form the table has. In
// play, boxes that do not fit even in words are left out but the one in
// play. A sound each time cards come.
//   zone(compact), box(pid, compact) -> node; status: a node.
export function BetTable({ state, ctx, pids, zone, status, box, extra = null, className = "" }) {
  const g = state.game;
  const hands = Object.values(g.hands || {}).reduce((n, hs) => n + hs.length, 0);
  const house = g.dealer_hand || g.banker_hand;
  const cards = Object.values(g.hands || {}).flat().reduce((n, h) => n + h.cards.length, house ? house.cards.length : 0);
  const [tableRef, size] = useSize();
  const fitKey = [g.round, g.over, g.phase, pids.join(","), Math.round(size.width), Math.round(size.height)].join(":");
  const [squeezed, setSqueezed] = useState(null);
  // More cards or hands in the same deal never fit a larger form: the form
  // found for fewer is where the next card starts, so a card dealt lays the
  // table out once or twice, not once per form from the largest.
  const level = squeezed && squeezed.key === fitKey && squeezed.hands <= hands && squeezed.cards <= cards
    ? squeezed.level : 0;
  const form = TABLE_FORMS[level];
  const last = g.over ? TABLE_FORMS.length - 1 : TABLE_FORMS.indexOf("words");
  const compact = level >= TABLE_FORMS.indexOf("words");
  const seen = useRef(cards);
  useEffect(() => {
    if (cards > seen.current && ctx.sound) ctx.sound("draw");
    seen.current = cards;
  }, [cards]);
  const crowded = pids.length > 8;
  // At the end of a full table the result stands beside the last deal's
  // boxes, so that both the night's chips and each box's result stay read.
  const besideResult = g.over && pids.length >= BESIDE_RESULT_FROM && !crowded;
  const boxes = form === "result" ? null : html`<${FitBoxes} items=${pids.map((p) => box(p, compact))} cut=${level >= last}
      keep=${g.current && !g.over ? pids.indexOf(g.current.player) : -1}
      squeeze=${() => setSqueezed({ key: fitKey, hands, cards, level: Math.min(level + 1, last) })} />`;
  return html`<div class=${cx("bx-table", compact && "compact", form === "short" && "short", className)} ref=${tableRef}
    data-fit=${form}>
    ${g.over && crowded ? null : zone(compact)}
    ${g.over ? null : status}
    ${extra}
    ${g.over && !besideResult ? html`<${BetResult} state=${state} />` : null}
    ${g.over && besideResult ? html`<div class="bx-end"><${BetResult} state=${state} /><div class="bx-end-boxes">${boxes}</div></div>`
      : boxes}
    ${pids.length <= 3 && !g.over ? html`<${LogList} state=${state} />` : null}
  </div>`;
}
