// Slap races on the screens (the reflex games, and any game with a race):
// the big SLAP button on the phone, the race while it is open, the last
// race's order with its margins in milliseconds, the face-up pile, the
// limit that ends a game that might never end, and the table of a slapping
// game. Also the words of the log keys every reflex game shares (race.*,
// reflex.deal).
import { cx, html, useEffect, useNow, useRef, useState } from "../view.js";
import { listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages, word } from "../words.js";
import { Card, CardBack } from "./cards.js";
import { PagedList } from "./pages.js";
import { Result } from "./result.js";
import { Who } from "./who.js";
import { Countdown } from "./countdown.js";

// A compensation this small is not worth a word on the TV.
const LAG_SHOWN_MS = 20;

// What a race is called on the screens.
const KINDS = { snap: N_("Snap!"), double: N_("Double!"), sandwich: N_("Sandwich!") };
export function raceTitle(kind) {
  return t(KINDS[kind] || "Slap!");
}

export function canSlap(state) {
  return ((state.you && state.you.actions) || []).some((a) => a.type === "slap");
}

// The phone's SLAP button: one look whether or not a race is open (a race
// is seen on the table, never read from one's own phone: a slap with none
// open is a mistake, with its penalty); "Slapped!" once you slapped. It fires on the touch itself (pointerdown), not on the release,
// so a tap is not judged later than it was made; a key (Enter, Space) works too.
export function SlapButton({ state, send, hint }) {
  const g = state.game;
  const race = g.race;
  const open = Boolean(race);
  const me = state.you.player_id;
  const may = canSlap(state);
  const slapped = open && race.slapped.includes(me);
  const busy = useRef(false);
  const [flash, setFlash] = useState(false);
  const fire = async () => {
    if (busy.current || !may) return;
    busy.current = true;
    setFlash(true);
    try {
      await send({ type: "slap" });
    } finally {
      busy.current = false;
      setTimeout(() => setFlash(false), 180);
    }
  };
  if (!may && !slapped) return null;
  const label = slapped ? t("Slapped!") : t("Slap");
  return html`<button type="button" class=${cx("btn slap-button", slapped ? "done" : "ready", flash && "hit")}
    data-action="slap" disabled=${!may} aria-describedby=${hint ? "slap-hint" : undefined}
    onPointerDown=${(ev) => { if (ev.button === 0 || ev.pointerType !== "mouse") { ev.preventDefault(); fire(); } }}
    onClick=${(ev) => { if (ev.detail === 0) fire(); }}>
    <span class="slap-word">${label}</span>
    ${hint ? html`<span class="slap-hint" id="slap-hint">${hint}</span>` : null}
  </button>`;
}

// Some names, the rest counted: "Ana, Bob and 5 more".
function someNames(state, pids, show) {
  const named = pids.slice(0, pids.length > show ? show - 1 : show).map((p) => html`<${Who} state=${state} pid=${p} />`);
  const rest = pids.length - named.length;
  return listOf(rest ? [...named, t("{count} more", { count: rest })] : named);
}

// The open race on the TV: the call, who has slapped (in the order their
// slaps arrived: the judged order comes when it closes) and who it waits for.
export function RaceLive({ state }) {
  const race = state.game.race;
  if (!race) return null;
  return html`<section class="race-live" aria-live="assertive">
    <div class="race-call">${raceTitle(race.kind)}</div>
    <${Countdown} state=${state} until=${race.deadline} className="race-clock" />
    <div class="race-detail">
      ${race.slapped.length ? html`<div class="race-in">${t("Slapped: {names}", { names: someNames(state, race.slapped, 3) })}</div>` : null}
      ${race.waiting.length ? html`<div class="race-wait">${t("Waiting for {names}", { names: someNames(state, race.waiting, 3) })}</div>` : null}
    </div>
  </section>`;
}

