// Looking back during a game: every log entry of this game in words, newest
// first, each with who made it and when, and the rules in force. The
// server keeps the game's log whole (`room.history`, rooms/history.py):
// the panel asks for it when it opens, then only for the entries from the
// view's window on whenever a frame's log changes (a new entry, one taken
// back). The TV shows the last few entries and the rules in force at all
// times (LookBackStrip). A panel left open stays open and where it was
// scrolled, across frames and reloads (keep.js, for this game).
import { cx, html, useEffect, useLayoutEffect, useRef, useState } from "../view.js";
import { lang, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { word, wordText } from "../words.js";
import { useKept } from "../keep.js";
import { ruleWords } from "./options.js";

const NO_HISTORY = { game: null, entries: [], floor: 0, earlier: 0 };
const HIDDEN_OPTIONS = new Set(["deck", "variant", "seed", "dealer"]);
// The shortest time between two history asks of one panel.
const ASK_GAP_MS = 400;
// How many times in a row a refused or lost ask is asked again.
const ASK_RETRIES = 3;

// What a frame's log looks like: a change (a new entry, one taken back or
// undone) asks the server again.
function logKey(state) {
  const log = (state.game && state.game.log) || [];
  return log.map((e) => `${e.id}${e.undone ? "u" : ""}`).join(",");
}

// The game's history, kept up to date while `open`. `ask(payload)` sends
// room.history and resolves with the answer.
export function useHistory(state, ask, open) {
  const [history, setHistory] = useState(NO_HISTORY);
  const held = useRef(NO_HISTORY);
  const flight = useRef({ busy: false, again: false, last: 0, timer: null, failures: 0 });
  const key = logKey(state);
  const inGame = Boolean(state.game);
  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; clearTimeout(flight.current.timer); }, []);
  // One request at a time, at most one per ASK_GAP_MS: a change meanwhile
  // asks once more when it is answered and the gap has passed (a burst of
  // frames, a game started and ended at once, costs a few asks, not one per
  // frame out of the connection's event budget).
  const run = useRef(null);
  run.current = async () => {
    const f = flight.current;
    if (f.busy || f.timer) { f.again = true; return; }
    const wait = f.last + ASK_GAP_MS - Date.now();
    if (wait > 0) {
      f.again = true;
      f.timer = setTimeout(() => { f.timer = null; if (mounted.current && f.again) { f.again = false; run.current(); } }, wait);
      return;
    }
    f.busy = true;
    f.last = Date.now();
    const have = held.current;
    const since = have.game && have.entries.length ? have.floor : undefined;
    let answer = null;
    try {
      answer = await ask(since === undefined ? {} : { since });
    } catch {
      answer = null;
    }
    try {
      // Refused (a spent event budget) or lost: asked again after the gap, a few times.
      if (!(answer && answer.ok)) {
        f.failures += 1;
        if (f.failures <= ASK_RETRIES) f.again = true;
      } else if (mounted.current) {
        f.failures = 0;
        const got = answer.history;
        const same = since !== undefined && JSON.stringify(got.game) === JSON.stringify(have.game);
        const next = same ? { ...got, entries: [...have.entries.filter((e) => e.entry.id < since), ...got.entries] } : got;
        held.current = next;
        setHistory(next);
      }
    } finally {
      f.busy = false;
      if (f.again && mounted.current) { f.again = false; run.current(); }
    }
  };
  useEffect(() => {
    if (open && inGame && ask) run.current();
  }, [open, key, inGame]);
  return history;
}

// Who made an entry: a player (who joined, left, moved; the app for them
// while their phone was away; whose time ran out, at the game's own
// time-out), the host, or the game itself (what nobody made: a race's
// window closing on everybody).
function maker(state, h) {
  if (h.by === "@host") return t("the host");
  if (!h.by) return t("the game");
  const name = nameOf(state, h.by);
  if (h.timeout) return t("{name}'s time ran out", { name });
  return h.auto ? t("the app for {name}", { name }) : name;
}

function when(at) {
  if (typeof at !== "number") return "";
  try {
    return new Date(at * 1000).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  } catch {
    return "";
  }
}

// The rules in force: the rules made in a drinking deck (with who made
// each), else the game's table rules as the host set them.
export function RulesInForce({ state }) {
  const g = state.game || {};
  let items;
  if (Array.isArray(g.rules)) {
    items = g.rules.slice().reverse().map((r, i) => html`<li key=${`r${i}`}><span class="rule-text">${r.text}</span>
      <span class="by"> — ${nameOf(state, r.by)}</span></li>`);
  } else {
    items = Object.entries(g.options || {}).filter(([k, v]) => !HIDDEN_OPTIONS.has(k) && v !== null && typeof v !== "object")
      .map(([k, v]) => {
        const [name, value] = ruleWords(k, v);
        return html`<li key=${k}><span class="rule-name">${name}</span>: <b>${value}</b></li>`;
      });
  }
  return html`<section class="history-rules" aria-label=${t("Rules in force")}>
    <h3 class="panel-title">${t("Rules in force")}</h3>
    ${items.length ? html`<ul class="history-rule-list">${items}</ul>` : html`<p class="sub">${t("None yet.")}</p>`}
  </section>`;
}

// An entry's words are keyed by their text: words that change shape when
// their context leaves the log (Cheat's pickup says why only while the
// reveal before it is still there) are drawn anew instead of diffed, which
// Preact could not do across nested empty text parts.
function Entry({ state, h }) {
  return html`<li class=${cx("history-entry", h.entry.undone && "undone")} data-id=${h.entry.id}>
    <span class="history-when">${when(h.at)}</span>
    <span class="history-who">${maker(state, h)}</span>
    <span class="history-what" key=${wordText(h.entry, state)}>${word(h.entry, state)}</span>
  </li>`;
}

