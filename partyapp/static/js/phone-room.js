// The phone page once it has a seat (phone.js imports it behind the join
// form, so that the form shows first): every `state` frame, held back until
// its game's screens are here (modes/index.js), then the room: you, your
// tally, the game's own screen, the host's controls, the players. What a
// person is typing or has chosen lives in component state and in this
// browser's storage (keep.js), and survives every frame, a reload included.
import { Fragment, cx, html, useEffect, useRef, useState } from "./view.js";
import { t } from "./i18n.js";
import { NAME_FIELD_MAX, storage } from "./common.js";
import { AwayPlayers, HostPanel } from "./host.js";
import { prefetchScreens, whenScreens } from "./modes/index.js";
import { screensFor } from "./modes/registry.js";
import "./family.js";
import { Seat, commonBadges } from "./ui/seat.js";
import { LangSwitch } from "./ui/lang.js";
import { Tally } from "./forfeits.js";
import { DareCard, MeBox, NextGameNote, NightOver, PaceNote, PlayedForYou, SittingOutNote } from "./me.js";
import { forgetKept, keepScope, pruneKept, useKept } from "./keep.js";
import { RulesButton, RulesSheet } from "./howto.js";
import { LookBack, LookBackButton, useLookBackOpen } from "./ui/history.js";
import { GuestPlay } from "./guests.js";
import { buzz } from "./gesture.js";
import { ask } from "./ui/ask.js";
import { PauseNotice, isPaused } from "./pause.js";
import { UndoButton } from "./undo.js";
import { TableMoveAsk } from "./tableask.js";

// The page's shell (shell.js) and the phone's ctx (phone.js).
let ctx = null;
let say = null;
let modes = [];

// Called once by phone.js: from then on the room's states come here, each
// once its game's screens are here (whenScreens keeps the order), and
// `Room` draws the seat.
export function start(page, phoneCtx) {
  ctx = phoneCtx;
  ({ say, modes } = page);
  let prefetched = false;
  page.follow((frame, take) => {
    whenScreens(frame, take);
    // Seated: the other games' screens come while the phone waits, so that
    // the next game starts at once (after the join form and the seat, never before).
    if (frame.you && !prefetched) { prefetched = true; prefetchScreens(3000); }
  }, {
    // The first state of a seat arrives before the answer to join/resume.
    accept: (s) => Boolean(s.you),
    // What was typed or chosen for this seat is kept in this browser (keep.js):
    // read back as the screens mount, dropped once its prompt is gone.
    before: (s) => keepScope(`${page.code}.${s.you.player_id}`, s),
    after: pruneKept,
  });
  return { Room };
}

function RenameForm({ current, done }) {
  const [name, setName] = useKept("rename", current, "seat");
  const [busy, setBusy] = useState(false);
  const input = useRef(null);
  useEffect(() => { input.current && input.current.focus(); }, []);
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const answer = await ctx.call("player.update", { name });
    setBusy(false);
    if (answer.ok) {
      storage.set("partyapp.name", name.trim());
      forgetKept("rename");
      done();
    } else {
      say(answer.error.message, "error", true);
    }
  };
  return html`<form class="rename-form" onSubmit=${submit}>
    <label for="rename">${t("Your new name")}</label>
    <input id="rename" ref=${input} maxlength=${NAME_FIELD_MAX} required value=${name} autocomplete="nickname"
      onInput=${(ev) => setName(ev.currentTarget.value)} />
    <div class="row">
      <button type="submit" class="btn btn-primary" disabled=${busy}>${t("Save name")}</button>
      <button type="button" class="btn" onClick=${() => { forgetKept("rename"); done(); }}>${t("Cancel")}</button>
    </div>
  </form>`;
}

const isFamilyRoom = (state) => Boolean(state.room.settings && state.room.settings.family);

let wasMyTurn = false;

