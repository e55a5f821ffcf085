// Turns any `you.actions` list into buttons and inputs, so that every mode is
// playable from a phone; modes with their own screens use pieces of it.
import { el, humanize, nameOf, playerIds, cardEl, parseCard } from "../common.js";

const LABELS = {
  draw: "Tap to draw",
  tap: "TAP!",
  pass: "Pass",
  hit: "Hit",
  stand: "Stand",
};

export function labelFor(type) {
  return LABELS[type] || humanize(type);
}

// The label of one value of a domain: player ids become names, cards become
// card names.
export function valueLabel(state, value) {
  if (typeof value === "string" && playerIds(state).has(value)) return nameOf(state, value);
  if (value === true) return "Yes";
  if (value === false) return "No";
  return humanize(String(value));
}

function valueContent(state, value, name, opts) {
  if (opts && opts.valueText) {
    const text = opts.valueText(name, value);
    if (text !== undefined && text !== null) return text;
  }
  if (!(opts && opts.plain) && typeof value === "string" && !playerIds(state).has(value) && parseCard(value) && /^(10|[2-9AJQK])[SHDC]$|^X[12]$/.test(value)) {
    return cardEl(value, "mini");
  }
  return valueLabel(state, value);
}

// One action spec -> a block of controls. send(actionObject) sends game.act.
export function actionControl(state, spec, send, opts = {}) {
  const params = Object.entries(spec.params || {});
  const label = (opts.labels && opts.labels[spec.type]) || labelFor(spec.type);
  if (params.length === 0) {
    return el("button", { class: `btn btn-big btn-action act-${spec.type}`, type: "button", dataset: { action: spec.type },
      onclick: () => send({ type: spec.type }) }, label);
  }
  // A single one_of parameter: one button per value.
  if (params.length === 1 && params[0][1].one_of) {
    const [name, domain] = params[0];
    return el("div", { class: `action-group act-${spec.type}`, dataset: { action: spec.type } },
      el("div", { class: "action-label" }, label),
      el("div", { class: "choices" },
        domain.one_of.map((value) =>
          el("button", { class: "btn btn-choice", type: "button", dataset: { value: String(value) },
            onclick: () => send({ type: spec.type, [name]: value }) }, valueContent(state, value, name, opts)))));
  }
  // Otherwise a small form.
  const inputs = {};
  const fields = params.map(([name, domain]) => {
    let input;
    if (domain.text) {
      input = el("input", { type: "text", maxlength: domain.text.max_len, required: true, "aria-label": humanize(name),
        placeholder: humanize(name), enterkeyhint: "send", autocomplete: "off" });
      inputs[name] = () => input.value;
    } else if (domain.int) {
      input = el("input", { type: "number", min: domain.int.min, max: domain.int.max, value: domain.int.min,
        inputmode: "numeric", "aria-label": humanize(name) });
      inputs[name] = () => parseInt(input.value, 10);
    } else if (domain.one_of) {
      input = el("select", { "aria-label": humanize(name) },
        domain.one_of.map((v, i) => el("option", { value: String(i) }, valueContent(state, v, name, { valueText: opts.valueText, plain: true }))));
      inputs[name] = () => domain.one_of[parseInt(input.value, 10)];
    } else if (domain.subset_of) {
      const boxes = domain.subset_of.map((v) => {
        const box = el("input", { type: "checkbox" });
        return { v, box, label: el("label", { class: "check" }, box, valueContent(state, v, name, opts)) };
      });
      input = el("div", { class: "checks" }, boxes.map((b) => b.label));
      inputs[name] = () => boxes.filter((b) => b.box.checked).map((b) => b.v);
    } else {
      input = el("span", {}, "?");
      inputs[name] = () => null;
    }
    return el("label", { class: "field" }, el("span", {}, humanize(name)), input);
  });
  return el("form", {
    class: `action-form act-${spec.type}`, dataset: { action: spec.type },
    onsubmit: (ev) => {
      ev.preventDefault();
      const action = { type: spec.type };
      for (const [name, get] of Object.entries(inputs)) action[name] = get();
      send(action);
    },
  }, el("div", { class: "action-label" }, label), fields, el("button", { class: "btn btn-primary", type: "submit" }, "Send"));
}

export function actionsBlock(state, send, opts = {}) {
  const actions = (state.you && state.you.actions) || [];
  const skip = new Set(opts.skip || []);
  return el("div", { class: "actions" }, actions.filter((a) => !skip.has(a.type)).map((a) => actionControl(state, a, send, opts)));
}

export const generic = {
  table(state) {
    const g = state.game;
    return el("div", { class: "generic-table" },
      el("h2", {}, humanize(g.mode)),
      g.turn ? el("p", { class: "big-line" }, `${nameOf(state, g.turn)} to play`) : null,
      g.over ? el("p", { class: "big-line" }, "Game over") : null);
  },
  phone(state, send) {
    return actionsBlock(state, send);
  },
};