export function LookBackButton({ open, setOpen }) {
  return html`<button type="button" id="btn-history" class=${cx("btn btn-mini btn-history", open && "chosen")}
    aria-expanded=${open ? "true" : "false"} aria-controls="history-sheet" onClick=${() => setOpen(!open)}>${t("Look back")}</button>`;
}

// Open or closed, kept for this game across reloads.
export function useLookBackOpen() {
  return useKept("history.open", false, "game");
}

// The panel: the rules in force, then every entry, newest first. Its list
// scrolls on its own; where it was scrolled is kept as the distance from its
// end (the oldest entries, which new ones never move), so a new entry at the
// top moves nothing under the reader's eyes, and a reload comes back there.
export function LookBack({ state, ask, close }) {
  const history = useHistory(state, ask, true);
  const [anchor, setAnchor] = useKept("history.scroll", 0, "game");
  const list = useRef(null);
  const placed = useRef(anchor);
  const timer = useRef(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (el && placed.current > 0) el.scrollTop = Math.max(0, el.scrollHeight - placed.current);
  }, [history.entries.length, history.entries.length && history.entries[history.entries.length - 1].entry.id]);
  const onScroll = (ev) => {
    const el = ev.currentTarget;
    placed.current = el.scrollTop <= 1 ? 0 : el.scrollHeight - el.scrollTop;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(placed.current), 150);
  };
  const entries = history.entries.slice().reverse();
  return html`<div id="history-sheet" class="history-sheet" role="region" aria-label=${t("Look back")}>
    <div class="history-head">
      <h2 class="history-title">${t("Look back")}</h2>
      <button type="button" class="btn btn-mini" id="btn-history-close" onClick=${close}>${t("Close")}</button>
    </div>
    <${RulesInForce} state=${state} />
    <h3 class="panel-title">${t("What happened")}</h3>
    <ol class="history-list" ref=${list} onScroll=${onScroll} tabindex="0" aria-label=${t("What happened")}>
      ${entries.map((h) => html`<${Entry} key=${h.entry.id} state=${state} h=${h} />`)}
      ${history.earlier ? html`<li class="history-earlier sub">${t("+{count} earlier|+{count} earlier", { count: history.earlier })}</li>` : null}
    </ol>
    ${entries.length ? null : html`<p class="sub">${t("Nothing yet.")}</p>`}
  </div>`;
}

// The TV, at all times: the last few entries, each with who made it, and the
// rules in force (a drinking deck's table lists the rules made itself),
// never hidden while the game is played. It has a place of its own: on a TV
// the foot of the screen, across it, where the ticker was, which the game
// and the players yield to; on a table handed round, the foot of the game's
// area. It stands in for a game's own list of what happened (app.css: its
// caption, the entries one after another in one paragraph, the rules on one
// line, both wrapping).
// Dense: an entry whose words already name the player who made it as their
// subject ("Ana bets 31.") is not led by their name again.
function StripEntry({ state, h }) {
  const text = wordText(h.entry, state);
  const who = maker(state, h);
  const named = Boolean(h.by) && h.by !== "@host" && !h.auto && !h.timeout && h.entry.player === h.by
    && text.includes(who);
  return html`<li class=${cx("history-entry", h.entry.undone && "undone", named && "named")} data-id=${h.entry.id}
      data-maker=${who}>
    ${named ? null : html`<span class="history-who">${who}</span>`}
    <span class="history-what" key=${text}>${word(h.entry, state)}</span>
  </li>`;
}

export function LookBackStrip({ state, ask, count = 3 }) {
  const history = useHistory(state, ask, true);
  const entries = history.entries.slice(-count).reverse();
  const own = Array.isArray((state.game || {}).rules);
  const over = Boolean((state.game || {}).over);
  // On a TV it lies along the foot of the screen (app.css), where the page
  // keeps it its room: its height, kept in --look-back-h.
  const box = useRef(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const root = document.documentElement;
    const put = () => {
      const h = `${getComputedStyle(el).position === "fixed" ? el.offsetHeight : 0}px`;
      if (root.style.getPropertyValue("--look-back-h") !== h) root.style.setProperty("--look-back-h", h);
    };
    put();
    // The page's room is changed in the next frame, not inside the
    // observer's callback: other observers (the players panel's) would see
    // their boxes change in the same round (WebKit reports a loop).
    let frame = 0;
    const later = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; put(); }); };
    const seen = typeof ResizeObserver === "function" ? new ResizeObserver(later) : null;
    if (seen) seen.observe(el);
    window.addEventListener("resize", later);
    return () => {
      if (seen) seen.disconnect();
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("resize", later);
      root.style.removeProperty("--look-back-h");
    };
  }, [over]);
  if (over) return null; // the result takes the room once the game is over
  return html`<section id="look-back" ref=${box} class=${cx("look-back-strip", own && "entries-only")} aria-label=${t("Look back")}>
    <h3 class="panel-title">${t("Just now")}</h3>
    ${entries.length ? html`<ol class="history-list short">${entries.map((h) => html`<${StripEntry} key=${h.entry.id} state=${state} h=${h} />`)}</ol>`
      : html`<p class="sub">${t("Nothing yet.")}</p>`}
    ${own ? null : html`<${RulesInForce} state=${state} />`}
  </section>`;
}
