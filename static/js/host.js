// The player list and the host controls, shared by the table screen and the
// host player's phone (both may kick, move seats, name a host, start and end).
import { el, replace } from "./common.js";

// opts: { host: bool, me: pid|null, command(cmd) -> Promise<answer> }
export function renderPlayers(list, state, opts) {
  const players = state.players || [];
  const roles = (state.game && state.game.roles) || {};
  const roleNames = {};
  for (const [role, pid] of Object.entries(roles)) {
    if (pid) (roleNames[pid] = roleNames[pid] || []).push(role.replace(/_/g, " "));
  }
  const turn = state.game && !state.game.over ? state.game.turn : null;
  replace(
    list,
    players.map((p, i) => {
      const marks = [];
      if (p.id === state.room.host_player) marks.push(el("span", { class: "mark host", title: "Host" }, "host"));
      if (!p.connected) marks.push(el("span", { class: "mark offline", title: "Phone disconnected" }, "offline"));
      if (state.game && !p.in_game) marks.push(el("span", { class: "mark waiting" }, "next game"));
      for (const r of roleNames[p.id] || []) marks.push(el("span", { class: "mark role" }, r));
      const necks = state.game && state.game.necks ? state.game.necks[p.id] || 0 : 0;
      if (necks) marks.push(el("span", { class: "mark neck", title: "Drinks necked in this game" }, `necked ${necks}×`));
      const controls = [];
      if (opts.host) {
        controls.push(
          el("button", { class: "btn btn-mini", type: "button", title: `Move ${p.name} up`, "aria-label": `Move ${p.name} up`,
            disabled: i === 0, onclick: () => move(i, -1) }, "▲"),
          el("button", { class: "btn btn-mini", type: "button", title: `Move ${p.name} down`, "aria-label": `Move ${p.name} down`,
            disabled: i === players.length - 1, onclick: () => move(i, 1) }, "▼"),
        );
        if (p.id !== state.room.host_player) {
          controls.push(el("button", { class: "btn btn-mini", type: "button", title: `Make ${p.name} the host`,
            onclick: () => opts.command({ command: "set_host", player_id: p.id }) }, "Make host"));
        }
        controls.push(el("button", { class: "btn btn-mini btn-danger", type: "button", title: `Remove ${p.name}`,
          onclick: () => { if (window.confirm(`Remove ${p.name} from the room?`)) opts.command({ command: "kick", player_id: p.id, rev: state.rev }); } }, "Remove"));
      }
      return el(
        "li",
        { class: `player${p.connected ? "" : " is-offline"}${p.id === turn ? " is-turn" : ""}${p.id === opts.me ? " is-me" : ""}`, dataset: { pid: p.id } },
        el("span", { class: "seat-no" }, String(i + 1)),
        el("span", { class: "pname" }, p.name),
        el("span", { class: "drinks", title: "Drinks" }, `🍺 ${p.drinks}`),
        el("span", { class: "marks" }, marks),
        controls.length ? el("span", { class: "pcontrols" }, controls) : null,
      );
    }),
  );

  function move(index, delta) {
    const ids = players.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved);
    opts.command({ command: "seat_order", player_ids: ids, rev: state.rev });
  }
}

// opts: { modes: [{id,title,min,max}], command, start(mode, options), onError }
export function renderHostPanel(node, state, opts) {
  const game = state.game;
  const n = (state.players || []).length;
  const parts = [];
  if (!game || game.over) {
    const chosen = node.dataset.mode || (game && game.mode) || (opts.modes[0] && opts.modes[0].id);
    parts.push(el("div", { class: "panel-title" }, game && game.over ? "Play again?" : "Choose a game"));
    parts.push(
      el("div", { class: "mode-list", role: "radiogroup", "aria-label": "Game" },
        opts.modes.map((m) =>
          el("button", {
            class: `btn mode${m.id === chosen ? " chosen" : ""}`, type: "button", role: "radio",
            "aria-checked": m.id === chosen ? "true" : "false", dataset: { mode: m.id },
            onclick: () => { node.dataset.mode = m.id; renderHostPanel(node, state, opts); },
          }, m.title, el("small", {}, ` ${m.min}–${m.max} players`)),
        )),
    );
    const mode = opts.modes.find((m) => m.id === chosen);
    const extra = opts.extraOptions ? opts.extraOptions(chosen, node) : null;
    if (extra) parts.push(extra);
    const short = mode && n < mode.min;
    parts.push(
      el("button", {
        class: "btn btn-big btn-primary", id: "btn-start", type: "button", disabled: !mode || short,
        onclick: () => opts.start(chosen, opts.collectOptions ? opts.collectOptions(chosen, node) : {}),
      }, short ? `Waiting for ${mode.min - n} more player${mode.min - n === 1 ? "" : "s"}` : `Start ${mode ? mode.title : ""}`),
    );
    if (game) {
      parts.push(el("button", { class: "btn", type: "button", onclick: () => opts.command({ command: "end_game" }) }, "Back to the lobby"));
    }
  } else {
    parts.push(el("button", {
      class: "btn btn-danger", id: "btn-end", type: "button",
      onclick: () => { if (window.confirm("End this game for everybody?")) opts.command({ command: "end_game" }); },
    }, "End the game"));
  }
  if (game && Array.isArray(game.host_actions) && game.host_actions.length && opts.renderHostActions) {
    parts.push(opts.renderHostActions(state));
  }
  replace(node, parts);
}
