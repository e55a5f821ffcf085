// The phone of Ring of Fire and Kings (modes/drinking.js): tap to draw, the
// prompt aimed at you and its clock, your cards and their moves, the
// penalties to call, the rules in force; and the status line.
import { cx, html, useNow, useState } from "../../view.js";
import { useKept } from "../../keep.js";
import { listOf, t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { neckWords } from "../../forfeits.js";
import { Card } from "../../ui/cards.js";
import { ActionControl } from "../../ui/action.js";
import { secondsLeft } from "../kit.js";
import { deckWord, FIELD_LABELS, forfeitBrief, LABELS, PLACEHOLDERS, raceTitle, roleTitle, rpsWord, valueText } from "./words.js";
import { CardForfeits, Outcome, PromptLine, ruleItems } from "./table.js";
import { DeflectMoment, useDeflect } from "./deflect.js";

const PRIMARY = new Set(["draw", "tap", "pick", "rule", "done", "missed", "start", "answer", "rps"]);
// The moves of the cards you hold: shown with your cards, never folded away.
const CARD_MOVES = new Set(["caught", "thumb", "toilet", "jail", "escape", "pocket", "unpocket"]);

function phoneOpts(state) {
  return { labels: LABELS, fieldLabels: FIELD_LABELS, placeholders: PLACEHOLDERS, valueText: valueText(state) };
}

export function Status({ state }) {
  const g = state.game;
  const acts = state.you.actions.map((a) => a.type);
  const W = (pid) => html`<b>${nameOf(state, pid)}</b>`;
  if (g.over) {
    const r = g.result || {};
    // the last king: what its drawer takes (a big forfeit, said with what it is, for whoever is not drinking)
    return html`<div class="status-line">${t("Game over.")} ${r.by ? (r.reason === "last_king"
      ? neckWords(state, r.by, g.cup ? "cup" : "last_king", false, state.you.player_id) : t("{name} ended the game.", { name: W(r.by) }))
      : r.reason === "host" ? t("The host ended the game.") : ""}</div>`;
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
// scissors, stone pick, a race (the thumb race too) you are still to tap in.
// Its deadline is the server's, already twice as long for a player who asked
// for more time (or whose opponent did).
function myDeadline(state) {
  const pr = state.game.prompt;
  const me = state.you.player_id;
  if (!pr || typeof pr.deadline !== "number") return null;
  if (pr.kind === "chugalug" && pr.phase === "count" && pr.speaker === me) return pr.deadline;
  if (pr.kind === "rps" && pr.players.includes(me) && !pr.picked.includes(me)) return pr.deadline;
  if (pr.kind === "race" && (pr.waiting || []).includes(me)) return pr.deadline;
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

// The moves of your cards: the jail card names your forfeits in a few words
// ("Cancel: Thumb, 2 fingers"), from your own view (the public log may have
// moved past them).
function cardOpts(state, opts) {
  const jail = (state.you.roles || []).find((r) => r.role === "jail");
  const forfeits = (jail && jail.forfeits) || [];
  return {
    ...opts,
    valueText: (name, value) => {
      if (name === "entry") {
        const e = forfeits.find((f) => f.id === value);
        return e ? t("Cancel: {what}", { what: forfeitBrief(state, e, state.you.player_id) }) : t("an earlier forfeit");
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

export function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const card = g.card;
  const [powersOpen, setPowersOpen] = useKept("drinking.powers", false, "game");
  const opts = phoneOpts(state);
  const primary = you.actions.filter((a) => PRIMARY.has(a.type));
  const powers = you.actions.filter((a) => !PRIMARY.has(a.type) && !CARD_MOVES.has(a.type));
  const rules = g.rules || [];
  const [deflect, deflecting, takeBack] = useDeflect(state, send);
  const sendPower = (action) => (action.type === "deflect" ? deflect(action) : send(action));
  return html`<div class="drinking-phone">
    <${DeflectMoment} pending=${deflecting} cancel=${takeBack} />
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
      <div class="actions">${powers.map((a) => html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${sendPower} opts=${opts} />`)}</div>
    </details>` : null}
    ${rules.length ? html`<section class="panel rules-panel"><h3 class="panel-title">${t("Rules in force")}</h3>
      <ol class="rules">${ruleItems(state)}</ol></section>` : null}
  </div>`;
}
