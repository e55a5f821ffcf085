// The host's phone: a screen asks to become the table (tablemove.js), and
// the phone asks the host in the app's own dialog, with the number that
// screen shows: Move or Not now. The question comes from the host's own
// view (`you.table_move`), so it is back after a reload and goes away by
// itself once the request lapsed, was replaced or was answered.
import { useEffect } from "./view.js";
import { t } from "./i18n.js";
import { ask, dismiss } from "./ui/ask.js";

export function TableMoveAsk({ state, ctx, say }) {
  const move = state.you && state.you.table_move;
  const pin = move ? move.pin : null;
  useEffect(() => {
    if (!pin) return undefined;
    const id = `table-move-${pin}`;
    let moot = false;
    ask(t("Move the table to the new screen? Code {pin}", { pin }), { yes: t("Move"), no: t("Not now"), danger: false, id })
      .then(async (yes) => {
        if (moot) return;
        const answer = await ctx.call("table.move", { pin, move: yes });
        if (!answer.ok && yes) say(answer.error.message);
      });
    return () => { moot = true; dismiss(id); };
  }, [pin]);
  return null;
}
