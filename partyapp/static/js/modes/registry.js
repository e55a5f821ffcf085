// Mode id -> its screens: the registry that every mode module imports to
// register itself, and that the pages read. A mode module registers
//   { Table({state, ctx, previous}), Phone({state, send, ctx}),
//     Status?({state}), HostActions?({state, ctx}), LobbyOptions?({mode, options, value, onChange, ctx}),
//     seatInfo?(state, player) -> {badges, handSize, chips},
//     spoken?(state, before) -> [words the table's voice says for this frame] }
//     passAround?: true when `you` holds nothing secret (guests.js),
//     guestCalls?(state, pid), guestStanding?(state, guests): guests' named
//     buttons on the table device (guestcalls.js) }
// and its log messages (words.registerMessages). A mode without screens of its
// own plays on the generic ones.
//
// The registry imports no mode: a mode's module is loaded by modes/index.js
// (the loader) and registers itself here, so that no import ever leads back
// from a mode to the module that loads it.
import { generic } from "./generic.js";

const registry = {};

export function registerMode(ids, screens) {
  for (const id of ids) registry[id] = { ...generic, ...screens };
}

// Has `mode` registered screens of its own?
export function hasScreens(mode) {
  return Object.prototype.hasOwnProperty.call(registry, mode);
}

export function screensFor(mode) {
  return registry[mode] || generic;
}
