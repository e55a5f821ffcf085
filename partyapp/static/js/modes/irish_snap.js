// Irish Snap: the TV shows the pile, the word each player says with their
// card, the race when a card matches (who slapped, then the order with the
// margins in ms) and who picked up; the phone has the card to turn, the word
// to say, and the SLAP button, the same on a match as on any card.
import { cx, html } from "../view.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { drinksFor, forfeitWords } from "../forfeits.js";
import { News, latestNews, RaceLive, RaceStatus, ReflexPhone, ReflexTable, stackSeat, turnShown } from "../ui/race.js";
import { registerMode } from "./registry.js";
import { slapCall } from "../guestcalls.js";
import { Who } from "../ui/who.js";

// The count, as it is said.
const WORDS = {
  A: N_("Ace|Aces"), 2: N_("Two"), 3: N_("Three"), 4: N_("Four"), 5: N_("Five"), 6: N_("Six"), 7: N_("Seven"), 8: N_("Eight"), 9: N_("Nine"), 10: N_("Ten"),
  J: N_("Jack|Jacks"), Q: N_("Queen|Queens"), K: N_("King|Kings"),
};
export const sayWord = (rank) => t(WORDS[rank] || String(rank));

// Who picked the pile up last: the last in the last race, or a slapper on
// no match since (the newest of the two).
function lastPickup(game) {
  for (let i = game.log.length - 1; i >= 0; i -= 1) {
    const e = game.log[i];
    if (e.msg === "irish_snap.pickup") return e.player;
    if (e.msg === "irish_snap.false_slap" && e.penalty === "pile") return e.player;
    if (e.msg === "race.order") return null;
  }
  return null;
}
// What just happened, in big type: a pickup or a slap on no match.
const NEWS = ["irish_snap.pickup", "irish_snap.false_slap", "irish_snap.no_contest", "irish_snap.redeal"];

function verdict(game) {
  const taker = lastRaceLoser(game);
  return (pid) => (pid === taker ? t("picks up the pile") : null);
}

// Who the last race made pick up the pile.
function lastRaceLoser(game) {
  for (let i = game.log.length - 1; i >= 0; i -= 1) {
    const e = game.log[i];
    if (e.msg === "irish_snap.pickup") return e.player;
    if (e.msg === "race.order") return null;
  }
  return null;
}

// The word said with the card on top of the pile; an empty pile: who
// picked it up, and the word the count goes on with.
function SaidLine({ state, told }) {
  const g = state.game;
  const match = Boolean(g.race);
  if (!g.piles.pile.length || !g.flipper) {
    const taker = lastPickup(g);
    return html`<div class="said">
      ${taker && told ? null : html`<div class="said-who">${taker ? t("{name} picked up the pile", { name: html`<${Who} state=${state} pid=${taker} />` })
        : t("The count starts at")}</div>`}
      <div class="said-word quiet">${sayWord(g.next_word)}…</div>
    </div>`;
  }
  return html`<div class=${cx("said", match && "match")}>
    <div class="said-who">${t("{name} says", { name: html`<${Who} state=${state} pid=${g.flipper} />` })}</div>
    <div class="said-word">${sayWord(g.said)}${match ? "!" : ""}</div>
    ${match ? null : html`<div class="said-next">${t("Next: {word}", { word: sayWord(g.next_word) })}</div>`}
  </div>`;
}

function TurnLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  if (g.race) return html`<${RaceLive} state=${state} />`;
  return html`<div class="turn-big">${t("{name} turns a card and says {word}", {
    name: html`<${Who} state=${state} pid=${g.turn} />`, word: html`<b class="word">${sayWord(g.next_word)}</b>` })}</div>`;
}

function SnapTable({ state, ctx }) {
  const g = state.game;
  return html`<${ReflexTable} state=${state} ctx=${ctx} className="snap-table" side=${html`
        ${g.race ? null : html`<${News} state=${state} kinds=${NEWS} />`}
        <${SaidLine} state=${state} told=${!g.race && Boolean(latestNews(g, NEWS))} />
        ${g.race ? null : html`<${TurnLine} state=${state} />`}`}
    below=${g.race ? html`<${TurnLine} state=${state} />` : null} verdict=${verdict(g)}
    rules=${html`<div class="limit-line rules-line">${t("When the card matches the word, everybody slaps their phone: the last picks up the pile. Out of cards? Slap first to win!")}</div>`} />`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  // a race open: the same line as on any other card (the race is seen on the table)
  const turn = turnShown(g);
  if (g.race && g.race.slapped.includes(me)) return html`<${RaceStatus} state=${state} />`;
  if (turn === me) return html`<div class="status-line mine">${t("Your turn: turn your card and say {word}!", { word: html`<b>${sayWord(g.next_word)}</b>` })}</div>`;
  return html`<div class="status-line">${t("{name} turns and says {word}", { name: html`<b>${nameOf(state, turn)}</b>`, word: sayWord(g.next_word) })}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const mine = g.hand_sizes[state.you.player_id] || 0;
  return html`<${ReflexPhone} state=${state} send=${send} className="snap-phone"
    top=${g.piles.pile.length ? html`<div class="phone-said">${t("On the pile: {word}", { word: sayWord(g.said) })}</div>` : null}
    flipLabel=${t("Turn your card: “{word}”", { word: sayWord(g.next_word) })}
    slapHint=${t("Only when the card matches the word! A wrong slap: {penalty}", {
      penalty: g.options.false_slap === "drink" ? (drinksFor(state, state.you.player_id) ? t("you drink") : t("you take a forfeit"))
        : t("you pick up the pile") })}
    stackLine=${mine ? t("Your stack: {count} card, face down|Your stack: {count} cards, face down", { count: mine })
      : t("You are out of cards: slap first on the next snap to win!")} />`;
}

function seatInfo(state, player) {
  const g = state.game;
  return stackSeat(state, player, g.hand_sizes[player.id] === 0 && !g.over ? [{ text: t("out of cards"), kind: "role" }] : []);
}

registerMessages({
  "irish_snap.flip": (values, entry) => (entry.match
    ? t("{player} turns {card} and says {word}: snap!", { player: values.player, card: values.card, word: sayWord(entry.said) })
    : t("{player} turns {card} and says {word}.", { player: values.player, card: values.card, word: sayWord(entry.said) })),
  "irish_snap.pickup": N_("{player} was last and picks up the pile ({count} card).|{player} was last and picks up the pile ({count} cards)."),
  "irish_snap.no_contest": N_("Nobody to race against: the pile stays."),
  "irish_snap.false_slap": (values, entry, state, plain) => (entry.penalty === "pile"
    ? t("{player} slapped on no match and picks up the pile ({count} card).|{player} slapped on no match and picks up the pile ({count} cards).", values)
    : [t("{player} slapped on no match.", values), " ", forfeitWords(state, [entry.player], entry.count, entry, { plain })]),
  "irish_snap.redeal": N_("Everybody is out of cards: the pile is shuffled and dealt again."),
});

registerMode(["irish_snap"], { Table: SnapTable, Phone, Status, seatInfo,
  guestCalls: (state, pid) => slapCall(state, pid, t("The card matches the word: slap! The last to slap picks up the pile.")) });
