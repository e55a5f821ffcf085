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
export function PlayerGrid({ state, players, turn, info, title, drinks = true, me = null, cols }) {
  const list = players || state.players || [];
  const items = list.map((p, i) => {
    const extra = info ? info(p) : {};
    return html`<${Seat} key=${p.id} state=${state} player=${p} index=${i} turn=${turn === p.id} me=${me === p.id}
      handSize=${extra.handSize} chips=${extra.chips} badges=${extra.badges || []} drinks=${drinks} />`;
  });
  cols = cols || (list.length > 8 ? 2 : 1);
  return html`<${FitGrid} title=${title} items=${items} cols=${cols} empty=${t("Nobody yet.")} />`;
}

// The forms the player panel takes until every seat fits: a little smaller
// type, then one more column, then smaller type still (never below 85%, the
// TV's smallest readable size). Nobody is ever left out for a "+1 more
// player".
// [columns more, name size, dense seats]; more columns only where each is
// wide enough for a long name (a TV's side panel is not).
const FORMS = [[0, 1, false], [0, 0.92, false], [0, 0.92, true], [1, 1, false], [1, 0.92, true], [0, 0.85, true],
  [1, 0.85, true]];
const COLUMN_EM = 15;

function FitGrid({ title, items, cols, empty }) {
  const [boxRef, size] = useSize();
  const [form, setForm] = useState([cols, 1, false]);
  const moreRef = useRef(null);
  const [hidden, setHidden] = useState(0);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = box && box.querySelector("ol");
    if (!list) return;
    const em = parseFloat(getComputedStyle(list).fontSize) || 16;
    const forms = FORMS.map(([more, scale, dense]) => [Math.min(3, cols + more), scale, dense])
      .filter(([c]) => c === cols || box.clientWidth / c >= COLUMN_EM * em);
    const lay = ([c, scale, dense]) => {
      for (const el of [box, list]) {
        for (const n of [1, 2, 3]) el.classList.toggle(`cols-${n}`, n === c);
      }
      list.classList.toggle("dense", dense);
      list.style.setProperty("--seat-fit", String(scale));
      // it fits: no seat below the panel's end, none wider than its column
      return box.scrollHeight <= box.clientHeight + 1
        && [...list.children].every((seat) => seat.scrollWidth <= seat.clientWidth + 1);
    };
    const found = forms.find(lay) || forms[forms.length - 1];
    lay(found);
    if (found.some((v, i) => v !== form[i])) setForm(found);
    // A panel too short for every seat even so (a 720 p screen beside the
    // late guests' QR code): the last seats give way to a line saying how
    // many, rather than one cut off half-shown.
    const line = moreRef.current;
    if (!line) return;
    const { fits, most } = leaveOutLast(box, [...list.children], line);
    let n = 0;
    while (n < most && !fits(n)) n += 1;
    if (n !== hidden) setHidden(n);
  });
  const [c, scale, dense] = form;
  return html`<section class=${cx("panel more-box players-panel", `cols-${c}`)} ref=${boxRef} data-w=${Math.round(size.width)}>
    ${title ? html`<h3 class="panel-title">${title}</h3>` : null}
    ${items.length ? html`<ol class=${cx("players player-grid", `cols-${c}`, dense && "dense")} id="players" style=${`--seat-fit: ${scale}`}>${items}</ol>`
      : html`<p class="empty">${empty}</p>`}
    <p class="more-line" ref=${moreRef} hidden>${hidden ? t("+{count} more player|+{count} more players", { count: hidden }) : ""}</p>
  </section>`;
}

// Badges every seat can show: host, not in this game (a bot sitting out a
// game bots do not play says so).
export function commonBadges(state, player) {
  const out = [];
  if (player.id === state.room.host_player) out.push({ text: t("host"), kind: "host" });
  if (player.sitting_out) out.push({ text: t("sitting out"), kind: "waiting sitting-out" });
  else if (player.sits_out) out.push({ text: t("sits this out"), kind: "waiting" });
  else if (state.game && !player.in_game) out.push({ text: t("next game"), kind: "waiting" });
  return out;
}
