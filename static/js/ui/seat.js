// Players as the table shows them: a seat (name, phone connected or away,
// whose turn, hand size as backs, chips, their tally of forfeits in the
// form they chose, badges) and the grid of every seat for the TV, which
// fits up to 16 long names.
import { cx, html } from "../view.js";
import { t } from "../i18n.js";
import { Chips } from "./chips.js";
import { MoreList } from "./more.js";
import { Tally } from "../forfeits.js";

// badges: [{text, kind}] (kind: "host", "role", "neck", "waiting", ...)
export function Seat({ state, player, index, turn = false, me = false, handSize, chips, drinks = true, badges = [] }) {
  const away = !player.connected;
  const backs = typeof handSize === "number" ? Math.min(handSize, 6) : 0;
  return html`<li class=${cx("player seat", turn && "is-turn", away && "is-offline", me && "is-me")} data-pid=${player.id}>
    <span class="seat-no" aria-hidden="true">${String(index + 1)}</span>
    <span class="pname">${player.name}</span>
    <span class="marks">
      ${turn ? html`<span class="mark turn">${t("turn")}</span>` : null}
      ${away ? html`<span class="mark offline" title=${t("Phone away")}>${t("away")}</span>` : null}
      ${badges.map((b, i) => html`<span key=${i} class=${cx("mark", b.kind)}>${b.text}</span>`)}
      ${typeof handSize === "number" ? html`<span class="hand-size" title=${t("{count} card in hand|{count} cards in hand", { count: handSize })}>
        <span class="backs" aria-hidden="true">${Array.from({ length: backs }, (_, i) => html`<span key=${i} class="mini-back"></span>`)}</span>
        ${String(handSize)}</span>` : null}
      ${typeof chips === "number" ? html`<${Chips} amount=${chips} />` : null}
    </span>
    ${drinks ? html`<${Tally} state=${state} player=${player} />` : null}
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
  return html`<${MoreList} title=${title} items=${items} tag="ol" id="players"
    className=${cx("players-panel", `cols-${cols}`)} listClass=${cx("players player-grid", `cols-${cols}`)}
    empty=${t("Nobody yet.")}
    more=${(n) => t("+{count} more player|+{count} more players", { count: n })} />`;
}

// Badges every seat can show: host, not in this game.
export function commonBadges(state, player) {
  const out = [];
  if (player.id === state.room.host_player) out.push({ text: t("host"), kind: "host" });
  if (state.game && !player.in_game) out.push({ text: t("next game"), kind: "waiting" });
  return out;
}
