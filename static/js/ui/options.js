// A game's house rules in the host's game picker, from the options the
// server lists for the mode (name, kind, default, min/max, choices, meaning):
// on/off, a number, or one of a few choices. Only what differs from the
// defaults is sent with game.start. Closed until the host opens it.
import { cx, html, useState } from "../view.js";
import { t } from "../i18n.js";
import { humanize } from "../common.js";

function OptionField({ opt, value, set }) {
  const label = t(humanize(opt.name));
  if (opt.kind === "bool") {
    return html`<div class="field option" data-option=${opt.name}>
      <span class="field-label">${label}</span>
      <div class="choices two">${[true, false].map((v) => html`<button type="button" key=${String(v)}
        class=${cx("btn btn-choice", value === v && "chosen")} aria-pressed=${value === v ? "true" : "false"}
        onClick=${() => set(v)}>${v ? t("On") : t("Off")}</button>`)}</div>
      <span class="sub">${t(opt.doc)}</span>
    </div>`;
  }
  if (opt.kind === "choice") {
    return html`<div class="field option" data-option=${opt.name}>
      <span class="field-label">${label}</span>
      <div class="choices">${opt.choices.map((v) => html`<button type="button" key=${v}
        class=${cx("btn btn-choice", value === v && "chosen")} aria-pressed=${value === v ? "true" : "false"}
        onClick=${() => set(v)}>${t(humanize(v))}</button>`)}</div>
      <span class="sub">${t(opt.doc)}</span>
    </div>`;
  }
  return html`<label class="field option" data-option=${opt.name}>
    <span class="field-label">${label}</span>
    <input type="number" inputmode="numeric" min=${opt.min} max=${opt.max} value=${String(value)}
      onInput=${(ev) => { const v = parseInt(ev.currentTarget.value, 10); if (Number.isInteger(v) && v >= opt.min && v <= opt.max) set(v); }} />
    <span class="sub">${t(opt.doc)}</span>
  </label>`;
}

// options: the mode's list; value: the changed options; onChange(newValue).
export function GameOptions({ options, value, onChange }) {
  const [open, setOpen] = useState(false);
  if (!options || !options.length) return null;
  const changed = Object.keys(value || {}).length;
  const set = (opt, v) => {
    const next = { ...(value || {}) };
    if (v === opt.default) delete next[opt.name];
    else next[opt.name] = v;
    onChange(next);
  };
  return html`<details class="game-options" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${changed ? t("House rules ({count} changed)", { count: changed }) : t("House rules")}</summary>
    <div class="options-list">
      ${options.map((opt) => html`<${OptionField} key=${opt.name} opt=${opt}
        value=${value && opt.name in value ? value[opt.name] : opt.default} set=${(v) => set(opt, v)} />`)}
    </div>
  </details>`;
}
