// Forfeits in each person's own form. Engines count plain forfeits; the room
// says which form each took (state.room.forfeits: water past the pace,
// points or a dare for who does not drink, points for everybody in family
// mode), and a player's profile says the rest (players[].profile). Every
// screen words a forfeit through here, so nobody is told to drink who does
// not, and a family table never reads a drink word.
//   formFor(state, pid, entryId)          -> {form, count?, drinks?, dare?}
//   forfeitWords(state, pids, n, entry, {plain, counts, fingers})
//                                         -> "Ana drinks 2 drinks. Bo takes 2 points."
//   forfeitShort(state, pid, n, entry)    -> "(2 drinks)" / "(2 points)" / "(water)"
//   neckWords(state, pid, why, entry)     -> "Ana necks their drink." / "... takes a big forfeit."
//   <Tally state player />                -> the seat's counters: 🍺 3 💧 1 / 🥤 3 / ★ 2
import { html } from "./view.js";
import { isFamily, listOf, t } from "./i18n.js";
import { nameOf } from "./common.js";

function settings(state) {
  return (state.room && state.room.settings) || {};
}

function profileOf(state, pid) {
  const p = (state.players || []).find((x) => x.id === pid);
  return p ? p.profile || "drinks" : "drinks";
}

// The form of pid's forfeit in the log entry `entryId` (a number), from the
// room's record of that change, else from the room and the player as they are.
export function formFor(state, pid, entryId) {
  if (typeof entryId === "number") {
    const records = (state.room && state.room.forfeits) || [];
    for (let i = records.length - 1; i >= 0; i -= 1) {
      const r = records[i];
      if (r.player === pid && r.from <= entryId && entryId <= r.to) return r;
    }
  }
  if (settings(state).family) return { form: "points" };
  const profile = profileOf(state, pid);
  if (profile === "none") return { form: settings(state).alternative === "dares" ? "dare" : "points" };
  return { form: profile === "soft" ? "soft" : "drinks" };
}

// Whether pid's forfeits are drinks now (their profile drinks or soft, no family mode).
export function drinksFor(state, pid) {
  const { form } = formFor(state, pid, null);
  return form === "drinks" || form === "soft";
}

// A dare in this screen's language: the built-in dares are message ids
// (partyapp/night.py); one the host typed has no entry and reads as typed.
export const dareWord = (text) => t(text);

function name(state, pid, plain) {
  return plain ? nameOf(state, pid) : html`<b class="who">${nameOf(state, pid)}</b>`;
}

export function joinWords(list) {
  const out = [];
  list.forEach((w, i) => { if (i) out.push(" "); out.push(w); });
  return list.every((w) => typeof w === "string") ? out.join("") : out;
}

function drinkSentence(names, several, count, fingers) {
  if (fingers) {
    return several ? t("{names} drink {count} finger each.|{names} drink {count} fingers each.", { names, count })
      : t("{name} drinks {count} finger.|{name} drinks {count} fingers.", { name: names, count });
  }
  return several ? t("{names} drink {count} drink each.|{names} drink {count} drinks each.", { names, count })
    : t("{name} drinks {count} drink.|{name} drinks {count} drinks.", { name: names, count });
}

function pointSentence(names, several, count) {
  return several ? t("{names} take {count} point each.|{names} take {count} points each.", { names, count })
    : t("{name} takes {count} point.|{name} takes {count} points.", { name: names, count });
}

// pids each take `n` (or counts[pid]) in the forfeit logged as `entry`;
// `plain`: text only; `fingers`: drinks counted in fingers (Kings, Croatian
// Rummy; the drinking decks say so in game.unit).
export function forfeitWords(state, pids, n, entry = null, { plain = false, counts = null, fingers = null } = {}) {
  if (!pids.length) return isFamily() ? t("Nobody takes a point.") : t("Nobody drinks.");
  if (fingers === null) fingers = Boolean(state.game && state.game.unit === "fingers");
  const groups = []; // [{kind, count, pids, record}]
  for (const pid of pids) {
    const count = counts && typeof counts[pid] === "number" ? counts[pid] : n;
    const record = formFor(state, pid, entry && entry.id);
    const kind = record.form === "soft" ? "drinks" : record.form;
    const same = (kind === "drinks" || kind === "points") && groups.find((g) => g.kind === kind && g.count === count);
    if (same) same.pids.push(pid);
    else groups.push({ kind, count, pids: [pid], record });
  }
  const sentences = groups.map((g) => {
    const names = listOf(g.pids.map((p) => name(state, p, plain)));
    const several = g.pids.length > 1;
    if (g.kind === "drinks") return drinkSentence(names, several, g.count, fingers);
    if (g.kind === "points") return pointSentence(names, several, g.count);
    if (g.kind === "water") {
      return g.record.drinks ? t("{name} drinks {count}, then water for the rest.", { name: names, count: g.record.drinks })
        : t("{name} has a glass of water instead.", { name: names });
    }
    return g.record.dare ? t("{name} takes a dare: {dare}", { name: names, dare: dareWord(g.record.dare) })
      : t("{name} takes a dare.", { name: names });
  });
  return joinWords(sentences);
}

