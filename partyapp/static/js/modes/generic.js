// Plays any mode from `you.actions` (ui/action.js), so that a game without
// screens of its own still plays and reads well: the generic screens, which
// every mode's registered screens fall back on (modes/registry.js).
import { html } from "../view.js";
import { t } from "../i18n.js";
import { humanize, nameOf, playerOf } from "../common.js";
import { Piles } from "../ui/pile.js";
import { LogList } from "../ui/ticker.js";
import { Result } from "../ui/result.js";
import { OptionsForm } from "../ui/options.js";
import { ActionPanel } from "../ui/action.js";
import { Who } from "../ui/who.js";

function GenericTable({ state }) {
  const g = state.game;
  const turn = g.turn ? playerOf(state, g.turn) : null;
  return html`<div class="generic-table">
    <h2 class="gt-title">${g.title ? t(g.title) : t(humanize(g.mode))}</h2>
    ${g.over ? null : html`<p class="big-line turn-line">${turn || g.turn
      ? t("{name} to play", { name: html`<${Who} state=${state} pid=${g.turn} />` })
      : t("Everybody may play")}</p>`}
    <${Piles} piles=${g.piles} />
    ${g.over ? html`<${Result} state=${state} />` : null}
    <${LogList} state=${state} />
  </div>`;
}

function GenericPhone({ state, send }) {
  return html`<div class="generic-phone">
    <${ActionPanel} state=${state} send=${send} />
    ${state.game.over ? html`<${Result} state=${state} />` : null}
  </div>`;
}

function GenericStatus({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if (g.turn === me || (g.turn === null && state.you.actions.length)) {
    return html`<div class="status-line mine">${t("Your turn")}</div>`;
  }
  if (g.turn) return html`<div class="status-line">${t("{name} to play", { name: html`<b>${nameOf(state, g.turn)}</b>` })}</div>`;
  return html`<div class="status-line">${t("Waiting…")}</div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  if (!g) return {};
  return {
    handSize: g.hand_sizes && typeof g.hand_sizes[player.id] === "number" ? g.hand_sizes[player.id] : undefined,
    chips: g.chips && typeof g.chips[player.id] === "number" ? g.chips[player.id] : undefined,
    badges: [],
  };
}

export const generic = { Table: GenericTable, Phone: GenericPhone, Status: GenericStatus, seatInfo, LobbyOptions: OptionsForm };
