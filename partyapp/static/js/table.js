// The table screen (cast to the TV): the QR code and room code, the players,
// the game as everybody may see it, and a ticker. Host controls are not on
// the TV: they live on the host's phone and, for a laptop, in the Host
// drawer opened from the bar (the table holds the host token).
import { cx, html, useEffect, useLayoutEffect, useRef, useState } from "./view.js";
import { t } from "./i18n.js";
import { call, playerOf, storage } from "./common.js";
import { openPage } from "./shell.js";
import { HostPanel } from "./host.js";
import { prefetchScreens, whenScreens } from "./modes/index.js";
import "./family.js";
import { Recap } from "./recap.js";
import { InGame, RoomPeople, breakable, siteOf } from "./tableview.js";
import { fourColour, setFourColour } from "./prefs.js";
import { Ticker } from "./ui/ticker.js";
import { LookBackStrip } from "./ui/history.js";
import { LangSwitch } from "./ui/lang.js";
import { SteadyLabel } from "./ui/steadylabel.js";
import { onSoundChange, play, soundState, toggleSound, unlockOnGesture } from "./sound.js";
import { onVoiceChange, toggleVoice, useVoice, voiceState } from "./voice.js";
import { GuestAdder, GuestPlay, GuestSeats, handheld } from "./guests.js";
import { stayAwake } from "./awake.js";
import { gameKey } from "./keep.js";
import { PauseNotice, isPaused } from "./pause.js";
import { ClaimNotice, MovedNotice, claimHere, followMoves } from "./tablemove.js";

const page = openPage(App);
const { code, modes, model, paint, say } = page;
model.dead = null; // "no_room" | "not_table" | "claiming" (asking to become the table) | "moved"
model.claim = null; // this screen's request to become the table (tablemove.js)
const tokenKey = `partyapp.table.${code}`;
// "Play on this device": this table is a phone or tablet handed round.
const here = storage.get(`${tokenKey}.here`) === "yes";
let started = false; // the page's socket is open (start)

const ctx = {
  call: page.call,
  command: async (payload) => {
    const answer = await page.call("host.command", payload);
    if (!answer.ok) say(answer.error.message);
    return answer;
  },
  start: async (mode, options) => {
    const answer = await page.call("game.start", { mode, options });
    say(answer.ok ? "" : answer.error.message);
    return answer;
  },
  sound: play,
  say: (text) => say(text),
};
window.partyappTable = ctx;

if (!page.exists) {
  model.dead = "no_room";
} else if (!storage.get(tokenKey)) {
  model.dead = "not_table";
} else {
  start();
}
unlockOnGesture();
onSoundChange(paint);
onVoiceChange(paint);
paint();

function start() {
  if (started) { page.socket.connect(); return; }
  started = true;
  stayAwake(() => !model.dead);
  const socket = page.open((socket) => (model.dead === "claiming" ? claimHere(page, socket) : attach(socket)));
  followMoves(page, socket, tokenKey, attach);
  page.follow(whenScreens);
  prefetchScreens(); // the table starts every game: have them all at hand
}

// "Make this screen the table": the host confirms on their phone (tablemove.js).
function claimTable() {
  model.dead = "claiming";
  model.claim = { asking: true };
  paint();
  if (page.socket && page.socket.connected) claimHere(page, page.socket);
  else start();
}

function cancelClaim() {
  model.claim = null;
  model.dead = "not_table";
  if (page.socket) page.socket.close();
  paint();
}

async function attach(socket) {
  // `tv`: a screen nobody is handed (then the host's phone plays for the guests)
  const answer = await call(socket, "table.attach", { code, host_token: storage.get(tokenKey), tv: !handheld(here) });
  if (answer.ok) {
    say("");
  } else if (answer.error.code === "no_such_room" || answer.error.code === "forbidden") {
    storage.remove(tokenKey);
    socket.close();
    model.dead = answer.error.code === "no_such_room" ? "no_room" : "not_table";
    say(answer.error.message);
  } else {
    say(answer.error.message);
  }
}

