// Mode id -> screens. A mode module exports { table(state, ctx), phone(state, send, ctx) }.
import { generic } from "./generic.js";

const registry = {};

export function registerMode(ids, screens) {
  for (const id of ids) registry[id] = screens;
}

export function screensFor(mode) {
  return registry[mode] || generic;
}
