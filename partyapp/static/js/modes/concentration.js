// Concentration: the TV shows the layout face down in its grid, each place
// numbered, the cards turned this turn face up, the last miss until the next
// card is turned, and everybody's pairs; the phone shows the same grid, and
// on your turn you tap the places to turn, one card and then the second.
import { cx, html } from "../view.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { CardLabel, cardName, parseCard, rankWord, suitClass } from "../ui/cards.js";
import { Result } from "../ui/result.js";
import { registerMode } from "./registry.js";
import { Who } from "../ui/who.js";

const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

function gridStyle(g, columns = g.columns) {
  return { "--cols": String(columns), "--rows": String(Math.ceil(g.grid.length / columns)) };
}

// The phone's grid keeps the TV's columns while each card gets a 44 px
// thumb's width (and a gap), and wraps into fewer columns on a narrower
// screen: the places keep their numbers, so the TV's place is found by its
// number.
const PHONE_CELL_PX = 48;
function phoneColumns(g) {
  const width = Math.min(window.innerWidth, document.documentElement.clientWidth || window.innerWidth) - 40;
  return Math.max(1, Math.min(g.columns, Math.floor(width / PHONE_CELL_PX)));
}

// One place of the layout on the TV.
function Place({ value, index, fresh }) {
  if (value === false) return html`<div class="place taken" aria-label=${t("taken")}></div>`;
  if (value === null) {
    return html`<div class="place down" role="img" aria-label=${t("face-down card {n}", { n: String(index + 1) })}>
      <span class="place-no">${String(index + 1)}</span></div>`;
  }
  return html`<div class="place up"><${BigFace} code=${value} fresh=${fresh} /></div>`;
}

// A face read from across the room: its rank and suit large in the middle.
function BigFace({ code, fresh }) {
  const c = parseCard(code);
  return html`<div class=${cx("card big-face", c.red ? "red" : "black", suitClass(c), fresh && "flip-in")} role="img" aria-label=${cardName(code)}
    data-card=${code}><span class="big-rank">${c.rank}</span><span class="big-suit">${SUIT_SIGNS[c.suit]}</span></div>`;
}

function Grid({ game }) {
  return html`<div class="memory-box"><div class="memory-grid" style=${gridStyle(game)}>
    ${game.grid.map((v, i) => html`<${Place} key=${i} value=${v} index=${i} fresh=${game.picked.includes(i)} />`)}
  </div></div>`;
}

// The last thing that happened, in a line: a pair found, a miss.
function lastMove(game) {
  for (let i = game.log.length - 1; i >= 0; i -= 1) {
    const e = game.log[i];
    if (e.msg === "concentration.match" || e.msg === "concentration.miss") return e;
  }
  return null;
}

function TurnLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  const name = html`<${Who} state=${state} pid=${g.turn} />`;
  return html`<div class="turn-big">${g.picked.length
    ? t("{name} turns a second card…", { name }) : t("{name} turns two cards", { name })}</div>`;
}

function ConcentrationTable({ state }) {
  const g = state.game;
  const last = lastMove(g);
  return html`<div class="memory-table">
    <div class="memory-head">
      <${TurnLine} state=${state} />
      ${last ? html`<div class=${cx("memory-last", last.msg === "concentration.match" ? "found" : "missed")}>${last.msg === "concentration.match"
        ? t("{name} found a pair: {cards}", { name: html`<${Who} state=${state} pid=${last.player} />`,
          cards: [html`<${CardLabel} code=${last.cards[0]} />`, " ", html`<${CardLabel} code=${last.cards[1]} />`] })
        : last.cards ? t("{name} missed: {a} and {b}", { name: html`<${Who} state=${state} pid=${last.player} />`,
          a: html`<${CardLabel} code=${last.cards[0]} />`, b: html`<${CardLabel} code=${last.cards[1]} />` })
        : t("{name} missed a pair", { name: html`<${Who} state=${state} pid=${last.player} />` })}</div>` : null}
    </div>
    ${g.over ? html`<${Result} state=${state} />` : html`<${Grid} game=${g} />`}
  </div>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if (g.turn === me) {
    return html`<div class="status-line mine">${g.picked.length ? t("Now tap the second card") : t("Your turn: tap a card to turn it")}</div>`;
  }
  return html`<div class="status-line">${t("{name} is turning cards", { name: html`<b>${nameOf(state, g.turn)}</b>` })}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const me = state.you.player_id;
  const spec = state.you.actions.find((a) => a.type === "pick");
  const open = new Set(spec ? spec.params.position.one_of : []);
  const pairs = (g.pairs && g.pairs[me]) || [];
  return html`<div class="memory-phone">
    ${g.over ? html`<${Result} state=${state} />` : html`<div class="memory-grid phone-grid" style=${gridStyle(g, phoneColumns(g))}>
      ${g.grid.map((v, i) => {
        if (v === false) return html`<div key=${i} class="cell taken"></div>`;
        const c = v === null ? null : parseCard(v);
        const face = c ? [html`<span class="cell-rank">${c.rank}</span>`, html`<span class="cell-suit">${SUIT_SIGNS[c.suit]}</span>`]
          : String(i + 1);
        // The last miss lies face up until the next card is turned: it may be turned again.
        return html`<button key=${i} type="button" class=${cx("cell", c ? "up" : "down", c && c.red && "red", suitClass(c), open.has(i) && "open")}
          data-position=${String(i)} data-card=${v || undefined} disabled=${!open.has(i)}
          aria-label=${c ? t("Card {n}: {card}", { n: String(i + 1), card: cardName(v) }) : t("Turn card {n}", { n: String(i + 1) })}
          onClick=${() => send({ type: "pick", position: i })}>${face}</button>`;
      })}
    </div>`}
    <div class="my-stack">${t("Your pairs: {count}", { count: pairs.length })}${pairs.length ? " · " : ""}
      ${pairs.map((p, i) => html`<span key=${i} class="my-pair">${rankWord(p[0].slice(0, -1))}</span>`)}</div>
  </div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const n = g.scores ? g.scores[player.id] : undefined;
  return { badges: typeof n === "number" ? [{ text: t("{count} pair|{count} pairs", { count: n }), kind: "role" }] : [] };
}

registerMessages({
  // A card face down again is no longer named (its card null), unless the memory aid is on.
  "concentration.pick": (values, entry) => (entry.card
    ? t("{player} turns card {n}: {card}.", { player: values.player, n: String(entry.position + 1), card: values.card })
    : t("{player} turned card {n}.", { player: values.player, n: String(entry.position + 1) })),
  "concentration.match": N_("{player} found a pair: {cards}, and goes again."),
  "concentration.miss": (values, entry) => (entry.cards
    ? t("{player} missed: {cards}.", values)
    : t("{player} missed: cards {a} and {b}.", { player: values.player, a: String(entry.positions[0] + 1), b: String(entry.positions[1] + 1) })),
});

registerMode(["concentration"], { Table: ConcentrationTable, Phone, Status, seatInfo });
