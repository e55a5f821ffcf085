// The phone page: join by name, come back into the same seat by itself
// (token in localStorage), your private view and the buttons you may press.
// A `state` frame re-renders the tree; what a person is typing or has chosen
// lives in component state and survives every frame, a reconnect included.
import { Fragment, cx, html, render, useEffect, useRef, useState } from "./view.js";
import { setFamily, t } from "./i18n.js";
import { call, connect, storage } from "./common.js";
import { AwayPlayers, HostPanel } from "./host.js";
import { prefetchScreens, screensFor, whenScreens } from "./modes/index.js";
import "./family.js";
import { Seat, commonBadges } from "./ui/seat.js";
import { LangSwitch } from "./ui/lang.js";
import { Tally } from "./forfeits.js";
import { DareCard, MeBox, NightOver, PaceNote, PlayedForYou, ProfilePick, SittingOutNote } from "./me.js";
import { forgetKept, keepScope, pruneKept, useKept } from "./keep.js";
import { RulesButton, RulesSheet } from "./howto.js";
import { checkForUpdate } from "./install.js";
import { GuestPlay } from "./guests.js";
import { releaseWakeLock, stayAwake } from "./awake.js";

// A name is 1 to 24 characters as a person sees them (the server counts
// graphemes and says how long a name is when it is too long); the field only
// stops what no name could be, so nothing is cut mid-word as it is typed.
const NAME_MAX = 24;
const NAME_FIELD_MAX = 4 * NAME_MAX;
const root = document.getElementById("app");
const code = root.dataset.code;
const modes = JSON.parse(root.dataset.modes || "[]");
setFamily(root.dataset.family === "yes");
const tokenKey = `partyapp.seat.${code}`;
// screen: "join" | "room" (also while a saved seat is being resumed) | "none" (no such room)
const model = { state: null, screen: storage.get(tokenKey) ? "room" : "join", connected: false, everConnected: false, message: null };
let flashTimer = null;

function paint() {
  render(html`<${App} model=${model} />`, root);
}

// A message at the top: {text, kind} ("error" or "info"); `flash` ones go away.
function say(text, kind = "error", flash = false) {
  model.message = text ? { text, kind } : null;
  clearTimeout(flashTimer);
  if (flash && text) flashTimer = setTimeout(() => { model.message = null; paint(); }, 4000);
  paint();
}

const socket = connect(code);
socket.on("connect", checkForUpdate); // a new server may bring new scripts (install.js)
const ctx = {
  socket,
  call: (event, payload) => call(socket, event, payload),
  send: async (action) => {
    const answer = await call(socket, "game.act", { action });
    if (!answer.ok) say(answer.error.message, "error", true);
    return answer;
  },
  command: async (payload) => {
    const answer = await call(socket, "host.command", payload);
    if (!answer.ok) say(answer.error.message, "error", true);
    return answer;
  },
  // A refusal to start is shown by the game picker, beside its Start button.
  start: (mode, options) => call(socket, "game.start", { mode, options }),
  say: (text) => say(text, "error", true),
};
window.partyappPhone = ctx;

function showJoin(text, kind = "error") {
  model.screen = "join";
  model.state = null;
  releaseWakeLock();
  say(text, kind);
}

function showRoom() {
  model.screen = "room";
  stayAwake(() => model.screen === "room");
  say("");
}

if (root.dataset.exists !== "yes") {
  model.screen = "none";
  socket.close();
}

socket.on("connect", async () => {
  model.connected = true;
  model.everConnected = true;
  paint();
  const token = storage.get(tokenKey);
  if (!token) {
    if (model.screen !== "join") showJoin("");
    return;
  }
  const answer = await call(socket, "player.resume", { code, token });
  if (answer.ok) {
    showRoom();
  } else if (answer.error.code === "forbidden" || answer.error.code === "no_such_room") {
    storage.remove(tokenKey);
    showJoin(answer.error.code === "no_such_room"
      ? t("Room {code} has ended or expired. Ask for the new code on the TV.", { code })
      : t("Your seat is gone (the host may have removed it). Type your name to join again."));
  } else {
    say(answer.error.message);
  }
});
socket.on("disconnect", () => { model.connected = false; paint(); });
socket.io.on("reconnect_attempt", () => { model.connected = false; paint(); });

