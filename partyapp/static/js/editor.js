// The house-rules editor for the drinking decks, opened by the host from the
// table's Host drawer or the host phone: change any card's title, text and
// effect, save it as a named variant, export it as JSON, import one.
import { html, render, useReducer, useRef, useState } from "./view.js";
import { N_, t } from "./i18n.js";
import { deviceToken } from "./common.js";
import { modeTitle } from "./howto.js";
import { ask } from "./ui/ask.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_NAMES = { A: N_("Ace|Aces"), J: N_("Jack|Jacks"), Q: N_("Queen|Queens"), K: N_("King|Kings") };

// ctx.call(event, payload) -> answer. onSaved(variant) after a save.
// House rules belong to whoever saved them (this device, see deviceToken);
// somebody else's can be started from and saved as a copy.
export async function openEditor(ctx, { mode = "ring_of_fire", variant = "", onSaved } = {}) {
  const listing = await ctx.call("variant.list", { device: deviceToken() });
  if (!listing.ok) {
    window.alert(listing.error.message);
    return null;
  }
  const host = document.createElement("div");
  document.body.appendChild(host);
  const close = () => { render(null, host); host.remove(); };
  render(html`<${Editor} listing=${listing} mode=${mode} variant=${variant} onSaved=${onSaved} onClose=${close} ctx=${ctx} />`, host);
  return host;
}

function ParamInput({ spec, name, value, onChange, label }) {
  const d = spec.domain;
  const aria = `${label}: ${t(spec.label)}`;
  if (d.int) {
    return html`<input type="number" min=${d.int.min} max=${d.int.max} value=${String(value)} inputmode="numeric"
      aria-label=${aria} data-param=${name} onInput=${(ev) => onChange(parseInt(ev.currentTarget.value, 10))} />`;
  }
  if (d.one_of && d.one_of.every((v) => typeof v === "boolean")) {
    return html`<input type="checkbox" checked=${Boolean(value)} aria-label=${aria} data-param=${name}
      onChange=${(ev) => onChange(ev.currentTarget.checked)} />`;
  }
  const index = Math.max(0, d.one_of.indexOf(value));
  return html`<select aria-label=${aria} data-param=${name} value=${String(index)}
    onChange=${(ev) => onChange(d.one_of[parseInt(ev.currentTarget.value, 10)])}>
    ${d.one_of.map((v, i) => html`<option key=${i} value=${String(i)}>${t(String(v).replace(/_/g, " "))}</option>`)}
  </select>`;
}

function EntryEditor({ entry, label, catalogue, changed }) {
  const eff = catalogue[entry.effect];
  const params = (eff && eff.params) || {};
  for (const [name, spec] of Object.entries(params)) if (!(name in entry.params)) entry.params[name] = spec.default;
  const set = (fn) => { fn(); changed(); };
  return html`<div class="ed-entry">
    <div class="ed-label">${label}</div>
    <input class="ed-title" value=${entry.title} maxlength="40" aria-label=${t("{card} title", { card: label })}
      onInput=${(ev) => set(() => { entry.title = ev.currentTarget.value; })} />
    <textarea class="ed-text" maxlength="300" rows="2" aria-label=${t("{card} text", { card: label })} value=${entry.text}
      onInput=${(ev) => set(() => { entry.text = ev.currentTarget.value; })}></textarea>
    <label class="ed-param"><span>${t("Effect")}</span>
      <select class="ed-effect" aria-label=${t("{card} effect", { card: label })} value=${entry.effect}
        onChange=${(ev) => set(() => { entry.effect = ev.currentTarget.value; entry.params = {}; })}>
        ${Object.entries(catalogue).map(([id, e]) => html`<option key=${id} value=${id}>${t(e.label)}</option>`)}
      </select></label>
    <div class="ed-params">
      ${Object.entries(params).map(([name, spec]) => html`<label class="ed-param" key=${`${entry.effect}.${name}`}>
        <span>${t(spec.label)}</span>
        <${ParamInput} spec=${spec} name=${name} value=${entry.params[name]} label=${label}
          onChange=${(v) => set(() => { entry.params[name] = v; })} /></label>`)}
    </div>
    <div class="sub">${eff ? t(eff.help) : ""}</div>
  </div>`;
}

