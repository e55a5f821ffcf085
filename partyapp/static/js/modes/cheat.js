// Cheat: the table (the face-down pile, the last call, the call window with
// its countdown, the cards turned in a challenge) and the phone (tap cards,
// say their rank, play; a big "Cheat!" button in the window after somebody
// else's play).
import { cx, html, useNow, useState } from "../view.js";
import { useKept } from "../keep.js";
import { listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { Card, CardLabel } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { RankChooser, rankCount, ranksOr, ranksWord } from "../ui/ranks.js";
import { registerMessages } from "../words.js";
import { HandGameTable, Outcome, PileBox, WinnerStatus, causeWords, secondsLeft } from "./kit.js";
import { causedWords, forfeitWords, joinWords } from "../forfeits.js";
import { Who } from "../ui/who.js";
import { registerMode } from "./registry.js";

registerMessages({
  "cheat.first": N_("{player} plays first."),
  "cheat.play": (p, e) => t("{player} played {what}.", { player: p.player, what: rankCount(e.rank, e.count) }),
  "cheat.call": N_("{player} called “Cheat!” on {target}."),
  "cheat.reveal": (p, e) => (e.truthful
    ? t("{player}'s cards: {cards}, all {rank}: the call was wrong.", { player: p.player, cards: p.cards, rank: ranksWord(e.rank) })
    : t("{player}'s cards: {cards}: caught cheating!", { player: p.player, cards: p.cards })),
  "cheat.pickup": (p, e, state, plain) => joinWords([
    t("{player} picks up the pile ({count} card).|{player} picks up the pile ({count} cards).", { player: p.player, count: e.count }),
    ...(e.drinks ? [pickupForfeit(state, e, { plain })] : [])]),
  "cheat.stands": (p, e) => t("Nobody called: {player}'s {what} stays on the pile.|Nobody called: {player}'s {what} stay on the pile.", {
    player: p.player, what: rankCount(e.rank, e.count), count: e.count }),
});

const W = (state, pid) => html`<${Who} state=${state} pid=${pid} />`;

// Who takes a forfeit for picking up the pile, and why ("Caught cheating:
// Max drinks 1 drink."), in their own form; on their phone (`you`), to them.
function pickupForfeit(state, entry, { plain = false, you = null } = {}) {
  const words = forfeitWords(state, [entry.player], entry.drinks, entry, { plain, you });
  // the challenge's cards, turned just before: a wrong call, or caught cheating
  const reveal = ((state.game && state.game.log) || []).find((x) => x.id === entry.id - 1 && x.msg === "cheat.reveal");
  return reveal ? causedWords(causeWords(reveal.truthful ? "wrong_call" : "caught"), words) : words;
}

// The log's entry of the pile picked up after the challenge shown (it
// carries the forfeit taken), when the log still holds it.
function pickupOf(state, reveal) {
  const log = state.game.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (log[i].msg === "cheat.pickup") return log[i].player === reveal.taker ? log[i] : null;
  }
  return null;
}

// The seconds left in the call window, ticking.
function useWindowSeconds(state) {
  const w = state.game.window;
  const now = useNow(250, Boolean(w));
  return w ? secondsLeft(state, w.until, now) : null;
}

// Who still decides is named up to this many; a fuller table is counted.
const WAITING_NAMED = 4;

function Headline({ state }) {
  const g = state.game;
  const left = useWindowSeconds(state);
  if (g.over) {
    return html`<p class="big-line">${g.winner ? t("{name} is out of cards and wins!", { name: W(state, g.winner) }) : t("Game over.")}</p>`;
  }
  if (g.window) {
    // the moment of the game, big: the claim, its countdown, who still decides
    const waiting = g.window.waiting || [];
    return html`<div class="cheat-moment" data-window="open">
      <p class="moment-claim">${t("{name} says: {what}.", { name: W(state, g.window.player), what: rankCount(g.window.rank, g.window.count) })}</p>
      <p class="moment-call"><span class="call-prompt">${t("Cheat? {seconds} s", { seconds: String(left ?? g.window.seconds) })}</span></p>
      ${waiting.length ? html`<p class="moment-waiting">${waiting.length <= WAITING_NAMED
        ? t("Still deciding: {names}", { names: listOf(waiting.map((p) => W(state, p))) })
        : t("Still deciding: {count} player|Still deciding: {count} players", { count: waiting.length })}</p>` : null}
    </div>`;
  }
  return html`<p class="big-line">${(g.claim ? t("{name} to play: {ranks}", { name: W(state, g.current), ranks: ranksOr(g.allowed) })
    : t("{name} to play: any rank", { name: W(state, g.current) }))}</p>`;
}

