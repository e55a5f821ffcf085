// Every word the pages show goes through t(). The message id is the English
// text; the words of the screen's language come from the server's gettext
// catalogue, a module of the page's graph (/i18n/catalogue.js, which the
// page's import map sends to the catalogue of its language: {lang, message
// id -> text or the list of plural forms, the catalogue's Plural-Forms
// expression}), so they are here before any module that shows them runs.
//
//   t("{name} to draw", {name: html`<b>${name}</b>`})  -> ["", <b>, " to draw"]
//   t("{name} to draw", {name: "Ana"})                 -> "Ana to draw"
//   t("({count} drink)|({count} drinks)", {count: 2})  -> "(2 drinks)"  (Russian: three forms)
//
// A message id "one|many" is a plural: the catalogue gives as many forms as
// its language has, and its rule picks one by `count`. Placeholders are
// filled with strings or with nodes; the result is a string when every
// parameter is a string or a number, else a list of strings and nodes to
// render. Nothing is ever parsed as markup. N_("...") marks a message id
// written in a table (labels by action type, log messages) for the
// extractor; the table's value goes through t() where it is shown.
//
// The language is the page's, chosen by the server for the page's words and
// these alike (partyapp/i18n/languages.py: `?lang=` in the address, else
// the switch's `lang` cookie, else the browser's languages), and named by
// the catalogue. The socket tells the server the same in its handshake, so
// that refusals come back in it.
import pluralForms from "../vendor/tannin/plural-forms.module.js";
import words from "/i18n/catalogue.js";

export const LANGUAGES = [["en", "English"], ["ru", "Русский"]];
const COOKIE = "lang";
const supported = (tag) => {
  const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.some(([c]) => c === code) ? code : null;
};

export const lang = supported(words.lang) || "en";

const catalogue = words.messages || {}; // msgid -> text, or [forms] for "one|many" ids
const pluralIndex = words.plural ? pluralForms(words.plural) : (n) => (n === 1 ? 0 : 1);
// Message ids asked for that the catalogue of a non-English screen lacks
// (the browser tests read them: a Russian screen must find nothing in English).
const missing = new Set();

// Family mode (a room setting): words that speak of drinks have a family
// wording, registered by family.js as msgid -> (params) => t(family msgid,
// params). Not a translation: the family words go through t() like any
// other, so every language has them.
let family = false;
const familyWords = {};

export function registerFamilyWords(table) {
  Object.assign(familyWords, table);
}

export function setFamily(on) {
  family = Boolean(on);
}

export function isFamily() {
  return family;
}

document.documentElement.lang = lang;
window.partyappI18n = { lang, missing };

// The switch: remembered on this device (a cookie the server reads too), then
// the page loads again in the new language. A `?lang=` in the address would
// outrank the cookie: the page loads again without it.
export function setLanguage(code) {
  if (!supported(code)) return;
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
  const url = new URL(window.location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    window.location.replace(url.href);
  } else {
    window.location.reload();
  }
}

export function N_(msgid) {
  return msgid;
}

function lookup(msgid, count) {
  const n = typeof count === "number" ? count : 1;
  const found = Object.prototype.hasOwnProperty.call(catalogue, msgid) ? catalogue[msgid] : undefined;
  if (found === undefined && lang !== "en" && msgid) missing.add(msgid);
  if (Array.isArray(found)) {
    return found[Math.min(found.length - 1, Math.max(0, pluralIndex(n)))];
  }
  const text = found || msgid;
  if (!found && text.includes("|")) {
    const forms = text.split("|");
    return forms[n === 1 ? 0 : Math.min(1, forms.length - 1)];
  }
  return text;
}

export function t(msgid, params) {
  if (family && Object.prototype.hasOwnProperty.call(familyWords, msgid)) return familyWords[msgid](params);
  const text = lookup(msgid, params && params.count);
  if (!params) return text;
  const parts = [];
  let plain = true;
  let last = 0;
  text.replace(/\{(\w+)\}/g, (match, key, offset) => {
    parts.push(text.slice(last, offset));
    last = offset + match.length;
    const value = Object.prototype.hasOwnProperty.call(params, key) ? params[key] : match;
    if (value !== null && typeof value === "object") plain = false;
    parts.push(value === null || value === undefined ? "" : value);
    return match;
  });
  parts.push(text.slice(last));
  return plain ? parts.map(String).join("") : parts;
}

// A list of names or labels in words: "Ana", "Ana and Bob", "Ana, Bob and Cy".
export function listOf(items) {
  const list = items.filter((x) => x !== null && x !== undefined && x !== "");
  if (list.length <= 1) return list.length ? list[0] : "";
  const allText = list.every((x) => typeof x === "string");
  const head = list.slice(0, -1);
  if (allText) return t("{list} and {last}", { list: head.join(t(", ")), last: list[list.length - 1] });
  const joined = [];
  head.forEach((x, i) => { if (i) joined.push(t(", ")); joined.push(x); });
  return t("{list} and {last}", { list: joined, last: list[list.length - 1] });
}
