// What the betting games' screens share (Blackjack's family and Pontoon): the
// words of the chips ledger's log keys, a payout in words and figures, a
// hand of cards with its total, stake and result, an amount to stake with
// quick chips, and the seat badges of a table with a dealer.
import { cx, fewestLeftOut, html, leaveOutLast, useEffect, useLayoutEffect, useRef, useSize, useState } from "../view.js";
import { useKept } from "../keep.js";
import { listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { forfeitShort } from "../forfeits.js";
import { Who } from "./who.js";
import { ActionControl } from "./action.js";
import { Card, CardBack, CardLabel } from "./cards.js";
import { Chips } from "./chips.js";
import { Pile } from "./pile.js";
import { Stepper } from "./stepper.js";
import { LogList } from "./ticker.js";

// -- words -----------------------------------------------------------------------------
// A settled stake (chips.payout's result) in words, for one player.
const PAYOUTS = {
  win: N_("{player} wins {amount}."),
  blackjack: N_("{player}'s blackjack wins {amount}."),
  natural: N_("{player}'s natural wins {amount}."),
  pontoon: N_("{player}'s pontoon wins double: {amount}."),
  trick: N_("{player}'s five card trick wins double: {amount}."),
  three_sevens: N_("Three sevens: {player} wins a bonus of {amount}!"),
  insurance: N_("{player}'s insurance pays {amount}."),
  push: N_("{player} pushes: the bet of {stake} comes back."),
  knock: N_("{player} knocks: the stake of {stake} comes back."),
  tie: N_("{player} ties the dealer."),
  lose: N_("{player} loses {amount}."),
  bust: N_("{player} is bust and loses {amount}."),
  surrender: N_("{player} surrenders and loses {amount}."),
  insurance_lost: N_("{player}'s insurance of {amount} is lost."),
  banker_pontoon: N_("{player} pays double to the banker's pontoon: {amount}."),
  banker_trick: N_("{player} pays double to the banker's five card trick: {amount}."),
};

// Short names of results, for a hand's badge.
const RESULT_WORDS = {
  win: N_("won"), blackjack: N_("blackjack!"), natural: N_("natural!"), pontoon: N_("pontoon!"), trick: N_("five card trick!"),
  three_sevens: N_("three sevens!"), insurance: N_("insurance paid"), push: N_("push"), knock: N_("knock: stake back"),
  tie: N_("tie: stays"), lose: N_("lost"), bust: N_("bust"), surrender: N_("surrendered"), insurance_lost: N_("insurance lost"),
  banker_pontoon: N_("lost double"), banker_trick: N_("lost double"),
};

export function resultWord(result) {
  return t(RESULT_WORDS[result] || result);
}

// A banker's or dealer's gain over a deal ({player, amount}).
export const bankWords = (p, e) => (e.amount > 0 ? t("{player}'s bank wins {amount} this deal.", p)
  : e.amount < 0 ? t("{player}'s bank loses {amount} this deal.", { ...p, amount: String(-e.amount) })
    : t("{player}'s bank breaks even this deal.", p));

registerMessages({
  "round.start": (p, e) => (e.dealer ? t("Deal {round}: {dealer} deals.", p) : t("Deal {round}.", p)),
  "round.void": (p, e) => t({
    no_bets: N_("Nobody bet: the deal is off."),
    dealer_left: N_("The dealer left: the deal is off and every stake goes back."),
    host: N_("The host ended the game: every stake on the table goes back."),
  }[e.reason] || N_("The deal is off."), p),
  "chips.payout": (p, e, state) => {
    const words = t(PAYOUTS[e.result] || "{player}: {result}, {amount}.", { ...p, amount: String(Math.abs(e.amount)) });
    return e.drinks ? [words, " ", forfeitShort(state, e.player, e.drinks, e)] : words;
  },
  "chips.rebuy": N_("{player} buys a new stack of {amount}."),
  "chips.out": N_("{player} is out of chips."),
});

// A blackjack total in words: "soft 17", "21", "24" (a bust says so in its status).
export function totalWord(total, soft) {
  if (typeof total !== "number") return "";
  return soft && total < 21 ? t("soft {total}", { total: String(total) }) : String(total);
}

// What the dealer's or banker's cards in sight are worth: a lone ace is
// "1 or 11" (never "soft 11"); with a card face down, "... showing".
export function showingWord(hand) {
  if (!hand || typeof hand.total !== "number") return "";
  const seen = (hand.cards || []).filter((c) => c !== null);
  const hidden = seen.length < (hand.cards || []).length;
  const word = seen.length === 1 && seen[0][0] === "A" ? t("1 or 11") : totalWord(hand.total, hand.soft);
  return hidden ? t("{total} showing", { total: word }) : word;
}

// A payout as a signed figure: "+15", "−10", "±0".
export function signed(amount) {
  if (typeof amount !== "number") return "";
  return amount > 0 ? `+${amount}` : amount < 0 ? `−${-amount}` : "±0";
}

// -- pieces ------------------------------------------------------------------------------
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

// A hand's figure is its own only when it is the player's one payout.
export const handFigure = (g, pid) => dealPayouts(g, pid).length < 2;

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

// Payouts of the last deal that are not a hand's (insurance, bonuses): the
// hands show their own.
const SIDE_RESULTS = new Set(["insurance", "insurance_lost", "three_sevens"]);

// Seat badges and chips for the TV's players panel.
export function bettingSeatInfo(state, player, dealerWord) {
  const g = state.game;
  const badges = [];
  if (g.dealer && g.dealer === player.id) badges.push({ text: t(dealerWord), kind: "role" });
  if ((g.sat_out || []).includes(player.id)) badges.push({ text: t("sits out"), kind: "waiting" });
  const staked = Object.values((g.stakes || {})[player.id] || {}).reduce((a, b) => a + b, 0);
  if (staked && !g.over) badges.push({ text: t("bet {amount}", { amount: String(staked) }), kind: "bet" });
  return { chips: g.chips ? g.chips[player.id] : undefined, badges };
}

// -- the TV's table --------------------------------------------------------------------------
// Who banked or dealt the house hand on the table: the deal's dealer (the
// last deal's while the next dealer bets or deals, and at the end of the
// game), else whoever holds the bank now; null for the house.
export function houseHolder(g) {
  const house = g.dealer_hand || g.banker_hand;
  if (house && house.player !== undefined) return house.player;
  return g.banker || g.dealer || null;
}

// Who has a box: every player of the game but the one dealing, those dealt in
// first (in playing order), then the others in seat order.
export function boxPlayers(state, dealer) {
  const order = state.game.order || [];
  const inGame = (state.players || []).filter((p) => p.in_game !== false && p.id !== dealer).map((p) => p.id);
  return [...order.filter((p) => inGame.includes(p)), ...inGame.filter((p) => !order.includes(p))];
}

const ENDINGS = {
  rounds: N_("The last deal is played."),
  chips: N_("Only one player can still cover the table minimum."),
  host: N_("The host ended the game."),
  players: N_("Too few players are left."),
};

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
    <table class="result-table">
      <thead><tr><th scope="col">${t("Player")}</th><th scope="col">${t("Chips")}</th><th scope="col">${t("Net")}</th>
        <th scope="col">${t("Forfeits")}</th></tr></thead>
      <tbody>${rows.map((p) => html`<tr key=${p}><th scope="row">${nameOf(state, p)}</th><td>${String(r.chips[p])}</td>
        <td>${signed(r.net[p])}${(r.rebuys || {})[p] ? ` ${t("({count} rebuy)|({count} rebuys)", { count: r.rebuys[p] })}` : ""}</td>
        <td>${String((r.drinks || {})[p] || 0)}</td></tr>`)}</tbody>
    </table>
  </section>`;
}

// The boxes, as many as fit. While `cut` is false, boxes that do not fit
// ask for the table's next, smaller form (`squeeze()`). When `cut` (the
// cards already in words, a crowded table where many hands were split), the
// last ones but the box in play are left out and a line says how many (the
// players panel still lists everybody).
function FitBoxes({ items, keep, cut, squeeze }) {
  const boxRef = useRef(null);
  const lineRef = useRef(null);
  const [hidden, setHidden] = useState(0);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const line = lineRef.current;
    if (!box || !line) return;
    // The boxes are left out from the last, never the one in play.
    const { fits, most } = leaveOutLast(box, [...box.firstElementChild.children], line, keep);
    if (!cut) {
      if (!fits(0)) squeeze();
      if (hidden) setHidden(0);
      return;
    }
    const n = fewestLeftOut(fits, most, hidden);
    fits(n);
    if (n !== hidden) setHidden(n);
  });
  return html`<div class="bx-fit" ref=${boxRef}>
    <div class="bx-boxes">${items}</div>
  </div>
  <p class="more-line bx-more" ref=${lineRef} hidden>${hidden ? t("+{count} more box at the table|+{count} more boxes at the table", { count: hidden }) : ""}</p>`;
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

export function HouseZone({ title, cards, total, felt, pile, count, compact, decks = 0 }) {
  if (compact) {
    return html`<section class="bx-dealer compact">
      <span class="bx-dealer-title">${title}</span>
      ${cards ? html`<${CardRow} cards=${cards} size="label" />` : null}
      <span class="bx-dealer-total">${total}</span>
      <span class="sub">${pileWords(pile, count, decks)}</span>
    </section>`;
  }
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

// -- the phone -------------------------------------------------------------------------------
// Any move a game's screen has no words of its own for, through the generic
// controls (so a new move is never lost on the phone).
export function otherMoves(state, send, known) {
  return state.you.actions.filter((a) => !known.has(a.type))
    .map((a) => html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${send} />`);
}

// A betting game's phone: the dealer's strip, your hands, your moves (or the
// result at the end), your side payouts and your stack.
export function BetPhone({ state, strip, hands, moves }) {
  return html`<div class="bet-phone">
    ${strip}
    ${hands}
    ${state.game.over ? html`<${BetResult} state=${state} />` : moves}
    <${SideAndNet} g=${state.game} pid=${state.you.player_id} className="my-payouts" />
    <${StackLine} state=${state} />
  </div>`;
}

// The phone's status line: the game's own words for what you are to do
// (say(state, acts) -> text, or null), else who the table waits for.
export function BetStatus({ state, say }) {
  const g = state.game;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  const mine = say(state, state.you.actions.map((a) => a.type));
  if (mine) return html`<div class="status-line mine">${mine}</div>`;
  if (g.turn) return html`<div class="status-line">${t("{name} to play", { name: html`<b>${nameOf(state, g.turn)}</b>` })}</div>`;
  if (g.waiting_for && g.waiting_for.length) {
    return html`<div class="status-line">${t("Waiting for {names}", { names: g.waiting_for.map((p) => nameOf(state, p)).join(", ") })}</div>`;
  }
  return html`<div class="status-line">${t("Waiting…")}</div>`;
}
