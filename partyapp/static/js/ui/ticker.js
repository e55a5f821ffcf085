// What happened, in words: the TV's ticker (newest first, one line) and a
// log list for panels.
import { cx, html } from "../view.js";
import { t } from "../i18n.js";
import { word } from "../words.js";
import { MoreList } from "./more.js";

export function Ticker({ state, count = 8 }) {
  const log = ((state.game && state.game.log) || []).slice(-count).reverse();
  return log.map((e) => html`<span key=${e.id} class=${cx("tick", e.undone && "undone")}>${word(e, state)}</span>`);
}

export function LogList({ state, title }) {
  const log = ((state.game && state.game.log) || []).slice().reverse();
  const items = log.map((e) => html`<li key=${e.id} class=${cx(e.undone && "undone")}>${word(e, state)}</li>`);
  return html`<${MoreList} title=${title || t("What happened")} items=${items} className="log-panel" listClass="log-list"
    empty=${t("Nothing yet.")} more=${(n) => t("+{count} earlier|+{count} earlier", { count: n })} />`;
}
