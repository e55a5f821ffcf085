// A betting game's screens, as modes/registry.js's registerMode takes them:
// its `Table`; the phone (BetPhone) made of its dealer's or banker's
// `Strip`, your `Hands` and your `Moves`; the status line (BetStatus) with
// the game's own words for what you are to do (`say(state, acts)`); the
// seat badges, the dealer or banker named `dealer` (a message id).
import { html } from "../../view.js";
import { BetPhone, BetStatus } from "./phone.js";
import { bettingSeatInfo } from "./table.js";

export function bettingScreens({ Table, Strip, Hands, Moves, say, dealer }) {
  return {
    Table,
    Phone: ({ state, send }) => html`<${BetPhone} state=${state} strip=${html`<${Strip} state=${state} />`}
      hands=${html`<${Hands} state=${state} />`} moves=${html`<${Moves} state=${state} send=${send} />`} />`,
    Status: ({ state }) => html`<${BetStatus} state=${state} say=${say} />`,
    seatInfo: (state, player) => bettingSeatInfo(state, player, dealer),
  };
}
