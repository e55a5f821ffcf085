// Croatian Rummy: the table (the stock, the discard line with every card
// showing, everybody's sets with what each joker stands for, the scores to
// 500) and the phone (draw or take from the line, choose cards for a set or a
// run, lay off, swap a joker, discard: tap a card then a set or the line, or
// slide it there).
import { cx, html } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { registerMessages } from "../words.js";
import { Card, CardBack, CardLabel, cardShort } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { LogList } from "../ui/ticker.js";
import { Result } from "../ui/result.js";
import { useDrag } from "../ui/place.js";
import { dealtByLot } from "../ui/seat.js";
import { useSend } from "../ui/send.js";
import { causeWords, registerCauses } from "./kit.js";
import { causedWords, forfeitWords, joinWords, neckBadge, neckWords } from "../forfeits.js";
import { registerMode } from "./registry.js";
import { Who } from "../ui/who.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

registerMessages({
  "croatian_rummy.deal": N_("{first} gets eight cards and starts by discarding."),
  "croatian_rummy.draw": N_("{player} draws from the stock."),
  "croatian_rummy.reshuffle": N_("The stock is out: the discard line becomes the new stock ({count} cards)."),
  "croatian_rummy.take": N_("{player} takes {cards} from the line."),
  "croatian_rummy.meld": N_("{player} lays down {cards}."),
  "croatian_rummy.layoff": N_("{player} adds {card} to a set of theirs."),
  "croatian_rummy.swap": N_("{player} puts {card} in {owner}'s set and takes the joker."),
  "croatian_rummy.discard": N_("{player} discards {card}."),
  "croatian_rummy.out": N_("Rummy! {player} goes out."),
  "croatian_rummy.stock_out": N_("The stock is out: the round ends."),
  "croatian_rummy.reveal": N_("{player} is left holding {cards}."),
  "croatian_rummy.score": N_("{player}: {plus} laid, −{minus} in hand: {points} ({total} in all)."),
  "croatian_rummy.drinks": (values, e, state, plain) => causedWords(causeWords(e.cause),
    forfeitWords(state, e.players, e.count, e, { plain, fingers: true })),
  "croatian_rummy.finish_drinks": (values, e, state, plain) => joinWords(e.players.map((p) => neckWords(state, p, "finish", plain))),
});
registerCauses({
  rummy: N_("rummy!"), joker_laid: N_("a joker laid"), joker_taken: N_("their joker was taken"),
  joker_caught: N_("caught with a joker in hand"),
});

// What a joker stands for: "4♥", or "any 7" in a set of a kind.
function jokerWords(j) {
  if (!j) return "";
  return j.suit ? `${j.rank}${SUIT[j.suit]}` : t("any {rank}", { rank: j.rank });
}

function cardsText(cards) {
  return cards.map(cardShort).join(" ");
}

const RUN_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

// What the jokers of a meld offered as a list of cards would stand for
// ("4♥", "any 9"), for the buttons that lay it down.
function jokerNotes(cards) {
  const naturals = cards.map((c, i) => [c, i]).filter(([c]) => c[0] !== "X");
  if (!naturals.length || naturals.length === cards.length) return [];
  const ranks = naturals.map(([c]) => c.slice(0, -1));
  if (ranks.every((r) => r === ranks[0])) return [t("the joker as any {rank}", { rank: ranks[0] })];
  const high = ranks.some((r) => r === "K" || r === "Q");
  const [first, at] = naturals.find(([c]) => c.slice(0, -1) !== "A") || naturals[0];
  const rank = first.slice(0, -1);
  const value = rank === "A" ? (high ? 14 : 1) : RUN_RANKS.indexOf(rank) + 1;
  const suit = first.slice(-1);
  return cards.map((c, i) => (c[0] === "X" ? `${RUN_RANKS[value + (i - at) - 1]}${SUIT[suit]}` : null)).filter(Boolean)
    .map((x) => t("the joker as {card}", { card: x }));
}

