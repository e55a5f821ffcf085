// A whole number chosen with − and + (thumb-sized) or typed, kept between
// the domain's limits: {"int": {"min": a, "max": b}}; − and + move by `step`.
import { html } from "../view.js";
import { t } from "../i18n.js";

export function Stepper({ domain, value, onChange, label, step = 1 }) {
  const { min, max } = domain.int;
  const set = (v) => onChange(Math.max(min, Math.min(max, v)));
  return html`<div class="stepper">
    <button type="button" class="btn step" aria-label=${t("Less")} disabled=${value <= min} onClick=${() => set(value - step)}>−</button>
    <input type="number" inputmode="numeric" min=${min} max=${max} value=${String(value)} aria-label=${label}
      onInput=${(ev) => { const v = parseInt(ev.currentTarget.value, 10); if (Number.isInteger(v)) onChange(v); }}
      onBlur=${() => set(value)} />
    <button type="button" class="btn step" aria-label=${t("More")} disabled=${value >= max} onClick=${() => set(value + step)}>+</button>
  </div>`;
}