function Claim({ state }) {
  const c = state.game.claim;
  return html`<div class="hg-box claim-box">
    <div class="hg-box-title">${t("Last call")}</div>
    ${c ? html`<div class="claim-big">${rankCount(c.rank, c.count)}</div>
      <div class="sub">${t("by {name}", { name: W(state, c.player) })}</div>`
      : html`<div class="claim-big">—</div><div class="sub">${t("Any rank to start")}</div>`}
  </div>`;
}

function Reveal({ state, phone = false }) {
  const r = state.game.reveal;
  if (!r) return null;
  const pickup = pickupOf(state, r);
  return html`<div class=${cx("hg-box reveal-box", r.truthful ? "wrong-call" : "caught")} data-truthful=${r.truthful ? "yes" : "no"}>
    <div class="hg-box-title">${t("{caller} called “Cheat!” on {player}", { caller: W(state, r.caller), player: W(state, r.player) })}</div>
    <div class="reveal-cards">${r.cards.map((c, i) => html`<${Card} key=${`${i}:${c}`} code=${c} size=${phone ? "mini" : ""} fresh />`)}</div>
    <div class="verdict">${r.truthful
      ? t("All {rank}: wrong call! {name} picks up the pile.", { rank: ranksWord(r.rank), name: W(state, r.taker) })
      : t("Not all {rank}: caught! {name} picks up the pile.", { rank: ranksWord(r.rank), name: W(state, r.taker) })}</div>
    ${pickup && pickup.drinks ? html`<div class="verdict forfeit-line">${pickupForfeit(state, pickup,
      { you: phone ? state.you.player_id : null })}</div>` : null}
  </div>`;
}

const SOUNDS = { "cheat.call": "race", "cheat.play": "draw", "game.over": "end" };

function Table({ state, ctx }) {
  const g = state.game;
  return html`<${HandGameTable} state=${state} ctx=${ctx} sounds=${SOUNDS} className="cheat-table"
    headline=${html`<${Headline} state=${state} />`}>
    <${PileBox} name="pile" title=${t("The pile")} count=${g.piles.pile} />
    <${Claim} state=${state} />
    <${Reveal} state=${state} />
  </${HandGameTable}>`;
}

// -- phone ---------------------------------------------------------------------------
function PlayForm({ state, send, picked, setPicked }) {
  const g = state.game;
  const spec = state.you.actions.find((a) => a.type === "play");
  const [rank, setRank] = useKept("cheat.rank", null, "act:play");
  const [busy, setBusy] = useState(false);
  const max = spec.params.cards.max;
  const ranks = spec.params.rank.one_of;
  const chosenRank = ranks.includes(rank) ? rank : (ranks.length === 1 ? ranks[0] : null);
  const ok = picked.length >= 1 && picked.length <= max && chosenRank;
  const play = async () => {
    if (!ok || busy) return;
    setBusy(true);
    const answer = await send({ type: "play", cards: picked, rank: chosenRank });
    setBusy(false);
    if (answer && answer.ok) { setPicked([]); setRank(null); }
  };
  return html`<section class="play-form" data-action="play">
    <div class="action-label">${g.claim ? t("Say they are {ranks}:", { ranks: ranksOr(ranks) }) : t("Say what they are:")}</div>
    <${RankChooser} ranks=${ranks} value=${chosenRank} onChange=${setRank} label=${t("Rank to call")} />
    <button type="button" class="btn btn-big btn-primary act-play" disabled=${!ok || busy} onClick=${play}>
      ${picked.length && chosenRank ? t("Play {what}", { what: rankCount(chosenRank, picked.length) })
        : t("Tap 1 to {max} cards, then a rank", { max: String(max) })}</button>
  </section>`;
}

