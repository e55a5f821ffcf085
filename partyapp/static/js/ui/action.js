// A move as controls, built from its action spec (`you.actions`, or the
// host's): the pieces every game's phone screen is made of, and all the
// generic screens (modes/generic.js) need to play any mode.
//   - a subset_of (or one_of) of cards in your hand: tap the cards, then the move;
//   - a one_of alone: one button per value, sent at once;
//   - in a move with several fields: one_of as buttons to choose, int with
//     steppers, text as an input, then the move's button.
// What a person has chosen or typed lives in component state, so a new
// `state` frame keeps it, and in this browser's storage (keep.js), so a
// reload keeps it too.
import { cx, html, useEffect, useRef, useState } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { humanize, isPlayerId, nameOf } from "../common.js";
import { Card, cardName, isCardCode } from "./cards.js";
import { Hand } from "./hand.js";
import { Stepper } from "./stepper.js";
import { ChoiceName, playerChoice, textChoice } from "./choice.js";

const LABELS = {
  draw: N_("Tap to draw"), tap: N_("TAP!"), pass: N_("Pass"), hit: N_("Hit"), stand: N_("Stand"), play: N_("Play"), call: N_("Cheat!"),
  flip: N_("Flip"), slap: N_("Slap!"), bet: N_("Bet"), double: N_("Double"), split: N_("Split"), surrender: N_("Surrender"),
  insurance: N_("Insurance"), buy: N_("Buy"), twist: N_("Twist"), stick: N_("Stick"), declare: N_("Declare"), ask: N_("Ask"),
  take: N_("Take"), discard: N_("Discard"), meld: N_("Meld"),
};

export function labelFor(type, labels) {
  return t((labels && labels[type]) || LABELS[type] || humanize(type));
}

// The words for one value of a domain: names for players, card names, Yes/No.
export function valueLabel(state, value) {
  if (isPlayerId(state, value)) return nameOf(state, value);
  if (value === true) return t("Yes");
  if (value === false) return t("No");
  if (isCardCode(value)) return cardName(value);
  return t(humanize(String(value)));
}

function valueContent(state, value, name, opts) {
  if (opts.valueText) {
    const text = opts.valueText(name, value);
    if (text !== undefined && text !== null) return text;
  }
  if (isPlayerId(state, value)) return html`<${ChoiceName} state=${state} pid=${value} />`;
  if (isCardCode(value)) return html`<${Card} code=${value} size="mini" />`;
  return valueLabel(state, value);
}

// A choice button's attributes: a player's name fits its button, and a long
// text (a rule) takes the whole row (ui/choice.js). content: the button's
// content, from valueContent.
function choiceProps(state, value, className, content) {
  if (isPlayerId(state, value)) return playerChoice(state, value, className);
  return typeof content === "string" ? textChoice(content, className) : { class: className };
}

function fieldLabel(type, name, opts) {
  const key = `${type}.${name}`;
  const label = (opts.fieldLabels && (opts.fieldLabels[key] || opts.fieldLabels[name])) || humanize(name);
  return t(label);
}

// The cards of a domain that is chosen by tapping the hand: a subset_of or
// one_of whose values are all cards in `hand`.
export function handDomain(domain, hand) {
  if (!hand || !hand.length) return null;
  const values = domain.subset_of || domain.one_of;
  if (!Array.isArray(values) || !values.length || !values.every((v) => isCardCode(v) && hand.includes(v))) return null;
  if (domain.subset_of) return { values, min: domain.min ?? 0, max: domain.max ?? values.length };
  return { values, min: 1, max: 1, single: true };
}

function sameValue(a, b) {
  return a === b && typeof a === typeof b;
}

function inDomain(domain, value) {
  if (domain.one_of) return domain.one_of.some((v) => sameValue(v, value));
  if (domain.int) return Number.isInteger(value) && value >= domain.int.min && value <= domain.int.max;
  if (domain.text) return typeof value === "string";
  if (domain.subset_of) return Array.isArray(value) && value.every((x) => domain.subset_of.some((v) => sameValue(v, x)));
  return false;
}

function defaultValue(domain) {
  if (domain.one_of) return domain.one_of.length === 1 ? domain.one_of[0] : undefined;
  if (domain.int) return domain.int.min;
  if (domain.text) return "";
  if (domain.subset_of) return [];
  return undefined;
}

