// "F*** off!" is an answer to a question: the phone first asks whether the
// question card's holder did ask this player a question, then gives a
// moment to take the call back before it goes to the table (the holder
// necks once it has).
import { html, useEffect, useNow, useRef, useState } from "../../view.js";
import { t } from "../../i18n.js";
import { nameOf } from "../../common.js";
import { ask } from "../../ui/ask.js";
import { holdersOf } from "./words.js";

// The moment to take "f*** off" back, in seconds.
export const TAKE_BACK_S = 4;

// [start(action), pending, cancel]: start asks, then sends after the moment
// unless cancel() came first.
export function useDeflect(state, send) {
  const [pending, setPending] = useState(null);
  const timer = useRef(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = async (action) => {
    const holder = action.player || holdersOf(state.game, "question_card").find((p) => p !== state.you.player_id);
    const name = nameOf(state, holder);
    const yes = await ask(t("Did {name} just ask you a question, touching the question card? Answer “f*** off” and {name} necks.", { name }),
      { yes: t("“F*** off!”"), no: t("No question") });
    if (!yes) return null;
    clearTimeout(timer.current);
    setPending({ name, until: Date.now() + TAKE_BACK_S * 1000 });
    timer.current = setTimeout(() => { setPending(null); send(action); }, TAKE_BACK_S * 1000);
    return null;
  };
  const cancel = () => { clearTimeout(timer.current); setPending(null); };
  return [start, pending, cancel];
}

// The moment, with its seconds and the button that takes the call back.
export function DeflectMoment({ pending, cancel }) {
  const now = useNow(250, Boolean(pending));
  if (!pending) return null;
  const left = Math.min(TAKE_BACK_S, Math.max(0, Math.ceil((pending.until - now) / 1000)));
  return html`<div class="deflect-moment" role="status">
    <span class="deflect-words">${t("“F*** off” to {name} in {count} s…", { name: pending.name, count: String(left) })}</span>
    <button type="button" class="btn btn-big" id="take-back-deflect" onClick=${cancel}>${t("Take it back")}</button>
  </div>`;
}
