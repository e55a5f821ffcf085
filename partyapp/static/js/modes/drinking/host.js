// The host's controls of Ring of Fire and Kings (modes/drinking.js): the
// "fix a call" undo and skip, and the deck to play with its editor.
import { html, useEffect, useState } from "../../view.js";
import { N_, t } from "../../i18n.js";
import { ActionControl } from "../../ui/action.js";
import { openEditor } from "../../editor.js";
import { undoLabel, valueText } from "./words.js";
import { ask } from "../../ui/ask.js";

// The host's "fix a call": each undo says what it undoes, and so does its confirm.
export function HostActions({ state, ctx }) {
  const g = state.game;
  const opts = {
    labels: { undo: N_("Undo a wrong call"), skip: N_("Skip the card in play"), missed: N_("Who messed up?") },
    valueText: valueText(state),
  };
  const run = async (action) => {
    if (action.type === "undo" && !(await ask(t("{what}\nThis forfeit is taken back.", { what: undoLabel(state, action.entry) }), { yes: t("Undo") }))) {
      return null;
    }
    if (action.type === "skip" && !(await ask(t("Skip the card in play for everybody?"), { yes: t("Skip") }))) return null;
    return ctx.command({ command: "game", action });
  };
  return html`<div class="host-actions">
    <div class="panel-title">${t("Fix a call")}</div>
    ${g.host_actions.map((spec) => html`<${ActionControl} key=${spec.type} state=${state} spec=${spec} send=${run} opts=${opts} keep="host" />`)}
  </div>`;
}

// The deck to play (standard or a house variant) and the editor.
export function LobbyOptions({ mode, value, onChange, ctx }) {
  const [variants, setVariants] = useState([]);
  const load = () => ctx.call("variant.list", {}).then((answer) => {
    const mine = answer && answer.ok ? (answer.variants || []).filter((v) => v.mode === mode) : [];
    setVariants(mine);
    if (value.variant && !mine.some((v) => v.name === value.variant)) onChange({});
  });
  useEffect(() => { load(); }, [mode]);
  const edit = () => openEditor(ctx, {
    mode, variant: value.variant || "",
    onSaved: (variant) => { if (variant.mode === mode) { onChange({ variant: variant.name }); load(); } },
  });
  return html`<div class="variant-pick">
    ${variants.length ? html`<label class="field"><span class="field-label">${t("Deck")}</span>
      <select class="variant-select" value=${value.variant || ""} onChange=${(ev) => onChange(ev.currentTarget.value ? { variant: ev.currentTarget.value } : {})}>
        <option value="">${t("Standard deck")}</option>
        ${variants.map((v) => html`<option key=${v.name} value=${v.name}>${v.name}</option>`)}
      </select></label>` : null}
    <button type="button" class="btn btn-edit-rules" onClick=${edit}>${t("Edit house rules")}</button>
  </div>`;
}
