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
import { NAME_FIELD_MAX, nameOf } from "./common.js";
import { gameKey } from "./keep.js";
import { screensFor } from "./modes/registry.js";

// Is this table page on a device people hold (a phone or a tablet lying on
// the real table), rather than a TV or a laptop? `here`: the room was
// started with "Play on this device".
export function handheld(here = false) {
  return here || window.matchMedia("(max-width: 1024px), (max-height: 600px)").matches;
}

export const guestsIn = (state) => (state.players || []).filter((p) => p.guest && (!state.game || p.in_game));

// "Add a player without a phone": a name, then the seat (the same rules as a join).
export function GuestAdder({ ctx, compact = false }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState(null);
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const sent = name;
    const answer = await ctx.call("host.command", { command: "add_guest", name: sent });
    setBusy(false);
    if (answer.ok) {
      // The seat often shows (in the state) before this answer comes: a name
      // typed for the next guest meanwhile is kept.
      setName((now) => (now === sent ? "" : now));
      setRefusal(null);
    } else {
      setRefusal(answer.error.message);
    }
  };
  return html`<form class=${cx("guest-adder", compact && "compact")} autocomplete="off" onSubmit=${submit}>
    <label class="panel-title" for=${compact ? "guest-name-lobby" : "guest-name"}>${t("Add a player without a phone")}</label>
    <div class="row">
      <input id=${compact ? "guest-name-lobby" : "guest-name"} class="guest-name" maxlength=${NAME_FIELD_MAX} required value=${name}
        placeholder=${t("Their name")} enterkeyhint="done" onInput=${(ev) => setName(ev.currentTarget.value)} />
      <button type="submit" class="btn btn-add-guest" disabled=${busy}>${t("Add")}</button>
    </div>
    ${refusal ? html`<p class="error guest-refusal" role="alert">${refusal}</p>` : null}
    ${compact ? null : html`<p class="sub">${t("They play by being handed this device (or the host's phone) on their turn.")}</p>`}
  </form>`;
}

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

function sendAs(ctx, pid, onTaken) {
  return async (action) => {
    const answer = await ctx.call("game.act", { action, as: pid });
    if (!answer.ok) ctx.say && ctx.say(answer.error.message);
    else if (onTaken) onTaken();
    return answer;
  };
}

// One guest's buttons: the mode's phone screen on the guest's view.
function GuestButtons({ state, ctx, you, onTaken }) {
  const screens = screensFor(state.game.mode);
  const Phone = screens.Phone;
  const Status = screens.Status;
  const seen = { ...state, you };
  const send = sendAs(ctx, you.player_id, onTaken);
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
  return screens.passAround
    ? html`<${PassAround} state=${state} ctx=${ctx} guests=${guests} on=${on} />`
    : html`<${PrivacyScreen} state=${state} ctx=${ctx} guests=${guests} on=${on} />`;
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
// first in big type; in a race each guest's tap is a button of its own, so
// they tap the device in turn (or the table taps for them as they call out).
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
  const racing = waited.length > 1 && waited.every((p) => isTap(views[p.id]));
  if (racing) {
    return html`<section class=${cx("guest-play", "guest-race", on === "phone" && "on-phone")} id="guest-play" aria-live="polite">
      <div class="guest-turn-head"><h2 class="guest-turn-name">${t("Quick: tap your name!")}</h2></div>
      <div class="guest-race-buttons">${waited.map((p) => html`<${RaceButton} key=${p.id} ctx=${ctx} player=${p} />`)}</div>
    </section>`;
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

const isTap = (you) => you.actions.some((a) => a.type === "tap" && !Object.keys(a.params || {}).length);

function GuestTabs({ guests, current, choose }) {
  return html`<div class="choices guest-tabs" role="tablist" aria-label=${t("Players without a phone")}>
    ${guests.map((p) => html`<button type="button" role="tab" key=${p.id} data-guest-tab=${p.id}
      class=${cx("btn btn-choice", p.id === current.id && "chosen")} aria-selected=${p.id === current.id ? "true" : "false"}
      onClick=${() => choose(p.id)}>${p.name}</button>`)}
  </div>`;
}

// One guest's tap in a race, named: the server times it as it arrives.
function RaceButton({ ctx, player }) {
  const [busy, setBusy] = useState(false);
  const tap = async () => {
    if (busy) return;
    setBusy(true);
    try { await sendAs(ctx, player.id)({ type: "tap" }); } finally { setBusy(false); }
  };
  return html`<button type="button" class="btn btn-big act-tap guest-tap" data-guest-tap=${player.id} disabled=${busy}
    onClick=${tap}>${t("{name}: TAP!", { name: player.name })}</button>`;
}

// The full card games: whose turn it is, and the hand only after "I am NAME".
// On the host's phone the host's own screen (their own hand) is put away
// before the phone goes round: "Hand this phone to NAME" covers it, and it
// comes back only on "I am HOST: back to my screen".
function PrivacyScreen({ state, ctx, guests, on }) {
  const [open, setOpen] = useState(null); // the guest whose hand is shown
  const [cover, setCover] = useState(false); // the host's phone is handed round
  const shown = guests.find((p) => p.id === open) || null;
  const views = useGuestViews(state, ctx, shown ? [shown.id] : []);
  const waited = waitedOn(state, guests);
  const next = waited[0] || null;
  const phone = on === "phone";
  // the host's phone shows a guest's hand only while the game waits on them
  const others = (phone ? waited : guests).filter((p) => !next || p.id !== next.id);
  const closeButton = useRef(null);
  useEffect(() => { if (shown && closeButton.current) closeButton.current.focus(); }, [open]);
  useEffect(() => { // a guest gone from the game takes their hand with them
    if (open && !shown) setOpen(null);
  }, [open, shown]);
  const hide = () => { setOpen(null); if (phone) setCover(true); };
  if (shown) {
    const you = views[shown.id];
    return html`<section class="guest-hand" id="guest-hand" role="dialog" aria-modal="true"
      aria-label=${t("{name}'s hand", { name: shown.name })} data-guest=${shown.id}>
      <div class="guest-hand-bar">
        <h2 class="guest-turn-name">${t("{name}'s hand", { name: shown.name })}</h2>
        <button type="button" ref=${closeButton} class="btn" id="btn-hide-hand" onClick=${hide}>${t("Hide my hand")}</button>
      </div>
      ${you ? html`<${GuestButtons} key=${shown.id} state=${state} ctx=${ctx} you=${you} onTaken=${hide} />`
        : html`<p class="sub">${t("Connecting…")}</p>`}
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
  if (!next && phone) return null;
  const hint = phone ? null : t("Hand the device to {name}.", { name: next ? next.name : "" });
  return html`<section class=${cx("guest-play", "privacy", phone && "on-phone")} id="guest-play" aria-live="polite">
    ${next ? html`<${TurnHead} name=${next.name} hint=${hint} />` : null}
    ${phone ? html`<button type="button" class="btn btn-big btn-primary" id="btn-hand-over" onClick=${() => setCover(true)}>
      ${t("Hand this phone to {name}", { name: next.name })}</button>` : showButtons}
  </section>`;
}
