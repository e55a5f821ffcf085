// Every word the pages show goes through t(). English is the identity: the
// message id is the English text. A later language is loaded in one place,
// setCatalogue(), with its plural rule.
//
//   t("{name} to draw", {name: html`<b>${name}</b>`})  -> ["", <b>, " to draw"]
//   t("{name} to draw", {name: "Ana"})                 -> "Ana to draw"
//   t("{count} drink|{count} drinks", {count: 2})      -> "2 drinks"
//
// Placeholders are filled with strings or with nodes; the result is a string
// when every parameter is a string or a number, else a list of strings and
// nodes to render. Nothing is ever parsed as markup.

let catalogue = null; // msgid -> translated text
let pluralIndex = (n) => (n === 1 ? 0 : 1);

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

export function setCatalogue(messages, plural) {
  catalogue = messages || null;
  if (plural) pluralIndex = plural;
}

function lookup(msgid, count) {
  let text = (catalogue && catalogue[msgid]) || msgid;
  if (text.includes("|")) {
    const forms = text.split("|");
    const n = typeof count === "number" ? count : 1;
    text = forms[Math.min(forms.length - 1, Math.max(0, pluralIndex(n)))];
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
