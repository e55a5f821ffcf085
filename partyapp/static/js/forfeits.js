// Forfeits in each person's own form. Engines count plain forfeits; the room
// says which form each took (state.room.forfeits: water past the pace,
// points or a dare for who does not drink, points for everybody in family
// mode), and a player's profile says the rest (players[].profile). Every
// screen words a forfeit through here, so nobody is told to drink who does
// not, and a family table never reads a drink word.
//   formFor(state, pid, entryId)          -> {form, count?, drinks?, dare?}
//   forfeitWords(state, pids, n, entry, {plain, counts, fingers, you})
//                                         -> "Ana drinks 2 drinks. Bo takes 2 points."
//                                            (on Bo's own phone, you: "p2": "You take 2 points. Ana drinks 2 drinks.")
//   forfeitShort(state, pid, n, entry)    -> "(2 drinks)" / "(2 points)" / "(water)"
//   neckWords(state, pid, why, plain, you) -> "Ana necks their drink." / "Bo takes a big forfeit: Sing a chorus…" / "You neck your drink."
//   bigForfeit(state)                     -> what a big forfeit is tonight (the room's setting, in this screen's language)
//   <Tally state player />                -> the seat's counters: 🍺 3 💧 1 / 🥤 3 / ★ 2
import { html } from "./view.js";
import { isFamily, listOf, t } from "./i18n.js";
import { nameOf } from "./common.js";
import { Who } from "./ui/who.js";

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

// What a big forfeit is (a neck of whoever is not drinking): the night's
// setting big_forfeit, the built-in one a message id like the dares.
const BIG_FORFEIT = "Sing a chorus of a song the table picks.";
export const bigForfeit = (state) => dareWord(settings(state).big_forfeit || BIG_FORFEIT);

