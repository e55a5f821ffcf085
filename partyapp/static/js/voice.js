// The table's voice (speechSynthesis): in the drinking decks it reads each
// drawn card's title and rule aloud, in the full games the key moments (who
// drinks, who picks up, who won), in this screen's language with a voice of
// that language where the device has one. Switched on or off beside the
// sound switch and remembered on this device; quiet while a race is open
// (the slap games, Floor, Heaven, the thumb), so nobody slaps to a word.
import { useEffect, useRef } from "./view.js";
import { lang } from "./i18n.js";
import { storage } from "./common.js";
import { afterPress, hadGesture, steady } from "./gesture.js";
import { screensFor } from "./modes/registry.js";
import { wordText } from "./words.js";

const KEY = "partyapp.voice";
const listeners = new Set();

function synth() {
  return typeof window !== "undefined" && window.speechSynthesis && window.SpeechSynthesisUtterance
    ? window.speechSynthesis : null;
}

// "on", "off", "locked" (on, waiting for a gesture on the page: browsers
// speak only after one), or "none" (this device cannot speak); during a
// press, what the switch showed before it (gesture.js).
export const voiceState = steady(() => {
  if (!synth()) return "none";
  if (storage.get(KEY) === "0") return "off";
  return hadGesture() ? "on" : "locked";
});

function changed() {
  afterPress(() => { for (const fn of listeners) fn(voiceState()); });
}

// The first gesture anywhere unlocks the voice: the switch says so once its
// press is over.
if (typeof window !== "undefined" && voiceState() === "locked") {
  const unlocked = () => {
    if (!hadGesture()) return;
    for (const type of ["pointerup", "keyup"]) window.removeEventListener(type, unlocked, true);
    changed();
  };
  for (const type of ["pointerup", "keyup"]) window.addEventListener(type, unlocked, true);
}

export function onVoiceChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function setVoice(on) {
  storage.set(KEY, on ? "1" : "0");
  if (!on) hush();
  changed();
}

// The switch, from the state it showed: locked -> on (the tap was the
// gesture the browser waited for); on -> off; off -> on. (By the click the
// browser already counts the page as tapped: what the switch showed decides.)
export function toggleVoice(shown = voiceState()) {
  setVoice(shown !== "on");
}

// Stop speaking at once, and drop whatever was waiting to be said.
export function hush() {
  const s = synth();
  if (s) s.cancel();
}

// A voice of the screen's language ("ru" takes ru-RU, ru_RU...): the
// device's default one of that language first. Null when the device lists
// voices and none speaks it; undefined while it has listed none yet.
function voiceFor(language) {
  const voices = synth().getVoices() || [];
  if (!voices.length) return undefined;
  const fits = voices.filter((v) => String(v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === language);
  return fits.find((v) => v.default) || fits.find((v) => v.localService) || fits[0] || null;
}

// What speech is handed: plain text, never markup. A speech engine may take
// text with a tag for SSML (a "<speak>" or "<?xml" document: pauses, other
// voices, whatever a guest types into a name, a rule or a house card), so
// the angle brackets go and the rest is said as its letters.
export function plainSpeech(text) {
  return String(text).replace(/[<>]/g, " ").replace(/\s+/g, " ").replace(/ (?=[.,!?;:…](?: |$))/g, "").trim();
}

export function speak(words) {
  const s = synth();
  const state = voiceState();
  const text = words ? plainSpeech(words) : "";
  if (!s || state === "off" || !text) return; // locked: the browser may still refuse it
  const voice = voiceFor(lang);
  if (voice === null) return; // no voice of this language: better silent than read in another
  const utterance = new window.SpeechSynthesisUtterance(text);
  utterance.lang = voice ? voice.lang : lang;
  if (voice) utterance.voice = voice;
  s.speak(utterance);
}

// Is a race open: a slap race, or a drinking deck's Floor, Heaven or thumb race?
export function raceOpen(state) {
  const g = state && state.game;
  return Boolean(g && (g.race || (g.prompt && g.prompt.kind === "race")));
}

// The moments of a full game worth saying aloud: who drinks, who picks up,
// who won or lost.
const KEY_MOMENTS = new Set(["game.over", "forfeit.drink", "cheat.pickup", "irish_snap.pickup", "egyptian_ratscrew.take",
  "old_maid.loser", "croatian_rummy.drinks", "croatian_rummy.finish_drinks", "kings_corner.king_penalty"]);

export function keyMoments(state, before) {
  const log = (state.game && state.game.log) || [];
  const beforeLog = (before && before.game && before.game.mode === state.game.mode && before.game.log) || [];
  // a new game of the same mode numbers its log from 1 again
  const fresh = !beforeLog.length || (log.length > 0 && log[0].id < beforeLog[0].id);
  const seen = fresh ? 0 : beforeLog[beforeLog.length - 1].id;
  return log.filter((e) => e.id > seen && (KEY_MOMENTS.has(e.msg) || e.drinks > 0))
    .map((e) => wordText(e, state));
}

// What a new frame gives the voice: a mode says so (its screens' `spoken`),
// the full games through their log.
function spokenOf(state, before) {
  if (!state.game || !before) return [];
  const screens = screensFor(state.game.mode);
  return screens.spoken ? screens.spoken(state, before) : keyMoments(state, before);
}

// The table's voice, following the room's frames (the TV and the watch page).
export function useVoice(state) {
  const last = useRef(null);
  useEffect(() => {
    const before = last.current;
    last.current = state;
    if (!state) return;
    if (raceOpen(state)) {
      hush();
      return;
    }
    // the first frame is what was already there: only what happens from now on is said
    for (const words of spokenOf(state, before)) speak(words);
  }, [state && state.rev]);
}
