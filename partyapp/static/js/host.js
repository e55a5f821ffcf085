// The host's controls, on the host's phone and in the table page's Host
// drawer (never on the TV itself): choose and start a game, end it, pause
// it (pause.js), fix a call, skip a player whose phone is away, manage the seats, and the
// night's settings and its end (night.js); lock the room against new
// guests, and let a removed name back in.
import { cx, html, useNow, useState } from "./view.js";
import { N_, t } from "./i18n.js";
import { awaySeconds } from "./common.js";
import { useScreens } from "./modes/index.js";
import { screensFor } from "./modes/registry.js";
import { NightEnd, NightSettings } from "./night.js";
import { HowTo } from "./howto.js";
import { BotMarks, PlayerName } from "./ui/seat.js";
import { GuestAdder } from "./guests.js";
import { ask } from "./ui/ask.js";
import { PauseSwitch } from "./pause.js";

const BOT_LEVELS = [["slow", N_("Slow")], ["normal", N_("Normal")], ["fast", N_("Fast")]];

// ctx: { command(payload), start(mode, options), call(event, payload) }
// showAway: list the absent players to skip here (the phone shows them above,
// outside its closed host box).
export function HostPanel({ state, modes, ctx, showAway = true }) {
  const game = state.game;
  if (state.room.recap) {
    return html`<div class="host-panel" id="host-panel">
      <${NightEnd} state=${state} ctx=${ctx} />
      <${SeatManager} state=${state} ctx=${ctx} />
    </div>`;
  }
  return html`<div class="host-panel" id="host-panel">
    ${!game || game.over ? html`<${GamePicker} state=${state} modes=${modes} ctx=${ctx} />` : html`
      <button type="button" class="btn btn-danger" id="btn-end"
        onClick=${async () => { if (await ask(t("End this game for everybody?"), { yes: t("End game") })) ctx.command({ command: "end_game" }); }}>
        ${t("End the game")}</button>`}
    <${PauseSwitch} state=${state} ctx=${ctx} />
    <${DoorSwitch} state=${state} ctx=${ctx} />
    <${Watchers} state=${state} ctx=${ctx} />
    ${showAway ? html`<${AwayPlayers} state=${state} ctx=${ctx} />` : null}
    ${game && Array.isArray(game.host_actions) && game.host_actions.length ? (() => {
      const Actions = screensFor(game.mode).HostActions;
      return Actions ? html`<${Actions} state=${state} ctx=${ctx} />` : null;
    })() : null}
    <${NightSettings} state=${state} ctx=${ctx} />
    <${GuestAdder} ctx=${ctx} state=${state} />
    <${BotAdder} state=${state} ctx=${ctx} />
    <${SeatManager} state=${state} ctx=${ctx} />
    <${NightEnd} state=${state} ctx=${ctx} />
  </div>`;
}

// Lock the room: no new guest joins (phones with a seat still come back).
function DoorSwitch({ state, ctx }) {
  const locked = Boolean(state.room.locked);
  return html`<div class=${cx("door-switch", locked && "locked")}>
    <button type="button" id="lock-room" class=${cx("btn btn-choice switch", locked && "chosen")}
      aria-pressed=${locked ? "true" : "false"} onClick=${() => ctx.command({ command: "lock", locked: !locked })}>
      ${t("Lock the room")}<span class="switch-state" aria-hidden="true">${locked ? t("On") : t("Off")}</span></button>
    <span class="sub">${locked ? t("Locked: nobody new can join. Everybody seated can still come back.")
      : t("Open: anyone with the code can join.")}</span>
  </div>`;
}

// Who watches the room (the watch link), each as an entry the host may
// remove: its watching ends and that device may not watch the room again.
const WATCHER_LABELS = {
  phone: N_("Watcher {n} (phone)"), tablet: N_("Watcher {n} (tablet)"), screen: N_("Watcher {n} (screen)"),
};
export function watcherName(w) {
  const n = w.id.slice(1);
  return t(WATCHER_LABELS[w.kind] || N_("Watcher {n}"), { n });
}

