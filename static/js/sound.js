// Short synthesized sounds for the table (no audio files to ship); muting is
// remembered on this screen.
import { storage } from "./common.js";

let ctx = null;

export function isMuted() {
  return storage.get("partyapp.muted") === "1";
}

export function setMuted(muted) {
  storage.set("partyapp.muted", muted ? "1" : "0");
}

export function play(kind) {
  if (isMuted()) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    const notes = { draw: [520, 780], race: [880, 880, 880], end: [660, 520, 390], drink: [300] }[kind] || [440];
    notes.forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t = ctx.currentTime + i * 0.12;
      osc.frequency.value = freq;
      osc.type = "triangle";
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.11);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.12);
    });
  } catch {
    /* no audio on this device */
  }
}
