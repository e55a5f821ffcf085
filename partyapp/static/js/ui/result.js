// The end of a game in words, from game.result: winners and losers, then a
// row per player of every per-player figure the result carries (chips,
// payouts, drinks...), then anything else it says.
import { html } from "../view.js";
import { listOf, N_, t } from "../i18n.js";
import { humanize, isPlayerId, nameOf } from "../common.js";
import { Who } from "./who.js";

const SKIP = new Set(["winners", "losers", "winner", "loser", "reason", "by"]);

// The words of the names a result carries (why the game ended, its figures);
// a name not listed is shown as itself, humanized.
const REASONS = {
  all_pairs_taken: N_("All pairs taken"), chips: N_("Out of chips"), host: N_("Ended by the host"),
  last_standing: N_("One player holds every card"), out: N_("A player is out of cards"), players: N_("Too few players"),
  ran_out: N_("Ran out of cards"), round_limit: N_("Round limit"), rounds: N_("All deals played"),
  target: N_("Target reached"), time_limit: N_("Time is up"), tokens: N_("One player keeps tokens"), won_by_snap: N_("Won by snap"),
};
const FIGURES = {
  books: N_("Books"), box: N_("The box"), card: N_("Card"), cards: N_("Cards"), chips: N_("Chips"), deals: N_("Deals"),
  drinks: N_("Drinks"), necks: N_("Necks"), net: N_("Net"), out: N_("Out"), points: N_("Points"), rebuys: N_("Rebuys"), rounds: N_("Rounds"),
  safe: N_("Safe"), scores: N_("Scores"), target: N_("Target"), tokens: N_("Tokens"),
};
export const reasonWord = (reason) => t(REASONS[reason] || humanize(reason));
const figureWord = (name) => t(FIGURES[name] || humanize(name));

function names(state, value) {
  const list = Array.isArray(value) ? value : [value];
  return listOf(list.filter((p) => p !== null && p !== undefined).map((p) => html`<${Who} state=${state} pid=${p} />`));
}

function isPerPlayer(state, value) {
  return value && typeof value === "object" && !Array.isArray(value)
    && Object.keys(value).length > 0 && Object.keys(value).every((k) => isPlayerId(state, k));
}

function cell(value) {
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${figureWord(k)} ${v}`).join(", ");
  return String(value);
}

export function Result({ state, result }) {
  const r = result || (state.game && state.game.result);
  if (!r || typeof r !== "object") return null;
  const winners = r.winners || (r.winner ? [r.winner] : []);
  const losers = r.losers || (r.loser ? [r.loser] : []);
  const columns = Object.entries(r).filter(([k, v]) => !SKIP.has(k) && isPerPlayer(state, v));
  const others = Object.entries(r).filter(([k, v]) => !SKIP.has(k) && !isPerPlayer(state, v)
    && v !== null && (typeof v !== "object" || Array.isArray(v)));
  const pids = [];
  for (const [, v] of columns) for (const p of Object.keys(v)) if (!pids.includes(p)) pids.push(p);
  return html`<section class="panel result-panel">
    <h3 class="panel-title">${t("Game over")}</h3>
    ${winners.length ? html`<p class="result-line">${t("Won: {names}", { names: names(state, winners) })}</p>` : null}
    ${losers.length ? html`<p class="result-line">${t("Lost: {names}", { names: names(state, losers) })}</p>` : null}
    ${r.reason === "host" && r.by ? html`<p class="result-line sub">${t("{name} ended the game.", { name: html`<${Who} state=${state} pid=${r.by} />` })}</p>`
      : r.reason ? html`<p class="result-line sub">${reasonWord(r.reason)}${r.by ? [" — ", html`<${Who} state=${state} pid=${r.by} />`] : null}</p>` : null}
    ${columns.length ? html`<table class="result-table">
      <thead><tr><th scope="col">${t("Player")}</th>${columns.map(([k]) => html`<th key=${k} scope="col">${figureWord(k)}</th>`)}</tr></thead>
      <tbody>${pids.map((p) => html`<tr key=${p}><th scope="row">${nameOf(state, p)}</th>
        ${columns.map(([k, v]) => html`<td key=${k}>${p in v ? cell(v[p]) : ""}</td>`)}</tr>`)}</tbody>
    </table>` : null}
    ${others.map(([k, v]) => html`<p class="result-line sub" key=${k}>${figureWord(k)}: ${Array.isArray(v)
      ? (v.every((x) => isPlayerId(state, x)) ? names(state, v) : v.map(String).join(", ")) : String(v)}</p>`)}
  </section>`;
}
