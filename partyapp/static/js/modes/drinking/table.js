// The table of Ring of Fire and Kings (modes/drinking.js): the ring of cards
// round the cup, the card just drawn with its rule and forfeits, the prompt
// in play and its outcome, the rules and the roles and mates; and what the
// table's voice says.
import { cx, html, useEffect, useFitText, useRef, useState } from "../../view.js";
import { isFamily, listOf, t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { word } from "../../words.js";
import { Card, CardBack } from "../../ui/cards.js";
import { PagedList } from "../../ui/pages.js";
import { forfeitWords, neckWords } from "../../forfeits.js";
import { Who } from "../../ui/who.js";
import { Countdown } from "../../ui/countdown.js";
import { chugWord, deckWord, holdersOf, raceTitle, ROLE_ORDER, roleTitle, viewer } from "./words.js";

const names = (state, pids) => listOf((pids || []).map((p) => html`<${Who} state=${state} pid=${p} />`));

// The cup filling with each king; in family mode nothing there is a drink:
// the family deck's crown, a jewel set in it with each king.
function Cup({ filled, of, necked }) {
  const fill = of && !necked ? Math.round((100 * filled) / of) : 0;
  return html`<div class=${cx("cup", necked && "necked")}><div class="cup-fill" style=${{ height: `${fill}%` }}></div>
    <div class="cup-label">${necked ? t("empty") : `${filled}/${of}`}</div></div>`;
}

// A deck with no cup (Kings): the kings as drawn, face up, the others to come.
function KingsDrawn({ kings }) {
  const slots = Array.from({ length: Math.max(kings.of, kings.cards.length) }, (_, i) => kings.cards[i] || null);
  return html`<div class="kings-drawn" aria-label=${t("kings {filled}/{of}", { filled: String(kings.cards.length), of: String(kings.of) })}>
    <div class="kings-slots">${slots.map((code, i) => (code ? html`<${Card} key=${code} code=${code} size="mini" />`
      : html`<div key=${`s${i}`} class="king-slot" aria-hidden="true"></div>`))}</div>
    <div class="kings-label">${`${kings.cards.length}/${kings.of}`}</div>
  </div>`;
}

function Crown({ filled, of }) {
  const n = Math.max(of, 1);
  const jewels = Array.from({ length: of }, (_, i) => html`<circle key=${i} class=${cx("jewel", i < filled && "set", `jewel-${i % 4}`)}
    cx=${12 + (76 * (i + 0.5)) / n} cy="60" r=${Math.min(8, 32 / n)} />`);
  return html`<div class="crown">
    <svg viewBox="0 0 100 76" aria-hidden="true" focusable="false">
      <path class="crown-body" d="M6 72 L6 22 L29 42 L50 8 L71 42 L94 22 L94 72 Z" />
      <circle class="crown-tip" cx="6" cy="20" r="5" /><circle class="crown-tip" cx="50" cy="7" r="5" />
      <circle class="crown-tip" cx="94" cy="20" r="5" />
      ${jewels}
    </svg>
    <div class="crown-label">${`${filled}/${of}`}</div>
  </div>`;
}

function Ring({ game }) {
  const total = game.remaining + game.drawn;
  const cards = [];
  for (let i = 0; i < game.remaining; i += 1) {
    cards.push(html`<div key=${i} class="ring-card" style=${{ "--a": `${(360 * i) / Math.max(total, 1)}deg` }}></div>`);
  }
  let middle;
  if (!game.cup) middle = game.kings && game.kings.of ? html`<${KingsDrawn} kings=${game.kings} />` : null;
  else if (isFamily()) middle = html`<${Crown} filled=${game.cup.necked ? game.cup.of : game.cup.filled} of=${game.cup.of} />`;
  else middle = html`<${Cup} filled=${game.cup.filled} of=${game.cup.of} necked=${game.cup.necked} />`;
  const label = game.cup ? t("{count} card left round the cup|{count} cards left round the cup", { count: game.remaining })
    : t("{count} card left|{count} cards left", { count: game.remaining });
  return html`<div class=${cx("ring", !game.cup && "no-cup")} role="img" aria-label=${label}>
    ${cards}
    ${middle}
    <div class="ring-count">${t("{count} left", { count: game.remaining })}</div>
  </div>`;
}

function RpsScore({ state, pr }) {
  const [a, b] = pr.players;
  return html`<span class="rps-score">${t("{a} {x} – {y} {b}", {
    a: html`<${Who} state=${state} pid=${a} />`, x: String(pr.wins[a] || 0), y: String(pr.wins[b] || 0),
    b: html`<${Who} state=${state} pid=${b} />`,
  })} ${t("(first to {count})", { count: pr.need })}</span>`;
}

export function PromptLine({ state }) {
  const g = state.game;
  const pr = g.prompt;
  const W = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  if (g.over) {
    const r = g.result || {};
    if (r.reason === "host") {
      return html`<div class="prompt-line over">${t("Game over")}${" — "}${r.by ? t("{name} ended the game.", { name: W(r.by) })
        : t("The host ended the game.")}</div>`;
    }
    return html`<div class="prompt-line over">${t("Game over")}${r.by
      ? [" — ", r.reason === "last_king" ? neckWords(state, r.by, g.cup ? "cup" : "last_king") : W(r.by)] : null}</div>`;
  }
  if (!pr) return html`<div class="prompt-line">${t("{name} to draw", { name: W(g.turn) })}</div>`;
  switch (pr.kind) {
    case "pick":
      return html`<div class="prompt-line">${pr.for === "mate" ? t("{name} is choosing a mate…", { name: W(pr.by) })
        : t("{name} is choosing who drinks…", { name: W(pr.by) })}</div>`;
    case "rule":
      return html`<div class="prompt-line">${t("{name} is making a rule…", { name: W(pr.by) })}</div>`;
    case "race":
      return html`<div class="prompt-line race">
        <span class="race-title">${raceCall(state, pr)}</span>
        ${" "}<${Countdown} state=${state} until=${pr.deadline} />
        ${pr.order.length ? html`<ol class="race-order">${pr.order.map((p, i) => html`<li key=${p}><span class="race-pos">${`${i + 1}.`}</span> ${nameOf(state, p)}${
          pr.thumb && pr.thumbs[p] && pr.thumbs[p] !== pr.thumb ? ` ${t("(wrong thumb!)")}` : ""}</li>`)}</ol>` : null}
        ${(pr.wrong || []).length ? html`<div class="sub wrong-thumb">${t("Wrong thumb, no copy yet: {names}", { names: names(state, pr.wrong) })}</div>` : null}
        ${pr.waiting.length ? html`<div class="sub">${t("Waiting for {names}", { names: names(state, pr.waiting) })}</div>` : null}
      </div>`;
    case "round":
      if (pr.turns === false || !pr.speaker) {
        // Played aloud: round the table from the drawer, nobody taps after a word.
        return html`<div class="prompt-line round-aloud">${t("{title}: say it round the table, starting with {name}", { title: deckWord(state, pr.title), name: W(pr.by) })}
          ${" "}${state.game.direction === -1 ? "←" : "→"}
          <div class="sub">${t("No taps while you play: {name} taps who messed up.", { name: W(pr.caller) })}</div></div>`;
      }
      return html`<div class="prompt-line">${t("{title}: {name}'s go", { title: deckWord(state, pr.title), name: W(pr.speaker) })}
        <div class="sub">${t("{count} said so far.", { count: pr.goes })} ${t("{name} taps who messed up.", { name: W(pr.caller) })}</div></div>`;
    case "chugalug":
      if (pr.phase === "choose") return html`<div class="prompt-line">${t("{name} starts chugalug: left or right?", { name: W(pr.by) })}</div>`;
      return html`<div class="prompt-line chug"><span class="chug-number">${String(pr.number)}</span>
        ${" "}${t("{name}'s go", { name: W(pr.speaker) })} ${pr.direction === 1 ? "→" : "←"}
        ${" "}<${Countdown} state=${state} until=${pr.deadline} />
        <div class="sub">${t("Multiples of 5 or 7: say \"chugalug\" and the count turns round.")}</div></div>`;
    case "rps":
      return html`<div class="prompt-line">${t("Paper, scissors, stone: {a} against {b}", { a: W(pr.players[0]), b: W(pr.players[1]) })}
        ${" "}<${Countdown} state=${state} until=${pr.deadline} />
        <div class="sub"><${RpsScore} state=${state} pr=${pr} /> · ${pr.picked.length
          ? t("picked: {names}", { names: names(state, pr.picked) }) : t("nobody has picked yet")}</div></div>`;
    default:
      return html`<div class="prompt-line">…</div>`;
  }
}

// What an open race asks for: taps on the phones, and on this screen too
// while a guest without a phone is in it and the table is a device they
// can tap (not a TV).
function raceCall(state, pr) {
  const title = raceTitle(state, pr.race, pr.title);
  const byId = Object.fromEntries((state.players || []).map((p) => [p.id, p]));
  const waiting = pr.waiting.map((p) => byId[p]).filter(Boolean);
  const guests = !state.room.table_tv && waiting.some((p) => p.guest);
  if (guests) {
    const named = pr.thumb === "left" ? t("{title} (left thumb)", { title }) : pr.thumb === "right" ? t("{title} (right thumb)", { title }) : title;
    return waiting.every((p) => p.guest) ? t("{title}: tap your name on this screen!", { title: named })
      : t("{title}: TAP your phones, or your name on this screen!", { title: named });
  }
  return pr.thumb === "left" ? t("{title} (left thumb): TAP your phones!", { title })
    : pr.thumb === "right" ? t("{title} (right thumb): TAP your phones!", { title })
      : t("{title}: TAP your phones!", { title });
}

// What the losers of the card in play take, each in their own form (from
// the latest forfeit logged for them).
function lostWords(state, losers) {
  const log = state.game.log || [];
  const entry = log.slice().reverse().find((e) => e.kind === "forfeit" && losers.some((p) => (e.drinks || {})[p]));
  if (!entry) return listOf(losers.map((p) => html`<b class="loser">${nameOf(state, p)}</b>`));
  const counts = entry.drinks || {};
  return forfeitWords(state, losers.filter((p) => counts[p]), 0, entry, { counts, you: viewer(state) });
}

export function Outcome({ state }) {
  const o = state.game.outcome;
  if (!o) return null;
  const W = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  const order = (list) => html`<ol class="race-order inline">${list.map((p, i) => html`<li key=${p}><span class="race-pos">${`${i + 1}.`}</span> ${nameOf(state, p)}</li>`)}</ol>`;
  if (o.kind === "race") {
    return html`<div class="outcome">${raceTitle(state, o.race, o.title)}${o.timed_out ? ` ${t("(time up)")}` : ""}: ${order(o.order)}
      ${o.losers.length ? [" — ", html`<span class="loser">${lostWords(state, o.losers)}</span>`] : null}</div>`;
  }
  if (o.kind === "waterfall") {
    if (o.cascade === false) {
      return html`<div class="outcome waterfall">${o.drawer === viewer(state) ? t("Waterfall — everybody drinks until you stop.")
        : t("Waterfall — everybody drinks until {name} stops.", { name: W(o.drawer) })}</div>`;
    }
    return html`<div class="outcome waterfall">${t("Waterfall — stop in this order: {order}", { order: order(o.order) })}</div>`;
  }
  if (o.kind === "round" && o.loser) {
    return html`<div class="outcome">${t("{title}: {name} messed up.", { title: deckWord(state, o.title), name: html`<b class="loser">${nameOf(state, o.loser)}</b>` })}
      ${" "}${lostWords(state, [o.loser])}</div>`;
  }
  if (o.kind === "chugalug" && o.loser) {
    return html`<div class="outcome">${t("Chugalug at {number}: {name} said {said} (it was {expected})", {
      number: String(o.number), name: html`<b class="loser">${nameOf(state, o.loser)}</b>`,
      said: o.said === null ? t("nothing") : chugWord(o.said), expected: chugWord(o.expected) })}</div>`;
  }
  if (o.kind === "rps" && o.winner) {
    return html`<div class="outcome">${t("Paper, scissors, stone: {winner} beats {loser}", { winner: W(o.winner), loser: html`<b class="loser">${nameOf(state, o.loser)}</b>` })}</div>`;
  }
  return null;
}

export function ruleItems(state) {
  return (state.game.rules || []).map((r, i) => html`<li key=${i}>
    <span class="rule-text">${r.text}</span> <span class="by">— ${nameOf(state, r.by)}</span></li>`).reverse();
}

// The forms the rules take before they turn pages (ui/pages.js), as the
// roles do: every rule is shown, the newest first, never "+N older rules"
// (no smaller than 0.85, where its maker's name is the TV's smallest type).
const RULE_FORMS = [[1, 1], [1, 0.92], [2, 1], [2, 0.92], [1, 0.85], [2, 0.85]];

function RulesPanel({ state }) {
  return html`<${PagedList} title=${t("Rules in force")} items=${ruleItems(state)} className="rules-panel" listClass="rules"
    forms=${RULE_FORMS} empty=${t("None yet.")} />`;
}

// The forms the roles take before they turn pages (ui/pages.js): smaller
// type, two columns, smaller type still (never below the TV's smallest
// readable size). Every holder is shown: no "+N more" nobody can tap.
const ROLE_FORMS = [[1, 1], [1, 0.92], [2, 1], [2, 0.92], [1, 0.85], [2, 0.85], [2, 0.8]];

// How many names the roles panel lists (a holder of two roles twice): more
// than there are rules, and the roles take the wider column.
function holderCount(g) {
  const roles = Object.keys(g.roles || {}).concat(Object.keys(g.holders || {}));
  return [...new Set(roles)].reduce((n, role) => n + holdersOf(g, role).length, 0)
    + (g.mates || []).reduce((n, group) => n + group.length, 0);
}

function RolesPanel({ state }) {
  const g = state.game;
  const roles = ROLE_ORDER.concat(Object.keys(g.roles || {}).filter((r) => !ROLE_ORDER.includes(r)));
  const items = roles.filter((role) => holdersOf(g, role).length).map((role) => html`<li key=${role} class="held" data-role=${role}>
    <span class="role-name">${roleTitle(role)}</span>
    <b>${listOf(holdersOf(g, role).map((p) => nameOf(state, p)))}</b>${role === "jail" && g.jail_pocketed
      ? html` <span class="pocketed">${t("(in the pocket)")}</span>` : null}</li>`);
  for (const [i, group] of (g.mates || []).entries()) {
    items.push(html`<li key=${`m${i}`} class="held mates"><span class="role-name">${t("Mates")}</span>
      <b>${listOf(group.map((p) => nameOf(state, p)))}</b></li>`);
  }
  const guys = (state.players || []).filter((p) => p.group === "guys").map((p) => p.name);
  const chicks = (state.players || []).filter((p) => p.group === "chicks").map((p) => p.name);
  if (guys.length) items.push(html`<li key="guys" class="group-line"><span class="role-name">${t("Guys")}</span><span>${listOf(guys)}</span></li>`);
  if (chicks.length) items.push(html`<li key="chicks" class="group-line"><span class="role-name">${t("Chicks")}</span><span>${listOf(chicks)}</span></li>`);
  return html`<div class="roles-col">
    <div class="direction">${g.direction === 1 ? t("Play goes clockwise ↻") : t("Play goes counter-clockwise ↺")}</div>
    <${PagedList} title=${t("Roles")} items=${items} className="roles-panel" listClass="roles" forms=${ROLE_FORMS}
      empty=${t("Nobody holds a card yet.")} />
  </div>`;
}

// The forfeits of the card in play (logged since it was drawn), each in its
// person's form: the card says "You must drink." and this line says that
// Bo, who does not drink, takes a point.
// On a phone (`send`), a forfeit of yours that your jail card can cancel
// offers it right there.
export function CardForfeits({ state, send = null }) {
  const log = state.game.log || [];
  let i = log.length - 1;
  while (i >= 0 && log[i].kind !== "draw") i -= 1;
  const entries = i >= 0 ? log.slice(i + 1).filter((e) => e.kind === "forfeit" && !e.undone) : [];
  if (!entries.length) return null;
  const jail = send ? ((state.you && state.you.actions) || []).find((a) => a.type === "jail") : null;
  const cancellable = new Set(jail ? jail.params.entry.one_of : []);
  return html`<div class="card-forfeits">${entries.map((e) => html`<div key=${e.id} class="card-forfeit">
    <span class="forfeit-words">${word(e, state)}</span>
    ${cancellable.has(e.id) ? html`<${JailButton} key="j" entry=${e.id} send=${send} />` : null}</div>`)}</div>`;
}

// "Cancel it with your jail card", beside a forfeit of yours.
function JailButton({ entry, send }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try { await send({ type: "jail", entry }); } finally { setBusy(false); }
  };
  return html`<button type="button" class="btn btn-jail-cancel" data-entry=${String(entry)} disabled=${busy}
    onClick=${run}>${t("Cancel it with your jail card")}</button>`;
}

