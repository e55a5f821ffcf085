// The phone's own part of the night: how its player takes part (drinks,
// soft drinks or none), more time for their own turns, this phone's
// four-colour cards, a glass of water once they reach the pace, the dare
// they were given, and the night's end for them.
import { cx, html, useState } from "./view.js";
import { isFamily, t } from "./i18n.js";
import { fourColour, setFourColour } from "./prefs.js";
import { Tally, dareWord } from "./forfeits.js";
import { NightGames, shareRecap } from "./recap.js";
import { hasMessage, word } from "./words.js";
import { PROFILES } from "./ui/profile.js";

function Switch({ id, on, label, onClick }) {
  return html`<button type="button" id=${id} class=${cx("btn btn-choice switch", on && "chosen")} aria-pressed=${on ? "true" : "false"}
    onClick=${onClick}>${label}<span class="switch-state" aria-hidden="true">${on ? t("On") : t("Off")}</span></button>`;
}

// "Your settings": profile, more time, four colours.
export function MeBox({ state, ctx }) {
  const you = state.you;
  const me = (state.players || []).find((p) => p.id === you.player_id);
  const [open, setOpen] = useState(false);
  const [four, setFour] = useState(fourColour());
  const family = isFamily();
  return html`<details id="me-box" class="me-box" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${t("Your settings")}</summary>
    <div class="box-body">
    ${family ? null : html`<div class="field" role="group" aria-labelledby="profile-label">
      <span class="field-label" id="profile-label">${t("Tonight")}</span>
      <div class="choices profile-choices">${PROFILES().map(([v, label]) => html`<button type="button" key=${v}
        class=${cx("btn btn-choice", you.profile === v && "chosen")} data-profile=${v} aria-pressed=${you.profile === v ? "true" : "false"}
        onClick=${() => ctx.call("player.update", { profile: v })}>${label}</button>`)}</div>
    </div>`}
    <${Switch} id="sit-out" on=${Boolean(me && me.sitting_out)} label=${t("Sit out the next games")}
      onClick=${() => ctx.call("player.update", { sitting_out: !(me && me.sitting_out) })} />
    <p class="sub">${t("You keep your seat and your tally. Switch it off to be dealt in again from the next deal or draw.")}</p>
    <${Switch} id="more-time" on=${Boolean(you.more_time)} label=${t("More time for my turns")}
      onClick=${() => ctx.call("player.update", { more_time: !you.more_time })} />
    <p class="sub">${t("Your own timers run twice as long. Races against everybody stay the same.")}</p>
    <${Switch} id="four-colour" on=${four} label=${t("Four-colour cards on this phone")}
      onClick=${() => { setFourColour(!four); setFour(!four); }} />
    <p class="sub">${t("Hearts red, diamonds blue, clubs green, spades black.")}</p>
    </div>
  </details>`;
}

// Sitting the next games out: said where the game would be, with the way back in.
export function SittingOutNote({ state, ctx }) {
  const me = (state.players || []).find((p) => p.id === state.you.player_id);
  if (!me || !me.sitting_out) return null;
  return html`<div id="sitting-out-note" class="sitting-out-note" role="status">
    <span>${t("You are sitting out: the next games go on without you. Your seat and tally stay.")}</span>
    <button type="button" class="btn btn-choice" onClick=${() => ctx.call("player.update", { sitting_out: false })}>
      ${t("Deal me in again")}</button>
  </div>`;
}

// A player seated while a game runs that did not deal them in (back under
// their name, or new): why they wait, and until when.
export function NextGameNote({ state }) {
  const game = state.game;
  const me = (state.players || []).find((p) => p.id === state.you.player_id);
  if (!game || game.over || !me || me.in_game || me.sitting_out) return null;
  return html`<div id="next-game-note" class="sitting-out-note" role="status">
    <span>${t("This game was dealt before you sat down and deals nobody in on the way: you play from the next game. Your seat and tally are kept.")}</span>
  </div>`;
}

