// Guests without a phone: seated by the table device or the host
// (host.command add_guest) and played by handing a device round. The
// device says whose turn it is in big type and shows that guest's buttons:
// the mode's own phone screen (modes/), given the guest's private view
// (guest.view, asked for, never in a `state`) and a send that acts for them
// (game.act with `as`).
//
// In a game with nothing private (a mode registered `passAround`: the
// drinking decks) the buttons are there at once. In a game with private
// hands they are behind a privacy screen: "I am NAME: show my hand" asks for
// the view; the hand covers the screen until the guest's move is taken or
// they hide it. A TV-sized table never shows a hand: it says to hand the
// host's phone to the guest, whose phone plays for them the same way, its
// own screen put away while it goes round. A player's view is the table's
// view plus their own, the host's too: the host's phone plays only for the
// guest the game waits on, and never while a table device (a table page
// that is not on a TV) is there to be handed round (the server refuses it).
import { cx, html, useEffect, useRef, useState } from "./view.js";
import { t } from "./i18n.js";
import { nameOf } from "./common.js";
import { gameKey } from "./keep.js";
import { screensFor } from "./modes/registry.js";
import { GuestCalls, GuestStanding, guestCalls, guestStanding } from "./guestcalls.js";
import { endLook, useLook } from "./guestseat.js";
import { GuestUndo, noteGuestMove } from "./guestundo.js";

// Is this table page on a device people hold (a phone or a tablet lying on
// the real table), rather than a TV or a laptop? `here`: the room was
// started with "Play on this device".
export function handheld(here = false) {
  return here || window.matchMedia("(max-width: 1024px), (max-height: 600px)").matches;
}

export const guestsIn = (state) => (state.players || []).filter((p) => p.guest && (!state.game || p.in_game));

export { GuestAdder, GuestSeats } from "./guestseat.js";

// The guest a prompt waits on first, then the others the game waits on.
function waitedOn(state, guests) {
  const turn = state.game.turn;
  const waiting = guests.filter((p) => p.waiting);
  return [...waiting.filter((p) => p.id === turn), ...waiting.filter((p) => p.id !== turn)];
}

// The private views of `pids`, asked for in one request at every new
// revision. An answer that did not come (a refusal for sending too fast, the
// Wi-Fi gone a moment) is asked for again, a little later each time, until
// it comes or the state moves on: the buttons never stay away for want of a
// new revision. Until the new views come, the last ones stay while the game
// waits on the same people (a drink counted, a phone joining): a rule being
// typed is not wiped by a change that is not the guest's; a view of another
// game, or from before the turn moved, is never shown against this one.
const VIEW_RETRY_MS = [250, 500, 1000, 2000, 4000];
// A guest's hand open on the table closes by itself once nobody touched it
// for this long, and stays this long after a move that ends their turn (the
// card a take brought is seen).
const IDLE_MS = 30000;
const AFTER_MOVE_MS = 2500;
const MOVE_GRACE_MS = 600; // the answer to their move, with what it brought, is on its way

const momentOf = (state) => {
  const g = state.game;
  const waiting = (state.players || []).filter((p) => p.waiting).map((p) => p.id);
  return g ? `${gameKey(state)}|${g.turn}|${waiting.join(",")}` : "";
};

function useGuestViews(state, ctx, pids) {
  const [views, setViews] = useState({ rev: null, moment: "", by: {} });
  const key = `${state.rev}:${pids.join(",")}`;
  const moment = momentOf(state);
  useEffect(() => {
    if (!pids.length) { // a hand put away is not kept in the page either
      setViews({ rev: null, moment: "", by: {} });
      return undefined;
    }
    let live = true;
    let timer = null;
    const ask = async (tries) => {
      const answer = await ctx.call("guest.view", { player_ids: pids });
      if (!live) return;
      if (answer.ok) {
        setViews({ rev: answer.rev, moment, by: answer.views });
      } else {
        timer = setTimeout(() => ask(tries + 1), VIEW_RETRY_MS[Math.min(tries, VIEW_RETRY_MS.length - 1)]);
      }
    };
    ask(0);
    return () => { live = false; clearTimeout(timer); };
  }, [key]);
  const shown = {};
  if (views.rev === state.rev || (moment && views.moment === moment)) {
    for (const pid of pids) if (views.by[pid]) shown[pid] = views.by[pid];
  }
  return shown;
}