// The last race: everybody in judged order with the margin behind the first
// in ms, the Wi-Fi allowance given, then who missed it and who was away.
// `verdict(pid)` may add what the place meant ("picks up", "takes the pile").
export function RaceResult({ state, race, verdict, compact = false }) {
  if (!race) return null;
  const rows = race.order.map((e, i) => html`<li key=${e.player} class=${cx("race-row", i === 0 && "first")}>
    <span class="race-pos">${String(i + 1)}</span>
    <${Who} state=${state} pid=${e.player} />
    <span class="race-margin">${i === 0 ? t("first") : t("+{ms} ms", { ms: String(e.margin_ms) })}</span>
    ${e.lag_ms >= LAG_SHOWN_MS && !compact ? html`<span class="race-lag">${t("Wi-Fi −{ms} ms", { ms: String(e.lag_ms) })}</span>` : null}
    ${verdict && verdict(e.player) ? html`<span class="race-verdict">${verdict(e.player)}</span>` : null}
  </li>`);
  for (const p of race.missed) {
    rows.push(html`<li key=${p} class="race-row missed"><span class="race-pos">–</span><${Who} state=${state} pid=${p} />
      <span class="race-margin">${t("missed it")}</span>
      ${verdict && verdict(p) ? html`<span class="race-verdict">${verdict(p)}</span>` : null}</li>`);
  }
  for (const p of race.away) {
    rows.push(html`<li key=${p} class="race-row away"><span class="race-pos">–</span><${Who} state=${state} pid=${p} />
      <span class="race-margin">${t("phone away")}</span></li>`);
  }
  return html`<${PagedList} title=${[t("Last slap: {title}", { title: raceTitle(race.kind) }), race.timed_out ? ` ${t("(time up)")}` : ""]}
    items=${rows} tag="ol" className=${cx("race-result", compact && "compact")} listClass="race-rows" forms=${RACE_FORMS} />`;
}

// The forms the last race takes before it turns pages (ui/pages.js): smaller
// type (its columns come as many as fit), no smaller than 0.85, where the
// Wi-Fi allowance is the TV's smallest type. Everybody is shown, in pages
// if need be: never "+N more", which nobody can tap on a TV.
const RACE_FORMS = [[1, 1], [1, 0.92], [1, 0.85]];

// The phone's status line once you slapped in the race open now (null
// otherwise: until you slap, a phone shows the turn as it would be with no
// race, `turnShown`).
export function RaceStatus({ state }) {
  const race = state.game.race;
  if (!race || !race.slapped.includes(state.you.player_id)) return null;
  return html`<div class="status-line">${t("Slapped! Waiting for the others…")}</div>`;
}

// Whose turn a phone shows: while a race is open, the turn as it would be
// had the card not started one (the server's `after_race`).
export function turnShown(game) {
  return game.race && game.after_race ? game.after_race.turn : game.turn;
}

// The phone of a stack-and-pile game: what lies on top (`top`), the card to
// turn (labelled `flipLabel`) when it is your turn, the SLAP button (with
// `slapHint`), your face-down stack (`stackLine`), where you came in the
// last race, and the result at the end. It looks the same whether or not a
// race is open: the card to turn stays with whoever would turn next (a tap
// on it in a race is refused), no buzz and no light when a race opens.
export function ReflexPhone({ state, send, className, top, flipLabel, slapHint, stackLine }) {
  const g = state.game;
  const me = state.you.player_id;
  const flip = state.you.actions.some((a) => a.type === "flip")
    || (Boolean(g.race) && !g.over && turnShown(g) === me && (g.hand_sizes[me] || 0) > 0);
  const place = myPlace(state, g.last_race);
  return html`<div class=${cx("reflex-phone", className)}>
    ${top || null}
    ${flip ? html`<button type="button" class="btn btn-big flip-button" data-action="flip" onClick=${() => send({ type: "flip" })}>
      ${flipLabel}</button>` : null}
    <${SlapButton} state=${state} send=${send} hint=${slapHint} />
    <div class="my-stack">${stackLine}</div>
    ${place ? html`<div class="sub my-place">${place}</div>` : null}
    ${g.over ? html`<${Result} state=${state} />` : null}
  </div>`;
}

