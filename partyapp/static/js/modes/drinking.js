// Ring of Fire and Kings: the table (ring of cards round the cup, the card
// just drawn with its rule, the prompt in play, rules, roles and mates) and
// the phone (tap to draw, the prompt aimed at you, your cards, penalties).
// Their log is message keys with parameters, worded here; a standard deck's
// words (card titles and rules) are worded through the catalogue, a house
// deck's (house_deck) shown as their authors typed them.
import { cx, html, useEffect, useFitText, useNow, useRef, useState } from "../view.js";
import { useKept } from "../keep.js";
import { isFamily, listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages, word, wordText } from "../words.js";
import { Card, CardBack } from "../ui/cards.js";
import { MoreList } from "../ui/more.js";
import { ActionControl } from "../ui/action.js";
import { registerMode } from "./registry.js";
import { secondsLeft } from "./kit.js";
import { openEditor } from "../editor.js";
import { forfeitWords, kingWords, matesWords, neckBadge, neckWords, pourWords } from "../forfeits.js";
import { Who } from "../ui/who.js";

const ROLE_TITLES = {
  question_master: N_("Question master"),
  thumbmaster: N_("Thumbmaster"),
  toilet: N_("Toilet card"),
  jail: N_("Get out of jail free"),
  question_card: N_("Question card"),
};
const roleTitle = (role) => t(ROLE_TITLES[role] || role);
const ROLE_ORDER = ["question_master", "question_card", "thumbmaster", "toilet", "jail"];
// Everybody holding a role: several hold one where every card is its own
// (Kings' queens and fours: game.holders), else its one holder.
const holdersOf = (g, role) => ((g.holders && g.holders[role]) || (g.roles && g.roles[role] ? [g.roles[role]] : []));
// The person whose own phone this is: their forfeits are said to them ("you").
const viewer = (s) => (typeof document !== "undefined" && document.body && document.body.classList.contains("page-phone")
  && s.you && s.you.player_id) || null;
// A deck's words: a standard deck's in this screen's language.
const deckWord = (state, text) => (state.game && state.game.house_deck ? text : t(text));
const raceTitle = (state, race, title) => (race === "thumb" ? t("Thumb") : deckWord(state, title));

// Sentences side by side: text for labels, else a list to render.
function together(plain, parts) {
  const list = parts.filter((p) => p !== null && p !== undefined && p !== "");
  if (plain) return list.map((p) => (Array.isArray(p) ? p.flat(Infinity).join("") : String(p))).join(" ");
  const out = [];
  list.forEach((p, i) => { if (i) out.push(" "); out.push(p); });
  return out;
}

// What led to a forfeit (its `lead` and the parameters beside it).
const LEADS = {
  waterfall: () => t("Waterfall:"),
  pick: (v) => t("{by} picks:", v),
  race: (v, e, s) => t("{title}:", { title: raceTitle(s, e.race, e.title) }),
  race_timed_out: (v, e, s) => t("{title} (time is up):", { title: raceTitle(s, e.race, e.title) }),
  round: (v, e, s) => t("{title}:", { title: deckWord(s, e.title) }),
  chugalug_slow: (v, e) => t("Chugalug at {number} (it was “{expected}”): too slow.", { number: String(e.number), expected: chugWord(e.expected) }),
  chugalug_wrong: (v, e) => t("Chugalug at {number}: “{said}” instead of “{expected}”.", {
    number: String(e.number), said: chugWord(e.said), expected: chugWord(e.expected) }),
  rps: (v) => t("Paper, scissors, stone: {winner} wins.", v),
  caught: (v, e, s) => (e.player === viewer(s) ? t("{by} caught you answering.", v) : t("{by} caught {player} answering.", v)),
  deflect: (v, e, s) => (e.player === viewer(s) ? t("{by} says “f*** off” to you.", v) : t("{by} says “f*** off” to {player}.", v)),
  breach: (v) => t("{by} reports a broken rule ({rule}):", v),
};
const chugWord = (said) => (said === "chugalug" ? t("chugalug") : String(said));
const leadOf = (values, entry, state) => (entry.lead && LEADS[entry.lead] ? LEADS[entry.lead](values, entry, state) : null);

