// Players as the table shows them: a seat (name, phone connected or away,
// whose turn, hand size as backs beside their number (nothing with no cards
// left: the game's badge says why, "safe", "out"), chips, their tally of
// forfeits in the form they chose, badges) and the grid of every seat for
// the TV, which fits up to 16 long names.
import { cx, html, leaveOutLast, useLayoutEffect, useRef, useSize, useState } from "../view.js";
import { t } from "../i18n.js";
import { Chips } from "./chips.js";
import { Tally } from "../forfeits.js";

// A bot's face and a name, or a person's name.
export function PlayerName({ player }) {
  return player.bot
    ? html`<span class="pname is-bot"><span class="look" aria-hidden="true">${player.look || "🤖"}</span>${player.name}</span>`
    : html`<span class="pname">${player.name}</span>`;
}

// The marks of a seat the server plays (a bot, or a person played for while
// their phone is away) and of a guest without a phone.
export function BotMarks({ player }) {
  return [
    player.bot ? html`<span key="bot" class="mark bot" title=${t("A bot: the app plays this seat. Bots never drink.")}>${t("bot")}</span>` : null,
    player.guest ? html`<span key="guest" class="mark guest" title=${t("No phone: plays from the table device or the host's phone.")}>${t("no phone")}</span>` : null,
    player.auto ? html`<span key="auto" class="mark auto" title=${t("The app plays for them until their phone is back.")}>${t("app plays")}</span>` : null,
  ];
}

// badges: [{text, kind}] (kind: "host", "role", "neck", "waiting", ...)
export function Seat({ state, player, index, turn = false, me = false, handSize, chips, drinks = true, badges = [] }) {
  const away = !player.connected;
  const backs = typeof handSize === "number" ? Math.min(handSize, 6) : 0;
  const inHand = handSize > 0 ? t("{count} card in hand|{count} cards in hand", { count: handSize }) : "";
  return html`<li class=${cx("player seat", turn && "is-turn", away && "is-offline", me && "is-me", player.bot && "is-bot")} data-pid=${player.id}>
    <span class="seat-no" aria-hidden="true">${String(index + 1)}</span>
    <${PlayerName} player=${player} />
    <span class="marks">
      ${turn ? html`<span class="mark turn">${t("turn")}</span>` : null}
      <${BotMarks} player=${player} />
      ${away ? html`<span class="mark offline" title=${t("Phone away")}>${t("away")}</span>` : null}
      ${badges.map((b, i) => html`<span key=${i} class=${cx("mark", b.kind)}>${b.text}</span>`)}
      ${handSize > 0 ? html`<span class="hand-size" role="img" aria-label=${inHand} title=${inHand}>
        <span class="backs" aria-hidden="true">${Array.from({ length: backs }, (_, i) => html`<span key=${i} class="mini-back"></span>`)}</span>
        ${String(handSize)}</span>` : null}
      ${typeof chips === "number" ? html`<${Chips} amount=${chips} />` : null}
    </span>
    ${drinks && !player.bot ? html`<${Tally} state=${state} player=${player} />` : null}
  </li>`;
}

// The TV's player panel. info(player) -> {badges, handSize, chips}.
export function PlayerGrid({ state, players, turn, info, title, drinks = true, me = null, cols, cramped = null }) {
  const list = players || state.players || [];
  const items = list.map((p, i) => {
    const extra = info ? info(p) : {};
    return html`<${Seat} key=${p.id} state=${state} player=${p} index=${i} turn=${turn === p.id} me=${me === p.id}
      handSize=${extra.handSize} chips=${extra.chips} badges=${extra.badges || []} drinks=${drinks} />`;
  });
  cols = cols || (list.length > 8 ? 2 : 1);
  return html`<${FitGrid} title=${title} items=${items} cols=${cols} empty=${t("Nobody yet.")} cramped=${cramped} />`;
}

// The forms the player panel takes until every seat fits: a little smaller
// type, tighter seats, the marks beside the name, one more column, then the
// names at the TV's smallest readable size (1.8% of the screen's height, as
// the rest of the TV's small type) in two or three columns. Nobody is ever
// left out for a "+1 more player" while any form fits; a name breaks only
// between its words.
// [columns more, name size ("min": the smallest readable), dense seats,
// marks beside the name]; more columns only where each is wide enough for a
// long name (a TV's narrow side panel is not).
const FORMS = [[0, 1, false, false], [0, 0.92, false, false], [0, 0.92, true, false], [0, 0.92, true, true],
  [1, 1, false, false], [1, 0.92, true, false], [0, "min", true, false], [0, "min", true, true], [1, "min", true, false],
  [1, "min", true, true], [2, "min", true, false], [2, "min", true, true]];
const COLUMN_EM = 12;
const READABLE_VH = 1.8;
const MIN_FIT = 0.75;
const SMALL_FIT = 0.85;
const TV_SCREEN = "(min-width: 1025px) and (min-height: 601px)";

