// "Undo" on a phone: a player takes back their own last move (game.undo),
// shown only while the server says it may still be taken back
// (you.can_undo: the game allows it for that move, and nobody has moved since).
import { html, useState } from "./view.js";
import { t } from "./i18n.js";

export function UndoButton({ state, ctx, as = null }) {
  const [busy, setBusy] = useState(false);
  const you = state.you;
  if (!you || !you.can_undo || !state.game || state.game.over) return null;
  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await ctx.call("game.undo", as ? { as } : {});
      if (!answer.ok) ctx.say(answer.error.message);
    } finally { setBusy(false); }
  };
  return html`<div class="undo-line"><button type="button" id="btn-undo" class="btn btn-undo" disabled=${busy} onClick=${undo}>
    ${t("Undo my move")}</button><span class="sub">${t("Until the next move is made")}</span></div>`;
}
