// A game's options for the host to set before starting, from the list the
// server gives with each mode ({name, kind: "bool"|"int"|"choice", default,
// min?, max?, choices?, doc}). Only what the host changed is kept in `value`;
// the server fills in the defaults.
import { cx, html, useState } from "../view.js";
import { t } from "../i18n.js";
import { humanize } from "../common.js";
import { Stepper } from "./stepper.js";

function current(option, value) {
  return Object.prototype.hasOwnProperty.call(value, option.name) ? value[option.name] : option.default;
}

function Option({ option, value, onChange }) {
  const v = current(option, value);
  const set = (next) => {
    const out = { ...value };
    if (next === option.default) delete out[option.name];
    else out[option.name] = next;
    onChange(out);
  };
  const label = t(humanize(option.name));
  let control = null;
  if (option.kind === "bool") {
    control = html`<div class="choices" role="radiogroup" aria-label=${label}>
      ${[[true, t("On")], [false, t("Off")]].map(([x, text]) => html`<button type="button" key=${String(x)} role="radio"
        class=${cx("btn btn-choice", v === x && "chosen")} aria-checked=${v === x ? "true" : "false"}
        onClick=${() => set(x)}>${text}</button>`)}</div>`;
  } else if (option.kind === "int") {
    control = html`<${Stepper} min=${option.min} max=${option.max} value=${v} onChange=${set} label=${label} />`;
  } else if (option.kind === "choice") {
    control = html`<div class="choices" role="radiogroup" aria-label=${label}>
      ${option.choices.map((x) => html`<button type="button" key=${x} role="radio" data-value=${x}
        class=${cx("btn btn-choice", v === x && "chosen")} aria-checked=${v === x ? "true" : "false"}
        onClick=${() => set(x)}>${t(humanize(x))}</button>`)}</div>`;
  }
  return html`<div class="field game-option" data-option=${option.name}>
    <span class="field-label">${label}</span>
    <span class="sub">${t(option.doc)}</span>
    ${control}
  </div>`;
}

// options: the mode's list; value: the options chosen so far; onChange(value).
export function OptionsForm({ options, value, onChange }) {
  const [open, setOpen] = useState(false);
  if (!options || !options.length) return null;
  const changed = Object.keys(value || {}).length;
  return html`<details class="game-options" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${changed ? t("Game options ({count} changed)", { count: changed }) : t("Game options")}</summary>
    <div class="game-options-list">
      ${options.map((o) => html`<${Option} key=${o.name} option=${o} value=${value || {}} onChange=${onChange} />`)}
    </div>
  </details>`;
}
