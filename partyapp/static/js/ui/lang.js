// The language switch: each language named in itself; the choice is
// remembered on this device and the page loads again in it.
import { html } from "../view.js";
import { LANGUAGES, lang, setLanguage, t } from "../i18n.js";

export function LangSwitch({ className = "" }) {
  return html`<div class=${`lang-switch ${className}`} role="group" aria-label=${t("Language")}>
    ${LANGUAGES.map(([code, name]) => html`<button type="button" key=${code} lang=${code} data-lang=${code}
      class="btn btn-lang" aria-pressed=${code === lang ? "true" : "false"}
      onClick=${() => { if (code !== lang) setLanguage(code); }}>${name}</button>`)}
  </div>`;
}