// Mates who take the same forfeit, each in their own form.
const mates = (e, s, plain) => (e.mates && e.mates.length ? matesWords(s, e.mates, e, plain, viewer(s)) : null);
const first = (e) => (e.players || [])[0];

registerMessages({
  "drinking.drink": (v, e, s, plain) => together(plain, [leadOf(v, e, s),
    forfeitWords(s, e.players || [], e.count, e, { plain, you: viewer(s) }), mates(e, s, plain)]),
  "drinking.neck": (v, e, s, plain) => together(plain, [leadOf(v, e, s), neckWords(s, first(e), "catch", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.cup_neck": (v, e, s, plain) => together(plain, [neckWords(s, first(e), "cup", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.last_king": (v, e, s, plain) => together(plain, [neckWords(s, first(e), "last_king", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.nobody": (v, e, s, plain) => together(plain, [leadOf(v, e, s), forfeitWords(s, [], 0, e, { plain })]),
  "drinking.draw": (v, e, s) => t("{player} drew {card}: {title}.", { ...v, title: deckWord(s, e.title) }),
  "drinking.role_lost": (v, e) => t("{player} no longer holds the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.role_kept": (v, e) => t("{player} keeps the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.role_taken": (v, e) => t("{player} takes the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.no_race": (v, e, s) => t("{title}: not enough players to race.", { title: raceTitle(s, e.race, e.title) }),
  "drinking.thumb": (v, e) => {
    if (e.thumb === "left") return t("{player} puts a left thumb on the table!", v);
    if (e.thumb === "right") return t("{player} puts a right thumb on the table!", v);
    return t("{player} puts a thumb on the table!", v);
  },
  "drinking.toilet": N_("{player} uses the toilet card and may go to the toilet."),
  "drinking.jail": N_("{player} gets out of jail free: forfeit #{ref} is cancelled for them."),
  "drinking.escape": N_("{player} gets out of jail free: they are out of the game in play."),
  "drinking.steal": N_("{player} steals the jail card from {victim}!"),
  "drinking.undo_steal": (v, e) => (e.player ? t("The host undoes the steal: the jail card goes back to {player}.", v)
    : t("The host undoes the steal: the jail card goes back.")),
  "drinking.undo": N_("The host undoes #{ref}: the forfeit is taken back."),
  "drinking.host_skip": N_("The host skips the card in play."),
  "drinking.skip_draw": N_("{player} is away: the draw passes to {next}."),
  "drinking.skip_race": N_("{player} is away: they sit out the race."),
  "drinking.skip_card": N_("{player} is away: the card in play is called off."),
  "drinking.skip_go": N_("{player} is away: their go passes on."),
  "drinking.join": N_("{player} joins the game."),
  "drinking.sit_out": N_("{player} sits out: their turns are passed over."),
  "drinking.sit_in": N_("{player} is back in from the next draw."),
  "drinking.leave": (v, e) => ((e.returned || []).length
    ? t("{player} leaves the game. Returned: {roles}.", { ...v, roles: listOf(e.returned.map(roleTitle)) })
    : t("{player} leaves the game.", v)),
  "drinking.called_off": N_("The card in play is called off."),
  "drinking.thumb_called_off": N_("The thumb race is called off."),
  "drinking.race_off": N_("The race is called off."),
  "drinking.rule": N_("{player} makes a rule: {rule}"),
  "drinking.end": N_("The game is over."),
  "drinking.end_returned": N_("The game is over: every feature card is returned."),
  "drinking.no_mate": N_("There is nobody to pick as a mate."),
  "drinking.mates": N_("{player} and {mate} are mates."),
  "drinking.cup": (v, e, s, plain) => pourWords(s, e.player, e.filled, e.of, plain, viewer(s)),
  "drinking.king": (v, e, s, plain) => kingWords(s, e.player, e.count, e.of, plain, viewer(s)),
  "drinking.reverse": (v, e) => (e.direction === 1 ? t("Play is reversed: now clockwise.") : t("Play is reversed: now counter-clockwise.")),
  "drinking.chugalug_alone": N_("Chugalug needs at least two players."),
  "drinking.rps_alone": N_("Paper, scissors, stone needs another player."),
  "drinking.chugalug_start": (v, e) => (e.side === "left" ? t("{player} starts chugalug: “one to my left”.", v)
    : t("{player} starts chugalug: “one to my right”.", v)),
  "drinking.chugalug_clean": (v, e, s, plain) => together(plain, [t("Chugalug: {number} without a mistake!", v),
    forfeitWords(s, [], 0, e, { plain })]),
  "drinking.rps_off": N_("Paper, scissors, stone is called off: nobody picked."),
});

const LABELS = {
  draw: N_("Tap to draw"),
  tap: N_("TAP!"),
  pick: N_("Pick who"),
  rule: N_("Make a rule"),
  done: N_("Done: pass it on"),
  missed: N_("Who messed up?"),
  start: N_("Start chugalug: one…"),
  answer: N_("Say it!"),
  rps: N_("Your pick"),
  thumb: N_("Start the thumb race"),
  caught: N_("Caught"),
  deflect: N_("\"F*** off!\" (turn the question card on its holder)"),
  toilet: N_("Use the toilet card"),
  jail: N_("Cancel a forfeit with your jail card"),
  escape: N_("Get out of this game with your jail card"),
  pocket: N_("Put the jail card in your pocket"),
  unpocket: N_("Take the jail card out of your pocket"),
  steal: N_("Steal the jail card"),
  breach: N_("Report a broken rule"),
};
const FIELD_LABELS = {
  "rule.text": N_("Your rule"),
  "caught.by": N_("With"),
  "caught.player": N_("Who answered?"),
  "breach.rule": N_("Which rule?"),
  "breach.player": N_("Who broke it?"),
  "jail.entry": N_("Which forfeit?"),
  "deflect.player": N_("Whose question card?"),
};
const PLACEHOLDERS = { "rule.text": N_("No first names") };
// Paper, scissors, stone: the picks on their buttons, and in a sentence.
const RPS_BUTTONS = { paper: N_("Paper"), scissors: N_("Scissors"), stone: N_("Stone") };
const RPS_WORDS = { paper: N_("paper"), scissors: N_("scissors"), stone: N_("stone"), nothing: N_("nothing") };
const rpsWord = (pick) => t(RPS_WORDS[pick] || RPS_WORDS.nothing);
const PRIMARY = new Set(["draw", "tap", "pick", "rule", "done", "missed", "start", "answer", "rps"]);
// The moves of the cards you hold: shown with your cards, never folded away.
const CARD_MOVES = new Set(["caught", "thumb", "toilet", "jail", "escape", "pocket", "unpocket"]);

const names = (state, pids) => listOf((pids || []).map((p) => html`<${Who} state=${state} pid=${p} />`));

// -- the ring of face-down cards round the cup --------------------------------
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
  else if (isFamily()) middle = html`<${Crown} filled=${game.cup.filled} of=${game.cup.of} />`;
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

function PromptLine({ state }) {
  const g = state.game;
  const pr = g.prompt;
  const W = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  if (g.over) {
    const r = g.result || {};
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
        <span class="race-title">${pr.thumb === "left" ? t("{title} (left thumb): TAP your phones!", { title: raceTitle(state, pr.race, pr.title) })
          : pr.thumb === "right" ? t("{title} (right thumb): TAP your phones!", { title: raceTitle(state, pr.race, pr.title) })
          : t("{title}: TAP your phones!", { title: raceTitle(state, pr.race, pr.title) })}</span>
        ${pr.order.length ? html`<ol class="race-order">${pr.order.map((p) => html`<li key=${p}>${nameOf(state, p)}${
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
        <div class="sub">${t("Multiples of 5 or 7: say \"chugalug\" and the count turns round.")}</div></div>`;
    case "rps":
      return html`<div class="prompt-line">${t("Paper, scissors, stone: {a} against {b}", { a: W(pr.players[0]), b: W(pr.players[1]) })}
        <div class="sub"><${RpsScore} state=${state} pr=${pr} /> · ${pr.picked.length
          ? t("picked: {names}", { names: names(state, pr.picked) }) : t("nobody has picked yet")}</div></div>`;
    default:
      return html`<div class="prompt-line">…</div>`;
  }
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

function Outcome({ state }) {
  const o = state.game.outcome;
  if (!o) return null;
  const W = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  const order = (list) => list.map((p, i) => `${i + 1}. ${nameOf(state, p)}`).join("  ");
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
      said: o.said === null ? t("nothing") : String(o.said), expected: String(o.expected) })}</div>`;
  }
  if (o.kind === "rps" && o.winner) {
    return html`<div class="outcome">${t("Paper, scissors, stone: {winner} beats {loser}", { winner: W(o.winner), loser: html`<b class="loser">${nameOf(state, o.loser)}</b>` })}</div>`;
  }
  return null;
}

function ruleItems(state) {
  return (state.game.rules || []).map((r, i) => html`<li key=${i}>
    <span class="rule-text">${r.text}</span> <span class="by">— ${nameOf(state, r.by)}</span></li>`).reverse();
}

function RulesPanel({ state }) {
  return html`<${MoreList} title=${t("Rules in force")} items=${ruleItems(state)} className="rules-panel" listClass="rules"
    empty=${t("None yet.")} more=${(n) => t("+{count} older rule|+{count} older rules", { count: n })} />`;
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
    <${MoreList} title=${t("Roles")} items=${items} className="roles-panel" listClass="roles"
      empty=${t("Nobody holds a card yet.")} />
  </div>`;
}

// The forfeits of the card in play (logged since it was drawn), each in its
// person's form: the card says "You must drink." and this line says that
// Bo, who does not drink, takes a point.
// On a phone (`send`), a forfeit of yours that your jail card can cancel
// offers it right there.
function CardForfeits({ state, send = null }) {
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

function DrinkingTable({ state, ctx }) {
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
    <div class="dt-panels"><${RulesPanel} state=${state} /><${RolesPanel} state=${state} /></div>
  </div>`;
}

// -- phone ---------------------------------------------------------------------
// "breach" names rules by their index: show their text; "by" names a role;
// "entry" (undo) names a log entry: say what it was.
function valueText(state) {
  return (name, value) => {
    if (name === "rule" && typeof value === "number") {
      const rule = (state.game.rules || [])[value];
      return rule ? rule.text : null;
    }
    if (name === "by" && ROLE_TITLES[value]) return roleTitle(value);
    if (name === "thumb") return t(value === "left" ? N_("Left") : N_("Right"));
    if (name === "side") return t(value === "left" ? N_("to my left") : N_("to my right"));
    if (name === "entry" && typeof value === "number") return undoLabel(state, value);
    if (name === "pick" && RPS_BUTTONS[value]) return t(RPS_BUTTONS[value]);
    return null;
  };
}

function entryText(state, id) {
  const entry = (state.game.log || []).find((e) => e.id === id);
  return entry ? wordText(entry, state) : t("an earlier call");
}

function undoLabel(state, id) {
  return t("Undo: {what}", { what: entryText(state, id) });
}

function phoneOpts(state) {
  return { labels: LABELS, fieldLabels: FIELD_LABELS, placeholders: PLACEHOLDERS, valueText: valueText(state) };
}

function Status({ state }) {
  const g = state.game;
  const acts = state.you.actions.map((a) => a.type);
  const W = (pid) => html`<b>${nameOf(state, pid)}</b>`;
  if (g.over) {
    const r = g.result || {};
    return html`<div class="status-line">${t("Game over.")} ${r.by ? (r.reason === "last_king"
      ? t("{name} drew the last king.", { name: W(r.by) }) : t("{name} ended it.", { name: W(r.by) })) : ""}</div>`;
  }
  if (acts.includes("draw")) return html`<div class="status-line mine">${t("Your turn: tap to draw")}</div>`;
  if (acts.includes("tap")) return html`<div class="status-line mine">${t("{title}: tap now!", { title: raceTitle(state, g.prompt.race, g.prompt.title) })}</div>`;
  const prompt = state.you.prompt;
  if (prompt) {
    const say = {
      pick_player: () => (prompt.for === "mate" ? t("Pick your mate") : t("Pick who drinks")),
      type_rule: () => t("Make a rule everybody must follow"),
      round: () => (prompt.your_go ? t("Your go: say your word, then tap Done")
        : prompt.caller ? t("Say it round the table, then tap who messed up") : t("Tap who messed up")),
      chugalug_start: () => t("Start chugalug"),
      chugalug_answer: () => t("Your go: what comes after {number}?", { number: String(prompt.number - 1) }),
      rps: () => t("Paper, scissors, stone: pick!"),
    }[prompt.prompt];
    if (say) return html`<div class="status-line mine">${say()}</div>`;
  }
  if (g.prompt) return html`<div class="status-line"><${PromptLine} state=${state} /></div>`;
  return html`<div class="status-line">${t("{name} is drawing", { name: W(g.turn) })}</div>`;
}

// Whom you play at paper, scissors, stone, and the score.
function RpsBox({ state }) {
  const pr = state.game.prompt;
  const me = state.you.player_id;
  if (!pr || pr.kind !== "rps" || !pr.players.includes(me)) return null;
  const other = pr.players.find((p) => p !== me) || me;
  const last = pr.rounds.length ? pr.rounds[pr.rounds.length - 1] : null;
  return html`<section class="rps-box">
    <div class="rps-vs">${t("You play {name}", { name: html`<b>${nameOf(state, other)}</b>` })}</div>
    <div class="rps-line">${t("Score: you {mine} – {theirs} {name} (first to {count} wins)", {
      mine: String(pr.wins[me] || 0), theirs: String(pr.wins[other] || 0), name: nameOf(state, other), count: pr.need })}</div>
    ${last ? html`<div class="sub">${t("Last round: you {mine}, {name} {theirs}", {
      mine: rpsWord(last.picks[me]), name: nameOf(state, other), theirs: rpsWord(last.picks[other]) })}
      ${" — "}${last.winner ? (last.winner === me ? t("you won it") : t("{name} won it", { name: nameOf(state, other) })) : t("a tie")}</div>` : null}
    ${state.you.rps_pick ? html`<div class="sub">${t("You picked {pick}. Waiting for {name}…", { pick: rpsWord(state.you.rps_pick), name: nameOf(state, other) })}</div>` : null}
  </section>`;
}

// The clock of a prompt that waits on you: your chugalug answer, your paper,
// scissors, stone pick. Its deadline is the server's, already twice as long
// for a player who asked for more time (or whose opponent did); a race is
// everybody's and shows no clock.
function myDeadline(state) {
  const pr = state.game.prompt;
  const me = state.you.player_id;
  if (!pr || typeof pr.deadline !== "number") return null;
  if (pr.kind === "chugalug" && pr.phase === "count" && pr.speaker === me) return pr.deadline;
  if (pr.kind === "rps" && pr.players.includes(me) && !pr.picked.includes(me)) return pr.deadline;
  return null;
}

function MyClock({ state }) {
  const until = myDeadline(state);
  const now = useNow(250, until !== null);
  const left = until === null ? null : secondsLeft(state, until, now);
  if (left === null) return null;
  return html`<div class=${cx("my-clock", left <= 5 && "hurry")} role="timer">
    ${t("{count} second left|{count} seconds left", { count: left })}</div>`;
}

// The thumb race on a copying phone: a left and a right thumb, each half the
// screen wide and as tall as the card races' TAP.
function ThumbTap({ state, spec, send }) {
  const [busy, setBusy] = useState(false);
  const prompt = state.you.prompt || {};
  const run = async (thumb) => {
    if (busy) return;
    setBusy(true);
    try { await send({ type: "tap", thumb }); } finally { setBusy(false); }
  };
  return html`<div class="thumb-tap" data-action="tap">
    ${prompt.wrong ? html`<div class="wrong-thumb-line" role="alert">${t("Wrong thumb: that was no copy. Copy again!")}</div>` : null}
    <div class="thumb-buttons">
      ${spec.params.thumb.one_of.map((thumb) => html`<button type="button" key=${thumb} class=${cx("btn btn-big act-tap btn-thumb", `thumb-${thumb}`)}
        data-value=${thumb} disabled=${busy} onClick=${() => run(thumb)}>${thumb === "left" ? t("Left thumb") : t("Right thumb")}</button>`)}
    </div>
  </div>`;
}

// The moves of your cards: the jail card names your forfeits in words, from
// your own view (the public log may have moved past them).
function cardOpts(state, opts) {
  const jail = (state.you.roles || []).find((r) => r.role === "jail");
  const forfeits = (jail && jail.forfeits) || [];
  return {
    ...opts,
    valueText: (name, value) => {
      if (name === "entry") {
        const e = forfeits.find((f) => f.id === value);
        return e ? wordText(e, state) : t("an earlier forfeit");
      }
      return opts.valueText(name, value);
    },
  };
}

function MyCards({ state, send, opts }) {
  const you = state.you;
  const moves = you.actions.filter((a) => CARD_MOVES.has(a.type));
  if (!(you.roles && you.roles.length) && !moves.length) return null;
  const mine = cardOpts(state, opts);
  return html`<section class="my-roles"><h3>${t("Your cards")}</h3>
    <ul>${(you.roles || []).map((r) => html`<li key=${r.role} data-role=${r.role}><b>${roleTitle(r.role)}</b>
      <div class="sub">${t(r.can)}</div>
      ${r.role === "jail" && r.pocket ? html`<div class=${cx("pocket-line", r.pocketed ? "in" : "out")}>${r.pocketed
        ? t("In your pocket: nobody can steal it.") : t("Out of your pocket: it can be stolen!")}</div>` : null}</li>`)}</ul>
    ${moves.length ? html`<div class="actions card-moves">${moves.map((a) => html`<${ActionControl} key=${a.type}
      state=${state} spec=${a} send=${send} opts=${a.type === "jail" ? mine : opts} />`)}</div>` : null}
  </section>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const card = g.card;
  const [powersOpen, setPowersOpen] = useKept("drinking.powers", false, "game");
  const opts = phoneOpts(state);
  const primary = you.actions.filter((a) => PRIMARY.has(a.type));
  const powers = you.actions.filter((a) => !PRIMARY.has(a.type) && !CARD_MOVES.has(a.type));
  const rules = g.rules || [];
  return html`<div class="drinking-phone">
    ${g.outcome ? html`<div class="phone-outcome" key="outcome"><${Outcome} state=${state} /></div>` : null}
    ${card ? html`<div class="phone-card" key="card"><${Card} code=${card.code} size="small" />
      <div><div class="card-title">${deckWord(state, card.title)}</div><div class="card-rule">${card.text ? deckWord(state, card.text) : ""}</div>
        <${CardForfeits} state=${state} send=${send} /></div></div>` : null}
    <${RpsBox} state=${state} />
    <${MyClock} state=${state} />
    <div class="actions primary">
      ${primary.map((a) => (a.type === "tap" && a.params.thumb ? html`<${ThumbTap} key="thumb-tap" state=${state} spec=${a} send=${send} />`
        : html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${send} opts=${opts} />`))}
    </div>
    <${MyCards} state=${state} send=${send} opts=${opts} />
    ${you.mates && you.mates.length ? html`<div class="sub">${t("Your mates share your forfeits: {names}", { names: listOf(you.mates.map((p) => nameOf(state, p))) })}</div>` : null}
    ${powers.length ? html`<details class="powers" open=${powersOpen} onToggle=${(ev) => setPowersOpen(ev.currentTarget.open)}>
      <summary>${t("Call a penalty, use a card")}</summary>
      <div class="actions">${powers.map((a) => html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${send} opts=${opts} />`)}</div>
    </details>` : null}
    ${rules.length ? html`<section class="panel rules-panel"><h3 class="panel-title">${t("Rules in force")}</h3>
      <ol class="rules">${ruleItems(state)}</ol></section>` : null}
  </div>`;
}

// The host's "fix a call": each undo says what it undoes, and so does its confirm.
function HostActions({ state, ctx }) {
  const g = state.game;
  const opts = {
    labels: { undo: N_("Undo a wrong call"), skip: N_("Skip the card in play"), missed: N_("Who messed up?") },
    valueText: valueText(state),
  };
  const run = (action) => {
    if (action.type === "undo" && !window.confirm(t("{what}\nThis forfeit is taken back.", { what: undoLabel(state, action.entry) }))) {
      return Promise.resolve(null);
    }
    if (action.type === "skip" && !window.confirm(t("Skip the card in play for everybody?"))) return Promise.resolve(null);
    return ctx.command({ command: "game", action });
  };
  return html`<div class="host-actions">
    <div class="panel-title">${t("Fix a call")}</div>
    ${g.host_actions.map((spec) => html`<${ActionControl} key=${spec.type} state=${state} spec=${spec} send=${run} opts=${opts} keep="host" />`)}
  </div>`;
}

// The deck to play (standard or a house variant) and the editor.
function LobbyOptions({ mode, value, onChange, ctx }) {
  const [variants, setVariants] = useState([]);
  const load = () => ctx.call("variant.list", {}).then((answer) => {
    const mine = answer && answer.ok ? (answer.variants || []).filter((v) => v.mode === mode) : [];
    setVariants(mine);
    if (value.variant && !mine.some((v) => v.name === value.variant)) onChange({});
  });
  useEffect(() => { load(); }, [mode]);
  const edit = () => openEditor(ctx, {
    mode, variant: value.variant || "",
    onSaved: (variant) => { if (variant.mode === mode) { onChange({ variant: variant.name }); load(); } },
  });
  return html`<div class="variant-pick">
    ${variants.length ? html`<label class="field"><span class="field-label">${t("Deck")}</span>
      <select class="variant-select" value=${value.variant || ""} onChange=${(ev) => onChange(ev.currentTarget.value ? { variant: ev.currentTarget.value } : {})}>
        <option value="">${t("Standard deck")}</option>
        ${variants.map((v) => html`<option key=${v.name} value=${v.name}>${v.name}</option>`)}
      </select></label>` : null}
    <button type="button" class="btn btn-edit-rules" onClick=${edit}>${t("Edit house rules")}</button>
  </div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  for (const role of Object.keys(g.roles || {})) {
    if (holdersOf(g, role).includes(player.id)) badges.push({ text: roleTitle(role), kind: "role" });
  }
  const necks = g.necks ? g.necks[player.id] || 0 : 0;
  if (necks) badges.push({ text: neckBadge(state, player.id, necks), kind: "neck" });
  return { badges };
}

// What the table's voice says (voice.js): the card just drawn, its title and rule.
function spoken(state, before) {
  const g = state.game;
  const was = before.game && before.game.mode === g.mode ? before.game.drawn : null;
  if (!g.card || !g.drawn || g.drawn === was) return [];
  const title = deckWord(state, g.card.title);
  const rule = g.card.text ? deckWord(state, g.card.text) : "";
  return [rule ? `${title}${/[.!?…]$/.test(title) ? "" : "."} ${rule}` : title];
}

// passAround: nothing in `you` is secret, so a guest without a phone sees
// their buttons on the table device without a privacy screen (guests.js).
registerMode(["ring_of_fire", "kings"], {
  Table: DrinkingTable, Phone, Status, HostActions, LobbyOptions, seatInfo, spoken, passAround: true,
});
