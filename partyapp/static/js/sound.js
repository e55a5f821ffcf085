// Short synthesized sounds for the table (no audio files to ship). Muting is
// remembered on this screen. Browsers start audio only after a gesture on the
// page (a tap, a click, a key): until one comes, the sound is "locked" and
// the button says so ("Tap for sound") instead of claiming it is on. Any
// gesture anywhere unlocks it, and still does what it was for: the switch
// shows the unlocked sound once the press is over (gesture.js).
import { storage } from "./common.js";
import { afterPress, steady } from "./gesture.js";

let ctx = null;
const listeners = new Set();

function audio() {
  if (ctx) return ctx;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  try {
    ctx = new Ctx();
    ctx.addEventListener("statechange", changed);
  } catch {
    ctx = null;
  }
  return ctx;
}

function changed() {
  afterPress(() => { for (const fn of listeners) fn(soundState()); });
}

export function isMuted() {
  return storage.get("partyapp.muted") === "1";
}

// "off" (muted), "locked" (waiting for a gesture), "on", or "none" (no
// audio); during a press, what the switch showed before it.
export const soundState = steady(() => {
  if (isMuted()) return "off";
  const c = audio();
  if (!c) return "none";
  return c.state === "running" ? "on" : "locked";
});

export function onSoundChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// Call from a gesture's handler: lets the audio start.
export function unlock() {
  const c = audio();
  if (c && c.state !== "running") c.resume().then(changed, changed);
}

export function setMuted(muted) {
  storage.set("partyapp.muted", muted ? "1" : "0");
  if (!muted) unlock();
  changed();
}

// The button, from the state it showed: locked -> unlock (the sound is on
// once the press is over); on -> mute; off -> unmute (and unlock).
export function toggleSound() {
  const state = soundState();
  if (state === "locked") unlock();
  else setMuted(state === "on");
}

// Any gesture anywhere on the page unlocks the sound, without taking the
// gesture from what it landed on. (Engines differ in which events may start
// audio: WebKit on iOS a touchend or a click, Chromium a pointerdown too.)
export function unlockOnGesture() {
  const go = () => { if (!isMuted()) unlock(); };
  for (const type of ["pointerdown", "keydown", "touchend", "click"]) {
    document.addEventListener(type, go, { capture: true, passive: true });
  }
}

export function play(kind) {
  if (!ctx || ctx.state !== "running" || isMuted()) return;
  try {
    const notes = { draw: [520, 780], race: [880, 880, 880], end: [660, 520, 390], drink: [300] }[kind] || [440];
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = ctx.currentTime + i * 0.12;
      osc.frequency.value = freq;
      osc.type = "triangle";
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.12);
    });
  } catch {
    /* no audio on this device */
  }
}
