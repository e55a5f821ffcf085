// Kings Corner: the table (the stock in the middle, North, East, South and
// West round it, the corners for kings, every pile fanned so that all its
// cards show; penalty points to the target or chips and the pot; what just
// happened is in the ticker below) and the
// phone (the same layout in small, your hand; tap a card then the place it
// goes, or slide it there; tap a pile to move it; draw to end the turn).
import { cx, html, useFitText } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { phrase, registerMessages } from "../words.js";
import { Card, CardBack, CardLabel } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { Chips } from "../ui/chips.js";
import { Result } from "../ui/result.js";
import { useDrag } from "../ui/place.js";
import { dealtByLot } from "../ui/seat.js";
import { useSend } from "../ui/send.js";
import { registerCauses } from "./kit.js";
import { registerMode } from "./registry.js";
import { Who } from "../ui/who.js";

// Where each space sits in the 3 x 3 layout, the stock in the middle.
const GRID = [["NW", "N", "NE"], ["W", "stock", "E"], ["SW", "S", "SE"]];
const SPACE_NAMES = {
  N: N_("North"), E: N_("East"), S: N_("South"), W: N_("West"),
  NE: N_("the north-east corner"), SE: N_("the south-east corner"), SW: N_("the south-west corner"), NW: N_("the north-west corner"),
};
const SHORT_NAMES = { N: N_("North"), E: N_("East"), S: N_("South"), W: N_("West"), NE: N_("NE"), SE: N_("SE"), SW: N_("SW"), NW: N_("NW") };
const spaceName = (sp) => t(SPACE_NAMES[sp] || sp);

const CHIP_REASONS = {
  ante: N_("{player} puts {amount} chip into the pot.|{player} puts {amount} chips into the pot."),
  idle: N_("{player} played no card: {amount} chip into the pot.|{player} played no card: {amount} chips into the pot."),
  king: N_("{player} kept a king back: {amount} chips into the pot."),
  cards: N_("{player} pays {amount} chip for the cards left.|{player} pays {amount} chips for the cards left."),
};

registerMessages({
  "kings_corner.deal": N_("Foundations turned: {foundations}."),
  "kings_corner.play": phrase((e) => [N_("{player} plays {card} on {space}."), { space: spaceName(e.to) }]),
  "kings_corner.move": phrase((e) => [N_("{player} moves the {pile} pile onto {space}."), { pile: t(SHORT_NAMES[e.pile]), space: spaceName(e.to) }]),
  "kings_corner.draw": N_("{player} draws {count} card.|{player} draws {count} cards."),
  "kings_corner.pass": N_("{player} ends the turn."),
  "kings_corner.out": N_("{player} has played every card and wins the deal!"),
  "kings_corner.impasse": N_("The stock is out and nobody can play: the deal ends."),
  "kings_corner.king_penalty": N_("{player} kept a king that could be played: {points} penalty points."),
  "kings_corner.chips": phrase((e) => [CHIP_REASONS[e.reason] || N_("{player} pays {amount}."), { count: e.amount }]),
  "kings_corner.pot": N_("{player} takes {amount} chips."),
  "kings_corner.reveal": N_("{player} is left with {cards}: {points} points."),
  "kings_corner.score": N_("{player}: {points} this deal, {total} in all."),
});
registerCauses({ deal_worst: N_("the most penalty points this deal"), game_loss: N_("lost the game") });

// The moves offered: {play: {card: [spaces]}, move: {space: [spaces]}, end: "draw"|"pass"|null}.
function legal(state) {
  const out = { play: {}, move: {}, end: null };
  for (const a of (state.you && state.you.actions) || []) {
    if (a.type === "play") {
      const to = a.params.to.one_of[0];
      for (const c of a.params.card.one_of) (out.play[c] = out.play[c] || []).push(to);
    } else if (a.type === "move") {
      out.move[a.params.pile.one_of[0]] = a.params.to.one_of;
    } else if (a.type === "draw" || a.type === "pass") {
      out.end = a.type;
    }
  }
  return out;
}

// A pile fanned left to right so that every card's corner shows; the step
// shrinks as the pile grows (em, at the pile's type size).
function Fan({ cards, width = 8.5 }) {
  const step = cards.length > 1 ? Math.min(1.6, width / (cards.length - 1)) : 0;
  return html`<div class="kc-fan">${cards.map((c, i) => html`<div key=${`${i}:${c}`} class="kc-fan-slot"
      style=${{ marginLeft: i ? `${(step - 4.5).toFixed(2)}em` : "0" }}>
    <${Card} code=${c} covered=${i < cards.length - 1} />
  </div>`)}</div>`;
}

