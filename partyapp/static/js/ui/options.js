// A game's options in the game picker, from the option list the server sends
// with each mode ({name, kind: "bool"|"int"|"choice", default, min?, max?,
// choices?, doc}): a switch, a number or a row of choices each, folded away
// under "Table rules" until the host opens them. `value` holds only what the
// host changed; the defaults are the engine's.
import { cx, html, useState } from "../view.js";
import { t } from "../i18n.js";
import { humanize } from "../common.js";
import { Stepper } from "./stepper.js";

const HIDDEN = new Set(["deck", "variant"]);

function Option({ option, value, set }) {
  const label = t(humanize(option.name));
  const current = value === undefined ? option.default : value;
  let control;
  if (option.kind === "bool") {
    control = html`<button type="button" class=${cx("btn btn-choice opt-switch", current && "chosen")}
      aria-pressed=${current ? "true" : "false"} onClick=${() => set(!current)}>${current ? t("On") : t("Off")}</button>`;
  } else if (option.kind === "int") {
    control = html`<${Stepper} domain=${{ int: { min: option.min, max: option.max } }} value=${current} label=${label}
      onChange=${(v) => set(Math.max(option.min, Math.min(option.max, v)))} />`;
  } else {
    control = html`<div class="choices" role="radiogroup" aria-label=${label}>
      ${option.choices.map((c) => html`<button type="button" key=${c} role="radio" data-value=${c} aria-checked=${c === current ? "true" : "false"}
        class=${cx("btn btn-choice", c === current && "chosen")} onClick=${() => set(c)}>${t(humanize(c))}</button>`)}
    </div>`;
  }
  return html`<div class="field opt" data-option=${option.name}>
    <span class="field-label">${label}</span>
    <span class="sub">${t(option.doc)}</span>
    ${control}
  </div>`;
}

export function OptionsForm({ options, value, onChange }) {
  const [open, setOpen] = useState(false);
  const list = (options || []).filter((o) => !HIDDEN.has(o.name));
  if (!list.length) return null;
  const changed = Object.keys(value || {}).length;
  const set = (name, v) => {
    const next = { ...(value || {}) };
    const option = list.find((o) => o.name === name);
    if (option && v === option.default) delete next[name];
    else next[name] = v;
    onChange(next);
  };
  return html`<details class="options-box" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${changed ? t("Table rules ({count} changed)", { count: changed }) : t("Table rules")}</summary>
    <div class="options">
      ${list.map((o) => html`<${Option} key=${o.name} option=${o} value=${(value || {})[o.name]} set=${(v) => set(o.name, v)} />`)}
    </div>
  </details>`;
}
