// The house-rules editor for the drinking decks, opened by the host from the
// table screen or the host phone: change any card's title, text and effect,
// save it as a named variant, export it as JSON, import one.
import { el } from "./common.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const MODE_TITLES = { ring_of_fire: "Ring of Fire", kings: "Kings" };

// ctx.call(event, payload) -> answer. onSaved(variant) after a save.
export async function openEditor(ctx, { mode = "ring_of_fire", variant = "", onSaved } = {}) {
  const listing = await ctx.call("variant.list", {});
  if (!listing.ok) {
    window.alert(listing.error.message);
    return;
  }
  const { defaults, catalogue } = listing;
  let variants = listing.variants;
  let deck = null;
  let currentMode = mode;

  const errorLine = el("p", { class: "error", role: "alert", hidden: true });
  const okLine = el("p", { class: "ok-line", role: "status", hidden: true });
  const nameInput = el("input", { class: "ed-name", maxlength: 40, placeholder: "Our house rules", "aria-label": "Variant name" });
  const modeSelect = el("select", { class: "ed-mode", "aria-label": "Deck" },
    Object.keys(defaults).map((m) => el("option", { value: m }, MODE_TITLES[m] || m)));
  const baseSelect = el("select", { class: "ed-base", "aria-label": "Start from" });
  const cardsBox = el("div", { class: "ed-cards" });
  const fileInput = el("input", { type: "file", accept: "application/json,.json", hidden: true });

  function say(text, ok = false) {
    errorLine.hidden = ok || !text;
    okLine.hidden = !ok || !text;
    (ok ? okLine : errorLine).textContent = text || "";
  }

  function fillBase() {
    const mine = variants.filter((v) => v.mode === currentMode);
    baseSelect.replaceChildren(el("option", { value: "" }, `Standard ${MODE_TITLES[currentMode] || currentMode}`),
      ...mine.map((v) => el("option", { value: v.name }, v.name)));
  }

  function load(base) {
    const found = variants.find((v) => v.name === base && v.mode === currentMode);
    deck = structuredClone(found ? found.deck : defaults[currentMode]);
    nameInput.value = found ? found.name : "";
    baseSelect.value = found ? found.name : "";
    renderCards();
  }

  function entryEditor(entry, label) {
    const effectSelect = el("select", { class: "ed-effect", "aria-label": `${label} effect` },
      Object.entries(catalogue).map(([id, eff]) => el("option", { value: id, selected: id === entry.effect }, eff.label)));
    const paramsBox = el("div", { class: "ed-params" });
    const help = el("div", { class: "sub" });
    function renderParams() {
      const eff = catalogue[entry.effect];
      help.textContent = eff ? eff.help : "";
      const params = (eff && eff.params) || {};
      paramsBox.replaceChildren(...Object.entries(params).map(([name, spec]) => {
        if (!(name in entry.params)) entry.params[name] = spec.default;
        const d = spec.domain;
        let input;
        if (d.int) {
          input = el("input", { type: "number", min: d.int.min, max: d.int.max, value: entry.params[name], inputmode: "numeric" });
          input.addEventListener("input", () => { entry.params[name] = parseInt(input.value, 10); });
        } else if (d.one_of && d.one_of.every((v) => typeof v === "boolean")) {
          input = el("input", { type: "checkbox", checked: Boolean(entry.params[name]) });
          input.addEventListener("change", () => { entry.params[name] = input.checked; });
        } else {
          input = el("select", {}, d.one_of.map((v, i) => el("option", { value: String(i), selected: v === entry.params[name] }, String(v).replace(/_/g, " "))));
          input.addEventListener("change", () => { entry.params[name] = d.one_of[parseInt(input.value, 10)]; });
        }
        input.setAttribute("aria-label", `${label}: ${spec.label}`);
        input.dataset.param = name;
        return el("label", { class: "ed-param" }, el("span", {}, spec.label), input);
      }));
    }
    effectSelect.addEventListener("change", () => {
      entry.effect = effectSelect.value;
      entry.params = {};
      renderParams();
    });
    const title = el("input", { class: "ed-title", value: entry.title, maxlength: 40, "aria-label": `${label} title` });
    title.addEventListener("input", () => { entry.title = title.value; });
    const text = el("textarea", { class: "ed-text", maxlength: 300, rows: 2, "aria-label": `${label} text` });
    text.value = entry.text;
    text.addEventListener("input", () => { entry.text = text.value; });
    renderParams();
    return el("div", { class: "ed-entry" }, el("div", { class: "ed-label" }, label), title, text,
      el("label", { class: "ed-param" }, el("span", {}, "Effect"), effectSelect), paramsBox, help);
  }

  function renderCards() {
    cardsBox.replaceChildren(...RANKS.map((rank) => {
      const card = deck.cards[rank];
      const name = RANK_NAMES[rank] || rank;
      const body = card.red && card.black
        ? [entryEditor(card.red, `Red ${name}`), entryEditor(card.black, `Black ${name}`)]
        : [entryEditor(card, name)];
      return el("section", { class: "ed-card", dataset: { rank } }, body);
    }));
  }

  async function save() {
    const name = nameInput.value.trim();
    if (!name) {
      say("Give your house rules a name first.");
      nameInput.focus();
      return;
    }
    const answer = await ctx.call("variant.save", { name, mode: currentMode, deck });
    if (!answer.ok) {
      say(answer.error.message);
      return;
    }
    variants = variants.filter((v) => v.name.toLowerCase() !== name.toLowerCase()).concat([answer.variant]);
    fillBase();
    baseSelect.value = answer.variant.name;
    say(`Saved "${answer.variant.name}". Pick it in the game list to play it.`, true);
    if (onSaved) onSaved(answer.variant);
  }

  function exportJson() {
    const name = nameInput.value.trim() || deck.name || "house-rules";
    const blob = new Blob([JSON.stringify({ name, mode: currentMode, deck }, null, 2)], { type: "application/json" });
    const link = el("a", { href: URL.createObjectURL(blob), download: `${name.replace(/[^\w-]+/g, "_")}.json` });
    document.body.appendChild(link);
    link.click();
    link.remove();
  }

  fileInput.addEventListener("change", async () => {
    const file = fileInput.files[0];
    fileInput.value = "";
    if (!file) return;
    if (file.size > 60000) {
      say("That file is too big to be a deck.");
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      say("That file is not JSON.");
      return;
    }
    if (!data || typeof data !== "object" || !data.deck || !defaults[data.mode]) {
      say("That file is not a partyapp deck (it needs name, mode and deck).");
      return;
    }
    // The server checks every card; a bad file is refused with the reason.
    const answer = await ctx.call("variant.save", { name: String(data.name || ""), mode: data.mode, deck: data.deck });
    if (!answer.ok) {
      say(`Not imported: ${answer.error.message}`);
      return;
    }
    variants = variants.filter((v) => v.name.toLowerCase() !== answer.variant.name.toLowerCase()).concat([answer.variant]);
    currentMode = answer.variant.mode;
    modeSelect.value = currentMode;
    fillBase();
    load(answer.variant.name);
    say(`Imported "${answer.variant.name}".`, true);
    if (onSaved) onSaved(answer.variant);
  });

  async function remove() {
    const name = baseSelect.value;
    if (!name || !window.confirm(`Delete the house rules "${name}"?`)) return;
    const answer = await ctx.call("variant.delete", { name });
    if (!answer.ok) {
      say(answer.error.message);
      return;
    }
    variants = variants.filter((v) => v.name !== name);
    fillBase();
    load("");
    say(`Deleted "${name}".`, true);
  }

  modeSelect.addEventListener("change", () => { currentMode = modeSelect.value; fillBase(); load(""); });
  baseSelect.addEventListener("change", () => load(baseSelect.value));

  const dialog = el("div", { class: "editor", role: "dialog", "aria-modal": "true", "aria-label": "House rules" },
    el("div", { class: "ed-head" },
      el("h2", {}, "House rules"),
      el("button", { class: "btn ed-close", type: "button", onclick: () => dialog.remove() }, "Close")),
    el("div", { class: "ed-bar" },
      el("label", { class: "ed-param" }, el("span", {}, "Deck"), modeSelect),
      el("label", { class: "ed-param" }, el("span", {}, "Start from"), baseSelect),
      el("label", { class: "ed-param" }, el("span", {}, "Save as"), nameInput)),
    el("div", { class: "ed-actions" },
      el("button", { class: "btn btn-primary ed-save", type: "button", onclick: save }, "Save"),
      el("button", { class: "btn ed-export", type: "button", onclick: exportJson }, "Export JSON"),
      el("button", { class: "btn ed-import", type: "button", onclick: () => fileInput.click() }, "Import JSON"),
      el("button", { class: "btn btn-danger ed-delete", type: "button", onclick: remove }, "Delete"),
      fileInput),
    errorLine, okLine, cardsBox);
  modeSelect.value = defaults[mode] ? mode : Object.keys(defaults)[0];
  currentMode = modeSelect.value;
  fillBase();
  load(variant);
  document.body.appendChild(dialog);
  return dialog;
}
