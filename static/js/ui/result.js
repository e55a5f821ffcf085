// The end of a game in words, from game.result: winners and losers, then a
// row per player of every per-player figure the result carries (chips,
// payouts, drinks...), then anything else it says.
import { html } from "../view.js";
import { listOf, t } from "../i18n.js";
import { humanize, isPlayerId, nameOf } from "../common.js";

const SKIP = new Set(["winners", "losers", "winner", "loser", "reason", "by"]);

function names(state, value) {
  const list = Array.isArray(value) ? value : [value];
  return listOf(list.filter((p) => p !== null && p !== undefined).map((p) => html`<b class="who">${nameOf(state, p)}</b>`));
}

function isPerPlayer(state, value) {
  return value && typeof value === "object" && !Array.isArray(value)
    && Object.keys(value).length > 0 && Object.keys(value).every((k) => isPlayerId(state, k));
}

function cell(value) {
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${t(humanize(k))} ${v}`).join(", ");
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
    ${r.reason ? html`<p class="result-line sub">${t(humanize(r.reason))}${r.by ? [" — ", html`<b class="who">${nameOf(state, r.by)}</b>`] : null}</p>` : null}
    ${columns.length ? html`<table class="result-table">
      <thead><tr><th scope="col">${t("Player")}</th>${columns.map(([k]) => html`<th key=${k} scope="col">${t(humanize(k))}</th>`)}</tr></thead>
      <tbody>${pids.map((p) => html`<tr key=${p}><th scope="row">${nameOf(state, p)}</th>
        ${columns.map(([k, v]) => html`<td key=${k}>${p in v ? cell(v[p]) : ""}</td>`)}</tr>`)}</tbody>
    </table>` : null}
    ${others.map(([k, v]) => html`<p class="result-line sub" key=${k}>${t(humanize(k))}: ${Array.isArray(v)
      ? (v.every((x) => isPlayerId(state, x)) ? names(state, v) : v.map(String).join(", ")) : String(v)}</p>`)}
  </section>`;
}
