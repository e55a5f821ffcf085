// The phone page: join by name, or come back into the same seat by itself
// (token in localStorage). Only what the join form needs is loaded before it
// shows; the seated screens (phone-room.js, asked for in the same round of
// preload hints, behind the form's files) are imported at once and take
// every `state`. What a person is typing lives in component state and in
// this browser's storage, and survives every frame and a reload.
import { cx, html, useState } from "./view.js";
import { t } from "./i18n.js";
import { NAME_FIELD_MAX, call, deviceToken, storage } from "./common.js";
import { openPage } from "./shell.js";
import { LangSwitch } from "./ui/lang.js";
import { ProfilePick } from "./ui/profile.js";
import { checkForUpdate } from "./install.js";
import { keepAwake, releaseWakeLock, stayAwake } from "./awake.js";
import "./gesture.js"; // sees the page's first gesture, which the seat's buzz waits for

const page = openPage(App);
const { code, model, paint, say } = page;
const tokenKey = `partyapp.seat.${code}`;
// screen: "join" | "room" (also while a saved seat is being resumed) | "none" (no such room)
model.screen = storage.get(tokenKey) ? "room" : "join";

// `refused`: opened at an address not the server's.
const socket = page.open(resume, { refused: (words) => say(words) });
socket.on("connect", () => checkForUpdate()); // a new server may bring new scripts (install.js)
const ctx = {
  socket,
  call: page.call,
  send: async (action) => {
    const answer = await page.call("game.act", { action });
    if (!answer.ok) say(answer.error.message, "error", true);
    return answer;
  },
  command: async (payload) => {
    const answer = await page.call("host.command", payload);
    if (!answer.ok) say(answer.error.message, "error", true);
    return answer;
  },
  // A refusal to start is shown by the game picker, beside its Start button.
  start: (mode, options) => page.call("game.start", { mode, options }),
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

// On each connect: back into the saved seat, if there is one.
async function resume() {
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
}

if (!page.exists) {
  model.screen = "none";
  socket.close();
}

// The seated screens, once phone-room.js is here: it follows the room's
// states (the shell keeps the newest that comes before). A failed fetch
// (the Wi-Fi dropped) is tried again.
let seated = null;
function loadRoom(wait = 1000) {
  import("./phone-room.js").then((room) => {
    seated = room.start(page, ctx);
    paint();
  }, () => setTimeout(() => loadRoom(Math.min(2 * wait, 8000)), wait));
}

socket.on("kicked", (info) => {
  storage.remove(tokenKey);
  showJoin(info.reason === "left" ? t("You left the room.") : t("The host removed you from the room. Only the host can let you back in."), "info");
});

async function join(name, group, profile) {
  const answer = await call(socket, "player.join", { code, name, group, profile, device: deviceToken() });
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
      ${m.screen === "room" && m.state && seated ? html`<${seated.Room} state=${m.state} />` : html`<p class="sub">${t("Connecting…")}</p>`}
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
  const family = page.root.dataset.family === "yes";
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    keepAwake(); // in the tap: where the screen is kept on by a video, it may start only in one
    const answer = await join(name, group || null, family ? "drinks" : profile);
    if (!answer.ok) releaseWakeLock();
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

paint();
loadRoom();