// -- the page --------------------------------------------------------------------
function App({ model: m }) {
  const [drawer, setDrawer] = useState(false);
  const s = m.state;
  if (m.dead) return html`<${Dead} why=${m.dead} message=${m.message && m.message.text} />`;
  useVoice(m.dead ? null : s);
  const inGame = Boolean(s && s.game);
  const recap = Boolean(s && s.room.recap);
  return html`<div class=${cx("tv", inGame ? "in-game" : "in-lobby")}>
    <${Bar} state=${s} connected=${m.connected} inGame=${inGame} drawer=${drawer} setDrawer=${setDrawer} />
    ${m.message ? html`<div id="table-message" class="banner error" role="alert">${m.message.text}</div>` : null}
    ${s ? html`<${PauseNotice} state=${s} big resume=${handheld(here) ? () => ctx.command({ command: "pause", paused: false }) : null} />` : null}
    <main class=${cx("tv-main", isPaused(s) && "paused")} inert=${isPaused(s)}
      data-audit=${isPaused(s) ? "skip" : undefined}>
      ${!s ? html`<p class="lobby-sub">${t("Connecting…")}</p>` : recap ? html`<${Recap} state=${s} code=${code} />`
        : inGame ? html`<${InGame} state=${s} ctx=${ctx} modes=${modes} code=${code} joinSide
            below=${html`<${LookBackStrip} state=${s} ask=${(p) => page.call("room.history", p)} />`}
            top=${html`<${GuestPlay} state=${s} ctx=${ctx} here=${here} />${handheld(here) ? html`<${GuestSeats} state=${s} ctx=${ctx} />` : null}${
              handheld(here) && s.game.over ? html`<button type="button" class="btn btn-big btn-primary next-game" id="btn-next-game"
                onClick=${() => setDrawer(true)}>${t("Next game")}</button>` : null}`} />` : html`<${Lobby} state=${s} openHost=${() => setDrawer(true)} />`}
    </main>
    <footer id="ticker" class="ticker" aria-live="polite" data-audit="skip">${inGame ? html`<${Ticker} state=${s} />` : null}</footer>
    ${s ? html`<${HostDrawer} state=${s} open=${drawer} close=${() => setDrawer(false)} />` : null}
  </div>`;
}

// The sound and voice switches keep their size whatever they say, so that
// the first tap, which unlocks both, moves nothing in the bar under the
// finger (ui/steadylabel.js; what it unlocks shows once the press is over:
// gesture.js).
function SoundButton() {
  const state = soundState();
  if (state === "none") return null;
  const labels = { on: t("Sound on"), off: t("Sound off"), locked: t("Tap for sound") };
  return html`<button type="button" id="btn-mute" class=${cx("btn btn-icon", state === "locked" && "attention")}
    aria-pressed=${state === "off" ? "true" : "false"} data-sound=${state} onClick=${toggleSound}><${SteadyLabel} labels=${labels} state=${state} /></button>`;
}

// The voice switch, beside the sound switch: the table reads cards and key moments aloud.
function VoiceButton() {
  const state = voiceState();
  if (state === "none") return null;
  const labels = { on: t("Voice on"), off: t("Voice off"), locked: t("Tap for voice") };
  return html`<button type="button" id="btn-voice" class=${cx("btn btn-icon", state === "locked" && "attention")}
    aria-pressed=${state === "off" ? "false" : "true"} data-voice=${state} onClick=${() => toggleVoice(state)}><${SteadyLabel} labels=${labels} state=${state} /></button>`;
}

