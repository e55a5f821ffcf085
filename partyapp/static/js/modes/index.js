// The loader of the games' screens: each mode's module is loaded when the
// room needs it (LOADERS), and registers its screens in modes/registry.js,
// which the pages read (screensFor). No page waits for the fifteen games'
// files before its first screen. A page holds a `state` back until its
// game's screens are here (whenScreens), so nobody sees a game on the
// generic screens for a moment, and asks for the others once it is idle
// (prefetchScreens), so the next game starts at once.
import { hasScreens, screensFor } from "./registry.js";
import { useEffect, useState } from "../view.js";

// Mode id -> the import of the module that registers its screens (literal
// specifiers: the server's asset graph reads them, for the service worker),
// every mode once (tests/test_modes_agree.py).
const LOADERS = {
  ring_of_fire: () => import("./drinking.js"),
  kings: () => import("./drinking.js"),
  cheat: () => import("./cheat.js"),
  old_maid: () => import("./old_maid.js"),
  go_fish: () => import("./go_fish.js"),
  blackjack: () => import("./blackjack.js"),
  casino_blackjack: () => import("./blackjacks.js"),
  russian_blackjack: () => import("./blackjacks.js"),
  pontoon: () => import("./pontoon.js"),
  irish_snap: () => import("./irish_snap.js"),
  egyptian_ratscrew: () => import("./egyptian_ratscrew.js"),
  concentration: () => import("./concentration.js"),
  shif_shof_shum: () => import("./shif_shof_shum.js"),
  kings_corner: () => import("./kings_corner.js"),
  croatian_rummy: () => import("./croatian_rummy.js"),
};

const loading = {};

// Are `mode`'s screens here (or has it none of its own)?
export function screensReady(mode) {
  return !mode || !LOADERS[mode] || hasScreens(mode);
}

// Resolves once `mode`'s screens are registered. A failed load (the network
// went) resolves too, on the generic screens, and is tried again next time.
export function loadScreens(mode) {
  if (screensReady(mode)) return Promise.resolve();
  if (!loading[mode]) {
    // The kit's log words are shared by every full game.
    loading[mode] = Promise.all([import("./kit.js"), LOADERS[mode]()]).then(() => undefined, (err) => {
      delete loading[mode];
      console.warn(`partyapp: the screens of ${mode} did not load`, err);
    });
  }
  return loading[mode];
}

// `apply(state)` as soon as the screens of the state's game are here: at
// once when they are. States held back meanwhile are applied in the order
// they came (one promise per mode), so `apply` still sees revisions in order.
export function whenScreens(state, apply) {
  const mode = state && state.game && state.game.mode;
  if (screensReady(mode)) apply(state);
  else loadScreens(mode).then(() => apply(state));
}

// The screens of `mode` for a component that may show a game not yet loaded
// (the host's game picker): the generic ones until they come, then a render.
export function useScreens(mode) {
  const ready = screensReady(mode);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ready) loadScreens(mode).then(() => setTick((n) => n + 1));
  }, [mode, ready]);
  return screensFor(mode);
}

// Every game's screens, asked for when the page is idle, after its first
// screen: the next game's start waits on nothing.
export function prefetchScreens(delayMs = 1500) {
  const go = () => { for (const mode of Object.keys(LOADERS)) loadScreens(mode); };
  setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(go, { timeout: 5000 }) : go()), delayMs);
}