function CallButtons({ state, send }) {
  const g = state.game;
  const left = useWindowSeconds(state);
  const [busy, setBusy] = useState(false);
  const go = async (type) => {
    if (busy) return;
    setBusy(true);
    await send({ type });
    setBusy(false);
  };
  return html`<section class="call-box">
    <div class="call-claim">${t("{name} says: {what}", { name: W(state, g.window.player), what: rankCount(g.window.rank, g.window.count) })}</div>
    <button type="button" class="btn btn-big act-call" data-action="call" disabled=${busy} onClick=${() => go("call")}>${t("Cheat!")}</button>
    <button type="button" class="btn act-pass" data-action="pass" disabled=${busy} onClick=${() => go("pass")}>
      ${t("No call ({seconds} s)", { seconds: String(left ?? g.window.seconds) })}</button>
  </section>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const acts = you.actions.map((a) => a.type);
  const [chosen, setChosen] = useKept("hand", [], "game");
  const hand = you.hand || [];
  const picked = chosen.filter((c) => hand.includes(c));
  const playing = acts.includes("play");
  const max = playing ? you.actions.find((a) => a.type === "play").params.cards.max : 0;
  const toggle = (code) => setChosen(() => {
    if (picked.includes(code)) return picked.filter((c) => c !== code);
    return picked.length >= max ? picked : [...picked, code];
  });
  return html`<div class="hg-phone cheat-phone">
    ${acts.includes("call") ? html`<${CallButtons} state=${state} send=${send} />` : null}
    ${you.played ? html`<details class="hg-note played-note">
      <summary>${t("You played {what}: tap to see which cards", { what: rankCount(g.claim.rank, you.played.length) })}</summary>
      <span class="played-cards">${listOf(you.played.map((c) => html`<${CardLabel} key=${c} code=${c} />`))}</span>
    </details>` : null}
    <${Reveal} state=${state} phone />
    <${Hand} cards=${hand} selected=${playing ? picked : []} onToggle=${playing ? toggle : undefined} />
    ${playing ? html`<${PlayForm} state=${state} send=${send} picked=${picked} setPicked=${setChosen} />` : null}
    ${g.over ? html`<${Outcome} state=${state} />` : null}
  </div>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const acts = state.you.actions.map((a) => a.type);
  const left = useWindowSeconds(state);
  if (g.over) return html`<${WinnerStatus} state=${state} yours=${t("You are out of cards: you win!")} />`;
  if (acts.includes("play")) {
    const max = state.you.actions.find((a) => a.type === "play").params.cards.max;
    return html`<div class="status-line mine">${max > 1 ? t("Your turn: play 1 to {max} cards face down", { max: String(max) })
      : t("Your turn: play a card face down")}</div>`;
  }
  if (acts.includes("call")) return html`<div class="status-line mine">${t("Do you believe it? Call “Cheat!” or let it pass.")}</div>`;
  if (g.window) {
    return html`<div class="status-line">${g.window.player === me
      ? t("Waiting: anybody may call “Cheat!” ({seconds} s)", { seconds: String(left ?? g.window.seconds) })
      : t("You let it pass. Waiting for the others ({seconds} s)", { seconds: String(left ?? g.window.seconds) })}</div>`;
  }
  return html`<div class="status-line">${t("{name} to play", { name: html`<b>${nameOf(state, g.current)}</b>` })}</div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if (g.window && g.window.player === player.id) badges.push({ text: t("played {count}", { count: g.window.count }), kind: "role" });
  if (g.window && g.window.player !== player.id && !g.window.waiting.includes(player.id) && g.hand_sizes[player.id] !== undefined) {
    badges.push({ text: t("no call"), kind: "waiting" });
  }
  if (g.winner === player.id) badges.push({ text: t("winner"), kind: "host" });
  return { handSize: g.hand_sizes[player.id], badges };
}

// A guest without a phone in the call window, on the table device: their
// name and "Cheat!", and "no call", without opening their hand.
function guestCalls(state, pid) {
  const w = state.game.window;
  if (!w || !(w.waiting || []).includes(pid)) return null;
  return { title: t("Cheat? Call it or let it pass"),
    call: t("{name} says: {what}.", { name: nameOf(state, w.player), what: rankCount(w.rank, w.count) }),
    moves: [{ action: { type: "call" }, label: t("Cheat!") }, { action: { type: "pass" }, label: t("no call") }] };
}

registerMode(["cheat"], { Table, Phone, Status, seatInfo, guestCalls });
