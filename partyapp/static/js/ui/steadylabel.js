// The label of a button that says its state in turn ("Sound on", "Sound
// off", "Tap for sound"): the button is as wide as the widest of its labels
// whatever it says now, so that a change of state moves nothing beside it,
// nor the button itself under a finger. The other labels take the same
// place unseen, as generated content: not text of the page (screen readers,
// textContent and innerText read the label shown only).
import { html } from "../view.js";

// labels: state -> words; state: the one shown.
export function SteadyLabel({ labels, state }) {
  const others = Object.entries(labels).filter(([key]) => key !== state);
  return html`<span class="steady-label"><span>${labels[state]}</span>${others.map(([key, words]) => html`<span key=${key} class="steady-other" data-words=${words} aria-hidden="true"></span>`)}</span>`;
}