function CardMeaning({ state }) {
  const g = state.game;
  const card = g.card;
  const lastId = (g.log && g.log.length) ? g.log[g.log.length - 1].id : 0;
  const ref = useFitText(card ? `${g.drawn}:${card.title}:${card.text}:${lastId}` : "none");
  const words = (text) => deckWord(state, text);
  return html`<div class="card-meaning" ref=${ref}>
    ${card ? [
      html`<div class="card-title" key="t">${words(card.title)}</div>`,
      html`<div class="card-rule" key="r">${card.text ? words(card.text) : ""}</div>`,
      g.last_drawer ? html`<div class="card-by" key="b">${t("drawn by {name}", { name: html`<${Who} state=${state} pid=${g.last_drawer} />` })}</div>` : null,
      html`<${CardForfeits} key="f" state=${state} />`,
    ] : html`<div class="card-title">${t("{title}: first card!", { title: t(g.title) })}</div>`}
  </div>`;
}

export function DrinkingTable({ state, ctx }) {
  const g = state.game;
  const seen = useRef({ drawn: g.drawn, race: g.prompt && g.prompt.kind === "race" });
  useEffect(() => {
    const race = Boolean(g.prompt && g.prompt.kind === "race");
    if (g.drawn !== seen.current.drawn && g.drawn) ctx.sound && ctx.sound(g.over ? "end" : "draw");
    if (race && !seen.current.race) ctx.sound && ctx.sound("race");
    seen.current = { drawn: g.drawn, race };
  }, [g.drawn, g.over, g.prompt && g.prompt.kind]);
  return html`<div class=${cx("drinking-table", `mode-${g.mode}`)}>
    <div class="dt-top">
      <${Ring} game=${g} />
      <div class="drawn">
        <div class="drawn-card">
          ${g.card ? html`<${Card} key=${g.drawn} code=${g.card.code} size="big" fresh />` : html`<${CardBack} size="big" />`}
          <div class="deck-count">${t("{count} left", { count: g.remaining })}${g.cup
            ? [" · ", g.cup.necked ? t("the cup is necked") : t("cup {filled}/{of}", { filled: String(g.cup.filled), of: String(g.cup.of) })]
            : g.kings && g.kings.of ? [" · ", t("kings {filled}/{of}", { filled: String(g.kings.cards.length), of: String(g.kings.of) })] : null}</div>
        </div>
        <${CardMeaning} state=${state} />
      </div>
    </div>
    <div class="dt-status"><${PromptLine} state=${state} /><${Outcome} state=${state} /></div>
    <div class=${cx("dt-panels", holderCount(g) > (g.rules || []).length && "roles-wide")}><${RulesPanel} state=${state} /><${RolesPanel} state=${state} /></div>
  </div>`;
}

// What the table's voice says (voice.js): the card just drawn, its title and rule.
export function spoken(state, before) {
  const g = state.game;
  const was = before.game && before.game.mode === g.mode ? before.game.drawn : null;
  if (!g.card || !g.drawn || g.drawn === was) return [];
  const title = deckWord(state, g.card.title);
  const rule = g.card.text ? deckWord(state, g.card.text) : "";
  return [rule ? `${title}${/[.!?…]$/.test(title) ? "" : "."} ${rule}` : title];
}
