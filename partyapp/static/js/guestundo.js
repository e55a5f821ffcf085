// "Undo Dan's move" on a table device: a guest without a phone takes back
// the move they just made there (game.undo with `as`), as a phone's "Undo my
// move" does (undo.js). The table learns that the move may be taken back
// from the guest's view that answers it (game.act with `view`: you.can_undo,
// with the revision it belongs to); the button stays while the game has not
// moved since that revision (anybody's move, its clock, a pause change what
// the table sees), even once the guest's hand is closed, and the server
// still refuses a take-back that came too late, in words.
import { html, shared, useState } from "./view.js";
import { t } from "./i18n.js";

const last = shared(null); // { pid, rev, mark }: the guest's move that may be taken back, and the game as it was just after it

const markOf = (state) => JSON.stringify([state.game, state.room && state.room.paused || null,
  (state.players || []).filter((p) => p.waiting).map((p) => p.id)]);

// The answer to a guest's move (game.act with `view`): remember or forget
// the move they may take back.
export function noteGuestMove(pid, answer) {
  const you = answer && answer.you;
  if (!you) return;
  if (you.can_undo) last.set({ pid, rev: answer.rev, mark: null });
  else if (last.get() && last.get().pid === pid) last.set(null);
}

// The button for the guest whose move may be taken back (only `pid` when
// given); `panel`: in a guest-play panel of its own (nothing else to show).
export function GuestUndo({ state, ctx, pid = null, panel = false }) {
  const noted = last.use();
  const [busy, setBusy] = useState(false);
  const game = state.game;
  if (!noted || !game || game.over || (pid && noted.pid !== pid)) return null;
  if (noted.mark === null) { // the game as it was at the answer's revision
    if (!(state.rev >= noted.rev)) return null;
    noted.mark = markOf(state);
  }
  const mark = markOf(state);
  const player = (state.players || []).find((p) => p.id === noted.pid);
  if (noted.mark !== mark || !player) return null;
  const undo = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await ctx.call("game.undo", { as: noted.pid });
      if (!answer.ok && ctx.say) ctx.say(answer.error.message);
      if (last.get() === noted) last.set(null);
    } finally { setBusy(false); }
  };
  const line = html`<div class="undo-line guest-undo" data-guest=${noted.pid}><button type="button" id="btn-guest-undo"
    class="btn btn-undo" disabled=${busy} onClick=${undo}>${t("Undo {name}'s move", { name: player.name })}</button>
    <span class="sub">${t("Until the next move is made")}</span></div>`;
  return panel ? html`<section class="guest-play guest-undo-panel" id="guest-undo" aria-live="polite">${line}</section>` : line;
}