// `view`: the answer brings the guest's view after the move (the table
// device's, for the hand it keeps open a moment).
function sendAs(ctx, pid, onTaken, view = false) {
  return async (action) => {
    const answer = await ctx.call("game.act", { action, as: pid, ...(view ? { view: true } : {}) });
    if (!answer.ok) ctx.say && ctx.say(answer.error.message);
    else if (view) noteGuestMove(pid, answer); // "Undo NAME's move" while it may be taken back
    if (answer.ok && onTaken) onTaken(answer);
    return answer;
  };
}

// One guest's buttons: the mode's phone screen on the guest's view.
function GuestButtons({ state, ctx, you, onTaken, view = false }) {
  const screens = screensFor(state.game.mode);
  const Phone = screens.Phone;
  const Status = screens.Status;
  const seen = { ...state, you };
  const send = sendAs(ctx, you.player_id, onTaken, view);
  return html`<div class="guest-buttons" data-guest=${you.player_id}>
    ${Status ? html`<div class="status guest-status" role="status"><${Status} state=${seen} /></div>` : null}
    <div class="play-area"><${Phone} key=${you.player_id} state=${seen} send=${send} ctx=${{ ...ctx, send }} /></div>
  </div>`;
}

// on: "table" (the table page) or "phone" (the host's phone).
export function GuestPlay({ state, ctx, on = "table", here = false }) {
  const game = state.game;
  if (on === "phone" && state.room.table_connected && !state.room.table_tv) return null; // the table device plays for them
  const guests = game && !game.over ? guestsIn(state) : [];
  if (!guests.length) return null;
  const screens = screensFor(game.mode);
  const holdable = on === "phone" || handheld(here);
  if (!holdable) return html`<${HandPhone} state=${state} guests=${waitedOn(state, guests)} />`;
  // a race or a call window: every guest in it has named buttons of their own
  const calls = on === "table" ? guestCalls(state, guests) : [];
  const main = calls.length ? html`<${GuestCalls} state=${state} ctx=${ctx} calls=${calls} /><${GuestUndo} state=${state} ctx=${ctx} panel />`
    : screens.passAround ? html`<${PassAround} state=${state} ctx=${ctx} guests=${guests} on=${on} />`
      : html`<${PrivacyScreen} state=${state} ctx=${ctx} guests=${guests} on=${on} />`;
  // a call open while a card is held: its strip, under the turn or the race
  // (beside it on a wide screen, where the game below needs the height)
  const rows = on === "table" ? guestStanding(state, guests) : [];
  if (!rows.length) return main;
  return html`<div class="guest-face"><div class="guest-face-main">${main}</div><${GuestStanding} ctx=${ctx} rows=${rows} /></div>`;
}

// A TV: no hand and no buttons on it; the host's phone plays for the guest.
function HandPhone({ state, guests }) {
  if (!guests.length) return null;
  const host = state.room.host_player;
  const name = html`<b class="who">${guests[0].name}</b>`;
  return html`<div class="guest-turn on-tv" role="status">${host
    ? t("{name}'s turn: hand the phone of the host, {host}, to {name}.", { name, host: html`<b>${nameOf(state, host)}</b>` })
    : t("{name}'s turn: open the Host drawer on a device {name} can hold.", { name })}</div>`;
}

function TurnHead({ name, hint }) {
  return html`<div class="guest-turn-head">
    <h2 class="guest-turn-name">${t("{name}'s turn", { name })}</h2>
    ${hint ? html`<p class="guest-turn-hint">${hint}</p>` : null}
  </div>`;
}