function valid(domain, value) {
  if (value === undefined) return false;
  if (domain.text) {
    const n = [...value.trim()].length;
    return n >= 1 && n <= domain.text.max_len;
  }
  if (domain.subset_of) {
    const n = value.length;
    return inDomain(domain, value) && n >= (domain.min ?? 0) && n <= (domain.max ?? domain.subset_of.length);
  }
  return inDomain(domain, value);
}

function Choices({ state, name, domain, value, onChange, opts, multi = false }) {
  const values = multi ? domain.subset_of : domain.one_of;
  return html`<div class="choices" role=${multi ? "group" : "radiogroup"}>
    ${values.map((v) => {
      const on = multi ? (value || []).some((x) => sameValue(x, v)) : sameValue(value, v);
      const content = valueContent(state, v, name, opts);
      const toggle = () => {
        if (!multi) onChange(v);
        else onChange(on ? value.filter((x) => !sameValue(x, v)) : [...(value || []), v]);
      };
      return html`<button type="button" key=${String(v)} ...${choiceProps(state, v, cx("btn btn-choice", on && "chosen"), content)}
        role=${multi ? undefined : "radio"} aria-checked=${multi ? undefined : (on ? "true" : "false")}
        aria-pressed=${multi ? (on ? "true" : "false") : undefined} data-value=${String(v)}
        onClick=${toggle}>${content}</button>`;
    })}
  </div>`;
}

// One action spec as controls. send(action) -> Promise<answer>.
// selection / hand: the cards chosen in the hand (for card fields).
// keep: whose prompt this is ("act", one of you.actions; "host", one of the
// host's): what is typed or chosen in it outlives a reload (keep.js).
export function ActionControl({ state, spec, send, opts = {}, selection = [], hand = null, keep = "act" }) {
  const [values, setValues] = useKept(`${keep}.${spec.type}`, {}, `${keep}:${spec.type}`);
  const [busy, setBusy] = useState(false);
  const params = Object.entries(spec.params || {});
  const label = labelFor(spec.type, opts.labels);
  // Text brought back after a reload: its box has the focus again, the caret
  // at its end, so typing goes on where it stopped.
  const textBox = useRef(null);
  const restored = useRef(Object.values(values).some((v) => typeof v === "string" && v));
  useEffect(() => {
    const box = textBox.current;
    if (!restored.current || !box) return;
    restored.current = false;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
  }, [textBox.current]);
  const run = async (action) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await send(action);
      if (answer && answer.ok) setValues({});
    } finally {
      setBusy(false);
    }
  };
  if (params.length === 0) {
    return html`<button type="button" class=${cx("btn btn-big btn-action", `act-${spec.type}`)} data-action=${spec.type}
      disabled=${busy} onClick=${() => run({ type: spec.type })}>${label}</button>`;
  }
  const cardFields = params.filter(([, d]) => handDomain(d, hand));
  if (params.length === 1 && params[0][1].one_of && !cardFields.length) {
    const [name, domain] = params[0];
    return html`<div class=${cx("action-group", `act-${spec.type}`)} data-action=${spec.type}>
      <div class="action-label">${label}</div>
      <div class="choices">
        ${domain.one_of.map((v) => {
          const content = valueContent(state, v, name, opts);
          return html`<button type="button" key=${String(v)} ...${choiceProps(state, v, "btn btn-choice", content)} data-value=${String(v)}
            disabled=${busy} onClick=${() => run({ type: spec.type, [name]: v })}>${content}</button>`;
        })}
      </div>
    </div>`;
  }
  const current = {};
  for (const [name, domain] of params) {
    const hd = handDomain(domain, hand);
    if (hd) {
      current[name] = hd.single ? (selection.length === 1 ? selection[0] : undefined) : selection;
    } else {
      const v = values[name];
      current[name] = v !== undefined && inDomain(domain, v) ? v : defaultValue(domain);
    }
  }
  const ok = params.every(([name, domain]) => {
    const hd = handDomain(domain, hand);
    if (hd) {
      const chosen = hd.single ? (current[name] === undefined ? [] : [current[name]]) : current[name];
      return chosen.length >= hd.min && chosen.length <= hd.max && chosen.every((c) => hd.values.includes(c));
    }
    return valid(domain, current[name]);
  });
  const set = (name, v) => setValues((old) => ({ ...old, [name]: v }));
  const submit = (ev) => {
    ev.preventDefault();
    if (!ok) return;
    const action = { type: spec.type };
    for (const [name, domain] of params) action[name] = domain.text ? current[name].trim() : current[name];
    run(action);
  };
  return html`<form class=${cx("action-form", `act-${spec.type}`)} data-action=${spec.type} onSubmit=${submit}>
    <div class="action-label">${label}</div>
    ${params.map(([name, domain]) => {
      const fl = fieldLabel(spec.type, name, opts);
      const hd = handDomain(domain, hand);
      if (hd) {
        const n = hd.single ? (current[name] === undefined ? 0 : 1) : current[name].length;
        const want = hd.min === hd.max ? t("Tap {count} card in your hand|Tap {count} cards in your hand", { count: hd.min })
          : t("Tap {min} to {max} cards in your hand", { min: String(hd.min), max: String(hd.max) });
        return html`<div class="field card-field" key=${name}><span class="field-label">${fl}</span>
          <span class="sub">${want} · ${t("{count} chosen", { count: n })}</span></div>`;
      }
      if (domain.one_of) {
        return html`<div class="field" key=${name}><span class="field-label">${fl}</span>
          <${Choices} state=${state} name=${name} domain=${domain} value=${current[name]} onChange=${(v) => set(name, v)} opts=${opts} /></div>`;
      }
      if (domain.subset_of) {
        return html`<div class="field" key=${name}><span class="field-label">${fl}</span>
          <${Choices} state=${state} name=${name} domain=${domain} value=${current[name]} onChange=${(v) => set(name, v)} opts=${opts} multi /></div>`;
      }
      if (domain.int) {
        return html`<div class="field" key=${name}><span class="field-label">${fl}</span>
          <${Stepper} domain=${domain} value=${current[name]} onChange=${(v) => set(name, v)} label=${fl} /></div>`;
      }
      if (domain.text) {
        return html`<label class="field" key=${name}><span class="field-label">${fl}</span>
          <input type="text" ref=${textBox} maxlength=${domain.text.max_len} value=${current[name]} autocomplete="off" enterkeyhint="send"
            placeholder=${opts.placeholders && opts.placeholders[`${spec.type}.${name}`] ? t(opts.placeholders[`${spec.type}.${name}`]) : ""}
            onInput=${(ev) => set(name, ev.currentTarget.value)} /></label>`;
      }
      return null;
    })}
    <button type="submit" class="btn btn-primary" disabled=${!ok || busy}>${label}</button>
  </form>`;
}