// A seat of a stack-and-pile game on the TV: its stack as backs, with the
// game's own `badges`. (Who has slapped is in the race's own panel: a badge
// on every seat would wrap the names of a full table of 16.)
export function stackSeat(state, player, badges = []) {
  const n = state.game.hand_sizes[player.id];
  return { handSize: typeof n === "number" ? n : undefined, badges };
}

// The newest log entry, passing over the ones that only follow another
// (the race's order before its pickup, its forfeits, a player running out
// after a take), and stopping at the next card turned: what just happened
// at the table.
export function latestNews(game, kinds, passOver = ["race.order"]) {
  for (let i = game.log.length - 1; i >= 0 && i >= game.log.length - 5; i -= 1) {
    const e = game.log[i];
    if (kinds.includes(e.msg)) return e;
    if (!passOver.includes(e.msg) && !String(e.msg).startsWith("forfeit.")) return null;
  }
  return null;
}

// What just happened, in big type on the TV (who slapped wrongly, who took
// the pile), until the next card is turned.
export function News({ state, kinds, passOver }) {
  const entry = latestNews(state.game, kinds, passOver);
  if (!entry) return null;
  return html`<div class="news-big" data-news=${entry.msg}>${word(entry, state)}</div>`;
}

// My last slap as the log tells it: "false" for a slap of mine on no match,
// "race" for the last race, null once a card was turned since (the next
// race may open on any card: an old result never sits beside it).
function myLastSlap(state) {
  const me = state.you.player_id;
  const log = state.game.log;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (/\.(false_slap|burn)$/.test(e.msg) && e.player === me) return "false";
    if (/\.flip$/.test(e.msg)) return null;
    if (e.msg === "race.order") return "race";
  }
  return null;
}

// Where I came in the last race, in a line for my phone; after a slap of
// mine on no match, that slap; nothing from the next card turned on.
export function myPlace(state, race) {
  const me = state.you.player_id;
  const last = myLastSlap(state);
  if (last === "false") return t("Last slap: yours, on no match");
  if (!race || last !== "race") return null;
  const i = race.order.findIndex((e) => e.player === me);
  if (i === 0) return t("Last slap: you were first!");
  if (i > 0) return t("Last slap: you were {place} of {count}, {ms} ms behind", {
    place: String(i + 1), count: race.order.length + race.missed.length, ms: String(race.order[i].margin_ms) });
  if (race.missed.includes(me)) return t("Last slap: you missed it");
  return null;
}

// The face-up pile: its top card big (turned over when it arrives), the
// cards under it fanned, and the count; burned cards face down beneath.
export function FaceUpPile({ pile, burned = 0, flips, under = 4 }) {
  const top = pile.length ? pile[pile.length - 1] : null;
  const below = pile.slice(Math.max(0, pile.length - 1 - under), -1);
  return html`<div class="faceup-pile" data-pile="pile">
    <div class="fp-cards">
      ${burned ? html`<${CardBack} className="fp-burned" />` : null}
      ${below.map((c, i) => html`<${Card} key=${`${flips}:${i}:${c}`} code=${c} covered className="fp-under" />`)}
      ${top ? html`<${Card} key=${`top:${flips}`} code=${top} fresh ranked className="fp-top" />`
        : html`<div class="card empty-slot fp-top"></div>`}
    </div>
    <div class="pile-count">${t("{count} card in the pile|{count} cards in the pile", { count: pile.length })}${
      burned ? ` · ${t("{count} burned|{count} burned", { count: burned })}` : ""}</div>
  </div>`;
}