// The drinking decks: every guest the game waits on gets their buttons, the
// first in big type (a race is guestcalls.js's: a named button for each).
// A guest's cards that may be used at any time (the thumbmaster's thumb, the
// jail card) are folded under their name while nobody waits on them.
function PassAround({ state, ctx, guests, on }) {
  // the host's phone: only the guests the game waits on
  const asked = on === "phone" ? guests.filter((p) => p.waiting) : guests;
  const views = useGuestViews(state, ctx, asked.map((p) => p.id));
  const [chosen, setChosen] = useState(null);
  const acting = asked.filter((p) => views[p.id] && views[p.id].actions.length);
  const waited = waitedOn(state, acting);
  if (!acting.length) return null;
  if (!waited.length) {
    return html`<details class="guest-play guest-cards" id="guest-play">
      <summary>${t("Players without a phone")}</summary>
      <${GuestTabs} guests=${acting} current=${acting.find((p) => p.id === chosen) || acting[0]} choose=${setChosen} />
      <${GuestButtons} key=${chosen || acting[0].id} state=${state} ctx=${ctx} you=${views[chosen && views[chosen] ? chosen : acting[0].id]} />
    </details>`;
  }
  const current = waited.find((p) => p.id === chosen) || waited[0];
  const hint = on === "phone" ? t("Hand this phone to {name}.", { name: current.name })
    : t("Hand the device to {name}.", { name: current.name });
  return html`<section class=${cx("guest-play", "pass-around", on === "phone" && "on-phone")} id="guest-play" aria-live="polite">
    <${TurnHead} name=${current.name} hint=${hint} />
    ${waited.length > 1 ? html`<${GuestTabs} guests=${waited} current=${current} choose=${setChosen} />` : null}
    <${GuestButtons} key=${current.id} state=${state} ctx=${ctx} you=${views[current.id]} />
  </section>`;
}

function GuestTabs({ guests, current, choose }) {
  return html`<div class="choices guest-tabs" role="tablist" aria-label=${t("Players without a phone")}>
    ${guests.map((p) => html`<button type="button" role="tab" key=${p.id} data-guest-tab=${p.id}
      class=${cx("btn btn-choice", p.id === current.id && "chosen")} aria-selected=${p.id === current.id ? "true" : "false"}
      onClick=${() => choose(p.id)}>${p.name}</button>`)}
  </div>`;
}

