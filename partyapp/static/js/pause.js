// The host's pause (room.paused: who paused, since when, and what goes on at
// resume), on the TV, the table device, the watch page and every phone: a
// notice "Paused by Ana" with what continues on resume, the game under it
// left as it is but out of reach (`inert`: what a person typed or chose stays,
// nothing can be pressed), and for the host the switch that pauses and resumes.
// Every clock on the screens stands still meanwhile (pausedNow).
import { cx, html } from "./view.js";
import { listOf, t } from "./i18n.js";
import { nameOf } from "./common.js";

export function isPaused(state) {
  return Boolean(state && state.room && state.room.paused && state.game && !state.game.over);
}

// The server time a screen's clock reads: the frame's time plus the time
// since it arrived, or, while paused, the moment of the pause.
export function pausedSince(state) {
  return isPaused(state) ? state.room.paused.since : null;
}

function whoPaused(state) {
  const p = state.room.paused;
  if (p.by && state.players.some((x) => x.id === p.by)) return t("Paused by {name}", { name: nameOf(state, p.by) });
  if (p.name) return t("Paused by {name}", { name: p.name });
  return t("Paused at the table");
}

// What goes on at resume, in short lines.
function onResume(state) {
  const p = state.room.paused;
  const game = state.game;
  const lines = [];
  const waiting = state.players.filter((x) => x.waiting);
  if (game.turn) lines.push(t("{name}'s turn", { name: nameOf(state, game.turn) }));
  else if (waiting.length) lines.push(t("Waiting for {names}", { names: listOf(waiting.map((x) => x.name)) }));
  if (typeof p.clock_s === "number") {
    const count = Math.max(1, Math.ceil(p.clock_s));
    lines.push(t("{count} second left on the clock|{count} seconds left on the clock", { count }));
  }
  for (const [pid, s] of Object.entries(p.takeovers || {})) {
    const count = Math.max(1, Math.ceil(s));
    lines.push(t("the app plays for {name} in {count} second|the app plays for {name} in {count} seconds",
      { name: nameOf(state, pid), count }));
  }
  return lines;
}

// The notice. `resume`: a function that resumes (the host), else null.
export function PauseNotice({ state, resume = null, big = false }) {
  if (!isPaused(state)) return null;
  const lines = onResume(state);
  return html`<section id="pause-notice" class=${cx("pause-notice", big && "big")} role="status" aria-live="polite">
    <div class="pause-title"><span class="pause-mark" aria-hidden="true">⏸</span> ${whoPaused(state)}</div>
    <div class="pause-next">${lines.length ? t("On resume: {what}", { what: lines.join(" · ") })
      : t("The game goes on where it stopped.")}</div>
    ${resume ? html`<button type="button" id="btn-resume" class="btn btn-big btn-primary" onClick=${resume}>${t("Resume the game")}</button>`
      : html`<div class="pause-wait">${t("Nothing can be played until the host resumes.")}</div>`}
  </section>`;
}

// The host's switch (host controls): pause a running game, or resume it.
export function PauseSwitch({ state, ctx }) {
  const game = state.game;
  if (!game || game.over) return null;
  const paused = isPaused(state);
  return html`<button type="button" id=${paused ? "btn-unpause" : "btn-pause"} class=${cx("btn btn-choice pause-switch", paused && "chosen")}
    aria-pressed=${paused ? "true" : "false"} onClick=${() => ctx.command({ command: "pause", paused: !paused })}>
    ${paused ? t("Resume the game") : t("Pause the game")}</button>`;
}