// Back after the app played for this phone (you.played_for): what it played,
// in the game's own words, until the player moves themselves or closes it.
export function PlayedForYou({ state }) {
  const moves = state.you.played_for || [];
  const mark = moves.length ? JSON.stringify(moves[moves.length - 1]).length + ":" + moves.length : "";
  const [closed, setClosed] = useState(() => sessionStorage.getItem("partyapp.played_for") || "");
  if (!moves.length || closed === mark) return null;
  const close = () => { sessionStorage.setItem("partyapp.played_for", mark); setClosed(mark); };
  const lines = moves.flatMap((m, i) => (m.log && m.log.length
    ? m.log.filter((e) => hasMessage(e.msg)).map((e) => html`<li key=${`${i}-${e.id}`}>${word(e, state)}</li>`)
    : [html`<li key=${i}>${t("A move: {move}", { move: m.action && m.action.type })}</li>`]));
  return html`<section id="played-for-you" class="played-for-you" role="status">
    <div class="played-title">${t("While your phone was away, the app made {count} move for you:|While your phone was away, the app made {count} moves for you:", { count: moves.length })}</div>
    <ol class="played-list">${lines}</ol>
    <button type="button" class="btn btn-mini" onClick=${close}>${t("Got it")}</button>
  </section>`;
}

// Reached the pace the host set: a glass of water, said kindly, to them alone.
export function PaceNote({ state }) {
  const pace = state.you.pace;
  if (!pace || pace.this_hour < pace.limit) return null;
  return html`<div id="pace-note" class="pace-note" role="status">
    <span class="pace-icon" aria-hidden="true">💧</span>
    <span>${t("Time for a glass of water. You have reached the pace the host set for an hour, so your next forfeits are water for a while.")}</span>
  </div>`;
}

// The latest dare this player was given in this game.
export function DareCard({ state }) {
  const me = state.you.player_id;
  const records = (state.room.forfeits || []).filter((r) => r.player === me && r.form === "dare" && r.dare);
  if (!records.length) return null;
  return html`<div id="dare-card" class="dare-card" role="status">
    <div class="dare-title">${t("Your dare")}</div>
    <div class="dare-text">${dareWord(records[records.length - 1].dare)}</div>
  </div>`;
}

// The recap's picture from this phone: shared (the phone's share sheet) or
// saved (a download), with a word on how it went.
function ShareRecap({ code }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(null);
  const go = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setDone(await shareRecap(code));
    } catch {
      setDone("failed");
    } finally {
      setBusy(false);
    }
  };
  const words = { shared: t("Shared."), saved: t("Saved to your downloads."), failed: t("The picture could not be made. Try again.") };
  return html`<div class="share-recap">
    <button type="button" id="recap-share" class="btn btn-big btn-primary" disabled=${busy} onClick=${go}>
      ${t("Save or share the recap")}</button>
    ${done && words[done] ? html`<p class="sub" id="recap-share-done" role="status">${words[done]}</p>` : null}
  </div>`;
}

// The night is over (the recap is on the TV): thanks, and what this player
// took, in their own form; the host may start a new night.
export function NightOver({ state, ctx }) {
  const you = state.you;
  const me = state.players.find((p) => p.id === you.player_id);
  return html`<section id="night-over" class="night-over">
    <h2>${t("The night is over")}</h2>
    <p>${t("Thanks for playing!")}</p>
    ${me ? html`<p class="night-tally">${t("Your night:")} <${Tally} state=${state} player=${me} /></p>` : null}
    <${NightGames} state=${state} />
    <${ShareRecap} code=${state.room.code} />
    ${you.is_host ? html`<button type="button" id="btn-new-night" class="btn btn-big btn-primary"
      onClick=${() => ctx.command({ command: "new_night" })}>${t("Start a new night")}</button>` : null}
  </section>`;
}
