// The page's gestures: whether the page has had one yet (a tap, a click, a
// key), which browsers wait for before they let a page sound, speak or
// vibrate, and the press under way, during which nothing a gesture unlocks
// changes what the page shows.
//
// A first tap both unlocks and acts: it lands on whatever is under the
// finger (the language switch, the voice switch), while the sound and the
// voice it unlocks redraw their switches. Drawn in the middle of the press,
// between its pointerdown and its click, a switch would change under the
// finger: a label that moves the bar loses the tap, and a switch that reads
// "on" by the time of the click turns off what the tap was to turn on. So a
// state that a gesture changes is read through `steady` (during a press it
// stays what the page last showed) and its change is told through
// `afterPress` (once the press and its click are over).
//
// This module listens from the moment it loads: every page that sounds,
// speaks or buzzes imports it as it starts (the table through sound.js and
// voice.js, the phone page itself).

const WINDOW = typeof window !== "undefined" ? window : null;
const activation = typeof navigator !== "undefined" ? navigator.userActivation : null;
// A tap's click comes after its pointerup, in a task of its own; a release
// that gives no click (a drag, a scroll) ends its press this much later.
const CLICK_WAIT_MS = 400;
// A press whose release never comes (the page hidden mid-press) ends anyway.
const PRESS_MAX_MS = 5000;

let gestured = false; // a press seen here
let pressing = false;
let timer = 0;
const waiting = new Set();

// Has the page had a gesture (a tap, a click, a key) yet: a press seen
// here, which the browser counts as one too where it says (userActivation).
// Only a person's press changes it: a tool driving the page that the
// browser counts as a gesture (a test's script) changes nothing shown.
export function hadGesture() {
  return gestured && (!activation || activation.hasBeenActive);
}

// `read()` as the page last showed it: during a press, the value read
// before the press; else read now.
export function steady(read) {
  let shown;
  let known = false;
  return () => {
    if (!pressing || !known) {
      shown = read();
      known = true;
    }
    return shown;
  };
}

// `fn()` once no press is under way: at once if none is, else after the
// press and its click (each fn once however often it was asked for).
export function afterPress(fn) {
  if (pressing) waiting.add(fn);
  else fn();
}

// A buzz of the phone (navigator.vibrate's pattern), once the page has had a
// gesture: before one, browsers refuse it (and say so in the console).
export function buzz(pattern) {
  if (hadGesture() && typeof navigator !== "undefined" && navigator.vibrate) navigator.vibrate(pattern);
}

function press() {
  gestured = true;
  pressing = true;
  clearTimeout(timer);
  timer = setTimeout(release, PRESS_MAX_MS);
}

function release() {
  clearTimeout(timer);
  // After the click's own handlers have run.
  timer = setTimeout(() => {
    pressing = false;
    const due = [...waiting];
    waiting.clear();
    for (const fn of due) fn();
  }, 0);
}

if (WINDOW) {
  const early = { capture: true, passive: true }; // on the window: before anything of the page hears it
  WINDOW.addEventListener("pointerdown", press, early);
  WINDOW.addEventListener("keydown", press, early);
  WINDOW.addEventListener("pointerup", () => {
    clearTimeout(timer);
    timer = setTimeout(release, CLICK_WAIT_MS);
  }, early);
  for (const type of ["click", "keyup", "pointercancel"]) WINDOW.addEventListener(type, release, early);
  WINDOW.addEventListener("blur", () => { if (pressing) release(); });
}
