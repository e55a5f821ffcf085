// Log entries in words. Engines log message keys with parameters
// ({"id": 7, "msg": "blackjack.bust", "player": "p2", "total": 24}); each mode
// registers a table of its keys (registerMessages) worded through t(): a
// template, or a function (params, entry, state, plain) -> words for a
// sentence a template cannot build ("Bo played three 7s", a list of times);
// `params` are the entry's values ready to show (names, cards), `entry` the
// raw ones, and `plain` asks for text only (labels, confirm boxes). A
// drinking game saved before its log had keys keeps its old entries' `text`
// parts (strings, {player}, {card}, and forfeit parts worded per person by
// forfeits.js): they are still shown, as they were.
//   word(entry, state)     -> something to render (names in bold, cards in colour)
//   wordText(entry, state) -> the same as plain text (labels, confirm boxes)
import { html } from "./view.js";
import { listOf, t } from "./i18n.js";
import { humanize, isPlayerId, nameOf } from "./common.js";
import { CardLabel, cardShort, isCardCode } from "./ui/cards.js";
import { Who } from "./ui/who.js";
import { forfeitWords, matesWords, neckWords, pourWords } from "./forfeits.js";

const messages = {};

// table: key -> English text with {params}, or a function (entry) -> text, or
// [text, {param: words}] to word some values the mode's way (a space "N" as
// "North"); the words are inserted as text.
export function registerMessages(table) {
  Object.assign(messages, table);
}

function template(entry) {
  const m = messages[entry.msg];
  const out = typeof m === "function" ? m(entry) : m;
  return Array.isArray(out) ? out : [out, {}];
}

// A message worded the mode's way: fn(entry) -> [text, {param: words}], the
// words (a space "N" as "North", a count for the plural) added to the
// entry's own values.
export function phrase(fn) {
  return (values, entry) => {
    const [text, extra] = fn(entry);
    return t(text, { ...values, ...(extra || {}) });
  };
}

export function hasMessage(key) {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

const META = new Set(["id", "msg", "undone", "kind", "text", "drinks", "necks"]);

// One parameter's value for a sentence.
function param(state, key, value, plain) {
  if ((key === "player" || key === "by" || key === "to" || key === "from" || key === "winner" || key === "loser")
      && isPlayerId(state, value)) {
    return plain ? nameOf(state, value) : html`<${Who} state=${state} pid=${value} />`;
  }
  if (key === "players" && Array.isArray(value)) {
    return listOf(value.map((p) => (plain ? nameOf(state, p) : html`<${Who} state=${state} pid=${p} />`)));
  }
  if ((key === "card" || key === "cards") && (Array.isArray(value) ? value : [value]).every(isCardCode)) {
    const cards = Array.isArray(value) ? value : [value];
    return listOf(cards.map((c) => (plain ? cardShort(c) : html`<${CardLabel} code=${c} />`)));
  }
  if (Array.isArray(value)) return listOf(value.map((v) => param(state, key, v, plain)));
  if (isPlayerId(state, value)) return plain ? nameOf(state, value) : html`<${Who} state=${state} pid=${value} />`;
  if (isCardCode(value)) return plain ? cardShort(value) : html`<${CardLabel} code=${value} />`;
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (value === null || value === undefined) return "";
  return String(value);
}

function params(entry, state, plain) {
  const out = {};
  for (const [key, value] of Object.entries(entry)) {
    if (!META.has(key)) out[key] = param(state, key, value, plain);
  }
  if (typeof entry.count === "number") out.count = entry.count;
  return out;
}

// An unknown key still reads: "Blackjack: bust — Ana, total 24".
function fallback(entry, state, plain) {
  const [head, ...rest] = String(entry.msg).split(".");
  const what = rest.length ? `${humanize(head)}: ${humanize(rest.join(" ")).toLowerCase()}` : humanize(head);
  const details = [];
  for (const [key, value] of Object.entries(entry)) {
    if (META.has(key)) continue;
    const v = param(state, key, value, plain);
    details.push(key === "player" || key === "players" ? v : t("{key} {value}", { key: humanize(key).toLowerCase(), value: v }));
  }
  if (!details.length) return t("{what}.", { what });
  const joined = [];
  details.forEach((d, i) => { if (i) joined.push(", "); joined.push(d); });
  const out = t("{what} — {details}.", { what, details: plain ? joined.join("") : joined });
  return out;
}

// The drinking decks' parts: strings, {player}, {card}, and the forfeit
// parts, worded in each person's form (forfeits.js).
function parts(entry, state, plain) {
  return (entry.text || []).map((part) => {
    if (typeof part === "string") return part;
    if (!part) return "";
    if (part.player) return plain ? nameOf(state, part.player) : html`<${Who} state=${state} pid=${part.player} />`;
    if (part.card) return plain ? cardShort(part.card) : html`<${CardLabel} code=${part.card} />`;
    if (Array.isArray(part.forfeit)) return forfeitWords(state, part.forfeit, part.n, entry, { plain });
    if (Array.isArray(part.mates)) return [" ", matesWords(state, part.mates, entry, plain)];
    if (part.neck) return neckWords(state, part.neck, part.why, plain);
    if (part.pour) return pourWords(state, part.pour, part.filled, part.of, plain);
    return "";
  });
}

function worded(entry, state, plain) {
  const message = messages[entry.msg];
  const p = params(entry, state, plain);
  return typeof message === "function" ? message(p, entry, state, plain) : t(message, p);
}

export function word(entry, state) {
  if (!entry) return "";
  if (Array.isArray(entry.text)) return parts(entry, state, false);
  if (typeof entry.msg === "string") {
    if (hasMessage(entry.msg)) return worded(entry, state, false);
    return fallback(entry, state, false);
  }
  return "";
}

export function wordText(entry, state) {
  if (!entry) return "";
  if (Array.isArray(entry.text)) return parts(entry, state, true).flat(Infinity).join("");
  if (typeof entry.msg === "string") {
    const out = hasMessage(entry.msg) ? worded(entry, state, true) : fallback(entry, state, true);
    return Array.isArray(out) ? out.flat(Infinity).join("") : out;
  }
  return "";
}
