// Mode id -> its screens. A mode module registers
//   { Table({state, ctx, previous}), Phone({state, send, ctx}),
//     Status?({state}), HostActions?({state, ctx}), LobbyOptions?({mode, options, value, onChange, ctx}),
//     seatInfo?(state, player) -> {badges, handSize, chips},
//     spoken?(state, before) -> [words the table's voice says for this frame] }
//     passAround?: true when `you` holds nothing secret (guests.js) }
// and its log messages (words.registerMessages). A mode without screens of its
// own plays on the generic ones.
import { generic } from "./generic.js";

const registry = {};

export function registerMode(ids, screens) {
  for (const id of ids) registry[id] = { ...generic, ...screens };
}

export function screensFor(mode) {
  return registry[mode] || generic;
}
