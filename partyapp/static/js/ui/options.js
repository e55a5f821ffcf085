// A game's options in the game picker, from the option list the server sends
// with each mode ({name, kind: "bool"|"int"|"choice", default, min?, max?,
// choices?, doc}): a switch, a number or a row of choices each, folded away
// under "Table rules" until the host opens them. `value` holds only what the
// host changed; the defaults are the engine's.
import { cx, html, useState } from "../view.js";
import { N_, t } from "../i18n.js";
import { humanize } from "../common.js";
import { Stepper } from "./stepper.js";

const HIDDEN = new Set(["deck", "variant"]);

// Table rules measured in a unit: their name in plain words and the value
// with its unit ("Slap time: 3 s"), − and + moving by `step`.
const seconds = (ms) => String(Math.round(ms / 100) / 10);
const MEASURED = {
  slap_window_ms: { label: N_("Slap time"), value: (v) => t("{n} s", { n: seconds(v) }), step: 100 },
  max_lag_ms: { label: N_("Max lag"), value: (v) => t("{n} ms", { n: String(v) }), step: 10 },
  dealer_pace_ms: { label: N_("Dealer's pace"), value: (v) => t("{n} s", { n: seconds(v) }), step: 100 },
  race_timeout_s: { label: N_("Race time"), value: (v) => t("{n} s", { n: String(v) }) },
  answer_timeout_s: { label: N_("Answer time"), value: (v) => t("{n} s", { n: String(v) }) },
  rps_timeout_s: { label: N_("Paper, scissors, stone: pick time"), value: (v) => t("{n} s", { n: String(v) }) },
  time_limit_min: { label: N_("Time limit"), value: (v) => (v ? t("{n} min", { n: String(v) }) : t("no limit")) },
  rebuy_chips: { label: N_("Re-buy stack"), value: (v) => (v ? t("{n} chips", { n: String(v) }) : t("the starting stack")) },
  round_limit: { label: N_("Round limit"), value: (v) => (v ? t("{count} pile|{count} piles", { count: v }) : t("no limit")) },
};

// A table rule in force, in plain words with its unit: [its name, its value]
// ("Slap time", "3 s"; "Restart count", "On").
export function ruleWords(name, value) {
  const measured = MEASURED[name];
  if (measured) return [t(measured.label), measured.value(value)];
  let shown;
  if (typeof value === "boolean") shown = value ? t("On") : t("Off");
  else if (typeof value === "string") shown = t(humanize(value));
  else shown = String(value);
  return [t(humanize(name)), shown];
}

function Option({ option, value, set }) {
  const measured = MEASURED[option.name];
  const current = value === undefined ? option.default : value;
  const name = t(measured ? measured.label : humanize(option.name));
  const label = measured ? t("{name}: {value}", { name, value: measured.value(current) }) : name;
  let control;
  if (option.kind === "bool") {
    control = html`<button type="button" class=${cx("btn btn-choice opt-switch", current && "chosen")}
      aria-pressed=${current ? "true" : "false"} onClick=${() => set(!current)}>${current ? t("On") : t("Off")}</button>`;
  } else if (option.kind === "int") {
    control = html`<${Stepper} domain=${{ int: { min: option.min, max: option.max } }} value=${current} label=${name}
      step=${(measured && measured.step) || 1}
      onChange=${(v) => set(Math.max(option.min, Math.min(option.max, v)))} />`;
  } else {
    control = html`<div class="choices" role="radiogroup" aria-label=${name}>
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
