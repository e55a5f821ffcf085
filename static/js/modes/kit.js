// What the screens of every full card game share: the words of the kit's own
// log keys (partyapp/games/cardgame.py), a player's name in bold, the
// seconds left until a time the server set (by the server's clock), a
// short outcome box (who won, who lost, who drinks) from game.result, and
// the lobby's form for a game's options (the engine's option_list, given to
// the picker by the page: on/off, a number, or one of a few choices).
import { cx, html, useEffect, useRef } from "../view.js";
import { listOf, t } from "../i18n.js";
import { humanize, nameOf } from "../common.js";
import { registerMessages } from "../words.js";

registerMessages({
  "game.joined": "{player} joined the game.",
  "game.left": "{player} left the game.",
  "game.skipped": (p) => t("{player}'s phone is away: the host skipped their go.", p),
  "game.over": "Game over.",
  "forfeit.drink": "{player} drinks {count}.|{player} drinks {count}.",
});

// The table plays a sound when the log gains an entry whose key is in
// `sounds` (key -> kind of sound.js's play), once per frame.
export function useLogSounds(state, ctx, sounds) {
  const log = (state.game && state.game.log) || [];
  const lastId = log.length ? log[log.length - 1].id : 0;
  const seen = useRef(lastId);
  useEffect(() => {
    const fresh = log.filter((e) => e.id > seen.current);
    seen.current = lastId;
    const hit = fresh.reverse().find((e) => sounds[e.msg]);
    if (hit && ctx && ctx.sound) ctx.sound(sounds[hit.msg]);
  }, [lastId]);
}

export const Who = ({ state, pid }) => html`<b class="who">${nameOf(state, pid)}</b>`;

// Seconds from now until `until` (server time), from the frame's server
// time (room.time) and when the frame arrived here: no clock needs to agree
// with the server's.
export function secondsLeft(state, until, nowMs = Date.now()) {
  const at = state.room && typeof state.room.time === "number" ? state.room.time : null;
  if (typeof until !== "number" || at === null) return null;
  const since = Math.max(0, (nowMs - (state.receivedAt || nowMs)) / 1000); // a clock read before the frame came
  return Math.max(0, Math.ceil(until - at - since));
}

const REASONS = {
  host: "The host ended the game.",
  players: "Too few players are left.",
};

// The end of a game in a few lines: winners, losers, drinks. `extra` adds a
// line of the game's own (the card left, the books...).
export function Outcome({ state, extra = null, className = "" }) {
  const r = state.game.result;
  if (!r) return null;
  const names = (pids) => listOf((pids || []).map((p) => html`<${Who} state=${state} pid=${p} />`));
  const drinks = Object.entries(r.drinks || {}).filter(([, n]) => n > 0);
  return html`<div class=${cx("hg-box outcome-box", className)}>
    <div class="hg-box-title">${t("Game over")}</div>
    ${r.winners && r.winners.length ? html`<div class="outcome-line">${t("Won: {names}", { names: names(r.winners) })}</div>` : null}
    ${r.losers && r.losers.length ? html`<div class="outcome-line">${t("Lost: {names}", { names: names(r.losers) })}</div>` : null}
    ${extra ? html`<div class="outcome-line">${extra}</div>` : null}
    ${drinks.length ? html`<div class="outcome-line sub">${t("Drinks: {list}", {
      list: listOf(drinks.map(([p, n]) => html`<span key=${p}><${Who} state=${state} pid=${p} /> ${String(n)}</span>`)) })}</div>` : null}
    ${REASONS[r.reason] ? html`<div class="sub">${t(REASONS[r.reason])}</div>` : null}
  </div>`;
}

// The options a host may set before starting: `info.options` is the
// engine's option_list ([{name, kind, default, min?, max?, choices?, doc}]);
// `value` holds only what the host changed (the rest are the defaults).
export function CardOptions({ info, value, onChange }) {
  const options = (info && info.options) || [];
  if (!options.length) return null;
  const current = (o) => (Object.prototype.hasOwnProperty.call(value, o.name) ? value[o.name] : o.default);
  const set = (o, v) => {
    const next = { ...value };
    if (v === o.default) delete next[o.name];
    else next[o.name] = v;
    onChange(next);
  };
  return html`<details class="card-options">
    <summary>${t("Options")}${Object.keys(value).length ? ` (${t("{count} changed", { count: Object.keys(value).length })})` : ""}</summary>
    ${options.map((o) => {
      const v = current(o);
      let control = null;
      if (o.kind === "bool") {
        control = html`<button type="button" class=${cx("btn btn-choice option-toggle", v && "chosen")} aria-pressed=${v ? "true" : "false"}
          data-option=${o.name} onClick=${() => set(o, !v)}>${v ? t("On") : t("Off")}</button>`;
      } else if (o.kind === "int") {
        const clamp = (n) => Math.max(o.min, Math.min(o.max, n));
        control = html`<div class="stepper" data-option=${o.name}>
          <button type="button" class="btn step" aria-label=${t("Less")} disabled=${v <= o.min} onClick=${() => set(o, clamp(v - 1))}>−</button>
          <input type="number" inputmode="numeric" min=${o.min} max=${o.max} value=${String(v)} aria-label=${t(humanize(o.name))}
            onChange=${(ev) => { const n = parseInt(ev.currentTarget.value, 10); if (Number.isInteger(n)) set(o, clamp(n)); }} />
          <button type="button" class="btn step" aria-label=${t("More")} disabled=${v >= o.max} onClick=${() => set(o, clamp(v + 1))}>+</button>
        </div>`;
      } else if (o.kind === "choice") {
        control = html`<div class="choices" role="radiogroup" data-option=${o.name}>${o.choices.map((c) => html`<button type="button" key=${c}
          class=${cx("btn btn-choice", v === c && "chosen")} role="radio" aria-checked=${v === c ? "true" : "false"} data-value=${c}
          onClick=${() => set(o, c)}>${t(humanize(c))}</button>`)}</div>`;
      }
      return html`<div class="field option" key=${o.name}>
        <span class="field-label">${t(humanize(o.name))}</span>
        <span class="sub">${t(o.doc)}</span>
        ${control}
      </div>`;
    })}
  </details>`;
}
