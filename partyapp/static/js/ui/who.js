// A player's name in bold, as every screen shows a player in its words
// (a player who left keeps their name: common.nameOf).
import { html } from "../view.js";
import { nameOf } from "../common.js";

export const Who = ({ state, pid }) => html`<b class="who">${nameOf(state, pid)}</b>`;
