// Races and call windows for guests without a phone, on the face of a table
// device (a phone or tablet lying on the real table): the moment a race (the
// drinking decks' Floor, Heaven and thumb, the slap games' snaps) or a call
// window (Cheat's "Cheat!") opens, every guest in it gets buttons of their
// own, named ("Dan: TAP!", "Eve: Cheat!"), side by side, under the
// instruction in words; nobody's hand is opened for it and nobody waits for
// a turn. A tap fires on the touch itself (pointerdown), as a phone's SLAP
// does, and the server stamps its arrival with the table device's own round
// trip, so a guest is judged as a phone is.
//
// A mode says what its guests may call from the public state alone (it
// never needs a guest's private view): `guestCalls(state, pid)` in its
// registry entry returns null, or { title, call, moves: [{ action, label }] }
// (`title` in big type, `call` the instruction, a move's `label` is said
// after the guest's name).
//
// A call open for as long as a card is held (the drinking decks' question
// master and question card: "caught") has a strip of its own on the
// table's face, small and always there while a guest could use it, never
// folded away and never in place of the turn: `guestStanding(state,
// guests)` in the registry entry returns its rows, [{ key, title, call,
// buttons: [{ player, move: { action, label } }] }] (`player`: the guest
// the table acts as). Those buttons act on a tap (click), not on the touch:
// a finger scrolling the page past them calls nothing.
import { cx, html, useState } from "./view.js";
import { t } from "./i18n.js";
import { screensFor } from "./modes/registry.js";

// The rows of the strip of calls open while a card is held (GuestStanding).
export function guestStanding(state, guests) {
  const game = state.game;
  if (!game || game.over || !guests.length) return [];
  const of = screensFor(game.mode).guestStanding;
  return of ? of(state, guests) : [];
}

// The calls open now for each of `guests`: [{ player, title, call, moves }].
export function guestCalls(state, guests) {
  const game = state.game;
  if (!game || game.over) return [];
  const of = screensFor(game.mode).guestCalls;
  if (!of) return [];
  const out = [];
  for (const player of guests) {
    const found = of(state, player.id);
    if (found && found.moves.length) out.push({ player, ...found });
  }
  return out;
}

// The slap games: a guest still to slap in the open race.
export function slapCall(state, pid, call) {
  const race = state.game.race;
  if (!race || !race.waiting.includes(pid)) return null;
  return { title: t("Slap now!"), call, moves: [{ action: { type: "slap" }, label: t("SLAP!") }] };
}

// The section of named buttons (`calls` from guestCalls), in place of the
// whose-turn screen while it is open.
export function GuestCalls({ state, ctx, calls }) {
  const first = calls[0];
  return html`<section class="guest-play guest-race" id="guest-play" aria-live="polite">
    <div class="guest-turn-head">
      <h2 class="guest-turn-name">${first.title}</h2>
      ${first.call ? html`<p class="guest-turn-hint guest-call">${first.call}</p>` : null}
    </div>
    <div class=${cx("guest-race-buttons", calls.some((c) => c.moves.length > 1) && "per-guest")}>${calls.map(({ player, moves }) => html`
      <div class="guest-call-row" key=${player.id} data-guest=${player.id}>${moves.map((m, i) => html`
        <${CallButton} key=${i} ctx=${ctx} player=${player} move=${m} />`)}</div>`)}</div>
  </section>`;
}

// The strip of calls open while a card is held (`rows` from the mode's
// guestStanding), under the guests' turn or race and above the game.
export function GuestStanding({ ctx, rows }) {
  if (!rows.length) return null;
  return html`<section class="guest-standing" id="guest-standing" aria-label=${t("Players without a phone")}>${rows.map((row) => html`
    <div class="standing-row" key=${row.key} data-standing=${row.key}>
      <p class="standing-words"><b class="standing-title">${row.title}</b>${row.call ? html` <span class="standing-call">${row.call}</span>` : null}</p>
      <div class="standing-buttons">${row.buttons.map(({ player, move }, i) => html`
        <${CallButton} key=${i} ctx=${ctx} player=${player} move=${move} touch=${false} />`)}</div>
    </div>`)}
  </section>`;
}

// One guest's call, named; fired on the touch (a race's; `touch` false: on
// a tap) or a key, once at a time.
function CallButton({ ctx, player, move, touch = true }) {
  const [busy, setBusy] = useState(false);
  const fire = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await ctx.call("game.act", { action: move.action, as: player.id });
      if (!answer.ok && ctx.say) ctx.say(answer.error.message);
    } finally {
      setBusy(false);
    }
  };
  const kind = move.action.thumb || move.action.type;
  const words = t("{name}: {move}", { name: player.name, move: move.label });
  if (!touch) {
    return html`<button type="button" class=${cx("btn guest-tap standing-tap", `guest-${kind}`)} data-guest-tap=${player.id}
      data-move=${kind} data-target=${move.action.player || null} disabled=${busy} onClick=${fire}>${words}</button>`;
  }
  // The type is sized by the longest word, so a long name breaks only between words.
  const longest = Math.max(...words.split(/\s+/).map((w) => [...w].length));
  return html`<button type="button" class=${cx("btn btn-big act-tap guest-tap", `guest-${kind}`)} data-guest-tap=${player.id}
    data-move=${kind} disabled=${busy}
    onPointerDown=${(ev) => { if (ev.button === 0 || ev.pointerType !== "mouse") { ev.preventDefault(); fire(); } }}
    onClick=${(ev) => { if (ev.detail === 0) fire(); }}><span class="tap-words" style=${{ "--word": String(longest) }}>${words}</span></button>`;
}
