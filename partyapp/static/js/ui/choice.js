// A player's name on a choice button (who broke the rule, whom to ask). It
// is broken only between words, never in mid-word: a long name takes the
// whole row of choices and its type shrinks until its longest word fits
// (CSS container units, down to a floor); a word longer still ends in an
// ellipsis. The whole name stays in the button's text (its accessible name)
// and its title.
// A text on a choice button (a rule in force, a role): one longer than a
// short name takes the whole row too and reads as a sentence, its lines
// from the left, broken between words (a word longer than the row breaks).
import { cx, html } from "../view.js";
import { nameOf } from "../common.js";

// Names and texts longer than this (in characters) take the whole row.
const LONG_NAME = 11;

const isLong = (text) => [...text].length > LONG_NAME;

// The attributes of a button that chooses player `pid`: spread into it,
// with its other classes in `className`.
export function playerChoice(state, pid, className) {
  const name = nameOf(state, pid);
  return { title: name, "data-player": pid, class: cx(className, isLong(name) && "long-name") };
}

// The attributes of a button that chooses a value worded by `text`.
export function textChoice(text, className) {
  return { class: cx(className, isLong(text) && "long-text") };
}

// The name, its type sized by its longest word (--word, in characters).
export function ChoiceName({ state, pid }) {
  const name = nameOf(state, pid);
  const word = Math.max(1, ...name.split(/\s+/).map((w) => [...w].length));
  return html`<span class="choice-name" style=${{ "--word": String(word) }}>${name}</span>`;
}
