// The watch page (/w/CODE): the table's public view, live and read-only, for
// anybody without a seat (a guest between games, a streamed audience), on a
// phone, a tablet or a big screen. It sends `room.watch` once per
// connection and nothing else: a spectator has no token, no seat, no hand.
import { cx, html } from "./view.js";
import { t } from "./i18n.js";
import { call, deviceToken, playerOf } from "./common.js";
import { openPage } from "./shell.js";
import "./family.js";
import { whenScreens } from "./modes/index.js";
import { InGame, RoomPeople } from "./tableview.js";
import { Recap } from "./recap.js";
import { PauseNotice, isPaused } from "./pause.js";
import { Ticker } from "./ui/ticker.js";
import { LookBack, LookBackButton, useLookBackOpen } from "./ui/history.js";
import { keepScope, pruneKept } from "./keep.js";
import { LangSwitch } from "./ui/lang.js";

const page = openPage(App);
const { code, modes, model, paint } = page;
model.dead = !page.exists;
// The game screens get no way to send: the page only watches.
const ctx = {};

// What this screen is, for the host's list of watchers ("Watcher 1 (phone)").
function screenKind() {
  if (window.matchMedia("(max-width: 600px)").matches) return "phone";
  return window.matchMedia("(max-width: 1024px)").matches ? "tablet" : "screen";
}

if (!model.dead) {
  const socket = page.open(async (s) => {
    const answer = await call(s, "room.watch", { code, device: deviceToken(), kind: screenKind() });
    if (!answer.ok && answer.error.code === "no_such_room") {
      model.dead = true;
      s.close();
    }
    page.say(answer.ok ? "" : answer.error.message);
  });
  // The host removed this screen ("unwatched"), or the guest whose phone
  // it is ("kicked"): the watching ends here, and the page says which.
  socket.on("kicked", (info) => {
    socket.close();
    model.ended = (info && info.reason) || "unwatched";
    paint();
  });
  // This screen keeps its own panel open and scrolled across reloads (keep.js).
  page.follow(whenScreens, { before: (s) => keepScope(`watch.${code}`, s), after: pruneKept });
}
paint();

// The game's history, on this screen's demand (room.history: the one event a spectator may send).
function WatchLookBack({ state }) {
  const [open, setOpen] = useLookBackOpen();
  return html`<div class="watch-look-back">
    <${LookBackButton} open=${open} setOpen=${setOpen} />
    ${open ? html`<${LookBack} state=${state} ask=${(p) => page.call("room.history", p)} close=${() => setOpen(false)} />` : null}
  </div>`;
}

function App({ model: m }) {
  if (m.dead) return html`<${Dead} message=${m.message && m.message.text} />`;
  if (m.ended) return html`<${Ended} reason=${m.ended} />`;
  const s = m.state;
  const inGame = Boolean(s && s.game);
  return html`<div class=${cx("tv watch", inGame ? "in-game" : "in-lobby")}>
    <header class="table-bar">
      <div class="brand small">party<span>app</span></div>
      <div class="room-code" aria-label=${t("Room code")}>${code}</div>
      <div id="watching" class="watching" role="status">${t("Watching")}</div>
      <div id="conn-status" class=${cx("conn-status", m.connected ? "ok" : "bad")} role="status">${m.connected ? "" : t("Reconnecting…")}</div>
      <div class="bar-buttons"><${LangSwitch} className="bar-lang" /></div>
    </header>
    ${m.message ? html`<div id="watch-message" class="banner error" role="alert">${m.message.text}</div>` : null}
    ${inGame ? html`<${WatchLookBack} state=${s} />` : null}
    ${s ? html`<${PauseNotice} state=${s} big />` : null}
    <main class=${cx("tv-main", isPaused(s) && "paused")}>
      ${!s ? (m.message ? null : html`<p class="lobby-sub">${t("Connecting…")}</p>`)
        : s.room.recap ? html`<${NightOver} state=${s} />`
        : inGame ? html`<${InGame} state=${s} ctx=${ctx} modes=${modes} code=${code} />` : html`<${Lobby} state=${s} />`}
    </main>
    <footer id="ticker" class="ticker" aria-live="polite" data-audit="skip">${inGame ? html`<${Ticker} state=${s} />` : null}</footer>
  </div>`;
}

function Lobby({ state }) {
  const host = state.room.host_player ? playerOf(state, state.room.host_player) : null;
  return html`<section class="watch-lobby">
    <${RoomPeople} state=${state} empty=${t("Nobody has joined yet")} next=${host
      ? t("Waiting for {name}, the host, to start a game.", { name: html`<b class="who">${host.name}</b>` })
      : t("The game starts once the players have joined.")} />
  </section>`;
}

// The night is over: the recap as the table shows it (without its picture's
// button: the picture is the table's and the seats' to fetch).
function NightOver({ state }) {
  return html`<${Recap} state=${state} code=${code} save=${false} />`;
}

function Ended({ reason }) {
  return html`<div class="dead-page">
    <header class="table-bar"><div class="brand small">party<span>app</span></div><div class="room-code">${code}</div></header>
    <main class="dead-main">
      <h1 id="watch-ended">${t("You are no longer watching room {code}", { code })}</h1>
      <p class="lead" id="watch-ended-why">${reason === "kicked"
        ? t("The host removed you from the room. Only the host can let you back in.")
        : t("The host ended your watching of this room.")}</p>
      <a class="btn btn-big btn-primary" href="/">${t("Back to the start")}</a>
    </main>
  </div>`;
}

function Dead({ message }) {
  return html`<div class="dead-page">
    <header class="table-bar"><div class="brand small">party<span>app</span></div><div class="room-code">${code}</div></header>
    <main class="dead-main">
      <h1 id="no-room">${t("There is no room {code}", { code })}</h1>
      <p class="lead">${message || t("Check the code on the TV.")}</p>
      <a class="btn btn-big btn-primary" href="/">${t("Type another code")}</a>
    </main>
  </div>`;
}