function TableSpace({ name, cards }) {
  const corner = name.length === 2;
  return html`<div class=${cx("kc-space", corner && "corner")} data-space=${name}>
    ${cards.length ? html`<${Fan} cards=${cards} />` : html`<div class="card empty-slot">${corner ? html`<span class="kc-k">K</span>` : null}</div>`}
    <div class="kc-space-label">${t(SHORT_NAMES[name])}</div>
  </div>`;
}

function Stock({ game }) {
  return html`<div class="kc-space kc-stock" data-space="stock">
    ${game.piles.stock ? html`<${CardBack} />` : html`<div class="card empty-slot"></div>`}
    <div class="kc-space-label">${t("Stock: {count}", { count: game.piles.stock })}</div>
    ${typeof game.pot === "number" ? html`<div class="kc-pot">${t("Pot")} <${Chips} amount=${game.pot} /></div>` : null}
  </div>`;
}

function turnLine(state) {
  const g = state.game;
  if (!g.turn) return "";
  return t("{name}'s turn", { name: html`<${Who} state=${state} pid=${g.turn} />` });
}

function LastDeal({ state }) {
  const d = state.game.last_deal;
  if (!d) return null;
  const others = Object.entries(d.points).filter(([p]) => p !== d.winner);
  return html`<p class="kc-last">${d.winner
    ? t("Last deal: {name} went out.", { name: html`<${Who} state=${state} pid=${d.winner} />` })
    : t("Last deal ended with nobody out.")}
    ${" "}${others.map(([p, n], i) => html`<span key=${p}>${i ? ", " : ""}<${Who} state=${state} pid=${p} /> ${String(n)}</span>`)}</p>`;
}

function scoreWords(game) {
  if (game.scoring === "chips") return t("Chips and a pot");
  if (game.hands) return t("Penalty points, {count} deal|Penalty points, {count} deals", { count: game.hands });
  return t("Penalty points: the game ends at {target}", { target: game.target });
}

function Table({ state }) {
  const g = state.game;
  // the board's cards shrink a little to the room the area leaves it (the TV's strip of last entries keeps
  // its own), never below the TV's smallest readable type on their corners
  const fit = useFitText(`${g.round}:${Object.values(g.piles || {}).map((p) => p.length).join(",")}`, 0.96);
  return html`<div class="kc-table">
    <div class="kc-head">
      ${g.over ? null : html`<p class="big-line turn-line">${turnLine(state)}</p>`}
      <p class="sub">${t("Deal {round}", { round: g.round })} · ${scoreWords(g)} · ${t("one rank down in the other colour; kings start the corners")}</p>
    </div>
    ${g.over ? html`<${Result} state=${state} />` : html`<div class="kc-layout" ref=${fit}>
      ${GRID.flat().map((sp) => (sp === "stock" ? html`<${Stock} key="stock" game=${g} />`
        : html`<${TableSpace} key=${sp} name=${sp} cards=${g.piles[sp] || []} />`))}
    </div>`}
    <${LastDeal} state=${state} />
  </div>`;
}