function Room({ state }) {
  const you = state.you;
  const me = state.players.find((p) => p.id === you.player_id);
  const game = state.game;
  const screens = game ? screensFor(game.mode) : null;
  const [renaming, setRenaming] = useKept("renaming", false, "seat");
  const [hostOpen, setHostOpen] = useState(!game);
  const [playersOpen, setPlayersOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useLookBackOpen();

  // A slap race is no turn (it is seen on the table, the phone does not buzz
  // for it), and the turn it holds up is the one that would come without it.
  const turnNow = game && (game.race && game.after_race ? game.after_race.turn : game.turn);
  const myTurn = Boolean(game && !game.over && (turnNow === you.player_id
    || (turnNow === null && you.actions.some((a) => a.type !== "slap"))));
  useEffect(() => {
    if (myTurn && !wasMyTurn) buzz(120);
    wasMyTurn = myTurn;
  }, [myTurn]);
  // In the lobby the host box opens by itself (choosing a game is the next
  // step) and comes first; when a game starts it folds away, to leave the
  // screen to the game, and opens again at its end (play again?).
  const inLobby = !game && !state.room.recap;
  const picking = !game || Boolean(game.over);
  useEffect(() => { setHostOpen(picking); }, [picking]);
  // Every change of phase (a game starts, ends, back to the lobby, the end
  // of the night) shows its top: the new screen starts there.
  const phase = state.room.recap ? "recap" : game ? `${state.room.games_played}.${game.mode}.${game.over ? "over" : "on"}` : "lobby";
  const lastPhase = useRef(phase);
  useEffect(() => {
    if (lastPhase.current === phase) return;
    lastPhase.current = phase;
    window.scrollTo(0, 0);
  }, [phase]);

  const leave = async () => {
    if (!(await ask(t("Leave this room for good? Your seat and tally go."), { yes: t("Leave") }))) return;
    const answer = await ctx.call("player.leave", {});
    if (!answer.ok) say(answer.error.message);
  };
  const hostBox = you.is_host ? html`<details id="host-box" class=${cx("host-box", inLobby && "host-first")} open=${hostOpen}
      onToggle=${(ev) => setHostOpen(ev.currentTarget.open)}>
      <summary>${t("Host controls")}</summary>
      <${HostPanel} state=${state} modes=${modes} ctx=${ctx} showAway=${false} />
    </details>` : null;
  const Status = screens && screens.Status;
  const Phone = screens && screens.Phone;
  return html`<${Fragment}>
    <div id="you-line" class="you-line">
      <h1 class="you-name">${you.name}</h1>
      ${you.is_host ? html`<span class="mark host">${t("host")}</span>` : null}
      <button type="button" class="btn btn-mini btn-rename" onClick=${() => setRenaming(!renaming)}
        aria-expanded=${renaming ? "true" : "false"}>${t("Change name")}</button>
      ${game ? html`<${RulesButton} open=${rulesOpen} setOpen=${setRulesOpen} />` : null}
      ${game ? html`<${LookBackButton} open=${historyOpen} setOpen=${setHistoryOpen} />` : null}
      ${me ? html`<${Tally} state=${state} player=${me} />` : null}
    </div>
    ${renaming ? html`<${RenameForm} current=${you.name} done=${() => setRenaming(false)} />` : null}
    ${game && rulesOpen ? html`<${RulesSheet} state=${state} mode=${game.mode} close=${() => setRulesOpen(false)} />` : null}
    ${game && historyOpen ? html`<${LookBack} state=${state} ask=${(p) => ctx.call("room.history", p)} close=${() => setHistoryOpen(false)} />` : null}
    ${state.room.recap ? html`<${NightOver} state=${state} ctx=${ctx} />` : html`<${Fragment}>
    <${PaceNote} state=${state} />
    <${PlayedForYou} state=${state} />
    <${SittingOutNote} state=${state} ctx=${ctx} />
    <${NextGameNote} state=${state} />
    <${DareCard} state=${state} />
    <${PauseNotice} state=${state} resume=${you.is_host ? () => ctx.command({ command: "pause", paused: false }) : null} />
    ${inLobby && you.is_host ? null : html`<div id="status" class="status" role="status">
      ${game ? (Status ? html`<${Status} state=${state} />` : null)
        : html`<div class="status-line">${t("Waiting for the host to start a game…")}</div>`}
    </div>`}
    ${inLobby ? hostBox : null}
    ${you.is_host ? html`<${GuestPlay} state=${state} ctx=${ctx} on="phone" />` : null}
    <div id="play-area" class=${cx("play-area", isPaused(state) && "paused")} inert=${isPaused(state)}
      data-audit=${isPaused(state) ? "skip" : undefined}>
      ${game ? html`<${Phone} state=${state} send=${ctx.send} ctx=${ctx} />` : isFamilyRoom(state) ? null : html`<div class="group-box">
        <div class="action-label">${t("For the Guys / Chicks cards, you play with")}</div>
        <div class="choices">${[["guys", t("Guys")], ["chicks", t("Chicks")], ["", t("Neither")]].map(([v, label]) => {
          const on = (you.group || "") === v;
          return html`<button type="button" key=${v} class=${cx("btn btn-choice", on && "chosen")} aria-pressed=${on ? "true" : "false"}
            onClick=${() => ctx.call("player.update", { group: v || null })}>${label}</button>`;
        })}</div></div>`}
    </div>
    <${UndoButton} state=${state} ctx=${ctx} /></${Fragment}>`}
    <${MeBox} state=${state} ctx=${ctx} />
    ${you.is_host ? html`<${TableMoveAsk} state=${state} ctx=${ctx} say=${say} />` : null}
    ${you.is_host ? html`<${AwayPlayers} state=${state} ctx=${ctx} />` : null}
    ${inLobby ? null : hostBox}
    <details class="players-box" open=${playersOpen} onToggle=${(ev) => setPlayersOpen(ev.currentTarget.open)}>
      <summary>${t("Players ({count})", { count: state.players.length })}</summary>
      <ol id="players" class="players">
        ${state.players.map((p, i) => {
          const extra = screens && screens.seatInfo ? screens.seatInfo(state, p) : {};
          return html`<${Seat} key=${p.id} state=${state} player=${p} index=${i} me=${p.id === you.player_id}
            turn=${Boolean(game && !game.over && game.turn === p.id)} handSize=${extra.handSize} chips=${extra.chips}
            badges=${[...commonBadges(state, p), ...(extra.badges || [])]} />`;
        })}
      </ol>
    </details>
    <${LangSwitch} />
    <button id="btn-leave" class="btn btn-quiet" type="button" onClick=${leave}>${t("Leave this room")}</button>
  </${Fragment}>`;
}
