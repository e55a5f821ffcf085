// The Node.js floor: bench/baseline.py ported to socket.io v4, so that the
// load generator can put the app beside the reference Socket.IO server on
// the very same fan-out: after every change one public payload to the table
// and one payload per phone (the public part plus a private ``you``), each
// emitted on its own, with the same keys, the same order and the same sizes.
//
//   node bench/node/server.js --port 8002 --public-bytes 2100 --private-bytes 2600 --race-prob 0.24
//
// Started by ``python -m bench.load --baseline-node`` (which runs ``npm ci``
// here first when node_modules is missing). Not part of the product.
"use strict";

const http = require("http");
const crypto = require("crypto");
const { Server } = require("socket.io");

function parseArgs(argv) {
  const args = { host: "127.0.0.1", port: 8002, publicBytes: 0, privateBytes: 0, phones: 6, raceProb: 0.0 };
  const names = {
    "--host": ["host", String],
    "--port": ["port", Number],
    "--public-bytes": ["publicBytes", Number],
    "--private-bytes": ["privateBytes", Number],
    "--phones": ["phones", Number],
    "--race-prob": ["raceProb", Number],
  };
  for (let i = 0; i < argv.length; i += 2) {
    const spec = names[argv[i]];
    if (!spec) throw new Error(`unknown argument ${argv[i]}`);
    args[spec[0]] = spec[1](argv[i + 1]);
  }
  return args;
}

const DECK = 52;
const PAD = { public: 0, private: 0 };
const ROOMS = new Map();
const CONNS = new Map(); // socket id -> [code, pid or null for the table]
let RACE_PROB = 0.0;

// A small seeded generator (mulberry32): the share of draws that open a
// race is what matters, not Python's exact sequence.
let seed = 1;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function publicView(room) {
  const game = room.game;
  return {
    rev: room.rev,
    room: { code: room.code, host_player: room.players.length ? room.players[0].id : null },
    players: room.players.map((p, i) => ({ id: p.id, name: p.name, seat: i, connected: true, drinks: 0 })),
    game: game === null ? null : {
      mode: "ring_of_fire", turn: game.turn, over: game.drawn >= DECK,
      remaining: DECK - game.drawn, host_actions: [], pad: "x".repeat(PAD.public),
      prompt: game.race ? { kind: "race", waiting: [...game.race].sort() } : null,
    },
  };
}

function you(room, pid) {
  const game = room.game;
  let actions = [];
  if (game && game.race) {
    actions = game.race.has(pid) ? [{ type: "tap", params: {} }] : [];
  } else if (game && game.turn === pid && game.drawn < DECK) {
    actions = [{ type: "draw", params: {} }];
  }
  return { player_id: pid, hand: [], actions, pad: "y".repeat(PAD.private) };
}

function publish(io, room) {
  const pub = publicView(room);
  if (room.table) io.to(room.table).emit("state", pub);
  for (const p of room.players) {
    io.to(p.sid).emit("state", { ...pub, you: you(room, p.id) });
  }
}

function change(io, room) {
  room.rev += 1;
  publish(io, room);
}

function token(n) {
  return crypto.randomBytes(n).toString("base64url");
}

function sizePads(publicBytes, privateBytes, phones) {
  const room = {
    code: "ABCD", rev: 100, table: "t", next: phones + 1, game: { turn: "p1", drawn: 10, race: null },
    players: Array.from({ length: phones }, (_, i) => ({ id: `p${i + 1}`, name: `Guest ${i + 1}`, sid: String(i) })),
  };
  const frame = (data) => Buffer.byteLength(JSON.stringify(["state", data])) + 2; // "42" prefix
  PAD.public = Math.max(0, publicBytes - frame(publicView(room)));
  PAD.private = Math.max(0, privateBytes - frame({ ...publicView(room), you: you(room, "p2") }));
}

function attach(io) {
  io.on("connection", (socket) => {
    const sid = socket.id;
    socket.on("disconnect", () => CONNS.delete(sid));

    socket.on("room.create", (data, ack) => {
      const code = crypto.randomBytes(3).toString("hex");
      const room = { code, rev: 0, table: sid, players: [], game: null, next: 1 };
      ROOMS.set(code, room);
      CONNS.set(sid, [code, null]);
      change(io, room);
      ack({ ok: true, code, host_token: token(24) });
    });

    socket.on("player.join", (data, ack) => {
      const room = ROOMS.get(data && data.code);
      if (!room) return ack({ ok: false, error: { code: "no_such_room", message: "no room" } });
      const pid = `p${room.next}`;
      room.next += 1;
      room.players.push({ id: pid, name: data.name, sid });
      CONNS.set(sid, [room.code, pid]);
      change(io, room);
      ack({ ok: true, player_id: pid, token: token(24) });
    });

    socket.on("game.start", (data, ack) => {
      const room = ROOMS.get(CONNS.get(sid)[0]);
      room.game = { turn: room.players[0].id, drawn: 0, race: null };
      change(io, room);
      ack({ ok: true });
    });

    socket.on("host.command", (data, ack) => {
      const room = ROOMS.get(CONNS.get(sid)[0]);
      if (data && data.command === "end_game") {
        room.game = null;
        change(io, room);
        return ack({ ok: true });
      }
      ack({ ok: false, error: { code: "bad_request", message: "unsupported" } });
    });

    socket.on("game.act", (data, ack) => {
      const conn = CONNS.get(sid);
      if (!conn || conn[1] === null) {
        return ack({ ok: false, error: { code: "forbidden", message: "Only players make moves." } });
      }
      const room = ROOMS.get(conn[0]);
      const game = room.game;
      const action = data && typeof data === "object" ? data.action : null;
      if (game && action && typeof action === "object" && action.type === "tap") {
        if (!game.race || !game.race.has(conn[1])) {
          return ack({ ok: false, error: { code: "illegal_action", message: "no race" } });
        }
        game.race.delete(conn[1]);
        if (game.race.size <= 1) game.race = null;
        change(io, room);
        return ack({ ok: true });
      }
      if (!game || game.race || game.turn !== conn[1] || game.drawn >= DECK) {
        return ack({ ok: false, error: { code: "not_your_turn", message: "not your turn" } });
      }
      game.drawn += 1;
      const ids = room.players.map((p) => p.id);
      game.turn = ids[(ids.indexOf(conn[1]) + 1) % ids.length];
      if (ids.length > 1 && random() < RACE_PROB) game.race = new Set(ids);
      change(io, room);
      ack({ ok: true });
    });
  });
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  RACE_PROB = args.raceProb;
  sizePads(args.publicBytes, args.privateBytes, args.phones);
  const server = http.createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end('{"ok": true}');
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("not found");
  });
  const io = new Server(server, { pingInterval: 10000, pingTimeout: 20000, cors: { origin: "*" } });
  attach(io);
  server.listen(args.port, args.host);
  const stop = () => { io.close(); server.close(); process.exit(0); };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main();