function Bar({ state, connected, inGame, drawer, setDrawer }) {
  return html`<header class="table-bar">
    <div class="brand small">party<span>app</span></div>
    <div class="room-code" aria-label=${t("Room code")}>${code}</div>
    ${state && state.room.locked ? html`<div id="room-locked" class="room-locked" role="status">🔒 ${t("Locked")}</div>` : null}
    ${state && state.room.settings && state.room.settings.family ? html`<div id="family-on" class="family-on" role="status">
      ${t("Family mode")}</div>` : null}
    ${state && state.room.watchers ? html`<div id="watchers" class="watchers" role="status">
      ${t("{count} watching|{count} watching", { count: state.room.watchers })}</div>` : null}
    <div id="conn-status" class=${cx("conn-status", connected ? "ok" : "bad")} role="status">${connected ? "" : t("Reconnecting…")}</div>
    <div class="bar-buttons">
      ${state ? html`<button type="button" id="btn-host" class=${cx("btn btn-icon", drawer && "chosen")} aria-expanded=${drawer ? "true" : "false"}
        onClick=${() => setDrawer(!drawer)}>${t("Host")}</button>` : null}
      <${BarMore} />
    </div>
  </header>`;
}

// Language, sound, voice and full screen: in the bar on a TV; on a phone or
// a tablet lying on the table, behind one "⋯" button, so that the bar stays
// one row and the game starts right under it. Open, it closes as any menu
// does: on a touch or click anywhere else (pointerdown, which iOS WebKit
// fires where it fires no click on a plain element), on Escape (the focus
// back on "⋯") and once an item is chosen.
function BarMore() {
  const [open, setOpen] = useState(false);
  const button = useRef(null);
  const menu = useRef(null);
  useLayoutEffect(() => { // listening from the moment the menu shows
    if (!open) return undefined;
    const outside = (ev) => {
      const inside = [button.current, menu.current].some((el) => el && el.contains(ev.target));
      if (!inside) setOpen(false);
    };
    const key = (ev) => {
      if (ev.key !== "Escape") return;
      setOpen(false);
      if (button.current) button.current.focus();
    };
    document.addEventListener("pointerdown", outside, true);
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("pointerdown", outside, true);
      document.removeEventListener("keydown", key);
    };
  }, [open]);
  const chosen = (ev) => { if (open && ev.target.closest("button")) setOpen(false); };
  const locked = soundState() === "locked" || voiceState() === "locked";
  return html`<button type="button" id="btn-bar-more" ref=${button} class=${cx("btn btn-icon bar-more", open && "chosen", locked && !open && "attention")}
      aria-expanded=${open ? "true" : "false"} aria-controls="bar-extra" aria-label=${t("More")} onClick=${() => setOpen(!open)}>⋯</button>
    <div id="bar-extra" ref=${menu} class=${cx("bar-extra", open && "open")} onClick=${chosen}>
      <${LangSwitch} className="bar-lang" />
      <${SoundButton} />
      <${VoiceButton} />
      <button type="button" id="btn-fullscreen" class="btn btn-icon" onClick=${() => {
        if (document.fullscreenElement) document.exitFullscreen();
        else document.documentElement.requestFullscreen?.().catch(() => {});
      }}>${t("Fullscreen")}</button>
    </div>`;
}

function Lobby({ state, openHost }) {
  const host = state.room.host_player ? playerOf(state, state.room.host_player) : null;
  return html`<section class="lobby">
    <div class="lobby-join">
      <img id="qr" class="qr" alt=${t("QR code to join room {code}", { code })} src=${`/qr/${code}.svg`} />
      <div class="join-text">
        <div class="join-step">${t("Scan to join, or open this address on your phone:")}</div>
        <div id="join-url" class="join-url">${breakable(state.room.join_url)}</div>
        <div class="join-step">${t("Or open {site} and type the code {code}.", {
          site: html`<span class="join-site">${siteOf(state.room.join_url)}</span>`, code: html`<strong>${code}</strong>` })}</div>
        ${state.room.locked ? html`<div class="join-locked">${t("The host has locked the room: nobody new can join.")}</div>` : null}
      </div>
      <div class="mini-join watch-join">
        <img id="watch-qr" class="qr" alt=${t("QR code to watch room {code}", { code })} src=${`/qr/watch/${code}.svg`} />
        <div class="join-text">${t("Only watching? Open {url}", {
          url: html`<span id="watch-url" class="join-url">${breakable(state.room.watch_url)}</span>` })}</div>
      </div>
    </div>
    <div class="lobby-room">
      <${RoomPeople} state=${state} empty=${t("Scan the code to join")} next=${host
        ? t("{name}, the host, picks a game and starts it on their phone.", { name: html`<b class="who">${host.name}</b>` })
        : handheld(here) ? t("Add everybody without a phone below, then choose a game. Anybody with a phone can scan the code to join.")
        : t("Everybody scans the QR code with their phone camera. The first to join is the host.")} />
      ${handheld(here) ? html`<div class="lobby-here">
        <${GuestAdder} ctx=${ctx} state=${state} compact />
        <${GuestSeats} state=${state} ctx=${ctx} />
        <button type="button" class="btn btn-big btn-primary" id="btn-choose-game" onClick=${openHost}>${t("Choose a game")}</button>
      </div>` : null}
    </div>
  </section>`;
}