// The full card games: whose turn it is, and the hand only after "I am NAME".
// On the host's phone the host's own screen (their own hand) is put away
// before the phone goes round: "Hand this phone to NAME" covers it, and it
// comes back only on "I am HOST: back to my screen".
function PrivacyScreen({ state, ctx, guests, on }) {
  const [open, setOpen] = useState(null); // the guest whose hand is shown
  const [cover, setCover] = useState(false); // the host's phone is handed round
  const [after, setAfter] = useState(null); // a guest's view just after their move: { pid, you }
  const [touched, setTouched] = useState(0); // the last tap or key on an open hand
  const looked = useLook(); // a look from a guest's own seat, out of turn (logged)
  const phone = on === "phone";
  const waited = waitedOn(state, guests);
  const next = waited[0] || null;
  const shown = guests.find((p) => p.id === open) || null;
  const waitedOnShown = Boolean(shown && waited.some((p) => p.id === shown.id));
  const views = useGuestViews(state, ctx, shown && waitedOnShown ? [shown.id] : []);
  // the host's phone shows the guests the game waits on; the table device only the first
  const others = phone ? waited.filter((p) => !next || p.id !== next.id) : [];
  const closeButton = useRef(null);
  const hide = () => { setOpen(null); setAfter(null); if (phone) setCover(true); };
  useEffect(() => { if (shown && closeButton.current) closeButton.current.focus(); }, [open]);
  useEffect(() => { // a guest gone from the game takes their hand with them
    if (open && !shown) setOpen(null);
  }, [open, shown]);
  const last = useRef(null); // the last view shown, kept while the answer to a move is on its way
  useEffect(() => { // play moved on: the hand closes, after a moment if their move brought something to see
    if (!shown || waitedOnShown) return undefined;
    const timer = setTimeout(hide, after && after.pid === shown.id ? AFTER_MOVE_MS : MOVE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [open, waitedOnShown, after]);
  useEffect(() => { // nobody touched the open hand for a while: it closes by itself
    if (!shown) return undefined;
    const timer = setTimeout(hide, IDLE_MS);
    return () => clearTimeout(timer);
  }, [open, touched]);
  if (looked && !phone) {
    return html`<${LookedHand} state=${state} ctx=${ctx} looked=${looked} />`;
  }
  if (shown) {
    const moved = !waitedOnShown && after && after.pid === shown.id;
    const kept = !waitedOnShown ? (moved ? after.you : last.current) : null;
    const you = kept ? { ...kept, actions: [] } : views[shown.id];
    if (waitedOnShown && views[shown.id]) last.current = views[shown.id];
    const taken = (answer) => { if (answer.you) setAfter({ pid: shown.id, you: answer.you }); };
    return html`<section class="guest-hand" id="guest-hand" role="dialog" aria-modal="true"
      aria-label=${t("{name}'s hand", { name: shown.name })} data-guest=${shown.id}
      onPointerDown=${() => setTouched((n) => n + 1)} onKeyDown=${() => setTouched((n) => n + 1)}>
      <div class="guest-hand-bar">
        <h2 class="guest-turn-name">${t("{name}'s hand", { name: shown.name })}</h2>
        <button type="button" ref=${closeButton} class="btn" id="btn-hide-hand" onClick=${hide}>${t("Hide my hand")}</button>
      </div>
      ${moved ? html`<p class="guest-moved" role="status">${t("Your move is made: your hand closes in a moment.")}</p>` : null}
      ${you ? html`<${GuestButtons} key=${shown.id} state=${state} ctx=${ctx} you=${you} onTaken=${phone ? null : taken}
          view=${!phone} />`
        : html`<p class="sub">${t("Connecting…")}</p>`}
      ${phone ? null : html`<${GuestUndo} state=${state} ctx=${ctx} pid=${shown.id} />`}
    </section>`;
  }
  const showButtons = html`
    ${next ? html`<button type="button" class="btn btn-big btn-primary" id="btn-show-hand" data-guest=${next.id}
      onClick=${() => setOpen(next.id)}>${t("I am {name}: show my hand", { name: next.name })}</button>` : null}
    ${others.length ? html`<div class="guest-others">
      <span class="sub">${t("Players without a phone:")}</span>
      ${others.map((p) => html`<button type="button" key=${p.id} class="btn btn-mini" data-show-hand=${p.id}
        onClick=${() => setOpen(p.id)}>${t("I am {name}: show my hand", { name: p.name })}</button>`)}
    </div>` : null}`;
  if (phone && cover) {
    const me = state.you ? state.you.name : "";
    return html`<section class="guest-hand guest-cover" id="guest-cover" role="dialog" aria-modal="true"
      aria-label=${t("Players without a phone")}>
      ${next ? html`<${TurnHead} name=${next.name} hint=${null} />` : null}
      ${showButtons}
      <button type="button" class="btn btn-big" id="btn-back-to-me" onClick=${() => setCover(false)}>
        ${t("I am {name}: back to my screen", { name: me })}</button>
    </section>`;
  }
  if (!next) return phone ? null : html`<${GuestUndo} state=${state} ctx=${ctx} panel />`;
  const hint = phone ? null : t("Hand the device to {name}.", { name: next.name });
  return html`<section class=${cx("guest-play", "privacy", phone && "on-phone")} id="guest-play" aria-live="polite">
    <${TurnHead} name=${next.name} hint=${hint} />
    ${phone ? html`<button type="button" class="btn btn-big btn-primary" id="btn-hand-over" onClick=${() => setCover(true)}>
      ${t("Hand this phone to {name}", { name: next.name })}</button>` : showButtons}
    ${phone ? null : html`<${GuestUndo} state=${state} ctx=${ctx} />`}
  </section>`;
}

// A guest's hand opened from their own seat out of turn (guestseat.js): the
// view the look was answered with, no moves, until it is hidden, the game
// moves on or nobody touches it for a while. The log says they looked.
function LookedHand({ state, ctx, looked }) {
  const closeButton = useRef(null);
  const [touched, setTouched] = useState(0);
  const moment = momentOf(state);
  const [since] = useState(moment);
  useEffect(() => { if (closeButton.current) closeButton.current.focus(); }, []);
  useEffect(() => { if (moment !== since) endLook(); }, [moment]);
  useEffect(() => {
    const timer = setTimeout(endLook, IDLE_MS);
    return () => clearTimeout(timer);
  }, [touched]);
  return html`<section class="guest-hand guest-look" id="guest-hand" role="dialog" aria-modal="true"
    aria-label=${t("{name}'s hand", { name: looked.name })} data-guest=${looked.pid}
    onPointerDown=${() => setTouched((n) => n + 1)} onKeyDown=${() => setTouched((n) => n + 1)}>
    <div class="guest-hand-bar">
      <h2 class="guest-turn-name">${t("{name}'s hand", { name: looked.name })}</h2>
      <button type="button" ref=${closeButton} class="btn" id="btn-hide-hand" onClick=${endLook}>${t("Hide my hand")}</button>
    </div>
    <p class="guest-moved" role="status">${t("Not your turn: you may look, and the log says you did.")}</p>
    <${GuestButtons} key=${looked.pid} state=${state} ctx=${ctx} you=${{ ...looked.you, actions: [] }} />
  </section>`;
}
