// The shell of the room's pages (table.js, phone.js, watch.js): the page's
// model, one mutable object that `paint()` draws whole with the page's `App`
// (Preact changes only what changed; what a person is typing lives in
// component state, never here); a message at the top; the room's connection
// and whether it is up; and the room's `state` frames into `model.state`,
// the newest only. The phone's join form loads it first: it imports nothing
// but what the form needs anyway (no game's screens).
import { html, render } from "./view.js";
import { setFamily } from "./i18n.js";
import { call, connect } from "./common.js";

// The page in #app, drawn by `App({model})`. The page adds its own fields
// to `page.model` before the first `paint()`.
export function openPage(App) {
  const root = document.getElementById("app");
  setFamily(root.dataset.family === "yes");
  const model = { state: null, connected: false, everConnected: false, message: null };
  let flashTimer = null;
  let show = null; // how a frame is shown, once the page can (follow)
  let early = null; // the newest frame that came before

  const page = {
    root,
    code: root.dataset.code,
    modes: JSON.parse(root.dataset.modes || "[]"),
    exists: root.dataset.exists === "yes",
    model,
    socket: null,
    paint,
    say,
    call: (event, payload) => call(page.socket, event, payload),
    open,
    follow,
  };

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

  // The room's connection (common.js connect, with `options`): on each
  // connect the page shows it is up, then `attach(socket)` names this page
  // to the room; down, it shows it is reconnecting.
  function open(attach, options = {}) {
    const socket = connect(page.code, options);
    page.socket = socket;
    socket.on("connect", () => {
      model.connected = true;
      model.everConnected = true;
      paint();
      attach(socket);
    });
    const down = () => { model.connected = false; paint(); };
    socket.on("disconnect", down);
    socket.io.on("reconnect_attempt", down);
    socket.on("state", (frame) => {
      frame.receivedAt = Date.now();
      if (show) show(frame);
      else early = frame;
    });
    return socket;
  }

  // From now on each frame is shown as soon as `hold(frame, take)` takes it
  // (the loader: once its game's screens are here, in the order the frames
  // came) and `accept(state)` wants it; a frame no newer than the one shown
  // (stale or repeated) is dropped. `before(state)` runs as it becomes the
  // model's, before the paint; `after(state)` once it is drawn. A frame that
  // came before (the newest) is shown first.
  function follow(hold, { accept = () => true, before = () => {}, after = () => {} } = {}) {
    const take = (s) => {
      if (!accept(s) || (model.state && s.rev <= model.state.rev)) return;
      setFamily(s.room.settings && s.room.settings.family);
      model.state = s;
      before(s);
      paint();
      // The room's revision now drawn (what a waiting tool or test reads).
      document.documentElement.dataset.rev = String(s.rev);
      after(s);
    };
    show = (frame) => hold(frame, take);
    if (early) {
      const frame = early;
      early = null;
      show(frame);
    }
  }

  return page;
}