function sameCards(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

// A meld as small cards overlapping, each joker with what it stands for
// (or, ``compact``, as one line of card names); a button to tap or slide a
// card onto where ``onTap`` is given.
function Meld({ meld, drop = false, target = false, onTap, compact = false }) {
  const inner = compact ? html`<${MeldLine} meld=${meld} tagged=${!onTap} />` : html`<span class="rummy-meld-cards">${meld.cards.map((c, i) => html`<span key=${c} class="rummy-meld-slot">
      <${Card} code=${c} covered=${i < meld.cards.length - 1} />
      ${meld.jokers[i] ? html`<span class="rummy-joker-as">=${jokerWords(meld.jokers[i])}</span>` : null}
    </span>`)}</span>`;
  if (!onTap) return compact ? inner : html`<div class="rummy-meld" data-meld=${meld.id}>${inner}</div>`;
  return html`<button type="button" class=${cx("rummy-meld", compact && "as-line", target && "target")} data-meld=${meld.id}
    data-drop=${drop ? `meld:${meld.id}` : undefined} onClick=${() => onTap(meld.id)}
    aria-label=${t("Set: {cards}", { cards: cardsText(meld.cards) })}>${inner}</button>`;
}

// A meld as one line of card names, for a crowded table.
function MeldLine({ meld, tagged = true }) {
  return html`<span class="rummy-meld-line" data-meld=${tagged ? meld.id : undefined}>${meld.cards.map((c, i) => (meld.jokers[i]
    ? html`<b key=${c} class="rummy-joker-name">${t("Joker")}=${jokerWords(meld.jokers[i])}</b>`
    : html`<${CardLabel} key=${c} code=${c} />`))}</span>`;
}

// Everybody's sets, by owner: as cards, or as lines of card names when there
// are more than ``compactAfter`` sets (COMPACT_AFTER on the TV; fewer on a
// phone, whose hand and buttons must stay on its first screen).
const COMPACT_AFTER = 4;
const PHONE_COMPACT_AFTER = 2;

function Melds({ state, targets = [], onTap, compactAfter = COMPACT_AFTER }) {
  const g = state.game;
  const owners = [];
  for (const m of g.melds) if (!owners.includes(m.owner)) owners.push(m.owner);
  if (!owners.length) return html`<p class="sub rummy-no-melds">${t("No sets down yet.")}</p>`;
  const compact = g.melds.length > compactAfter;
  return html`<div class=${cx("rummy-melds", compact && "compact")}>${owners.map((o) => html`<div class="rummy-owner" key=${o}>
    <span class="rummy-owner-name"><${Who} state=${state} pid=${o} /></span>
    <span class="rummy-owner-sets">${g.melds.filter((m) => m.owner === o).map((m) => html`<${Meld} key=${m.id} meld=${m}
      drop=${Boolean(onTap)} target=${targets.includes(m.id)} onTap=${onTap} compact=${compact} />`)}</span>
  </div>`)}</div>`;
}

// The discard line, every card's corner showing, the end card whole.
function Line({ cards, width = 30, takes = [], chosen = null, onTap, drop = false }) {
  const step = cards.length > 1 ? Math.min(2.4, width / (cards.length - 1)) : 0;
  return html`<div class=${cx("rummy-line", drop && "drop")} data-drop=${drop ? "line" : undefined}>
    ${cards.length ? cards.map((c, i) => {
      const slot = { marginLeft: i ? `${(step - 4.5).toFixed(2)}em` : "0" };
      const covered = i < cards.length - 1;
      const can = takes.includes(i);
      const inChosen = chosen !== null && i >= chosen;
      return onTap
        ? html`<button type="button" key=${`${i}:${c}`} style=${slot} class=${cx("rummy-line-slot", can && "target", inChosen && "picked")}
            data-position=${i} disabled=${!can} onClick=${() => onTap(i)} aria-label=${cardShort(c)}>
            <${Card} code=${c} covered=${covered} /></button>`
        : html`<div key=${`${i}:${c}`} style=${slot} class="rummy-line-slot"><${Card} code=${c} covered=${covered} /></div>`;
    }) : html`<span class="sub">${t("The discard line is empty.")}</span>`}
  </div>`;
}

function turnLine(state) {
  const g = state.game;
  if (!g.turn) return "";
  const who = html`<${Who} state=${state} pid=${g.turn} />`;
  if (g.pending) return t("{name} lays a set with {card} from the line.", { name: who, card: html`<${CardLabel} code=${g.pending} />` });
  if (g.phase === "draw") return t("{name} draws from the stock or takes from the line.", { name: who });
  return t("{name} lays down, adds, swaps — then discards.", { name: who });
}

function LastRound({ state }) {
  const r = state.game.last_round;
  if (!r) return null;
  const rows = Object.entries(r.players);
  return html`<p class="rummy-last">${r.winner
    ? t("Last round: rummy for {name}.", { name: html`<${Who} state=${state} pid=${r.winner} />` })
    : t("Last round: the stock ran out.")}
    ${" "}${rows.map(([p, s], i) => html`<span key=${p}>${i ? ", " : ""}<${Who} state=${state} pid=${p} /> ${s.points > 0 ? `+${s.points}` : String(s.points)}</span>`)}</p>`;
}

function Table({ state }) {
  const g = state.game;
  return html`<div class="rummy-table">
    <div class="rummy-head">
      ${g.over ? null : html`<p class="big-line turn-line">${turnLine(state)}</p>`}
      <p class="sub">${t("Round {round} · the first to {target} wins", { round: g.round, target: g.target })}</p>
    </div>
    ${g.over ? html`<${Result} state=${state} />` : html`<div class="rummy-middle">
      <div class="rummy-stock">
        ${g.piles.stock ? html`<${CardBack} />` : html`<div class="card empty-slot"></div>`}
        <div class="sub">${t("Stock: {count}", { count: g.piles.stock })}</div>
      </div>
      <div class="rummy-line-box">
        <div class="panel-title">${t("The discard line ({count})", { count: g.piles.line.length })}</div>
        <${Line} cards=${g.piles.line} />
      </div>
    </div>`}
    ${g.over ? null : html`<${Melds} state=${state} />`}
    ${g.over ? null : html`<${LastRound} state=${state} />`}
    ${g.over ? null : html`<${LogList} state=${state} />`}
  </div>`;
}

// -- the phone -----------------------------------------------------------------------
function offered(state) {
  const out = { draw: false, takes: [], melds: [], layoff: {}, swap: {}, discard: [] };
  for (const a of state.you.actions || []) {
    const p = a.params;
    if (a.type === "draw") out.draw = true;
    else if (a.type === "take") out.takes = p.position.one_of;
    else if (a.type === "meld") out.melds = p.cards.one_of;
    else if (a.type === "discard") out.discard = p.card.one_of;
    else if (a.type === "layoff" || a.type === "swap") {
      const id = p.meld.one_of[0];
      for (const c of p.card.one_of) (out[a.type][c] = out[a.type][c] || []).push(id);
    }
  }
  return out;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if (!(g.dealt || []).includes(me)) return html`<div class="status-line">${t("You are dealt in at the next round.")}</div>`;
  if (g.turn !== me) return html`<div class="status-line">${turnLine(state)}</div>`;
  if (g.pending) return html`<div class="status-line mine">${t("Lay a set with the {card} you took.", { card: html`<${CardLabel} code=${g.pending} />` })}</div>`;
  if (g.phase === "draw") return html`<div class="status-line mine">${t("Your turn: draw from the stock, or take from the line.")}</div>`;
  return html`<div class="status-line mine">${t("Lay down sets if you like, then discard a card.")}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const me = you.player_id;
  const moves = offered(state);
  const hand = you.hand || [];
  const [chosen, setChosen] = useKept("hand", [], "game");
  const [takeAt, setTakeAt] = useKept("rummy.take", null, "game");
  const [act, busy] = useSend(send, () => { setChosen([]); setTakeAt(null); });
  // A card taken from further back in the line goes into the next set: it stays chosen.
  const must = g.turn === me && g.pending && hand.includes(g.pending) ? g.pending : null;
  const selection = [...(must ? [must] : []), ...chosen.filter((c) => hand.includes(c) && c !== must)];
  const one = selection.length === 1 ? selection[0] : null;
  const drop = (card, where) => {
    if (where === "line" && moves.discard.includes(card)) act({ type: "discard", card });
    else if (where.startsWith("meld:")) {
      const id = Number(where.slice(5));
      if ((moves.layoff[card] || []).includes(id)) act({ type: "layoff", card, meld: id });
      else if ((moves.swap[card] || []).includes(id)) act({ type: "swap", card, meld: id });
    }
  };
  const drag = useDrag(drop);
  const tapMeld = (id) => {
    if (!one) return;
    if ((moves.layoff[one] || []).includes(id)) act({ type: "layoff", card: one, meld: id });
    else if ((moves.swap[one] || []).includes(id)) act({ type: "swap", card: one, meld: id });
  };
  const meldTargets = one ? [...(moves.layoff[one] || []), ...(moves.swap[one] || [])] : [];
  const laying = moves.melds.filter((m) => sameCards(m, selection));
  const toggle = (code) => {
    if (code === must) return;
    setChosen(selection.includes(code) ? selection.filter((c) => c !== code) : [...selection, code]);
  };
  const myTurn = g.turn === me && !g.over;
  const take = takeAt !== null && moves.takes.includes(takeAt) ? takeAt : null;
  const line = g.piles.line;
  const scoreNow = (g.scores || {})[me] || 0;
  return html`<div class="rummy-phone">
    <p class="sub rummy-score">${t("Your points: {count} · cards in hand cost {cost}", { count: scoreNow, cost: you.hand_points || 0 })}</p>
    ${g.over ? null : html`<section class="rummy-line-phone" aria-label=${t("The discard line")}>
      <div class="panel-title">${t("The discard line ({count})", { count: line.length })}${myTurn && g.phase === "draw" && moves.takes.length > 1
        ? ` · ${t("marked cards can be taken with those after them")}` : ""}</div>
      <${Line} cards=${line} width=${20} takes=${myTurn && g.phase === "draw" ? moves.takes : []} chosen=${take}
        onTap=${myTurn && g.phase === "draw" ? (i) => setTakeAt(take === i ? null : i) : undefined}
        drop=${myTurn && moves.discard.length > 0} />
    </section>`}
    ${myTurn && g.phase === "draw" ? html`<div class="actions">
      ${moves.draw ? html`<button type="button" class="btn btn-big btn-primary" data-action="draw" disabled=${busy}
        onClick=${() => act({ type: "draw" })}>${t("Draw from the stock ({count})", { count: g.piles.stock })}</button>` : null}
      ${take !== null ? html`<button type="button" class="btn btn-big" data-action="take" disabled=${busy}
        onClick=${() => act({ type: "take", position: take })}><span>${take === line.length - 1
          ? t("Take {card}", { card: html`<${CardLabel} code=${line[take]} />` })
          : t("Take {card} and the {count} after it (it goes into a set now)", { card: html`<${CardLabel} code=${line[take]} />`, count: line.length - 1 - take })}</span></button>`
        : moves.takes.length ? html`<p class="sub">${t("Or tap a marked card of the line to take it.")}</p>` : null}
    </div>` : null}
    ${g.melds.length && !g.over ? html`<section class="rummy-table-sets" aria-label=${t("Sets on the table")}>
      <div class="panel-title">${t("Sets on the table")}</div>
      <${Melds} state=${state} targets=${meldTargets} onTap=${myTurn ? tapMeld : undefined} compactAfter=${PHONE_COMPACT_AFTER} />
    </section>` : null}
    ${hand.length ? html`<div class="rummy-hand"><${Hand} cards=${hand} selected=${selection}
      onToggle=${myTurn && g.phase === "play" ? toggle : undefined} drag=${myTurn && g.phase === "play" ? drag : undefined} /></div>` : null}
    ${myTurn && g.phase === "play" ? html`<div class="actions rummy-moves">
      ${laying.map((cards) => html`<button type="button" key=${cards.join(",")} class="btn btn-big btn-primary" data-action="meld"
        disabled=${busy} onClick=${() => act({ type: "meld", cards })}>${jokerNotes(cards).length
          ? t("Lay down {cards} ({notes})", { cards: cardsText(cards), notes: jokerNotes(cards).join(", ") })
          : t("Lay down {cards}", { cards: cardsText(cards) })}</button>`)}
      ${one && (moves.layoff[one] || []).length ? html`<p class="sub">${t("Tap a marked set to add {card} to it.", { card: html`<${CardLabel} code=${one} />` })}</p>` : null}
      ${one && (moves.swap[one] || []).length ? html`<p class="sub">${t("Tap a marked set to put {card} in place of its joker.", { card: html`<${CardLabel} code=${one} />` })}</p>` : null}
      ${one && moves.discard.includes(one) ? html`<button type="button" class="btn btn-big" data-action="discard" disabled=${busy}
        onClick=${() => act({ type: "discard", card: one })}><span>${t("Discard {card} — end your turn", { card: html`<${CardLabel} code=${one} />` })}</span></button>` : null}
      ${!selection.length ? html`<p class="sub">${moves.melds.length
        ? t("Tap cards for a set or a run, or one card to discard or add to a set.")
        : t("Tap a card to discard it (or slide it onto the line).")}</p>` : null}
      ${selection.length > 1 && !laying.length ? html`<p class="sub">${t("These cards make no set or run.")}</p>` : null}
    </div>` : null}
    ${g.over ? html`<${Result} state=${state} />` : null}
  </div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if (g.scores && typeof g.scores[player.id] === "number") {
    badges.push({ text: t("{count} pt|{count} pts", { count: g.scores[player.id] }), kind: "score" });
  }
  if (g.necks && g.necks[player.id]) badges.push({ text: neckBadge(state, player.id, 1, true), kind: "neck" });
  if (g.dealer === player.id && !g.over && !dealtByLot(state, player)) badges.push({ text: t("dealer"), kind: "role" });
  return { handSize: g.hand_sizes ? g.hand_sizes[player.id] : undefined, badges };
}

registerMode(["croatian_rummy"], { Table, Phone, Status, seatInfo });