let prefetched = false;
socket.on("state", (frame) => {
  frame.receivedAt = Date.now();
  // Shown once its game's screens are here (whenScreens keeps the order).
  whenScreens(frame, showState);
  // Seated: the other games' screens come while the phone waits, so that
  // the next game starts at once (after the join form and the seat, never before).
  if (frame.you && !prefetched) { prefetched = true; prefetchScreens(3000); }
});

function showState(s) {
  // The first state of a seat arrives before the answer to join/resume.
  if (!s.you || (model.state && s.rev <= model.state.rev)) return;
  setFamily(s.room.settings && s.room.settings.family);
  model.state = s;
  // What was typed or chosen for this seat is kept in this browser (keep.js):
  // read back as the screens mount, dropped once its prompt is gone.
  keepScope(`${code}.${s.you.player_id}`, s);
  paint();
  pruneKept(s);
}

socket.on("kicked", (info) => {
  storage.remove(tokenKey);
  showJoin(info.reason === "left" ? t("You left the room.") : t("The host removed you from the room. Only the host can let you back in."), "info");
});

async function join(name, group, profile) {
  const answer = await call(socket, "player.join", { code, name, group, profile });
  if (answer.ok) {
    storage.set(tokenKey, answer.token);
    showRoom();
  } else {
    say(answer.error.message);
  }
  return answer;
}

// -- the page ----------------------------------------------------------------------
function App({ model: m }) {
  return html`<div class="phone">
    <header class="phone-bar">
      <span class="brand small">party<span>app</span></span>
      <span class="phone-room">${t("Room {code}", { code: html`<strong>${code}</strong>` })}</span>
      <span id="conn-status" class=${cx("conn-status", m.connected ? "ok" : "bad")} role="status">
        ${m.connected || m.screen === "none" ? "" : (m.everConnected ? t("Reconnecting…") : t("Connecting…"))}</span>
    </header>
    <main class="phone-main">
    <div id="phone-message" class=${cx("banner", m.message && m.message.kind)} role="alert" hidden=${!m.message}>
      ${m.message ? m.message.text : ""}</div>
    ${m.screen === "none" ? html`<section class="screen">
      <h1 class="screen-title">${t("There is no room {code}", { code })}</h1>
      <p>${t("Check the code on the TV.")}</p>
      <a class="btn btn-big" href="/">${t("Type another code")}</a></section>` : null}
    <${JoinScreen} hidden=${m.screen !== "join"} />
    <section id="room-screen" class="screen" hidden=${m.screen !== "room"}>
      ${m.screen === "room" && m.state ? html`<${Room} state=${m.state} />` : html`<p class="sub">${t("Connecting…")}</p>`}
    </section>
    </main>
  </div>`;
}

function GroupPick({ value, onChange, name }) {
  const choices = [["guys", t("Guys")], ["chicks", t("Chicks")], ["", t("Neither")]];
  return html`<fieldset class="group-pick">
    <legend>${t("For the Guys / Chicks cards, you play with")}</legend>
    ${choices.map(([v, label]) => html`<label key=${v}><input type="radio" name=${name} value=${v}
      checked=${value === v} onChange=${() => onChange(v)} /> ${label}</label>`)}
  </fieldset>`;
}

// The join form's draft for this room (name, group, profile), kept through a
// reload until the seat is taken.
const draftKey = `partyapp.joining.${code}`;
function readDraft() {
  try { return JSON.parse(storage.get(draftKey) || "{}") || {}; } catch { return {}; }
}