function Watchers({ state, ctx }) {
  const watching = state.room.watching || [];
  if (!watching.length) return null;
  return html`<details class="seat-manager watcher-list" id="watcher-list">
    <summary>${t("Watching ({count})", { count: watching.length })}</summary>
    <ul class="host-seats">
      ${watching.map((w) => html`<li key=${w.id} class="host-seat watcher" data-watcher=${w.id}>
        <span class="pname">${watcherName(w)}</span>
        <span class="pcontrols"><button type="button" class="btn btn-mini btn-danger" data-unwatch=${w.id}
          onClick=${async () => { if (await ask(t("Stop {name} watching? That screen cannot watch this room again.", { name: watcherName(w) }), { yes: t("Remove") })) ctx.command({ command: "unwatch", watcher: w.id }); }}>
          ${t("Remove")}</button></span>
      </li>`)}
    </ul>
  </details>`;
}

// Seat a bot: it plays the card games (never the drinking decks), never
// drinks, and goes with "Remove" like anybody. Its level sets how fast it
// thinks and slaps and how much it remembers.
function BotAdder({ state, ctx }) {
  const [level, setLevel] = useState("normal");
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    await ctx.command({ command: "add_bot", level });
    setBusy(false);
  };
  return html`<div class="bot-adder">
    <div class="panel-title">${t("Bots fill empty seats")}</div>
    <div class="choices bot-levels" role="radiogroup" aria-label=${t("How the bot plays")}>
      ${BOT_LEVELS.map(([v, label]) => html`<button type="button" key=${v} role="radio" data-level=${v}
        class=${cx("btn btn-choice", level === v && "chosen")} aria-checked=${level === v ? "true" : "false"}
        onClick=${() => setLevel(v)}>${t(label)}</button>`)}
    </div>
    <button type="button" class="btn" id="btn-add-bot" disabled=${busy} onClick=${add}>${t("Add a bot")}</button>
    <p class="sub">${t("Bots play the card games, never the drinking decks, and never drink.")}</p>
  </div>`;
}

// How many play a mode now: the people seated (the bots too where bots
// play it), less those sitting the games out.
export function seatedFor(state, mode) {
  return (state.players || []).filter((p) => !p.sitting_out && (mode.bots || !p.bot)).length;
}

// Whether a mode fits the players seated: null when it does, else the
// reason, for the line beside Start.
export function fitReason(mode, seated) {
  if (seated < mode.min) {
    return t("{title} needs {min} to {max} players: {count} seated.", {
      title: t(mode.title), min: String(mode.min), max: String(mode.max), count: seated });
  }
  if (seated > mode.max) {
    return t("{title} seats {min} to {max} players: {count} seated. Ask {over} to sit this one out, or pick another game.", {
      title: t(mode.title), min: String(mode.min), max: String(mode.max), count: seated, over: String(seated - mode.max) });
  }
  return null;
}

