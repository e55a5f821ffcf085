// "Undo" on a phone: a player takes back their own last move (game.undo),
// shown only while the server says it may still be taken back
// (you.can_undo: the game allows it for that move, and nobody has moved since),
// under the game, brought into sight when it comes (the least scroll that shows it).
import { html, useEffect, useRef, useState } from "./view.js";
import { t } from "./i18n.js";

export function UndoButton({ state, ctx, as = null }) {
  const you = state.you;
  if (!you || !you.can_undo || !state.game || state.game.over) return null;
  return html`<${Undo} ctx=${ctx} as=${as} />`;
}

function Undo({ ctx, as }) {
  const [busy, setBusy] = useState(false);
  const line = useRef(null);
  useEffect(() => { if (line.current && line.current.scrollIntoView) line.current.scrollIntoView({ block: "nearest" }); }, []);
  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await ctx.call("game.undo", as ? { as } : {});
      if (!answer.ok) ctx.say(answer.error.message);
    } finally { setBusy(false); }
  };
  return html`<div class="undo-line" ref=${line}><button type="button" id="btn-undo" class="btn btn-undo" disabled=${busy} onClick=${undo}>
    ${t("Undo my move")}</button><span class="sub">${t("Until the next move is made")}</span></div>`;
}
