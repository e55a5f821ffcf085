// Ring of Fire and Kings: their screens, registered for both modes. The
// table (drinking/table.js: the ring of cards round the cup, the card just
// drawn with its rule, the prompt in play, rules, roles and mates), the
// phone (drinking/phone.js: tap to draw, the prompt aimed at you, your cards,
// penalties), the host's controls (drinking/host.js), and their words
// (drinking/words.js: the log's message keys with parameters, worded there;
// a standard deck's words through the catalogue, a house deck's as typed).
import { registerMode } from "./registry.js";
import { neckBadge } from "../forfeits.js";
import { holdersOf, roleTitle } from "./drinking/words.js";
import { DrinkingTable, spoken } from "./drinking/table.js";
import { Phone, Status } from "./drinking/phone.js";
import { HostActions, LobbyOptions } from "./drinking/host.js";

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  for (const role of Object.keys(g.roles || {})) {
    if (holdersOf(g, role).includes(player.id)) badges.push({ text: roleTitle(role), kind: "role" });
  }
  const necks = g.necks ? g.necks[player.id] || 0 : 0;
  if (necks) badges.push({ text: neckBadge(state, player.id, necks), kind: "neck" });
  return { badges };
}

// passAround: nothing in `you` is secret, so a guest without a phone sees
// their buttons on the table device without a privacy screen (guests.js).
registerMode(["ring_of_fire", "kings"], {
  Table: DrinkingTable, Phone, Status, HostActions, LobbyOptions, seatInfo, spoken, passAround: true,
});