// The game picker: a compact grid of every game (each says how many it
// seats, and is marked when it does not fit the table), the chosen game's
// table rules folded, and Start right under it; a refusal stays beside
// Start until the next try.
function GamePicker({ state, modes, ctx }) {
  const game = state.game;
  const [picked, setPicked] = useState(null);
  const [options, setOptions] = useState({});
  const [refusal, setRefusal] = useState(null);
  const [busy, setBusy] = useState(false);
  const chosen = picked || (game && game.mode) || (modes[0] && modes[0].id);
  const mode = modes.find((m) => m.id === chosen);
  const n = mode ? seatedFor(state, mode) : 0;
  const reason = mode ? fitReason(mode, n) : null;
  const short = mode && n < mode.min;
  // Family mode sets some options itself (a deck's family wording, no
  // forfeits): the host is not offered them there.
  const fixed = state.room.settings && state.room.settings.family ? (mode && mode.family) || [] : [];
  const chosenScreens = useScreens(chosen); // a game not played yet tonight: its screens come now
  const Options = fixed.includes("variant") ? null : chosenScreens.LobbyOptions;
  const optionList = ((mode && mode.options) || []).filter((o) => !fixed.includes(o.name));
  const people = (state.players || []).filter((p) => !p.bot).length;
  const sitOut = mode && !mode.bots && people < (state.players || []).length;
  const value = options[chosen] || {};
  const pick = (id) => { setPicked(id); setRefusal(null); };
  const start = async () => {
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    const answer = await ctx.start(chosen, value);
    setBusy(false);
    if (answer && !answer.ok) setRefusal(answer.error.message);
  };
  return html`<div class="game-picker" id="game-picker">
    <div class="panel-title picker-head"><span>${game && game.over ? t("Play again?") : t("Choose a game")}</span>
      <span class="sub" aria-hidden="true">${t("players")}</span></div>
    <div class="mode-list" role="radiogroup" aria-label=${t("Game")}>
      ${modes.map((m) => {
        const fits = fitReason(m, seatedFor(state, m)) === null;
        return html`<button type="button" key=${m.id} class=${cx("btn mode", m.id === chosen && "chosen", !fits && "no-fit")} role="radio"
          aria-checked=${m.id === chosen ? "true" : "false"} data-mode=${m.id} data-fits=${fits ? "yes" : "no"} onClick=${() => pick(m.id)}>
          <span class="mode-title">${t(m.title)}</span>
          <small class="mode-seats" aria-label=${t("{min}–{max} players", { min: String(m.min), max: String(m.max) })}>${`${m.min}–${m.max}`}</small></button>`;
      })}
    </div>
    <p id="mode-fit" class=${cx("mode-fit", reason && "no-fit")} role="status">${reason
      || (mode ? t("{min} to {max} players: {count} seated.", { min: String(mode.min), max: String(mode.max), count: n }) : "")}</p>
    ${sitOut ? html`<p class="sub bots-sit-out">${t("The bots sit this one out: the drinking decks are for people.")}</p>` : null}
    <button type="button" class="btn btn-big btn-primary" id="btn-start" disabled=${!mode || Boolean(reason) || busy}
      aria-describedby="mode-fit" onClick=${start}>
      ${short ? t("Waiting for {count} more player|Waiting for {count} more players", { count: mode.min - n })
        : reason ? t("Too many players")
        : t("Start {title}", { title: mode ? t(mode.title) : "" })}</button>
    ${refusal ? html`<p id="start-refusal" class="start-refusal error" role="alert">${refusal}</p>` : null}
    ${Options ? html`<${Options} mode=${chosen} options=${optionList} value=${value} ctx=${ctx}
      onChange=${(v) => setOptions((old) => ({ ...old, [chosen]: v }))} />` : null}
    ${mode ? html`<details class="howto-box" key=${chosen}><summary>${t("How to play {game}", { game: t(mode.title) })}</summary>
      <${HowTo} state=${state} mode=${chosen} title=${false} /></details>` : null}
    ${game ? html`<button type="button" class="btn" onClick=${() => ctx.command({ command: "end_game" })}>${t("Back to the lobby")}</button>` : null}
  </div>`;
}

// Players the game waits on whose phone is away: skip them (unless the app
// already plays for them).
export function AwayPlayers({ state, ctx }) {
  const game = state.game;
  const away = game && !game.over ? (state.players || []).filter((p) => p.waiting && !p.connected && !p.auto) : [];
  const now = useNow(1000, away.length > 0);
  if (!away.length) return null;
  return html`<div class="away-box">
    ${away.map((p) => html`<div class="away-row" key=${p.id}>
      <span>${t("{name}'s phone has been away for {seconds} s, and the game waits on them.", { name: html`<b>${p.name}</b>`, seconds: String(Math.floor(awaySeconds(state, p, now))) })}</span>
      <button type="button" class="btn btn-primary" data-skip=${p.id}
        onClick=${() => ctx.command({ command: "skip", player_id: p.id })}>${t("Skip {name}", { name: p.name })}</button>
    </div>`)}
  </div>`;
}

