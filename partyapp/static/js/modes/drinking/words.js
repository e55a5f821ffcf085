// The words of Ring of Fire and Kings (modes/drinking.js): their log, message
// keys with parameters worded here; the roles' titles; a standard deck's
// words (card titles and rules) worded through the catalogue, a house deck's
// (house_deck) shown as their authors typed them; the labels of the phone's
// moves and the words for their values.
import { isFamily, listOf, N_, t } from "../../i18n.js";
import { registerMessages, wordText } from "../../words.js";
import { raceTimes } from "../../ui/race.js";
import { forfeitSize, forfeitWords, kingWords, matesWords, neckWords, pourWords } from "../../forfeits.js";
import { nameOf } from "../../common.js";

const ROLE_TITLES = {
  question_master: N_("Question master"),
  thumbmaster: N_("Thumbmaster"),
  toilet: N_("Toilet card"),
  jail: N_("Get out of jail free"),
  question_card: N_("Question card"),
};
export const roleTitle = (role) => t(ROLE_TITLES[role] || role);
export const ROLE_ORDER = ["question_master", "question_card", "thumbmaster", "toilet", "jail"];
// Everybody holding a role: several hold one where every card is its own
// (Kings' queens and fours: game.holders), else its one holder.
export const holdersOf = (g, role) => ((g.holders && g.holders[role]) || (g.roles && g.roles[role] ? [g.roles[role]] : []));
// The person whose own phone this is: their forfeits are said to them ("you").
export const viewer = (s) => (typeof document !== "undefined" && document.body && document.body.classList.contains("page-phone")
  && s.you && s.you.player_id) || null;
// A deck's words: a standard deck's in this screen's language.
export const deckWord = (state, text) => (state.game && state.game.house_deck ? text : t(text));
export const raceTitle = (state, race, title) => (race === "thumb" ? t("Thumb") : deckWord(state, title));

// Sentences side by side: text for labels, else a list to render.
function together(plain, parts) {
  const list = parts.filter((p) => p !== null && p !== undefined && p !== "");
  if (plain) return list.map((p) => (Array.isArray(p) ? p.flat(Infinity).join("") : String(p))).join(" ");
  const out = [];
  list.forEach((p, i) => { if (i) out.push(" "); out.push(p); });
  return out;
}

// What led to a forfeit (its `lead` and the parameters beside it).
const LEADS = {
  waterfall: () => t("Waterfall:"),
  pick: (v) => t("{by} picks:", v),
  race: (v, e, s, plain) => (e.order && e.order.length
    ? t("{title} ({times}):", { title: raceTitle(s, e.race, e.title), times: raceTimes(s, e.order, e.margins, plain) })
    : t("{title}:", { title: raceTitle(s, e.race, e.title) })),
  race_timed_out: (v, e, s, plain) => (e.order && e.order.length
    ? t("{title} (time is up; {times}):", { title: raceTitle(s, e.race, e.title), times: raceTimes(s, e.order, e.margins, plain) })
    : t("{title} (time is up):", { title: raceTitle(s, e.race, e.title) })),
  round: (v, e, s) => t("{title}:", { title: deckWord(s, e.title) }),
  chugalug_slow: (v, e) => t("Chugalug at {number} (it was “{expected}”): too slow.", { number: String(e.number), expected: chugWord(e.expected) }),
  chugalug_wrong: (v, e) => t("Chugalug at {number}: “{said}” instead of “{expected}”.", {
    number: String(e.number), said: chugWord(e.said), expected: chugWord(e.expected) }),
  rps: (v) => t("Paper, scissors, stone: {winner} wins.", v),
  caught: (v, e, s) => (e.player === viewer(s) ? t("{by} caught you answering.", v) : t("{by} caught {player} answering.", v)),
  deflect: (v, e, s) => (e.player === viewer(s) ? t("{by} says “f*** off” to you.", v) : t("{by} says “f*** off” to {player}.", v)),
  breach: (v) => t("{by} reports a broken rule ({rule}):", v),
};
export const chugWord = (said) => (said === "chugalug" ? t("chugalug") : String(said));
const leadOf = (values, entry, state, plain) => (entry.lead && LEADS[entry.lead] ? LEADS[entry.lead](values, entry, state, plain) : null);

// Mates who take the same forfeit, each in their own form.
const mates = (e, s, plain) => (e.mates && e.mates.length ? matesWords(s, e.mates, e, plain, viewer(s)) : null);
const first = (e) => (e.players || [])[0];