// The limit that ends the game by card count: piles taken, and the time left
// by the server's clock (room.time when the frame left, plus the time since).
export function LimitLine({ state }) {
  const g = state.game;
  const o = g.options || {};
  const timed = typeof g.ends_at === "number" && !g.over;
  const now = useNow(1000, timed);
  const parts = [];
  if (o.round_limit) parts.push(t("Pile {n} of {of}", { n: String(Math.min(g.taken + 1, o.round_limit)), of: String(o.round_limit) }));
  if (timed) {
    const serverNow = state.room.paused ? state.room.paused.since // paused: the time stands still
      : (state.room.time || 0) + (now - (state.receivedAt || now)) / 1000;
    const left = Math.max(0, Math.round(g.ends_at - serverNow));
    parts.push(t("{time} left", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` }));
  }
  if (!parts.length) return null;
  return html`<div class="limit-line">${parts.join(" · ")} · ${t("then most cards decide")}</div>`;
}

// A sound when a race opens, on the TV (never on a phone: the race is
// seen on the table).
export function useRaceSignal(state, ctx) {
  const open = Boolean(state.game.race);
  const was = useRef(open);
  useEffect(() => {
    if (open && !was.current && ctx && ctx.sound) ctx.sound("race");
    was.current = open;
  }, [open]);
}

// The table of a slapping game (Irish Snap, Egyptian Ratscrew): the pile
// face up with the game's `side` beside it, `below` under them, the last
// race's order (`verdict(pid)`: what it cost whom) or at the end the result,
// the game's `rules` line and the limit; a sound when a race opens.
export function ReflexTable({ state, ctx, className, side, below = null, verdict, rules }) {
  const g = state.game;
  useRaceSignal(state, ctx);
  // At the end the result has the table to itself: every player's row in sight.
  if (g.over) return html`<div class=${cx("reflex-table", className, "over")}><${Result} state=${state} /></div>`;
  return html`<div class=${cx("reflex-table", className, g.race && "racing")}>
    <div class="rt-top">
      <${FaceUpPile} pile=${g.piles.pile} burned=${g.piles.burned} flips=${g.flips} />
      <div class="rt-side">${side}</div>
    </div>
    ${below}
    ${g.over ? html`<${Result} state=${state} />` : g.race ? null : html`<${RaceResult} state=${state} race=${g.last_race} verdict=${verdict} />`}
    ${rules}
    <${LimitLine} state=${state} />
  </div>`;
}

// A race's timings in words, each place with its margin behind the first
// ("Ana +0 ms, Ben +180 ms"; a margin null: a tap from before taps were timed).
export function raceTimes(state, order, margins, plain = false) {
  return listOf((order || []).map((p, i) => {
    const name = plain ? nameOf(state, p) : html`<${Who} state=${state} pid=${p} />`;
    const ms = (margins || [])[i];
    return ms === null || ms === undefined ? name : t("{name} +{ms} ms", { name, ms: String(ms) });
  }));
}

// -- the log keys every reflex game shares -----------------------------------------
// race.order: each name with its margin behind the first.
function orderWords(values, entry, state, plain) {
  const names = (entry.players || []).map((p) => (plain ? nameOf(state, p) : html`<${Who} state=${state} pid=${p} />`));
  // every place with its margin behind the first, the first too ("Ana +0 ms, Ben +180 ms")
  const rows = names.map((name, i) => t("{name} +{ms} ms", { name, ms: String((entry.margins || [])[i] || 0) }));
  const order = rows.length ? listOf(rows) : t("nobody slapped");
  const missed = (entry.missed || []).length ? t("; missed: {names}", { names: values.missed }) : "";
  const out = t("{title} {order}{missed}", { title: raceTitle(entry.kind), order, missed });
  return plain && Array.isArray(out) ? out.flat(Infinity).join("") : out;
}

registerMessages({
  "reflex.deal": N_("The whole pack is dealt face down to {players}."),
  "race.order": orderWords,
  "race.late": N_("{player} slapped {ms} ms too late."),
});