function JoinScreen({ hidden }) {
  const draft = readDraft();
  const [name, setNameNow] = useState(() => (typeof draft.name === "string" ? draft.name : storage.get("partyapp.name") || ""));
  const [group, setGroupNow] = useState(() => (typeof draft.group === "string" ? draft.group : ""));
  const [profile, setProfileNow] = useState(() => draft.profile || storage.get("partyapp.profile") || "drinks");
  const keep = (change) => storage.set(draftKey, JSON.stringify({ ...readDraft(), ...change }));
  const setName = (v) => { keep({ name: v }); setNameNow(v); };
  const setGroup = (v) => { keep({ group: v }); setGroupNow(v); };
  const setProfile = (v) => { keep({ profile: v }); setProfileNow(v); };
  const [busy, setBusy] = useState(false);
  const family = root.dataset.family === "yes";
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await join(name, group || null, family ? "drinks" : profile);
    if (answer.ok && !family) storage.set("partyapp.profile", profile);
    setBusy(false);
    if (answer.ok) {
      storage.set("partyapp.name", name.trim());
      storage.remove(draftKey);
    }
  };
  return html`<section id="join-screen" class="screen" hidden=${hidden}>
    <h1 class="screen-title">${t("Join the table")}</h1>
    <form id="name-form" class="name-form" autocomplete="off" onSubmit=${submit}>
      <label for="name">${t("Your name")}</label>
      <input id="name" name="name" maxlength=${NAME_FIELD_MAX} autocomplete="nickname" enterkeyhint="go" required
        value=${name} onInput=${(ev) => setName(ev.currentTarget.value)} />
      ${family ? null : html`<${ProfilePick} value=${profile} onChange=${setProfile} name="profile" />`}
      ${family ? null : html`<${GroupPick} value=${group} onChange=${setGroup} name="group" />`}
      <button class="btn btn-big btn-primary" type="submit" disabled=${busy}>${t("Join")}</button>
    </form>
    <${LangSwitch} />
  </section>`;
}

function RenameForm({ current, done }) {
  const [name, setName] = useKept("rename", current, "seat");
  const [busy, setBusy] = useState(false);
  const input = useRef(null);
  useEffect(() => { input.current && input.current.focus(); }, []);
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await ctx.call("player.update", { name });
    setBusy(false);
    if (answer.ok) {
      storage.set("partyapp.name", name.trim());
      forgetKept("rename");
      done();
    } else {
      say(answer.error.message, "error", true);
    }
  };
  return html`<form class="rename-form" onSubmit=${submit}>
    <label for="rename">${t("Your new name")}</label>
    <input id="rename" ref=${input} maxlength=${NAME_FIELD_MAX} required value=${name} autocomplete="nickname"
      onInput=${(ev) => setName(ev.currentTarget.value)} />
    <div class="row">
      <button type="submit" class="btn btn-primary" disabled=${busy}>${t("Save name")}</button>
      <button type="button" class="btn" onClick=${() => { forgetKept("rename"); done(); }}>${t("Cancel")}</button>
    </div>
  </form>`;
}

const isFamilyRoom = (state) => Boolean(state.room.settings && state.room.settings.family);

let wasMyTurn = false;

