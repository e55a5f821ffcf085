// Shared by every page: the socket, acknowledged calls, storage, and the
// names of players (those who left included).
import { lang, t } from "./i18n.js";

export const ACK_TIMEOUT_MS = 8000;

// A name is 1 to 24 characters as a person sees them (the server counts
// graphemes and says how long a name is when it is too long); a name field
// only stops what no name could be, so nothing is cut mid-word as it is typed.
export const NAME_FIELD_MAX = 4 * 24;

// `room`: the room code this page is about. It rides in the connection's
// query, so that a proxy in front of several server processes can send every
// connection of a room to the same one (deploy/nginx.conf).
// `refused(words)`: told once the server has said that this page's address
// is none of its own (`checkOrigin`).
export function connect(room = "", { refused = null } = {}) {
  // The page's own origin; the server refuses other origins. The handshake
  // names this screen's language: the server's refusals come back in it.
  // Straight to a WebSocket (one round trip less than starting on long
  // polling and upgrading); where the WebSocket fails (a proxy that does not
  // pass it), the same connection tries long polling instead.
  const socket = window.io({
    query: room ? { lang, room } : { lang }, reconnectionDelay: 500, reconnectionDelayMax: 4000,
    transports: ["websocket", "polling"], tryAllTransports: true,
  });
  // The server measures each phone's round trip to judge races fairly:
  // answer its pings at once.
  socket.on("net.ping", (_data, ack) => { if (typeof ack === "function") ack(); });
  socket.on("connect_error", () => checkOrigin(socket, refused));
  socket.on("connect", () => { socket.refusedOrigin = null; });
  return socket;
}

// A page opened at an address the server does not count as its own (a name
// the router gave the laptop, say) has its socket refused at the handshake,
// which a browser reports like any failed connection. So after a failed
// attempt the page asks the server over plain HTTP whether its origin is one
// of the server's (GET /socket-origin, once it answers); if not, the page
// says to open the address on the TV, and calls answer that at once instead
// of waiting for a socket that cannot come. No answer: the network's fault,
// asked again at the next failure.
let originAsked = false;
async function checkOrigin(socket, refused) {
  if (originAsked) return;
  originAsked = true;
  try {
    const answer = await fetch(`/socket-origin?origin=${encodeURIComponent(window.location.origin)}`);
    if (!answer.ok) throw new Error(`socket-origin: ${answer.status}`);
    if ((await answer.json()).allowed !== false || socket.connected) return;
    socket.refusedOrigin = t("This server does not answer pages opened at this address. Open the address shown on the TV.");
    if (refused) refused(socket.refusedOrigin);
  } catch {
    originAsked = false;
  }
}

// Emit and wait for the acknowledgement; never throws.
export async function call(socket, event, payload = {}) {
  if (socket.refusedOrigin && !socket.connected) {
    return { ok: false, error: { code: "refused_origin", message: socket.refusedOrigin } };
  }
  try {
    return await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(event, payload);
  } catch (err) {
    return { ok: false, error: { code: "timeout", message: t("No answer from the server. Check the Wi-Fi.") } };
  }
}

// -- players --------------------------------------------------------------
export function playerOf(state, pid) {
  return (state.players || []).find((x) => x.id === pid) || null;
}

// A player's name; players who left keep theirs (room.former).
export function nameOf(state, pid) {
  const p = playerOf(state, pid);
  if (p) return p.name;
  const former = state.room && state.room.former;
  if (former && typeof former[pid] === "string") return former[pid];
  return t("a player who left");
}

export function isPlayerId(state, value) {
  if (typeof value !== "string") return false;
  if (playerOf(state, value)) return true;
  const former = state.room && state.room.former;
  return Boolean(former && Object.prototype.hasOwnProperty.call(former, value));
}

export function humanize(type) {
  return String(type).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

// Seconds a player's phone has been away, by the server's clock: the frame's
// revision time (room.time) less away_since, plus the time since the frame
// arrived here (so no clock needs to agree with the server's).
export function awaySeconds(state, player, nowMs = Date.now()) {
  if (!player || player.connected || typeof player.away_since !== "number") return 0;
  // paused by the host: the away clock stands still
  if (state.room && state.room.paused) return Math.max(0, state.room.paused.since - player.away_since);
  const atRev = (state.room && state.room.time) || player.away_since;
  const received = state.receivedAt || nowMs;
  return Math.max(0, atRev - player.away_since + (nowMs - received) / 1000);
}

// -- storage (localStorage may be unavailable in private modes) -------------
export const storage = {
  get(key) {
    try { return window.localStorage.getItem(key); } catch { return null; }
  },
  set(key, value) {
    try { window.localStorage.setItem(key, value); } catch { /* private mode */ }
  },
  remove(key) {
    try { window.localStorage.removeItem(key); } catch { /* private mode */ }
  },
};

// A secret this browser keeps for good: house rules saved with it stay this
// device's own (to change or delete) in every room it hosts; sent with a
// join and a watch too, so that a kick bars the device, not just a name.
export function deviceToken() {
  let token = storage.get("partyapp.device");
  if (!token || !/^[A-Za-z0-9_-]{22,100}$/.test(token)) {
    const bytes = new Uint8Array(24);
    window.crypto.getRandomValues(bytes);
    token = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    storage.set("partyapp.device", token);
  }
  return token;
}