// A standard deck to start a house variant from, in this screen's language:
// what the host saves is then their own words (a variant is never translated).
function standardDeck(deck) {
  const copy = structuredClone(deck);
  const word = (entry) => { entry.title = t(entry.title); entry.text = entry.text ? t(entry.text) : entry.text; };
  for (const entry of Object.values(copy.cards)) {
    if (entry.red) { word(entry.red); word(entry.black); } else word(entry);
  }
  return copy;
}

function Editor({ listing, mode, variant, onSaved, onClose, ctx }) {
  const { defaults, catalogue } = listing;
  const [, redraw] = useReducer((n) => n + 1, 0);
  const [variants, setVariants] = useState(listing.variants);
  const startMode = defaults[mode] ? mode : Object.keys(defaults)[0];
  const [currentMode, setMode] = useState(startMode);
  const deck = useRef(null);
  const [base, setBase] = useState(() => {
    const found = listing.variants.find((v) => v.name === variant && v.mode === startMode);
    deck.current = found ? structuredClone(found.deck) : standardDeck(defaults[startMode]);
    return found ? found.name : "";
  });
  // Somebody else's house rules are saved as a copy under another name.
  const saveName = (found) => (!found ? "" : found.mine ? found.name : t("{name} (copy)", { name: found.name }));
  const [name, setName] = useState(() => saveName(listing.variants.find((v) => v.name === base && v.mode === startMode)));
  const [say, setSay] = useState({ text: "", ok: false });
  const fileInput = useRef(null);

  const load = (modeId, baseName, list = variants) => {
    const found = list.find((v) => v.name === baseName && v.mode === modeId);
    deck.current = found ? structuredClone(found.deck) : standardDeck(defaults[modeId]);
    setName(saveName(found));
    setBase(found ? found.name : "");
    redraw();
  };

  const ofMode = variants.filter((v) => v.mode === currentMode);
  const baseEntry = variants.find((v) => v.name === base && v.mode === currentMode);
  const baseIsMine = Boolean(baseEntry && baseEntry.mine);
  const remember = (saved) => variants.filter((v) => v.name.toLowerCase() !== saved.name.toLowerCase()).concat([saved]);

  async function save() {
    const wanted = name.trim();
    if (!wanted) {
      setSay({ text: t("Give your house rules a name first."), ok: false });
      return;
    }
    const answer = await ctx.call("variant.save", { name: wanted, mode: currentMode, deck: deck.current, device: deviceToken() });
    if (!answer.ok) {
      setSay({ text: answer.error.message, ok: false });
      return;
    }
    setVariants(remember(answer.variant));
    setBase(answer.variant.name);
    setSay({ text: t("Saved \"{name}\". Pick it in the game list to play it.", { name: answer.variant.name }), ok: true });
    if (onSaved) onSaved(answer.variant);
  }

  function exportJson() {
    const fileName = name.trim() || deck.current.name || "house-rules";
    const blob = new Blob([JSON.stringify({ name: fileName, mode: currentMode, deck: deck.current }, null, 2)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${fileName.replace(/[^\w-]+/g, "_")}.json`;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  async function importFile(ev) {
    const file = ev.currentTarget.files[0];
    ev.currentTarget.value = "";
    if (!file) return;
    if (file.size > 60000) {
      setSay({ text: t("That file is too big to be a deck."), ok: false });
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      setSay({ text: t("That file is not JSON."), ok: false });
      return;
    }
    if (!data || typeof data !== "object" || !data.deck || typeof data.mode !== "string" || !defaults[data.mode]) {
      setSay({ text: t("That file is not a partyapp deck (it needs name, mode and deck)."), ok: false });
      return;
    }
    // The server checks every card; a bad file is refused with the reason.
    const answer = await ctx.call("variant.save", { name: String(data.name || ""), mode: data.mode, deck: data.deck, device: deviceToken() });
    if (!answer.ok) {
      setSay({ text: t("Not imported: {reason}", { reason: answer.error.message }), ok: false });
      return;
    }
    const list = remember(answer.variant);
    setVariants(list);
    setMode(answer.variant.mode);
    load(answer.variant.mode, answer.variant.name, list);
    setSay({ text: t("Imported \"{name}\".", { name: answer.variant.name }), ok: true });
    if (onSaved) onSaved(answer.variant);
  }

  async function remove() {
    if (!base || !(await ask(t("Delete the house rules \"{name}\"?", { name: base }), { yes: t("Delete") }))) return;
    const answer = await ctx.call("variant.delete", { name: base, device: deviceToken() });
    if (!answer.ok) {
      setSay({ text: answer.error.message, ok: false });
      return;
    }
    const list = variants.filter((v) => v.name !== base);
    setVariants(list);
    load(currentMode, "", list);
    setSay({ text: t("Deleted \"{name}\".", { name: base }), ok: true });
  }

  const cards = deck.current.cards;
  return html`<div class="editor" role="dialog" aria-modal="true" aria-label=${t("House rules")}>
    <div class="ed-head">
      <h2>${t("House rules")}</h2>
      <button type="button" class="btn ed-close" onClick=${onClose}>${t("Close")}</button>
    </div>
    <div class="ed-bar">
      <label class="ed-param"><span>${t("Deck")}</span>
        <select class="ed-mode" value=${currentMode} onChange=${(ev) => { const m = ev.currentTarget.value; setMode(m); load(m, ""); }}>
          ${Object.keys(defaults).map((m) => html`<option key=${m} value=${m}>${t(modeTitle(m))}</option>`)}
        </select></label>
      <label class="ed-param"><span>${t("Start from")}</span>
        <select class="ed-base" value=${base} onChange=${(ev) => load(currentMode, ev.currentTarget.value)}>
          <option value="">${t("Standard {title}", { title: t(modeTitle(currentMode)) })}</option>
          ${ofMode.map((v) => html`<option key=${v.name} value=${v.name}>${v.name}</option>`)}
        </select></label>
      <label class="ed-param"><span>${t("Save as")}</span>
        <input class="ed-name" maxlength="40" placeholder=${t("Our house rules")} value=${name}
          onInput=${(ev) => setName(ev.currentTarget.value)} /></label>
    </div>
    <div class="ed-actions">
      <button type="button" class="btn btn-primary ed-save" onClick=${save}>${t("Save")}</button>
      <button type="button" class="btn ed-export" onClick=${exportJson}>${t("Export JSON")}</button>
      <button type="button" class="btn ed-import" onClick=${() => fileInput.current.click()}>${t("Import JSON")}</button>
      <button type="button" class="btn btn-danger ed-delete" onClick=${remove} disabled=${!baseIsMine}
        title=${base && !baseIsMine ? t("Saved by somebody else: only they can delete it.") : ""}>${t("Delete")}</button>
      <input type="file" accept="application/json,.json" hidden ref=${fileInput} onChange=${importFile} />
    </div>
    <p class="error" role="alert" hidden=${say.ok || !say.text}>${say.ok ? "" : say.text}</p>
    <p class="ok-line" role="status" hidden=${!say.ok || !say.text}>${say.ok ? say.text : ""}</p>
    <div class="ed-cards">
      ${RANKS.map((rank) => {
        const card = cards[rank];
        const label = t(RANK_NAMES[rank] || rank);
        return html`<section class="ed-card" data-rank=${rank} key=${`${currentMode}:${base}:${rank}`}>
          ${card.red && card.black ? [
            html`<${EntryEditor} key="r" entry=${card.red} label=${t("Red {card}", { card: label })} catalogue=${catalogue} changed=${redraw} />`,
            html`<${EntryEditor} key="b" entry=${card.black} label=${t("Black {card}", { card: label })} catalogue=${catalogue} changed=${redraw} />`,
          ] : html`<${EntryEditor} entry=${card} label=${label} catalogue=${catalogue} changed=${redraw} />`}
        </section>`;
      })}
    </div>
  </div>`;
}