function Room({ state }) {
  const you = state.you;
  const me = state.players.find((p) => p.id === you.player_id);
  const game = state.game;
  const screens = game ? screensFor(game.mode) : null;
  const [renaming, setRenaming] = useKept("renaming", false, "seat");
  const [hostOpen, setHostOpen] = useState(!game);
  const [playersOpen, setPlayersOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);

  const myTurn = Boolean(game && !game.over && (game.turn === you.player_id || (game.turn === null && you.actions.length)));
  useEffect(() => {
    if (myTurn && !wasMyTurn && navigator.vibrate) navigator.vibrate(120);
    wasMyTurn = myTurn;
  }, [myTurn]);
  // In the lobby the host box opens by itself (choosing a game is the next
  // step) and comes first; when a game starts it folds away, to leave the
  // screen to the game, and opens again at its end (play again?).
  const inLobby = !game && !state.room.recap;
  const picking = !game || Boolean(game.over);
  useEffect(() => { setHostOpen(picking); }, [picking]);
  // Every change of phase (a game starts, ends, back to the lobby, the end
  // of the night) shows its top: the new screen starts there.
  const phase = state.room.recap ? "recap" : game ? `${state.room.games_played}.${game.mode}.${game.over ? "over" : "on"}` : "lobby";
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current === phase) return;
    lastPhase.current = phase;
    window.scrollTo(0, 0);
  }, [phase]);

  const leave = async () => {
    if (!window.confirm(t("Leave this room for good? Your seat and tally go."))) return;
    const answer = await ctx.call("player.leave", {});
    if (!answer.ok) say(answer.error.message);
  };
  const hostBox = you.is_host ? html`<details id="host-box" class=${cx("host-box", inLobby && "host-first")} open=${hostOpen}
      onToggle=${(ev) => setHostOpen(ev.currentTarget.open)}>
      <summary>${t("Host controls")}</summary>
      <${HostPanel} state=${state} modes=${modes} ctx=${ctx} showAway=${false} />
    </details>` : null;
  const Status = screens && screens.Status;
  const Phone = screens && screens.Phone;
  return html`<${Fragment}>
    <div id="you-line" class="you-line">
      <h1 class="you-name">${you.name}</h1>
      ${you.is_host ? html`<span class="mark host">${t("host")}</span>` : null}
      <button type="button" class="btn btn-mini btn-rename" onClick=${() => setRenaming(!renaming)}
        aria-expanded=${renaming ? "true" : "false"}>${t("Change name")}</button>
      ${game ? html`<${RulesButton} open=${rulesOpen} setOpen=${setRulesOpen} />` : null}
      ${me ? html`<${Tally} state=${state} player=${me} />` : null}
    </div>
    ${renaming ? html`<${RenameForm} current=${you.name} done=${() => setRenaming(false)} />` : null}
    ${game && rulesOpen ? html`<${RulesSheet} state=${state} mode=${game.mode} close=${() => setRulesOpen(false)} />` : null}
    ${state.room.recap ? html`<${NightOver} state=${state} ctx=${ctx} />` : html`<${Fragment}>
    <${PaceNote} state=${state} />
    <${PlayedForYou} state=${state} />
    <${SittingOutNote} state=${state} ctx=${ctx} />
    <${DareCard} state=${state} />
    ${inLobby && you.is_host ? null : html`<div id="status" class="status" role="status">
      ${game ? (Status ? html`<${Status} state=${state} />` : null)
        : html`<div class="status-line">${t("Waiting for the host to start a game…")}</div>`}
    </div>`}
    ${inLobby ? hostBox : null}
    ${you.is_host ? html`<${GuestPlay} state=${state} ctx=${ctx} on="phone" />` : null}
    <div id="play-area" class="play-area">
      ${game ? html`<${Phone} state=${state} send=${ctx.send} ctx=${ctx} />` : isFamilyRoom(state) ? null : html`<div class="group-box">
        <div class="action-label">${t("For the Guys / Chicks cards, you play with")}</div>
        <div class="choices">${[["guys", t("Guys")], ["chicks", t("Chicks")], ["", t("Neither")]].map(([v, label]) => {
          const on = (you.group || "") === v;
          return html`<button type="button" key=${v} class=${cx("btn btn-choice", on && "chosen")} aria-pressed=${on ? "true" : "false"}
            onClick=${() => ctx.call("player.update", { group: v || null })}>${label}</button>`;
        })}</div></div>`}
    </div></${Fragment}>`}
    <${MeBox} state=${state} ctx=${ctx} />
    ${you.is_host ? html`<${AwayPlayers} state=${state} ctx=${ctx} />` : null}
    ${inLobby ? null : hostBox}
    <details class="players-box" open=${playersOpen} onToggle=${(ev) => setPlayersOpen(ev.currentTarget.open)}>
      <summary>${t("Players ({count})", { count: state.players.length })}</summary>
      <ol id="players" class="players">
        ${state.players.map((p, i) => {
          const extra = screens && screens.seatInfo ? screens.seatInfo(state, p) : {};
          return html`<${Seat} key=${p.id} state=${state} player=${p} index=${i} me=${p.id === you.player_id}
            turn=${Boolean(game && !game.over && game.turn === p.id)} handSize=${extra.handSize} chips=${extra.chips}
            badges=${[...commonBadges(state, p), ...(extra.badges || [])]} />`;
        })}
      </ol>
    </details>
    <${LangSwitch} />
    <button id="btn-leave" class="btn btn-quiet" type="button" onClick=${leave}>${t("Leave this room")}</button>
  </${Fragment}>`;
}

paint();
