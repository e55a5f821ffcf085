// What the screens of every full card game share: the words of the kit's own
// log keys (partyapp/games/cardgame.py), a player's name in bold, the
// seconds left until a time the server set (by the server's clock), a
// short outcome box (who won, who lost, who drinks) from game.result, the
// table of a game of hands (Cheat, Go Fish, Old Maid) and the phone's
// status line at the end of a game one player wins. The lobby's form for a
// game's options is ui/options.js.
import { cx, html, useEffect, useRef } from "../view.js";
import { listOf, N_, t } from "../i18n.js";
import { humanize, nameOf } from "../common.js";
import { CardBack } from "../ui/cards.js";
import { LogList } from "../ui/ticker.js";
import { Who } from "../ui/who.js";
import { registerMessages } from "../words.js";
import { reasonWord } from "../ui/result.js";
import { causedWords, forfeitShort, forfeitWords } from "../forfeits.js";

// The causes of forfeits, which each game names (registerCauses({cause:
// "words"})); these are the kit's own and those of the games that name none.
const causes = {
  lose: N_("lost the game"), last: N_("last to slap"), false_slap: N_("a false slap"), bust: N_("bust"), dealer_bust: N_("the dealer's bust"),
  banker_bust: N_("the banker's bust"), banker_pontoon: N_("the banker's pontoon"), banker_trick: N_("the banker's five card trick"),
  caught: N_("caught cheating"), wrong_call: N_("a wrong call"), most_cards: N_("the most cards"), old_maid: N_("the Old Maid"),
  surrender: N_("surrender"), shif: N_("shif"), shof: N_("shof"), shum: N_("shum"),
};

export function registerCauses(table) {
  Object.assign(causes, table);
}

export function causeWords(cause) {
  return t(causes[cause] || humanize(cause).toLowerCase());
}

registerMessages({
  "game.joined": N_("{player} joined the game."),
  "game.left": N_("{player} left the game."),
  "game.skipped": (p) => t("{player}'s phone is away: the host skipped their go.", p),
  "game.looked": N_("{player} looked at their hand on the table device."),
  // a player took back their last move: "her" or "his" as the player said at the join (group), else "their"
  "game.took_back": (values, entry, state) => {
    const group = ((state.players || []).find((x) => x.id === entry.player) || {}).group;
    return group === "chicks" ? t("{player} took back her move.", values)
      : group === "guys" ? t("{player} took back his move.", values) : t("{player} took back their move.", values);
  },
  "game.over": (values, entry) => (entry.winners && entry.winners.length
    ? t("Game over ({reason}): {winners} won.", { reason: reasonWord(entry.reason).toLowerCase(), winners: values.winners })
    : t("Game over ({reason}).", { reason: reasonWord(entry.reason).toLowerCase() })),
  "forfeit.drink": (values, entry, state, plain) => causedWords(causeWords(entry.cause),
    forfeitWords(state, [entry.player], entry.count, entry, { plain })),
  "game.dealer_lot": N_("Drawn by lot: {player} deals first."),
  "round.start": N_("Deal {round}: {dealer} deals."),
  "round.void": N_("The deal is called off."),
});

// The table plays a sound when the log gains an entry whose key is in
// `sounds` (key -> kind of sound.js's play), once per frame.
export function useLogSounds(state, ctx, sounds) {
  const log = (state.game && state.game.log) || [];
  const lastId = log.length ? log[log.length - 1].id : 0;
  const seen = useRef(lastId);
  useEffect(() => {
    const fresh = log.filter((e) => e.id > seen.current);
    seen.current = lastId;
    const hit = fresh.reverse().find((e) => sounds[e.msg]);
    if (hit && ctx && ctx.sound) ctx.sound(sounds[hit.msg]);
  }, [lastId]);
}