// -- the phone ---------------------------------------------------------------------
function PhoneSpace({ name, cards, target, picked, source, onTap }) {
  const corner = name.length === 2;
  const shown = cards.length > 1 ? [cards[0], cards[cards.length - 1]] : cards;
  return html`<button type="button" class=${cx("kc-cell", corner && "corner", target && "target", picked && "picked", source && "source")}
      data-drop=${name} data-space=${name} aria-label=${t("{space}: {count} card|{space}: {count} cards", { space: spaceName(name), count: cards.length })}
      onClick=${() => onTap(name)}>
    <span class="kc-cell-cards">${shown.length ? shown.map((c, i) => html`<${Card} key=${`${i}:${c}`} code=${c} size="mini"
      covered=${i < shown.length - 1} />`) : html`<span class="card mini empty-slot"></span>`}</span>
    <span class="kc-cell-label">${cards.length > 2 ? t("{space} · {count}", { space: t(SHORT_NAMES[name]), count: cards.length }) : t(SHORT_NAMES[name])}</span>
  </button>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if (!(g.dealt || []).includes(me)) return html`<div class="status-line">${t("You are dealt in at the next deal.")}</div>`;
  if (g.turn !== me) return html`<div class="status-line">${t("{name} is playing.", { name: html`<b>${nameOf(state, g.turn)}</b>` })}</div>`;
  return html`<div class="status-line mine">${t("Your turn: play what you can, then end your turn.")}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const me = you.player_id;
  const moves = legal(state);
  // picked: {card} from the hand or {pile} on the table, kept through frames.
  const [picked, setPicked] = useKept("kings_corner.picked", null, "game");
  const [act, busy] = useSend(send, () => setPicked(null));
  const pick = picked && ((picked.card && moves.play[picked.card]) || (picked.pile && moves.move[picked.pile])) ? picked : null;
  const targets = pick ? (pick.card ? moves.play[pick.card] : moves.move[pick.pile]) : [];
  const drag = useDrag((card, space) => {
    if ((moves.play[card] || []).includes(space)) act({ type: "play", card, to: space });
  });
  const tapSpace = (space) => {
    if (pick && targets.includes(space)) {
      act(pick.card ? { type: "play", card: pick.card, to: space } : { type: "move", pile: pick.pile, to: space });
    } else if (moves.move[space]) {
      setPicked(pick && pick.pile === space ? null : { pile: space });
    }
  };
  const playable = Object.keys(moves.play);
  let hint = "";
  if (pick && pick.card) hint = t("Tap a marked place for {card} (or slide it there).", { card: html`<${CardLabel} code=${pick.card} />` });
  else if (pick) hint = t("Tap the marked place to move the {pile} pile.", { pile: t(SHORT_NAMES[pick.pile]) });
  else if (g.turn === me && (playable.length || Object.keys(moves.move).length)) hint = t("Tap a card, then where it goes. A marked pile can move: tap it.");
  return html`<div class="kc-phone">
    <p class="sub kc-score">${g.scoring === "chips"
      ? t("Your chips: {count} · pot {pot}", { count: (g.chips || {})[me] || 0, pot: g.pot })
      : t("Your penalty points: {count}", { count: (g.scores || {})[me] || 0 })} · ${scoreWords(g)}</p>
    ${moves.end ? html`<div class="actions kc-end">
      <button type="button" class="btn btn-big btn-primary" data-action=${moves.end} disabled=${busy}
        onClick=${() => act({ type: moves.end })}>${moves.end === "draw" ? t("Draw a card — end your turn") : t("End your turn")}</button>
    </div>` : null}
    ${g.over ? null : html`<div class="kc-grid">
      ${GRID.flat().map((sp) => (sp === "stock"
        ? html`<div key="stock" class="kc-cell kc-cell-stock"><span class="kc-cell-cards">${g.piles.stock
          ? html`<${CardBack} size="mini" />` : html`<span class="card mini empty-slot"></span>`}</span>
          <span class="kc-cell-label">${t("Stock: {count}", { count: g.piles.stock })}</span></div>`
        : html`<${PhoneSpace} key=${sp} name=${sp} cards=${g.piles[sp] || []} target=${targets.includes(sp)}
            picked=${Boolean(pick && pick.pile === sp)} source=${!pick && Boolean(moves.move[sp])} onTap=${tapSpace} />`))}
    </div>`}
    ${hint ? html`<p class="kc-hint">${hint}</p>` : null}
    ${(you.hand || []).length ? html`<div class="kc-hand"><${Hand} cards=${you.hand} selected=${pick && pick.card ? [pick.card] : []}
      enabled=${playable} drag=${drag} aceLow=${true}
      onToggle=${playable.length ? (c) => setPicked(pick && pick.card === c ? null : { card: c }) : undefined} /></div>` : null}
    ${g.over ? html`<${Result} state=${state} />` : null}
  </div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if (g.scoring !== "chips" && g.scores && typeof g.scores[player.id] === "number") {
    badges.push({ text: t("{count} pt|{count} pts", { count: g.scores[player.id] }), kind: "score" });
  }
  if (g.dealer === player.id && !g.over && !dealtByLot(state, player)) badges.push({ text: t("dealer"), kind: "role" });
  return {
    handSize: g.hand_sizes ? g.hand_sizes[player.id] : undefined,
    chips: g.chips ? g.chips[player.id] : undefined,
    badges,
  };
}

registerMode(["kings_corner"], { Table, Phone, Status, seatInfo });
