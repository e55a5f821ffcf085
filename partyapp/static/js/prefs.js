// This device's own settings, kept in localStorage and applied to the page
// at once: the four-colour deck (spades black, hearts red, diamonds blue,
// clubs green: suits told apart without telling red from black).
import { storage } from "./common.js";

const FOUR_COLOUR = "partyapp.fourColour";
const listeners = new Set();

function apply() {
  document.documentElement.classList.toggle("four-colour", fourColour());
}

export function fourColour() {
  return storage.get(FOUR_COLOUR) === "1";
}

export function setFourColour(on) {
  if (on) storage.set(FOUR_COLOUR, "1");
  else storage.remove(FOUR_COLOUR);
  apply();
  listeners.forEach((fn) => fn());
}

export function onPrefsChange(fn) {
  listeners.add(fn);
}

apply();
