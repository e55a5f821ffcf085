// How a player takes part tonight (drinks, soft drinks or none): the join
// form's choice (ProfilePick) and the words of the settings box (me.js).
import { html } from "../view.js";
import { t } from "../i18n.js";

export const PROFILES = () => [
  ["drinks", t("I'm drinking")],
  ["soft", t("Soft drinks (no alcohol)")],
  ["none", t("I'm not drinking")],
];

// The join form's choice; nobody has to drink, and it can change later.
export function ProfilePick({ value, onChange, name }) {
  return html`<fieldset class="profile-pick">
    <legend>${t("Tonight")}</legend>
    ${PROFILES().map(([v, label]) => html`<label key=${v}><input type="radio" name=${name} value=${v}
      checked=${value === v} onChange=${() => onChange(v)} /> ${label}</label>`)}
    <p class="sub">${t("Nobody has to drink. Forfeits of who is not drinking are points or dares. You can change this at any time.")}</p>
  </fieldset>`;
}
