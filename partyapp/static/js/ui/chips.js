// Chips: a stack's amount, readable and labelled.
import { cx, html } from "../view.js";
import { t } from "../i18n.js";

export function Chips({ amount, className = "" }) {
  if (typeof amount !== "number") return null;
  return html`<span class=${cx("chips", className)} title=${t("{count} chip|{count} chips", { count: amount })}>
    <span class="chip-icon" aria-hidden="true"></span>${String(amount)}</span>`;
}