// cramped(): called when no form fits every seat (the page may give the panel more room)
function FitGrid({ title, items, cols, empty, cramped = null }) {
  const [boxRef, size] = useSize();
  const [form, setForm] = useState([cols, 1, false, false]);
  const moreRef = useRef(null);
  const [hidden, setHidden] = useState(0);
  // the seats' own size changed without a new render (a name's font come in,
  // a seat's part redrawn alone): fit them again, in the next frame
  const [, setGrown] = useState(0);
  useLayoutEffect(() => {
    const list = boxRef.current && boxRef.current.querySelector("ol");
    if (!list || !window.ResizeObserver) return undefined;
    let frame = 0;
    const seen = new ResizeObserver(() => {
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; setGrown((n) => n + 1); });
    });
    seen.observe(list);
    return () => {
      seen.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items.length > 0]);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = box && box.querySelector("ol");
    const line = moreRef.current;
    if (!list) return;
    // every seat shown while the forms are tried (a seat left out before would make any form fit)
    for (const seat of list.children) seat.hidden = false;
    if (line) line.hidden = true;
    const em = parseFloat(getComputedStyle(list).fontSize) || 16;
    // the smallest name size still readable from the sofa (a TV-sized screen; elsewhere 85%)
    list.style.setProperty("--seat-fit", "1");
    const first = list.querySelector(".pname");
    const full = first ? parseFloat(getComputedStyle(first).fontSize) : em;
    const least = !window.matchMedia(TV_SCREEN).matches ? SMALL_FIT
      : Math.min(1, Math.max(MIN_FIT, Math.ceil((READABLE_VH * window.innerHeight / 100 / full) * 100) / 100));
    // the forms from `base` columns (more only where each is wide enough for a long name)
    const formsFrom = (base) => FORMS.map(([more, scale, dense, inline]) => [Math.min(3, base + more), scale === "min" ? least : scale, dense, inline])
      .filter(([c, scale]) => scale >= least && (c === base || box.clientWidth / c >= COLUMN_EM * em));
    const forms = formsFrom(cols);
    const lay = ([c, scale, dense, inline], whole = true) => {
      for (const el of [box, list]) {
        for (const n of [1, 2, 3]) el.classList.toggle(`cols-${n}`, n === c);
      }
      list.classList.toggle("dense", dense);
      list.classList.toggle("inline", inline);
      list.classList.toggle("whole-words", whole);
      list.style.setProperty("--seat-fit", String(scale));
      // it fits: no seat below the panel's end, none wider than its column
      // (nor a word of a name wider than it: names break only between words)
      return box.scrollHeight <= box.clientHeight + 1
        && [...list.children].every((seat) => seat.scrollWidth <= seat.clientWidth + 1)
        && [...list.querySelectorAll(".pname")].every((name) => name.scrollWidth <= name.clientWidth + 1);
    };
    let found = forms.find((f) => lay(f));
    // a panel too narrow for its columns (a tablet standing up, a phone as
    // the table): fewer, each wide enough for a long name, before any name
    // would break inside a word
    const fewer = Math.max(1, Math.floor(box.clientWidth / (COLUMN_EM * em)));
    if (!found && fewer < cols) found = formsFrom(fewer).find((f) => f[0] < cols && lay(f));
    if (!found) {
      // the densest form with the marks under the name (beside it, a long name would break inside its words)
      found = forms.filter((f) => !f[3]).pop() || [cols, 1, false, false];
      lay(found, false);
      if (cramped) cramped();
    }
    if (found.some((v, i) => v !== form[i])) setForm(found);
    // A panel too short for every seat even in its densest form: the last
    // seats give way to a line saying how many, rather than one cut off
    // half-shown (a last resort: the TV's forms leave nobody out).
    if (!line) return;
    const { fits, most } = leaveOutLast(box, [...list.children], line);
    let n = 0;
    while (n < most && !fits(n)) n += 1;
    if (n !== hidden) setHidden(n);
  });
  const [c, scale, dense, inline] = form;
  return html`<section class=${cx("panel more-box players-panel", `cols-${c}`)} ref=${boxRef} data-w=${Math.round(size.width)}>
    ${title ? html`<h3 class="panel-title">${title}</h3>` : null}
    ${items.length ? html`<ol class=${cx("players player-grid", `cols-${c}`, dense && "dense", inline && "inline", "whole-words")} id="players"
      style=${`--seat-fit: ${scale}`}>${items}</ol>`
      : html`<p class="empty">${empty}</p>`}
    <p class="more-line" ref=${moreRef} hidden>${hidden ? t("+{count} more player|+{count} more players", { count: hidden }) : ""}</p>
  </section>`;
}

// The dealer of a room's first game drawn by lot, while they deal and the
// lot (game.dealer_lot) is among the game's latest entries: their seat says
// "deals by lot" instead of the game's own dealer badge.
export function dealtByLot(state, player) {
  const g = state.game;
  return Boolean(g && !g.over && g.dealer === player.id
    && (g.log || []).some((e) => e.msg === "game.dealer_lot" && e.player === player.id));
}

// Badges every seat can show: host, the dealer drawn by lot, not in this
// game (a bot sitting out a game bots do not play says so).
export function commonBadges(state, player) {
  const out = [];
  if (player.id === state.room.host_player) out.push({ text: t("host"), kind: "host" });
  if (dealtByLot(state, player)) out.push({ text: t("deals by lot"), kind: "role" });
  if (player.sitting_out) out.push({ text: t("sitting out"), kind: "waiting sitting-out" });
  else if (player.sits_out) out.push({ text: t("sits this out"), kind: "waiting" });
  else if (state.game && !player.in_game) out.push({ text: t("next game"), kind: "waiting" });
  return out;
}