// "Mates too: Bo drinks 1 drink." for the mates of a drinking-deck forfeit.
export function matesWords(state, pids, entry, plain = false) {
  const words = forfeitWords(state, pids, 0, entry, { plain, counts: (entry && entry.drinks) || {} });
  return isFamily() ? t("Partners too: {words}", { words }) : t("Mates too: {words}", { words });
}

// A forfeit's size in its form, in brackets after a result.
export function forfeitShort(state, pid, n, entry = null) {
  const record = formFor(state, pid, entry && entry.id);
  if (record.form === "points") return t("({count} point)|({count} points)", { count: n });
  if (record.form === "water") return t("(water)");
  if (record.form === "dare") return t("(a dare)");
  return t("({count} drink)|({count} drinks)", { count: n });
}

// Finishing a drink (a catch by the question card, the last king's cup,
// the end of Croatian Rummy): as drinks for whoever drinks, else a big
// forfeit; in family mode the last king just ends the game.
export function neckWords(state, pid, why, plain = false) {
  const who = name(state, pid, plain);
  const { form } = formFor(state, pid, null);
  if (isFamily()) return why === "cup" ? t("{name} drew the last king!", { name: who }) : t("{name} takes a big forfeit.", { name: who });
  if (form === "drinks" || form === "soft") {
    if (why === "cup") return t("{name} drew the last king and necks the cup!", { name: who });
    if (why === "finish") return t("{name} finishes their drink.", { name: who });
    return t("{name} necks their drink.", { name: who });
  }
  return why === "cup" ? t("{name} drew the last king and takes a big forfeit.", { name: who })
    : t("{name} takes a big forfeit.", { name: who });
}

// A seat's badge for necks: `count` taken so far (the drinking decks), or
// one still to finish (`owed`: Croatian Rummy's end), each as a big
// forfeit for whoever is not drinking.
export function neckBadge(state, pid, count = 1, owed = false) {
  const { form } = formFor(state, pid, null);
  if (!isFamily() && (form === "drinks" || form === "soft")) {
    return owed ? t("finish your drink!") : t("necked {count}×", { count });
  }
  return owed ? t("a big forfeit!") : t("{count}× big forfeit", { count });
}

// A cause of a forfeit, then the forfeit: "Lost the game: Ana drinks 1 drink."
export function causedWords(cause, words) {
  const c = String(cause || "");
  return t("{cause}: {forfeit}", { cause: c.charAt(0).toUpperCase() + c.slice(1), forfeit: words });
}

// A king into the cup (the drinking decks' kings), or towards the end in family mode.
export function pourWords(state, pid, filled, of, plain = false) {
  const who = name(state, pid, plain);
  return isFamily() ? t("{name} draws king {filled} of {of}.", { name: who, filled: String(filled), of: String(of) })
    : t("{name} pours into the cup ({filled} of {of}).", { name: who, filled: String(filled), of: String(of) });
}

// A seat's counters, each with words for a screen reader: drinks and soft
// drinks (each in the form it was taken in, players[].tally), water, and
// forfeits in other forms (points, dares). Everybody's look alike; only what
// they chose differs.
export function Tally({ state, player }) {
  const family = settings(state).family;
  const tally = player.tally || {};
  const profile = player.profile || "drinks";
  const water = player.water || 0;
  const other = Math.max(0, (player.forfeits || 0) - water);
  const soft = tally.soft || 0;
  const drinks = player.tally ? tally.drinks || 0 : player.drinks || 0;
  const out = [];
  const glass = (isSoft, n) => html`<span class=${isSoft ? "drinks soft" : "drinks"} key=${isSoft ? "s" : "d"}
    title=${isSoft ? t("Soft drinks") : t("Drinks")}><span role="img"
    aria-label=${isSoft ? t("soft drinks:") : t("drinks:")}>${isSoft ? "🥤" : "🍺"}</span> ${String(n)}</span>`;
  if (!family && (drinks || (profile === "drinks" && !soft))) out.push(glass(false, drinks));
  if (!family && (soft || profile === "soft")) out.push(glass(true, soft));
  if (!family && water) {
    out.push(html`<span class="water" key="w" title=${t("Water")}><span role="img" aria-label=${t("water:")}>💧</span> ${String(water)}</span>`);
  }
  if (family || profile === "none" || other) {
    out.push(html`<span class="forfeits" key="f" title=${family ? t("Points") : t("Forfeits")}><span role="img"
      aria-label=${family ? t("points:") : t("forfeits:")}>★</span> ${String(other)}</span>`);
  }
  return html`<span class="tally">${out}</span>`;
}
