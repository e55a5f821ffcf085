// Ring of Fire and Kings: their screens, registered for both modes. The
// table (drinking/table.js: the ring of cards round the cup, the card just
// drawn with its rule, the prompt in play, rules, roles and mates), the
// phone (drinking/phone.js: tap to draw, the prompt aimed at you, your cards,
// penalties), the host's controls (drinking/host.js), and their words
// (drinking/words.js: the log's message keys with parameters, worded there;
// a standard deck's words through the catalogue, a house deck's as typed).
import { registerMode } from "./registry.js";
import { neckBadge } from "../forfeits.js";
import { t } from "../i18n.js";
import { nameOf } from "../common.js";
import { deckWord, holdersOf, raceTitle, roleTitle } from "./drinking/words.js";
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

// A guest still to tap in the race open now, on the table device: their
// name and TAP (in the thumb race, a left and a right thumb), under what
// to do in words.
function guestCalls(state, pid) {
  const pr = state.game.prompt;
  if (!pr || pr.kind !== "race" || !pr.waiting.includes(pid)) return null;
  if (pr.race === "thumb") {
    const by = nameOf(state, pr.by);
    const call = pr.thumb === "left" ? t("{name} put a left thumb on the table: copy it, then tap your name and that thumb. The last to copy loses.", { name: by })
      : pr.thumb === "right" ? t("{name} put a right thumb on the table: copy it, then tap your name and that thumb. The last to copy loses.", { name: by })
        : t("{name} put a thumb on the table: copy it, then tap your name. The last to copy loses.", { name: by });
    const moves = pr.thumb ? ["left", "right"].map((thumb) => ({ action: { type: "tap", thumb },
      label: thumb === "left" ? t("left thumb") : t("right thumb") })) : [{ action: { type: "tap" }, label: t("TAP!") }];
    return { title: t("Thumb race!"), call, moves };
  }
  const card = state.game.card;
  const text = card && card.effect === "race" ? deckWord(state, card.text) : "";
  return { title: t("{title}: tap your name!", { title: raceTitle(state, pr.race, pr.title) }),
    call: [text, text ? " " : "", t("Do it, then tap your name at once: the last one loses.")].join(""),
    moves: [{ action: { type: "tap" }, label: t("TAP!") }] };
}

// The question master's and the question card's "caught", open as long as
// the card is held: a row for each holder on the table device's face. A
// holder with a phone: each guest who answered their question taps their
// own name (they own up: `answered`). A guest holding it: their named
// buttons catch whoever answered (`caught`), as a phone's would.
const CATCHERS = ["question_master", "question_card"];

function guestStanding(state, guests) {
  const g = state.game;
  const seated = (state.players || []).filter((p) => p.in_game);
  const rows = [];
  for (const role of CATCHERS) {
    for (const holder of holdersOf(g, role)) {
      const name = nameOf(state, holder);
      const own = guests.find((p) => p.id === holder);
      const title = t("{role}: {name}", { role: roleTitle(role), name });
      if (own) {
        const buttons = seated.filter((p) => p.id !== holder).map((p) => ({
          player: own, move: { action: { type: "caught", by: role, player: p.id }, label: t("caught {name}", { name: p.name }) } }));
        if (buttons.length) rows.push({ key: `${role}:${holder}`, title, buttons,
          call: t("Did somebody answer {name}'s question? {name}, tap who:", { name }) });
      } else {
        const buttons = guests.filter((p) => p.id !== holder).map((p) => ({
          player: p, move: { action: { type: "answered", player: holder }, label: t("caught by the question") } }));
        if (buttons.length) rows.push({ key: `${role}:${holder}`, title, buttons,
          call: t("Answered {name}'s question? Tap your name:", { name }) });
      }
    }
  }
  return rows;
}

// passAround: nothing in `you` is secret, so a guest without a phone sees
// their buttons on the table device without a privacy screen (guests.js).
registerMode(["ring_of_fire", "kings"], {
  Table: DrinkingTable, Phone, Status, HostActions, LobbyOptions, seatInfo, spoken, passAround: true, guestCalls,
  guestStanding,
});
