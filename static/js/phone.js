// The phone page: join by name, come back into the same seat by itself
// (token in localStorage), your private view and the buttons you may press.
import { banner, call, connect, connStatus, el, replace, storage } from "./common.js";
import { renderHostPanel, renderPlayers } from "./host.js";
import { screensFor } from "./modes/index.js";
import "./modes/all.js";

const root = document.getElementById("phone");
const code = root.dataset.code;
const modes = JSON.parse(root.dataset.modes || "[]");
const message = document.getElementById("phone-message");
const joinScreen = document.getElementById("join-screen");
const roomScreen = document.getElementById("room-screen");
const tokenKey = `partyapp.seat.${code}`;
let state = null;
let joined = false;
let wakeLock = null;
let wasMyTurn = false;

function showJoin(text, kind = "error") {
  joined = false;
  state = null;
  joinScreen.hidden = false;
  roomScreen.hidden = true;
  banner(message, text, kind);
  releaseWakeLock();
}

function showRoom() {
  joined = true;
  joinScreen.hidden = true;
  roomScreen.hidden = false;
  banner(message, "");
  keepAwake();
  if (state) render();
}

const socket = connect();
connStatus(document.getElementById("conn-status"), socket);

if (root.dataset.exists !== "yes") {
  showJoin(`There is no room ${code}. Check the code on the TV.`);
  joinScreen.replaceChildren(el("a", { class: "btn btn-big", href: "/" }, "Type another code"));
  socket.close();
}

socket.on("connect", async () => {
  const token = storage.get(tokenKey);
  if (!token) {
    if (!joined) showJoin("");
    return;
  }
  const answer = await call(socket, "player.resume", { code, token });
  if (answer.ok) {
    showRoom();
  } else if (answer.error.code === "forbidden" || answer.error.code === "no_such_room") {
    storage.remove(tokenKey);
    showJoin(answer.error.code === "no_such_room"
      ? `Room ${code} has ended or expired. Ask for the new code on the TV.`
      : "Your seat is gone (the host may have removed it). Type your name to join again.");
  } else {
    banner(message, answer.error.message);
  }
});

socket.on("state", (s) => {
  // The first state of a seat arrives before the answer to join/resume.
  if (!s.you || (state && s.rev <= state.rev)) return;
  state = s;
  if (joined) render();
});

socket.on("kicked", (info) => {
  storage.remove(tokenKey);
  showJoin(info.reason === "left" ? "You left the room." : "The host removed you from the room. You can join again.", "info");
});

document.getElementById("name-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const form = ev.currentTarget;
  const button = form.querySelector("button[type=submit]");
  const name = form.elements.name.value;
  const group = form.elements.group.value || null;
  button.disabled = true;
  const answer = await call(socket, "player.join", { code, name, group });
  button.disabled = false;
  if (answer.ok) {
    storage.set(tokenKey, answer.token);
    showRoom();
  } else {
    banner(message, answer.error.message);
    form.elements.name.focus();
  }
});

document.getElementById("btn-leave").addEventListener("click", async () => {
  if (!window.confirm("Leave this room for good? Your seat and drinks tally go.")) return;
  const answer = await call(socket, "player.leave", {});
  if (!answer.ok) banner(message, answer.error.message);
});

const send = async (action) => {
  const answer = await call(socket, "game.act", { action });
  if (!answer.ok) flash(answer.error.message);
  return answer;
};
const command = async (payload) => {
  const answer = await call(socket, "host.command", payload);
  if (!answer.ok) flash(answer.error.message);
  return answer;
};
const ctx = {
  send,
  command,
  call: (event, payload) => call(socket, event, payload),
  start: async (mode, options) => {
    const answer = await call(socket, "game.start", { mode, options });
    if (!answer.ok) flash(answer.error.message);
  },
};

let flashTimer = null;
function flash(text) {
  banner(message, text);
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => banner(message, ""), 4000);
}

function render() {
  const you = state.you;
  const me = state.players.find((p) => p.id === you.player_id);
  replace(document.getElementById("you-line"),
    el("span", { class: "you-name" }, you.name),
    you.is_host ? el("span", { class: "mark host" }, "host") : null,
    el("span", { class: "drinks" }, `🍺 ${me ? me.drinks : 0}`));
  const game = state.game;
  const screens = game ? screensFor(game.mode) : null;
  const status = document.getElementById("status");
  const area = document.getElementById("play-area");
  if (!game) {
    replace(status, el("div", { class: "status-line" }, you.is_host ? "You are the host: choose a game below." : "Waiting for the host to start a game…"));
    replace(area, groupPicker());
  } else {
    replace(status, screens.status ? screens.status(state) : null);
    replace(area, screens.phone(state, send, ctx));
  }
  const myTurn = Boolean(game && !game.over && (game.turn === you.player_id || (game.turn === null && you.actions.length)));
  if (myTurn && !wasMyTurn && navigator.vibrate) navigator.vibrate(120);
  wasMyTurn = myTurn;

  const hostBox = document.getElementById("host-box");
  hostBox.hidden = !you.is_host;
  if (you.is_host) {
    if (!game) hostBox.open = true;
    renderHostPanel(document.getElementById("host-panel"), state, {
      modes, command, start: ctx.start,
      extraOptions: (mode, node) => (screensFor(mode).lobbyOptions ? screensFor(mode).lobbyOptions(mode, node, ctx) : null),
      collectOptions: (mode, node) => (screensFor(mode).collectOptions ? screensFor(mode).collectOptions(mode, node) : {}),
      renderHostActions: screens && screens.hostActions ? (s) => screens.hostActions(s, command) : null,
    });
  }
  renderPlayers(document.getElementById("players"), state, { host: you.is_host, me: you.player_id, command });
}

function groupPicker() {
  const current = state.you.group || "";
  const choice = (value, label) => el("button", {
    class: `btn btn-choice${current === value ? " chosen" : ""}`, type: "button", "aria-pressed": current === value ? "true" : "false",
    onclick: () => ctx.call("player.update", { group: value || null }),
  }, label);
  return el("div", { class: "group-box" },
    el("div", { class: "action-label" }, "For the Guys / Chicks cards, you drink with"),
    el("div", { class: "choices" }, choice("guys", "Guys"), choice("chicks", "Chicks"), choice("", "Neither")));
}

// -- keep the screen awake while in a room ------------------------------------
async function keepAwake() {
  if (!("wakeLock" in navigator) || wakeLock) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch {
    wakeLock = null; // refused (battery saver, not visible): try again later
  }
}
function releaseWakeLock() {
  if (wakeLock) wakeLock.release().catch(() => {});
  wakeLock = null;
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && joined) keepAwake();
});