function name(state, pid, plain) {
  return plain ? nameOf(state, pid) : html`<${Who} state=${state} pid=${pid} />`;
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

// The forfeit of the person whose own phone this is, said to them.
function yourSentence(kind, count, record, fingers) {
  if (kind === "drinks") {
    return fingers ? t("You drink {count} finger.|You drink {count} fingers.", { count })
      : t("You drink {count} drink.|You drink {count} drinks.", { count });
  }
  if (kind === "points") return t("You take {count} point.|You take {count} points.", { count });
  if (kind === "water") {
    return record.drinks ? t("You drink {count}, then water for the rest.", { count: record.drinks })
      : t("You have a glass of water instead.");
  }
  return record.dare ? t("You take a dare: {dare}", { dare: dareWord(record.dare) }) : t("You take a dare.");
}

// pids each take `n` (or counts[pid]) in the forfeit logged as `entry`;
// `plain`: text only; `fingers`: drinks counted in fingers (Kings, Croatian
// Rummy; the drinking decks say so in game.unit); `you`: the player whose
// own phone this is, told first and as "you".
export function forfeitWords(state, pids, n, entry = null, { plain = false, counts = null, fingers = null, you = null } = {}) {
  if (!pids.length) return isFamily() ? t("Nobody takes a point.") : t("Nobody drinks.");
  if (fingers === null) fingers = Boolean(state.game && state.game.unit === "fingers");
  const countOf = (pid) => (counts && typeof counts[pid] === "number" ? counts[pid] : n);
  const formOf = (record) => (record.form === "soft" ? "drinks" : record.form);
  const mine = you && pids.includes(you) ? formFor(state, you, entry && entry.id) : null;
  const groups = []; // [{kind, count, pids, record}]
  for (const pid of pids) {
    if (mine && pid === you) continue;
    const count = counts && typeof counts[pid] === "number" ? counts[pid] : n;
    const record = formFor(state, pid, entry && entry.id);
    const kind = record.form === "soft" ? "drinks" : record.form;
    const same = (kind === "drinks" || kind === "points") && groups.find((g) => g.kind === kind && g.count === count);
    if (same) same.pids.push(pid);
    else groups.push({ kind, count, pids: [pid], record });
  }
  const sentences = mine ? [yourSentence(formOf(mine), countOf(you), mine, fingers)] : [];
  sentences.push(...groups.map((g) => {
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
  }));
  return joinWords(sentences);
}

// "Mates too: Bo drinks 1 drink." for the mates of a drinking-deck forfeit.
export function matesWords(state, pids, entry, plain = false, you = null) {
  const words = forfeitWords(state, pids, 0, entry, { plain, counts: (entry && entry.drinks) || {}, you });
  return isFamily() ? t("Partners too: {words}", { words }) : t("Mates too: {words}", { words });
}

function shortOf(form, n) {
  if (form === "points") return t("({count} point)|({count} points)", { count: n });
  if (form === "water") return t("(water)");
  if (form === "dare") return t("(a dare)");
  return t("({count} drink)|({count} drinks)", { count: n });
}

// A forfeit's size in its form, in brackets after a result. Without a log
// entry (a game's result: all its forfeits), in the forms they were taken
// in, as the room counted them for this game (state.room.game_tally), so a
// profile changed since does not reword them.
export function forfeitShort(state, pid, n, entry = null) {
  const taken = !entry && state.room && state.room.game_tally && state.room.game_tally[pid];
  if (taken) {
    const parts = ["drinks", "soft", "water", "points", "dare"].filter((f) => taken[f] > 0);
    const drinks = (taken.drinks || 0) + (taken.soft || 0);
    const words = parts.filter((f) => f !== "soft" || !taken.drinks)
      .map((f) => shortOf(f, f === "drinks" || f === "soft" ? drinks : taken[f]));
    if (words.length) return words.join(" ");
  }
  return shortOf(formFor(state, pid, entry && entry.id).form, n);
}

// A forfeit's size in pid's form, in a few words, for a button or a line:
// "2 fingers", "1 point", "a dare", "water", "a neck" (`entry`: its log
// entry, for the form it was taken in and whether it was a neck).
export function forfeitSize(state, pid, entry) {
  const n = (entry.drinks && pid && entry.drinks[pid]) || entry.count || 1;
  const form = pid ? formFor(state, pid, entry.id).form : "drinks";
  if (form === "points") return t("{count} point|{count} points", { count: n });
  if (form === "dare") return t("a dare");
  if (form === "water") return t("water");
  if (/neck|last_king/.test(entry.msg || "")) return t("a neck");
  if (state.game && state.game.unit === "fingers") return t("{count} finger|{count} fingers", { count: n });
  return t("{count} drink|{count} drinks", { count: n });
}

// Finishing a drink (a catch by the question card, the last king's cup or,
// in Kings, the last king's own drink, the end of Croatian Rummy): as drinks
// for whoever drinks, else (and for everybody in family mode) a big forfeit,
// said with what it is (bigForfeit; the room counts it for the recap). why:
// "catch", "cup", "last_king", "finish". On the person's own phone (`you`
// is pid), said to them.
export function neckWords(state, pid, why, plain = false, you = null) {
  const king = why === "cup" || why === "last_king";
  const { form } = formFor(state, pid, null);
  const drinks = form === "drinks" || form === "soft";
  // the cup holds what the drinkers poured in: a soft drinker necks a soft drink of their own
  const softCup = why === "cup" && form === "soft";
  if (you && pid === you) {
    if (isFamily() || !drinks) {
      const what = bigForfeit(state);
      return king ? t("You drew the last king and take a big forfeit: {what}", { what }) : t("You take a big forfeit: {what}", { what });
    }
    if (softCup) return t("You drew the last king: neck a soft drink of your own (not the cup)!");
    if (why === "cup") return t("You drew the last king and neck the cup!");
    if (why === "last_king") return t("You drew the last king and neck the drink in front of you!");
    if (why === "finish") return t("You finish your drink.");
    return t("You neck your drink.");
  }
  const who = name(state, pid, plain);
  if (drinks && !isFamily()) {
    if (softCup) return t("{name} drew the last king and necks a soft drink of their own (not the cup)!", { name: who });
    if (why === "cup") return t("{name} drew the last king and necks the cup!", { name: who });
    if (why === "last_king") return t("{name} drew the last king and necks the drink in front of them!", { name: who });
    if (why === "finish") return t("{name} finishes their drink.", { name: who });
    return t("{name} necks their drink.", { name: who });
  }
  const what = bigForfeit(state);
  return king ? t("{name} drew the last king and takes a big forfeit: {what}", { name: who, what })
    : t("{name} takes a big forfeit: {what}", { name: who, what });
}

// A king drawn in a deck with no cup (Kings): free until the last.
export function kingWords(state, pid, count, of, plain = false, you = null) {
  if (you && pid === you) return t("You draw king {count} of {of}: no forfeit.", { count: String(count), of: String(of) });
  return t("{name} draws king {count} of {of}: no forfeit.", { name: name(state, pid, plain), count: String(count), of: String(of) });
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
export function pourWords(state, pid, filled, of, plain = false, you = null) {
  if (you && pid === you) {
    return isFamily() ? t("You draw king {filled} of {of}.", { filled: String(filled), of: String(of) })
      : t("You pour into the cup ({filled} of {of}).", { filled: String(filled), of: String(of) });
  }
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
