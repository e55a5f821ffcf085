// Moving the table to another screen (table.js): a screen that is not the
// table asks to become it ("table.claim") and shows the number the host's
// phone shows beside Move / Not now (the phone side: tableask.js); on Move
// the server sends this screen alone the table's new token
// ("table.granted"), and the page attaches with it on the same socket: the
// game as it is, nothing reloaded. The old table's screen is told
// "table.moved" and says so, with a link to watch.
import { html } from "./view.js";
import { t } from "./i18n.js";
import { call, deviceToken, storage } from "./common.js";

// The table page's socket follows the moves: `attach(socket)` names this
// screen the table (with the token kept under `tokenKey`).
export function followMoves(page, socket, tokenKey, attach) {
  const { model, paint } = page;
  socket.on("table.granted", (msg) => {
    if (!msg || msg.code !== page.code || !model.claim || typeof msg.host_token !== "string") return;
    storage.set(tokenKey, msg.host_token);
    model.claim = null;
    model.dead = null;
    paint();
    attach(socket);
  });
  socket.on("table.claim_ended", (msg) => {
    if (!msg || msg.code !== page.code || !model.claim) return;
    model.claim = { ended: msg.reason };
    paint();
  });
  socket.on("table.moved", (msg) => {
    if (!msg || msg.code !== page.code) return;
    storage.remove(tokenKey);
    socket.close();
    model.dead = "moved";
    paint();
  });
}

// Ask to become the table (on each connect while asking).
export async function claimHere(page, socket) {
  const { model, paint } = page;
  model.claim = { asking: true };
  paint();
  const answer = await call(socket, "table.claim", { code: page.code, device: deviceToken() });
  if (!model.claim) return; // cancelled meanwhile
  model.claim = answer.ok ? { pin: answer.pin } : { error: answer.error.message };
  paint();
}

// What the asking screen shows: the number to find on the host's phone, or
// why the request ended, with the way back.
export function ClaimNotice({ claim, code, again, cancel }) {
  const ended = {
    declined: t("The host kept the table where it is."),
    expired: t("Nobody confirmed in time; ask again when the host has their phone at hand."),
    replaced: t("Another screen asked after this one."),
  };
  const why = claim.error || (claim.ended && (ended[claim.ended] || ended.expired));
  return html`<main class="dead-main claim-main" id="claim">
    <h1>${t("Room {code}", { code })}</h1>
    ${why ? html`
      <p class="lead" id="claim-ended" role="status">${why}</p>
      <button type="button" class="btn btn-big btn-primary" id="claim-again" onClick=${again}>${t("Ask again")}</button>`
    : html`
      <p class="lead" id="claim-wait" role="status">${t("Ask the host to confirm on their phone")}</p>
      ${claim.pin ? html`<p class="claim-pin-label">${t("Their phone shows this code:")}</p>
        <p class="claim-pin" id="claim-pin">${claim.pin}</p>` : html`<p class="claim-pin-label">${t("Asking…")}</p>`}`}
    <button type="button" class="btn" id="claim-cancel" onClick=${cancel}>${t("Cancel")}</button>
  </main>`;
}

// What the old table's screen shows once the table moved.
export function MovedNotice({ code }) {
  return html`<main class="dead-main" id="table-moved">
    <h1>${t("The table moved to another screen")}</h1>
    <p class="lead">${t("The host moved the table of room {code} to another screen. This screen can still watch the game.", { code })}</p>
    <a class="btn btn-big btn-primary" id="watch-moved" href=${`/w/${code}`}>${t("Watch room {code} on this screen", { code })}</a>
  </main>`;
}
