// Shared by the table screen and the phone page: the socket, acknowledged
// calls, DOM building (text is always text), cards and player names.

export const ACK_TIMEOUT_MS = 8000;

export function connect() {
  // The page's own origin; the server refuses other origins.
  return window.io({ reconnectionDelay: 500, reconnectionDelayMax: 4000 });
}

// Emit and wait for the acknowledgement; never throws.
export async function call(socket, event, payload = {}) {
  try {
    return await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
  } catch (err) {
    return { ok: false, error: { code: "timeout", message: "No answer from the server. Check the Wi-Fi." } };
  }
}

// el("div", {class: "x", onclick: fn}, "text", child) — strings become text
// nodes, never markup.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    // Through the CSSOM: the pages' CSP forbids style attributes.
    else if (key === "style") for (const [prop, v] of Object.entries(value)) node.style.setProperty(prop, v);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

export function show(node, visible) {
  node.hidden = !visible;
}

// -- cards ----------------------------------------------------------------
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_NAMES = { A: "Ace", J: "Jack", Q: "Queen", K: "King" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

export function parseCard(code) {
  if (typeof code !== "string" || code.length < 2) return null;
  if (code[0] === "X") return { rank: "Joker", suit: "", red: code === "X1" };
  const suit = code.slice(-1);
  return { rank: code.slice(0, -1), suit, red: suit === "H" || suit === "D" };
}

export function cardName(code) {
  const c = parseCard(code);
  if (!c) return "";
  if (c.rank === "Joker") return "Joker";
  return `${RANK_NAMES[c.rank] || c.rank} of ${SUIT_NAMES[c.suit]}`;
}

export function cardShort(code) {
  const c = parseCard(code);
  if (!c) return "";
  return c.rank === "Joker" ? "Joker" : `${c.rank}${SUITS[c.suit]}`;
}

export function cardEl(code, extraClass = "") {
  const c = parseCard(code);
  if (!c) return el("div", { class: `card card-back ${extraClass}`, "aria-label": "face-down card" });
  const sym = SUITS[c.suit] || "★";
  return el(
    "div",
    { class: `card ${c.red ? "red" : "black"} ${extraClass}`, role: "img", "aria-label": cardName(code) },
    el("span", { class: "corner tl" }, c.rank, el("br"), sym),
    el("span", { class: "pip" }, c.rank === "Joker" ? "🃏" : sym),
    el("span", { class: "corner br" }, c.rank, el("br"), sym),
  );
}

// -- players --------------------------------------------------------------
export function nameOf(state, pid) {
  const p = (state.players || []).find((x) => x.id === pid);
  return p ? p.name : "someone";
}

export function playerIds(state) {
  return new Set((state.players || []).map((p) => p.id));
}

export function humanize(type) {
  return String(type).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

// -- storage (localStorage may be unavailable in private modes) -------------
export const storage = {
  get(key) {
    try { return window.localStorage.getItem(key); } catch { return null; }
  },
  set(key, value) {
    try { window.localStorage.setItem(key, value); } catch { /* private mode */ }
  },
  remove(key) {
    try { window.localStorage.removeItem(key); } catch { /* private mode */ }
  },
};

export function connStatus(node, socket) {
  const set = (text, cls) => { node.textContent = text; node.className = `conn-status ${cls}`; };
  socket.on("connect", () => set("", "ok"));
  socket.on("disconnect", () => set("Reconnecting…", "bad"));
  socket.io.on("reconnect_attempt", () => set("Reconnecting…", "bad"));
}

export function banner(node, text, kind = "error") {
  if (!text) { node.hidden = true; node.textContent = ""; return; }
  node.textContent = text;
  node.className = `banner ${kind}`;
  node.hidden = false;
}