registerMessages({
  "drinking.drink": (v, e, s, plain) => together(plain, [leadOf(v, e, s, plain),
    forfeitWords(s, e.players || [], e.count, e, { plain, you: viewer(s) }), mates(e, s, plain)]),
  "drinking.neck": (v, e, s, plain) => together(plain, [leadOf(v, e, s, plain), neckWords(s, first(e), "catch", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.cup_neck": (v, e, s, plain) => together(plain, [neckWords(s, first(e), "cup", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.last_king": (v, e, s, plain) => together(plain, [neckWords(s, first(e), "last_king", plain, viewer(s)), mates(e, s, plain)]),
  "drinking.nobody": (v, e, s, plain) => together(plain, [leadOf(v, e, s, plain), forfeitWords(s, [], 0, e, { plain })]),
  "drinking.draw": (v, e, s) => t("{player} drew {card}: {title}.", { ...v, title: deckWord(s, e.title) }),
  "drinking.role_lost": (v, e) => t("{player} no longer holds the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.role_kept": (v, e) => t("{player} keeps the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.role_taken": (v, e) => t("{player} takes the {role}.", { ...v, role: roleTitle(e.role) }),
  "drinking.no_race": (v, e, s) => t("{title}: not enough players to race.", { title: raceTitle(s, e.race, e.title) }),
  "drinking.thumb": (v, e) => {
    if (e.thumb === "left") return t("{player} puts a left thumb on the table!", v);
    if (e.thumb === "right") return t("{player} puts a right thumb on the table!", v);
    return t("{player} puts a thumb on the table!", v);
  },
  "drinking.toilet": N_("{player} uses the toilet card and may go to the toilet."),
  "drinking.jail": (v, e, s) => t("{player} gets out of jail free: their forfeit is cancelled ({what}).", { ...v, what: refBrief(s, e.ref, e.player) }),
  "drinking.escape": N_("{player} gets out of jail free: they are out of the game in play."),
  "drinking.steal": N_("{player} steals the jail card from {victim}!"),
  "drinking.undo_steal": (v, e) => (e.player ? t("The host undoes the steal: the jail card goes back to {player}.", v)
    : t("The host undoes the steal: the jail card goes back.")),
  "drinking.undo": (v, e, s) => t("The host takes a forfeit back ({what}).", { what: refBrief(s, e.ref, null) }),
  "drinking.host_skip": N_("The host skips the card in play."),
  "drinking.skip_draw": N_("{player} is away: the draw passes to {next}."),
  "drinking.skip_race": N_("{player} is away: they sit out the race."),
  "drinking.skip_card": N_("{player} is away: the card in play is called off."),
  "drinking.skip_go": N_("{player} is away: their go passes on."),
  "drinking.join": N_("{player} joins the game."),
  "drinking.sit_out": N_("{player} sits out: their turns are passed over."),
  "drinking.sit_in": N_("{player} is back in from the next draw."),
  "drinking.leave": (v, e) => ((e.returned || []).length
    ? t("{player} leaves the game. Returned: {roles}.", { ...v, roles: listOf(e.returned.map(roleTitle)) })
    : t("{player} leaves the game.", v)),
  "drinking.called_off": N_("The card in play is called off."),
  "drinking.thumb_called_off": N_("The thumb race is called off."),
  "drinking.race_off": N_("The race is called off."),
  "drinking.rule": N_("{player} makes a rule: {rule}"),
  "drinking.end": N_("The game is over."),
  "drinking.end_returned": N_("The game is over: every feature card is returned."),
  "drinking.no_mate": () => (isFamily() ? t("There is nobody to pick as a partner.") : t("There is nobody to pick as a mate.")),
  "drinking.mates": (v) => (isFamily() ? t("{player} and {mate} are partners.", v) : t("{player} and {mate} are mates.", v)),
  "drinking.cup": (v, e, s, plain) => pourWords(s, e.player, e.filled, e.of, plain, viewer(s)),
  "drinking.king": (v, e, s, plain) => kingWords(s, e.player, e.count, e.of, plain, viewer(s)),
  "drinking.reverse": (v, e) => (e.direction === 1 ? t("Play is reversed: now clockwise.") : t("Play is reversed: now counter-clockwise.")),
  "drinking.chugalug_alone": N_("Chugalug needs at least two players."),
  "drinking.rps_alone": N_("Paper, scissors, stone needs another player."),
  "drinking.chugalug_start": (v, e) => (e.side === "left" ? t("{player} starts chugalug: “one to my left”.", v)
    : t("{player} starts chugalug: “one to my right”.", v)),
  "drinking.chugalug_clean": (v, e, s, plain) => together(plain, [t("Chugalug: {number} without a mistake!", v),
    forfeitWords(s, [], 0, e, { plain })]),
  "drinking.rps_off": N_("Paper, scissors, stone is called off: nobody picked."),
});

export const LABELS = {
  draw: N_("Tap to draw"),
  tap: N_("TAP!"),
  pick: N_("Pick who"),
  rule: N_("Make a rule"),
  done: N_("Done: pass it on"),
  missed: N_("Who messed up?"),
  start: N_("Start chugalug: one…"),
  answer: N_("Say it!"),
  rps: N_("Your pick"),
  thumb: N_("Start the thumb race"),
  caught: N_("Caught"),
  answered: N_("I answered a question: caught"),
  deflect: N_("\"F*** off!\" (turn the question card on its holder)"),
  toilet: N_("Use the toilet card"),
  jail: N_("Cancel a forfeit with your jail card"),
  escape: N_("Get out of this game with your jail card"),
  pocket: N_("Put the jail card in your pocket"),
  unpocket: N_("Take the jail card out of your pocket"),
  steal: N_("Steal the jail card"),
  breach: N_("Report a broken rule"),
};
export const FIELD_LABELS = {
  "rule.text": N_("Your rule"),
  "caught.by": N_("With"),
  "caught.player": N_("Who answered?"),
  "answered.player": N_("Whose question?"),
  "breach.rule": N_("Which rule?"),
  "breach.player": N_("Who broke it?"),
  "jail.entry": N_("Which forfeit?"),
  "deflect.player": N_("Whose question card?"),
};
export const PLACEHOLDERS = { "rule.text": N_("No first names") };
// Paper, scissors, stone: the picks on their buttons, and in a sentence.
const RPS_BUTTONS = { paper: N_("Paper"), scissors: N_("Scissors"), stone: N_("Stone") };
const RPS_WORDS = { paper: N_("paper"), scissors: N_("scissors"), stone: N_("stone"), nothing: N_("nothing") };
export const rpsWord = (pick) => t(RPS_WORDS[pick] || RPS_WORDS.nothing);
// "breach" names rules by their index: show their text; "by" names a role;
// "entry" (undo) names a log entry: say what it was.
export function valueText(state) {
  return (name, value) => {
    if (name === "rule" && typeof value === "number") {
      const rule = (state.game.rules || [])[value];
      return rule ? rule.text : null;
    }
    if (name === "by" && ROLE_TITLES[value]) return roleTitle(value);
    if (name === "thumb") return t(value === "left" ? N_("Left") : N_("Right"));
    if (name === "side") return t(value === "left" ? N_("to my left") : N_("to my right"));
    if (name === "entry" && typeof value === "number") return undoLabel(state, value);
    if (name === "pick" && RPS_BUTTONS[value]) return t(RPS_BUTTONS[value]);
    return null;
  };
}

function entryText(state, id) {
  const entry = (state.game.log || []).find((e) => e.id === id);
  return entry ? wordText(entry, state) : t("an earlier call");
}

export function undoLabel(state, id) {
  return t("Undo: {what}", { what: entryText(state, id) });
}

// What led to a forfeit, in a word or two ("Thumb", "Waterfall"); a card's
// own forfeit: the title of the card drawn before it.
function leadBrief(state, e) {
  switch (e.lead) {
    case "race": case "race_timed_out": return raceTitle(state, e.race, e.title);
    case "waterfall": return t("Waterfall");
    case "pick": return t("picked by {name}", { name: nameOf(state, e.by) });
    case "round": return deckWord(state, e.title);
    case "rps": return t("Paper, scissors, stone");
    case "caught": return t("caught answering");
    case "deflect": return t("“f*** off”");
    case "breach": return t("a broken rule");
    default: if (/^chugalug_/.test(e.lead || "")) return t("Chugalug");
  }
  const log = state.game.log || [];
  const draw = log.filter((x) => x.msg === "drinking.draw" && x.id < e.id).pop();
  return draw ? deckWord(state, draw.title) : null;
}

// A forfeit in a few words, for a button or a line of the ticker: what led
// to it and its size in pid's form ("Thumb, 2 fingers"; "Thumb, 1 point").
export function forfeitBrief(state, e, pid = null) {
  const who = pid || (e.players || [])[0] || null;
  const size = forfeitSize(state, who, e);
  const why = leadBrief(state, e);
  return why ? t("{why}, {size}", { why, size }) : size;
}

// A forfeit named by its log entry's id, in a few words (an entry the log
// has moved past: "an earlier forfeit").
function refBrief(state, ref, pid) {
  const e = (state.game.log || []).find((x) => x.id === ref);
  return e ? forfeitBrief(state, e, pid) : t("an earlier forfeit");
}
