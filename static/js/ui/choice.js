// A player's name on a choice button (who broke the rule, whom to ask). It
// is broken only between words, never in mid-word: a long name takes the
// whole row of choices and its type shrinks until its longest word fits
// (CSS container units, down to a floor); a word longer still ends in an
// ellipsis. The whole name stays in the button's text (its accessible name)
// and its title.
import { cx, html } from "../view.js";
import { nameOf } from "../common.js";

// Names longer than this (in characters) take the whole row.
const LONG_NAME = 11;

// The attributes of a button that chooses player `pid`: spread into it,
// with its other classes in `className`.
export function playerChoice(state, pid, className) {
  const name = nameOf(state, pid);
  return { title: name, "data-player": pid, class: cx(className, [...name].length > LONG_NAME && "long-name") };
}

// The name, its type sized by its longest word (--word, in characters).
export function ChoiceName({ state, pid }) {
  const name = nameOf(state, pid);
  const word = Math.max(1, ...name.split(/\s+/).map((w) => [...w].length));
  return html`<span class="choice-name" style=${{ "--word": String(word) }}>${name}</span>`;
}
