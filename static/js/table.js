// The table screen: QR code and room code, the players, the game as everybody
// may see it, and the host controls (the table holds the host token).
import { banner, call, connect, connStatus, el, replace, storage } from "./common.js";
import { renderHostPanel, renderPlayers } from "./host.js";
import { screensFor } from "./modes/index.js";
import "./modes/all.js";
import { isMuted, play, setMuted } from "./sound.js";

const root = document.getElementById("table");
const code = root.dataset.code;
const modes = JSON.parse(root.dataset.modes || "[]");
const message = document.getElementById("table-message");
const tokenKey = `partyapp.table.${code}`;
let state = null;
let previous = null;

const newTableLink = () => el("a", { class: "btn", href: "/" }, "Start a new table");

if (root.dataset.exists !== "yes") {
  fail(`There is no room ${code}. It may have expired.`);
} else if (!storage.get(tokenKey)) {
  fail(`This screen is not the table of room ${code}. Phones join it at /j/${code}.`);
} else {
  start();
}

function fail(text) {
  banner(message, text);
  message.appendChild(document.createTextNode(" "));
  message.appendChild(newTableLink());
  root.classList.add("is-dead");
}

function start() {
  const socket = connect();
  connStatus(document.getElementById("conn-status"), socket);
  socket.on("connect", async () => {
    const answer = await call(socket, "table.attach", { code, host_token: storage.get(tokenKey) });
    if (!answer.ok) {
      if (answer.error.code === "no_such_room" || answer.error.code === "forbidden") {
        storage.remove(tokenKey);
        socket.close();
        fail(answer.error.message);
      } else {
        banner(message, answer.error.message);
      }
    } else {
      banner(message, "");
    }
  });
  socket.on("state", (s) => {
    if (state && s.rev <= state.rev) return; // stale or repeated
    previous = state;
    state = s;
    render();
  });

  const command = async (payload) => {
    const answer = await call(socket, "host.command", payload);
    if (!answer.ok) banner(message, answer.error.message);
    return answer;
  };
  const ctx = {
    command,
    sound: play,
    start: async (mode, options) => {
      const answer = await call(socket, "game.start", { mode, options });
      if (!answer.ok) banner(message, answer.error.message);
      else banner(message, "");
    },
    call: (event, payload) => call(socket, event, payload),
  };
  window.partyappTable = ctx;

  function render() {
    document.getElementById("join-url").textContent = state.room.join_url;
    document.getElementById("player-count").textContent = `(${state.players.length})`;
    root.classList.toggle("in-game", Boolean(state.game));
    renderPlayers(document.getElementById("players"), state, { host: true, me: null, command });
    const screens = state.game ? screensFor(state.game.mode) : null;
    renderHostPanel(document.getElementById("host-panel"), state, {
      modes, command, start: ctx.start,
      extraOptions: screens && screens.extraOptions ? screens.extraOptions : lobbyExtra,
      collectOptions: lobbyCollect,
      renderHostActions: screens && screens.hostActions ? (s) => screens.hostActions(s, command) : null,
    });
    const area = document.getElementById("game-area");
    if (state.game) {
      replace(area, screens.table(state, ctx, previous));
      replace(document.getElementById("ticker"), screens.ticker ? screens.ticker(state) : null);
    } else {
      replace(area, lobby());
      replace(document.getElementById("ticker"));
    }
  }

  function lobby() {
    const n = state.players.length;
    return el("div", { class: "lobby" },
      el("h1", { class: "lobby-title" }, n === 0 ? "Scan the code to join" : `${n} in the room`),
      el("p", { class: "lobby-sub" }, n < 2 ? "Everybody scans the QR code with their phone camera." : "Pick a game on the right and press Start."));
  }

  function lobbyExtra(mode, node) {
    const screensOfMode = screensFor(mode);
    return screensOfMode.lobbyOptions ? screensOfMode.lobbyOptions(mode, node, ctx) : null;
  }
  function lobbyCollect(mode, node) {
    const screensOfMode = screensFor(mode);
    return screensOfMode.collectOptions ? screensOfMode.collectOptions(mode, node) : {};
  }
}

// -- bar buttons --------------------------------------------------------------
const muteButton = document.getElementById("btn-mute");
const paintMute = () => {
  muteButton.textContent = isMuted() ? "Sound off" : "Sound on";
  muteButton.setAttribute("aria-pressed", isMuted() ? "true" : "false");
};
muteButton.addEventListener("click", () => { setMuted(!isMuted()); paintMute(); });
paintMute();

document.getElementById("btn-fullscreen").addEventListener("click", () => {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen?.().catch(() => {});
});