function HostDrawer({ state, open, close }) {
  // A game started (from here or the host's phone): the controls close and
  // the page goes back to its top, where the turn and the guests' buttons are.
  const started = state.game && !state.game.over ? gameKey(state) : null;
  const [seen, setSeen] = useState(started);
  useEffect(() => {
    if (started && started !== seen) {
      if (open) close();
      window.scrollTo(0, 0);
    }
    setSeen(started);
  }, [started]);
  // closed during a game, the controls leave the page at its top, at the turn
  const [wasOpen, setWasOpen] = useState(open);
  useEffect(() => {
    if (wasOpen && !open && state.game) window.scrollTo(0, 0);
    setWasOpen(open);
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (ev) => { if (ev.key === "Escape") close(); };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return html`<aside class="host-drawer" role="dialog" aria-label=${t("Host controls")} hidden=${!open}>
    <div class="drawer-head">
      <h2>${t("Host controls")}</h2>
      <button type="button" class="btn btn-icon" id="btn-host-close" onClick=${close}>${t("Close")}</button>
    </div>
    <${HostPanel} state=${state} modes=${modes} ctx=${ctx} />
    <${ScreenSettings} />
  </aside>`;
}

// This screen's own settings (kept on this device).
function ScreenSettings() {
  const [four, setFour] = useState(fourColour());
  return html`<section class="screen-settings">
    <h3 class="panel-title">${t("This screen")}</h3>
    <button type="button" id="four-colour" class=${cx("btn btn-choice switch", four && "chosen")} aria-pressed=${four ? "true" : "false"}
      onClick=${() => { setFourColour(!four); setFour(!four); }}>${t("Four-colour cards")}
      <span class="switch-state" aria-hidden="true">${four ? t("On") : t("Off")}</span></button>
  </section>`;
}

function Dead({ why, message }) {
  return html`<div class="dead-page">
    <header class="table-bar"><div class="brand small">party<span>app</span></div><div class="room-code">${code}</div></header>
    ${why === "moved" ? html`<${MovedNotice} code=${code} />` : why === "claiming"
      ? html`<${ClaimNotice} claim=${model.claim || {}} code=${code} again=${claimTable} cancel=${cancelClaim} />` : html`<main class="dead-main">
      ${why === "not_table" ? html`
        <h1>${t("Room {code}", { code })}</h1>
        <p class="lead">${t("This screen is not the table of room {code}. It can show the game as the table does, become the table once the host confirms on their phone, or, on a phone, join it:", { code })}</p>
        <a class="btn btn-big btn-primary" id="watch-here" href=${`/w/${code}`}>${t("Watch room {code} on this screen", { code })}</a>
        <button type="button" class="btn btn-big" id="claim-table" onClick=${claimTable}>${t("Make this screen the table")}</button>
        <a class="btn btn-big" id="join-as-player" href=${`/j/${code}`}>${t("Join room {code} as a player", { code })}</a>
        <a class="btn" href="/">${t("Start a new table")}</a>`
      : html`
        <h1>${t("There is no room {code}", { code })}</h1>
        <p class="lead">${message || t("It may have expired.")}</p>
        <a class="btn btn-big btn-primary" href="/">${t("Start a new table")}</a>`}
    </main>`}
  </div>`;
}
