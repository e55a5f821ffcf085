// The countdown of a timed prompt (a race, an answer, a pick, a call
// window), on the TV and on the phones that act: the seconds left until the
// server's deadline (`until`, server time), counted from the frame's server
// time (room.time) and when the frame arrived here, so that no clock needs
// to agree with the server's; while the room is paused the time stands still.
import { cx, html, useNow } from "../view.js";
import { t } from "../i18n.js";

export function secondsUntil(state, until, nowMs = Date.now()) {
  const room = state.room || {};
  if (typeof until !== "number" || typeof room.time !== "number") return null;
  if (room.paused && typeof room.paused.since === "number") return Math.max(0, Math.ceil(until - room.paused.since));
  const since = Math.max(0, (nowMs - (state.receivedAt || nowMs)) / 1000);
  return Math.max(0, Math.ceil(until - room.time - since));
}

// "7 s", ticking; red in its last seconds. Nothing without a deadline.
export function Countdown({ state, until, className, hurry = 3 }) {
  const running = typeof until === "number";
  const now = useNow(250, running);
  const left = running ? secondsUntil(state, until, now) : null;
  if (left === null) return null;
  return html`<span class=${cx("countdown", left <= hurry && "hurry", className)} role="timer"
    data-until=${String(until)}>${t("{count} s left", { count: String(left) })}</span>`;
}