// Seat order (clockwise round the real table), the host role, removing a
// guest (who cannot join again by their name or seat), and the names
// removed, each with "Let back in".
function SeatManager({ state, ctx }) {
  const players = state.players || [];
  const banned = state.room.banned || [];
  const [open, setOpen] = useState(false);
  const move = (index, delta) => {
    const ids = players.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved);
    ctx.command({ command: "seat_order", player_ids: ids, rev: state.rev });
  };
  if (!players.length && !banned.length) return null;
  return html`<details class="seat-manager" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${t("Seats and players ({count})", { count: players.length })}</summary>
    <ol class="host-seats">
      ${players.map((p, i) => html`<li key=${p.id} class="host-seat" data-pid=${p.id}>
        <${PlayerName} player=${p} />
        ${p.id === state.room.host_player ? html`<span class="mark host">${t("host")}</span>` : null}
        <${BotMarks} player=${p} />
        ${p.connected ? null : html`<span class="mark offline">${t("away")}</span>`}
        ${p.sitting_out ? html`<span class="mark waiting sitting-out">${t("sitting out")}</span>` : null}
        <span class="pcontrols">
          <button type="button" class="btn btn-mini" data-sit-out=${p.id} aria-pressed=${p.sitting_out ? "true" : "false"}
            aria-label=${p.sitting_out ? t("Deal {name} in again", { name: p.name }) : t("Sit {name} out of the next games", { name: p.name })}
            onClick=${() => ctx.command({ command: "sit_out", player_id: p.id, sitting_out: !p.sitting_out })}>
            ${p.sitting_out ? t("Deal in") : t("Sit out")}</button>
          <button type="button" class="btn btn-mini" aria-label=${t("Move {name} up", { name: p.name })} disabled=${i === 0}
            onClick=${() => move(i, -1)}>▲</button>
          <button type="button" class="btn btn-mini" aria-label=${t("Move {name} down", { name: p.name })} disabled=${i === players.length - 1}
            onClick=${() => move(i, 1)}>▼</button>
          ${p.id !== state.room.host_player && !p.bot && !p.guest ? html`<button type="button" class="btn btn-mini" data-make-host=${p.id}
            onClick=${() => ctx.command({ command: "set_host", player_id: p.id })}>${t("Make host")}</button>` : null}
          <button type="button" class="btn btn-mini btn-danger" data-remove=${p.id}
            onClick=${async () => { if (await ask(p.bot || p.guest ? t("Remove {name} from the room? Their seat and tally go.", { name: p.name })
              : t("Remove {name} from the room? Their seat and tally go, and they cannot join again unless you let them back in.", { name: p.name }),
            { yes: t("Remove") })) ctx.command({ command: "kick", player_id: p.id, rev: state.rev }); }}>
            ${t("Remove")}</button>
        </span>
      </li>`)}
    </ol>
    ${banned.length ? html`<div class="banned-list" id="banned">
      <div class="panel-title">${t("Removed from the room")}</div>
      <ul class="host-seats">
        ${banned.map((name) => html`<li key=${name} class="host-seat banned-name">
          <span class="pname">${name}</span>
          <span class="pcontrols"><button type="button" class="btn btn-mini" data-unban=${name}
            onClick=${() => ctx.command({ command: "unban", name })}>${t("Let back in")}</button></span>
        </li>`)}
      </ul>
    </div>` : null}
  </details>`;
}

// Whose phone is away while the game waits on them, for the big notice on
// the table: those away for at least `after` seconds.
export function awayWaiting(state, nowMs, after) {
  if (!state.game || state.game.over) return [];
  return (state.players || []).filter((p) => p.waiting && !p.connected && (p.auto || awaySeconds(state, p, nowMs) >= after));
}
