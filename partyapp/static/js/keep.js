// What a person has typed or chosen on this phone (a rule, a name, a bet, the
// cards picked in a hand) survives a reload of the page and a restart of the
// server, until it is sent or the prompt it belongs to is gone.
//
//   const [text, setText] = useKept("act.rule.text", "", "act:rule");
//
// is useState, except that the value is also written to this browser's
// localStorage under the room, the seat and the prompt, and read back when
// the component mounts again after a reload. A prompt is a string:
//   "act:TYPE"   one of you.actions (kept while the seat may still send it),
//   "host:TYPE"  one of the host's game.host_actions,
//   "game"       the running game (kept until the next game or the lobby),
//   "lobby"      the lobby between games,
//   "seat"       as long as the seat (a name being changed).
// After every state frame the phone calls pruneKept(state): what belongs to
// a prompt no longer offered, or to another game, is dropped. A page without
// a seat (the table, the join form before a seat) keeps nothing in storage
// unless it names a scope of its own (keepScope with a key).
import { useState } from "./view.js";

const PREFIX = "partyapp.keep.";
const MAX_AGE_S = 12 * 3600; // a draft untouched for this long is forgotten

let scope = null; // {key, game}

function load(key) {
  try {
    const data = JSON.parse(window.localStorage.getItem(key) || "null");
    return data && typeof data === "object" && data.items && typeof data.items === "object" ? data : null;
  } catch {
    return null;
  }
}

function save(key, data) {
  try {
    if (!data || !Object.keys(data.items).length) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(data));
  } catch { /* private mode or full: the value lives in the page only */ }
}

// The game a frame shows ("lobby" between games): a draft of one game is
// never offered in the next.
export function gameKey(state) {
  const g = state && state.game;
  if (!g) return "lobby";
  return `${(state.room && state.room.games_played) || 0}.${g.mode}`;
}

// The scope of this page's drafts: the room and seat (`key`), and the game
// shown. Called with every state frame, before it is drawn.
export function keepScope(key, state) {
  scope = key ? { key: PREFIX + key, game: gameKey(state) } : null;
}

function live(state) {
  const you = (state && state.you) || {};
  const g = state && state.game;
  const alive = new Set(["seat"]);
  for (const a of you.actions || []) alive.add(`act:${a.type}`);
  if (you.is_host && g && Array.isArray(g.host_actions)) for (const a of g.host_actions) alive.add(`host:${a.type}`);
  if (g && !g.over) alive.add("game");
  if (!g || g.over) alive.add("lobby");
  return alive;
}

// Drop every draft whose prompt is gone (the move was made by someone else,
// the time ran out, the game ended) or that belongs to another game.
export function pruneKept(state) {
  if (!scope) return;
  const data = load(scope.key);
  if (!data) return;
  const alive = live(state);
  const now = Date.now() / 1000;
  let changed = false;
  for (const [id, item] of Object.entries(data.items)) {
    const stale = !item || typeof item !== "object" || now - (item.at || 0) > MAX_AGE_S;
    const otherGame = item && item.p !== "seat" && item.p !== "lobby" && item.g !== scope.game;
    if (stale || otherGame || !alive.has(item.p)) {
      delete data.items[id];
      changed = true;
    }
  }
  if (changed) save(scope.key, data);
}

function readItem(id, prompt) {
  if (!scope) return undefined;
  const data = load(scope.key);
  const item = data && data.items[id];
  if (!item || item.p !== prompt) return undefined;
  if (item.p !== "seat" && item.p !== "lobby" && item.g !== scope.game) return undefined;
  return item.v;
}

function writeItem(id, prompt, value, initial) {
  if (!scope) return;
  const data = load(scope.key) || { items: {} };
  if (value === undefined || JSON.stringify(value) === JSON.stringify(initial)) delete data.items[id];
  else data.items[id] = { v: value, p: prompt, g: scope.game, at: Math.round(Date.now() / 1000) };
  save(scope.key, data);
}

// Forget one draft now (it was sent, or cancelled).
export function forgetKept(id) {
  if (!scope) return;
  const data = load(scope.key);
  if (data && data.items[id]) {
    delete data.items[id];
    save(scope.key, data);
  }
}

// useState that outlives the page (see above). `id` names the value within
// the seat; `prompt` is what it belongs to. Setting it back to `initial`
// forgets it.
export function useKept(id, initial, prompt) {
  const [value, setValue] = useState(() => {
    const kept = readItem(id, prompt);
    return kept === undefined ? initial : kept;
  });
  const set = (next) => {
    setValue((old) => {
      const v = typeof next === "function" ? next(old) : next;
      writeItem(id, prompt, v, initial);
      return v;
    });
  };
  return [value, set];
}

// Every room's drafts older than MAX_AGE_S go when a page opens.
(function sweep() {
  try {
    const now = Date.now() / 1000;
    for (let i = window.localStorage.length - 1; i >= 0; i -= 1) {
      const key = window.localStorage.key(i);
      if (!key || !key.startsWith(PREFIX)) continue;
      const data = load(key);
      const items = data ? Object.values(data.items) : [];
      if (!items.some((item) => item && now - (item.at || 0) <= MAX_AGE_S)) window.localStorage.removeItem(key);
    }
  } catch { /* no storage */ }
}());
