// The table's public view of a game, shared by the TV (table.js) and the
// watch page (watch.js): the game as everybody may see it, the players, a
// phone away on a turn shown big, and (on the TV) the QR code for a late
// guest. Nothing here sends anything: the game screens get the page's ctx.
import { cx, html, useNow, useState } from "./view.js";
import { listOf, t } from "./i18n.js";
import { awayWaiting } from "./host.js";
import { screensFor } from "./modes/registry.js";
import { HowToFill } from "./howto.js";
import { PlayerGrid, commonBadges } from "./ui/seat.js";

const AWAY_NOTICE_S = 4; // a phone away this long, on a turn, is shown big

// The big QR code for a late guest stays beside the players while the list
// leaves it room; a fuller table puts it under the game where there is space.
const SIDE_QR_MAX = 6;

// The start page of a join URL (http://host:port/j/CODE -> http://host:port).
export function siteOf(url) {
  try { return new URL(url).origin; } catch { return String(url).replace(/\/j\/[A-Z]+$/, ""); }
}

// A URL with places to break a line after each "/" (never inside the code).
export function breakable(url) {
  const parts = String(url).split("/");
  return parts.map((part, i) => (i < parts.length - 1 ? [part, "/", html`<wbr />`] : part));
}

function AwayNotice({ state, modes }) {
  const candidates = (state.players || []).filter((p) => p.waiting && !p.connected);
  const now = useNow(1000, candidates.length > 0);
  const waiting = awayWaiting(state, now, AWAY_NOTICE_S);
  const played = waiting.filter((p) => p.auto);
  const away = waiting.filter((p) => !p.auto);
  if (!waiting.length) return null;
  const names = (list) => listOf(list.map((p) => html`<b>${p.name}</b>`));
  // The app takes over a seat only in the games bots play (not the drinking decks).
  const takesOver = modes.some((m) => m.id === (state.game && state.game.mode) && m.bots);
  const one = { name: away.length ? html`<b>${away[0].name}</b>` : null };
  const many = { names: names(away) };
  return html`<div class=${cx("away-notice", !away.length && "played")} role="status">
    ${!away.length ? null
      : takesOver && away.length === 1 ? t("{name}'s phone is away — the app plays for them soon, or the host can skip them.", one)
      : takesOver ? t("{names}: their phones are away — the app plays for them soon, or the host can skip them.", many)
      : away.length === 1 ? t("{name}'s phone is away — the host can skip them.", one)
      : t("{names}: their phones are away — the host can skip them.", many)}
    ${played.length ? html`<span class="played-line">${played.length === 1
      ? t("{name}'s phone is away: the app plays for them until it is back.", { name: html`<b>${played[0].name}</b>` })
      : t("{names}: their phones are away: the app plays for them until they are back.", { names: names(played) })}</span>` : null}
  </div>`;
}

// Who is in the room, between games: a headline (`empty` while nobody is),
// what happens next, and every player.
export function RoomPeople({ state, empty, next }) {
  const n = state.players.length;
  return [
    html`<h1 class="lobby-title" key="h">${n === 0 ? empty : t("{count} player in the room|{count} players in the room", { count: n })}</h1>`,
    html`<p class="lobby-next" key="n">${next}</p>`,
    html`<${PlayerGrid} key="p" state=${state} drinks=${state.players.some((p) => p.drinks || p.forfeits)}
      cols=${n > 10 ? 3 : n > 4 ? 2 : 1} info=${(p) => ({ badges: commonBadges(state, p) })} />`,
  ];
}

// A game on the table: `joinSide` adds the late guest's QR code beside the
// players (the TV; never on the watch page); `top` goes above the game (a
// guest's buttons on a table handed round); `below` goes under the game
// (the TV's last entries and rules in force).
export function InGame({ state, ctx, modes, code, joinSide = false, top = null, below = null }) {
  const screens = screensFor(state.game.mode);
  const turn = state.game.over ? null : state.game.turn;
  const info = (p) => {
    const extra = screens.seatInfo ? screens.seatInfo(state, p) : {};
    return { ...extra, badges: [...commonBadges(state, p), ...(extra.badges || [])] };
  };
  const join = !joinSide || state.room.locked ? null : html`<div class="side-join">
        <img id="qr" class="qr" alt=${t("QR code to join room {code}", { code })} src=${`/qr/${code}.svg`} />
        <div class="side-join-text">${t("Late? Scan to join room {code}", { code: html`<strong>${code}</strong>` })}
          <div id="join-url" class="join-url">${breakable(state.room.join_url)}</div></div>
      </div>`;
  // a list that no form of the panel fits beside the QR code (long marks, a short screen) takes
  // its room: the code goes under the game until the table or the screen changes
  const fit = `${state.players.length}:${window.innerWidth}x${window.innerHeight}`;
  const [cramped, setCramped] = useState(null);
  const beside = state.players.length <= SIDE_QR_MAX && cramped !== fit;
  return html`<div class=${cx("game-layout", state.players.length > 8 && "crowded")}>
    <section id="game-area" class="game-area" aria-live="polite">
      <${AwayNotice} state=${state} modes=${modes} />
      ${top}
      <${screens.Table} state=${state} ctx=${ctx} />
      ${below}
      <${HowToFill} key=${state.game.mode} state=${state} join=${beside ? null : join} />
    </section>
    <aside class="side">
      <${PlayerGrid} state=${state} turn=${turn} info=${info} title=${t("Players ({count})", { count: state.players.length })}
        cramped=${beside && join ? () => setCramped(fit) : null} />
      ${beside ? join : null}
    </aside>
  </div>`;
}