// Every action of `actions` (default: you.actions), with the hand above them
// when a move is made of cards from it.
export function ActionPanel({ state, send, actions, opts = {}, showHand = true }) {
  const you = state.you || {};
  const list = actions || you.actions || [];
  const hand = Array.isArray(you.hand) ? you.hand : [];
  const [chosen, setChosen] = useKept("hand", [], "game");
  const cardMoves = list.map((a) => Object.values(a.params || {}).map((d) => handDomain(d, hand)).filter(Boolean)).flat();
  const maxPick = cardMoves.reduce((m, d) => Math.max(m, d.max), 0);
  // Keep only chosen cards still in the hand (a frame may have taken some).
  const left = [...hand];
  const selection = chosen.filter((c) => { const i = left.indexOf(c); if (i < 0) return false; left.splice(i, 1); return true; });
  const toggle = (code) => {
    setChosen(() => {
      const i = selection.indexOf(code);
      if (i >= 0) return selection.filter((_, j) => j !== i);
      if (maxPick <= 1) return [code];
      return selection.length >= maxPick ? selection : [...selection, code];
    });
  };
  const sendAndClear = async (action) => {
    const answer = await send(action);
    if (answer && answer.ok) setChosen([]);
    return answer;
  };
  return html`<div class="actions">
    ${showHand && hand.length ? html`<${Hand} cards=${hand} selected=${selection} onToggle=${cardMoves.length ? toggle : undefined} />` : null}
    ${list.map((a) => html`<${ActionControl} key=${a.type} state=${state} spec=${a} send=${sendAndClear} opts=${opts}
      selection=${selection} hand=${hand} />`)}
    ${list.length === 0 ? html`<p class="sub nothing-to-do">${t("Nothing to do right now.")}</p>` : null}
  </div>`;
}