// Seconds from now until `until` (server time), from the frame's server
// time (room.time) and when the frame arrived here: no clock needs to agree
// with the server's. While the host has paused the room the clock stands at the pause.
export function secondsLeft(state, until, nowMs = Date.now()) {
  const at = state.room && typeof state.room.time === "number" ? state.room.time : null;
  if (typeof until !== "number" || at === null) return null;
  if (state.room.paused && typeof state.room.paused.since === "number") return Math.max(0, Math.ceil(until - state.room.paused.since));
  const since = Math.max(0, (nowMs - (state.receivedAt || nowMs)) / 1000); // a clock read before the frame came
  return Math.max(0, Math.ceil(until - at - since));
}

const REASONS = {
  host: N_("The host ended the game."),
  players: N_("Too few players are left."),
};

// A face-down pile on the table (Cheat's pile, the stock): a back and how
// many cards it holds.
export function PileBox({ name, title, count }) {
  return html`<div class="hg-box pile-box" data-pile=${name}>
    <div class="pile-stack">${count ? html`<${CardBack} size="small" />` : html`<div class="card empty-slot small"></div>`}</div>
    <div><div class="hg-box-title">${title}</div>
      <div class="pile-count big-count">${t("{count} card|{count} cards", { count })}</div></div>
  </div>`;
}

// The end of a game in a few lines: winners, losers, forfeits (each in its
// person's form). `extra` adds a
// line of the game's own (the card left, the books...).
export function Outcome({ state, extra = null, className = "" }) {
  const r = state.game.result;
  if (!r) return null;
  const names = (pids) => listOf((pids || []).map((p) => html`<${Who} state=${state} pid=${p} />`));
  const drinks = Object.entries(r.drinks || {}).filter(([, n]) => n > 0);
  return html`<div class=${cx("hg-box outcome-box", className)}>
    <div class="hg-box-title">${t("Game over")}</div>
    ${r.reason === "host" && r.winners && r.winners.length
      ? html`<div class="outcome-line">${t("Ahead when it stopped: {names}", { names: names(r.winners) })}</div>` : null}
    ${r.reason !== "host" && r.winners && r.winners.length ? html`<div class="outcome-line">${t("Won: {names}", { names: names(r.winners) })}</div>` : null}
    ${r.reason !== "host" && r.losers && r.losers.length ? html`<div class="outcome-line">${t("Lost: {names}", { names: names(r.losers) })}</div>` : null}
    ${extra ? html`<div class="outcome-line">${extra}</div>` : null}
    ${drinks.length ? html`<div class="outcome-line sub">${t("Forfeits: {list}", {
      list: listOf(drinks.map(([p, n]) => html`<span key=${p}><${Who} state=${state} pid=${p} /> ${forfeitShort(state, p, n)}</span>`)) })}</div>` : null}
    ${r.reason === "host" && r.by ? html`<div class="sub">${t("{name} ended the game.", { name: html`<${Who} state=${state} pid=${r.by} />` })}</div>`
      : REASONS[r.reason] ? html`<div class="sub">${t(REASONS[r.reason])}</div>` : null}
  </div>`;
}

// The table of a game of hands (Cheat, Go Fish, Old Maid): the game's
// `headline`, its boxes in the middle (the children) with the outcome at
// the end, and the log; a sound when the log gains one of `sounds`' keys.
export function HandGameTable({ state, ctx, sounds, className, headline, children }) {
  useLogSounds(state, ctx, sounds);
  return html`<div class=${cx("hg-table", className)}>
    ${headline}
    <div class="hg-center">
      ${children}
      ${state.game.over ? html`<${Outcome} state=${state} />` : null}
    </div>
    ${state.game.over ? null : html`<${LogList} state=${state} />`}
  </div>`;
}

// The phone's status line at the end of a game one player wins: `yours`
// when it is you, else who won (or only that the game is over).
export function WinnerStatus({ state, yours }) {
  const g = state.game;
  return html`<div class="status-line">${g.winner === state.you.player_id ? yours
    : g.winner ? t("{name} wins.", { name: html`<b>${nameOf(state, g.winner)}</b>` }) : t("Game over.")}</div>`;
}
